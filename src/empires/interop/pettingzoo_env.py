"""Both games as PettingZoo AEC environments: :class:`EmpiresDiscoveryEnv` and
:class:`EmpiresSettlersEnv` (one generic :class:`EmpiresEnv`, reaching its game only through
the game's adapter).

    from empires.interop.pettingzoo_env import EmpiresDiscoveryEnv, EmpiresSettlersEnv
    env = EmpiresSettlersEnv(num_players=3, seed=0)
    env.reset(seed=42)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else pick(obs["observation"], obs["action_mask"])
        env.step(action)

* Agents ``player_0`` .. ``player_{n-1}`` are the engine's seats (Discovery 2..6 players;
  Imperial Settlers 1..4, one being the solo game against the virtual player); ``options`` (the
  game's Options or its JSON dict, default the game's defaults) sets the rules.
* ``observe(agent)`` is ``{"observation": float32 tensor (the game's observation tensor,
  relative to that agent, clipped to [0, OBS_HIGH]), "action_mask": int8 vector over the fixed
  action space}``; the mask is all zeros when it is not that agent's turn (and once the game is
  over).
* ``action_space(agent)`` is ``Discrete(action_space_size(n))``: the engine's action codes. An
  action outside the mask raises ``ValueError`` (wrap the env in PettingZoo's
  ``TerminateIllegalWrapper`` to make it a loss instead).
* Rewards are 0 until the game ends, then :func:`empires.interop.rank_returns` (the same as the
  OpenSpiel returns; a solo game: +1 for a win, -1 for a loss); every agent is then terminated
  and must be stepped with ``None``. There are no truncations.
* With ``events=True``, ``infos[agent]["events"]`` of the agent to act holds the engine's events
  (:mod:`empires.core.events`: JSON-ready dicts with ``seq``, ``turn``, ``phase``, ``kind``,
  ``text``, ``player`` and the fields of their kind) that this agent may read and has not been
  given yet: everything since its previous turn, its own action included, as *its* view (another
  seat's secrets redacted). When the game ends every agent gets the rest of its events this way
  (final scoring, game over). By default (``events=False``) the engine does not narrate and
  the infos are empty: narrating costs about as much as the engine's own step, and no game
  changes either way.
* Seeding: ``reset(seed=s)`` reseeds the environment's generator, from which every reset draws
  the engine seed of its game; ``seed`` in the constructor seeds it for resets without a seed.
"""

from __future__ import annotations

import random
from typing import Any

from empires.interop import missing_research_extra

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as exc:
    raise missing_research_extra(exc) from None

from empires.core.adapter import get_adapter
from empires.core.rng import Rng
from empires.interop import rank_returns
from empires.interop.observing import (
    check_players,
    observation_space,
    observe_seat,
    read_options,
    status_text,
)


class EmpiresEnv(AECEnv):
    """The AEC environment of the game named by ``game`` (subclasses fix it)."""

    game_name = ""
    default_players = 2
    metadata: dict[str, Any] = {
        "render_modes": ["human", "ansi"],
        "name": "",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        num_players: int | None = None,
        seed: int | None = None,
        render_mode=None,
        options=None,
        events: bool = False,
    ):
        super().__init__()
        self.adapter = adapter = get_adapter(self.game_name)
        if num_players is None:
            num_players = self.default_players
        check_players(adapter, num_players)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.num_players = num_players
        self.options = read_options(adapter, options)
        adapter.new_game(num_players, 0, self.options)  # options that refuse this many players
        self.render_mode = render_mode
        self.events = bool(events)
        self._told: dict[str, int] = {}  # per agent: the seq of the next event to give it
        self.n_actions = adapter.action_space_size(num_players, self.options)
        self._tensors = adapter.tensor_cache(num_players)  # each agent's tensor, step to step
        self.possible_agents = [f"player_{i}" for i in range(num_players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = observation_space(adapter, num_players, self.options)
        act_space = spaces.Discrete(self.n_actions)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}
        self._seeder = Rng(seed if seed is not None else random.getrandbits(64))
        self.game: Any = None  # the engine game, set up by reset()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # ---- AEC API ---------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeder = Rng(seed)
        seed = self._seeder.next_u64() >> 2
        self.game = self.adapter.new_game(self.num_players, seed, self.options)
        self.game.narrate = self.events
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self.game.current_player]
        self._told = {a: 0 for a in self.agents}
        self._tell(self.agent_selection)

    def _tell(self, agent: str) -> None:
        """Put the events ``agent`` may read and has not been given yet in its info."""
        if not self.events:
            self.infos[agent] = {}
            return
        events = self.game.events(self.agent_name_mapping[agent], self._told[agent])
        if events:
            self._told[agent] = events[-1]["seq"] + 1
        self.infos[agent] = {"events": events}

    def observe(self, agent):
        seat = self.agent_name_mapping[agent]
        return observe_seat(self.adapter, self.game, seat, self.n_actions, self._tensors)

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        code = int(action)
        codes = game.legal_action_codes()
        if code not in codes:
            raise ValueError(f"action {code} is not legal for {agent} now; legal: {sorted(codes)}")
        game.apply(game.legal_actions()[codes.index(code)])  # the value: no decoding
        if game.is_terminal():
            self._cumulative_rewards[agent] = 0.0
            returns = rank_returns(game.ranking(), self.num_players)
            for a in self.agents:
                self.rewards[a] = returns[self.agent_name_mapping[a]]
                self.terminations[a] = True
                self._tell(a)
            self._accumulate_rewards()
        else:
            # Every reward is 0 until the game ends (and so every cumulative reward): nothing
            # to reset or add up at this step.
            self.infos[agent] = {}  # what it was told is now old news
            self.agent_selection = self.possible_agents[game.current_player]
            self._tell(self.agent_selection)
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def _text(self) -> str:
        return status_text(self.game)


class EmpiresDiscoveryEnv(EmpiresEnv):
    """Empires: Age of Discovery (2..6 players, default 4)."""

    game_name = "discovery"
    default_players = 4
    metadata = {**EmpiresEnv.metadata, "name": "empires_discovery_v0"}


class EmpiresSettlersEnv(EmpiresEnv):
    """Imperial Settlers (1..4 players, default 2; one player: the solo game)."""

    game_name = "settlers"
    default_players = 2
    metadata = {**EmpiresEnv.metadata, "name": "empires_settlers_v0"}


ENVS: dict[str, type[EmpiresEnv]] = {
    "discovery": EmpiresDiscoveryEnv,
    "settlers": EmpiresSettlersEnv,
}


def env(game: str = "discovery", **kwargs) -> EmpiresEnv:
    """PettingZoo-style constructor: the environment of ``game``."""
    if game not in ENVS:
        raise ValueError(f"unknown game {game!r}; known games: {', '.join(ENVS)}")
    return ENVS[game](**kwargs)


def wrapped(raw: EmpiresEnv) -> Any:
    """``raw`` with the wrappers PettingZoo's classic games apply: ``TerminateIllegalWrapper``
    (an action outside the mask ends the game with -1 for the agent that took it),
    ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``."""
    env = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)
