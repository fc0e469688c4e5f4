"""What the heuristic remembers from one decision to the next (issue #20: a cheap heuristic).

A view's values are pure functions of the public fields it reads. Most of them (colony values,
expedition estimates, building worths, the set income of goods...) read only fields that do not
move while the workers are placed (Phase 1 changes the event boxes and the available workers,
nothing else), yet a rollout asks for them at every placement of every seat. :class:`Shared`
holds them, and :func:`stable_key` names exactly the fields they read: a :class:`HeuristicBot`
keeps the last ``Shared`` of each seat with its key, and a new view whose key is equal adopts it
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
        "expedition",
        "goods",
        "planned",
        "ship",
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
        self.targets: list[tuple[Any, list, float]] | None = None  # discovery_targets
        self.ship: float | None = None  # ship_value
        self.battle: tuple[float, int, int] | None = None  # best_battle on the board


def stable_key(s: Any, me: int) -> tuple:
    """Everything of state ``s`` the :class:`Shared` values of seat ``me`` read, and the fields of
    its view that :meth:`~.game_view._GameView.again` reuses. Equal keys: equal values."""
    return (
        me,
        s.turn,
        s.step,
        tuple(s.order),
        tuple(s.money),
        tuple(s.ships),
        tuple(s.discovered),
        tuple(s.region_good),
        tuple(s.counter),  # as seat ``me`` sees them: with what is revealed or it scouted
        tuple(s.revealed),
        tuple(s.peeks[me]),
        tuple(map(tuple, s.goods)),
        tuple(map(tuple, s.owned)),
        tuple(map(tuple, s.supply)),
        tuple(map(tuple, s.found)),
        tuple(map(tuple, s.cards_won)),
        tuple([tuple(w) for row in s.region_workers for w in row]),
    )
