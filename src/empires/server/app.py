"""The web app: a JSON API, one websocket per client, and the browser UI as static files.

    POST /api/games                         create a game (seats: human or bot; options; seed)
    GET  /api/games/{id}                    the caller's view (token: seat or spectator link)
    POST /api/games/{id}/actions            act for the token's seat, on its turn
    GET  /api/games/{id}/replay             a finished game's history and log
    GET  /api/games/{id}/replay/{step}      the spectator's view after ``step`` actions
    GET  /api/meta                          games, options and bots the lobby may offer
    WS   /ws/games/{id}?token=...           pushes the caller's view after every action;
                                            accepts {"type": "action", "action": ...}
    GET  /, /game/{id}, /replay/{id}        the lobby, game and replay pages

Tokens travel as ``Authorization: Bearer <token>`` (or ``?token=``; in the action body as
``token``). Every refusal is a JSON object ``{"error": code, "detail": sentence}`` with a 4xx
status (503 when storage fails) and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import anyio.to_thread
from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState

from empires.bots import bot_names
from empires.server.db import Store
from empires.server.manager import (
    MAX_ACTION_LENGTH,
    MAX_NAME_LENGTH,
    MAX_SEED,
    SPECTATOR,
    ApiError,
    GameManager,
    LiveGame,
    game_catalogue,
)

log = logging.getLogger("empires.server")

MAX_BODY = 64 * 1024  # bytes of an HTTP request body
MAX_WS_MESSAGE = 4 * 1024  # characters of one websocket message from a client
STATIC = Path(str(resources.files("empires.server").joinpath("static")))
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
       "form-action 'self'")


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
    expect: int | None = Field(None, ge=0)


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
                    body = _error_body("body_too_large" if status == 413 else "bad_request",
                                       too_large if status == 413 else "bad Content-Length")
                    await send({"type": "http.response.start", "status": status,
                                "headers": [(b"content-type", b"application/json"),
                                            (b"content-length", str(len(body)).encode())]})
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


def _token(request: Request, body_token: str | None = None) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip()
    return body_token or request.query_params.get("token")


def create_app(db_url: str = "sqlite:///empires.db", *, bot_delay: float = 0.0,
               max_body: int = MAX_BODY, max_ws_message: int = MAX_WS_MESSAGE,
               manager: GameManager | None = None) -> FastAPI:
    """The app; its games live in ``db_url`` (SQLite file or ``postgresql://...``)."""
    manager = manager or GameManager(Store(db_url), bot_delay=bot_delay)

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

    # ---- errors: always {"error", "detail"} ----
    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError):
        return JSONResponse(exc.to_json(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, exc: RequestValidationError):
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return JSONResponse({"error": "malformed_json",
                                 "detail": "the request body is not valid JSON"}, status_code=400)
        parts = []
        for e in errors[:5]:
            where = ".".join(str(x) for x in e.get("loc", ()) if x != "body")
            parts.append(f"{where or 'body'}: {e.get('msg', 'invalid')}")
        return JSONResponse({"error": "invalid_request", "detail": "; ".join(parts)},
                            status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException):
        codes = {404: "not_found", 405: "method_not_allowed", 413: "body_too_large"}
        return JSONResponse({"error": codes.get(exc.status_code, "http_error"),
                             "detail": str(exc.detail)}, status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))

    # ---- API ----
    @app.get("/api/meta")
    async def meta():
        return {"games": game_catalogue(), "bots": list(bot_names()),
                "limits": {"max_body": max_body, "max_ws_message": max_ws_message,
                           "max_action": MAX_ACTION_LENGTH, "max_name": MAX_NAME_LENGTH}}

    @app.post("/api/games", status_code=201)
    async def create_game(body: CreateGame):
        game, tokens = await manager.create(
            body.game, [s.model_dump() for s in body.seats], body.options, body.seed)
        seats = []
        for seat in game.seats:
            out = seat.public()
            token = tokens.get(seat.seat)
            if token is not None:
                out["token"] = token
                out["url"] = f"/game/{game.id}#token={token}"
            seats.append(out)
        spectator = tokens[SPECTATOR]
        return {
            "id": game.id, "game": game.game, "num_players": len(game.seats),
            "options": game.config.get("options"), "seats": seats,
            "spectator": {"token": spectator, "url": f"/game/{game.id}#token={spectator}",
                          "replay_url": f"/replay/{game.id}#token={spectator}"},
        }

    @app.get("/api/games/{game_id}")
    async def get_game(game_id: str, request: Request):
        game = await manager.require(game_id)
        seat = manager.authenticate(game, _token(request))
        return Response(game.message(seat, 0), media_type="application/json")

    @app.post("/api/games/{game_id}/actions")
    async def post_action(game_id: str, body: ActionBody, request: Request):
        game = await manager.require(game_id)
        seat = manager.authenticate(game, _token(request, body.token))
        entry = await manager.submit(game, seat, body.action, body.expect)
        return {"accepted": entry, "actions": len(game.log)}

    def _finished(game: LiveGame) -> None:
        if game.status != "finished":
            raise ApiError(409, "not_finished",
                           "the replay of a game is available once the game is over")

    @app.get("/api/games/{game_id}/replay")
    async def get_replay(game_id: str, request: Request):
        game = await manager.require(game_id)
        manager.authenticate(game, _token(request))
        _finished(game)
        st = game.state
        return {"game": game.summary(), "history": st.history, "log": game.log,
                "result": {"scores": st.scores(), "ranking": st.ranking()}}

    @app.get("/api/games/{game_id}/replay/{step}")
    async def get_replay_step(game_id: str, step: int, request: Request):
        game = await manager.require(game_id)
        manager.authenticate(game, _token(request))
        _finished(game)
        if not 0 <= step <= len(game.log):
            raise ApiError(404, "no_such_step", f"steps run from 0 to {len(game.log)}")
        # A finished game never changes: its replay is computed in a worker thread.
        observation = await anyio.to_thread.run_sync(game.replay_observation, step)
        return {"step": step, "steps": len(game.log),
                "entry": game.log[step - 1] if step else None, "observation": observation}

    @app.get("/api/health")
    async def health():
        return {"ok": True, "games": len(manager.games)}

    # ---- websocket ----
    @app.websocket("/ws/games/{game_id}")
    async def ws_game(websocket: WebSocket, game_id: str):
        await websocket.accept()
        send_lock = asyncio.Lock()

        async def send(payload: dict | str) -> None:
            text = payload if isinstance(payload, str) else json.dumps(payload)
            async with send_lock:
                await websocket.send_text(text)

        async def refuse(exc: ApiError, code: int) -> None:
            with contextlib.suppress(Exception):
                await send({"type": "error", "status": exc.status, **exc.to_json()})
                await websocket.close(code=code)

        try:
            game = await manager.require(game_id)
            seat = manager.authenticate(game, websocket.query_params.get("token"))
        except ApiError as exc:
            await refuse(exc, 4000 + exc.status)
            return
        if game.connections >= manager.max_connections_per_game:
            await refuse(ApiError(429, "too_many_connections",
                                  "too many connections to this game"), 4429)
            return
        game.connections += 1

        async def pusher() -> None:
            seen, sent = -1, 0
            while True:
                await game.wait_change(seen)
                if game.closed:
                    return
                seen = game.version
                message = game.message(seat, sent)
                sent = len(game.log)
                await send(message)

        async def receiver() -> None:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                text = message.get("text")
                if text is None:
                    size = len(message.get("bytes") or b"")
                    if size > max_ws_message:
                        await refuse(ApiError(413, "message_too_large",
                                              f"messages are at most {max_ws_message} bytes"), 1009)
                        return
                    await send({"type": "error", "status": 400, "error": "malformed_message",
                                "detail": "send JSON text messages"})
                    continue
                if len(text) > max_ws_message:
                    await refuse(ApiError(413, "message_too_large",
                                          f"messages are at most {max_ws_message} characters"), 1009)
                    return
                await handle(text)

        async def handle(text: str) -> None:
            try:
                data = json.loads(text)
            except ValueError:
                data = None
            if not isinstance(data, dict):
                await send({"type": "error", "status": 400, "error": "malformed_message",
                            "detail": "a message is a JSON object with a 'type'"})
                return
            msg_id = data.get("id")
            if not (msg_id is None or (isinstance(msg_id, int | str) and len(str(msg_id)) <= 64)):
                msg_id = None
            kind = data.get("type")
            if kind == "ping":
                await send({"type": "pong", "id": msg_id})
                return
            if kind != "action":
                await send({"type": "error", "id": msg_id, "status": 400,
                            "error": "malformed_message",
                            "detail": "unknown message type; send {\"type\": \"action\", "
                                      "\"action\": \"...\"} or {\"type\": \"ping\"}"})
                return
            try:
                entry = await manager.submit(game, seat, data.get("action"), data.get("expect"))
            except ApiError as exc:
                await send({"type": "error", "id": msg_id, "status": exc.status, **exc.to_json()})
                return
            await send({"type": "ack", "id": msg_id, "entry": entry})

        tasks = [asyncio.ensure_future(pusher()), asyncio.ensure_future(receiver())]
        try:
            done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect,
                                         RuntimeError, OSError):
                    await task
        finally:
            for task in tasks:
                task.cancel()
            game.connections -= 1
            if websocket.application_state != WebSocketState.DISCONNECTED:
                with contextlib.suppress(Exception):
                    await websocket.close()

    # ---- pages ----
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
    return app


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = "sqlite:///empires.db",
          bot_delay: float = 0.4, log_level: str = "info") -> None:
    """Run the app with uvicorn until interrupted."""
    import uvicorn

    app = create_app(db, bot_delay=bot_delay)
    # No access log: websocket URLs carry join tokens. No per-message deflate: compressing
    # every view on the event loop halved the actions per second in benchmarks/server_load.py.
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=MAX_WS_MESSAGE,
                ws_per_message_deflate=False, proxy_headers=False, server_header=False,
                access_log=False)

