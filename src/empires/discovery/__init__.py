"""Empires: Age of Discovery (2015 rules), a deterministic rules engine.

>>> from empires.discovery import new_game
>>> game = new_game(4, seed=7)
>>> game.apply(game.legal_actions()[0])
"""

from empires.discovery.actions import Action, action_space_size, decode, encode
from empires.discovery.game import NAME, DiscoveryGame, from_json, new_game, replay
from empires.discovery.options import Options
from empires.discovery.setup import MAX_PLAYERS, MIN_PLAYERS

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "Action",
    "DiscoveryGame",
    "Options",
    "action_space_size",
    "decode",
    "encode",
    "from_json",
    "new_game",
    "replay",
]
