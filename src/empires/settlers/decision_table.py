"""Every decision kind of Imperial Settlers, gathered from the rules modules that declare them:
an explicit list, so no kind depends on which module happened to be imported first."""

from __future__ import annotations

from empires.core.decisions import DecisionTable
from empires.settlers import abilities, card_effects, choices, lookout, solo, turn

RULES_MODULES = (lookout, turn, choices, abilities, card_effects, solo)
TABLE = DecisionTable.gather(RULES_MODULES)
HANDLERS = TABLE.handlers
PROMPTS = TABLE.prompts
