"""A tiny game following the :mod:`empires.core.game` contract, for testing the tooling alone.

Each player holds a secret card (hidden information) and, on their turn, takes 1 or 2 coins or
passes; after ``ROUNDS`` rounds the score is coins plus the secret card. Registered as ``fake``.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass
from typing import NamedTuple

from empires.core.errors import IllegalActionError, SaveFileError
from empires.core.rng import Rng

NAME = "fake"
MIN_PLAYERS = 2
MAX_PLAYERS = 5
ROUNDS = 3


@dataclass(frozen=True)
class Options:
    rounds: int = ROUNDS

    def to_json(self) -> dict:
        return asdict(self)


class Action(NamedTuple):
    kind: str
    a: int = -1

    def __str__(self) -> str:
        return f"take {self.a}" if self.kind == "take" else self.kind


TABLE = (Action("take", 1), Action("take", 2), Action("pass"))


def _coerce(action) -> Action:
    if isinstance(action, Action):
        return action
    if isinstance(action, int) and not isinstance(action, bool):
        if 0 <= action < len(TABLE):
            return TABLE[action]
        raise IllegalActionError(f"code {action} out of range")
    if isinstance(action, str):
        for a in TABLE:
            if str(a) == action.strip().lower():
                return a
        raise IllegalActionError(f"unknown action {action!r}")
    raise IllegalActionError(f"cannot read an action from {action!r}")


class FakeState:
    game_name = NAME

    def __init__(self, num_players: int, seed: int, options: Options) -> None:
        rng = Rng(seed)
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.cards = [rng.randrange(10) for _ in range(num_players)]
        self.coins = [0] * num_players
        self.turn = 0
        self.actions: list[str] = []

    @property
    def current_player(self) -> int:
        return -1 if self.is_terminal() else self.turn % self.num_players

    def is_terminal(self) -> bool:
        return self.turn >= self.options.rounds * self.num_players

    def legal_actions(self) -> list[Action]:
        if self.is_terminal():
            return []
        if self.coins[self.current_player] >= 3:
            return [TABLE[0], TABLE[2]]
        return list(TABLE)

    def check(self, action) -> Action:
        a = _coerce(action)
        if a not in self.legal_actions():
            raise IllegalActionError(f"{a} is not legal now")
        return a

    def apply(self, action) -> None:
        a = self.check(action)
        if a.kind == "take":
            self.coins[self.current_player] += a.a
        self.actions.append(str(a))
        self.turn += 1

    def clone(self) -> FakeState:
        return copy.deepcopy(self)

    def describe(self, action) -> str:
        a = _coerce(action)
        p = self.current_player
        return f"seat {p} passes" if a.kind == "pass" else f"seat {p} takes {a.a} coin(s) [bank]"

    def observation(self, player: int | None) -> dict:
        return {
            "game": NAME,
            "turn": self.turn // self.num_players + 1,
            "current_player": self.current_player,
            "players": [
                {"coins": c, "card": (card if player == p else None)}
                for p, (c, card) in enumerate(zip(self.coins, self.cards, strict=True))
            ],
            "decision": None
            if self.is_terminal()
            else {"kind": "take", "player": self.current_player, "prompt": "Take coins or pass"},
        }

    @property
    def history(self) -> dict:
        return {
            "game": NAME,
            "config": {"num_players": self.num_players, "options": asdict(self.options)},
            "seed": self.seed,
            "actions": list(self.actions),
        }

    def to_json(self) -> dict:
        return {"game": NAME, "version": 1, "history": self.history}

    def scores(self) -> list[dict]:
        return [
            {"coins": c, "card": card, "total": c + card}
            for c, card in zip(self.coins, self.cards, strict=True)
        ]

    def ranking(self) -> list[list[int]]:
        totals = [s["total"] for s in self.scores()]
        return [
            [p for p in range(self.num_players) if totals[p] == t]
            for t in sorted(set(totals), reverse=True)
        ]


def new_game(num_players: int, seed: int = 0, options: Options | None = None) -> FakeState:
    if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise ValueError(f"{num_players} players: need {MIN_PLAYERS}..{MAX_PLAYERS}")
    return FakeState(num_players, seed, options or Options())


def replay(history: dict) -> FakeState:
    try:
        if history["game"] != NAME:
            raise SaveFileError(f"not a {NAME} game: {history['game']!r}")
        cfg = history["config"]
        state = new_game(cfg["num_players"], history["seed"], Options(**cfg["options"]))
        for a in history["actions"]:
            state.apply(a)
    except (KeyError, TypeError) as exc:
        raise SaveFileError(f"bad history: {exc}") from None
    return state


def from_json(data: dict) -> FakeState:
    if not isinstance(data, dict) or data.get("game") != NAME or "history" not in data:
        raise SaveFileError("not a saved fake game")
    return replay(data["history"])


def action_space_size(num_players: int, options=None) -> int:
    return len(TABLE)


class _Passer:
    """The fake game's "heuristic": takes the most coins it may."""

    name = "heuristic"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, state: FakeState) -> Action:
        return max(state.legal_actions(), key=lambda a: a.a)


class FakeAdapter:
    """The fake game's :class:`empires.core.adapter.GameAdapter` (register it in
    ``empires.core.adapter.ADAPTERS`` as ``"fake": "tests.fakegame"``)."""

    name = NAME
    title = "Fake"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_type = Options

    new_game = staticmethod(new_game)
    replay = staticmethod(replay)
    from_json = staticmethod(from_json)
    action_space_size = staticmethod(action_space_size)

    def decode(self, code: int, num_players: int) -> Action:
        return _coerce(code)

    def options_from_json(self, data) -> Options | None:
        if data is None:
            return None
        if not isinstance(data, dict):
            raise ValueError("options must be an object")
        unknown = sorted(set(data) - {"rounds"})
        if unknown:
            raise ValueError(f"unknown option {unknown[0]!r}")
        return Options(**data)

    def add_option_flags(self, parser) -> None:
        parser.add_argument_group("rules options (fake)").add_argument(
            "--rounds", type=int, help="rounds to play"
        )

    def options_from_flags(self, args) -> Options:
        rounds = getattr(args, "rounds", None)
        return Options() if rounds is None else Options(rounds=rounds)

    def catalogue(self) -> dict:
        return {
            "name": NAME,
            "title": self.title,
            "min_players": MIN_PLAYERS,
            "max_players": MAX_PLAYERS,
            "options": {"defaults": asdict(Options())},
            "board": None,
            "web": False,
        }

    def startup_notes(self, state: FakeState) -> list[str]:
        return []

    def card_file_error(self, path: str) -> str | None:
        return "the fake game takes no card file"

    def card_template(self) -> dict:
        raise ValueError("the fake game has no card files")

    def validate_card_file(self, data, games: int = 20) -> tuple[list[dict], dict]:
        raise ValueError("the fake game has no card files")

    def heuristic_bot(self, seed: int) -> _Passer:
        return _Passer(seed)

    def action_scores(self, state: FakeState) -> list[float]:
        return [float(a.a) for a in state.legal_actions()]

    def estimate(self, state: FakeState) -> list[float] | None:
        return None

    def tensor_shape(self, num_players: int, options=None) -> tuple[int, ...]:
        return (num_players,)

    def observation_tensor(self, state: FakeState, player: int, out=None):
        import numpy as np

        return np.asarray(state.coins, dtype=np.float32)


ADAPTER = FakeAdapter()
