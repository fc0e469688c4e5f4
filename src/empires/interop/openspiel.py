"""Both games as OpenSpiel Python games: ``python_empires_discovery`` and
``python_empires_settlers``.

Importing this module registers them::

    import pyspiel
    import empires.interop.openspiel  # noqa: F401
    game = pyspiel.load_game("python_empires_discovery", {"players": 4, "seed": 7})
    solo = pyspiel.load_game("python_empires_settlers", {"players": 1, "seed": 7})

One implementation serves both (:class:`EmpiresGame`, :class:`EmpiresState`,
:class:`EmpiresObserver`), parameterised by a :class:`GameSpec` and reaching the game only
through its adapter (:func:`empires.core.adapter.get_adapter`).

Game type
---------
* Sequential, imperfect information, **sampled stochastic**: chance is drawn inside the engine
  from the seeded generator it keeps in its state, so there are no chance nodes. A clone keeps
  the generator, so a clone replays the same chance outcomes for the same actions; use
  :meth:`EmpiresState.resample_from_infostate` (the engine's ``determinize``) to sample the
  hidden information and the future chance afresh, as IS-MCTS does.
* Parameters: ``players`` (Discovery 2..6, default 4; Imperial Settlers 1..4, default 2: one
  player is the solo game against the virtual player) and ``seed`` (default 0). Every initial
  state of one game object starts from engine seed ``seed``; ``seed=-1`` draws a fresh seed for
  each initial state instead. ``options`` (a string, default ``""``: the game's defaults) is the
  JSON of the game's Options, e.g. ``'{"variants": ["scouting"], "builders": true}'`` or
  ``'{"factions": ["romans", "japanese"]}'``.
* Actions are the engine's fixed action space: ``num_distinct_actions ==
  adapter.action_space_size(players, options)``.
* Terminal rewards: the returns are :func:`empires.interop.rank_returns` of the final ranking
  (first +1, last -1, linear in between, ties share the mean of their places). Discovery is
  zero-sum; Imperial Settlers is declared general-sum because its solo game returns +1 for a
  win and -1 for a loss (with 2-4 players its returns add up to 0 too).
* ``information_state_string(p)``: the seat, the public records (Discovery: the Trade Goods and
  Capital Buildings offered at the start of each turn, which the observation no longer shows
  once the offer is replaced), the history — every action when all actions are public
  (Discovery), else the events ``p`` may read (Imperial Settlers, whose secret choices reach
  only their actor) — and the JSON of ``observation(p)``. It holds nothing hidden from ``p``: a
  determinized copy has the same one.
* ``observation_string(p)``: the JSON of ``observation(p)``; ``observation_tensor(p)``: the
  game's tensor (``adapter.observation_tensor``).
* ``information_state_tensor(p)`` (also ``make_observation(game,
  pyspiel.IIGObservationType(perfect_recall=True))``): the observation tensor of ``p``
  followed by counts of the action codes taken so far, one row of ``num_distinct_actions``
  counts per seat from ``p`` on (seats rotated as in the observation tensor) when every action
  is public (Discovery), else one row: ``p``'s own actions (Imperial Settlers, whose secret
  choices reach only their actor). Its size is fixed per game, player count and options. It
  holds nothing hidden from ``p`` (a determinized copy has the same one); being counts, not the
  order of the actions, it is a summary of the information state, not an exact encoding of it
  (two histories may share it where their information-state strings differ).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from empires.interop import missing_research_extra

try:
    import numpy as np
    import pyspiel
except ImportError as exc:
    raise missing_research_extra(exc) from None

from empires.core.adapter import GameAdapter, get_adapter
from empires.core.rng import Rng
from empires.interop import rank_returns

# No game has come near this: random 6-player Discovery games take about 90 decisions per
# player, random Imperial Settlers games at most about 75.
MAX_DECISIONS_PER_PLAYER = 1500
_SEED_LIMIT = 1 << 62


@dataclass(frozen=True)
class GameSpec:
    """How one game is offered to OpenSpiel."""

    game: str  # the adapter's name
    short_name: str
    long_name: str
    default_players: int
    zero_sum: bool
    min_players: int  # the adapter's (a test checks), so that registering imports no game
    max_players: int

    @property
    def adapter(self) -> GameAdapter:
        return get_adapter(self.game)


SPECS: dict[str, GameSpec] = {
    "discovery": GameSpec(
        "discovery", "python_empires_discovery", "Python Empires: Age of Discovery", 4, True, 2, 6
    ),
    "settlers": GameSpec(
        "settlers", "python_empires_settlers", "Python Imperial Settlers", 2, False, 1, 4
    ),
}
SHORT_NAMES = {spec.short_name: name for name, spec in SPECS.items()}


def game_type(spec: GameSpec) -> pyspiel.GameType:
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=spec.short_name,
        long_name=spec.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if spec.zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": spec.default_players, "seed": 0, "options": ""},
    )


def _game_info(spec: GameSpec, num_players: int, options) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(
        num_distinct_actions=spec.adapter.action_space_size(num_players, options),
        max_chance_outcomes=0,
        num_players=num_players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0 if spec.zero_sum else None,
        max_game_length=MAX_DECISIONS_PER_PLAYER * num_players,
    )


class _Engine:
    """Everything a state holds besides OpenSpiel's own history.

    OpenSpiel clones a Python state by building a new initial state and deep-copying the old
    one's attributes into it: ``__deepcopy__`` makes that the engine's own (fast) ``clone``,
    and for ``seed=-1`` games a new engine is only set up when it is first used, so a clone
    does not pay for a game it throws away.

    * ``records``: the adapter's public records so far (one more each time its
      ``public_record_key`` changes, e.g. at each Discovery turn), for the information state:
      each a :class:`_Record`, worked out when an information state is first asked for;
    * ``observations``: the current observation per seat, dropped by every action (OpenSpiel
      asks for a state's information-state string, observation string and tensor separately);
    * ``initial``: ``(game, players, seed, options)`` while this is the untouched initial state
      of a fixed-seed game, whose tensors are cached (see ``EmpiresObserver.set_from``);
    * ``told``: per seat, the position in the event log up to which its events are already in
      ``(position, their JSON lines)`` (a seat's view of a logged event never changes, so the
      information state of a game with private actions grows by the new events only);
    * ``observer``: the game's observer for :meth:`EmpiresState.observation_tensor`, shared by
      the states of one game object (its tensor cache keeps each seat's tensor between calls);
    * ``origin``: what the game was set up from (its untouched initial game, or ``(players,
      seed, options)``), to replay its actions from when its events are first asked for: the
      engine does not narrate until then (see :meth:`narrating`).
    """

    __slots__ = (
        "adapter",
        "game",
        "key",
        "records",
        "observations",
        "initial",
        "lazy",
        "told",
        "observer",
        "origin",
    )

    def __init__(
        self,
        adapter,
        game=None,
        records=(),
        initial=None,
        lazy=None,
        told=None,
        observer=None,
        origin=None,
    ) -> None:
        self.adapter = adapter
        self.observer = observer
        self.origin = origin if origin is not None else lazy
        if game is not None:
            self.game = game
            self.key = adapter.public_record_key(game)
        self.records: tuple[_Record, ...] = records
        self.observations: dict[int, dict] = {}
        self.initial = initial
        # An engine not set up yet: (players, seed, options), or a game to clone (the initial
        # state of a fixed-seed game, which OpenSpiel often builds only to throw away)
        self.lazy = lazy
        self.told: dict[int, tuple[int, str]] = dict(told or {})

    def __getattr__(self, name):
        # Only reached for unset slots: the game (and key) of a lazy engine.
        if name in ("game", "key") and self.lazy is not None:
            lazy, self.lazy = self.lazy, None
            if isinstance(lazy, tuple):
                game = _new_engine_game(self.adapter, *lazy)
                self.records = (_Record(self.adapter, game.clone()),)
            else:
                game = lazy.clone()
            self.game, self.key = game, self.adapter.public_record_key(game)
            return getattr(self, name)
        raise AttributeError(name)

    def __deepcopy__(self, memo) -> _Engine:
        return _Engine(
            self.adapter,
            self.game.clone(),
            self.records,
            self.initial,
            None,
            self.told,
            self.observer,
            self.origin,
        )

    def narrating(self):
        """The game, narrating from its start: a game that does not narrate yet is replaced by
        its replay from ``origin`` with narration on (the same state, the rules never depend on
        narration, with the event log it would have had), which narrates from then on, and so
        do its clones and determinized copies. Games whose actions are all public never need
        it; the others narrate only once an information state is asked for."""
        game = self.game
        if not game.narrate:
            origin = self.origin
            if origin is None:
                raise ValueError("this state's events cannot be told: it has no origin to replay")
            if isinstance(origin, tuple):
                replay = self.adapter.new_game(*origin)
            else:
                replay = origin.clone()
            replay.narrate = True
            for action in game.history["actions"]:
                replay.apply(action)
            self.game = game = replay
        return game

    def events_text(self, player: int) -> str:
        """The events ``player`` may read so far, one JSON line each."""
        since, text = self.told.get(player, (0, ""))
        new = self.narrating().events(player, since)
        if new:
            text += "".join(
                json.dumps(e, sort_keys=True, separators=(",", ":")) + "\n" for e in new
            )
            self.told[player] = (new[-1]["seq"] + 1, text)
        return text

    def observation(self, player: int) -> dict:
        obs = self.observations.get(player)
        if obs is None:
            obs = self.observations[player] = self.game.observation(player)
        return obs

    def apply(self, code: int) -> None:
        game = self.game
        codes = game.legal_action_codes()  # worked out once per decision, as the actions
        if code in codes:  # the action value offered (no decoding); else the engine's error
            game.apply(game.legal_actions()[codes.index(code)])
        else:
            game.apply(code)
        self.observations.clear()
        self.initial = None
        key = self.adapter.public_record_key(game)
        if key != self.key:
            self.key = key
            self.records += (_Record(self.adapter, game.clone()),)


class _Record:
    """A public record (``adapter.public_record``) of a game at one point, worked out when it
    is first read (``str``), from the game as it was then (a copy nobody changes): most games
    played through OpenSpiel never ask for an information state, and a Discovery record (an
    observation of the whole table) costs about two copies of the game."""

    __slots__ = ("adapter", "game", "text")

    def __init__(self, adapter, game) -> None:
        self.adapter = adapter
        self.game = game
        self.text: str | None = None

    def __str__(self) -> str:
        if self.text is None:
            self.text = self.adapter.public_record(self.game)
            self.game = None  # no longer needed
        return self.text


def _new_engine_game(adapter, players: int, seed: int, options):
    game = adapter.new_game(players, seed, options)
    # The event log is read only for information states of games whose actions are private,
    # and then replayed with narration on (_Engine.narrating): no game narrates until then.
    game.narrate = False
    return game


def _read_params(spec: GameSpec, params) -> tuple[int, int, str, object]:
    adapter = spec.adapter
    params = dict(params or {})
    players = int(params.get("players", spec.default_players))
    seed = int(params.get("seed", 0))
    options_json = str(params.get("options", ""))
    if not adapter.min_players <= players <= adapter.max_players:
        raise ValueError(
            f"players must be {adapter.min_players}..{adapter.max_players}, not {players}"
        )
    if seed < -1:
        raise ValueError(f"seed must be >= 0 (or -1 for a fresh seed per game), not {seed}")
    data = json.loads(options_json) if options_json.strip() else None
    return players, seed, options_json, adapter.options_from_json(data)


class EmpiresGame(pyspiel.Game):
    """The OpenSpiel game object of one game (parameters ``players``, ``seed``, ``options``);
    subclasses set ``spec``."""

    spec: GameSpec

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = self.spec
        players, seed, options_json, options = _read_params(spec, params)
        super().__init__(
            game_type(spec),
            _game_info(spec, players, options),
            {"players": players, "seed": seed, "options": options_json},
        )
        self.adapter = spec.adapter
        self.players = players
        self.seed = seed
        self.options = options
        self._seeds = random.Random()
        # Initial states are clones of this one (cheaper than setting a game up every time,
        # which matters because OpenSpiel builds an initial state for every clone). Setting it
        # up also checks that the options allow this many players.
        self._initial = _new_engine_game(self.adapter, players, max(seed, 0), options)
        # (never changed: initial states are its clones)
        self._initial_records = (_Record(self.adapter, self._initial),)
        self._observer: EmpiresObserver | None = None  # for EmpiresState.observation_tensor

    def new_initial_state(self):
        return EmpiresState(self)

    def _new_engine(self) -> _Engine:
        if self._observer is None:
            self._observer = EmpiresObserver(self.adapter, self.players, self.options)
        if self.seed >= 0:
            initial = (self.spec.game, self.players, self.seed, self.options)
            return _Engine(
                self.adapter,
                None,
                self._initial_records,
                initial,
                self._initial,
                None,
                self._observer,
            )
        lazy = (self.players, self._seeds.randrange(_SEED_LIMIT), self.options)
        return _Engine(self.adapter, lazy=lazy, observer=self._observer)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if isinstance(iig_obs_type, dict) and params is None:  # called as f(params)
            iig_obs_type, params = None, iig_obs_type
        return EmpiresObserver(self.adapter, self.players, self.options, iig_obs_type, params)


class EmpiresState(pyspiel.State):
    """A state wrapping an engine game."""

    def __init__(self, game: EmpiresGame):
        super().__init__(game)
        self._engine = game._new_engine()
        self._num_players = game.players

    @property
    def engine(self):
        """The wrapped engine game (do not apply actions to it directly: the OpenSpiel history
        would not follow)."""
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
        return str(self._engine.adapter.decode(int(action), self._num_players))

    def is_terminal(self):
        return self._engine.game.is_terminal()

    def returns(self):
        game = self._engine.game
        if not game.is_terminal():
            return [0.0] * self._num_players
        return rank_returns(game.ranking(), self._num_players)

    def observation_tensor(self, player=None):
        """OpenSpiel's ``observation_tensor`` (a list of floats; by default of the player to
        act), built here without the new initial state OpenSpiel's own call sets up each time to
        learn the tensor's size, through the game's observer (its cache rewrites only what
        changed since the previous call). ``make_observation(game)`` gives the same numbers as
        a numpy array, without the list."""
        seat = self.current_player() if player is None else player
        observer = self._engine.observer
        if observer is None or not isinstance(seat, int) or not 0 <= seat < self._num_players:
            # OpenSpiel's own call, and its error for a seat that is not one
            return super().observation_tensor(*(() if player is None else (player,)))
        return observer.tensor_list(self, seat)

    def resample_from_infostate(self, player_id, probability_sampler=None):
        """A copy in which what ``player_id`` cannot know (hidden cards, counters, decks, the
        engine's generator) is resampled (the engine's ``determinize``);
        ``probability_sampler`` (e.g. ``pyspiel.UniformProbabilitySampler``) seeds the
        resampling."""
        if probability_sampler is not None:
            seed = int(probability_sampler() * (1 << 53))
        else:
            seed = random.getrandbits(63)
        engine = self._engine
        # the copy's information state lists the events of this one's: narrating from here on
        game = engine.game if engine.adapter.actions_public else engine.narrating()
        other = self.clone()
        other._engine = _Engine(
            engine.adapter,
            game.determinize(player_id, Rng(seed)),
            engine.records,
            observer=engine.observer,
        )
        return other

    def __str__(self):
        game = self._engine.game
        obs = game.observation(None)
        lines = [f"{game!r}", f"decision: {json.dumps(obs['decision'], sort_keys=True)}"]
        for p, row in enumerate(obs["scores"]):
            lines.append(f"p{p}: {json.dumps(row, sort_keys=True)}")
        lines.append("actions: " + ",".join(map(str, self.history())))
        return "\n".join(lines)


_INITIAL_TENSORS: dict[tuple, np.ndarray] = {}  # (game, players, seed, options, seat) -> tensor


def _observation_json(state: EmpiresState, player: int) -> str:
    return json.dumps(state._engine.observation(player), sort_keys=True, separators=(",", ":"))


def _info_state(state: EmpiresState, player: int) -> str:
    engine = state._engine
    if engine.adapter.actions_public:
        past = "actions " + ",".join(map(str, state.history()))
    else:
        past = "events\n" + engine.events_text(player)
    return "\n".join(
        (
            f"seat {player}",
            "offers " + " ".join(map(str, engine.records)),
            past,
            "observation " + _observation_json(state, player),
        )
    )


def history_rows(adapter: GameAdapter, num_players: int) -> int:
    """How many rows of action counts an information-state tensor holds: one per seat when
    every action is public (Discovery), else one (the seat's own actions)."""
    return num_players if adapter.actions_public else 1


def count_actions(state: pyspiel.State, player: int, out: np.ndarray) -> None:
    """Write into ``out`` (rows x action codes) how many times each action code was taken so
    far: row ``r`` by seat ``player + r`` (seats rotated so that ``player`` comes first, as in
    the observation tensor); with a single row, only ``player``'s own actions."""
    out.fill(0.0)
    rows, n = out.shape[0], state.num_players()
    for step in state.full_history():
        row = (step.player - player) % n
        if row < rows:
            out[row, step.action] += 1.0


class EmpiresObserver:
    """The PyObserver OpenSpiel asks for: the observation tensor and string, or (perfect
    recall) the information-state tensor and string. The information-state tensor is the
    observation tensor followed by counts of the action codes taken so far (``actions``: one
    row per seat from the observer's on when every action is public, else the observer's own
    actions only). Its tensor cache and its named views (``dict``) are set up when first used
    (OpenSpiel makes observers it never asks)."""

    def __init__(
        self,
        adapter: GameAdapter,
        num_players: int,
        options: Any = None,
        iig_obs_type: Any = None,
        params: Any = None,
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.adapter = adapter
        self.num_players = num_players
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self._cache: Any = None  # adapter.tensor_cache: each seat's tensor, call to call
        self._dict: dict | None = None
        size = int(np.prod(adapter.tensor_shape(num_players, options)))
        self.history_shape: tuple[int, int] | None = None
        extra = 0
        if self.perfect_recall:
            self.history_shape = (
                history_rows(adapter, num_players),
                adapter.action_space_size(num_players, options),
            )
            extra = self.history_shape[0] * self.history_shape[1]
        self.tensor: np.ndarray = np.zeros(size + extra, np.float32)
        self._obs = self.tensor[:size]  # the observation tensor's part (a view)

    @property
    def dict(self) -> dict:
        """The named blocks of the tensor, as reshaped views (and ``actions``: the counts of
        an information-state tensor)."""
        if self._dict is None:
            tensor = self.tensor
            self._dict = {
                name: tensor[off : off + int(np.prod(block))].reshape(block)
                for name, (off, block) in self.adapter.tensor_layout(self.num_players).items()
            }
            if self.history_shape is not None:
                self._dict["actions"] = tensor[self._obs.size :].reshape(self.history_shape)
        return self._dict

    @property
    def _tensors(self) -> Any:
        """The tensor cache."""
        if self._cache is None:
            self._cache = self.adapter.tensor_cache(self.num_players)
        return self._cache

    def set_from(self, state: Any, player: int) -> None:
        self._observation_from(state, player)
        if self.history_shape is not None:
            count_actions(state, player, self.dict["actions"])

    def _observation_from(self, state: Any, player: int) -> None:
        tensor = self._obs
        engine = state._engine
        if engine.initial is None and engine.lazy is None:  # a state being played
            self._tensors.tensor(engine.game, player, tensor)
            return
        if engine.initial is None:
            # a new initial state of a seed=-1 game (OpenSpiel builds one to learn the shape):
            # from scratch, not through the cache of the states being played
            self.adapter.observation_tensor(engine.game, player, tensor)
            return
        # OpenSpiel computes the tensor shape from a new initial state at every
        # observation_tensor() call: initial states of a fixed seed share a cached tensor.
        key = (*engine.initial, player)
        cached = _INITIAL_TENSORS.get(key)
        if cached is None:
            if len(_INITIAL_TENSORS) >= 256:
                _INITIAL_TENSORS.clear()
            cached = self.adapter.observation_tensor(engine.game, player).copy()
            _INITIAL_TENSORS[key] = cached
        tensor[:] = cached

    def tensor_list(self, state, player: int) -> list[float]:
        """``set_from`` then the tensor as a new list; for a state being played, straight from
        the cache's list of the seat's tensor (kept beside the array it was made from: only the
        values that changed are converted again)."""
        engine, tensor = state._engine, self.tensor
        if self.history_shape is not None or engine.initial is not None or engine.lazy is not None:
            self.set_from(state, player)
            return tensor.tolist()
        return self._tensors.tensor_list(engine.game, player)

    def string_from(self, state, player):
        if self.perfect_recall:
            return _info_state(state, player)
        return _observation_json(state, player)


def _game_class(spec: GameSpec) -> type[EmpiresGame]:
    name = "Empires" + spec.game.capitalize() + "Game"
    return type(name, (EmpiresGame,), {"spec": spec, "__doc__": f"{spec.long_name}."})


EmpiresDiscoveryGame = _game_class(SPECS["discovery"])
EmpiresSettlersGame = _game_class(SPECS["settlers"])
# The states and observers of both games are the generic ones.
EmpiresDiscoveryState = EmpiresSettlersState = EmpiresState

for _cls in (EmpiresDiscoveryGame, EmpiresSettlersGame):
    pyspiel.register_game(game_type(_cls.spec), _cls)
