"""The interface every bot implements.

A bot is handed the live :class:`~empires.core.game.GameState` when it is its turn, but by
convention it reads only what its seat may see: ``state.observation(state.current_player)``,
``state.legal_actions()`` and ``state.describe(action)``. It never reads hidden fields, never
calls ``apply`` on the state it is given, and keeps its own seeded generator so that a game is
reproduced by the game seed and the bots' seeds.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Bot(Protocol):
    name: str

    def choose(self, state: Any) -> Any:
        """Return one of ``state.legal_actions()`` for ``state.current_player``."""
        ...
