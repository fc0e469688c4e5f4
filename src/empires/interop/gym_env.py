"""Both games as Gymnasium single-agent environments: :class:`EmpiresDiscoverySingleAgentEnv`
and :class:`EmpiresSettlersSingleAgentEnv` (one generic :class:`EmpiresSingleAgentEnv`,
reaching its game only through the game's adapter).

    from empires.interop.gym_env import EmpiresSettlersSingleAgentEnv
    env = EmpiresSettlersSingleAgentEnv()          # the solo game: one seat, the virtual player
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
  Imperial Settlers' default is its solo game (``num_players=1``: no opponent seats; the
  virtual player is part of the rules); Discovery's is 4 players.
* ``options`` (the game's Options or its JSON dict, default the game's defaults) sets the rules.
* Observation ``{"observation": float32 tensor (the game's observation tensor, relative to the
  seat), "action_mask": int8 mask of the legal action codes}``; action ``Discrete(n_actions)``.
* Reward 0 until the game ends, then :func:`empires.interop.rank_returns` for the seat (the
  same as the OpenSpiel and PettingZoo returns; solo: +1 for a win, -1 for a loss).
* ``action_masks()``: the legal-action mask as a bool array of shape ``(action_space.n,)``
  (sb3-contrib's ``MaskablePPO`` convention; the same as ``obs["action_mask"]``).
* ``info["legal_actions_words"]``: ``{action code: its words in English}`` of the seat's legal
  actions (as the seat may read them; ``{}`` once the episode is over), in the infos of
  ``reset`` and ``step``; ``action_words=False`` leaves it out (describing every legal action
  costs up to about a millisecond a step).
* ``render_mode="ansi"``: ``render()`` returns the board as the seat sees it, as text (the
  panels of the terminal screen, in English, after a line with the scores); ``"human"``
  prints it after every reset and step. ``metadata["render_fps"]`` is 4.
* An action outside the mask ends the episode as a loss (``terminated=True``, reward -1,
  ``info["illegal_action"] = True``), leaving the game as it was; pass ``illegal_action="raise"``
  to get a ``ValueError`` instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from empires.interop import missing_research_extra

try:
    import gymnasium as gym
    import numpy as np
    from gymnasium import spaces
except ImportError as exc:
    raise missing_research_extra(exc) from None

from empires.bots import make_bot
from empires.core.adapter import get_adapter
from empires.interop import rank_returns
from empires.interop.observing import (
    board_text,
    check_players,
    legal_action_words,
    observation_space,
    observe_seat,
    read_options,
)

ILLEGAL_REWARD = -1.0


class EmpiresSingleAgentEnv(gym.Env):
    """The single-agent environment of the game named by ``game_name`` (subclasses fix it)."""

    game_name = ""
    default_players = 2
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 4}

    def __init__(
        self,
        num_players: int | None = None,
        seat: int = 0,
        opponents: str | Sequence[Any] = "random",
        seed: int | None = None,
        render_mode: str | None = None,
        illegal_action: str = "lose",
        options=None,
        action_words: bool = True,
    ):
        self.adapter = adapter = get_adapter(self.game_name)
        if num_players is None:
            num_players = self.default_players
        check_players(adapter, num_players)
        if not isinstance(seat, int) or not 0 <= seat < num_players:
            raise ValueError(f"seat must be 0..{num_players - 1}, not {seat!r}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError("illegal_action must be 'lose' or 'raise'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.num_players = num_players
        self.options = read_options(adapter, options)
        adapter.new_game(num_players, 0, self.options)  # options that refuse this many players
        self.seat = seat
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.action_words = action_words
        self.n_actions = adapter.action_space_size(num_players, self.options)
        self._tensors = adapter.tensor_cache(num_players)  # the seat's tensor, step to step
        self.observation_space = observation_space(adapter, num_players, self.options)
        self.action_space = spaces.Discrete(self.n_actions)
        self._opponent_specs = self._read_opponents(opponents)
        for spec in self._opponent_specs:
            if isinstance(spec, str):
                make_bot(spec, self.game_name, 0)  # fail now on an unknown or unavailable bot name
        self._seed = seed
        self.game: Any = None  # the engine game, set up by reset()
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
        game_seed = int(rng.integers(1 << 62))
        self.game = self.adapter.new_game(self.num_players, game_seed, self.options)
        self.bots = {}
        for p, spec in enumerate(self._opponent_specs):
            bot_seed = int(rng.integers(1 << 62))
            if p == self.seat:
                continue
            self.bots[p] = (
                make_bot(spec, self.game_name, bot_seed) if isinstance(spec, str) else spec
            )
        self._play_opponents()
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._info()

    def step(self, action):
        game = self.game
        if game is None:
            raise RuntimeError("call reset() before step()")
        if game.is_terminal():
            raise RuntimeError("the episode is over: call reset()")
        code = int(action)
        codes = game.legal_action_codes()
        if code not in codes:
            if self.illegal_action == "raise":
                raise ValueError(f"action {code} is not legal now")
            return self._observe(), ILLEGAL_REWARD, True, False, {"illegal_action": True}
        game.apply(game.legal_actions()[codes.index(code)])  # the value: no decoding
        self._play_opponents()
        reward = 0.0
        terminated = game.is_terminal()
        if terminated:
            reward = rank_returns(game.ranking(), self.num_players)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, False, self._info()

    def render(self):
        if self.render_mode is None or self.game is None:
            return None
        game = self.game
        obs = game.observation(self.seat)
        text = f"{game!r} seat {self.seat}: " + ", ".join(
            f"p{p} {row['total']}vp" for p, row in enumerate(obs["scores"])
        )
        text += "\n" + board_text(self.adapter, game, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def action_masks(self) -> np.ndarray:
        """The legal-action mask of the seat now, as bools of shape ``(action_space.n,)``
        (all False before reset, once the episode is over, or when the seat is not to act)."""
        mask = np.zeros(self.n_actions, np.bool_)
        game = self.game
        if game is not None and not game.is_terminal() and game.current_player == self.seat:
            mask[list(game.legal_action_codes())] = True
        return mask

    # ---- helpers ---------------------------------------------------------------------------
    def _play_opponents(self) -> None:
        game = self.game
        while not game.is_terminal() and game.current_player != self.seat:
            game.apply(self.bots[game.current_player].choose(game))

    def _info(self) -> dict[str, Any]:
        if not self.action_words:
            return {}
        return {"legal_actions_words": legal_action_words(self.game, self.seat)}

    def _observe(self) -> dict[str, np.ndarray]:
        return observe_seat(self.adapter, self.game, self.seat, self.n_actions, self._tensors)


class EmpiresDiscoverySingleAgentEnv(EmpiresSingleAgentEnv):
    """Empires: Age of Discovery (2..6 players, default 4), the other seats bots."""

    game_name = "discovery"
    default_players = 4


class EmpiresSettlersSingleAgentEnv(EmpiresSingleAgentEnv):
    """Imperial Settlers: by default the solo game against the virtual player (1 player); with
    2..4 players the other seats are bots."""

    game_name = "settlers"
    default_players = 1
