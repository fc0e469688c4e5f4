"""The chat and rules-help API: post to a game's chat, read its last messages, and the rules
summary of the decision being made, in the reader's language (see :mod:`empires.server.chat`
and :mod:`empires.server.rules_help`)."""

from __future__ import annotations

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from empires.server.api import (
    Credentials,
    Manager,
    check_reads,
    check_sends,
    error_responses,
    seat_of,
)
from empires.server.chat import MAX_CHAT_INPUT
from empires.server.rules_help import rules_help

router = APIRouter()


class ChatBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    text: str = Field(
        max_length=MAX_CHAT_INPUT,
        description="the message: at most 300 characters once control characters are dropped "
        "and white space collapsed",
    )


@router.post(
    "/api/games/{game_id}/chat",
    status_code=201,
    responses=error_responses(401, 403, 404, 409, 410, 503),
)
async def post_chat(
    game_id: str, body: ChatBody, request: Request, credentials: Credentials, manager: Manager
):
    """Post a message for the token's seat (spectators read only); it is stored, then pushed to
    every websocket of the game that asked for the chat."""
    check_sends(manager, request)
    game, seat = await seat_of(manager, game_id, credentials)
    return {"message": await manager.chat.post(game, seat, body.text)}


@router.get("/api/games/{game_id}/chat", responses=error_responses(401, 403, 404, 410, 503))
async def get_chat(game_id: str, request: Request, credentials: Credentials, manager: Manager):
    """The game's last messages, oldest first (any seat or spectator link; finished games too)."""
    check_reads(manager, request)
    game, _ = await seat_of(manager, game_id, credentials)
    return {"messages": await manager.chat.history(game)}


@router.get("/api/games/{game_id}/rules", responses=error_responses(401, 403, 404, 410))
async def get_rules(
    game_id: str,
    request: Request,
    credentials: Credentials,
    manager: Manager,
    lang: str = Query("en", max_length=64, description="en, es, it or pt (else English)"),
):
    """The rules summary of the decision being made now (the token's seat's view of it): its
    title, summary and the rulebook's section and page, in ``lang``."""
    check_reads(manager, request)
    game, seat = await seat_of(manager, game_id, credentials)
    return rules_help(game, seat, lang)
