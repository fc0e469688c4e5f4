"""The Discovery event log: :func:`emit` for the rules modules (the sentence for each kind of
event is in :mod:`empires.discovery.event_texts`). See :mod:`empires.core.events` for the contract:
events are plain data written as the rules resolve; their text is written from what the viewer may
read, so an event with a secret part never names the secret to anybody else."""

from __future__ import annotations

from typing import Any

from empires.core import events as core_events
from empires.core.events import seat_name
from empires.discovery.data import (
    BOX_NAMES,
    BUILDINGS,
    CARDS,
    COUNTERS,
    GOOD_IDS,
    NATION_IDS,
    NATION_NAMES,
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
    """Record one event on state ``s`` (nothing when its narration is off): the event
    :func:`empires.core.events.emit` writes (the same keys, in the same order), built here in one
    step, as every decision writes one (its "action" event) and most of them nothing else."""
    if s.narrate:
        event = {"kind": kind, "turn": s.turn, "phase": PHASES.get(s.step, BOX_PHASE), **fields}
        if secret is not None:
            to = secret.get("to")
            if type(to) is not list or len(to) != 1 or type(to[0]) is not int:
                # anything but the usual one seat: checked (and refused) as the core checks it
                core_events.emit(s.events, kind, s.turn, event["phase"], secret, **fields)
                return
            event["secret"] = secret
        s.events.append(event)


def who(e: dict) -> str:
    return seat_name(e["player"])


# ---- fields naming things by id (small dicts of str / int; their printed names are the
# messages' business: component_name) ----------------------------------------------------------
def region_of(r: int, key: str = "region") -> dict:
    return {key: REGION_IDS[r]}


def building_of(b: int) -> dict:
    return {"building": BUILDINGS[b].id}


def good_of(g: int) -> dict:
    return {"good": GOOD_IDS[g]}


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


def _more(now: list, was: list) -> dict[str, int]:
    """Workers by type of which ``now`` has more than ``was``."""
    return {WORKERS[w]: n - m for w, (n, m) in enumerate(zip(now, was, strict=True)) if n > m}


def emit_gains(s, p: int, b: int, before: tuple, when: str) -> None:
    """A ``building_effect`` event for what building ``b`` just gave ``p`` (compared with
    ``before`` = :func:`holdings`), if it gave anything. (Lists are compared whole first: most
    of them did not change.)"""
    money, avail, box, x, y, goods, ships = before
    workers: dict[str, int] = {}
    to = None
    if s.avail[p] != avail:
        workers = _more(s.avail[p], avail)
        to = "available" if workers else None
    if not workers and s.discovery_box[p] != box:
        workers = _more(s.discovery_box[p], box)
        to = "discovery" if workers else None
    if not workers and (s.dock_x != x or s.dock_y != y):
        workers, to = {"colonist": 1}, "x" if s.dock_x != x else "y"
    now = s.goods[p]
    gained = (
        [GOOD_IDS[g] for g, (n, m) in enumerate(zip(now, goods, strict=True)) for _ in range(n - m)]
        if now != goods
        else []
    )
    others = (
        [
            {"player": q, "money": s.money[q] - money[q]}
            for q in range(s.num_players)
            if q != p and s.money[q] != money[q]
        ]
        if s.money != money
        else []
    )
    gain, ship_gain = s.money[p] - money[p], s.ships[p] - ships
    if gain or workers or gained or ship_gain or others:
        emit(
            s,
            "building_effect",
            player=p,
            when=when,
            building=BUILDINGS[b].id,
            money=gain,
            workers=workers,
            to=to,
            goods=gained,
            ships=ship_gain,
            others=others,
        )


def _counter_name(c) -> dict:
    return {
        "msg": "Resistance {resistance}; ${plunder} + ${per_soldier} per Soldier, {vp} VP",
        "args": {
            "resistance": c.resistance,
            "plunder": c.plunder,
            "per_soldier": c.per_soldier,
            "vp": c.vp,
        },
    }


# Printed names (English, each a catalogue entry) by kind of component and id; a Discovery
# counter has none printed: its numbers are its name.
_NAMES: dict[str, dict[str, Any]] = {
    "building": {b.id: b.name for b in BUILDINGS},
    "region": dict(zip(REGION_IDS, REGION_NAMES, strict=True)),
    "good": dict(zip(GOOD_IDS, GOOD_NAMES, strict=True)),
    "worker": {**{w: w.capitalize() for w in WORKERS}, "militia": "temporary Militia Soldier"},
    "nation": dict(zip(NATION_IDS, NATION_NAMES, strict=True)),
    "card": {c.id: c.name for c in CARDS},
    "counter": {c.id: _counter_name(c) for c in COUNTERS},
    "box": dict(BOX_NAMES),
}


def component_name(s: Any, kind: str, ident: Any) -> Any:
    """The printed name (English, a catalogue entry; a message for a Discovery counter) of a
    component a message names by id (``kind`` as in empires.core.messages.COMPONENTS: building,
    region, good, worker ("militia": the temporary Militia Soldier), nation, card, counter,
    box); None when unknown."""
    table = _NAMES.get(kind)
    return None if table is None else table.get(ident)
