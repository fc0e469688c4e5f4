"""The web app: a JSON API, one websocket per client, and the browser UI as static files.

    POST /api/games                         create a game (seats: human or bot; options; seed)
    GET  /api/games/{id}                    the caller's view (token: seat or spectator link)
    POST /api/games/{id}/actions            act for the token's seat, on its turn
    GET  /api/games/{id}/replay             a finished game's history and log
    GET  /api/games/{id}/replay/{step}      the spectator's view after ``step`` actions
    POST /api/games/{id}/hint               a hint for the seat to play (practice games)
    POST /api/games/{id}/analysis           start a finished game's analysis (background)
    GET  /api/games/{id}/analysis           its progress, or the stored analysis
    POST /api/games/{id}/chat               post to the game's chat (a seat; see chat)
    GET  /api/games/{id}/chat               the chat's last messages
    GET  /api/games/{id}/rules?lang=        the current decision's rules help (rules_help)
    GET  /api/open-games                    public games waiting for players (paged)
    GET  /api/open-games/{id}               one waiting game (listed or by its link)
    POST /api/games/{id}/join               take an open seat: its token, once (open_games)
    POST /api/games/{id}/rematch            join a finished game's rematch with your old token
    POST /api/games/{id}/undo               take back one's own last actions (table)
    POST /api/games/{id}/leave, /return     leave the table (a bot plays on), come back
    POST /api/accounts, /api/session ...    optional accounts, "my games" and the OpenSkill
                                            leaderboard (see routes_accounts)
    GET  /api/meta                          games, options, card sets and bots on offer
    WS   /ws/games/{id}                     first message {"type": "auth", "token": ...}; then
                                            pushes the caller's view after every action and
                                            accepts {"type": "action", "action", "expect"}
                                            (see websocket_session)
    GET  /, /game/{id}, /replay/{id}        the lobby, game and replay pages

The routes live in one router per concern (:mod:`~empires.server.routes_games`,
:mod:`~empires.server.routes_ws`, :mod:`~empires.server.routes_meta`,
:mod:`~empires.server.routes_coach`, :mod:`~empires.server.routes_chat`,
:mod:`~empires.server.routes_open_games`,
:mod:`~empires.server.routes_pages`); games are reached only through their adapters
(:mod:`empires.core.adapter`), by the manager.

Tokens travel as ``Authorization: Bearer <token>`` (in the action body also as ``token``), never
in a URL. Every refusal is a JSON object ``{"error": code, "detail": sentence}`` with a 4xx
status (503 when storage fails or the server is full), changes nothing, and is declared in the
OpenAPI schema. A client over its limits gets 429 with ``Retry-After``.
"""

from __future__ import annotations

import asyncio
import gc
from contextlib import asynccontextmanager

from fastapi import FastAPI

from empires.server import (
    cpu_profile,
    routes_accounts,
    routes_chat,
    routes_coach,
    routes_games,
    routes_meta,
    routes_open_games,
    routes_pages,
    routes_table,
    routes_ws,
)
from empires.server.bot_runner import QueueBotRunner
from empires.server.db import Store
from empires.server.manager import GameManager, Limits
from empires.server.middleware import MAX_BODY, LimitsAndHeaders, add_error_handlers
from empires.server.server_logging import log_config, websocket_protocol

MAX_WS_MESSAGE = 4 * 1024  # characters of one websocket message from a client


def create_app(
    db_url: str = "sqlite:///empires.db",
    *,
    bot_delay: float = 0.0,
    max_body: int = MAX_BODY,
    max_ws_message: int = MAX_WS_MESSAGE,
    manager: GameManager | None = None,
    card_sets: dict[str, str] | None = None,
    limits: Limits | None = None,
    broker: str | None = None,
    broker_channel: str = "empires",
    bots: str = "threads",
) -> FastAPI:
    """The app; its games live in ``db_url`` (SQLite file or ``postgresql://...``).
    ``card_sets`` maps card-set names offered to players to the operator's files.
    ``bots``: "threads" (this process thinks for the bots) or "queue" (``empires bot-worker``
    processes do, asked through the broker's queue: :mod:`empires.server.bot_runner`)."""
    runner = None
    if bots == "queue":
        if broker is None:
            raise ValueError("bots='queue' needs a broker (redis://...)")
        runner = QueueBotRunner(broker, broker_channel)
    manager = manager or GameManager(
        Store(db_url),
        bot_delay=bot_delay,
        card_sets=card_sets,
        limits=limits,
        broker=broker,  # several processes share the games (empires.server.shared_log)
        broker_channel=broker_channel,
        bot_runner=runner,
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        cpu_profile.install(asyncio.get_running_loop())  # (EMPIRES_PROFILE: benchmarks only)
        await manager.start()
        try:
            yield
        finally:
            await manager.stop()

    app = FastAPI(title="Empires", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.manager = manager
    app.state.max_body = max_body
    app.state.max_ws_message = max_ws_message
    app.add_middleware(LimitsAndHeaders, max_body=max_body)
    add_error_handlers(app)
    for routes in (routes_meta, routes_games, routes_coach, routes_chat, routes_ws, routes_pages):
        app.include_router(routes.router)
    app.include_router(routes_open_games.router)
    app.include_router(routes_table.router)  # undo, leave and return (empires.server.table)
    app.include_router(routes_accounts.router)  # accounts, sessions, leaderboard
    app.include_router(routes_accounts.pages)
    routes_pages.mount_static(app)
    return app


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = "sqlite:///empires.db",
    bot_delay: float = 0.4,
    log_level: str = "info",
    card_sets: dict[str, str] | None = None,
    limits: Limits | None = None,
    broker: str | None = None,
    broker_channel: str = "empires",
    bots: str = "threads",
) -> None:
    """Run the app with uvicorn until interrupted."""
    import uvicorn

    app = create_app(
        db,
        bot_delay=bot_delay,
        card_sets=card_sets,
        limits=limits,
        broker=broker,
        broker_channel=broker_channel,
        bots=bots,
    )
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
