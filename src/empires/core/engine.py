"""The engine shell every game shares: the public API of :class:`~empires.core.game.GameState`
over a plain-data state, its decision stack and the game's action codec.

A game subclasses :class:`EngineGame` and names its parts as class attributes: its ``codec``
(an :class:`~empires.core.actions.ActionCodec`), its decision ``table``
(:class:`~empires.core.decisions.DecisionTable`), ``state_type``, the ``flow`` that advances
through automatic steps, ``new_state``, ``emit`` and ``event_texts`` (its narration), and its
``options_type``. It keeps only its rules hooks: scores, ranking, observation, describe and
determinize. Saving and loading (:meth:`EngineGame.replay`, :meth:`EngineGame.from_json`) are
shared too, with hooks for what one game's saves need (:meth:`EngineGame._replay_options`,
:meth:`EngineGame._comparable`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, ClassVar, Self

from empires.core import events as core_events
from empires.core import savefile
from empires.core.actions import ActionCodec, quote
from empires.core.decisions import DecisionTable
from empires.core.errors import IllegalActionError, SaveFileError

SEED_RANGE = (-(2**63), 2**64 - 1)
FORMAT = 1  # the version of the save format (``history["format"]``)


class EngineGame:
    """One game. Mutated in place by :meth:`apply`; copy with :meth:`clone`."""

    __slots__ = ("s", "_legal", "_codes", "_teller", "_agreed")

    game_name: ClassVar[str]
    codec: ClassVar[ActionCodec]
    table: ClassVar[DecisionTable]
    state_type: ClassVar[Any]  # the game's PlainState
    options_type: ClassVar[Any]  # the game's frozen Options (to_json / from_json)
    flow: ClassVar[Callable[..., None]]  # (state): advance until a decision or the end
    new_state: ClassVar[Callable[..., Any]]  # (num_players, seed, options) -> state
    emit: ClassVar[Callable[..., None]]  # the game's narration.emit
    event_texts: ClassVar[dict]
    # whether an action's text may differ for its actor (a card picked in secret)
    secret_choices: ClassVar[bool] = False
    # errors replay lets through as they are (besides SaveFileError)
    load_errors: ClassVar[tuple[type[Exception], ...]] = ()
    # The state's fields that hold what some seat cannot see or mark who has seen what (face-down
    # pieces, decks, hands, peeks): the game's promise that its rules read a hidden value only
    # where they also move, turn over or reshuffle something in one of them, so an action that
    # leaves them all as they were (and draws nothing) has revealed nothing. The undo check
    # (empires.core.undo) then skips its resampled comparison. Empty: that check is always made.
    hidden_fields: ClassVar[tuple[str, ...]] = ()

    def __init__(self, state: Any) -> None:
        self.s = state
        self._legal: list | None = None
        self._codes: tuple[list, list[int]] | None = None  # (legal_actions(), their codes)
        self._teller: Any = None  # who tells the log (core.narrator), from the first action on
        self._agreed = 0  # how many of the teller's actions are known to be this game's

    def __reduce__(self) -> tuple[Any, tuple[Any]]:
        """Pickled (and deep-copied) as its state, on both builds: a compiled class has no
        ``__dict__`` for pickle's default; the legal-action caches are rebuilt on demand."""
        return type(self), (self.s,)

    # ---- construction ----------------------------------------------------------------------
    @classmethod
    def new(cls, num_players: Any, seed: Any = 0, options: Any = None) -> Self:
        # hostile values are typed Any: checked here, so a compiled build raises the same errors
        cls.check_new_game_args(num_players, seed, options)
        game = cls(cls.new_state(num_players, seed, options or cls.options_type()))
        cls.flow(game.s)
        return game

    @classmethod
    def check_new_game_args(cls, num_players: Any, seed: Any, options: Any) -> None:
        """ValueError naming the argument when one of :meth:`new`'s is of the wrong type."""
        if not isinstance(num_players, int) or isinstance(num_players, bool):
            raise ValueError(f"num_players must be an integer, not {type(num_players).__name__}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, not {type(seed).__name__}")
        if not SEED_RANGE[0] <= seed <= SEED_RANGE[1]:
            raise ValueError(f"seed must be an integer from {SEED_RANGE[0]} to {SEED_RANGE[1]}")
        if options is not None and not isinstance(options, cls.options_type):
            raise ValueError(
                f"options must be an empires.{cls.game_name}.Options value or None, not "
                f"{type(options).__name__} (Options.from_json reads a dict)"
            )

    @property
    def num_players(self) -> int:
        return self.s.num_players

    @property
    def options(self) -> Any:
        return self.s.options

    # ---- play ------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.s.pending[-1]["player"] if self.s.pending else -1

    @property
    def decision(self) -> dict | None:
        """The decision waiting on top of the stack (its context is public)."""
        return self.s.pending[-1] if self.s.pending else None

    def is_terminal(self) -> bool:
        return self.s.step == "over"

    def legal_actions(self) -> list:
        if self._legal is None:
            pending = self.s.pending
            if not pending:
                self._legal = []
            else:
                top = pending[-1]
                self._legal = self.table.handlers[top["kind"]][0](self.s, top)
        return self._legal

    def legal_action_codes(self) -> list[int]:
        """The integer codes of :meth:`legal_actions` (worked out once per decision: the
        research interfaces ask for them several times a step)."""
        legal = self.legal_actions()
        codes = self._codes
        if codes is None or codes[0] is not legal:
            n = self.s.num_players
            table = self.codec.codes(n)  # one lookup per action, not a call of encode each
            try:
                codes = self._codes = (legal, [table[a] for a in legal])
            except KeyError:  # (an action outside the space: encode names it)
                codes = self._codes = (legal, [self.codec.encode(a, n) for a in legal])
        return list(codes[1])

    def apply(self, action: Any) -> None:
        """Apply an action (an action value, its string or its integer code); an illegal or
        malformed one raises IllegalActionError naming the decision and the legal actions, and
        changes nothing."""
        self._apply(self.check(action))

    def check(self, action: Any) -> Any:
        """The legal action value ``action`` (a value, its string or its integer code) names,
        without applying it: what :meth:`apply` would apply, or the same IllegalActionError
        (ValueError etc. for a malformed one). Changes nothing; ``str()`` of the result is the
        action's canonical words, as the history records them."""
        legal = self.legal_actions()
        if type(action) is self.codec.action_type and action in legal:  # a value we offered
            return action
        act = self.codec.coerce(action, self.s.num_players)
        if self.is_terminal():
            raise IllegalActionError(f"{act} is not legal: the game is over")
        if act not in legal:
            top = self.s.pending[-1]
            raise IllegalActionError(
                f"{act} is not legal now: player {top['player']} must decide "
                f"{top['kind']!r}; legal: {', '.join(map(str, legal))}"
            )
        return act

    def _apply(self, act: Any) -> None:
        s = self.s
        if s.narrate:
            if s.keep_log:
                self._start_telling()  # a game: its log is told from here when read
            else:
                self._tell_action(act)  # a narrator (core.narrator): the words, at once
        top = s.pending.pop()
        s.actions.append(act)
        self.table.handlers[top["kind"]][1](s, top, act)
        self.flow(s)
        self._legal = None

    def _start_telling(self) -> None:
        """At the first action with the log on: keep the game as it is now (its log so far
        included) as the start its narrator tells the rest from, and stop writing events
        (:mod:`empires.core.narrator`)."""
        from empires.core.narrator import Teller

        base = self._copy()
        base.s.keep_log = False  # (its rules write events; it tells nothing itself)
        self._teller, self._agreed = Teller(base), 0
        self.s.narrate = False

    def _tell_action(self, act: Any) -> None:
        """The "action" event of ``act``, written by a narrator as it applies it: who answered
        which decision, what the public may know of it (its message: :meth:`describe_msg`),
        and for the actor alone the raw action and, when they tell more, their own words
        (:attr:`secret_choices`, :meth:`private_words`)."""
        top = self.s.pending[-1]
        p = top["player"]
        turn, phase = self.event_head()
        secret: dict = {"to": [p], "action": str(act)}
        if not self.secret_choices:
            public = self.describe_msg(act, p)
        else:
            public = self.describe_msg(act, None)
            if self.private_words(act, top):
                mine = self.describe_msg(act, p)
                if mine != public:
                    secret.update(mine)
        event = {"kind": "action", "turn": turn, "phase": phase, "player": p}
        event.update(decision=top["kind"], action=None, **public)
        event["secret"] = secret
        self.s.events.append(event)

    def _told(self) -> tuple[list[dict], int]:
        """``(log, end)``: the game's event log is ``log[:end]`` (told now if need be)."""
        s = self.s
        if s.narrate or not s.keep_log:  # nothing told by a narrator (yet, or at all)
            return s.events, len(s.events)
        teller = self._teller
        made = None if teller is None else teller.tell(s.actions, self._agreed)
        if made is None:  # (no teller yet, or this game's history left its teller's)
            made = self._new_teller().tell(s.actions, 0)
            assert made is not None
        log, end, self._agreed = made
        return log, end

    def _new_teller(self) -> Any:
        """A teller for this game anew: from its teller's base when its history starts there,
        else from its config and seed (an unpickled game, a copy gone another way)."""
        from empires.core.narrator import Teller

        old = self._teller
        s = self.s
        if old is not None and old.start <= len(s.actions):
            base = old.base
        else:
            base = type(self).new(s.num_players, s.seed, s.options)
            base.s.keep_log = False
        self._teller, self._agreed = Teller(base), 0
        return self._teller

    def by_hand(self) -> None:
        """Say that the state is about to be changed by hand between actions (a rules test
        setting up a position; no player's path does so): the log told so far is kept as it
        stands, and the rules write their events at once until the next action, which starts
        the telling anew from the state as it is then. A no-op before the first action."""
        s = self.s
        if s.keep_log and not s.narrate:
            log, end = self._told()
            s.events = log[:end]  # (the events themselves are never changed: shared, not copied)
            s.narrate = True
            self._teller = None

    def event_log(self) -> list[dict]:
        """The event log as stored, each event with its secret part (for tools and tests that
        check what each seat is told; players read :meth:`events`). A fresh list of the log's
        own dicts: read them, never change them."""
        log, end = self._told()
        return log[:end]

    def event_head(self) -> tuple[int, str]:
        """The ``turn`` and ``phase`` of an event emitted now (hook; the game's emit writes the
        same)."""
        self.emit(self.s, "head")  # (called while narrating: the game's emit writes one)
        made = self.s.events.pop()
        return made["turn"], made["phase"]

    def private_words(self, act: Any, decision: dict) -> bool:
        """Whether the words of ``act`` (answering ``decision``) may tell its actor more than
        the public (hook of a game with :attr:`secret_choices`; True: ask both and compare).
        A cheap test here spares the narration a second :meth:`describe_msg`."""
        return True

    def describe_msg(self, act: Any, viewer: Any = -2) -> dict:
        """The words of legal action ``act`` as a message (:mod:`empires.core.messages`), as
        ``viewer`` may read them (a seat, None: a spectator; -2: the decider). Hook; by default
        :meth:`describe`'s English shown as it is."""
        return {"msg": "{text}", "args": {"text": {"text": self._action_text(act, viewer)}}}

    def _action_text(self, act: Any, viewer: Any) -> str:
        """The English of ``act`` as ``viewer`` may read it (hook of the default
        :meth:`describe_msg`)."""
        return self.describe(act)

    def component_name(self, kind: str, ident: Any) -> Any:
        """The printed name (English, or a message) of a component a message names by id
        (``kind`` in :data:`empires.core.messages.COMPONENTS`); None when there is none."""
        return None

    def render(self, message: Any, lang: str = "en", seats: Any = None) -> str:
        """A message of this game (an event's, an action's) as text in ``lang``."""
        from empires import i18n

        return i18n.render(message, lang, names=self.component_name, seats=seats)

    def undoable(self) -> int:
        """How many of the last actions the player to act may take back (see core.undo)."""
        from empires.core.undo import undoable

        return undoable(self)

    def undo_barrier(self, before: Self, action: Any) -> bool:
        """Hook of :mod:`empires.core.undo`: True when ``action``, taken from ``before`` to
        this state, may not be taken back although it drew nothing and revealed nothing."""
        return False

    def clone(self) -> Self:
        made = self._copy()
        if self._teller is not None and self.s.keep_log:
            made._teller, made._agreed = self._teller, self._agreed  # (what is told is shared)
        return made

    def _copy(self) -> Self:
        """A copy of the game's state as a new game (what :meth:`clone` returns, bar the teller
        of its log)."""
        state_type = self.state_type
        other = state_type.__new__(state_type)  # object.__new__ refuses a compiled class
        self.s.copy_into(other)
        return type(self)(other)

    # ---- views -----------------------------------------------------------------------------
    # Seats from outside are typed Any: a compiled ``int | None`` parameter would raise
    # TypeError for "0" or 1.0 before the engine's own check names the bad seat (ValueError).
    def observation(self, player: Any = None) -> dict:
        raise NotImplementedError

    def shared_observation(self) -> Any:
        """What :meth:`observation` shows every viewer alike (seats and spectators), built once
        for several viewers of this very state (:meth:`observation_from`); None where the game
        shares nothing. Read only what anyone may see."""
        return None

    def observation_from(self, shared: Any, player: Any = None) -> dict:
        """:meth:`observation` of ``player`` made with ``shared``, which
        :meth:`shared_observation` gave for this state unchanged since (None: made afresh):
        an equal dict, whose viewer-independent parts may be the same objects as in the other
        viewers' (read them, never change them)."""
        return self.observation(player)

    def describe(self, action: Any) -> str:
        raise NotImplementedError

    def events(
        self, player: Any = None, since: Any = 0, lang: str = "en", seats: Any = None
    ) -> list[dict]:
        """The events seat ``player`` may read (None: a spectator), from position ``since`` of
        the game's event stream on, each a JSON-ready dict with ``seq``, ``turn``, ``phase``,
        ``kind``, its message (``msg``, ``args``), its ``text`` in ``lang`` (seats named by
        ``seats(p)``, else "Player 2") and the fields of its kind (see
        :mod:`empires.core.events`)."""
        core_events.check_viewer(player, self.s.num_players)
        log, end = self._told()
        return core_events.view(
            log, player, self.event_texts, since, lang, self.component_name, seats, end
        )

    @property
    def narrate(self) -> bool:
        """Whether the game keeps its event log (on by default; bots searching turn it off on
        their own copies, and nothing is then kept from the next action on). It never changes
        the rules' outcome. The log is told when read (:mod:`empires.core.narrator`)."""
        return self.s.keep_log

    @narrate.setter
    def narrate(self, on: bool) -> None:
        s, on = self.s, bool(on)
        if on == s.keep_log:
            return
        s.keep_log = on
        if not on:
            s.narrate = False  # (the rules write nothing more)
        elif self._teller is None:
            s.narrate = True  # (the next action starts the telling, from the log so far)

    def scores(self) -> list[dict[str, int]]:
        raise NotImplementedError

    def ranking(self) -> list[list[int]]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        return self.ranking()[0]

    # ---- history, saving, loading ----------------------------------------------------------
    @property
    def history(self) -> dict:
        s = self.s
        return {
            "game": self.game_name,
            "format": FORMAT,
            "config": {"num_players": s.num_players, "options": s.options.to_json()},
            "seed": s.seed,
            "actions": [str(a) for a in s.actions],
        }

    def to_json(self) -> dict:
        state = self.s.data_to_json()
        if "events" in state:  # (the log as told: a save holds it whole)
            state["events"] = core_events.copied(self.event_log())
        return {**self.history, "state": state}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # mutable

    @classmethod
    def replay(cls, history: Any) -> Self:
        """Rebuild a game from ``{"config", "seed", "actions"}``; SaveFileError if it does not."""
        if not isinstance(history, dict):
            raise SaveFileError("a saved game must be a JSON object")
        savefile.check_depth(history)
        if history.get("game", cls.game_name) != cls.game_name:
            shown = quote(history.get("game"))
            raise SaveFileError(f"this file is a game of {shown}, not {cls.game_name!r}")
        passthrough: tuple[type[Exception], ...] = (SaveFileError, *cls.load_errors)
        try:
            config = history["config"]
            actions = history["actions"]
            if not isinstance(actions, list):
                raise SaveFileError("'actions' must be a list")
            options = cls._replay_options(
                cls.options_type.from_json(config.get("options")), actions
            )
            game = cls.new(config["num_players"], history["seed"], options)
        except passthrough:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise SaveFileError(f"saved game header is unreadable: {e}") from None
        for i, a in enumerate(actions):
            try:
                game.apply(a)
            except IllegalActionError as e:
                raise SaveFileError(
                    f"action {i + 1} ({quote(a)}) cannot be replayed: {e}"
                ) from None
        return game

    @classmethod
    def _replay_options(cls, options: Any, actions: list) -> Any:
        """The options a history is replayed with (hook: an old save may imply more)."""
        return options

    @classmethod
    def from_json(cls, data: Any) -> Self:
        """Load a save (``to_json`` output or a bare history). The history is replayed and, when
        the save also holds a state, the two must agree: a corrupt or edited file is refused.
        The event log is not compared: it is told anew from the history (its wording may change
        between versions)."""
        parsed: Any = savefile.parse(data)  # JSON text parsed; refused if absurdly deep
        game = cls.replay(parsed)
        saved = parsed.get("state") if isinstance(parsed, dict) else None
        if saved is not None and game._comparable(parsed) != _without_events(saved):
            raise SaveFileError("save file is corrupt: its state does not match its own history")
        return game

    def _comparable(self, data: dict) -> dict:
        """The replayed state as the save ``data`` holds it, without its event log (hook)."""
        out = json.loads(json.dumps(self.s.data_to_json()))
        out.pop("events", None)
        return out


def _without_events(saved: Any) -> Any:
    if isinstance(saved, dict):
        return {k: v for k, v in saved.items() if k != "events"}
    return saved
