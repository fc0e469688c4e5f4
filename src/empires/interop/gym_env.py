"""Empires: Age of Discovery as a Gymnasium single-agent environment.

    from empires.interop.gym_env import EmpiresDiscoverySingleAgentEnv
    env = EmpiresDiscoverySingleAgentEnv(num_players=4, seat=0, opponents="random")
    obs, info = env.reset(seed=1)
    while True:
        action = pick(obs["observation"], obs["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

* The agent plays ``seat``; every other seat is a bot from :func:`empires.bots.make_bot`
  (``opponents``: one bot name for all of them, or one name per seat with the agent's entry
  ignored, or bot objects with a ``choose(game)`` method). Bots built from names are seeded
  from the environment's generator at every reset, so a seeded reset replays exactly.
* ``options`` (an :class:`~empires.discovery.Options` or its JSON dict, default the 2015
  base game) sets the rules.
* Observation ``{"observation": float32 tensor (empires.interop.tensor, relative to the seat),
  "action_mask": int8 mask of the legal action codes}``; action ``Discrete(n_actions)``.
* Reward 0 until the game ends, then :func:`empires.interop.rank_returns` for the seat (the
  same as the OpenSpiel and PettingZoo returns).
* An action outside the mask ends the episode as a loss (``terminated=True``, reward -1,
  ``info["illegal_action"] = True``), leaving the game as it was; pass ``illegal_action="raise"``
  to get a ``ValueError`` instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from empires.bots import make_bot
from empires.discovery import MAX_PLAYERS, MIN_PLAYERS, new_game
from empires.discovery.actions import action_space_size
from empires.interop import rank_returns
from empires.interop.pettingzoo_env import observation_space, observe_seat, read_options

ILLEGAL_REWARD = -1.0


class EmpiresDiscoverySingleAgentEnv(gym.Env):
    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(
        self,
        num_players: int = 4,
        seat: int = 0,
        opponents: str | Sequence[Any] = "random",
        seed: int | None = None,
        render_mode: str | None = None,
        illegal_action: str = "lose",
        options=None,
    ):
        if not isinstance(num_players, int) or not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
            raise ValueError(
                f"num_players must be {MIN_PLAYERS}..{MAX_PLAYERS}, not {num_players!r}"
            )
        if not isinstance(seat, int) or not 0 <= seat < num_players:
            raise ValueError(f"seat must be 0..{num_players - 1}, not {seat!r}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError("illegal_action must be 'lose' or 'raise'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.num_players = num_players
        self.options = read_options(options)
        self.options.check_players(num_players)
        self.seat = seat
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.n_actions = action_space_size(num_players, self.options)
        self.observation_space = observation_space(num_players, self.options)
        self.action_space = spaces.Discrete(self.n_actions)
        self._opponent_specs = self._read_opponents(opponents)
        for spec in self._opponent_specs:
            if isinstance(spec, str):
                make_bot(spec, 0)  # fail now on an unknown or unavailable bot name
        self._seed = seed
        self.game = None
        self.bots: dict[int, Any] = {}

    def _read_opponents(self, opponents) -> list[Any]:
        n = self.num_players
        if isinstance(opponents, str) or hasattr(opponents, "choose"):
            return [opponents] * n
        specs = list(opponents)
        if len(specs) == n - 1:
            specs.insert(self.seat, None)
        if len(specs) != n:
            raise ValueError(
                f"opponents must be one bot name, or {n - 1} (or {n}) of them, got {len(specs)}"
            )
        return specs

    # ---- Gymnasium API ---------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if seed is None and self._seed is not None and self._np_random is None:
            seed = self._seed
        super().reset(seed=seed)
        rng = self.np_random
        self.game = new_game(self.num_players, int(rng.integers(1 << 62)), self.options)
        self.bots = {}
        for p, spec in enumerate(self._opponent_specs):
            bot_seed = int(rng.integers(1 << 62))
            if p == self.seat:
                continue
            self.bots[p] = make_bot(spec, bot_seed) if isinstance(spec, str) else spec
        self._play_opponents()
        return self._observe(), {}

    def step(self, action):
        game = self.game
        if game is None:
            raise RuntimeError("call reset() before step()")
        if game.is_terminal():
            raise RuntimeError("the episode is over: call reset()")
        code = int(action)
        if code not in game.legal_action_codes():
            if self.illegal_action == "raise":
                raise ValueError(f"action {code} is not legal now")
            return self._observe(), ILLEGAL_REWARD, True, False, {"illegal_action": True}
        game.apply(code)
        self._play_opponents()
        reward = 0.0
        terminated = game.is_terminal()
        if terminated:
            reward = rank_returns(game.ranking(), self.num_players)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, False, {}

    def render(self):
        if self.render_mode is None or self.game is None:
            return None
        game = self.game
        obs = game.observation(self.seat)
        text = f"{game!r} seat {self.seat}: " + ", ".join(
            f"p{p} {row['total']}vp" for p, row in enumerate(obs["scores"])
        )
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # ---- helpers ---------------------------------------------------------------------------
    def _play_opponents(self) -> None:
        game = self.game
        while not game.is_terminal() and game.current_player != self.seat:
            game.apply(self.bots[game.current_player].choose(game))

    def _observe(self) -> dict[str, np.ndarray]:
        return observe_seat(self.game, self.seat, self.n_actions)
