"""Flat tensors made of named blocks: the layout both games' observation tensors share."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from itertools import compress
from operator import itemgetter, ne
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
                return [v[:] for v in value]
            second = first[0]
            if type(second) is list and (not second or type(second[0]) in _PLAIN):
                return [[r[:] for r in v] for v in value]
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
    writer)``, which writes them from scratch (into zeros) from nothing but the group's key: its
    item of the tuple the cache's ``keys(game, player)`` returns (the state's values the blocks
    are read from; ``ALWAYS``: written at every call) and the keys of the groups ``after``
    names (indices in the same sequence of groups, all public or all private like this one): a
    group is rewritten whenever one of those is. A public group (``private`` false) is the same
    for every seat but for the order of the seats: its key may not depend on the player, and it
    is written once for seat 0 and moved to the other seats' places (:func:`rotation`)."""

    start: int
    stop: int
    write: Callable[[Any, int, Any], None]
    private: bool = False
    after: tuple[int, ...] = ()


# A group's key that never equals anything: the group is written at every call.
ALWAYS: Any = float("nan")


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


class TensorCache:
    """Every seat's tensor kept from one call to the next: :meth:`tensor` rewrites only the
    groups of blocks whose key changed since the previous call (compared by value against a
    :func:`snapshot`), the public ones once for all seats (as seen from seat 0, then rotated:
    ``rotations[player]``), the private ones per seat. After any sequence of states, of any
    games, it equals the tensor built from scratch. ``keys(game, player)`` gives every group's
    key, in order, in one tuple; ``writer(player, tensor)`` makes what the groups write through
    (once per tensor). :meth:`tensor_list` keeps each seat's tensor as a Python list too, for
    APIs that want one (OpenSpiel's). Not for several threads at once."""

    def __init__(
        self,
        size: int,
        groups: Sequence[Group],
        keys: Callable[[Any, int], tuple],
        writer: Callable[[int, np.ndarray], Any],
        rotations: Sequence[np.ndarray],
    ) -> None:
        if not groups_cover(groups, size):
            raise ValueError("the groups must cover the tensor end to end")
        self.size = size
        self.groups = tuple(groups)
        self._keys = keys
        self._writer = writer
        self._rotations = rotations
        self._public = [i for i, g in enumerate(self.groups) if not g.private]
        self._private = [i for i, g in enumerate(self.groups) if g.private]
        self._of_public = _picker(self._public)
        self._of_private = _picker(self._private)
        blank = np.zeros(size, np.float32).data  # what a group is cleared with
        # per kind: its groups, their blanks and what each depends on (_update's ``which``)
        self._which_public = self._kind(self._public, blank)
        self._which_private = self._kind(self._private, blank)
        # One array holds the public groups as seen from seat 0 (its first ``size`` values) and
        # then each seat's private groups, so that a seat's tensor is one ``take`` from it
        # (``_sources[player]``: the rotation, its private places pointing at the seat's part).
        self._all = np.zeros((1 + len(rotations)) * size, np.float32)
        self._seen = self._all[:size]
        self._seen_writer = writer(0, self._seen)
        self._seen_mv = self._seen.data  # a memoryview of the array
        private = np.zeros(size, bool)
        for g in self.groups:
            if g.private:
                private[g.start : g.stop] = True
        self._sources = [
            np.where(private, np.arange(size) + (1 + p) * size, r).astype(np.intp)
            for p, r in enumerate(rotations)
        ]
        self._seen_keys = [ALWAYS] * len(self._public)
        self._seats: dict[int, _Seat] = {}

    def tensor(self, game: Any, player: int, out: np.ndarray | None = None) -> np.ndarray:
        """``player``'s tensor of ``game``: the cache's own array, to be copied, not kept or
        changed (the next call rewrites it); or, given ``out`` (a float32 array of the
        tensor's size, C-contiguous), written into that and returned (no second copy)."""
        keys = self._keys(game, player)
        if len(keys) != len(self.groups):
            raise ValueError(f"{len(keys)} keys for {len(self.groups)} groups")
        self._update(
            game,
            0,
            self._of_public(keys),
            self._which_public,
            self._seen_mv,
            self._seen_writer,
            self._seen_keys,
        )
        seat = self._seats.get(player)
        if seat is None:
            mine = self._all[(1 + player) * self.size : (2 + player) * self.size]
            seat = self._seats[player] = _Seat(mine, self._writer(player, mine), len(self._private))
        if self._private:
            self._update(
                game,
                player,
                self._of_private(keys),
                self._which_private,
                seat.mv,
                seat.writer,
                seat.old,
            )
        if out is None:
            out = seat.out
        self._all.take(self._sources[player], out=out, mode="clip")  # unbuffered
        return out

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

    def _kind(self, which: list[int], blank: memoryview) -> tuple:
        """What :meth:`_update` needs of the groups of ``which`` (the public or the private
        ones): the groups, a blank of each one's size, and for each group with ``after`` its
        position in ``which`` and the positions of the groups it follows."""
        where = {i: j for j, i in enumerate(which)}
        groups = tuple(self.groups[i] for i in which)
        after = []
        for j, g in enumerate(groups):
            if g.after:
                if any(a not in where for a in g.after):
                    raise ValueError(f"group {which[j]} depends on a group of the other kind")
                after.append((j, frozenset(where[a] for a in g.after)))
        blanks = tuple(blank[: g.stop - g.start] for g in groups)
        return groups, blanks, tuple(after), range(len(which))

    @staticmethod
    def _update(game, player, keys, which, out, writer, old) -> list[int]:
        """Rewrite the groups of ``which`` (:meth:`_kind`) whose key (in ``keys``, in their
        order) is not the one in ``old`` (their snapshots), or that depend on one of those;
        their positions, in order. ``out``: a float32 memoryview of the array written."""
        groups, blanks, after, positions = which
        done = list(compress(positions, map(ne, keys, old)))
        if not done:
            return done
        if after:
            for j, deps in after:
                if j not in done and not deps.isdisjoint(done):
                    done.append(j)
            done.sort()
        for j in done:
            g, key, before = groups[j], keys[j], old[j]
            old[j] = ALWAYS  # until the blocks are written again
            out[g.start : g.stop] = blanks[j]
            g.write(game, player, writer)
            if key is not ALWAYS:
                old[j] = _renew(key, before)
        return done


class _Seat:
    """One seat's part of a :class:`TensorCache`: its tensor (``out``, written by every call
    not given an array), its private groups (``mine``, written through ``writer``; ``old``:
    their keys' snapshots) and, once asked for, the list of its tensor (``items``) with the
    array that list was made from (``listed``)."""

    __slots__ = ("out", "mine", "mv", "writer", "old", "items", "listed")

    def __init__(self, mine: np.ndarray, writer: Any, private: int) -> None:
        self.out = np.zeros(len(mine), np.float32)
        self.mine = mine
        self.mv = mine.data
        self.writer = writer
        self.old: list = [ALWAYS] * private
        self.items: list[float] | None = None
        self.listed = np.zeros(len(mine), np.float32)


def _picker(indices: list[int]) -> Callable[[Sequence], tuple]:
    """``f(items)``: the tuple of ``items`` at ``indices``."""
    if not indices:
        return lambda items: ()
    if len(indices) == 1:
        i = indices[0]
        return lambda items: (items[i],)
    return itemgetter(*indices)


def _renew(key: Any, old: Any) -> Any:
    """:func:`snapshot` of ``key``, reusing the parts of the old snapshot (a tuple) still equal."""
    if type(key) is tuple and type(old) is tuple and len(key) == len(old):
        return tuple([o if k == o else snapshot(k) for k, o in zip(key, old, strict=True)])
    return snapshot(key)
