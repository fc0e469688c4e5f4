"""The printed names of the components a state message shows by id only: the Capital Buildings
on the seats' mats (a Discovery observation lists a seat's buildings by id). A message carries
them as ``"names": {"buildings": {id: name}}`` next to its observation (which stays the
engine's), in English; :mod:`empires.server.view_language` puts them in a reader's language.

The names come from the game's adapter catalogue (``board.buildings``), never from the game
package itself; a game without such a table gets ``{}``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from empires.core.adapter import get_adapter


@cache
def _building_names(game: str) -> dict[str, str]:
    board = get_adapter(game).catalogue().get("board") or {}
    return dict(board.get("buildings") or {})


def component_names(game: str, observation: Any) -> dict:
    """``{"buildings": {id: printed name}}`` for every building a seat of ``observation`` holds
    (a building the table does not know keeps its id); ``{}`` when the game has no table."""
    table = _building_names(game)
    if not table or not isinstance(observation, dict):
        return {}
    held = {
        b
        for player in observation.get("players") or ()
        if isinstance(player, dict)
        for b in player.get("buildings") or ()
    }
    return {"buildings": {b: table.get(b, b) for b in sorted(held)}}
