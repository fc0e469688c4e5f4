"""The score of each player per turn of a finished game, for the end screen's chart.

After each action the events it produced say whether a new turn (Discovery) or round (Settlers)
began; the scores are read from the spectator's observation (what anyone watching sees, so
nothing hidden) at the start, at the end of every turn and at the end of the game. A live game
follows its own actions as they are applied (:class:`ScoreTracker`, one look at the new public
events per action); a game that came into memory part-played, or whose state was replaced (an
undo, a catch-up from the store), is replayed from its start once it is finished
(:func:`score_track`), which gives the same track. Games reached through the core protocol only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def _totals(state: Any) -> list[float] | None:
    rows = state.observation(None).get("scores")
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        return None
    return [r.get("total", 0) for r in rows]


def _turn_of(events: Sequence[dict], turn: int) -> int:
    turns = [e["turn"] for e in events if isinstance(e.get("turn"), int)]
    return max([turn, *turns])


class ScoreTracker:
    """The score track of one game state followed action by action: :meth:`follow` after each
    action applied to it, :meth:`track` once it is over. Made by :meth:`start` (None for a game
    whose observation has no scores or that does not narrate: no events, no turns)."""

    def __init__(self, state: Any, first: list[float]) -> None:
        self.state = state  # the very object followed: another one is never read
        self.actions = 0  # actions followed since the start
        events = state.events(None)
        self.count = len(events)  # public events seen
        self.turn = _turn_of(events, 1)
        self.turns = [0]
        self.points = [first]

    @classmethod
    def start(cls, state: Any) -> ScoreTracker | None:
        """A tracker of ``state``, a game at its start with no action applied yet."""
        if not getattr(state, "narrate", True):
            return None
        first = _totals(state)
        return None if first is None else cls(state, first)

    def follow(
        self, state: Any, actions: int, public: Callable[[int], list[dict]] | None = None
    ) -> bool:
        """After one more action applied to :attr:`state` (which now has ``actions`` actions):
        a point when it ended a turn. False, changing nothing, when ``state`` is another object
        or ``actions`` is not the next count (an action this tracker did not see).
        ``public(since)``: ``state.events(None, since)`` from a cache of the caller's."""
        if state is not self.state or actions != self.actions + 1:
            return False
        self.actions = actions
        new = state.events(None, self.count) if public is None else public(self.count)
        self.count += len(new)
        now = _turn_of(new, self.turn)
        if now > self.turn:  # the action ended turn `turn` (and began the next)
            self.turns.append(self.turn)
            self.points.append(_totals(state) or [])
            self.turn = now
        return True

    def track(self, state: Any, actions: int) -> dict | None:
        """``{"turns": [0, 1, ...], "totals": [[seat 0's total per point], ...]}``: a point
        at the start (turn 0), one at the end of each turn, and the final scores (the last
        turn's point), once :attr:`state` is over with all its ``actions`` followed; else
        None."""
        if state is not self.state or actions != self.actions or not state.is_terminal():
            return None
        return self.result()

    def result(self) -> dict:
        """The track as it stands (:meth:`track`'s answer, whether or not the game is over:
        the last point is the scores now)."""
        state = self.state
        turns, points = list(self.turns), list(self.points)
        if turns[-1] == self.turn:  # the last action began a turn it did not play: the end
            points[-1] = _totals(state) or []  # replaces it
        else:
            turns.append(self.turn)
            points.append(_totals(state) or [])
        return {
            "turns": turns,
            "totals": [[p[seat] for p in points] for seat in range(len(points[0]))],
        }


def score_track(start: Any, actions: Sequence[Any]) -> dict | None:
    """:meth:`ScoreTracker.result` for the game that ``actions`` play from ``start`` (not
    changed), replayed: ``None`` for a game whose observation has no scores."""
    game = start.clone()
    game.narrate = True
    tracker = ScoreTracker.start(game)
    if tracker is None:
        return None
    for n, action in enumerate(actions, 1):
        game.apply(action)
        tracker.follow(game, n)
    return tracker.result()
