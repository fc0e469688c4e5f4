"""Empires: Age of Discovery (2..6 players, default 4) as a PettingZoo AEC environment, version 0, in the form of every PettingZoo game::

    from empires.envs import discovery_v0
    env = discovery_v0.env()          # with PettingZoo's standard wrappers
    env.reset(seed=42)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

* :func:`raw_env` is the environment itself (:class:`~empires.interop.pettingzoo_env.EmpiresDiscoveryEnv`:
  keyword arguments ``num_players``, ``seed``, ``options``, ``events``, ``render_mode``; its
  docstring tells the observations, rewards and infos).
* :func:`env` wraps it as PettingZoo's classic games do: ``TerminateIllegalWrapper`` (an action
  outside the mask ends the game with -1 for the agent that took it), ``AssertOutOfBoundsWrapper``
  and ``OrderEnforcingWrapper``.
* There is no ``parallel_env``: the game is sequential and turn-based (one seat decides at a
  time, ``is_parallelizable`` is false), so a parallel API would only add no-op actions.
"""

from __future__ import annotations

from empires.interop.pettingzoo_env import EmpiresDiscoveryEnv, wrapped

raw_env = EmpiresDiscoveryEnv


def env(**kwargs):
    """The wrapped environment (see the module docstring); keyword arguments go to raw_env."""
    return wrapped(raw_env(**kwargs))


__all__ = ["env", "raw_env"]
