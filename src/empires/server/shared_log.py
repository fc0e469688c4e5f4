"""One game log shared by several server processes (``empires serve --broker redis://...``).

PostgreSQL holds the authoritative log; every process keeps live games in memory as a cache of
it. Three things keep the caches honest:

- **A checked write under a per-game lock.** An action (or an undo) is stored in a transaction
  that first locks the game's row (``SELECT ... FOR UPDATE``) and checks that the stored history
  is the one this process applied it to: as many standing actions and undos as in memory. When
  another process got there first the write is refused (:class:`StaleWrite`), nothing is stored,
  the process catches up and the client hears "stale" (or "duplicate" for its own retry). So two
  processes never both apply a move to the same game, and a move is applied exactly once.
- **Catching up from the database.** Every ``async with game.lock`` first reads what the store
  holds beyond the memory (new actions, undos, seat clocks, a seat claimed, an expiry) and
  applies it; a change this process cannot apply step by step (an undo, a game that began)
  reloads the game from its row. Every decision is therefore judged against the stored log.
- **Redis pub/sub fan-out.** When a lock is released after this process changed the game, a
  short note ``{"from", "game"}`` goes to the channel; every other process holding that game
  catches up and pushes the new views to its websockets. A chat message's note is
  ``{"from", "game", "chat": n}`` (its number): the other processes read message ``n`` from the
  store and push that. A note lost (a process killed between its write and its note, Redis
  restarting) is made good by a resync of the watched games every :data:`RESYNC_EVERY` seconds
  and after a reconnect.

Content on the broker is never trusted (issue #29): a note only tells a process to look. It is
read only when it is small (:data:`MAX_NOTE` bytes), a JSON object whose ``game`` is a game id
(:func:`parse_note`) and whose ``chat``, if any, is a message number; a game this process does
not hold is ignored; what reaches a player (moves, chat text, names) is read from the database.
A malformed note is dropped with one log line (its size only, never its content), at most one
such line every :data:`DROP_LOG_EVERY` seconds, and closes no connection.

The broker away is a pause: each command is retried by redis-py (``Retry``, exponential
backoff, health checks of idle connections), and the subscription is opened again with backoff
for as long as it takes; then every watched game is compared with the store.

Without ``--broker`` none of this runs: one process, its memory the only cache.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import anyio.to_thread
import orjson
from sqlalchemy import func, select

from empires.server.db import (
    actions,
    games,
    insert_actions,
    record_undo,
    seat_clock_rows,
    undos,
)
from empires.server.errors import StaleWrite
from empires.server.game_port import GamePort
from empires.server.game_setup import restore
from empires.server.live_game import LiveGame, Seat
from empires.server.log_entries import log_entry
from empires.server.table_clock import TableClock

log = logging.getLogger("empires.server.shared_log")

RESYNC_EVERY = 5.0  # seconds: watched games are compared with the store this often
MAX_NOTE = 512  # bytes: a longer note on the channel is dropped unread
MAX_GAME_ID = 64  # characters of a game id in a note
MAX_CHAT_N = 2**53  # a chat message number in a note is an int from 0 below this
HEALTH_EVERY = 10  # seconds an idle broker connection goes unchecked (redis-py's health check)
DROP_LOG_EVERY = 10.0  # seconds: at most one log line about dropped notes this often


def parse_note(data: Any) -> tuple[str, str | None, int | None] | None:
    """(game id, sender, chat message number or None) of a note read on the channel, or None
    when it is not one: too long, not a JSON object, a game id that is not 1 to MAX_GAME_ID of
    ``A-Za-z0-9_-``, a sender that is not a short string, a chat number that is not an int from
    0. Any other field (a text, a name) is ignored: a note only says where to look."""
    if not isinstance(data, (bytes, str)) or len(data) > MAX_NOTE:
        return None
    try:
        note = orjson.loads(data)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(note, dict):
        return None
    game_id, sender, chat = note.get("game"), note.get("from"), note.get("chat")
    if not (isinstance(game_id, str) and 0 < len(game_id) <= MAX_GAME_ID and game_id.isascii()):
        return None
    if not all(c.isalnum() or c in "_-" for c in game_id):
        return None
    if sender is not None and not (isinstance(sender, str) and len(sender) <= 64):
        return None
    if "chat" in note and not (
        type(chat) is int and 0 <= chat < MAX_CHAT_N  # noqa: E721 (bool is no number here)
    ):
        return None
    return game_id, sender, chat


def check_channel(name: str) -> str:
    """A Redis channel name given by the operator (1 to 64 of ``A-Za-z0-9:_.-``)."""
    ok = 0 < len(name) <= 64 and all(c.isalnum() or c in ":_.-" for c in name)
    if not ok or not name.isascii():
        raise ValueError(f"broker channel {name!r}: use 1 to 64 of A-Z a-z 0-9 : _ . -")
    return name


# ---- the store's side (synchronous: run in a worker thread) -----------------------------------


def _lock_and_check(conn, game_id: str, n_actions: int, n_undos: int) -> None:
    """Lock the game's row for this transaction; StaleWrite unless the store holds
    ``n_actions`` standing actions and ``n_undos`` undos."""
    found = conn.execute(select(games.c.id).where(games.c.id == game_id).with_for_update()).scalar()
    if found is None:
        raise StaleWrite(f"game {game_id} is not stored")
    stored = conn.execute(
        select(func.count()).select_from(actions).where(actions.c.game_id == game_id)
    ).scalar()
    taken = conn.execute(
        select(func.count()).select_from(undos).where(undos.c.game_id == game_id)
    ).scalar()
    if (stored, taken) != (n_actions, n_undos):
        raise StaleWrite(
            f"game {game_id}: the store holds {stored} actions and {taken} undos, "
            f"not {n_actions} and {n_undos}"
        )


def append_checked(engine, row: tuple, n_undos: int) -> None:
    """Store one action row (as :meth:`Store.append_actions` takes it) only if the game's stored
    history is the one it follows: ``row[1]`` standing actions and ``n_undos`` undos."""
    with engine.begin() as conn:
        _lock_and_check(conn, row[0], row[1], n_undos)
        insert_actions(conn, [row])


def take_back_checked(
    engine, game_id: str, seq: int, index: int, seat: int, taken: list[str]
) -> None:
    """Record an undo (:meth:`Store.take_back`) only if the store holds exactly the actions it
    takes back and ``seq`` undos before it."""
    with engine.begin() as conn:
        _lock_and_check(conn, game_id, index + len(taken), seq)
        record_undo(conn, game_id, seq, index, seat, taken)


@dataclass
class Changes:
    """What the store holds of a game beyond a process's memory."""

    status: str | None
    stored: int  # standing actions
    undos: int
    actions: list[tuple[int, int, str, str | None]] = field(default_factory=list)
    clocks: list[dict] = field(default_factory=list)


def read_changes(engine, game_id: str, have: int) -> Changes:
    """The game's status, counts, the actions from index ``have`` on and its seat clocks."""
    with engine.connect() as conn:
        status = conn.execute(select(games.c.status).where(games.c.id == game_id)).scalar()
        stored = conn.execute(
            select(func.count()).select_from(actions).where(actions.c.game_id == game_id)
        ).scalar()
        taken = conn.execute(
            select(func.count()).select_from(undos).where(undos.c.game_id == game_id)
        ).scalar()
        rows = conn.execute(
            select(actions.c.index, actions.c.seat, actions.c.action, actions.c.stand_in)
            .where((actions.c.game_id == game_id) & (actions.c.index >= have))
            .order_by(actions.c.index)
        ).all()
        clocks = seat_clock_rows(conn, game_id)
    return Changes(
        status,
        int(stored or 0),
        int(taken or 0),
        [tuple(r) for r in rows],
        [dict(c) for c in clocks],
    )


# ---- a process's side -------------------------------------------------------------------------


async def _nothing(game: LiveGame) -> None:
    """No one listens for games caught up (until GameManager.listen says who does)."""


class SyncedLock:
    """A live game's lock in a process that shares its games: whoever takes it first catches
    the game up with the store; releasing it after a change tells the other processes."""

    def __init__(self, shared: SharedLog, game: LiveGame) -> None:
        self._lock = asyncio.Lock()
        self._shared = shared
        self._game = game
        self._seen = 0

    def locked(self) -> bool:
        return self._lock.locked()

    async def __aenter__(self) -> None:
        await self._lock.acquire()
        try:
            await self._shared.catch_up(self._game)
        except asyncio.CancelledError:
            self._lock.release()
            raise
        except Exception:  # the checked write still refuses a stale move
            log.exception("cannot catch game %s up with the store", self._game.id)
        self._seen = self._game.version

    async def __aexit__(self, *exc: object) -> None:
        changed = self._game.version != self._seen
        self._lock.release()
        if changed:
            self._shared.announce({"game": self._game.id})


class SharedLog:
    """The manager's link to the other processes: checked writes, catching up, the broker."""

    def __init__(self, manager: GamePort, url: str, channel: str = "empires") -> None:
        self.manager = manager
        # what another process said, passed on (GameManager.listen): a chat message heard, a
        # game caught up (its undo offer worked out again)
        self.heard_chat: Callable[[str, int], None] = lambda game_id, n: None
        self.caught_up: Callable[[LiveGame], Awaitable[None]] = _nothing
        self.url = url
        self.channel = check_channel(channel)
        self.me = secrets.token_hex(8)  # this process, to skip its own notes
        self.redis: Any = None
        self._listener: asyncio.Task | None = None
        self._resync: asyncio.Task | None = None
        self._tasks: set[asyncio.Task] = set()
        self._pending: set[str] = set()  # games with a catch-up queued
        self.ready = asyncio.Event()  # subscribed (tests wait for it)
        self.dropped = 0  # malformed notes dropped (tests read it)
        self._drop_logged = float("-inf")  # when a dropped note was last logged (loop time)

    # ---- life cycle ----
    async def start(self) -> None:
        import redis.asyncio as aioredis  # the broker extra
        from redis.exceptions import ConnectionError as RedisConnectionError
        from redis.exceptions import TimeoutError as RedisTimeoutError

        from empires.server.bot_runner import broker_retry

        self.redis = aioredis.from_url(
            self.url,
            retry=broker_retry(),
            retry_on_error=[RedisConnectionError, RedisTimeoutError],
            health_check_interval=HEALTH_EVERY,
            socket_connect_timeout=2,
        )
        await self.redis.ping()  # a wrong address stops the server at start-up
        loop = asyncio.get_running_loop()
        self._listener = loop.create_task(self._listen())
        self._resync = loop.create_task(self._resync_loop())
        await asyncio.wait_for(self.ready.wait(), timeout=10)

    async def stop(self) -> None:
        for task in (self._listener, self._resync, *self._tasks):
            if task is not None:
                task.cancel()
        for task in (self._listener, self._resync):
            if task is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        if self.redis is not None:
            with contextlib.suppress(Exception):
                await self.redis.aclose()

    def listen(
        self,
        heard_chat: Callable[[str, int], None],
        caught_up: Callable[[LiveGame], Awaitable[None]],
    ) -> None:
        """Pass other processes' chat messages, and the games caught up, to these."""
        self.heard_chat, self.caught_up = heard_chat, caught_up

    def adopt(self, game: LiveGame) -> None:
        """A game came into this process's memory: its lock catches up and announces."""
        game.lock = SyncedLock(self, game)  # type: ignore[assignment]

    # ---- writes ----
    async def store_action(self, game: LiveGame, row: tuple) -> None:
        """Store an action row for ``game`` (caller holds its lock); StaleWrite when the store
        holds another history (the game is caught up before it is raised)."""
        try:
            await self.manager.run_db(
                append_checked, self.manager.store.engine, row, len(game.undos)
            )
        except StaleWrite:
            await self.catch_up(game)
            raise

    async def take_back(
        self, game: LiveGame, seq: int, index: int, seat: int, taken: list[str]
    ) -> None:
        try:
            await self.manager.run_db(
                take_back_checked, self.manager.store.engine, game.id, seq, index, seat, taken
            )
        except StaleWrite:
            await self.catch_up(game)
            raise

    # ---- catching up ----
    async def catch_up(self, game: LiveGame) -> bool:
        """Make ``game`` (caller holds its lock) agree with the store; True when it changed."""
        m = self.manager
        have = len(game.log)
        ch = await m.run_db(read_changes, m.store.engine, game.id, have)
        if ch.status in (None, "expired", "quarantined"):
            if game.status != ch.status and not game.closed:
                game.status = ch.status or "expired"
                m.games.pop(game.id, None)
                game.close()
                return True
            return False
        if ch.undos != len(game.undos) or ch.stored < have or game.status == "waiting":
            changed = await self._reload(game, ch)
        else:
            changed = self._apply_new(game, ch)
        if ch.clocks != game.table.stored:
            self._take_clocks(game, ch.clocks)
            changed = True
        if changed:
            await self.caught_up(game)
            game.notify()
            m.kick_bots(game)
        return changed

    def _apply_new(self, game: LiveGame, ch: Changes) -> bool:
        applied = False
        for index, seat, action, stand_in in ch.actions:
            if index != len(game.log):
                break
            entry = log_entry(game.state, index, seat, action)
            if stand_in:
                entry["stand_in"] = stand_in
            game.state.apply(action)
            game.log.append(entry)
            applied = True
        if applied and game.state.is_terminal() and game.status == "active":
            game.status = "finished"
            self.manager.remember_finished(game.id)
        return applied

    async def _reload(self, game: LiveGame, ch: Changes) -> bool:
        """Replace ``game``'s memory by its stored row (an undo, a seat claimed, a start)."""
        m = self.manager
        row = await m.run_db(m.store.load_game, game.id)
        if row is None:
            return False
        before = (len(game.log), len(game.undos), game.status, [s.public() for s in game.seats])
        state, game_log = await anyio.to_thread.run_sync(restore, row, m.card_sets)
        seats = [Seat(s.seat, s.kind, s.bot, s.name, s.token_hash, s.open) for s in row.seats]
        after = (len(game_log), len(row.undos), row.status, [s.public() for s in seats])
        if before == after and [s.token_hash for s in seats] == [s.token_hash for s in game.seats]:
            return False
        game.state, game.log, game.seats = state, game_log, seats
        game.undos, game.hints = list(row.undos), list(row.hints)
        game.status, game.listed, game.rematch = row.status, row.listed, row.rematch
        if game.status == "active" and state.is_terminal():
            game.status = "finished"
        game.epoch += 1  # every watcher reads the log again, from the start
        return True

    @staticmethod
    def _take_clocks(game: LiveGame, rows: list[dict]) -> None:
        old = game.table
        table = TableClock(game.config.get("table"), len(game.seats), rows)
        table.connections, table.seen = old.connections, old.seen
        table.marks, table.last_timeout = old.marks, old.last_timeout
        game.table = table

    # ---- the broker ----
    def announce(self, note: dict) -> None:
        """Tell the other processes (in the background; a lost note is made good by resync)."""
        if self.redis is None:
            return
        data = orjson.dumps({**note, "from": self.me})

        async def send() -> None:
            try:
                await self.redis.publish(self.channel, data)
            except Exception as exc:
                log.warning("cannot reach the broker (%s)", type(exc).__name__)

        self._spawn(send())

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _listen(self) -> None:
        from empires.server.bot_runner import backoff

        failures = 0
        while True:
            try:
                async with self.redis.pubsub() as pubsub:
                    await pubsub.subscribe(self.channel)
                    if self.ready.is_set():  # a reconnect: notes may have been lost
                        log.info("the broker is back; comparing the watched games with the store")
                        self._resync_all()
                    self.ready.set()
                    failures = 0
                    async for message in pubsub.listen():
                        if message.get("type") == "message":
                            self._heard(message.get("data"))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                failures += 1
                delay = backoff(failures)
                log.warning(
                    "lost the broker (%s); reconnecting in %.1f s", type(exc).__name__, delay
                )
                await asyncio.sleep(delay)

    def _heard(self, data: Any) -> None:
        """A note on the channel: look at the game it names (never take its content)."""
        note = parse_note(data)
        if note is None:
            self._drop(data)
            return
        game_id, sender, chat = note
        if sender == self.me:
            return
        if chat is not None:
            self.heard_chat(game_id, chat)
            return
        self._queue(game_id)

    def _drop(self, data: Any) -> None:
        self.dropped += 1
        stamp = asyncio.get_running_loop().time()
        if stamp - self._drop_logged >= DROP_LOG_EVERY:
            self._drop_logged = stamp
            size = len(data) if isinstance(data, (bytes, str)) else -1
            log.warning(
                "dropped a malformed note on the broker channel (%d bytes; %d dropped so far)",
                size,
                self.dropped,
            )

    def _queue(self, game_id: str) -> None:
        game = self.manager.games.get(game_id)
        if game is None or game_id in self._pending:
            return
        self._pending.add(game_id)

        async def sync() -> None:
            try:
                async with game.lock:  # catches up
                    pass
            finally:
                self._pending.discard(game_id)

        self._spawn(sync())

    def _resync_all(self) -> None:
        for game_id, game in list(self.manager.games.items()):
            if game.connections > 0 and game.status in ("active", "waiting"):
                self._queue(game_id)

    async def _resync_loop(self) -> None:
        while True:
            await asyncio.sleep(RESYNC_EVERY)
            self._resync_all()
