"""What the HTTP routes share: request bodies, declared error responses, tokens, the client's
address, and the manager of the app a request reached."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field

from empires.core.adapter import game_names
from empires.server.manager import (
    MAX_ACTION_LENGTH,
    MAX_NAME_LENGTH,
    MAX_SEED,
    ApiError,
    GameManager,
    LiveGame,
)


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["human", "bot", "open"] = Field(
        description="human (its link is handed to the creator), bot, or open: any player may "
        "join it (the game waits until every open seat is taken)"
    )
    bot: str | None = Field(None, max_length=64)
    name: str | None = Field(None, max_length=MAX_NAME_LENGTH)


class ClockSpec(BaseModel):
    """A game's time budget (empires.server.table_clock): none, per move (30..600 s) or per
    game (300..3600 s, plus 0..60 s after each action)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    mode: Literal["none", "move", "game"] = "none"
    seconds: int = Field(0, ge=0, le=3600)
    increment: int = Field(0, ge=0, le=60)


class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    game: str = Field(game_names()[0], max_length=32)
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    options: dict[str, Any] | None = None
    seed: int | None = Field(None, ge=0, le=MAX_SEED)
    practice: bool = Field(
        False, description="a practice game: each human seat may ask for hints on its turn"
    )
    public: bool = Field(
        False,
        description="list the game in the lobby's open games while it has open seats "
        "(otherwise it is joined by its link only)",
    )
    clock: ClockSpec | None = Field(
        None, description="a time budget for the human seats (none by default)"
    )
    stand_in: str | None = Field(
        None,
        max_length=64,
        description="the bot that plays for a human who left or ran out of time "
        "(default: heuristic)",
    )

    def table(self) -> dict | None:
        """The table settings (clock, stand-in bot) for the manager, None when not given."""
        if self.clock is None and self.stand_in is None:
            return None
        clock = None if self.clock is None else self.clock.model_dump()
        return {"clock": clock, "stand_in": self.stand_in}


class ActionBody(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    action: str = Field(min_length=1, max_length=MAX_ACTION_LENGTH)
    token: str | None = Field(None, max_length=256)
    expect: int = Field(
        ge=0,
        description=(
            "the number of actions so far: an action is applied only as that action, so sending "
            "it again (a retry, a double click) never applies it twice"
        ),
    )


class ErrorBody(BaseModel):
    """Every refusal: a short code and a sentence saying what was wrong."""

    error: str
    detail: str


def error_responses(*statuses: int) -> dict:
    """OpenAPI responses for ``statuses`` (plus what every route may answer)."""
    words = {
        400: "malformed request",
        401: "no token",
        403: "token refused",
        404: "no such game or step",
        409: "refused in this state of the game",
        410: "the game expired or was set aside",
        413: "body too large",
        422: "invalid request",
        429: "over a rate limit (see Retry-After)",
        503: "storage failed or the server is full",
    }
    out = {}
    for status in sorted({*statuses, 400, 413, 422, 429}):
        spec: dict = {"model": ErrorBody, "description": words[status]}
        if status in (429, 503):
            spec["headers"] = {
                "Retry-After": {"description": "seconds to wait", "schema": {"type": "string"}}
            }
        out[status] = spec
    return out


bearer = HTTPBearer(auto_error=False, description="the secret of a seat or spectator link")
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


def token_of(
    credentials: HTTPAuthorizationCredentials | None, body_token: str | None = None
) -> str | None:
    if credentials is not None and credentials.credentials:
        return credentials.credentials.strip()
    return body_token


async def seat_of(
    manager: GameManager,
    game_id: str,
    credentials: HTTPAuthorizationCredentials | None,
    body_token: str | None = None,
) -> tuple[LiveGame, int | None]:
    """The game ``game_id`` (404 if none) and the seat the request's token opens in it (None:
    the spectator link; 401/403 for no token or a wrong one): what every route about one game
    asks first."""
    game = await manager.require(game_id)
    return game, manager.authenticate(game, token_of(credentials, body_token))


def client_of(request: Request) -> str:
    """Who is asking, for per-client limits: the peer address (no proxy is trusted)."""
    return request.client.host if request.client else "unknown"


def manager_of(request: Request) -> GameManager:
    """The game manager of the app ``request`` reached."""
    return request.app.state.manager


Manager = Annotated[GameManager, Depends(manager_of)]


def check_sends(
    manager: GameManager, request: Request, message: str = "you are sending too fast"
) -> None:
    """429 (``message``, with the wait) for a client sending faster than its per-client limit
    (``manager.client_limiter``): acting, chatting, joining, asking the coach."""
    wait = manager.client_limiter.take(client_of(request))
    if wait:
        raise ApiError(429, "too_many_requests", message, retry_after=wait)


def check_reads(manager: GameManager, request: Request) -> None:
    """429 for a client reading views or replays faster than ``Limits.view_rate``."""
    wait = manager.view_limiter.take(client_of(request))
    if wait:
        raise ApiError(
            429, "too_many_requests", "you are asking too often; slow down", retry_after=wait
        )
