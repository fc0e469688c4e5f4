"""Imperial Settlers (Portal Games, 2014), a deterministic rules engine: 1-4 players, the four
factions, the Alternate / Advanced Lookout and Peaceful variants and the solo game.

>>> from empires.settlers import new_game, Options
>>> game = new_game(2, seed=7, options=Options(factions=("romans", "barbarians")))
>>> game.apply(game.legal_actions()[0])
"""

from empires.settlers.actions import Action, action_space_size, decode, encode
from empires.settlers.game import (
    NAME,
    SettlersGame,
    from_json,
    new_game,
    replay,
    startup_notes,
)
from empires.settlers.options import VARIANTS, Options
from empires.settlers.setup import MAX_PLAYERS, MIN_PLAYERS

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "VARIANTS",
    "Action",
    "Options",
    "SettlersGame",
    "action_space_size",
    "decode",
    "encode",
    "from_json",
    "new_game",
    "replay",
    "startup_notes",
]
