"""The coach's search for a decision's best move (issue #32): a few candidate moves valued on the
same paired rounds, with common random numbers.

Each round deals one determinization for the deciding seat (its observation only) and plays every
candidate from it, rolled out by the game's heuristic with the same random numbers (ISMCTS's
paired round, :meth:`empires.bots.ismcts.ISMCTSBot._round`), so that the candidates' rewards
differ by what the moves change rather than by luck. Every candidate gets one playout a round:
the best is the best mean on equal samples, never the move a prior sent most playouts to.

The search stops when its rounds are spent, when its leader cannot be caught by the rounds left
(the exact early stop: it is then the best of the whole budget), or at a CPU deadline (the
thread's CPU time, after one round). The early stop counts rounds, never seconds, so below its
deadline the search is the same for the same seed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from empires.bots.ismcts import ISMCTSBot, _Search, adapter_or_none


@dataclass
class Paired:
    """What a paired search found: per candidate, its rounds and the sums of the deciding
    seat's reward and of every seat's reward over them."""

    visits: dict[Any, int] = field(default_factory=dict)
    totals: dict[Any, float] = field(default_factory=dict)
    vectors: dict[Any, list[float]] = field(default_factory=dict)
    playouts: int = 0
    early: bool = False  # stopped once its leader could not be caught
    cut: bool = False  # stopped at its deadline, rounds left


def paired_search(
    bot: ISMCTSBot,
    state: Any,
    candidates: list,
    rounds_max: int,
    *,
    early_stop: float | None = 1.0,
    deadline: float | None = None,
    clock: Callable[[], float] | None = None,
) -> Paired:
    """``candidates`` (legal moves of ``state``, two or more) valued on at most ``rounds_max``
    paired rounds of ``bot`` (its generator, its heuristic rollouts) from the seat to move.
    A round in whose determinization a candidate is not legal is skipped (it counts)."""
    if len(candidates) < 2 or rounds_max < 1:
        raise ValueError("a paired search needs two candidates and one round at least")
    search = _Search(bot, state, adapter_or_none(state))
    me, n = search.me, state.num_players
    out = Paired(
        visits=dict.fromkeys(candidates, 0),
        totals=dict.fromkeys(candidates, 0.0),
        vectors={a: [0.0] * n for a in candidates},
    )
    for begun in range(rounds_max):
        if begun and deadline is not None and clock is not None and clock() >= deadline:
            out.cut = True
            break
        if begun >= 2 and _caught_up(out, early_stop, rounds_max - begun):
            out.early = True
            break
        rewards = bot._round(state, search, candidates)  # ISMCTS's paired round
        if rewards is None:
            continue
        for a, reward in zip(candidates, rewards, strict=True):
            out.visits[a] += 1
            out.totals[a] += reward[me]
            acc = out.vectors[a]
            for i, r in enumerate(reward):
                acc[i] += r
        out.playouts += len(candidates)
    return out


def _caught_up(found: Paired, early_stop: float | None, left: int) -> bool:
    """Whether no candidate can catch the leader in ``left`` more rounds (rewards in [0, 1],
    the stop factor scaling what the rounds left may add)."""
    if early_stop is None:
        return False
    totals = sorted(found.totals.values(), reverse=True)
    return totals[0] - totals[1] > early_stop * left


__all__ = ["Paired", "paired_search"]
