"""Every decision kind of Empires: Age of Discovery, gathered from the rules modules that declare
them: an explicit list, so no kind depends on which module happened to be imported first."""

from __future__ import annotations

from empires.core.decisions import DecisionTable
from empires.discovery import (
    auction,
    builder_buildings,
    buildings,
    buy_vp,
    capital_buildings,
    colonies,
    colonist_dock,
    discovery_box,
    nation_setup,
    nations,
    placement,
    scouting,
    specialists,
    stables,
    trade_goods,
    university,
    warfare,
)

RULES_MODULES = (
    placement,
    colonist_dock,
    colonies,
    trade_goods,
    capital_buildings,
    buildings,
    builder_buildings,
    stables,
    discovery_box,
    scouting,
    specialists,
    warfare,
    university,
    nations,
    nation_setup,
    auction,
    buy_vp,
)
TABLE = DecisionTable.gather(RULES_MODULES)
HANDLERS = TABLE.handlers
PROMPTS = TABLE.prompts
