"""The CPU budget of a post-game analysis (issue #32: an 86-decision game in 2 CPU-minutes on one
core), shared among its decisions.

A decision's fair share is what is left of the whole budget in proportion to its weight among
the decisions still to come, so that time one decision does not use passes on to the next. The
weight is the number of actions the recorded game still had to go at that decision (plus a tenth
of the game's length, so that the last decisions are not starved): a playout from there plays
those actions, so its cost is about proportional to them. Most decisions use far less than their
fair share (the search stops once its favourite is settled, a comparison once its verdict is),
a few far more (a comparison near a threshold runs all its rounds), so a decision may borrow:
it may use up to :data:`SLACK` times its fair share, as long as the decisions still to come keep
:data:`RESERVE` of theirs.

The clock is the calling thread's CPU time (:func:`time.thread_time`): a web server analyses in
a worker thread, where the process's CPU time would count the other threads' work too.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

Clock = Callable[[], float]
SLACK = 4.0  # a decision may use up to this many times its fair share...
RESERVE = 0.25  # ... leaving at least this part of theirs to the decisions still to come


def decision_weights(indices: Iterable[int], actions: int) -> dict[int, float]:
    """Each decision's weight (its index in a history of ``actions`` actions): the actions left
    to play from it, plus a tenth of the game."""
    floor = max(1.0, actions / 10)
    return {i: max(0, actions - i) + floor for i in indices}


class CpuBudget:
    """``seconds`` of CPU time (on ``clock``, counted from the budget's creation) shared among
    the decisions of ``weights`` (index -> weight), asked for in any order, each once."""

    def __init__(
        self, seconds: float, weights: dict[int, float], clock: Clock = time.thread_time
    ) -> None:
        if not seconds > 0:
            raise ValueError(f"a CPU budget must be positive, got {seconds}")
        self.seconds = seconds
        self.weights = dict(weights)
        self.clock = clock
        self.started = clock()
        self._left = sum(self.weights.values())

    def spent(self) -> float:
        return self.clock() - self.started

    def share(self, index: int) -> float:
        """The CPU seconds decision ``index`` may use from now (0 when the budget is spent):
        :data:`SLACK` times its fair share (the budget left, in proportion to its weight among
        the decisions not yet served), at most what leaves the others :data:`RESERVE` of
        theirs."""
        weight = self.weights.pop(index)
        left = max(0.0, self.seconds - self.spent())
        fair = left * weight / self._left if self._left > 0 else left
        self._left -= weight
        return min(SLACK * fair, left - RESERVE * (left - fair))


__all__ = ["RESERVE", "SLACK", "Clock", "CpuBudget", "decision_weights"]
