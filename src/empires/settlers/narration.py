"""The Imperial Settlers event log: :func:`emit` for the rules modules (the sentence for each kind of
event is in :mod:`empires.settlers.event_texts`), and small helpers that measure what a player
gained or spent (:func:`snap` before, :func:`delta` after). See :mod:`empires.core.events` for
the contract: events are plain data written as the rules resolve; their text is written from what
the viewer may read, so an event with a secret part never names the secret to anybody else.

Every caller guards the work of building an event's fields with ``if s.narrate:`` so that bot
search and batch runs (narration off) pay nothing for it.
"""

from __future__ import annotations

from typing import Any

from empires.core import events as core_events
from empires.core.events import seat_name
from empires.settlers.cards import GOODS

PHASES = {
    "lookout": "Lookout",
    "draft": "Lookout",
    "production": "Production",
    "action": "Action",
    "cleanup": "Cleanup",
    "attack": "Virtual player attack",
    "next_round": "Cleanup",
    "end": "Game end",
    "over": "Game over",
}
# What :func:`delta` counts: the supply, then Victory Points, then cards in hand.
COUNTED = (*GOODS, "vp", "card")
VIRTUAL = -1


def emit(s, kind: str, secret: dict | None = None, **fields) -> None:
    """Record one event on state ``s`` (nothing when its narration is off)."""
    if s.narrate:
        core_events.emit(s.events, kind, s.round, PHASES.get(s.step, s.step), secret, **fields)


def who(e: dict) -> str:
    """The seat of an event (``player``) as texts name it: "Player 2", or the virtual player."""
    return name_of_seat(e["player"])


def name_of_seat(p: int) -> str:
    return "the virtual player" if p == VIRTUAL else seat_name(p)


def snap(s, p: int) -> tuple[int, ...]:
    """What :func:`delta` compares: ``p``'s supply, VP and hand size at this moment."""
    return (*s.supply[p], s.vp[p], len(s.hand[p]))


def delta(s, p: int, before: tuple[int, ...]) -> dict[str, int]:
    """What changed for ``p`` since ``before`` (:func:`snap`): good -> count (negative: lost),
    in :data:`COUNTED` order, only the goods that changed."""
    now = (*s.supply[p], s.vp[p], len(s.hand[p]))
    if now == before:
        return {}
    return {g: b - a for g, a, b in zip(COUNTED, before, now, strict=True) if a != b}


def gains(changes: dict[str, int]) -> dict[str, int]:
    return {g: n for g, n in changes.items() if n > 0}


def losses(changes: dict[str, int]) -> dict[str, int]:
    return {g: -n for g, n in changes.items() if n < 0}


def card_ref(s, c: int) -> dict:
    """A card as events name it: its id and printed name."""
    card = s.db[c]
    return {"id": card.id, "name": card.name}


def component_name(s: Any, kind: str, ident: Any) -> Any:
    """The printed name (English) of a component an event or action message names by id
    (``kind`` as in empires.core.messages.COMPONENTS); None when unknown. (Transitional.)"""
    return None
