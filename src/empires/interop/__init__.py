"""Research interfaces for both games: an OpenSpiel game, a PettingZoo AEC environment and a
Gymnasium single-agent environment per game, all reaching the game through its adapter
(:func:`empires.core.adapter.get_adapter`); this package imports no game package.

The observation tensors live in the games' packages (``empires.discovery.tensor``,
``empires.settlers.tensor``) and are reached here through ``adapter.observation_tensor`` and
``adapter.tensor_shape``. The interfaces need the ``research`` extra
(``pip install 'empires[research]'``) and are imported on demand::

    import empires.interop.openspiel   # registers python_empires_discovery, python_empires_settlers
    from empires.interop.pettingzoo_env import EmpiresDiscoveryEnv, EmpiresSettlersEnv
    from empires.interop.gym_env import EmpiresSettlersSingleAgentEnv  # and ...Discovery...

Outcomes are the same everywhere (:func:`rank_returns`): a seat's return is its place in the
final ranking mapped linearly onto [-1, 1] (first +1, last -1), seats tied in the ranking sharing
the mean of the places they span, so the returns of a game of two or more players always add up
to 0. A solo game (Imperial Settlers) returns +1 when the player places (beats the virtual
player), -1 otherwise.
"""

from __future__ import annotations

__all__ = ["missing_research_extra", "rank_returns"]

RESEARCH_EXTRA = "pip install 'empires[research]'"


def missing_research_extra(exc: ImportError) -> ImportError:
    """The error to raise when a library of the ``research`` extra is missing: it names the
    library and the extra."""
    name = exc.name or str(exc)
    return ImportError(f"{name} is not installed: the research interfaces need {RESEARCH_EXTRA}")


def rank_returns(ranking: list[list[int]], num_players: int) -> list[float]:
    """Per-seat returns in [-1, 1] from a ranking (groups of seats, best first). With one
    player: +1 when seat 0 is ranked (a solo win), -1 when the ranking is empty (a loss)."""
    if num_players < 1:
        raise ValueError("rank_returns needs at least one player")
    if num_players == 1:
        return [1.0 if any(0 in group for group in ranking) else -1.0]
    out = [0.0] * num_players
    place = 0
    for group in ranking:
        values = [1.0 - 2.0 * (place + i) / (num_players - 1) for i in range(len(group))]
        share = sum(values) / len(values)
        for p in group:
            out[p] = share
        place += len(group)
    return out
