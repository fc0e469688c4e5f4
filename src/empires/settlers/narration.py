"""The Imperial Settlers event log: :func:`emit` for the rules modules (the sentence for each kind of
event is in :mod:`empires.settlers.event_texts`). See :mod:`empires.core.events` for the
contract: events are plain data written as the rules resolve; their text is written from what the
viewer may read, so an event with a secret part never names the secret to anybody else."""

from __future__ import annotations

from empires.core import events as core_events
from empires.core.events import seat_name

PHASES = {
    "lookout": "Lookout", "draft": "Lookout", "production": "Production", "action": "Action",
    "cleanup": "Cleanup", "attack": "Virtual player attack", "next_round": "Cleanup",
    "end": "Game end", "over": "Game over",
}


def emit(s, kind: str, secret: dict | None = None, **fields) -> None:
    """Record one event on state ``s`` (nothing when its narration is off)."""
    if s.narrate:
        core_events.emit(s.events, kind, s.round, PHASES.get(s.step, s.step), secret, **fields)


def who(e: dict) -> str:
    return seat_name(e["player"])
