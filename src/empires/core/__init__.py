"""Game-agnostic contracts shared by every game, bot and tool."""

from empires.core.errors import IllegalActionError, SaveFileError
from empires.core.game import GameModule, GameState, game_names, get_game
from empires.core.rng import Rng

__all__ = [
    "GameModule",
    "GameState",
    "IllegalActionError",
    "Rng",
    "SaveFileError",
    "game_names",
    "get_game",
]
