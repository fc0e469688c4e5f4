"""Empires: Age of Discovery as an OpenSpiel Python game, ``python_empires_discovery``.

Importing this module registers the game::

    import pyspiel
    import empires.interop.openspiel  # noqa: F401
    game = pyspiel.load_game("python_empires_discovery", {"players": 4, "seed": 7})

Game type
---------
* Sequential, imperfect information, **sampled stochastic**: chance is drawn inside the engine
  from the seeded generator it keeps in its state, so there are no chance nodes. A clone keeps
  the generator, so a clone replays the same chance outcomes for the same actions; use
  :meth:`EmpiresDiscoveryState.resample_from_infostate` (the engine's ``determinize``) to sample
  the hidden information and the future chance afresh, as IS-MCTS does.
* Parameters: ``players`` (2..6, default 4) and ``seed`` (default 0). Every initial state of
  one game object starts from engine seed ``seed``; ``seed=-1`` draws a fresh seed for each
  initial state instead. ``options`` (a string, default ``""``: the 2015 base game) is the JSON
  of the engine's :class:`~empires.discovery.Options`, e.g.
  ``'{"variants": ["scouting"], "builders": true}'``.
* Actions are the engine's fixed action space (``empires.discovery.actions.action_table``):
  ``num_distinct_actions == action_space_size(players, options)``.
* Zero-sum, terminal rewards: the returns are :func:`empires.interop.rank_returns` of the final
  ranking (first +1, last -1, linear in between, ties share the mean of their places).
* ``information_state_string(p)``: the seat, every action so far (all actions are public), the
  Trade Goods and Capital Buildings offered at the start of each turn (public information that
  the observation no longer shows once the offer is replaced) and the JSON of
  ``observation(p)``. It holds nothing hidden from ``p``: a determinized copy has the same one.
* ``observation_string(p)``: the JSON of ``observation(p)``; ``observation_tensor(p)``:
  :mod:`empires.interop.tensor`. There is no information-state tensor.
"""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel

from empires.core.rng import Rng
from empires.discovery import MAX_PLAYERS, MIN_PLAYERS, Options, new_game
from empires.discovery.actions import action_space_size, decode
from empires.discovery.tensor import encode, tensor_layout, tensor_size
from empires.interop import rank_returns

SHORT_NAME = "python_empires_discovery"
DEFAULT_PLAYERS = 4
DEFAULT_SEED = 0
# No game has come near this: random 6-player games take about 90 decisions per player.
MAX_DECISIONS_PER_PLAYER = 1500

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Empires: Age of Discovery",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": DEFAULT_PLAYERS, "seed": DEFAULT_SEED, "options": ""},
)


def _game_info(num_players: int, options: Options) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(
        num_distinct_actions=action_space_size(num_players, options),
        max_chance_outcomes=0,
        num_players=num_players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=MAX_DECISIONS_PER_PLAYER * num_players,
    )


class _Engine:
    """Everything a state holds besides OpenSpiel's own history.

    OpenSpiel clones a Python state by building a new initial state and deep-copying the old
    one's attributes into it: ``__deepcopy__`` makes that the engine's own (fast) ``clone``,
    and for ``seed=-1`` games a new engine is only set up when it is first used, so a clone
    does not pay for a game it throws away.

    * ``offers``: the public Trade Goods and Capital Buildings offered at the start of each turn
      so far (JSON strings, for the information state);
    * ``observations``: the current observation per seat, dropped by every action (OpenSpiel
      asks for a state's information-state string, observation string and tensor separately);
    * ``initial``: ``(players, seed, options)`` while this is the untouched initial state of a
      fixed-seed game, whose tensors are cached (see ``EmpiresDiscoveryObserver.set_from``).
    """

    __slots__ = ("game", "turn", "offers", "observations", "initial", "lazy")

    def __init__(self, game=None, offers: tuple[str, ...] = (), initial=None, lazy=None) -> None:
        if game is not None:
            self.game = game
            self.turn = game.s.turn
        self.offers = offers
        self.observations: dict[int, dict] = {}
        self.initial = initial
        self.lazy = lazy  # (players, seed, options) of an engine not set up yet

    def __getattr__(self, name):
        # Only reached for unset slots: the game (and turn) of a lazy engine.
        if name in ("game", "turn") and self.lazy is not None:
            players, seed, options = self.lazy
            self.lazy = None
            game = new_game(players, seed, options)
            game.narrate = False  # OpenSpiel reads observations, never the event log
            self.game, self.turn, self.offers = game, game.s.turn, (_offers(game),)
            return getattr(self, name)
        raise AttributeError(name)

    def __deepcopy__(self, memo) -> _Engine:
        return _Engine(self.game.clone(), self.offers, self.initial)

    def observation(self, player: int) -> dict:
        obs = self.observations.get(player)
        if obs is None:
            obs = self.observations[player] = self.game.observation(player)
        return obs

    def apply(self, code: int) -> None:
        game = self.game
        game.apply(code)
        self.observations.clear()
        self.initial = None
        # The engine's public API has no cheap turn counter (observation() costs ~50x this).
        if game.s.turn != self.turn:
            self.turn = game.s.turn
            self.offers += (_offers(game),)


class EmpiresDiscoveryGame(pyspiel.Game):
    """The OpenSpiel game object (parameters ``players`` and ``seed``)."""

    def __init__(self, params=None):
        params = dict(params or {})
        players = int(params.get("players", DEFAULT_PLAYERS))
        seed = int(params.get("seed", DEFAULT_SEED))
        options_json = str(params.get("options", ""))
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"players must be {MIN_PLAYERS}..{MAX_PLAYERS}, not {players}")
        if seed < -1:
            raise ValueError(f"seed must be >= 0 (or -1 for a fresh seed per game), not {seed}")
        options = Options.from_json(json.loads(options_json)) if options_json.strip() else Options()
        super().__init__(
            _GAME_TYPE,
            _game_info(players, options),
            {"players": players, "seed": seed, "options": options_json},
        )
        self.players = players
        self.seed = seed
        self.options = options
        self._seeds = random.Random()
        # Initial states are clones of this one (cheaper than setting a game up every time,
        # which matters because OpenSpiel builds an initial state for every clone). Setting it
        # up also checks that the options allow this many players.
        self._initial = new_game(players, max(seed, 0), options)
        self._initial.narrate = False  # OpenSpiel reads observations, never the event log
        self._initial_offers = (_offers(self._initial),)

    def new_initial_state(self):
        return EmpiresDiscoveryState(self)

    def _new_engine(self) -> _Engine:
        if self.seed >= 0:
            return _Engine(
                self._initial.clone(), self._initial_offers, (self.players, self.seed, self.options)
            )
        return _Engine(lazy=(self.players, self._seeds.randrange(1 << 62), self.options))

    def make_py_observer(self, iig_obs_type=None, params=None):
        if isinstance(iig_obs_type, dict) and params is None:  # called as f(params)
            iig_obs_type, params = None, iig_obs_type
        return EmpiresDiscoveryObserver(self.players, iig_obs_type, params)


class EmpiresDiscoveryState(pyspiel.State):
    """A state wrapping an engine game (:class:`empires.discovery.DiscoveryGame`)."""

    def __init__(self, game: EmpiresDiscoveryGame):
        super().__init__(game)
        self._engine = game._new_engine()
        self._num_players = game.players

    @property
    def engine(self):
        """The wrapped :class:`~empires.discovery.DiscoveryGame` (do not apply actions to it
        directly: the OpenSpiel history would not follow)."""
        return self._engine.game

    # ---- the OpenSpiel State API -----------------------------------------------------------
    def current_player(self):
        p = self._engine.game.current_player
        return pyspiel.PlayerId.TERMINAL if p < 0 else p

    def _legal_actions(self, player):
        game = self._engine.game
        if player != game.current_player or player < 0:
            return []
        return sorted(game.legal_action_codes())

    def _apply_action(self, action):
        self._engine.apply(int(action))

    def _action_to_string(self, player, action):
        return str(decode(int(action), self._num_players))

    def is_terminal(self):
        return self._engine.game.is_terminal()

    def returns(self):
        game = self._engine.game
        if not game.is_terminal():
            return [0.0] * self._num_players
        return rank_returns(game.ranking(), self._num_players)

    def resample_from_infostate(self, player_id, probability_sampler=None):
        """A copy in which what ``player_id`` cannot know (face-down counters, the Discovery
        deck, the Capital Building stacks, the Trade Goods pool, the engine's generator) is
        resampled (the engine's ``determinize``); ``probability_sampler`` (e.g.
        ``pyspiel.UniformProbabilitySampler``) seeds the resampling."""
        if probability_sampler is not None:
            seed = int(probability_sampler() * (1 << 53))
        else:
            seed = random.getrandbits(63)
        other = self.clone()
        other._engine = _Engine(
            self._engine.game.determinize(player_id, Rng(seed)), self._engine.offers
        )
        return other

    def __str__(self):
        game = self._engine.game
        obs = game.observation(None)
        lines = [f"{game!r}", f"decision: {json.dumps(obs['decision'], sort_keys=True)}"]
        for p, row in enumerate(obs["players"]):
            lines.append(
                f"p{p}: ${row['money']} available={row['available']} goods={row['goods']} "
                f"ships={row['merchant_ships']} buildings={row['buildings']} "
                f"vp={obs['scores'][p]['total']}"
            )
        lines.append("actions: " + ",".join(map(str, self.history())))
        return "\n".join(lines)


_INITIAL_TENSORS: dict[tuple, np.ndarray] = {}  # (players, seed, options, seat) -> tensor


def _offers(game) -> str:
    """The public Trade Goods and Capital Buildings on offer, as compact JSON."""
    boxes = game.observation(None)["boxes"]
    return json.dumps(
        [boxes["trade_goods_offer"], [b["id"] for b in boxes["buildings_offer"]]],
        separators=(",", ":"),
    )


def _observation_json(state: EmpiresDiscoveryState, player: int) -> str:
    return json.dumps(state._engine.observation(player), sort_keys=True, separators=(",", ":"))


def _info_state(state: EmpiresDiscoveryState, player: int) -> str:
    return "\n".join(
        (
            f"seat {player}",
            "offers " + " ".join(state._engine.offers),
            "actions " + ",".join(map(str, state.history())),
            "observation " + _observation_json(state, player),
        )
    )


class EmpiresDiscoveryObserver:
    """The PyObserver OpenSpiel asks for: the observation tensor and string, or (perfect
    recall) the information-state string and no tensor."""

    def __init__(self, num_players: int, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.num_players = num_players
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if self.perfect_recall:
            self.tensor = None
            self.dict = {}
        else:
            self.tensor = np.zeros(tensor_size(num_players), np.float32)
            self.dict = {
                name: self.tensor[off : off + int(np.prod(shape))].reshape(shape)
                for name, (off, shape) in tensor_layout(num_players).items()
            }

    def set_from(self, state, player):
        if self.tensor is None:
            return
        engine = state._engine
        if engine.initial is None:
            encode(engine.observation(player), self.tensor)
            return
        # OpenSpiel computes the tensor shape from a new initial state at every
        # observation_tensor() call: initial states of a fixed seed share a cached tensor.
        key = (*engine.initial, player)
        cached = _INITIAL_TENSORS.get(key)
        if cached is None:
            if len(_INITIAL_TENSORS) >= 256:
                _INITIAL_TENSORS.clear()
            cached = _INITIAL_TENSORS[key] = encode(engine.observation(player))
        self.tensor[:] = cached

    def string_from(self, state, player):
        if self.perfect_recall:
            return _info_state(state, player)
        return _observation_json(state, player)


pyspiel.register_game(_GAME_TYPE, EmpiresDiscoveryGame)
