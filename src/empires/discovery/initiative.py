"""Event box: Initiative. Each worker earns the number of its space in $; the order of the box
becomes the next turn's Player Order (applied in Phase 5)."""

from __future__ import annotations

from empires.discovery.data import WORKERS
from empires.discovery.narration import emit
from empires.discovery.state import State
from empires.discovery.university import offer_before


def step_initiative(s: State) -> None:
    if s.uni_offered != "initiative":
        s.uni_offered = "initiative"
        if offer_before(s, "initiative"):
            return
    s.initiative_result = []
    for space, (p, w) in enumerate(s.initiative, start=1):
        s.money[p] += space
        s.supply[p][w] += 1
        s.initiative_result.append(p)
    if s.narrate and s.initiative:
        emit(
            s,
            "initiative",
            order=s.initiative_result[:],
            payouts=[
                {"player": p, "worker": WORKERS[w], "space": i, "money": i}
                for i, (p, w) in enumerate(s.initiative, start=1)
            ],
        )
    s.initiative = []
    s.step = "dock"
