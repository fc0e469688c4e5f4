"""The Discovery event log: :func:`emit` for the rules modules (the sentence for each kind of
event is in :mod:`empires.discovery.event_texts`). See :mod:`empires.core.events` for the contract:
events are plain data written as the rules resolve; their text is written from what the viewer may
read, so an event with a secret part never names the secret to anybody else."""

from __future__ import annotations

from empires.core import events as core_events
from empires.core.events import seat_name

PHASES = {
    "auction": "Setup: starting-order auction",
    "nations": "Setup: National Advantages",
    "place": "Phase 1: Place Workers",
    "income": "Phase 3: Income",
    "benefits": "Phase 4: Capital Building Benefits",
    "scoring": "Phase 5: Refresh Board",
    "buy_vp": "Phase 5: Refresh Board",
    "refresh": "Phase 5: Refresh Board",
    "over": "Game over",
}


def phase_name(step: str) -> str:
    return PHASES.get(step, "Phase 2: Event Box Resolution")


def emit(s, kind: str, secret: dict | None = None, **fields) -> None:
    """Record one event on state ``s`` (nothing when its narration is off)."""
    if s.narrate:
        core_events.emit(s.events, kind, s.turn, phase_name(s.step), secret, **fields)


def who(e: dict) -> str:
    return seat_name(e["player"])
