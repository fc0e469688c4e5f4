"""The public API of the Empires: Age of Discovery engine (the :class:`GameState` protocol)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from empires.core import events as core_events
from empires.core import savefile
from empires.core.errors import IllegalActionError, SaveFileError
from empires.discovery import actions as codec
from empires.discovery import event_texts, flow, narration, observation, scoring
from empires.discovery.actions import Action
from empires.discovery.decisions import HANDLERS
from empires.discovery.options import ORDER_AUCTION, Options
from empires.discovery.setup import new_state
from empires.discovery.state import State

NAME = "discovery"
FORMAT = 1


class DiscoveryGame:
    """One game. Mutated in place by :meth:`apply`; copy with :meth:`clone`."""

    __slots__ = ("s", "_legal")
    game_name = NAME

    def __init__(self, state: State) -> None:
        self.s = state
        self._legal: list[Action] | None = None

    # ---- construction ----------------------------------------------------------------------
    @classmethod
    def new(cls, num_players: int, seed: int = 0, options: Options | None = None) -> DiscoveryGame:
        check_new_game_args(num_players, seed, options)
        game = cls(new_state(num_players, seed, options or Options()))
        flow.run(game.s)
        return game

    @property
    def num_players(self) -> int:
        return self.s.num_players

    @property
    def options(self) -> Options:
        return self.s.options

    # ---- play ------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.s.pending[-1]["player"] if self.s.pending else -1

    @property
    def decision(self) -> dict | None:
        """The decision waiting on top of the stack (public context only)."""
        return self.s.pending[-1] if self.s.pending else None

    def is_terminal(self) -> bool:
        return self.s.step == "over"

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            if not self.s.pending:
                self._legal = []
            else:
                top = self.s.pending[-1]
                self._legal = HANDLERS[top["kind"]][0](self.s, top)
        return self._legal

    def legal_action_codes(self) -> list[int]:
        return [codec.encode(a, self.s.num_players) for a in self.legal_actions()]

    def apply(self, action: Any) -> None:
        legal = self.legal_actions()
        if type(action) is Action and action in legal:  # the common case: a value we offered
            self._apply(action)
            return
        act = codec.coerce(action, self.s.num_players)
        if self.is_terminal():
            raise IllegalActionError(f"{act} is not legal: the game is over")
        if act not in legal:
            top = self.s.pending[-1]
            raise IllegalActionError(
                f"{act} is not legal now: player {top['player']} must decide "
                f"{top['kind']!r}; legal: {', '.join(map(str, legal))}"
            )
        self._apply(act)

    def _apply(self, act: Action) -> None:
        s = self.s
        if s.narrate:
            top = s.pending[-1]
            p = top["player"]  # the raw action is the actor's alone, as in every game
            narration.emit(
                s,
                "action",
                secret={"to": [p], "action": str(act)},
                player=p,
                decision=top["kind"],
                action=None,
                text=observation.describe(self, act),
            )
        top = s.pending.pop()
        s.actions.append(act)
        HANDLERS[top["kind"]][1](s, top, act)
        flow.run(s)
        self._legal = None

    def clone(self) -> DiscoveryGame:
        other = State.__new__(State)
        self.s.copy_into(other)
        return DiscoveryGame(other)

    def determinize(self, observer: int | None, rng) -> DiscoveryGame:
        """A copy in which everything ``observer`` cannot see is resampled with ``rng`` (an
        :class:`~empires.core.Rng`) consistently with their observation: face-down counters are
        reshuffled among the unrevealed regions and the unused pile, the Discovery deck, Capital
        Building stacks and Trade Goods pool are reshuffled, and the game's own generator is
        reseeded. The copy's observation for ``observer`` equals this game's."""
        if observer is not None and not (
            isinstance(observer, int) and 0 <= observer < self.s.num_players
        ):
            raise ValueError(f"no seat {observer!r} in a {self.s.num_players}-player game")
        other = self.clone()
        s = other.s
        n = s.num_players
        # What each player knows by Scouting, before anything moves.
        knew = [
            [r for r, c in enumerate(s.counter) if c >= 0 and s.peeks[q][r] == c] for q in range(n)
        ]
        knew_top = [bool(s.deck) and s.deck_peeks[q][0] == s.deck[-1] for q in range(n)]
        knew_bottom = [bool(s.deck) and s.deck_peeks[q][1] == s.deck[0] for q in range(n)]
        fixed = set(knew[observer]) if observer is not None else set()
        hidden = [
            r for r, c in enumerate(s.counter) if c >= 0 and not s.revealed[r] and r not in fixed
        ]
        # Hidden lists are sorted before shuffling, so the result depends only on what the
        # observer may see and on ``rng``, never on the hidden order it started from.
        face_down = sorted([s.counter[r] for r in hidden] + s.unused_counters)
        rng.shuffle(face_down)
        for r in hidden:
            s.counter[r] = face_down.pop()
        s.unused_counters = sorted(face_down)
        # Cards the observer scouted keep their place on top / at the bottom.
        keep_top = observer is not None and knew_top[observer]
        keep_bottom = observer is not None and knew_bottom[observer] and len(s.deck) > keep_top
        top, bottom = s.deck[-1:] if keep_top else [], s.deck[:1] if keep_bottom else []
        middle = sorted(s.deck[len(bottom) : len(s.deck) - len(top)])
        rng.shuffle(middle)
        s.deck = bottom + middle + top
        # Other players still know what is now in the places they scouted.
        for q in range(n):
            for r in knew[q]:
                s.peeks[q][r] = s.counter[r]
            if knew_top[q]:
                s.deck_peeks[q][0] = s.deck[-1]
            if knew_bottom[q]:
                s.deck_peeks[q][1] = s.deck[0]
        s.pool.sort()
        rng.shuffle(s.pool)
        for stack in s.stacks:
            stack.sort()
            rng.shuffle(stack)
        s.rng = rng.fork()
        return other

    # ---- views -----------------------------------------------------------------------------
    def observation(self, player: int | None = None) -> dict:
        return observation.observe(self, player)

    def describe(self, action: Any) -> str:
        return observation.describe(self, codec.coerce(action, self.s.num_players))

    def events(self, player: int | None = None, since: int = 0) -> list[dict]:
        """The events seat ``player`` may read (None: a spectator), from position ``since`` of
        the game's event stream on, each a JSON-ready dict with ``seq``, ``turn``, ``phase``,
        ``kind``, ``text`` and the fields of its kind (see :mod:`empires.core.events`)."""
        core_events.check_viewer(player, self.s.num_players)
        return core_events.view(self.s.events, player, event_texts.TEXTS, since)

    @property
    def narrate(self) -> bool:
        """Whether ``apply`` records events (on by default; bots searching turn it off on their
        own copies). It never changes the rules' outcome."""
        return self.s.narrate

    @narrate.setter
    def narrate(self, on: bool) -> None:
        self.s.narrate = bool(on)

    def scores(self) -> list[dict[str, int]]:
        return scoring.scores(self.s)

    def ranking(self) -> list[list[int]]:
        return scoring.ranking(self.s)

    def winners(self) -> list[int]:
        return self.ranking()[0]

    # ---- history, saving, loading ----------------------------------------------------------
    @property
    def history(self) -> dict:
        s = self.s
        return {
            "game": NAME,
            "format": FORMAT,
            "config": {"num_players": s.num_players, "options": s.options.to_json()},
            "seed": s.seed,
            "actions": [str(a) for a in s.actions],
        }

    def to_json(self) -> dict:
        return {**self.history, "state": self.s.data_to_json()}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DiscoveryGame) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        s = self.s
        return f"<Discovery {s.num_players}p turn {s.turn} {s.step} seed={s.seed}>"


def new_game(num_players: int, seed: int = 0, options: Options | None = None) -> DiscoveryGame:
    check_new_game_args(num_players, seed, options)
    return DiscoveryGame.new(num_players, seed, options)


SEED_RANGE = (-(2**63), 2**64 - 1)


def check_new_game_args(num_players, seed, options) -> None:
    """ValueError naming the argument when one of :func:`new_game`'s is of the wrong type."""
    if not isinstance(num_players, int) or isinstance(num_players, bool):
        raise ValueError(f"num_players must be an integer, not {type(num_players).__name__}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an integer, not {type(seed).__name__}")
    if not SEED_RANGE[0] <= seed <= SEED_RANGE[1]:
        raise ValueError(f"seed must be an integer from {SEED_RANGE[0]} to {SEED_RANGE[1]}")
    if options is not None and not isinstance(options, Options):
        raise ValueError(
            f"options must be an empires.discovery.Options value or None, not {type(options).__name__} "
            "(Options.from_json reads a dict)"
        )


def replay(history: dict) -> DiscoveryGame:
    """Rebuild a game from ``{"config", "seed", "actions"}``; SaveFileError if it does not."""
    if not isinstance(history, dict):
        raise SaveFileError("a saved game must be a JSON object")
    savefile.check_depth(history)
    if history.get("game", NAME) != NAME:
        shown = codec._quote(history.get("game"))
        raise SaveFileError(f"this file is a game of {shown}, not {NAME!r}")
    try:
        config = history["config"]
        actions = history["actions"]
        if not isinstance(actions, list):
            raise SaveFileError("'actions' must be a list")
        options = Options.from_json(config.get("options"))
        if _legacy_2007_auction(options, actions):
            options = replace(options, variants=(*options.variants, ORDER_AUCTION))
        game = new_game(config["num_players"], history["seed"], options)
    except SaveFileError:
        raise
    except (KeyError, TypeError, ValueError) as e:
        raise SaveFileError(f"saved game header is unreadable: {e}") from None
    for i, a in enumerate(actions):
        try:
            game.apply(a)
        except IllegalActionError as e:
            raise SaveFileError(
                f"action {i + 1} ({codec._quote(a)}) cannot be replayed: {e}"
            ) from None
    return game


def from_json(data: dict | str) -> DiscoveryGame:
    """Load a save (``to_json`` output or a bare history). The history is replayed and, when the
    save also holds a state, the two must agree: a corrupt or edited file is refused."""
    data = savefile.parse(data)  # JSON text parsed; refused if absurdly deep
    game = replay(data)
    saved = data.get("state") if isinstance(data, dict) else None
    if saved is not None and _comparable(game, saved, _named_options(data)) != _without_events(
        saved
    ):
        raise SaveFileError("save file is corrupt: its state does not match its own history")
    return game


def _named_options(data: dict) -> Options:
    """The options a (replayable) save names in its config."""
    return Options.from_json(data["config"].get("options"))


def _legacy_2007_auction(options: Options, actions: list) -> bool:
    """Whether a 2007 history is one saved before the 2007 standard start became the random one
    (ruling 17 corrected), when every 2007 game opened with the order auction without naming it:
    its first action is a bid or a pass, which no other 2007 game can begin with."""
    if options.edition != "2007" or options.has(ORDER_AUCTION) or not actions:
        return False
    first = actions[0].split()[:1] if isinstance(actions[0], str) else None
    return first in (["bid"], ["skip"])


def _without_events(saved):
    """A saved state without its event log: the log is told anew by replaying the history (its
    wording may change between versions), so it is not part of what must agree."""
    if isinstance(saved, dict):
        return {k: v for k, v in saved.items() if k != "events"}
    return saved


def _comparable(game, saved: dict, named: Options) -> dict:
    """The replayed state as its save holds it (without its event log; a 2007
    save from before the order-auction variant had a name does not name it)."""
    data = json.loads(json.dumps(game.s.data_to_json()))
    data.pop("events", None)
    if game.s.options.has(ORDER_AUCTION) and not named.has(ORDER_AUCTION):
        data["options"] = named.to_json()
    return data
