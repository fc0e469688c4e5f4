"""What the heuristic remembers from one decision to the next (issue #20: a cheap heuristic).

A view's values are pure functions of the public fields it reads. Most of them (colony values,
expedition estimates, building worths, the set income of goods...) read only fields that do not
move while the workers are placed (Phase 1 changes the event boxes and the available workers,
nothing else), yet a rollout asks for them at every placement of every seat. :class:`Shared`
holds them, and :func:`stable_key` names exactly the fields they read: a :class:`HeuristicBot`
keeps the last ``Shared`` of each seat with a copy of its key (:func:`kept_key`), and a new view whose key is equal adopts it
instead of computing the same floats again. Values that also read a box or the available workers
are kept under a key that includes what they read of those (see the scorers).

Nothing here is global: the memory belongs to one bot object, and a key equal to the last one
means the same inputs, hence the same values and the same choices.
"""

from __future__ import annotations

from typing import Any


class Shared:
    """The values of one seat's view that depend only on the fields :func:`stable_key` names."""

    __slots__ = (
        "added",
        "battle",
        "buildings",
        "discovery",
        "dock",
        "expedition",
        "goods",
        "offers",
        "planned",
        "plans",
        "ship",
        "shipping",
        "targets",
        "values",
    )

    def __init__(self) -> None:
        self.added: dict[tuple[int, ...], float] = {}  # add_value by arguments and counts
        self.expedition: dict[tuple[int, int], float] = {}  # best_expedition by arguments
        self.buildings: dict[tuple[str, int, int], float] = {}  # building_value
        self.goods: dict[tuple[int, ...], float] = {}  # good_value by good and goods held
        self.values: dict[tuple[Any, ...], float] = {}  # the scorers' own, keyed by their inputs
        self.planned: dict[tuple[Any, ...], list[list[int]]] = {}  # the Dock's planned landings
        # the Dock's, Discovery's and Shipping's values by worker class, under a key naming
        # what they read of the boxes and the available workers (see PlacementScorers)
        self.dock: dict[tuple[Any, ...], dict[int, float]] = {}
        self.discovery: dict[tuple[Any, ...], dict[int, float]] = {}
        self.shipping: dict[tuple[Any, ...], dict[int, float]] = {}
        # the Capital Buildings offered (ids and prices) by the tiles' indexes (_GameView)
        self.offers: dict[tuple[int, ...], list[tuple[str, int]]] = {}
        # the best expedition plan by distribution, Discovery box and floor (ExpeditionScorers)
        self.plans: dict[tuple[Any, ...], tuple[float, float, tuple[int, ...] | None]] = {}
        self.targets: list[tuple[Any, list, float]] | None = None  # discovery_targets
        self.ship: float | None = None  # ship_value
        self.battle: tuple[float, int, int] | None = None  # best_battle on the board


def stable_key(s: Any, me: int) -> tuple:
    """Everything of state ``s`` the :class:`Shared` values of seat ``me`` read, and the fields of
    its view that :meth:`~.game_view._GameView.again` reuses. Equal keys: equal values.

    The key holds the state's own lists (nothing is copied: comparing it with a kept key, which
    Python does list by list in C, is the cheap part of a decision); it is only good until the
    state changes. :func:`kept_key` copies it to keep it."""
    return (
        me,
        s.turn,
        s.step,
        s.order,
        s.money,
        s.ships,
        s.discovered,
        s.region_good,
        s.counter,  # as seat ``me`` sees them: with what is revealed or it scouted
        s.revealed,
        s.peeks[me],
        s.goods,
        s.owned,
        s.supply,
        s.found,
        s.cards_won,
        s.region_workers,
    )


def kept_key(key: tuple, earlier: tuple | None = None) -> tuple:
    """A copy of :func:`stable_key`'s ``key`` that later changes of the state leave alone (equal
    to the key while the state is unchanged). The parts equal to those of ``earlier`` (a kept
    key, never changed) are taken from it instead of copied."""
    kept: list[Any] = [key[0], key[1], key[2]]
    for i in range(3, 17):
        part = key[i]
        if earlier is not None and earlier[i] == part:
            kept.append(earlier[i])
        elif i < 11:
            kept.append(part[:])
        elif i < 16:
            kept.append([row[:] for row in part])
        else:
            kept.append([[w[:] for w in row] for row in part])
    return tuple(kept)
