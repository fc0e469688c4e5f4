"""What a feature may use of the server's games: the one door from chat, the coach, the table's
clocks and undo, ratings, accounts, open games, the bots and the shared log to the live games.

The manager (:class:`empires.server.manager.GameManager`) is the one thing that implements
:class:`GamePort`; the features receive it (a constructor argument, a parameter) and import this
module, never the manager, so ``empires.server`` has no import circle (see ARCHITECTURE.md). The
manager builds the features and calls them back only through the hooks they register here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from empires.server.db import Store
from empires.server.limits import Limits
from empires.server.live_game import LiveGame

T = TypeVar("T")

AfterAction = Callable[[LiveGame, int], Awaitable[None]]  # (game, the seat that acted)
GameFinished = Callable[[LiveGame], None]  # (game): its last action was just stored
GameReady = Callable[[LiveGame], Awaitable[None]]  # (game): loaded, created, started or joined


class SharedNotes(Protocol):
    """What features use of the link to other processes (empires.server.shared_log)."""

    def announce(self, note: dict) -> None: ...

    def present(self, game: LiveGame) -> None:
        """A seat's websocket opened or closed here (told to the game's owner)."""
        ...

    async def relay(self, game: LiveGame, op: str, seat: int, args: dict) -> dict | None:
        """Run a player's request at the game's owner (another process): its answer, or None
        when this process is to run it (see empires.server.relay)."""
        ...

    async def take_back(
        self, game: LiveGame, seq: int, index: int, seat: int, taken: list[str]
    ) -> None: ...


class GamePort(Protocol):
    """The live games as a feature sees them: the store and a runner for its work, the games in
    memory, the turn check and the commit path, and the hooks of a game's life."""

    @property
    def store(self) -> Store: ...

    @property
    def limits(self) -> Limits: ...

    @property
    def clock(self) -> Callable[[], float]: ...

    @property
    def card_sets(self) -> dict[str, str]: ...

    @property
    def games(self) -> dict[str, LiveGame]: ...

    @property
    def closing(self) -> bool: ...

    @property
    def bot_delay(self) -> float: ...

    @property
    def max_active_games(self) -> int: ...

    @property
    def shared(self) -> SharedNotes | None: ...

    async def run_db(self, func: Callable[..., T], *args: Any) -> T:
        """``func(*args)`` in a worker thread, as many at once as the store allows."""
        ...

    async def get(self, game_id: str) -> LiveGame | None: ...

    async def require(self, game_id: str) -> LiveGame: ...

    def check_turn(self, game: LiveGame, seat: int) -> None:
        """ApiError unless ``seat`` may act in ``game`` now."""
        ...

    async def commit(
        self,
        game: LiveGame,
        seat: int,
        action: str,
        stand_in: str | None = None,
        value: Any = None,
    ) -> dict:
        """Check, store, apply and publish an action (the caller holds ``game.lock``)."""
        ...

    async def resync(self, game: LiveGame) -> None:
        """Make memory agree with the store (after a failed write, or another process's)."""
        ...

    def remember_finished(self, game_id: str) -> None: ...

    def kick_bots(self, game: LiveGame) -> None: ...

    def adopt(self, game: LiveGame) -> None: ...

    def check_create(self, client: str | None) -> None: ...

    async def game_ready(self, game: LiveGame) -> None:
        """Run the game-ready hooks (a game was loaded, created, started or joined)."""
        ...

    def on_after_action(self, hook: AfterAction) -> None: ...

    def on_game_finished(self, hook: GameFinished) -> None: ...

    def on_game_ready(self, hook: GameReady) -> None: ...
