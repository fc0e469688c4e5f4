"""The public API of the Imperial Settlers engine (the :class:`GameState` protocol)."""

from __future__ import annotations

import json
from typing import Any

from empires.core import events as core_events
from empires.core import savefile
from empires.core.errors import IllegalActionError, SaveFileError
from empires.settlers import (  # noqa: F401  (decisions)
    abilities,
    choices,
    event_texts,
    flow,
    lookout,
    narration,
    observation,
    scoring,
    solo,
    turn,
)
from empires.settlers import actions as codec
from empires.settlers.actions import Action
from empires.settlers.cards import CardFileError
from empires.settlers.decisions import HANDLERS
from empires.settlers.options import Options
from empires.settlers.setup import new_state
from empires.settlers.state import State

NAME = "settlers"
FORMAT = 1


class SettlersGame:
    """One game. Mutated in place by :meth:`apply`; copy with :meth:`clone`."""

    __slots__ = ("s", "_legal")
    game_name = NAME

    def __init__(self, state: State) -> None:
        self.s = state
        self._legal: list[Action] | None = None

    @classmethod
    def new(cls, num_players: int, seed: int = 0, options: Options | None = None) -> SettlersGame:
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
        """The decision waiting on top of the stack (its context is public)."""
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
        act = codec.coerce(action, self.s.num_players)
        if self.is_terminal():
            raise IllegalActionError(f"{act} is not legal: the game is over")
        legal = self.legal_actions()
        if act not in legal:
            top = self.s.pending[-1]
            raise IllegalActionError(
                f"{act} is not legal now: player {top['player']} must decide "
                f"{top['kind']!r}; legal: {', '.join(map(str, legal))}"
            )
        s = self.s
        if s.narrate:
            self._narrate(act)
        top = s.pending.pop()
        s.actions.append(act)
        HANDLERS[top["kind"]][1](s, top, act)
        flow.run(s)
        self._legal = None

    def _narrate(self, act: Action) -> None:
        """The "action" event: everybody reads what the public may know of it; the raw action
        (it may name a Trade Route marker) and a card chosen in secret reach only the chooser."""
        top = self.s.pending[-1]
        p = top["player"]
        public = observation.describe(self, act, None)
        mine = observation.describe(self, act)
        secret = {"to": [p], "action": str(act)}
        if mine != public:
            secret["text"] = mine
        narration.emit(
            self.s,
            "action",
            secret=secret,
            player=p,
            decision=top["kind"],
            action=None,
            text=public,
        )

    def clone(self) -> SettlersGame:
        other = State.__new__(State)
        self.s.copy_into(other)
        return SettlersGame(other)

    def determinize(self, observer: int | None, rng) -> SettlersGame:
        """A copy in which everything ``observer`` cannot see is resampled with ``rng`` (an
        :class:`~empires.core.Rng`) consistently with their observation: the other players' hands
        (but the cards all saw them take), the cards they are choosing among, every deck's order
        and the Trade Route markers are dealt again from the cards of the same deck, and the
        game's own generator is reseeded. The copy's observation for ``observer`` equals this
        game's."""
        n = self.s.num_players
        if observer is not None and not (isinstance(observer, int) and 0 <= observer < n):
            raise ValueError(f"no seat {observer!r} in a {n}-player game")
        other = self.clone()
        s = other.s
        db = s.db
        # A card named by a pending decision (the card being built while its owner picks the
        # Location to discard for it) is public and stays in its place.
        named = [d["card"] for d in s.pending if isinstance(d.get("card"), int)]
        slots: list[tuple[list, int]] = []  # (container, position) of every hidden card
        for q in range(n):
            if q != observer:
                known = list(s.known[q]) + named
                for i, c in enumerate(s.hand[q]):
                    if c in known:
                        known.remove(c)
                    else:
                        slots.append((s.hand[q], i))
                slots += [(s.alt[q], i) for i in range(len(s.alt[q]))]
                slots += [(s.looking[q], i) for i in range(len(s.looking[q]))]
            slots += [(s.faction_deck[q], i) for i in range(len(s.faction_deck[q]))]
        slots += [(s.common_deck, i) for i in range(len(s.common_deck))]
        slots += [(deal, 2) for deal in s.trade_deals]
        if s.solo:
            slots += [(s.attack_deck, i) for i in range(len(s.attack_deck))]
        by_deck: dict[str, list[tuple[list, int]]] = {}
        for box, i in slots:
            by_deck.setdefault(db[box[i]].deck, []).append((box, i))
        for places in by_deck.values():
            cards = [box[i] for box, i in places]
            rng.shuffle(cards)
            for (box, i), c in zip(places, cards, strict=True):
                box[i] = c
        s.rng = rng.fork()
        return other

    # ---- views -----------------------------------------------------------------------------
    def observation(self, player: int | None = None) -> dict:
        return observation.observe(self, player)

    def describe(self, action: Any) -> str:
        return observation.describe(self, codec.coerce(action, self.s.num_players))

    def describe_for(self, action: Any, viewer: int | None) -> str:
        """:meth:`describe` as ``viewer`` (a seat, or None) may read it: a card another player
        picks in secret is not named."""
        return observation.describe(self, codec.coerce(action, self.s.num_players), viewer)

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
        return isinstance(other, SettlersGame) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        s = self.s
        return f"<Settlers {s.num_players}p round {s.round} {s.step} seed={s.seed}>"


def new_game(num_players: int, seed: int = 0, options: Options | None = None) -> SettlersGame:
    check_new_game_args(num_players, seed, options)
    return SettlersGame.new(num_players, seed, options)


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
            f"options must be an empires.settlers.Options value or None, not {type(options).__name__} "
            "(Options.from_json reads a dict)"
        )


def replay(history: dict) -> SettlersGame:
    """Rebuild a game from ``{"config", "seed", "actions"}``; SaveFileError if it does not."""
    if not isinstance(history, dict):
        raise SaveFileError("a saved game must be a JSON object")
    savefile.check_depth(history)
    if history.get("game", NAME) != NAME:
        shown = codec._quote(history.get("game"))
        raise SaveFileError(f"this file is a game of {shown}, not {NAME!r}")
    try:
        config = history["config"]
        game = new_game(
            config["num_players"], history["seed"], Options.from_json(config.get("options"))
        )
        actions = history["actions"]
        if not isinstance(actions, list):
            raise SaveFileError("'actions' must be a list")
    except (SaveFileError, CardFileError):
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


def from_json(data: dict | str) -> SettlersGame:
    """Load a save (``to_json`` output or a bare history). The history is replayed and, when the
    save also holds a state, the two must agree: a corrupt or edited file is refused."""
    data = savefile.parse(data)  # JSON text parsed; refused if absurdly deep
    game = replay(data)
    saved = data.get("state") if isinstance(data, dict) else None
    if saved is not None and _comparable(game, saved) != _without_events(saved):
        raise SaveFileError("save file is corrupt: its state does not match its own history")
    return game


def startup_notes(game: SettlersGame) -> list[str]:
    """Lines to print when a game starts: how many cards in use play without their unknown
    printed ability (see the README)."""
    s = game.s
    decks = set(s.factions) | {"common"} | ({"attack"} if s.solo else set())
    cards = s.db.unverified(decks)
    if not cards:
        return [f"Card data: {s.db.path or 'built-in'}: every card in use is complete."]
    names = sorted({c.name for c in cards if c.deck != "attack"})
    attacks = sum(1 for c in cards if c.deck == "attack")
    line = (
        f"{len(cards)} of the cards in use are unverified (their printed ability is not in any "
        f"public source; they are played without it):"
    )
    detail = ", ".join(names)
    if attacks:
        detail += (
            f"{'; ' if names else ''}the {attacks} Attack cards use a default Target distribution"
        )
    return [line, f"  {detail}.", "  Load a complete card file with --cards FILE."]


def _without_events(saved):
    """A saved state without its event log: the log is told anew by replaying the history (its
    wording may change between versions), so it is not part of what must agree."""
    if isinstance(saved, dict):
        return {k: v for k, v in saved.items() if k != "events"}
    return saved


def _comparable(game, saved: dict) -> dict:
    """The replayed state as its save holds it, without its event log."""
    data = json.loads(json.dumps(game.s.data_to_json()))
    data.pop("events", None)
    return data
