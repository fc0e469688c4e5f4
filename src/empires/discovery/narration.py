"""The Discovery event log: :func:`emit` for the rules modules (the sentence for each kind of
event is in :mod:`empires.discovery.event_texts`). See :mod:`empires.core.events` for the contract:
events are plain data written as the rules resolve; their text is written from what the viewer may
read, so an event with a secret part never names the secret to anybody else."""

from __future__ import annotations

from typing import Any

from empires.core import events as core_events
from empires.core.events import seat_name
from empires.discovery.data import (
    BUILDINGS,
    CARDS,
    COUNTERS,
    GOOD_IDS,
    REGION_IDS,
    REGION_NAMES,
    WORKERS,
)

GOOD_NAMES: tuple[str, ...] = tuple(g.capitalize() for g in GOOD_IDS)

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


BOX_PHASE = "Phase 2: Event Box Resolution"


def phase_name(step: str) -> str:
    return PHASES.get(step, BOX_PHASE)


def emit(s, kind: str, secret: dict | None = None, **fields) -> None:
    """Record one event on state ``s`` (nothing when its narration is off)."""
    if s.narrate:
        core_events.emit(s.events, kind, s.turn, phase_name(s.step), secret, **fields)


def who(e: dict) -> str:
    return seat_name(e["player"])


# ---- fields naming things both by id and by printed name (small dicts of str / int) ---------
def region_of(r: int, key: str = "region") -> dict:
    return {key: REGION_IDS[r], key + "_name": REGION_NAMES[r]}


def building_of(b: int) -> dict:
    return {"building": BUILDINGS[b].id, "building_name": BUILDINGS[b].name}


def good_of(g: int) -> dict:
    return {"good": GOOD_IDS[g], "good_name": GOOD_NAMES[g]}


def counter_of(c: int) -> dict:
    """A Discovery counter: its id and printed numbers (counters have no printed name)."""
    info = COUNTERS[c]
    return {
        "counter": info.id,
        "resistance": info.resistance,
        "plunder": info.plunder,
        "per_soldier": info.per_soldier,
        "vp": info.vp,
    }


def card_of(c: int) -> dict:
    info = CARDS[c]
    return {
        "card": info.id,
        "card_name": info.name,
        "resistance": info.resistance,
        "plunder": info.plunder,
        "per_soldier": info.per_soldier,
        "vp": info.vp,
    }


def counts(row) -> dict[str, int]:
    """Workers by type: ``{"captain": 2, "soldier": 1}`` (zeros left out)."""
    return {WORKERS[w]: n for w, n in enumerate(row) if n}


def holdings(s, p: int) -> tuple:
    """What a building's effect may change for ``p`` (see :func:`emit_gains`)."""
    return (
        s.money[:],
        s.avail[p][:],
        s.discovery_box[p][:],
        s.dock_x,
        s.dock_y,
        s.goods[p][:],
        s.ships[p],
    )


def emit_gains(s, p: int, b: int, before: tuple, when: str) -> None:
    """A ``building_effect`` event for what building ``b`` just gave ``p`` (compared with
    ``before`` = :func:`holdings`), if it gave anything."""
    money, avail, box, x, y, goods, ships = before
    workers = {
        WORKERS[w]: s.avail[p][w] - avail[w] for w in range(len(avail)) if s.avail[p][w] > avail[w]
    }
    to = "available" if workers else None
    if not workers:
        workers = {
            WORKERS[w]: s.discovery_box[p][w] - box[w]
            for w in range(len(box))
            if s.discovery_box[p][w] > box[w]
        }
        to = "discovery" if workers else None
    if not workers and (s.dock_x, s.dock_y) != (x, y):
        workers, to = {"colonist": 1}, "x" if s.dock_x != x else "y"
    gained = [GOOD_IDS[g] for g in range(len(goods)) for _ in range(s.goods[p][g] - goods[g])]
    others = [
        {"player": q, "money": s.money[q] - money[q]}
        for q in range(s.num_players)
        if q != p and s.money[q] != money[q]
    ]
    fields = {
        "money": s.money[p] - money[p],
        "workers": workers,
        "to": to,
        "goods": gained,
        "ships": s.ships[p] - ships,
        "others": others,
    }
    if fields["money"] or workers or gained or fields["ships"] or others:
        emit(s, "building_effect", player=p, when=when, **building_of(b), **fields)


def component_name(s: Any, kind: str, ident: Any) -> Any:
    """The printed name (English) of a component an event or action message names by id
    (``kind`` as in empires.core.messages.COMPONENTS); None when unknown. (Transitional.)"""
    return None
