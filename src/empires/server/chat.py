"""Chat per game: the seats talk, spectators read.

A message is posted by a seat (the websocket's ``{"type": "chat", "text": ...}`` or
``POST /api/games/{id}/chat``), cleaned (:func:`clean`: control and bidirectional-override
characters dropped, white space collapsed, at most :data:`MAX_CHAT_LENGTH` characters left, never
empty), limited per seat (:class:`~empires.server.security.RateLimiter`, ``Limits.chat_rate`` /
``chat_burst``, its clock :attr:`Chat.clock` replaceable by tests), numbered ``n`` from 0 per game,
stored in the ``chat`` table (the database is the truth: a restarted server, or another one,
reads the same history) and only then pushed to every connection of the game, in the order of
``n``. A new connection first gets the last :data:`CHAT_HISTORY` messages. A spectator link
reads the chat and cannot post; finished games keep theirs (the replay page shows it).

The text of a message is data for the seats only: it never reaches the server's log (a failed
write is logged by the game's id and the error's type, never its message, which could quote the
text), and browsers render it as text, never as HTML. Muting a seat is the reader's choice, kept
in their browser (``static/js/chat.js``): the server sends every message to every reader.

With several processes (``--broker``), the process that stored a message tells the others only
its number (``{"game", "chat": n}``, see :mod:`empires.server.shared_log`); each of them that
holds the game and has readers reads the new messages from the store (:meth:`Chat.heard`) and
pushes those. Nothing from the broker reaches a reader as text: a forged note can at most make a
process read the store once more, and a number it already pushed is not read again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import unicodedata
import weakref
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, insert, select
from sqlalchemy.exc import IntegrityError

from empires.server.db import chat as chat_table
from empires.server.db import now
from empires.server.errors import ApiError
from empires.server.game_port import GamePort
from empires.server.live_game import SPECTATOR, LiveGame
from empires.server.security import RateLimiter

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

log = logging.getLogger("empires.server")

MAX_CHAT_LENGTH = 300  # characters of a cleaned message
MAX_CHAT_INPUT = 2000  # characters a client may send before cleaning (more is refused unread)
CHAT_HISTORY = 50  # messages a new connection (or a GET) gets
QUEUE_SIZE = 200  # messages waiting for one slow connection; beyond, the oldest are dropped
# Characters that reorder the text around them (a message could make another one read backwards).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")
STORE_ATTEMPTS = 20  # writers racing for a message number (several servers) each try this often
CHATTING = ("waiting", "active", "finished")  # game statuses in which the seats may post


def clean(text: Any) -> str:
    """``text`` as it is stored and shown: control characters (line breaks and tabs become
    spaces), lone surrogates and bidirectional overrides dropped, runs of white space made one
    space, trimmed. ApiError(422) when it is not a string, empty or too long."""
    if not isinstance(text, str):
        raise ApiError(422, "invalid_chat", "a chat message is a string of text")
    if len(text) > MAX_CHAT_INPUT:
        raise ApiError(
            422, "invalid_chat", f"a chat message is at most {MAX_CHAT_LENGTH} characters"
        )
    kept = []
    for ch in text:
        if ch in "\n\r\t":
            kept.append(" ")
        elif unicodedata.category(ch) not in ("Cc", "Cs") and ch not in BIDI_CONTROLS:
            kept.append(ch)
    out = " ".join("".join(kept).split())
    if not out:
        raise ApiError(422, "invalid_chat", "a chat message needs some text")
    if len(out) > MAX_CHAT_LENGTH:
        raise ApiError(
            422,
            "invalid_chat",
            f"a chat message is at most {MAX_CHAT_LENGTH} characters, not {len(out)}",
        )
    return out


# ---- storage (synchronous: run in a worker thread) --------------------------------------------


def store_message(engine: Engine, game_id: str, seat: int, text: str) -> dict:
    """Store ``text`` as the game's next message; its record ``{n, seat, text, time}``. Two
    writers racing for the same ``n`` (two servers) cannot both win: the loser takes the next."""
    for _ in range(STORE_ATTEMPTS):
        stamp = now()
        try:
            with engine.begin() as conn:
                last = conn.execute(
                    select(func.max(chat_table.c.n)).where(chat_table.c.game_id == game_id)
                ).scalar()
                n = 0 if last is None else int(last) + 1
                conn.execute(
                    insert(chat_table).values(
                        game_id=game_id, n=n, seat=seat, text=text, created=stamp
                    )
                )
        except IntegrityError:
            continue
        return {"n": n, "seat": seat, "text": text, "time": stamp.isoformat()}
    raise RuntimeError("the chat table is too busy")


def load_range(engine: Engine, game_id: str, after: int, upto: int) -> list[dict]:
    """The game's messages numbered ``after`` < n <= ``upto`` (at most :data:`CHAT_HISTORY`
    of them, the first ones), oldest first."""
    query = (
        select(chat_table.c.n, chat_table.c.seat, chat_table.c.text, chat_table.c.created)
        .where(
            (chat_table.c.game_id == game_id) & (chat_table.c.n > after) & (chat_table.c.n <= upto)
        )
        .order_by(chat_table.c.n)
        .limit(CHAT_HISTORY)
    )
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    return [
        {"n": n, "seat": seat, "text": text, "time": created.isoformat()}
        for n, seat, text, created in rows
    ]


def load_messages(engine: Engine, game_id: str, limit: int = CHAT_HISTORY) -> list[dict]:
    """The game's last ``limit`` messages, oldest first."""
    query = (
        select(chat_table.c.n, chat_table.c.seat, chat_table.c.text, chat_table.c.created)
        .where(chat_table.c.game_id == game_id)
        .order_by(chat_table.c.n.desc())
        .limit(limit)
    )
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    return [
        {"n": n, "seat": seat, "text": text, "time": created.isoformat()}
        for n, seat, text, created in reversed(rows)
    ]


# ---- the chat of a manager's games ------------------------------------------------------------


class Chat:
    """Posting, history and pushes for the games of one :class:`GameManager`."""

    def __init__(self, manager: GamePort) -> None:
        self.manager = manager
        limits = manager.limits
        self.limiter = RateLimiter(limits.chat_rate, limits.chat_burst)
        self.clock = time.monotonic  # tests replace it to drive the rate limit
        self._queues: dict[str, set[asyncio.Queue]] = {}
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._pushed: dict[str, int] = {}  # per game with readers: the last message number pushed
        self._tasks: set[asyncio.Task] = set()  # reads of the store a note asked for

    def _lock(self, game_id: str) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    async def post(self, game: LiveGame, seat: int | None, text: Any) -> dict:
        """Post ``text`` for ``seat`` (authenticated): stored, then pushed to every connection
        of the game. 403 for a spectator, 409 when the game takes no chat, 422 for bad text,
        429 over the seat's rate."""
        if seat is SPECTATOR:
            raise ApiError(403, "spectator", "a spectator link reads the chat but cannot post")
        if game.status not in CHATTING:
            raise ApiError(409, "chat_closed", "this game takes no more chat messages")
        cleaned = clean(text)
        wait = self.limiter.take(f"{game.id}:{seat}", self.clock())
        if wait:
            raise ApiError(
                429,
                "too_many_messages",
                f"you are chatting too fast; wait {max(wait, 0.1):.1f} s",
                retry_after=wait,
            )
        async with self._lock(game.id):
            try:
                message = await self.manager.run_db(
                    store_message, self.manager.store.engine, game.id, seat, cleaned
                )
            except Exception as exc:
                # Never the exception's text: a database error quotes its parameters.
                log.error(
                    "cannot store a chat message of game %s (%s)", game.id, type(exc).__name__
                )
                raise ApiError(
                    503, "storage_error", "the message could not be stored; try again"
                ) from None
            message["name"] = game.seats[seat].name
            self._publish(game.id, message)
            if self.manager.shared is not None:  # the game's other processes read it and push it
                self.manager.shared.announce({"game": game.id, "chat": message["n"]})
        return message

    def heard(self, game_id: str, n: int) -> None:
        """Another process says it stored message ``n`` of ``game_id`` (a validated note, see
        :func:`empires.server.shared_log.parse_note`): when this process holds the game and
        has readers, read the messages it has not pushed yet, up to ``n``, from the store and
        push them. The note's number only bounds the read; the text comes from the store."""
        if game_id not in self._queues or game_id not in self.manager.games:
            return  # nobody reads this game's chat here (or an unknown game)
        if n <= self._pushed.get(game_id, -1):
            return
        task = asyncio.get_running_loop().create_task(self._catch_up(game_id, n))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _catch_up(self, game_id: str, n: int) -> None:
        async with self._lock(game_id):  # in order, after a post of this process
            game = self.manager.games.get(game_id)
            pushed = self._pushed.get(game_id)
            if (
                game is None
                or game_id not in self._queues
                or n <= (-1 if pushed is None else pushed)
            ):
                return
            # messages this process missed come too (a lost note), from where it stands
            after = n - 1 if pushed is None else pushed
            try:
                messages = await self.manager.run_db(
                    load_range, self.manager.store.engine, game_id, after, n
                )
            except Exception as exc:  # never the exception's text (it could quote a message)
                log.error("cannot read the chat of game %s (%s)", game_id, type(exc).__name__)
                return
            for m in messages:
                seat = m["seat"]
                m["name"] = game.seats[seat].name if 0 <= seat < len(game.seats) else f"#{seat + 1}"
                self._publish(game_id, m)

    async def history(self, game: LiveGame) -> list[dict]:
        """The game's last :data:`CHAT_HISTORY` messages, oldest first, with the seats' names."""
        try:
            messages = await self.manager.run_db(load_messages, self.manager.store.engine, game.id)
        except Exception as exc:
            log.error("cannot read the chat of game %s (%s)", game.id, type(exc).__name__)
            raise ApiError(503, "storage_error", "the chat could not be read; try again") from None
        for m in messages:
            seat = m["seat"]
            m["name"] = game.seats[seat].name if 0 <= seat < len(game.seats) else f"#{seat + 1}"
        return messages

    # ---- pushes ----
    def _publish(self, game_id: str, message: dict) -> None:
        """Push ``message`` (a record read from or written to the store) to every reader."""
        if game_id in self._queues:
            self._pushed[game_id] = max(self._pushed.get(game_id, -1), message["n"])
        for queue in self._queues.get(game_id, ()):
            if queue.full():  # a connection that does not read: it loses the oldest
                with contextlib.suppress(asyncio.QueueEmpty):
                    queue.get_nowait()
            queue.put_nowait(message)

    def subscribe(self, game_id: str) -> asyncio.Queue:
        queue: asyncio.Queue = asyncio.Queue(QUEUE_SIZE)
        self._queues.setdefault(game_id, set()).add(queue)
        return queue

    def unsubscribe(self, game_id: str, queue: asyncio.Queue) -> None:
        queues = self._queues.get(game_id)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del self._queues[game_id]
                self._pushed.pop(game_id, None)

    async def stream(self, game: LiveGame, send) -> None:
        """Send a connection the chat history, then every new message (until cancelled). It
        subscribes before reading the history, and skips what the history already held."""
        queue = self.subscribe(game.id)
        try:
            try:
                messages = await self.history(game)
            except ApiError as exc:  # the live messages still come
                messages = []
                await send({"type": "error", "status": exc.status, **exc.to_json()})
            await send({"type": "chat", "history": True, "messages": messages})
            seen = messages[-1]["n"] if messages else -1
            if game.id in self._queues:  # this process has read the chat up to here
                self._pushed[game.id] = max(self._pushed.get(game.id, -1), seen)
            while True:
                message = await queue.get()
                if message["n"] > seen:
                    seen = message["n"]
                    await send({"type": "chat", "history": False, "messages": [message]})
        finally:
            self.unsubscribe(game.id, queue)
