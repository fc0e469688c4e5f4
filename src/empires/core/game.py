"""The contract every game state follows (the games themselves are registered and reached
through :mod:`empires.core.adapter`).

Modelled on OpenSpiel's Game/State split: a game's adapter builds states with ``new_game``; a
state is mutated in place by ``apply`` and copied with ``clone``. Bots, the terminal, simulation
and the research interfaces are written against this protocol only.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Protocol, runtime_checkable


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

    def check(self, action: Any) -> Any:
        """The legal action value ``action`` names, without applying it (raises as
        :meth:`apply` would; changes nothing)."""

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
