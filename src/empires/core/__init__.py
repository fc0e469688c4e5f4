"""Game-agnostic contracts shared by every game, bot and tool (the games themselves are reached
through :mod:`empires.core.adapter`)."""

from empires.core.adapter import GameAdapter, game_names, get_adapter
from empires.core.errors import IllegalActionError, SaveFileError
from empires.core.game import GameState
from empires.core.rng import Rng

__all__ = [
    "GameAdapter",
    "GameState",
    "IllegalActionError",
    "Rng",
    "SaveFileError",
    "game_names",
    "get_adapter",
]
