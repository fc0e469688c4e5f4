"""The web app: a JSON API, one websocket per client, and the browser UI as static files.

    POST /api/games                         create a game (seats: human or bot; options; seed)
    GET  /api/games/{id}                    the caller's view (token: seat or spectator link)
    POST /api/games/{id}/actions            act for the token's seat, on its turn
    GET  /api/games/{id}/replay             a finished game's history and log
    GET  /api/games/{id}/replay/{step}      the spectator's view after ``step`` actions
    GET  /api/meta                          games, options, card sets and bots on offer
    WS   /ws/games/{id}                     first message {"type": "auth", "token": ...}; then
                                            pushes the caller's view after every action and
                                            accepts {"type": "action", "action", "expect"}
                                            (see websocket_session)
    GET  /, /game/{id}, /replay/{id}        the lobby, game and replay pages

Tokens travel as ``Authorization: Bearer <token>`` (in the action body also as ``token``), never
in a URL. Every refusal is a JSON object ``{"error": code, "detail": sentence}`` with a 4xx
status (503 when storage fails or the server is full), changes nothing, and is declared in the
OpenAPI schema. A client over its limits gets 429 with ``Retry-After``.
"""

from __future__ import annotations

import copy
import gc
import json
import logging
import time
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

import anyio.to_thread
from fastapi import Depends, FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from empires.bots import bot_names
from empires.server.db import Store
from empires.server.manager import (
    MAX_ACTION_LENGTH,
    MAX_NAME_LENGTH,
    MAX_SEED,
    SPECTATOR,
    ApiError,
    GameManager,
    Limits,
    LiveGame,
    game_catalogue,
)
from empires.server.security import TokenBucket
from empires.server.websocket_session import Session

log = logging.getLogger("empires.server")

MAX_BODY = 64 * 1024  # bytes of an HTTP request body
MAX_WS_MESSAGE = 4 * 1024  # characters of one websocket message from a client
STATIC = Path(str(resources.files("empires.server").joinpath("static")))
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
    "form-action 'self'"
)


# ---- request bodies -----------------------------------------------------------------------------


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["human", "bot"]
    bot: str | None = Field(None, max_length=64)
    name: str | None = Field(None, max_length=MAX_NAME_LENGTH)


class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    game: str = Field("discovery", max_length=32)
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    options: dict[str, Any] | None = None
    seed: int | None = Field(None, ge=0, le=MAX_SEED)


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


def _errors(*statuses: int) -> dict:
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


# ---- middleware ---------------------------------------------------------------------------------


def _error_body(code: str, detail: str) -> bytes:
    return json.dumps({"error": code, "detail": detail}).encode()


class LimitsAndHeaders:
    """Refuses HTTP bodies over ``max_body`` bytes (413, by Content-Length or as they stream)
    and adds security headers to every HTTP response."""

    def __init__(self, app, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        too_large = f"the request body is larger than {self.max_body} bytes"
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    length = int(value)
                except ValueError:
                    length = -1
                if length < 0 or length > self.max_body:
                    status = 413 if length > self.max_body else 400
                    body = _error_body(
                        "body_too_large" if status == 413 else "bad_request",
                        too_large if status == 413 else "bad Content-Length",
                    )
                    await send(
                        {
                            "type": "http.response.start",
                            "status": status,
                            "headers": [
                                (b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()),
                            ],
                        }
                    )
                    await send({"type": "http.response.body", "body": body})
                    return
        received = 0

        async def limited_receive():
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    raise StarletteHTTPException(413, too_large)
            return message

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-frame-options", b"DENY"),
                    (b"content-security-policy", CSP.encode()),
                ]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, limited_receive, send_with_headers)


# ---- the app ----------------------------------------------------------------------------------

bearer = HTTPBearer(auto_error=False, description="the secret of a seat or spectator link")
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


def _token(
    credentials: HTTPAuthorizationCredentials | None, body_token: str | None = None
) -> str | None:
    if credentials is not None and credentials.credentials:
        return credentials.credentials.strip()
    return body_token


def _client(request: Request) -> str:
    """Who is asking, for per-client limits: the peer address (no proxy is trusted)."""
    return request.client.host if request.client else "unknown"


def create_app(
    db_url: str = "sqlite:///empires.db",
    *,
    bot_delay: float = 0.0,
    max_body: int = MAX_BODY,
    max_ws_message: int = MAX_WS_MESSAGE,
    manager: GameManager | None = None,
    card_sets: dict[str, str] | None = None,
    limits: Limits | None = None,
) -> FastAPI:
    """The app; its games live in ``db_url`` (SQLite file or ``postgresql://...``).
    ``card_sets`` maps card-set names offered to players to the operator's files."""
    manager = manager or GameManager(
        Store(db_url), bot_delay=bot_delay, card_sets=card_sets, limits=limits
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        await manager.start()
        try:
            yield
        finally:
            await manager.stop()

    app = FastAPI(title="Empires", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.manager = manager
    app.add_middleware(LimitsAndHeaders, max_body=max_body)
    _error_handlers(app)
    _api_routes(app, manager, max_body, max_ws_message)
    _pages(app)
    return app


def _error_handlers(app: FastAPI) -> None:
    """Every refusal is ``{"error", "detail"}``."""

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError):
        return JSONResponse(exc.to_json(), status_code=exc.status, headers=exc.headers())

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, exc: RequestValidationError):
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return JSONResponse(
                {"error": "malformed_json", "detail": "the request body is not valid JSON"},
                status_code=400,
            )
        parts = []
        for e in errors[:5]:
            where = ".".join(str(x) for x in e.get("loc", ()) if x != "body")
            parts.append(f"{where or 'body'}: {e.get('msg', 'invalid')}")
        return JSONResponse(
            {"error": "invalid_request", "detail": "; ".join(parts)}, status_code=422
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException):
        codes = {
            400: "bad_request",
            404: "not_found",
            405: "method_not_allowed",
            413: "body_too_large",
        }
        return JSONResponse(
            {"error": codes.get(exc.status_code, "http_error"), "detail": str(exc.detail)},
            status_code=exc.status_code,
            headers=getattr(exc, "headers", None),
        )


def _api_routes(app: FastAPI, manager: GameManager, max_body: int, max_ws_message: int) -> None:
    @app.get("/api/meta", responses=_errors())
    async def meta():
        return {
            "games": game_catalogue(),
            "bots": list(bot_names()),
            "card_sets": sorted(manager.card_sets),
            "limits": {
                "max_body": max_body,
                "max_ws_message": max_ws_message,
                "max_action": MAX_ACTION_LENGTH,
                "max_name": MAX_NAME_LENGTH,
            },
        }

    @app.post("/api/games", status_code=201, responses=_errors(503))
    async def create_game(body: CreateGame, request: Request):
        game, tokens = await manager.create(
            body.game,
            [s.model_dump() for s in body.seats],
            body.options,
            body.seed,
            client=_client(request),
        )
        return _created(game, tokens)

    @app.get("/api/games/{game_id}", responses=_errors(401, 403, 404, 410, 503))
    async def get_game(game_id: str, request: Request, credentials: Credentials):
        _reads(manager, request)
        game = await manager.require(game_id)
        seat = manager.authenticate(game, _token(credentials))
        manager.touch(game, seat)
        return Response(game.full_message(seat), media_type="application/json")

    @app.post("/api/games/{game_id}/actions", responses=_errors(401, 403, 404, 409, 410, 503))
    async def post_action(
        game_id: str, body: ActionBody, request: Request, credentials: Credentials
    ):
        wait = manager.client_limiter.take(_client(request))
        if wait:
            raise ApiError(
                429, "too_many_requests", "you are sending actions too fast", retry_after=wait
            )
        game = await manager.require(game_id)
        seat = manager.authenticate(game, _token(credentials, body.token))
        entry = await manager.submit(game, seat, body.action, body.expect)
        return {
            "accepted": entry,
            "actions": len(game.log),
            "duplicate": bool(entry.pop("duplicate", False)),
        }

    _replay_routes(app, manager)

    @app.get("/api/health", responses=_errors())
    async def health():
        return {"ok": True, "games": len(manager.games)}

    @app.websocket("/ws/games/{game_id}")
    async def ws_game(websocket: WebSocket, game_id: str):
        client = websocket.client.host if websocket.client else "unknown"
        await Session(websocket, manager, game_id, client, max_ws_message).run()


def _reads(manager: GameManager, request: Request) -> None:
    """429 for a client reading views or replays faster than ``Limits.view_rate``."""
    wait = manager.view_limiter.take(_client(request))
    if wait:
        raise ApiError(
            429, "too_many_requests", "you are asking too often; slow down", retry_after=wait
        )


def _created(game: LiveGame, tokens: dict) -> dict:
    seats = []
    for seat in game.seats:
        out = seat.public()
        token = tokens.get(seat.seat)
        if token is not None:
            out["token"] = token
            out["url"] = f"/game/{game.id}#token={token}"
        seats.append(out)
    spectator = tokens[SPECTATOR]
    summary = game.summary()
    return {
        "id": game.id,
        "game": game.game,
        "num_players": len(game.seats),
        "options": summary["options"],
        "seats": seats,
        "seeded": game.seeded,
        "seed_commitment": summary["seed_commitment"],
        "spectator": {
            "token": spectator,
            "url": f"/game/{game.id}#token={spectator}",
            "replay_url": f"/replay/{game.id}#token={spectator}",
        },
    }


def _replay_routes(app: FastAPI, manager: GameManager) -> None:
    async def finished(game_id: str, request: Request, credentials) -> LiveGame:
        _reads(manager, request)
        game = await manager.require(game_id)
        manager.authenticate(game, _token(credentials))
        if game.status != "finished":
            raise ApiError(
                409, "not_finished", "the replay of a game is available once the game is over"
            )
        return game

    @app.get("/api/games/{game_id}/replay", responses=_errors(401, 403, 404, 409, 410, 503))
    async def get_replay(game_id: str, request: Request, credentials: Credentials):
        game = await finished(game_id, request, credentials)
        st = game.state
        return {
            "game": game.summary(),
            "history": game.public_history(),
            "log": game.public_log(),
            "events": st.events(None),
            "result": {"scores": st.scores(), "ranking": st.ranking()},
        }

    @app.get("/api/games/{game_id}/replay/{step}", responses=_errors(401, 403, 404, 409, 410, 503))
    async def get_replay_step(game_id: str, step: int, request: Request, credentials: Credentials):
        game = await finished(game_id, request, credentials)
        if not 0 <= step <= len(game.log):
            raise ApiError(404, "no_such_step", f"steps run from 0 to {len(game.log)}")
        # A finished game never changes: its replay is computed in a worker thread.
        observation, events = await anyio.to_thread.run_sync(game.replay_observation, step)
        return {
            "step": step,
            "steps": len(game.log),
            "entry": game.public_log()[step - 1] if step else None,
            "observation": observation,
            "event_seqs": events,
        }


def _pages(app: FastAPI) -> None:
    @app.get("/", include_in_schema=False)
    async def lobby_page():
        return FileResponse(STATIC / "index.html")

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str):
        return FileResponse(STATIC / "game.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str):
        return FileResponse(STATIC / "replay.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")


class NoFrames(logging.Filter):
    """Drops the websocket library's frame dumps (``< TEXT '...'``, logged at debug level):
    frames carry join tokens and each seat's hidden cards, which no log may hold. Logs a
    websocket's path without its query string, whatever a client put there. And keeps refused
    connections from flooding the log: at most ``REFUSALS_LOGGED`` lines a second about them."""

    REFUSALS_LOGGED = 5.0

    def __init__(self, name: str = "") -> None:
        super().__init__(name)
        self.refusals = TokenBucket(
            self.REFUSALS_LOGGED, 2 * self.REFUSALS_LOGGED, time.monotonic()
        )

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg in ("< %s", "> %s"):
            return False
        text = record.msg if isinstance(record.msg, str) else ""
        if (
            text.startswith("connection rejected") or text.endswith('" 403')
        ) and self.refusals.take(time.monotonic()):
            return False
        if (
            isinstance(record.msg, str)
            and record.msg.startswith('%s - "WebSocket %s"')
            and isinstance(record.args, tuple)
            and len(record.args) >= 2
        ):
            record.args = (record.args[0], str(record.args[1]).split("?")[0], *record.args[2:])
        return True


def websocket_protocol():
    """uvicorn's websocket protocol, except that a connection the app closes with 1008 (policy
    violation: an abuser) is dropped as soon as its close frame is written, instead of reading
    whatever it keeps sending while waiting up to 10 s for its close handshake."""
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

    class DropAbusers(WebSocketsSansIOProtocol):
        async def send(self, message) -> None:
            await super().send(message)
            if (
                message.get("type") == "websocket.close"
                and message.get("code") == 1008
                and getattr(self, "close_timer", None) is not None
            ):
                self.close_timer.cancel()
                self.close_timer = None
                self.transport.close()

    return DropAbusers


def log_config(level: str) -> dict:
    """uvicorn's logging, with frame dumps dropped and this package's own lines (quarantine,
    expiry, storage errors) shown through the same handler."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["no_frames"] = {"()": NoFrames}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("no_frames")
    config["loggers"]["empires"] = {
        "handlers": ["default"],
        "level": level.upper(),
        "propagate": False,
    }
    return config


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = "sqlite:///empires.db",
    bot_delay: float = 0.4,
    log_level: str = "info",
    card_sets: dict[str, str] | None = None,
    limits: Limits | None = None,
) -> None:
    """Run the app with uvicorn until interrupted."""
    import uvicorn

    app = create_app(db, bot_delay=bot_delay, card_sets=card_sets, limits=limits)
    # Everything imported so far lives as long as the process: keep the cyclic garbage collector
    # from scanning it again and again (a full collection paused every game for ~70 ms), and
    # let short-lived objects (a refused connection's) die young instead of reaching the oldest
    # generation, whose collections pause everything (benchmarks/server_flood.py).
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 20, 20)
    # No access log (it would add nothing but addresses and game ids; tokens never travel in a
    # URL anyway). No per-message deflate: compressing every view on the event loop halved the
    # actions per second in benchmarks/server_load.py.
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=MAX_WS_MESSAGE,
        ws_per_message_deflate=False,
        proxy_headers=False,
        server_header=False,
        access_log=False,
        log_config=log_config(log_level),
        ws=websocket_protocol(),
    )
