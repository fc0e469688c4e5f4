"""What the server offers (games from their adapters' catalogues, bots, card sets, limits) and
its health."""

from __future__ import annotations

from fastapi import APIRouter, Request

from empires.bots import bot_names
from empires.server.api import Manager, error_responses
from empires.server.manager import MAX_ACTION_LENGTH, MAX_NAME_LENGTH, game_catalogue

router = APIRouter()


@router.get("/api/meta", responses=error_responses())
async def meta(request: Request, manager: Manager):
    return {
        "games": game_catalogue(),
        "bots": list(bot_names()),
        "card_sets": sorted(manager.card_sets),
        "limits": {
            "max_body": request.app.state.max_body,
            "max_ws_message": request.app.state.max_ws_message,
            "max_action": MAX_ACTION_LENGTH,
            "max_name": MAX_NAME_LENGTH,
        },
    }


@router.get("/api/health", responses=error_responses())
async def health(manager: Manager):
    return {"ok": True, "games": len(manager.games)}
