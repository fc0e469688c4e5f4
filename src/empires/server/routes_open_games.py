"""Open games (the lobby's list, one waiting game by its link), joining a free seat, and the
rematch of a finished game (see :mod:`empires.server.open_games`)."""

from __future__ import annotations

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from empires.server import open_games
from empires.server.api import (
    Credentials,
    Manager,
    check_reads,
    check_sends,
    client_of,
    error_responses,
    token_of,
)
from empires.server.manager import MAX_NAME_LENGTH
from empires.server.routes_accounts import follow_rematch, link_taken_seat

router = APIRouter()


class JoinBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1, max_length=MAX_NAME_LENGTH)
    seat: int | None = Field(None, ge=0, le=7, description="the seat wanted (default: any)")


@router.get("/api/open-games", responses=error_responses())
async def list_open_games(
    request: Request,
    manager: Manager,
    game: str | None = Query(None, max_length=32),
    offset: int = Query(0, ge=0, le=open_games.MAX_OFFSET),
    limit: int = Query(20, ge=1, le=open_games.MAX_PAGE),
):
    """Public games waiting for players, newest first (``more``: another page follows)."""
    check_reads(manager, request)
    return await open_games.open_list(manager, game, offset, limit)


@router.get("/api/open-games/{game_id}", responses=error_responses(404, 409, 410))
async def get_open_game(game_id: str, request: Request, manager: Manager):
    """One waiting game, listed or private (whoever has its link may join it)."""
    check_reads(manager, request)
    return await open_games.open_one(manager, game_id)


@router.post("/api/games/{game_id}/join", responses=error_responses(404, 409, 410, 503))
async def join_game(game_id: str, body: JoinBody, request: Request, manager: Manager):
    """Take an open seat: its token and link, shown once (and, logged in, the seat is the
    account's: ``account_seat``)."""
    check_sends(manager, request, "you are asking too fast")
    joined = await open_games.join(manager, game_id, body.name, body.seat, client_of(request))
    game = await manager.require(game_id)
    linked = await link_taken_seat(request, manager, game, joined["seat"])
    return {**joined, "account_seat": joined["seat"] if linked else None}


@router.post(
    "/api/games/{game_id}/rematch", responses=error_responses(401, 403, 404, 409, 410, 503)
)
async def rematch(game_id: str, request: Request, credentials: Credentials, manager: Manager):
    """Join the rematch of a finished game (made by the first click) with your old seat's
    token: your new seat's token and link (the same on every click)."""
    check_sends(manager, request, "you are asking too fast")
    game = await manager.require(game_id)
    token = token_of(credentials)
    seat = manager.authenticate(game, token)
    assert token is not None  # authenticate refuses a missing token
    joined = await open_games.rematch(manager, game, seat, token, client_of(request))
    assert seat is not None  # open_games.rematch refuses a spectator
    return {**joined, "account_seat": await follow_rematch(manager, game, seat, joined)}
