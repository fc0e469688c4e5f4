"""The Imperial Settlers observation tensor of a seat straight from the game state: the same
numbers as ``tensor.encode(game.observation(player))`` (a property test holds them equal over
random games), without building the observation's card views first.

It reads only what the seat may know, by the observation's own rules: its own hand and secret
choices, of the other hands only the cards everybody saw taken (``known``) and their sizes, the
sizes of the decks, and the public fields. The layout is :mod:`empires.settlers.tensor`'s, and
the blocks are written the same way (into the same float32 views, in the same order), so every
sum comes out bit for bit the same.

The blocks are written in groups (:func:`groups`), each from the state's values its key names,
so that :func:`tensor_cache` can keep the tensors from one step to the next and rewrite only the
groups whose values changed (:class:`empires.core.layout.TensorCache`; a property test holds it
equal to the tensor built from scratch).
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
from empires.settlers import scoring
from empires.settlers.cards import FACTIONS, GOODS
from empires.settlers.flow import ROUNDS
from empires.settlers.options import VARIANTS
from empires.settlers.tensor import (
    _DB,
    _FACTION_NAME,
    _ID,
    _KIND,
    _NAME,
    _STEP,
    _TARGET,
    _VARIANT,
    CARD_NAMES,
    DECISION_KINDS,
    SCORE_KEYS,
    STEPS,
    _Blocks,
    tensor_layout,
    tensor_size,
)


class _Out(_Blocks):
    """The block views of the tensor being written (for the float32 sums of ``empire_state``,
    ``scores`` and ``solo``), and the tensor as a float32 memoryview with each block's offset,
    for single writes (faster than a numpy view's)."""

    def __init__(self, out: np.ndarray, n: int, observer) -> None:
        super().__init__(out, n, observer)
        buf: Any = out
        self.mv: Any = memoryview(buf)  # of floats (typeshed types its items as int)
        self.off = {name: off for name, (off, _) in tensor_layout(n).items()}
        # each seat's relative seat (``rel`` without its checks, for the seats themselves)
        self.rels = tuple(self.rel(p) for p in range(n))


# Per card file (by identity, kept alive here so that its id is not reused): each card's index
# in CARD_NAMES and by its id (-1: not counted). A game's file never changes; few files exist.
_TABLES: dict[int, tuple[Any, list[int], list[int]]] = {}


def _tables(db) -> tuple[Any, list[int], list[int]]:
    entry = _TABLES.get(id(db))
    if entry is None or entry[0] is not db:
        if len(_TABLES) >= 8:
            _TABLES.clear()
        names = [_NAME.get(c.name, -1) for c in db.cards]
        ids = [_ID.get(c.id, -1) for c in db.cards]
        entry = _TABLES[id(db)] = (db, names, ids)
    return entry


def _add(mv, at: int, index: list[int], cards) -> None:
    """Add one at ``mv[at + index[c]]`` for each card ``c`` (whole numbers: the same sums as
    the observation's tensor)."""
    for c in cards:
        i = index[c]
        if i >= 0:
            mv[at + i] += 1.0


def _names(mv, at: int, db, cards) -> None:
    """Add one at ``mv[at + i]`` for each card (indices of ``db``) of name ``i``."""
    _add(mv, at, _tables(db)[1], cards)


def _ids(mv, at: int, db, cards) -> None:
    """Add one at ``mv[at + i]`` for each card by its id (the discard piles)."""
    _add(mv, at, _tables(db)[2], cards)


_C = len(CARD_NAMES)
_NK = len(SCORE_KEYS)


def _rules(game, player: int, b: _Out) -> None:
    """seat and rules."""
    s, mv, off = game.s, b.mv, b.off
    mv[off["seat"] + player] = 1.0
    for variant in s.options.variants:
        i = _VARIANT.get(variant)
        if i is not None:
            mv[off["rules"] + i] = 1.0
    if s.options.reshuffle_faction_discards:
        mv[off["rules"] + len(VARIANTS)] = 1.0


@cache
def _turn_offsets(n: int) -> tuple[int, ...]:
    """The offsets :func:`_turn` writes at, for ``n`` players."""
    off = tensor_layout(n)
    names = ("round", "step", "terminal", "current_player", "first_player", "decision_kind")
    return tuple(off[name][0] for name in (*names, "decision_card", "decision_count"))


_NO_STEP = len(STEPS)
_NO_KIND = len(DECISION_KINDS)
_DB_NAMES = tuple(_NAME.get(c.name) for c in _DB.cards)  # each card's index by name, or None


def _turn(game, player: int, b: _Out) -> None:
    """round .. first_player and the decision blocks."""
    s, mv = game.s, b.mv
    round_at, step_at, over_at, current_at, first_at, kind_at, card_at, count_at = _turn_offsets(
        b.n
    )
    if 1 <= s.round <= ROUNDS:
        mv[round_at + s.round - 1] = 1.0
    mv[step_at + _STEP.get(s.step, _NO_STEP)] = 1.0
    if game.is_terminal():
        mv[over_at] = 1.0
    d = game.decision
    if d is not None:
        q = b.rel(d["player"])
        if q >= 0:
            mv[current_at + q] = 1.0
    q = b.rel(s.first)
    if q >= 0:
        mv[first_at + q] = 1.0
    if d is None:
        return
    mv[kind_at + _KIND.get(d["kind"], _NO_KIND)] = 1.0
    card = d.get("card")
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < len(_DB_NAMES):
        i = _DB_NAMES[card]
        if i is not None:
            mv[card_at + i] += 1.0
    count = d.get("n")
    if isinstance(count, int) and count > 0:
        mv[count_at] = count / 5.0
    victim = d.get("victim")
    if victim is not None:
        q = b.rel(victim)
        if q >= 0:
            mv[b.off["decision_victim"] + q] = 1.0


def _hand(game, player: int, b: _Out) -> None:
    _names(b.mv, b.off["hand"], game.s.db, game.s.hand[player])


def _choices(game, player: int, b: _Out) -> None:
    s = game.s
    _names(b.mv, b.off["choices"], s.db, s.alt[player] + s.looking[player])


def _draft(game, player: int, b: _Out) -> None:
    _names(b.mv, b.off["draft"], game.s.db, game.s.draft)


def _per_seat(block: str, value, width: int = 1):
    """A writer of a per-player block from ``value(s, p, b, at)`` for each seat ``p`` (``at``:
    the offset of that seat's row, ``width`` values, relative to the observer)."""

    def write(game, player: int, b: _Out) -> None:
        s, at, rels = game.s, b.off[block], b.rels
        for p in range(s.num_players):
            value(s, p, b, at + rels[p] * width)

    return write


def _faction(s, p, b, at) -> None:
    i = _FACTION_NAME.get(s.db.factions[s.factions[p]]["name"])
    if i is not None:
        b.mv[at + i] = 1.0


def _vp(s, p, b, at) -> None:
    b.mv[at] = s.vp[p] / 50.0


def _goods(s, p, b, at) -> None:
    for g, c in enumerate(s.supply[p][: len(GOODS)]):
        if c:
            b.mv[at + g] = c / 10.0


def _passed(s, p, b, at) -> None:
    b.mv[at] = 1.0 if s.passed[p] else 0.0


def _hand_size(s, p, b, at) -> None:
    b.mv[at] = len(s.hand[p]) / 10.0


def _known_hand(game, player: int, b: _Out) -> None:
    """Each seat's hand as the observer may know it: all of its own, of the others the cards
    everybody saw taken."""
    s, at, rels = game.s, b.off["known_hand"], b.rels
    index = _tables(s.db)[1]
    for p in range(s.num_players):
        cards = s.hand[p] if p == player else s.known[p]
        if cards:
            _add(b.mv, at + rels[p] * _C, index, cards)


def _empire(s, p, b, at) -> None:
    _names(b.mv, at, s.db, s.empire[p])


def _foundations(s, p, b, at) -> None:
    b.mv[at] = len(s.foundations[p]) / 10.0


def _deals(s, p, b, at) -> None:
    _names(b.mv, at, s.db, s.deals[p])


def _trade_route_deals(s, p, b, at) -> None:
    _names(b.mv, at, s.db, [loc for o, loc, _ in s.trade_deals if o == p])


def _faction_deck(s, p, b, at) -> None:
    b.mv[at] = len(s.faction_deck[p]) / 30.0


def _faction_discard(s, p, b, at) -> None:
    _ids(b.mv, at, s.db, s.faction_discard[p])


def _common_deck(game, player: int, b: _Out) -> None:
    b.mv[b.off["common_deck"]] = len(game.s.common_deck) / 100.0


def _common_discard(game, player: int, b: _Out) -> None:
    _ids(b.mv, b.off["common_discard"], game.s.db, game.s.common_discard)


def _empire_state(game, player: int, b: _Out) -> None:
    s, rows, rels = game.s, b.v["empire_state"], b.rels
    at, width = b.off["empire_state"], rows.shape[1]
    for p in range(s.num_players):
        if s.empire[p]:
            q = rels[p]
            _location_marks(s, p, rows[q], b.mv, at + q * width)


def _location_marks(s, p, row, mv, at: int) -> None:
    """Seat ``p``'s Locations' marks (its ``empire_state`` row: ``row``, at ``mv[at:]``), as
    the observation counts them. The marks are whole numbers, added through the memoryview;
    the fractions are added in float32 on the numpy row, like the observation's, and only
    when not zero (adding 0.0 changes nothing)."""
    db, defended, samurai, blocked = s.db, s.defended, s.samurai, s.blocked
    first: dict = {}  # as rules.taken_by reads s.takeover: its first entry for a card
    for card, q in s.takeover:
        first.setdefault(card, q)
    taken = {card for card, q in first.items() if q is not None}
    shrine, gate, used = s.shrine, s.gate, s.activations
    for c in s.empire[p]:
        if c in defended:
            mv[at] += 1.0
        if c in samurai:
            mv[at + 1] += 1.0
        if c in taken:
            mv[at + 2] += 1.0
        if c in blocked:
            mv[at + 3] += 1.0
        if shrine:
            resources = 0
            for card, n in shrine:
                if card == c:
                    resources = n
            if resources:
                row[4] += resources / 5.0
        if gate:
            under = 0
            for entry in gate:
                if entry[0] == c:
                    under = len(entry) - 1
            if under:
                row[5] += under / 5.0
        if db[c].action is not None:
            count = str(used[c])
            if count.isdigit() and int(count):
                row[6] += int(count) / 10.0


def _scores_and_solo(game, player: int, b: _Out) -> None:
    """scores .. attack_deck."""
    s, v, db, mv = game.s, b.v, game.s.db, b.mv
    scores = scoring.scores(s)
    at = b.off["scores"]
    for p, row in enumerate(scores):
        q = b.rel(p)
        if q >= 0:
            start = at + q * _NK
            for k, key in enumerate(SCORE_KEYS):
                value = row.get(key, 0)
                if value > 0:  # as the float32 view would hold it
                    mv[start + k] = value / 50.0
    if not s.solo:
        return
    row = scores[0] if scores else {}
    v["solo"][:] = (
        row.get("faction_locations_built", 0) / 20.0,
        row.get("collection", 0) / 20.0,
        1.0 if row.get("won") else 0.0,
        (row.get("achievement", -1) + 1) / 7.0,
    )
    _names(b.mv, b.off["virtual_locations"], db, s.vlocs)
    v["virtual_collection"][0] = len(s.collection) / 20.0
    for c in s.attack_line:
        target = db[c].target
        i = _TARGET.get(target) if isinstance(target, str) else None
        if i is not None:
            v["target_line"][i] += 1.0
    v["attack_deck"][0] = len(s.attack_deck) / 16.0


# (first block, last block, writer, private), in tensor order: every group's blocks are written
# from the values of its item in :func:`_keys` (or, private, :func:`_private_keys`) only; a
# private group's depend on the seat beyond the order of the seats.
_GROUPS: tuple[tuple[str, str, Any, bool], ...] = (
    ("seat", "rules", _rules, True),
    ("round", "decision_victim", _turn, False),
    ("hand", "hand", _hand, True),
    ("choices", "choices", _choices, True),
    ("draft", "draft", _draft, False),
    ("faction", "faction", _per_seat("faction", _faction, len(FACTIONS)), False),
    ("vp", "vp", _per_seat("vp", _vp), False),
    ("goods", "goods", _per_seat("goods", _goods, len(GOODS)), False),
    ("passed", "passed", _per_seat("passed", _passed), False),
    ("hand_size", "hand_size", _per_seat("hand_size", _hand_size), False),
    ("known_hand", "known_hand", _known_hand, True),
    ("empire", "empire", _per_seat("empire", _empire, _C), False),
    ("empire_state", "empire_state", _empire_state, False),
    ("foundations", "foundations", _per_seat("foundations", _foundations), False),
    ("deals", "deals", _per_seat("deals", _deals, _C), False),
    (
        "trade_route_deals",
        "trade_route_deals",
        _per_seat("trade_route_deals", _trade_route_deals, _C),
        False,
    ),
    ("faction_deck", "faction_deck", _per_seat("faction_deck", _faction_deck), False),
    (
        "faction_discard",
        "faction_discard",
        _per_seat("faction_discard", _faction_discard, _C),
        False,
    ),
    ("common_deck", "common_deck", _common_deck, False),
    ("common_discard", "common_discard", _common_discard, False),
    ("scores", "attack_deck", _scores_and_solo, False),
)

# The axis of each public block that runs over the seats (relative to the observer).
SEAT_AXES: dict[str, int] = dict.fromkeys(
    (
        "current_player",
        "first_player",
        "decision_victim",
        "faction",
        "vp",
        "goods",
        "passed",
        "hand_size",
        "empire",
        "empire_state",
        "foundations",
        "deals",
        "trade_route_deals",
        "faction_deck",
        "faction_discard",
        "scores",
    ),
    0,
)


def _keys(game) -> tuple:
    """The public groups' keys (in :data:`_GROUPS` order, but for the turn and decision
    blocks, written at every call): the state's values their blocks are written from. The card
    file (``s.db``) and the options sit in tuples, where they are compared by identity first."""
    s = game.s
    db, used = s.db, s.activations
    return (
        (s.draft, db),
        (s.factions, db),
        s.vp,
        s.supply,
        s.passed,
        [len(h) for h in s.hand],
        (s.empire, db),
        (
            s.empire,
            s.defended,
            s.samurai,
            s.takeover,
            s.blocked,
            s.shrine,
            s.gate,
            [used[c] for row in s.empire for c in row],  # of the 220 cards', the Locations'
            db,
        ),
        [len(f) for f in s.foundations],
        (s.deals, db),
        (s.trade_deals, db),
        [len(d) for d in s.faction_deck],
        (s.faction_discard, db),
        len(s.common_deck),
        (s.common_discard, db),
        (
            s.empire,
            s.vp,
            s.shrine,
            s.gate,
            s.collection,
            s.vlocs,
            s.attack_line,
            len(s.attack_deck),
            s.solo,
            db,
        ),
    )


def _private_keys(game, player: int) -> tuple:
    """The private groups' keys (in :data:`_GROUPS` order), what ``player`` alone sees."""
    s = game.s
    db, hand = s.db, s.hand[player]
    return (
        (s.options,),
        (hand, db),
        (s.alt[player], s.looking[player], db),
        (hand, s.known, db),
    )


@cache
def groups(num_players: int) -> tuple[Group, ...]:
    """The tensor's groups of blocks for ``num_players``, end to end, in tensor order."""
    layout = tensor_layout(num_players)

    def stop(name: str) -> int:
        off, shape = layout[name]
        return off + int(np.prod(shape))

    return tuple(
        Group(
            layout[first][0], stop(last), write, private, (), EVERY_CALL if write is _turn else -1
        )
        for first, last, write, private in _GROUPS
    )


def observation_tensor(game, player: Any, out: np.ndarray | None = None) -> np.ndarray:
    """The tensor of what ``player`` may know, equal to
    ``tensor.observation_tensor(game, player, out)``."""
    check_seat(game, player)
    n = game.s.num_players
    if out is None:
        out = np.zeros(tensor_size(n), np.float32)
    else:
        out.fill(0.0)
    b = _Out(out, n, player)
    for g in groups(n):
        g.write(game, player, b)
    return out


def write_group(group: Group, game, player: Any, out: np.ndarray) -> None:
    """Write one group's blocks of ``player``'s tensor into ``out`` (zeros there), alone."""
    check_seat(game, player)
    group.write(game, player, _Out(out, game.s.num_players, player))


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
        lambda player, out: _Out(out, num_players, player),
        rotations(num_players),
        _private_keys,
    )
    return SeatTensors(num_players, cache)
