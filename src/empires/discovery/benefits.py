"""Phase 4: Capital Building Benefits, in Player Order, each player's buildings in purchase order
(the rulebook: "when an issue of timing is called into question, resolve in player order").
A building bought this turn produces this turn (ruling 3)."""

from __future__ import annotations

from empires.discovery.buildings import BENEFIT
from empires.discovery.data import BUILDINGS
from empires.discovery.narration import emit_gains, holdings
from empires.discovery.state import State


def benefit_queue(s: State) -> list[tuple[int, int]]:
    return [(p, b) for p in s.order for b in s.owned[p] if BUILDINGS[b].id in BENEFIT]


def step_benefits(s: State) -> None:
    queue = benefit_queue(s)
    while s.cursor < len(queue):
        p, b = queue[s.cursor]
        s.cursor += 1
        if s.narrate:
            before = holdings(s, p)
            BENEFIT[BUILDINGS[b].id](s, p)
            emit_gains(s, p, b, before, "benefit")
        else:
            BENEFIT[BUILDINGS[b].id](s, p)
        if s.pending:
            return
    s.cursor = 0
    s.step = "scoring"
