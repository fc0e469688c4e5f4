"""Flat tensors made of named blocks: the layout both games' observation tensors share."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from itertools import compress
from operator import ne
from typing import Any, NamedTuple

import numpy as np

Layout = dict[str, tuple[int, tuple[int, ...]]]


def block_layout(blocks: Iterable[tuple[str, tuple[int, ...]]]) -> Layout:
    """``{block name: (offset, shape)}`` for blocks laid end to end in the order given."""
    out: Layout = {}
    offset = 0
    for name, shape in blocks:
        out[name] = (offset, shape)
        offset += math.prod(shape)
    return out


def layout_size(layout: Layout) -> int:
    """How many values a tensor of ``layout`` holds."""
    return sum(math.prod(shape) for _, shape in layout.values())


def block_views(tensor: Any, layout: Layout) -> dict[str, Any]:
    """Named, reshaped views (no copies) of the blocks of a flat array laid out by ``layout``."""
    return {
        name: tensor[offset : offset + math.prod(shape)].reshape(shape)
        for name, (offset, shape) in layout.items()
    }


# ---- tensors kept from one step to the next -------------------------------------------------
_PLAIN = (int, float, bool, str, type(None))


def snapshot(value: Any) -> Any:
    """A copy of ``value`` (plain values in lists, tuples and dicts, as deep as they go) that
    compares equal to it and shares nothing mutable with it. A list's items are taken to be of
    one kind (the states' lists are): plain when its first item is, tuples of plain values
    (kept, not copied) when its first item is one."""
    kind = type(value)
    if kind is list:
        if not value or type(value[0]) in _PLAIN:
            return value[:]
        first = value[0]
        if type(first) is list:
            if not first or type(first[0]) in _PLAIN:
                return list(map(list.copy, value))
            second = first[0]
            if type(second) is list and (not second or type(second[0]) in _PLAIN):
                return [list(map(list.copy, v)) for v in value]
        elif type(first) is tuple and all([type(v) in _PLAIN for v in first]):
            return value[:]  # tuples of plain values, which cannot change
        return [snapshot(v) for v in value]
    if kind is tuple:
        # immutable, unless something in it is not (a tuple of plain values is kept as it is)
        if all([type(v) in _PLAIN for v in value]):
            return value
        return tuple([v if type(v) in _PLAIN else snapshot(v) for v in value])
    if kind is dict:
        return {k: v if type(v) in _PLAIN else snapshot(v) for k, v in value.items()}
    return value


class Group(NamedTuple):
    """Some consecutive blocks of a tensor, ``[start, stop)``, and ``write(game, player,
    writer)``, which writes them from scratch (into zeros) from nothing but the group's key and
    the keys of the groups ``after`` names (indices in the same sequence of groups, all public
    or all private like this one): a group is rewritten whenever its key changes or one of those
    is rewritten. A public group (``private`` false) is the same for every seat but for the
    order of the seats: its key may not depend on the player, and it is written once for seat 0
    and moved to the other seats' places (:func:`rotation`).

    The group's key is item ``key`` of the tuple its kind's key function returns (the cache's
    ``keys(game)`` for the public groups, ``private_keys(game, player)`` for the private ones):
    the state's values the blocks are read from; or a tuple of such items (the group is
    rewritten when any of them changes). ``key`` -1 (the default): the next item no group names,
    no other group's; :data:`EVERY_CALL`: none, the group is written at every call (as is a
    group whose key is ``ALWAYS``, which costs a little more). Several groups may share an item:
    all are rewritten when it changes. With ``row`` >= 0 (and one ``key``) the item is a family
    of rows (a list, such as one list per seat) and the group's own key is its item ``row``:
    when the family changes only the groups of the rows that changed are rewritten, and a family
    that has not changed costs one comparison for all its groups."""

    start: int
    stop: int
    write: Callable[[Any, int, Any], None]
    private: bool = False
    after: tuple[int, ...] = ()
    key: int | tuple[int, ...] = -1
    row: int = -1


# A group's key that never equals anything: the group is written at every call.
ALWAYS: Any = float("nan")
# A group's ``key`` when it has none: it is written at every call.
EVERY_CALL = -2


def groups_cover(groups: Sequence[Group], size: int) -> bool:
    """Whether ``groups`` lie end to end over a tensor of ``size`` values, in order."""
    at = 0
    for g in groups:
        if g.start != at or g.stop < g.start:
            return False
        at = g.stop
    return at == size


def rotation(layout: Layout, seat_axes: dict[str, int], n: int, observer: int) -> np.ndarray:
    """The indices that turn a tensor seen from seat 0 into the one seen from ``observer``:
    ``tensor[rotation(...)]``. ``seat_axes`` names the axis of each block that runs over the
    (relative) seats, in its first ``n`` places; the other blocks stay as they are."""
    index = np.arange(layout_size(layout), dtype=np.intp)
    for name, axis in seat_axes.items():
        off, shape = layout[name]
        block = index[off : off + math.prod(shape)].reshape(shape)
        order = [(q + observer) % n for q in range(n)] + list(range(n, shape[axis]))
        index[off : off + math.prod(shape)] = np.take(block, order, axis=axis).reshape(-1)
    return index


def seat_rotations(layout: Layout, seat_axes: dict[str, int], n: int) -> tuple[np.ndarray, ...]:
    """Each seat's :func:`rotation` of the tensor seen from seat 0, read-only (worked out once
    per player count: an environment or an OpenSpiel observer sets up a cache per game)."""
    out = tuple(rotation(layout, seat_axes, n, p) for p in range(n))
    for r in out:
        r.flags.writeable = False
    return out


class _Kind(NamedTuple):
    """What :func:`_update` needs of the public or the private groups: each group's ``start``,
    ``stop``, ``write`` and a blank of its size (``spec``), for each key the groups it is a key
    of (``members``) and whether it is a family of rows (``rows``), the groups written at every
    call (``always``), the groups that follow others (``after``: a group's position and those of
    the groups it follows; ``followed``: all the groups followed) and the keys' positions
    (``positions``). A group found among the groups of two keys that changed is written twice
    (the same values)."""

    spec: tuple[tuple[int, int, Callable[[Any, int, Any], None], memoryview], ...]
    members: tuple[tuple[int, ...], ...]
    rows: tuple[bool, ...]
    always: tuple[int, ...]
    after: tuple[tuple[int, frozenset[int]], ...]
    followed: frozenset[int]
    positions: range


def _keys_of(mine: list[Group]) -> list[tuple[int, ...]]:
    """The items of its kind's keys each group reads (none: written at every call)."""
    named: set[int] = set()
    for g in mine:
        named.update(k for k in (g.key if isinstance(g.key, tuple) else (g.key,)) if k >= 0)
    out: list[tuple[int, ...]] = []
    at = 0
    for g in mine:
        key = g.key
        if key == -1:  # the next item no group names
            while at in named:
                at += 1
            named.add(at)
            out.append((at,))
        elif key == EVERY_CALL:
            out.append(())
        elif isinstance(key, tuple):
            if not key or any(k < 0 for k in key) or g.row >= 0:
                raise ValueError(f"a group's keys are not some: {key!r} (row {g.row})")
            out.append(key)
        elif key >= 0:
            out.append((key,))
        else:
            raise ValueError(f"a group's key is not one: {key!r} (row {g.row})")
    return out


def _kind(groups: Sequence[Group], which: list[int], blank: memoryview) -> _Kind:
    """The :class:`_Kind` of the groups of ``which`` (positions in ``groups``, in order)."""
    where = {i: j for j, i in enumerate(which)}
    mine = [groups[i] for i in which]
    keys = _keys_of(mine)
    count = max((k for ks in keys for k in ks), default=-1) + 1
    members = tuple(tuple(j for j, ks in enumerate(keys) if k in ks) for k in range(count))
    if any(not m for m in members):
        raise ValueError("a key is the key of no group")
    rows = []
    for m in members:
        rowed = [mine[j].row for j in m]
        if any(r >= 0 for r in rowed) and rowed != list(range(len(m))):
            raise ValueError("the groups of a family of rows must be its rows 0, 1, ... in order")
        rows.append(rowed[0] >= 0)
    always = tuple(j for j, ks in enumerate(keys) if not ks)
    after = []
    for j, g in enumerate(mine):
        if g.after:
            if any(a not in where for a in g.after):
                raise ValueError(f"group {which[j]} depends on a group of the other kind")
            if any(where[a] in always for a in g.after):
                raise ValueError(f"group {which[j]} follows a group written at every call")
            after.append((j, frozenset(where[a] for a in g.after)))
    spec = tuple((g.start, g.stop, g.write, blank[: g.stop - g.start]) for g in mine)
    followed = frozenset(j for _, deps in after for j in deps)
    return _Kind(spec, members, tuple(rows), always, tuple(after), followed, range(count))


# (size, groups, rotations) by their ids -> (groups, rotations, _plan's answer), a few kept
_PLANS: dict[tuple[int, int, int], tuple[Any, Any, tuple[_Kind, _Kind, list[np.ndarray]]]] = {}


def _plan(
    size: int, groups: tuple[Group, ...], rotations: Sequence[np.ndarray]
) -> tuple[_Kind, _Kind, list[np.ndarray]]:
    """The public and private groups' :class:`_Kind` and each seat's sources (its rotation,
    its private places pointing at its part of the cache's array), for these groups and
    rotations; worked out once for the same objects."""
    key = (size, id(groups), id(rotations))
    known = _PLANS.get(key)
    if known is not None and known[0] is groups and known[1] is rotations:
        return known[2]
    if not groups_cover(groups, size):
        raise ValueError("the groups must cover the tensor end to end")
    public = [i for i, g in enumerate(groups) if not g.private]
    private = [i for i, g in enumerate(groups) if g.private]
    blank = np.zeros(size, np.float32).data  # what a group is cleared with (never written)
    mask = np.zeros(size, bool)
    for i in private:
        mask[groups[i].start : groups[i].stop] = True
    sources = [
        np.where(mask, np.arange(size) + (1 + p) * size, r).astype(np.intp)
        for p, r in enumerate(rotations)
    ]
    # (shared by every cache of these groups, never written; not flagged read-only: take()
    # copies an index array that is not writeable at every call)
    plan = (_kind(groups, public, blank), _kind(groups, private, blank), sources)
    if len(_PLANS) >= 16:
        _PLANS.clear()
    _PLANS[key] = (groups, rotations, plan)
    return plan


class TensorCache:
    """Every seat's tensor kept from one call to the next: :meth:`tensor` rewrites only the
    groups of blocks whose key changed since the previous call (compared by value against a
    :func:`snapshot`), the public ones once for all seats (as seen from seat 0, then rotated:
    ``rotations[player]``), the private ones per seat. After any sequence of states, of any
    games, it equals the tensor built from scratch. ``keys(game)`` gives the public groups'
    keys and ``private_keys(game, player)`` the private groups' (each a tuple: see
    :class:`Group`); ``writer(player, tensor)`` makes what the groups write through (once per
    tensor). :meth:`tensor_list` gives a seat's tensor as a Python list (OpenSpiel's API). Not
    for several threads at once."""

    def __init__(
        self,
        size: int,
        groups: Sequence[Group],
        keys: Callable[[Any], tuple],
        writer: Callable[[int, np.ndarray], Any],
        rotations: Sequence[np.ndarray],
        private_keys: Callable[[Any, int], tuple] | None = None,
    ) -> None:
        self.size = size
        self.groups = tuple(groups)
        self._keys = keys
        self._private_keys = private_keys
        self._writer = writer
        self._rotations = rotations
        # what the groups and rotations give, worked out once for them (a cache is often set up
        # per game: an OpenSpiel observer, a PettingZoo environment)
        self._public, self._private, self._sources = _plan(size, self.groups, rotations)
        if self._private.members and private_keys is None:
            raise ValueError("private groups need private_keys")
        # One array holds the public groups as seen from seat 0 (its first ``size`` values) and
        # then each seat's private groups, so that a seat's tensor is one ``take`` from it
        # (``_sources[player]``: the rotation, its private places pointing at the seat's part).
        self._all = np.zeros((1 + len(rotations)) * size, np.float32)
        self._seen = self._all[:size]
        self._seen_writer = writer(0, self._seen)
        self._seen_mv = self._seen.data  # a memoryview of the array
        self._seen_keys = [ALWAYS] * len(self._public.members)
        self._seats: dict[int, _Seat] = {}

    def tensor(self, game: Any, player: int, out: np.ndarray | None = None) -> np.ndarray:
        """``player``'s tensor of ``game``: the cache's own array, to be copied, not kept or
        changed (the next call rewrites it); or, given ``out`` (a float32 array of the
        tensor's size, C-contiguous), written into that and returned (no second copy)."""
        _update(
            game,
            0,
            self._keys(game),
            self._public,
            self._seen_mv,
            self._seen_writer,
            self._seen_keys,
        )
        seat = self._seats.get(player)
        if seat is None:
            seat = self._seat(player)
        if self._private.spec:
            private_keys: Any = self._private_keys
            keys, old = private_keys(game, player), seat.old
            # most calls change nothing private: _update only when there is something to write
            if self._private.always or len(keys) != len(old) or any(map(ne, keys, old)):
                _update(game, player, keys, self._private, seat.mv, seat.writer, old)
        if out is None:
            out = seat.out
        self._all.take(seat.source, out=out, mode="wrap")  # unbuffered (in range)
        return out

    def _seat(self, player: int) -> _Seat:
        mine = self._all[(1 + player) * self.size : (2 + player) * self.size]
        seat = self._seats[player] = _Seat(
            mine, self._writer(player, mine), len(self._private.members), self._sources[player]
        )
        return seat

    def tensor_list(self, game: Any, player: int) -> list[float]:
        """:meth:`tensor` as a new Python list (its float32 values as floats). Each seat's list
        is kept from one call to the next beside the array it was made from: only the values
        that differ from that array are converted again (a tensor holds a couple of thousand
        values, of which a few dozen change between a seat's turns; converting them all cost
        about 20 us)."""
        out = self.tensor(game, player)
        seat = self._seats[player]
        items = seat.items
        if items is None:
            seat.items = items = out.tolist()
        else:
            changed = (out != seat.listed).nonzero()[0]
            if len(changed):
                for i, v in zip(changed.tolist(), out[changed].tolist(), strict=True):
                    items[i] = v
        # the array the list now holds is kept; the next call writes into the other one
        seat.out, seat.listed = seat.listed, out
        return items[:]


def _update(game, player, keys, kind: _Kind, out, writer, old) -> None:
    """Rewrite the groups of ``kind`` whose key (in ``keys``) is not the one in ``old`` (their
    snapshots, renewed), that follow one of those, or that are written at every call. ``out``:
    a float32 memoryview of the array written."""
    if len(keys) != len(old):
        raise ValueError(f"{len(keys)} keys for {len(old)}")
    spec, members, rows, always, after, followed, positions = kind
    done: Any = always
    changed = list(compress(positions, map(ne, keys, old)))
    try:
        if changed:
            done = list(done)  # the groups written at every call, and those of the keys changed
            for k in changed:
                key, before, mine = keys[k], old[k], members[k]
                if rows[k] and type(before) is list and len(before) == len(key):
                    # a family of rows: the rows that changed, each snapshot renewed in place
                    for i in compress(range(len(mine)), map(ne, key, before)):
                        done.append(mine[i])
                        before[i] = snapshot(key[i])
                else:
                    if rows[k] and len(key) != len(mine):
                        raise ValueError(f"a family of {len(mine)} rows keyed by {len(key)}")
                    done += mine
                    old[k] = ALWAYS if key is ALWAYS else _renew(key, before)
            if not followed.isdisjoint(done):
                for j, deps in after:
                    if not deps.isdisjoint(done) and j not in done:
                        done.append(j)
        for j in done:
            start, stop, write, blank = spec[j]
            out[start:stop] = blank
            write(game, player, writer)
    except BaseException:
        old[:] = [ALWAYS] * len(old)  # every group is written again next time
        raise


class _Seat:
    """One seat's part of a :class:`TensorCache`: its tensor (``out``, written by every call
    not given an array), its private groups (``mine``, written through ``writer``; ``old``:
    their keys' snapshots) and, once asked for, the list of its tensor (``items``) with the
    array that list was made from (``listed``)."""

    __slots__ = ("out", "mine", "mv", "writer", "old", "items", "listed", "source")

    def __init__(self, mine: np.ndarray, writer: Any, private: int, source: np.ndarray) -> None:
        self.out = np.zeros(len(mine), np.float32)
        self.source = source  # where each of its tensor's values is taken from
        self.mine = mine
        self.mv = mine.data
        self.writer = writer
        self.old: list = [ALWAYS] * private
        self.items: list[float] | None = None
        self.listed = np.zeros(len(mine), np.float32)


def check_seat(game: Any, player: Any) -> None:
    """ValueError naming ``player`` unless it is a seat of ``game`` (an int, not a bool)."""
    n = game.s.num_players
    if type(player) is int and 0 <= player < n:
        return
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
        raise ValueError(f"no seat {player!r} in a {n}-player game")


class SeatTensors:
    """A game's ``adapter.tensor_cache(num_players)``: each seat's tensor of ``num_players``
    games kept from one call to the next by ``cache`` (a :class:`TensorCache` of ``size``
    values), with the seat and the game's player count checked at every call."""

    def __init__(self, num_players: int, cache: TensorCache) -> None:
        self.num_players = num_players
        self.size = cache.size
        self._cache = cache

    def tensor(self, game: Any, player: Any, out: np.ndarray | None = None) -> np.ndarray:
        """``player``'s tensor of ``game``: see :meth:`TensorCache.tensor` (and ``out``)."""
        self._check(game, player)
        return self._cache.tensor(game, player, out)

    def tensor_list(self, game: Any, player: Any) -> list[float]:
        """The same tensor as a new Python list (kept up to date value by value)."""
        self._check(game, player)
        return self._cache.tensor_list(game, player)

    def _check(self, game: Any, player: Any) -> None:
        n = self.num_players
        if type(player) is int and 0 <= player < n and game.s.num_players == n:
            return
        check_seat(game, player)
        if game.s.num_players != n:
            raise ValueError(f"this cache is for {n} players, not {game.s.num_players}")


def _renew(key: Any, old: Any) -> Any:
    """:func:`snapshot` of ``key``, reusing the parts of the old snapshot (a tuple) still equal.
    Values that are not lists, tuples or dicts are kept as the key has them (the live object,
    which compares by identity first: an equal one kept instead would be compared by its
    ``__eq__`` at every call)."""
    if type(key) is tuple and type(old) is tuple and len(key) == len(old):
        return tuple(
            [
                k if type(k) not in _DEEP else o if k == o else snapshot(k)
                for k, o in zip(key, old, strict=True)
            ]
        )
    return snapshot(key)


_DEEP = (list, tuple, dict)
