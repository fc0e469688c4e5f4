"""The order of a turn: Phase 1, the eight event boxes top to bottom (Stables just before
Discovery; 2007: in Phase 4), Income, Capital Building Benefits, Refresh. Each step runs until it
needs a decision (pushed on ``state.pending``) or hands over to the next step. The 2007 edition
with its order-auction variant opens with the starting-order auction (step ``auction``) before
Phase 1 of turn 1; with the National Advantages the boards are dealt or auctioned, and Spain may
use its power, in step ``nations`` before Phase 1 of turn 1."""

from __future__ import annotations

from collections.abc import Callable

from empires.discovery.auction import step_auction
from empires.discovery.benefits import step_benefits
from empires.discovery.buy_vp import step_buy_vp
from empires.discovery.capital_buildings import step_buildings
from empires.discovery.colonist_dock import step_dock
from empires.discovery.discovery_box import step_discovery
from empires.discovery.income import step_income
from empires.discovery.initiative import step_initiative
from empires.discovery.merchant_shipping import step_shipping
from empires.discovery.narration import PHASES, phase_name  # noqa: F401  (re-exported)
from empires.discovery.nation_setup import step_nations
from empires.discovery.placement import step_place
from empires.discovery.refresh import step_refresh, step_scoring
from empires.discovery.specialists import step_specialists
from empires.discovery.stables import step_stables
from empires.discovery.state import State
from empires.discovery.trade_goods import step_trade_goods
from empires.discovery.warfare import step_warfare

STEPS: dict[str, Callable[[State], None]] = {
    "auction": step_auction,
    "nations": step_nations,
    "place": step_place,
    "initiative": step_initiative,
    "dock": step_dock,
    "trade_goods": step_trade_goods,
    "shipping": step_shipping,
    "buildings": step_buildings,
    "stables": step_stables,
    "discovery": step_discovery,
    "specialists": step_specialists,
    "warfare": step_warfare,
    "income": step_income,
    "benefits": step_benefits,
    "scoring": step_scoring,
    "buy_vp": step_buy_vp,
    "refresh": step_refresh,
}


def run(s: State) -> None:
    """Advance through automatic steps until a decision is pending or the game is over."""
    steps = STEPS
    while not s.pending and s.step != "over":
        steps[s.step](s)
