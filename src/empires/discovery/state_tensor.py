"""The observation tensor of a seat straight from the game state: the same numbers as
``tensor.encode(game.observation(player))`` (a property test holds them equal over random
games), without building the JSON observation first, which costs more than the encoding.

It reads only what the seat may know, by the observation's own rules: the public fields of the
state, a Discovery counter through :func:`observation.visible_counter` (face-down unless revealed
or scouted by this seat) and the top / bottom of the deck through the seat's own Scouting. The
decision and the rules blocks are encoded from the observation's small pieces by the encoders of
:mod:`empires.discovery.tensor`; the layout (:func:`tensor.tensor_layout`) is that module's.

The blocks are written in groups (:func:`groups`), each from the state's values its ``key``
names, so that :func:`tensor_cache` can keep a seat's tensor from one step to the next and
rewrite only the groups whose values changed (a property test holds it equal to the tensor
built from scratch after random sequences of states).
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from empires.core.layout import (
    EVERY_CALL,
    Group,
    SeatTensors,
    TensorCache,
    check_seat,
    seat_rotations,
)
from empires.discovery import observation, scoring
from empires.discovery.data import BOXES, COUNTERS, SPECIALIST_SPACES, TURNS, age_of_turn
from empires.discovery.mechanics import price, set_income
from empires.discovery.tensor import (
    _KIND,
    _R,
    _STEP,
    _TARGET,
    COUNTER_KEYS,
    COUNTER_SCALE,
    DECISION_KINDS,
    DECISION_REGION_KEYS,
    GOODS_SCALE,
    MONEY_SCALE,
    NUM_BUILDINGS,
    PRICE_SCALE,
    QUEUE_BOXES,
    REGIONS,
    SCORE_KEYS,
    SHIPS_SCALE,
    STACK_SCALE,
    STEPS,
    VP_SCALE,
    WORKER_SCALE,
    WORKERS,
    _encode_rules,
    _Writer,
    queue_capacity,
    tensor_layout,
    tensor_size,
)

_W = len(WORKERS)
_W_INDEX = {w: i for i, w in enumerate(WORKERS)}
_COUNTER_VALUES = tuple(tuple(getattr(c, key) for key in COUNTER_KEYS) for c in COUNTERS)
_CARD_VP = scoring._CARD_VP
_COUNTER_VP = scoring._COUNTER_VP
# The state's field of each queued box, in tensor order.
_QUEUE_FIELDS = {
    "initiative": "initiative",
    "dock": "dock",
    "trade_goods": "tg_box",
    "shipping": "shipping",
    "buildings": "cb_box",
    "warfare": "warfare",
}
assert tuple(_QUEUE_FIELDS) == QUEUE_BOXES
assert tuple(_QUEUE_FIELDS.values()) == (
    "initiative",
    "dock",
    "tg_box",
    "shipping",
    "cb_box",
    "warfare",
)
assert all(BOXES[i] for i in SPECIALIST_SPACES)


def _counts(buf, start: int, row) -> None:
    """Worker counts of one row (each index written once: set, not added)."""
    for w, c in enumerate(row):
        if c:
            buf[start + w] = c / WORKER_SCALE


def _rules(game, player: int, e: _Writer) -> None:
    _encode_rules({"player": player, "options": observation._options(game.s.options)}, e)


@cache
def _turn_offsets(n: int) -> tuple[int, ...]:
    """The offsets :func:`_head`, :func:`_now` and :func:`_decision` write at, for ``n``
    players."""
    off = tensor_layout(n)
    return tuple(
        off[name][0]
        for name in (
            "turn",
            "age",
            "step",
            "terminal",
            "current_player",
            "decision_kind",
            "decision_region",
            "decision_target",
            "decision_worker",
            "decision_members",
            "decision_victim",
        )
    )


_AGE_OF_TURN = tuple(age_of_turn(t) if t else 0 for t in range(TURNS + 1))
_NO_STEP = len(STEPS)
_NO_KIND = len(DECISION_KINDS)
_NR = len(REGIONS)
_WORKER_INDEX = tuple(_W_INDEX[w] for w in WORKERS)


def _head(game, player: int, e: _Writer) -> None:
    """turn, age, step and terminal (as :func:`tensor._encode_turn` writes them)."""
    s, buf = game.s, e.buf
    turn_at, age_at, step_at, over_at = _turn_offsets(e.n)[:4]
    turn = s.turn
    if 1 <= turn <= TURNS:
        buf[turn_at + turn - 1] = 1.0
        buf[age_at + _AGE_OF_TURN[turn] - 1] = 1.0
    step = s.step
    buf[step_at + _STEP.get(step, _NO_STEP)] = 1.0
    if step == "over":
        buf[over_at] = 1.0


def _now(game, player: int, e: _Writer) -> None:
    """current_player and the decision (by :func:`tensor._encode_decision`, on the
    observation's view of it): current_player .. decision_victim."""
    pending = game.s.pending
    if pending:
        d = pending[-1]
        at = _turn_offsets(e.n)
        q = e.rel_map.get(d["player"])
        if q is not None:
            e.buf[at[4] + q] = 1.0
        if len(d) <= 2:  # most decisions: a kind and a player
            e.buf[at[5] + _KIND.get(d["kind"], _NO_KIND)] = 1.0
        else:
            _decision(d, e, at)


def _order(game, player: int, e: _Writer) -> None:
    """order (as :func:`tensor._encode_turn` writes it)."""
    buf, rel, n = e.buf, e.rel_map, e.n
    at = e.off("order")
    for pos, p in enumerate(game.s.order[:n]):
        buf[at + rel[p] * n + pos] = 1.0


def _decision(d: dict, e: _Writer, at: tuple[int, ...] | None = None) -> None:
    """The decision_* blocks of a pending decision, as
    ``tensor._encode_decision`` writes them from ``observation._decision(d)`` (indices where
    the observation has names). ``at``: :func:`_turn_offsets`."""
    buf = e.buf
    if at is None:
        at = _turn_offsets(e.n)
    buf[at[5] + _KIND.get(d["kind"], _NO_KIND)] = 1.0
    if len(d) <= 2:  # most decisions: a kind and a player
        return
    region_at, target_at, worker_at, members_at, victim_at = at[6:]
    for k, key in enumerate(DECISION_REGION_KEYS):
        v = d.get(key)
        if v is None:
            continue
        if type(v) is int and v >= 0:
            buf[region_at + k * _NR + v] = 1.0
        elif isinstance(v, str) and v in _R:
            buf[region_at + k * _NR + _R[v]] = 1.0
    target = d.get("target")
    if target is not None:
        if isinstance(target, int) and not isinstance(target, bool):
            target = "deck" if target < 0 else REGIONS[target]
        if isinstance(target, str) and target in _TARGET:
            buf[target_at + _TARGET[target]] = 1.0
    worker = d.get("worker")
    if worker is not None:
        buf[worker_at + _WORKER_INDEX[worker]] = 1.0
    members = d.get("members")
    if members:
        for w, c in enumerate(members):
            if c:
                buf[members_at + w] = c / WORKER_SCALE
    victim = d.get("victim")
    if victim is not None:
        q = e.rel(victim)
        if q >= 0:
            buf[victim_at + q] = 1.0


def _scalar_row(at: int, field: str, scale: float, q: int):
    """A writer of row ``q`` (a relative seat, at offset ``at``) of a per-player block of one
    number per seat: ``field[p] / scale`` of the seat ``p`` that row shows."""

    def write(game, player: int, e: _Writer) -> None:
        v = getattr(game.s, field)[e.seats[q]]
        if v:
            e.buf[at] = v / scale

    return write


def _count_row(at: int, field: str, scale: float, q: int):
    """A writer of row ``q`` (a relative seat, at offset ``at``) of a per-player block of
    counts: ``field[p] / scale`` of the seat ``p`` that row shows."""

    def write(game, player: int, e: _Writer) -> None:
        row = getattr(game.s, field)[e.seats[q]]
        if any(row):
            buf = e.buf
            for w, c in enumerate(row):
                if c:
                    buf[at + w] = c / scale

    return write


def _buildings(game, player: int, e: _Writer) -> None:
    """buildings and buildings_used."""
    s, buf, rel, B = game.s, e.buf, e.rel_map, NUM_BUILDINGS
    owned_at, used_at = e.off("buildings"), e.off("buildings_used")
    for p, owned in enumerate(s.owned):
        for b in owned:
            buf[owned_at + rel[p] * B + b] = 1.0
        for b in s.used:
            if b in owned:
                buf[used_at + rel[p] * B + b] = 1.0


def _discoveries(game, player: int, e: _Writer) -> None:
    """discoveries and discoveries_vp."""
    s, buf, rel = game.s, e.buf, e.rel_map
    found_at, vp_at = e.off("discoveries"), e.off("discoveries_vp")
    for p, found in enumerate(s.found):
        won = s.cards_won[p]
        buf[found_at + rel[p]] = (len(found) + len(won)) / 10.0
        vp = sum([_COUNTER_VP[c] for c in found]) + sum([_CARD_VP[c] for c in won])
        buf[vp_at + rel[p]] = vp / VP_SCALE


def _colony_row(at: int, field: str, scale: float, q: int):
    """A writer of row ``q`` (at offset ``at``) of colony_vp: the seat's colony VP of each Age
    / VP_SCALE."""

    def write(game, player: int, e: _Writer) -> None:
        row = game.s.colony_vp[e.seats[q]]
        buf = e.buf
        for a, v in enumerate(row[:3]):
            buf[at + a] = v / VP_SCALE

    return write


# The rows of scoring.scores, in SCORE_KEYS order, as _score_row works them out.
assert SCORE_KEYS == (*scoring.CATEGORIES, "total") and scoring.CATEGORIES == (
    "colonies_age1",
    "colonies_age2",
    "colonies_age3",
    "discoveries",
    "buildings",
    "economy",
    "bought_vp",
)


_INCOMES: dict[tuple[int, ...], int] = {}  # (*goods, ships) -> set_income(goods, ships)


def _income(goods: list[int], ships: int) -> int:
    """:func:`set_income`, remembered by its arguments' values."""
    key = (*goods, ships)
    income = _INCOMES.get(key)
    if income is None:
        if len(_INCOMES) >= 1 << 14:
            _INCOMES.clear()
        income = _INCOMES[key] = set_income(goods, ships)
    return income


def _building_vp(s, p: int) -> int:
    """:func:`scoring.building_vp` (each owned building's printed VP plus its end VP)."""
    buildings = s.options.rules.buildings
    vp = 0
    for b in s.owned[p]:
        info = buildings[b]
        vp += info.vp
        if info.end_vp is not None:
            vp += scoring.end_vp(s, p, info)
    return vp


def _score_row(at: int, field: str, scale: float, q: int):
    """A writer of row ``q`` (at offset ``at``) of the scores block: the row of
    :func:`scoring.scores` of the seat that row shows, worked out the same way without building
    its dict."""
    nk = len(SCORE_KEYS)

    def write(game, player: int, e: _Writer) -> None:
        s = game.s
        p = e.seats[q]
        colony_vp = s.colony_vp[p]
        row = (
            colony_vp[0],
            colony_vp[1],
            colony_vp[2],
            sum(map(_COUNTER_VP.__getitem__, s.found[p]))
            + sum(map(_CARD_VP.__getitem__, s.cards_won[p])),
            _building_vp(s, p) if s.owned[p] else 0,
            s.economy[p] if s.step == "over" else _income(s.goods[p], s.ships[p]),
            s.vp_bought[p],
        )
        total = sum(row)
        if total:
            buf = e.buf
            for k, v in enumerate(row):
                if v:
                    buf[at + k] = v / VP_SCALE
            buf[at + nk - 1] = total / VP_SCALE

    return write


def _discovered(game, player: int, e: _Writer) -> None:
    start = e.off("region_discovered")
    for r, v in enumerate(game.s.discovered):
        if v:
            e.buf[start + r] = 1.0


def _region_good(game, player: int, e: _Writer) -> None:
    start = e.off("region_good")
    for r, g in enumerate(game.s.region_good):
        if g >= 0:
            e.buf[start + r] = 1.0


def _region_counters(game, player: int, e: _Writer) -> None:
    """region_counter and region_counter_values: a counter only as the seat sees it (as
    :func:`observation.visible_counter` says: revealed, or scouted by this seat)."""
    s, buf = game.s, e.buf
    counter_at, values_at = e.off("region_counter"), e.off("region_counter_values")
    revealed, peeks = s.revealed, s.peeks[player]
    for r, c in enumerate(s.counter):
        if c < 0:
            continue
        buf[counter_at + 3 * r] = 1.0
        shown = revealed[r]
        if shown or peeks[r] == c:
            buf[counter_at + 3 * r + 1] = 1.0
            if not shown:
                buf[counter_at + 3 * r + 2] = 1.0
            for k, v in enumerate(_COUNTER_VALUES[c]):
                buf[values_at + 4 * r + k] = v / COUNTER_SCALE


def _region_workers(at: int, field: str, scale: float, r: int):
    """A writer of region ``r``'s rows (at offset ``at``) of region_workers."""

    def write(game, player: int, e: _Writer) -> None:
        buf, rel = e.buf, e.rel_map
        for p, row in enumerate(game.s.region_workers[r]):
            if any(row):
                _counts(buf, at + rel[p] * _W, row)

    return write


@cache
def _queue_at(box: str, n: int) -> tuple[int, int, int]:
    """A queued box's capacity in the tensor and the offsets of its two blocks."""
    off = tensor_layout(n)
    return queue_capacity(box, n), off[f"box_{box}_slots"][0], off[f"box_{box}_counts"][0]


def _queue(box: str):
    """A writer of one queued box's blocks (box_<box>_slots and box_<box>_counts)."""
    field = _QUEUE_FIELDS[box]

    def write(game, player: int, e: _Writer) -> None:
        queued = getattr(game.s, field)
        if not queued:
            return
        buf, rel, n = e.buf, e.rel_map, e.n
        cap, slots, counts = _queue_at(box, n)
        tally: dict[int, int] = {}
        for i, (p, w) in enumerate(queued):
            q = rel[p]
            if i < cap:
                at = slots + i * (n + _W)
                buf[at + q] = 1.0
                buf[at + n + w] = 1.0
            at = counts + q * _W + w
            tally[at] = tally.get(at, 0) + 1
        for at, c in tally.items():
            buf[at] = c / WORKER_SCALE

    return write


def _specialists(game, player: int, e: _Writer) -> None:
    buf, rel, n, start = e.buf, e.rel_map, e.n, e.off("specialists")
    for k, space in enumerate(SPECIALIST_SPACES):
        item = game.s.specialists.get(space)
        if item is not None:
            buf[start + k * (n + _W) + rel[item[0]]] = 1.0
            buf[start + k * (n + _W) + n + item[1]] = 1.0


def _docks(game, player: int, e: _Writer) -> None:
    """dock_x, dock_y, merchant_ship_waiting and merchant_ships_in_supply."""
    s, buf, rel = game.s, e.buf, e.rel_map
    if s.dock_x >= 0:
        buf[e.off("dock_x") + rel[s.dock_x]] = 1.0
    if s.dock_y >= 0:
        buf[e.off("dock_y") + rel[s.dock_y]] = 1.0
    if s.ship_in_box:
        buf[e.off("merchant_ship_waiting")] = 1.0
    buf[e.off("merchant_ships_in_supply")] = s.ship_supply / 10.0


def _trade_goods_offer(game, player: int, e: _Writer) -> None:
    tally: dict[int, int] = {}
    for g in game.s.tg_offer:
        tally[g] = tally.get(g, 0) + 1
    start = e.off("trade_goods_offer")
    for g, c in tally.items():
        e.buf[start + g] = float(c)


def _buildings_offer(game, player: int, e: _Writer) -> None:
    """buildings_offer and buildings_offer_price."""
    s = game.s
    offer, prices = e.off("buildings_offer"), e.off("buildings_offer_price")
    for b in s.cb_offer:
        e.buf[offer + b] = 1.0
        e.buf[prices + b] = price(s, b) / PRICE_SCALE


def _hidden_sizes(game, player: int, e: _Writer) -> None:
    s, buf = game.s, e.buf
    start = e.off("hidden_sizes")
    buf[start] = len(s.pool) / 40.0
    buf[start + 1] = len(s.deck) / 16.0
    buf[start + 2] = len(s.unused_counters) / 16.0
    for a in (1, 2, 3):
        buf[start + 2 + a] = len(s.stacks[a]) / STACK_SCALE


def _scouted_deck(game, player: int, e: _Writer) -> None:
    """The Discovery cards this seat scouted and knows to be on top / at the bottom."""
    scouted = observation._deck_knowledge(game.s, player) or {}
    start = e.off("scouted_deck")
    for k, where in enumerate(("top", "bottom")):
        card = scouted.get(where)
        if card is not None:
            e.buf[start + 5 * k] = 1.0
            for j, key in enumerate(COUNTER_KEYS):
                e.buf[start + 5 * k + 1 + j] = card[key] / COUNTER_SCALE


def _optional(game, player: int, e: _Writer) -> None:
    """age_iii_buildings and the 2007 auction."""
    s, buf, off, rel = game.s, e.buf, e.off, e.rel_map
    if s.options.has("reduced-luck") and s.turn <= 6:
        start = off("age_iii_buildings")
        for b in s.stacks[3]:
            buf[start + b] = 1.0
    if s.options.has("order-auction"):
        for p, bid in enumerate(s.bids):
            if bid:
                buf[off("auction_bids") + rel[p]] = bid / MONEY_SCALE
        for p in s.passed:
            buf[off("auction_passed") + rel[p]] = 1.0


_ROWS = ""  # in place of a group's last block: one group per row (seat) of the block, each with
# its own key, the row of the seat it shows of its family's key (the list of every seat's)
_SHARED = "*"  # the same, the rows sharing one key (each is rewritten with what it follows)
_BY_REGION = "r"  # one group per region (the block's first axis), each keyed by its row

# (first block, last block, writer, private), in tensor order: every group's blocks are written
# from the values of its item in :func:`_keys` (or, private, :func:`_private_keys`) only; a
# private group's depend on the seat beyond the order of the seats (see
# :class:`empires.core.layout.TensorCache`). The writer of the rows of a block (_ROWS, _SHARED)
# is ``make(at, field, scale, q)`` for its row ``q`` at offset ``at``, from ``(make, field,
# scale)``.
_GROUPS: tuple[tuple[str, str, Any, bool], ...] = (
    ("seat", "rules", _rules, True),
    ("turn", "terminal", _head, False),
    ("current_player", "decision_victim", _now, False),
    ("order", "order", _order, False),
    ("money", _ROWS, (_scalar_row, "money", MONEY_SCALE), False),
    ("available", _ROWS, (_count_row, "avail", WORKER_SCALE), False),
    ("supply", _ROWS, (_count_row, "supply", WORKER_SCALE), False),
    ("goods", _ROWS, (_count_row, "goods", GOODS_SCALE), False),
    ("merchant_ships", _ROWS, (_scalar_row, "ships", SHIPS_SCALE), False),
    ("buildings", "buildings_used", _buildings, False),
    ("discoveries", "discoveries_vp", _discoveries, False),
    ("colony_vp", _ROWS, (_colony_row, "colony_vp", VP_SCALE), False),
    ("discovery_box", _ROWS, (_count_row, "discovery_box", WORKER_SCALE), False),
    ("scores", _SHARED, (_score_row, "", VP_SCALE), False),
    ("region_discovered", "region_discovered", _discovered, False),
    ("region_good", "region_good", _region_good, False),
    ("region_counter", "region_counter_values", _region_counters, True),
    ("region_workers", _BY_REGION, (_region_workers, "region_workers", WORKER_SCALE), False),
    *((f"box_{box}_slots", f"box_{box}_counts", _queue(box), False) for box in QUEUE_BOXES),
    ("specialists", "specialists", _specialists, False),
    ("dock_x", "merchant_ships_in_supply", _docks, False),
    ("trade_goods_offer", "trade_goods_offer", _trade_goods_offer, False),
    ("buildings_offer", "buildings_offer_price", _buildings_offer, False),
    ("hidden_sizes", "hidden_sizes", _hidden_sizes, False),
    ("scouted_deck", "scouted_deck", _scouted_deck, True),
    ("age_iii_buildings", "auction_passed", _optional, False),
)

# The groups (by first block) written at every call, with no key: the decision changes at
# nearly every step (the same as the previous step's in 3% of a random game's steps).
_EVERY_CALL = ("current_player",)

# What each public group (by first block) is written from: the state's fields (a block of rows:
# the one whose rows they are), "flags" (the options, whether the game is over, whether the turn
# is 6 or less) and "sizes" (of the goods pool, the Discovery deck and the unused counters).
_READS: dict[str, tuple[str, ...]] = {
    "turn": ("turn", "step"),
    "order": ("order",),
    "money": ("money",),
    "available": ("avail",),
    "supply": ("supply",),
    "goods": ("goods",),
    "merchant_ships": ("ships",),
    "buildings": ("owned", "used"),
    "discoveries": ("found", "cards_won"),
    "colony_vp": ("colony_vp",),
    "discovery_box": ("discovery_box",),
    # what scoring.scores reads besides the values of the groups _AFTER["scores"] names
    "scores": ("economy", "vp_bought", "wealth_locked", "specialists_final", "flags"),
    "region_discovered": ("discovered",),
    "region_good": ("region_good",),
    "region_workers": ("region_workers",),
    **{f"box_{box}_slots": (field,) for box, field in _QUEUE_FIELDS.items()},
    "specialists": ("specialists",),
    "dock_x": ("dock_x", "dock_y", "ship_in_box", "ship_supply"),
    "trade_goods_offer": ("tg_offer",),
    "buildings_offer": ("cb_offer", "turn"),
    "hidden_sizes": ("stacks", "sizes"),
    "age_iii_buildings": ("flags", "stacks", "bids", "passed"),
}
# The public keys: these fields of the state, in this order, then flags and sizes (_keys).
_KEY_FIELDS: tuple[str, ...] = tuple(
    dict.fromkeys(f for names in _READS.values() for f in names if f not in ("flags", "sizes"))
)
_KEY_NAMES = (*_KEY_FIELDS, "flags", "sizes")

# The groups (by first block) whose values a group also reads: it is rewritten with them. A
# row follows the same row of a block of rows, and the whole of any other block.
_AFTER: dict[str, tuple[str, ...]] = {
    "scores": (
        "money",
        "goods",
        "merchant_ships",
        "buildings",
        "discoveries",
        "colony_vp",
        "region_workers",
    ),
}

# The axis of each block that runs over the seats (relative to the observer).
SEAT_AXES: dict[str, int] = {
    **dict.fromkeys(
        (
            "current_player",
            "decision_victim",
            "order",
            "money",
            "available",
            "supply",
            "goods",
            "merchant_ships",
            "buildings",
            "buildings_used",
            "discoveries",
            "discoveries_vp",
            "colony_vp",
            "discovery_box",
            "scores",
            "dock_x",
            "dock_y",
            "auction_bids",
            "auction_passed",
            *(f"box_{box}_counts" for box in QUEUE_BOXES),
        ),
        0,
    ),
    **dict.fromkeys(("region_workers", "specialists", *(f"box_{b}_slots" for b in QUEUE_BOXES)), 1),
}


def _keys(game) -> tuple:
    """The public groups' keys, named by :data:`_KEY_NAMES` (what :data:`_READS` says each
    group is written from): the state's fields, then flags and sizes (a test holds the fields
    to :data:`_KEY_FIELDS`; attribute by attribute: ``attrgetter`` costs more). The options
    sit in a tuple, where they are compared by identity first, not by ``Options.__eq__``."""
    s = game.s
    return (
        s.turn,
        s.step,
        s.order,
        s.money,
        s.avail,
        s.supply,
        s.goods,
        s.ships,
        s.owned,
        s.used,
        s.found,
        s.cards_won,
        s.colony_vp,
        s.discovery_box,
        s.economy,
        s.vp_bought,
        s.wealth_locked,
        s.specialists_final,
        s.discovered,
        s.region_good,
        s.region_workers,
        s.initiative,
        s.dock,
        s.tg_box,
        s.shipping,
        s.cb_box,
        s.warfare,
        s.specialists,
        s.dock_x,
        s.dock_y,
        s.ship_in_box,
        s.ship_supply,
        s.tg_offer,
        s.cb_offer,
        s.stacks,
        s.bids,
        s.passed,
        (s.options, s.step == "over", s.turn <= 6),
        (len(s.pool), len(s.deck), len(s.unused_counters)),
    )


def _private_keys(game, player: int) -> tuple:
    """The private groups' keys (in :data:`_GROUPS` order): what ``player`` alone may know."""
    s = game.s
    deck = s.deck
    return (
        (s.options,),  # in a tuple: compared by identity first, not by Options.__eq__
        (s.counter, s.revealed, s.peeks[player]),
        (s.deck_peeks[player], deck[0] if deck else -1, deck[-1] if deck else -1),
    )


@cache
def groups(num_players: int) -> tuple[Group, ...]:
    """The tensor's groups of blocks for ``num_players``, end to end, in tensor order."""
    layout = tensor_layout(num_players)
    out: list[Group] = []
    at: dict[str, list[int]] = {}  # first block -> the indices of its groups
    rowed: set[str] = set()  # the blocks of rows, each row a group
    count = [0, 0]  # private keys so far
    for first, last, write, private in _GROUPS:
        key: int | tuple[int, ...] = EVERY_CALL
        if private:
            key = count[1]
            count[1] += 1
        elif first not in _EVERY_CALL:
            key = tuple(_KEY_NAMES.index(name) for name in _READS[first])
        off, shape = layout[first]
        at[first] = []
        if last in (_ROWS, _SHARED, _BY_REGION):  # a group per row of the block
            if last != _BY_REGION:  # rows of the relative seats 0 .. n-1
                rowed.add(first)
            size = int(np.prod(shape[1:]))
            make, field, scale = write
            for q in range(shape[0]):
                at[first].append(len(out))
                start = off + q * size
                row = make(start, field, scale, q)
                if last != _SHARED:  # its own key: row q of the family
                    (family,) = key  # type: ignore[misc]
                    out.append(Group(start, start + size, row, private, (), family, q))
                else:
                    out.append(Group(start, start + size, row, private, (), key))
        else:
            end, end_shape = layout[last]
            at[first].append(len(out))
            out.append(Group(off, end + int(np.prod(end_shape)), write, private, (), key))
    for name, names in _AFTER.items():
        for q, i in enumerate(at[name]):
            follows = [at[o][q] if o in rowed and name in rowed else at[o] for o in names]
            out[i] = out[i]._replace(after=tuple(_flat(follows)))
    return tuple(out)


def _flat(items: list) -> list[int]:
    return [j for x in items for j in (x if isinstance(x, list) else [x])]


def observation_tensor(game, player: Any, out: np.ndarray | None = None) -> np.ndarray:
    """The tensor of what ``player`` may know, equal to
    ``tensor.observation_tensor(game, player, out)`` and several times faster."""
    check_seat(game, player)
    n = game.s.num_players
    size = tensor_size(n)
    fits = out is not None and out.dtype == np.float32 and out.shape == (size,)
    into: Any = out if fits and out is not None and out.flags.c_contiguous else None
    if into is None:
        into = np.zeros(size, np.float32)
    else:
        into.fill(0.0)
    e = _Writer(n, player, memoryview(into))
    for g in groups(n):
        g.write(game, player, e)
    if out is not None and into is not out:
        out[...] = into.reshape(out.shape)
        return out
    return into


def write_group(group: Group, game, player: Any, out: np.ndarray) -> None:
    """Write one group's blocks of ``player``'s tensor into ``out`` (zeros there), alone."""
    check_seat(game, player)
    buf: Any = out
    group.write(game, player, _Writer(game.s.num_players, player, memoryview(buf)))


@cache
def rotations(num_players: int) -> tuple[np.ndarray, ...]:
    """Each seat's rotation of the tensor seen from seat 0 (:func:`seat_rotations`)."""
    return seat_rotations(tensor_layout(num_players), SEAT_AXES, num_players)


def tensor_cache(num_players: int) -> SeatTensors:
    """Each seat's tensor of ``num_players``-player games kept from one call to the next
    (:class:`TensorCache`): ``tensor(game, player)`` equals :func:`observation_tensor` and
    returns the cache's own array (copy it)."""
    tensor_layout(num_players)  # checks the player count
    cache = TensorCache(
        tensor_size(num_players),
        groups(num_players),
        _keys,
        lambda player, out: _Writer(num_players, player, memoryview(out)),  # type: ignore[arg-type]
        rotations(num_players),
        _private_keys,
    )
    return SeatTensors(num_players, cache)
