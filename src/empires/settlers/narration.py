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
VIRTUAL = -1  # the solo game's virtual player's seat


def emit(s, kind: str, secret: dict | None = None, **fields) -> None:
    """Record one event on state ``s`` (nothing when its narration is off): the shape of
    :func:`empires.core.events.emit`, built here in one step (every event of a narrated game
    passes through it: the rules' own and each "action" event)."""
    if s.narrate:
        event = {"kind": kind, "turn": s.round, "phase": PHASES.get(s.step, s.step), **fields}
        if secret is not None:
            if type(secret.get("to")) is not list:
                raise ValueError(f"an event's secret part needs 'to': a list of seats ({kind})")
            event["secret"] = secret
        s.events.append(event)


def snap(s, p: int) -> tuple[int, ...]:
    """What :func:`delta` compares: ``p``'s supply, VP and hand size at this moment."""
    return (*s.supply[p], s.vp[p], len(s.hand[p]))


def delta(s, p: int, before: tuple[int, ...]) -> dict[str, int]:
    """What changed for ``p`` since ``before`` (:func:`snap`): good -> count (negative: lost),
    in :data:`COUNTED` order, only the goods that changed."""
    out: dict[str, int] = {}
    i = 0
    for n in s.supply[p]:  # (a plain loop: the quickest way over seven counts)
        if n != before[i]:
            out[GOODS[i]] = n - before[i]
        i += 1
    n = s.vp[p] - before[7]
    if n:
        out["vp"] = n
    n = len(s.hand[p]) - before[8]
    if n:
        out["card"] = n
    return out


def gains(changes: dict[str, int]) -> dict[str, int]:
    return {g: n for g, n in changes.items() if n > 0}


def losses(changes: dict[str, int]) -> dict[str, int]:
    return {g: -n for g, n in changes.items() if n < 0}


def card_ref(s, c: int) -> dict:
    """A card as events name it: its id and printed name."""
    card = s.db.cards[c]
    return {"id": card.id, "name": card.name}


# Each good as printed (events, actions and the terminal screen name goods by these).
GOOD_NAMES = {
    "wood": "Wood",
    "stone": "Stone",
    "food": "Food",
    "gold": "Gold",
    "worker": "Worker",
    "raze": "Raze token",
    "defense": "Defense token",
    "vp": "VP",
    "card": "card",
    "common_card": "Common card",
    "faction_card": "Faction card",
    "samurai": "Samurai",
}
DECKS = {"common": "Common", "faction": "Faction"}


def component_name(s: Any, kind: str, ident: Any) -> Any:
    """The printed name (English) of a component a message names by id (``kind`` as in
    :data:`empires.core.messages.COMPONENTS`): a card by its id ("com007") or index, a good
    ("wood": "Wood"), a deck ("common": "Common"); a term is its own word. None when unknown."""
    if kind == "card":
        db = s.db
        idx = db.by_id.get(ident) if isinstance(ident, str) else ident
        if isinstance(idx, int) and 0 <= idx < len(db.cards):
            return db.cards[idx].name
        return None
    if kind == "good":
        return GOOD_NAMES.get(ident)
    if kind == "deck":
        return DECKS.get(ident)
    if kind == "term":
        return ident if isinstance(ident, str) else None
    return None
