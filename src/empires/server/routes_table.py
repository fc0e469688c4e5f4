"""The table's routes (:mod:`empires.server.table`): take back one's own last actions, leave the
table (the stand-in bot plays on) and take the seat back.

    POST /api/games/{id}/undo      {"expect": moves so far, "count": 1..20}  (seat to act)
    POST /api/games/{id}/leave     a bot of the table's choice plays this seat from now on
    POST /api/games/{id}/return    take the seat back: play on from the next decision
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from empires.server.api import (
    Credentials,
    Manager,
    check_sends,
    error_responses,
    seat_of,
)
from empires.server.take_back import MAX_UNDO

router = APIRouter()


class UndoBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    expect: int = Field(
        ge=0,
        description="the number of moves so far (the game's 'moves'): an undo sent twice is "
        "applied once",
    )
    count: int = Field(1, ge=1, le=MAX_UNDO, description="how many of one's actions to take back")
    token: str | None = Field(None, max_length=256)


class SeatBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    token: str | None = Field(None, max_length=256)


@router.post("/api/games/{game_id}/undo", responses=error_responses(401, 403, 404, 409, 410, 503))
async def post_undo(
    game_id: str, body: UndoBody, request: Request, credentials: Credentials, manager: Manager
):
    check_sends(manager, request)
    game, seat = await seat_of(manager, game_id, credentials, body.token)
    return await manager.table.undo(game, seat, body.expect, body.count)


@router.post("/api/games/{game_id}/leave", responses=error_responses(401, 403, 404, 409, 410, 503))
async def post_leave(
    game_id: str,
    request: Request,
    credentials: Credentials,
    manager: Manager,
    body: SeatBody | None = None,
):
    check_sends(manager, request)
    game, seat = await seat_of(manager, game_id, credentials, body.token if body else None)
    return await manager.table.leave(game, seat)


@router.post("/api/games/{game_id}/return", responses=error_responses(401, 403, 404, 409, 410, 503))
async def post_return(
    game_id: str,
    request: Request,
    credentials: Credentials,
    manager: Manager,
    body: SeatBody | None = None,
):
    check_sends(manager, request)
    game, seat = await seat_of(manager, game_id, credentials, body.token if body else None)
    return await manager.table.come_back(game, seat)
