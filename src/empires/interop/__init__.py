"""Research interfaces for Empires: Age of Discovery: a fixed-size observation tensor, an
OpenSpiel game, a PettingZoo AEC environment and a Gymnasium single-agent environment.

Only :mod:`empires.interop.tensor` (numpy) is imported here. The others need the ``research``
extra (``pip install 'empires[research]'``) and are imported on demand::

    import empires.interop.openspiel             # registers "python_empires_discovery"
    from empires.interop.pettingzoo_env import EmpiresDiscoveryEnv
    from empires.interop.gym_env import EmpiresDiscoverySingleAgentEnv

Outcomes are the same everywhere (:func:`rank_returns`): a seat's return is its place in the
final ranking mapped linearly onto [-1, 1] (first +1, last -1), seats tied in the ranking sharing
the mean of the places they span, so the returns of a game always add up to 0.
"""

from __future__ import annotations

from empires.interop.tensor import encode, observation_tensor, tensor_layout, tensor_shape

__all__ = ["encode", "observation_tensor", "rank_returns", "tensor_layout", "tensor_shape"]


def rank_returns(ranking: list[list[int]], num_players: int) -> list[float]:
    """Per-seat returns in [-1, 1] from a ranking (groups of seats, best first)."""
    if num_players < 2:
        raise ValueError("rank_returns needs at least two players")
    out = [0.0] * num_players
    place = 0
    for group in ranking:
        values = [1.0 - 2.0 * (place + i) / (num_players - 1) for i in range(len(group))]
        share = sum(values) / len(values)
        for p in group:
            out[p] = share
        place += len(group)
    return out
