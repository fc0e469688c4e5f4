"""Scorers of the decisions that need no view of the board: fixed orders of preference."""

from __future__ import annotations

from empires.discovery.heuristic.weights import (
    KILL_ORDER,
    MILITIA_CHOICE,
    PLAGUE_LOSS_ORDER,
)


def _casualty(d: dict, legal: list) -> list[float]:
    """Remove an opponent's Soldier first (it threatens us and scores Power), Militia last."""
    scores = []
    for a in legal:
        if a.a == MILITIA_CHOICE:
            scores.append(-10.0)
        elif a.a in KILL_ORDER:
            scores.append(-float(KILL_ORDER.index(a.a)))
        else:
            scores.append(-5.0)
    return scores


def _plague_2(d: dict, legal: list) -> list[float]:
    """Give up a Colonist first, a Soldier last."""
    return [
        -float(PLAGUE_LOSS_ORDER.index(a.a)) if a.a in PLAGUE_LOSS_ORDER else -9.0 for a in legal
    ]


def _skip_it(d: dict, legal: list) -> list[float]:
    """The University is kept unused (its 5 VP do not depend on it)."""
    return [1.0 if a.kind == "skip" else 0.0 for a in legal]


def _unscored(d: dict, legal: list) -> list[float]:
    """Every choice scores 0 (the bot picks at random among them): the bot has no rule for this
    decision yet. Kept as it was so that games stay identical; see :data:`UNSCORED`."""
    return [0.0] * len(legal)
