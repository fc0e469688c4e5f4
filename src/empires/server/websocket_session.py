"""One websocket client of one game: authentication by its first message, the pushes of its
view, the actions it sends, and the limits it must keep.

The protocol (JSON text messages):

- the client's first message is ``{"type": "auth", "token": "..."}`` (tokens never travel in a
  URL, so no server or proxy log can hold them); nothing else is read before it, and a client
  that sends none within ``AUTH_TIMEOUT`` seconds is closed (1008);
- then the server pushes ``{"type": "state", ...}`` (the caller's view, its new log entries and
  events) after every action, and answers ``{"type": "action", "action": ..., "expect": n,
  "id": ...}`` with ``ack`` or ``error``, and ``{"type": "ping"}`` with ``pong``;
- chat (:mod:`empires.server.chat`): a client whose auth message says ``"chat": true`` first gets
  ``{"type": "chat", "history": true, "messages": [...]}`` (the last messages), then one
  ``{"type": "chat", "history": false, "messages": [m]}`` per new message; a seat posts with
  ``{"type": "chat", "text": ..., "id": ...}``, answered ``chat_ack`` (with the stored message)
  or ``error``;
- the table (:mod:`empires.server.table`): ``{"type": "undo", "expect": moves, "count": n}``,
  ``{"type": "leave"}`` and ``{"type": "return"}``, answered ``table_ack`` or ``error``; after
  an undo the next push starts the log and events again (``log_from`` and ``events_from`` 0);
- every refusal is ``{"type": "error", "status", "error", "detail"}``. Messages beyond the
  connection's or the client's rate (:class:`~empires.server.manager.Limits`) are refused as
  ``rate_limited`` without being read, and a connection that keeps sending after
  ``abuse_strikes`` refusals is closed with 1008 (policy violation) and its client may open no
  websocket for ``ban_seconds``;
- the auth message's ``"lang"`` ("es", "it", "pt"; anything else is English) is the language of
  the pushed states' words (:mod:`empires.server.view_language`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from empires.server.manager import SPECTATOR, ApiError, GameManager, LiveGame, dumps
from empires.server.security import TokenBucket
from empires.server.view_language import language

AUTH_TIMEOUT = 10.0
POLICY_VIOLATION = 1008
MESSAGE_TOO_BIG = 1009


class Session:
    def __init__(
        self,
        websocket: WebSocket,
        manager: GameManager,
        game_id: str,
        client: str,
        max_message: int,
    ) -> None:
        self.ws = websocket
        self.manager = manager
        self.game_id = game_id
        self.client = client
        self.max_message = max_message
        limits = manager.limits
        self.bucket = TokenBucket(limits.message_rate, limits.message_burst, time.monotonic())
        self.strikes = 0
        self.send_lock = asyncio.Lock()
        self.game: LiveGame | None = None
        self.seat: int | None = None
        self.chat = False  # the client asked for the chat's messages (auth "chat": true)
        self.lang = "en"  # the language of the pushed words (auth "lang")

    async def send(self, payload: dict | str) -> None:
        text = payload if isinstance(payload, str) else dumps(payload)
        async with self.send_lock:
            await self.ws.send_text(text)

    async def refuse(self, exc: ApiError, code: int) -> None:
        with contextlib.suppress(Exception):
            await self.send({"type": "error", "status": exc.status, **exc.to_json(self.lang)})
            await self.ws.close(code=code, reason=exc.code)

    # ---- the life of a connection ----
    async def run(self) -> None:
        if self.manager.banned(self.client) or self.manager.connect_limiter.take(self.client):
            # Refused before the handshake completes (HTTP 403): a connection flood costs
            # the server as little as possible.
            with contextlib.suppress(Exception):
                await self.ws.close(code=POLICY_VIOLATION)
            return
        await self.ws.accept()
        try:
            game, seat = await asyncio.wait_for(self.authenticate(), AUTH_TIMEOUT)
        except TimeoutError:
            await self.refuse(
                ApiError(401, "missing_token", 'send {"type": "auth", "token": ...} first'),
                POLICY_VIOLATION,
            )
            return
        except ApiError as exc:
            await self.refuse(exc, 4000 + exc.status)
            return
        except (WebSocketDisconnect, RuntimeError, OSError):
            return
        refusal = self.admission(game, seat)
        if refusal is not None:
            await self.refuse(refusal, 4429)
            return
        self.game, self.seat = game, seat
        self.manager.touch(game, seat)
        game.connections += 1
        if seat is SPECTATOR:
            game.spectators[self.client] = game.spectators.get(self.client, 0) + 1
        try:
            await self.manager.table.connected(game, seat)  # the seat is here (table.py)
            await self.serve()
        finally:
            game.connections -= 1
            if seat is SPECTATOR:
                left = game.spectators.get(self.client, 1) - 1
                if left > 0:
                    game.spectators[self.client] = left
                else:
                    game.spectators.pop(self.client, None)
            self.manager.table.disconnected(game, seat)
            if self.ws.application_state != WebSocketState.DISCONNECTED:
                with contextlib.suppress(Exception):
                    await self.ws.close()

    def admission(self, game: LiveGame, seat: int | None) -> ApiError | None:
        """Why this connection is refused (None: it is not). The seats' sockets and the
        spectators' are counted apart, so spectators never keep a player out: the seats have
        ``max_connections_per_game`` between them; spectators ``Limits.spectators_per_game``,
        and ``Limits.spectators_per_client`` from one address."""
        limits = self.manager.limits
        if seat is not SPECTATOR:
            if sum(game.table.connections) >= self.manager.max_connections_per_game:
                return ApiError(429, "too_many_connections", "too many connections to this game")
            return None
        if sum(game.spectators.values()) >= limits.spectators_per_game:
            return ApiError(
                429,
                "too_many_spectators",
                "this game has as many spectators as it takes: try again later",
            )
        if game.spectators.get(self.client, 0) >= limits.spectators_per_client:
            return ApiError(
                429,
                "too_many_spectator_connections",
                "you watch this game on as many connections as one address may: close one first",
            )
        return None

    async def authenticate(self) -> tuple[LiveGame, int | None]:
        """The game and seat the first message's token opens."""
        text = await self.receive_text()
        data = _parse(text)
        if not isinstance(data, dict) or data.get("type") != "auth":
            raise ApiError(
                401, "missing_token", 'the first message must be {"type": "auth", "token": "..."}'
            )
        game = await self.manager.require(self.game_id)
        token = data.get("token")
        self.chat = data.get("chat") is True
        self.lang = language(data.get("lang"))
        return game, self.manager.authenticate(game, token if isinstance(token, str) else None)

    async def receive_text(self) -> str:
        """The next text message (ApiError for binary or oversized ones)."""
        message = await self.ws.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        text = message.get("text")
        size = len(text) if text is not None else len(message.get("bytes") or b"")
        if size > self.max_message:
            raise ApiError(
                413, "message_too_large", f"messages are at most {self.max_message} characters"
            )
        if text is None:
            raise ApiError(400, "malformed_message", "send JSON text messages")
        return text

    async def serve(self) -> None:
        tasks = [asyncio.ensure_future(self.pusher()), asyncio.ensure_future(self.receiver())]
        if self.chat and self.game is not None:
            tasks.append(asyncio.ensure_future(self.manager.chat.stream(self.game, self.send)))
        try:
            _, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(
                    asyncio.CancelledError, WebSocketDisconnect, RuntimeError, OSError
                ):
                    await task
        finally:
            for task in tasks:
                task.cancel()

    async def pusher(self) -> None:
        game, seen, log_from, events_from = self.game, -1, 0, 0
        assert game is not None  # started only once the client is authenticated
        epoch = game.epoch
        while True:
            await game.wait_change(seen)
            if game.closed:
                await self.refuse(
                    ApiError(
                        410,
                        "game_closed",
                        "this game is no longer on the "
                        "server (it expired or the server is stopping)",
                    ),
                    1001,
                )
                return
            await asyncio.sleep(0)  # a reply that starts at once (a bot's) begins its commit
            await game.settled()  # one push for this change and a commit under way
            seen = game.version
            if game.epoch != epoch:  # actions were taken back: the log and events start again
                epoch, log_from, events_from = game.epoch, 0, 0
            message, log_from, events_from = game.message(
                self.seat, log_from, events_from, self.lang
            )
            await self.send(message)

    async def receiver(self) -> None:
        while True:
            try:
                text = await self.receive_text()
            except ApiError as exc:
                if exc.code == "message_too_large":
                    await self.refuse(exc, MESSAGE_TOO_BIG)
                    return
                await self.send({"type": "error", "status": exc.status, **exc.to_json(self.lang)})
                continue
            verdict = await self.within_limits()
            if verdict == "closed":
                return
            if verdict == "ok":
                await self.handle(text)

    async def within_limits(self) -> str:
        """ "ok" when the message may be read, "drop" when it is refused unread, "closed" once
        the connection is closed for abuse."""
        now = time.monotonic()
        wait = self.bucket.take(now) or self.manager.client_limiter.take(self.client, now)
        if not wait:
            self.strikes = 0
            return "ok"
        self.strikes += 1
        if self.strikes > self.manager.limits.abuse_strikes:
            self.manager.ban(self.client)
            await self.refuse(
                ApiError(429, "rate_limited", "too many messages: closed"), POLICY_VIOLATION
            )
            return "closed"
        if self.strikes == 1:  # one notice per burst of refusals: a flood costs no sends
            await self.send(
                {
                    "type": "error",
                    "status": 429,
                    "error": "rate_limited",
                    "detail": f"too many messages; wait {max(wait, 0.1):.1f} s",
                    "retry_after": round(wait, 3),
                }
            )
        return "drop"

    async def handle(self, text: str) -> None:
        data = _parse(text)
        if not isinstance(data, dict):
            detail = (
                "the message is nested too deeply"
                if data is _TOO_DEEP
                else "a message is a JSON object with a 'type'"
            )
            await self.send(
                {"type": "error", "status": 400, "error": "malformed_message", "detail": detail}
            )
            return
        msg_id = data.get("id")
        if not (msg_id is None or (isinstance(msg_id, int | str) and len(str(msg_id)) <= 64)):
            msg_id = None
        kind = data.get("type")
        if kind == "ping":
            await self.send({"type": "pong", "id": msg_id})
            return
        if kind == "chat":
            await self.post_chat(data.get("text"), msg_id)
            return
        if kind in TABLE_MESSAGES:
            await self.table_message(kind, data, msg_id)
            return
        if kind != "action":
            await self.send(
                {
                    "type": "error",
                    "id": msg_id,
                    "status": 400,
                    "error": "malformed_message",
                    "detail": 'unknown message type; send {"type": "action", '
                    '"action": "...", "expect": n}, {"type": "chat", "text": "..."}, '
                    '{"type": "undo", "expect": n}, {"type": "leave"}, {"type": "return"} '
                    'or {"type": "ping"}',
                }
            )
            return
        assert self.game is not None  # messages are read only once authenticated
        try:
            entry = await self.manager.submit(
                self.game, self.seat, data.get("action"), data.get("expect")
            )
        except ApiError as exc:
            await self.send(
                {"type": "error", "id": msg_id, "status": exc.status, **exc.to_json(self.lang)}
            )
            return
        await self.send({"type": "ack", "id": msg_id, "entry": entry})

    async def table_message(self, kind: str, data: dict, msg_id: Any) -> None:
        """Undo, leave or return (:mod:`empires.server.table`): answered ``table_ack`` with
        the result, or ``error``."""
        assert self.game is not None  # messages are read only once authenticated
        table = self.manager.table
        try:
            if kind == "undo":
                result = await table.undo(
                    self.game, self.seat, data.get("expect"), data.get("count", 1)
                )
            elif kind == "leave":
                result = await table.leave(self.game, self.seat)
            else:
                result = await table.come_back(self.game, self.seat)
        except ApiError as exc:
            await self.send(
                {"type": "error", "id": msg_id, "status": exc.status, **exc.to_json(self.lang)}
            )
            return
        await self.send({"type": "table_ack", "id": msg_id, "of": kind, "result": result})

    async def post_chat(self, text: Any, msg_id: Any) -> None:
        assert self.game is not None  # messages are read only once authenticated
        try:
            message = await self.manager.chat.post(self.game, self.seat, text)
        except ApiError as exc:
            await self.send(
                {"type": "error", "id": msg_id, "status": exc.status, **exc.to_json(self.lang)}
            )
            return
        await self.send({"type": "chat_ack", "id": msg_id, "message": message})


_TOO_DEEP = object()
TABLE_MESSAGES = ("undo", "leave", "return")


def _parse(text: str) -> Any:
    """The JSON value of ``text``; None when it is not JSON, ``_TOO_DEEP`` when it nests
    beyond what the parser allows."""
    try:
        return json.loads(text)
    except RecursionError:
        return _TOO_DEEP
    except ValueError:
        return None
