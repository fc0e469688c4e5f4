"""The contract every game engine follows, and the registry of games.

Modelled on OpenSpiel's Game/State split: a game module builds states with ``new_game``; a state
is mutated in place by ``apply`` and copied with ``clone``. Bots, the terminal, simulation and the
research interfaces are written against this protocol only.
"""

from __future__ import annotations

import importlib
from collections.abc import Hashable, Sequence
from typing import Any, Protocol, runtime_checkable

GAMES: dict[str, str] = {"discovery": "empires.discovery", "settlers": "empires.settlers"}


@runtime_checkable
class GameState(Protocol):
    @property
    def game_name(self) -> str:
        """The game's registry name ("discovery", "settlers")."""

    @property
    def num_players(self) -> int: ...

    @property
    def current_player(self) -> int:
        """The seat that must act next; -1 once the game is over."""

    def legal_actions(self) -> list[Hashable]: ...

    def apply(self, action: Any) -> None:
        """Apply an action (an action value, its string or its integer code).

        Raises :class:`~empires.core.errors.IllegalActionError` naming what was wrong and leaves
        the state unchanged when the action is malformed or illegal.
        """

    def is_terminal(self) -> bool: ...

    def clone(self) -> GameState: ...

    def observation(self, player: int | None) -> dict:
        """JSON-ready view for ``player`` (``None``: a spectator), hidden information redacted."""

    def to_json(self) -> dict: ...

    @property
    def history(self) -> dict:
        """``{"game", "config", "seed", "actions"}``: replaying it rebuilds this state."""

    def scores(self) -> list[dict[str, int]]: ...

    def ranking(self) -> list[list[int]]:
        """Groups of seats, best first; seats in one group share the place."""

    def describe(self, action: Any) -> str: ...

    def events(self, player: int | None = None, since: int = 0) -> list[dict]:
        """The event log as ``player`` may read it (None: a spectator); see
        :mod:`empires.core.events`."""

    narrate: bool  # whether apply records events (off for bot search; never changes the rules)


class GameModule(Protocol):
    NAME: str
    MIN_PLAYERS: int
    MAX_PLAYERS: int

    def new_game(self, num_players: int, seed: int = 0, options: Any = None) -> GameState: ...

    def from_json(self, data: dict) -> GameState: ...

    def replay(self, history: dict) -> GameState: ...

    def action_space_size(self, num_players: int, options: Any = None) -> int: ...


def game_names() -> Sequence[str]:
    return tuple(GAMES)


def get_game(name: str) -> GameModule:
    try:
        module = GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(GAMES)}") from None
    return importlib.import_module(module)
