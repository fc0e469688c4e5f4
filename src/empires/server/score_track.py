"""The score of each player per turn of a finished game, for the end screen's chart.

Computed once per finished game by replaying its actions from the start: after each action the
events it produced say whether a new turn (Discovery) or round (Settlers) began; the scores are
read from the spectator's observation (what anyone watching sees, so nothing hidden) at the start,
at the end of every turn and at the end of the game. Games reached through the core protocol only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def _totals(state: Any) -> list[float] | None:
    rows = state.observation(None).get("scores")
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        return None
    return [r.get("total", 0) for r in rows]


def _turn_of(events: Sequence[dict], turn: int) -> int:
    turns = [e["turn"] for e in events if isinstance(e.get("turn"), int)]
    return max([turn, *turns])


def score_track(start: Any, actions: Sequence[Any]) -> dict | None:
    """``{"turns": [0, 1, ...], "totals": [[seat 0's total per point], ...]}`` for the game
    that ``actions`` play from ``start`` (not changed): a point at the start (turn 0), one at the
    end of each turn, and the final scores (the last turn's point). ``None`` for a game whose
    observation has no scores."""
    game = start.clone()
    game.narrate = True
    first = _totals(game)
    if first is None:
        return None
    count = len(game.events(None))
    turn = _turn_of(game.events(None), 1)
    turns, points = [0], [first]
    for action in actions:
        game.apply(action)
        new = game.events(None, count)
        count += len(new)
        now = _turn_of(new, turn)
        if now > turn:  # the action ended turn `turn` (and began the next)
            turns.append(turn)
            points.append(_totals(game) or [])
            turn = now
    if turns[-1] == turn:  # the last action began a turn it did not play: the end replaces it
        points[-1] = _totals(game) or []
    else:
        turns.append(turn)
        points.append(_totals(game) or [])
    return {
        "turns": turns,
        "totals": [[p[seat] for p in points] for seat in range(len(first))],
    }
