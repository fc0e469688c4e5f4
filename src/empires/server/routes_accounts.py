"""Accounts, sessions, "my games" and the leaderboard (:mod:`empires.server.accounts`,
:mod:`empires.server.ratings`).

    POST   /api/accounts                        create an account (name, password); logs in
    POST   /api/session                         log in
    DELETE /api/session                         log out
    GET    /api/session                         who is logged in (null: nobody), their ratings
    GET    /api/account/games?page=             the account's games, newest first
    POST   /api/account/games/{id}/access       a new secret for the account's seat of a game
    GET    /api/leaderboard/{game}?page=&per_page=   the ratings of one game, best first
    GET    /api/games/{id}/ratings              what rating a finished game brought (any
                                                seat's or the spectator's token)
    GET    /leaderboard                         the leaderboard page

The session travels in the ``empires_session`` cookie (HttpOnly, SameSite=Strict); every
request that sends a password or acts through the session must carry ``X-Empires-CSRF: 1``.
"""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlsplit

from fastapi import APIRouter, Header, Query, Request, Response
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field

from empires.server.accounts import (
    MAX_NAME,
    MAX_PASSWORD,
    SESSION_COOKIE,
    Account,
    Accounts,
)
from empires.server.api import Credentials as GameToken
from empires.server.api import Manager, check_reads, client_of, error_responses, seat_of
from empires.server.manager import ApiError, GameManager, LiveGame
from empires.server.routes_pages import STATIC

router = APIRouter()
pages = APIRouter(include_in_schema=False)

Csrf = Annotated[
    str | None,
    Header(
        alias="X-Empires-CSRF",
        max_length=8,
        description="must be 1: required on every request that logs in or acts through the "
        "session cookie (a cross-site request cannot send it)",
    ),
]


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(min_length=1, max_length=MAX_NAME * 2)
    password: str = Field(min_length=1, max_length=MAX_PASSWORD)


def accounts_of(manager: GameManager) -> Accounts:
    return manager.accounts


def check_csrf(request: Request, csrf: str | None) -> None:
    """403 unless the request carries ``X-Empires-CSRF: 1`` and, if it names an Origin, ours."""
    origin = request.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc != request.headers.get("host", ""):
        raise ApiError(403, "cross_site", "this request comes from another site")
    if csrf != "1":
        raise ApiError(
            403, "csrf", "send the header X-Empires-CSRF: 1 with requests made for an account"
        )


async def session_account(request: Request, manager: GameManager) -> Account | None:
    """The account logged in by the request's session cookie, else None."""
    token = request.cookies.get(SESSION_COOKIE)
    return await accounts_of(manager).account_of(token) if token else None


async def require_account(request: Request, manager: GameManager) -> Account:
    account = await session_account(request, manager)
    if account is None:
        raise ApiError(401, "not_logged_in", "log in to your account first")
    return account


async def link_new_game(
    request: Request, manager: GameManager, game: LiveGame, tokens: dict
) -> int | None:
    """When a logged-in player (with the CSRF header) created ``game``: the seat now theirs."""
    if request.headers.get("x-empires-csrf") != "1" or SESSION_COOKIE not in request.cookies:
        return None
    account = await session_account(request, manager)
    if account is None:
        return None
    return await accounts_of(manager).link_creator(account, game, tokens)


async def link_taken_seat(
    request: Request, manager: GameManager, game: LiveGame, seat: int
) -> bool:
    """When a logged-in player (with the CSRF header) took ``seat`` of ``game``: give it to
    their account (for the open games' join)."""
    if request.headers.get("x-empires-csrf") != "1" or SESSION_COOKIE not in request.cookies:
        return False
    account = await session_account(request, manager)
    return account is not None and await accounts_of(manager).link(account, game, seat)


async def follow_rematch(
    manager: GameManager, old: LiveGame, seat: int, joined: dict
) -> int | None:
    """The rematch's seat of a seat that belonged to an account belongs to it too (no log-in
    needed: the old seat's token asked). That seat, or None."""
    store = accounts_of(manager).store
    holders = await manager.run_db(store.game_accounts, old.id)
    if seat not in holders:
        return None
    account = holders[seat]
    await manager.run_db(
        store.link, joined["id"], joined["seat"], account, accounts_of(manager).clock()
    )
    held = await manager.run_db(store.seat_of, joined["id"], account)
    return held if held == joined["seat"] else None


def _logged_in(request: Request, response: Response, account: Account, token: str, days: float):
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=int(days * 86400),
        path="/",
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )
    return {"account": account.public()}


@router.post("/api/accounts", status_code=201, responses=error_responses(403, 409, 503))
async def sign_up(
    body: Credentials, request: Request, response: Response, manager: Manager, csrf: Csrf = None
):
    check_csrf(request, csrf)
    accounts = accounts_of(manager)
    account, token = await accounts.sign_up(body.name, body.password, client_of(request))
    return _logged_in(request, response, account, token, accounts.limits.session_days)


@router.post("/api/session", responses=error_responses(401, 403, 503))
async def log_in(
    body: Credentials, request: Request, response: Response, manager: Manager, csrf: Csrf = None
):
    check_csrf(request, csrf)
    accounts = accounts_of(manager)
    account, token = await accounts.log_in(body.name, body.password, client_of(request))
    return _logged_in(request, response, account, token, accounts.limits.session_days)


@router.delete("/api/session", responses=error_responses(403, 503))
async def log_out(request: Request, response: Response, manager: Manager, csrf: Csrf = None):
    check_csrf(request, csrf)
    await accounts_of(manager).log_out(request.cookies.get(SESSION_COOKIE))
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="strict")
    return {"account": None}


@router.get("/api/session", responses=error_responses(503))
async def who(request: Request, manager: Manager):
    account = await session_account(request, manager)
    if account is None:
        return {"account": None, "ratings": {}}
    mine = await manager.run_db(manager.ratings.store.of_account, account.id)
    return {"account": account.public(), "ratings": mine}


@router.get("/api/account/games", responses=error_responses(401, 503))
async def my_games(request: Request, manager: Manager, page: int = Query(1, ge=1, le=10_000)):
    account = await require_account(request, manager)
    return await accounts_of(manager).my_games(account, page)


@router.post(
    "/api/account/games/{game_id}/access", responses=error_responses(401, 403, 404, 410, 503)
)
async def access(game_id: str, request: Request, manager: Manager, csrf: Csrf = None):
    check_csrf(request, csrf)
    account = await require_account(request, manager)
    return await accounts_of(manager).access(account, game_id)


@router.get("/api/leaderboard/{game}", responses=error_responses(404, 503))
async def leaderboard(
    game: str,
    manager: Manager,
    page: int = Query(1, ge=1, le=10_000),
    per_page: int = Query(25, ge=1, le=100),
):
    return await manager.ratings.leaderboard(game, page, per_page)


@router.get("/api/games/{game_id}/ratings", responses=error_responses(401, 403, 404, 410, 503))
async def game_ratings(game_id: str, request: Request, credentials: GameToken, manager: Manager):
    """Each rated seat's rating (the leaderboard's ordinal) before and after the game, or why
    it was not rated (``rating`` null: not known yet, or nothing to say: no seat of an
    account)."""
    check_reads(manager, request)
    game, _ = await seat_of(manager, game_id, credentials)
    return {"id": game.id, "rating": await manager.ratings.outcome(game)}


@pages.get("/leaderboard")
async def leaderboard_page():
    return FileResponse(STATIC / "leaderboard.html")
