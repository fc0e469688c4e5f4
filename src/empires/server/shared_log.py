"""Games shared by several server processes (``empires serve --broker redis://...``).

PostgreSQL holds the authoritative log. Each game has one owner process at a time, the holder of
its lease (:mod:`empires.server.lease`); the others may hold a copy of it, which follows the store.

- **The owner writes, fenced.** Taking a game's lock makes this process its owner: nothing to do
  while it holds the lease (its memory is the game: no read of the store); else it takes the
  lease when it is free or lapsed, or asks its holder on the ``<channel>:want`` channel to hand
  it over (the holder finishes the commit under way, releases the lease and follows the game),
  waiting at most until the lease lapses; then it catches the game up from the store, the one
  read an ownership change costs. The owner's actions go through the manager's group commit, each
  game's epoch checked in the ``UPDATE games`` it runs anyway (:func:`lease.append_fenced`); a
  write whose epoch was superseded (this process was paused and another took the lease) stores
  nothing, and the game is caught up as a follower's (:meth:`SharedLog.lost`). The owner renews
  its leases every :data:`lease.RENEW_EVERY` s, and every process takes over the games whose
  leases lapsed (their owner died) every :data:`lease.SCAN_EVERY` s and starts their bots.
- **Followers catch up from the database.** When a lock is released after the owner changed the
  game, a short note ``{"from", "game"}`` goes to the channel; every other process holding that
  game catches its copy up (the game's counts, the new actions, its seat clocks: three short
  reads) and pushes the new views to its websockets. A chat message's note is ``{"from", "game",
  "chat": n}`` (its number): the other processes read message ``n`` from the store and push it.
  A note lost (Redis restarting) is made good by a resync of the watched games every
  :data:`RESYNC_EVERY` seconds and after a reconnect.

Content on the broker is never trusted (issue #29): a note only tells a process to look. It is
read only when it is small (:data:`MAX_NOTE` bytes), a JSON object whose ``game`` is a game id
(:func:`parse_note`) and whose ``chat``, if any, is a message number; a game this process does
not hold is ignored; what reaches a player (moves, chat text, names) is read from the database.
A malformed note is dropped with one log line (its size only, never its content), at most one
such line every :data:`DROP_LOG_EVERY` seconds, and closes no connection.

The broker away is a pause: each command is retried by redis-py (``Retry``, exponential
backoff, health checks of idle connections), and the subscription is opened again with backoff
for as long as it takes; then every watched game is compared with the store.

Without ``--broker`` none of this runs: one process owns every game, its memory the only cache.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import anyio.to_thread
import orjson
from sqlalchemy import func, select

from empires.server import lease, presence
from empires.server.db import actions, games, seat_clock_rows, undos
from empires.server.errors import ApiError, StaleWrite
from empires.server.game_port import GamePort
from empires.server.game_setup import restore
from empires.server.live_game import LiveGame, Seat
from empires.server.log_entries import log_entry
from empires.server.presence import Presence
from empires.server.relay import MAX_GAME_ID, SIG_HEX, Relay, game_id_ok, inbox, sign
from empires.server.table_clock import TableClock

log = logging.getLogger("empires.server.shared_log")

RESYNC_EVERY = 5.0  # seconds: watched games are compared with the store this often
FULL_RESYNC_EVERY = 6  # ... and every this many rounds caught up whole (seat clocks too)
MAX_NOTE = 512  # bytes: a longer note on the channel is dropped unread
NOTE_WAIT = 1.0  # seconds at most a note of the owner's change waits for a bot's move stored
RELAY_CATCH_UP = 2.0  # seconds a relayed move's answer waits for this process's copy to have it
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
    if not game_id_ok(game_id):
        return None
    if sender is not None and not (isinstance(sender, str) and len(sender) <= 64):
        return None
    if "chat" in note and not (
        type(chat) is int and 0 <= chat < MAX_CHAT_N  # noqa: E721 (bool is no number here)
    ):
        return None
    return game_id, sender, chat


SIGNED = b"s1:"  # a signed note: SIGNED + game id + b":" + HMAC-SHA256 (SIG_HEX hex digits)
# + b":" + JSON (signed as the relay's requests are: relay.sign, SIG_HEX hex digits)
MAX_SIGNED = 32768  # bytes: a longer signed note is not sent (the others read the store)


def signed_head(data: bytes) -> tuple[str, str, int] | None:
    """(game id, sender, where the signature starts) of a signed note, unchecked: only to skip
    the notes of games this process does not hold, and its own, before checking any."""
    end = data.find(b":", len(SIGNED), len(SIGNED) + MAX_GAME_ID + 1)
    if end < 0:
        return None
    sender_end = data.find(b":", end + 1, end + 66)
    if sender_end < 0:
        return None
    game_id = data[len(SIGNED) : end].decode("ascii", "replace")
    return game_id, data[end + 1 : sender_end].decode("ascii", "replace"), sender_end + 1


def is_score_track(track: Any, seats: int) -> bool:
    """Whether ``track`` has the shape of a finished game's score track for a game of ``seats``
    seats (:func:`empires.server.score_track.score_track`): ``{"turns": [ints], "totals": [a
    row of numbers per scored side (the seats, and a solo game's virtual player), as long as
    turns]}``."""
    if not isinstance(track, dict) or set(track) != {"turns", "totals"}:
        return False
    turns, totals = track["turns"], track["totals"]
    if not isinstance(turns, list) or not all(type(n) is int for n in turns):  # noqa: E721
        return False
    return (
        isinstance(totals, list)
        and 1 <= len(totals) <= seats + 1
        and all(isinstance(row, list) and len(row) == len(turns) for row in totals)
        and all(type(v) in (int, float) for row in totals for v in row)
    )


def verified(key: bytes | None, data: bytes, start: int) -> dict | None:
    """The note in ``data`` (its signature at ``start``) if the signature, of everything else,
    is ``key``'s and its fields are well typed: a game id, an undo count, entries ``[index,
    seat, action, stand_in, message, views]``, seat clock rows and, if any, the shared
    observation (a JSON object); else None."""
    head = start + SIG_HEX
    if key is None or len(data) > MAX_SIGNED + head + 1 or data[head : head + 1] != b":":
        return None
    body = data[head + 1 :]
    if not hmac.compare_digest(sign(key, data[:start] + body), data[start:head]):
        return None
    try:
        note = orjson.loads(body)
    except orjson.JSONDecodeError:
        return None
    ok = isinstance(note, dict) and isinstance(note.get("game"), str)
    ok = ok and type(note.get("u")) is int  # noqa: E721
    ok = ok and isinstance(note.get("e"), list) and isinstance(note.get("c"), list)
    ok = ok and isinstance(note.get("o", {}), dict)
    if not ok or not all(_entry_ok(e) for e in note["e"]):
        return None
    return note if all(isinstance(c, dict) for c in note["c"]) else None


def _entry_ok(entry: Any) -> bool:
    if not (isinstance(entry, list) and len(entry) == 6):
        return False
    index, seat, action, stand_in, message, views = entry
    numbers = type(index) is int and type(seat) is int and index >= 0  # noqa: E721
    words = isinstance(action, str) and len(action) <= 128 and isinstance(message, dict)
    views_ok = views is None or (
        isinstance(views, list)
        and all(isinstance(v, list) and len(v) == 2 and isinstance(v[1], dict) for v in views)
    )
    return numbers and words and views_ok and (stand_in is None or isinstance(stand_in, str))


def _views(entry: dict) -> list | None:
    """An entry's words for other viewers (``views``: seat or None -> message), as a list."""
    views = entry.get("views")
    return None if views is None else [[viewer, msg] for viewer, msg in views.items()]


def _unreadable(what: str, game_id: str, exc: Exception) -> ApiError:
    """The 503 a player gets when the store failed this process (logged: ``what`` could not be
    done, with ``game_id`` and the error's type, never its text)."""
    log.warning("cannot " + what + " (%s)", game_id, type(exc).__name__)
    return ApiError(503, "storage_error", "the game could not be read; try again")


def check_channel(name: str) -> str:
    """A Redis channel name given by the operator (1 to 64 of ``A-Za-z0-9:_.-``)."""
    ok = 0 < len(name) <= 64 and all(c.isalnum() or c in ":_.-" for c in name)
    if not ok or not name.isascii():
        raise ValueError(f"broker channel {name!r}: use 1 to 64 of A-Z a-z 0-9 : _ . -")
    return name


# ---- the store's side (synchronous: run in a worker thread) -----------------------------------


def read_heads(engine, game_ids: list[str]) -> dict[str, tuple[str, int, int]]:
    """Where each of ``game_ids`` stands in the store: (status, actions, undos), in one read."""
    count_actions = (
        select(func.count()).select_from(actions).where(actions.c.game_id == games.c.id)
    ).scalar_subquery()
    count_undos = (
        select(func.count()).select_from(undos).where(undos.c.game_id == games.c.id)
    ).scalar_subquery()
    with engine.connect() as conn:
        rows = conn.execute(
            select(games.c.id, games.c.status, count_actions, count_undos).where(
                games.c.id.in_(game_ids)
            )
        ).all()
    return {r[0]: (r[1], int(r[2]), int(r[3])) for r in rows}


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
    count_actions = (
        select(func.count()).select_from(actions).where(actions.c.game_id == game_id)
    ).scalar_subquery()
    count_undos = (
        select(func.count()).select_from(undos).where(undos.c.game_id == game_id)
    ).scalar_subquery()
    with engine.connect() as conn:
        head = conn.execute(
            select(games.c.status, count_actions, count_undos).where(games.c.id == game_id)
        ).first()
        status, stored, taken = head if head is not None else (None, 0, 0)
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


class LeaseLost(StaleWrite):
    """This process no longer holds the game's lease: another process owns it now."""


class GameLock:
    """A live game's lock in a process that shares its games. Taking it makes this process the
    game's owner first (:meth:`SharedLog.own`: nothing to do while it holds the lease; else the
    lease is taken, from its holder if need be, and the game caught up with the store); releasing
    it after a change tells the other processes. A bot worker's lock only catches up."""

    def __init__(self, shared: SharedLog, game: LiveGame) -> None:
        self._lock = asyncio.Lock()
        self._shared = shared
        self._game = game
        self._seen: tuple[int, int, int, str, int | None] = (0, 0, 0, "", None)

    def locked(self) -> bool:
        return self._lock.locked()

    def _mark(self) -> None:
        game = self._game
        events = game.public_events_end()
        self._seen = (game.version, len(game.log), len(game.undos), game.status, events)

    def _tell(self) -> None:
        """After the lock's holder changed the game: tell the other processes what changed."""
        if self._game.version != self._seen[0]:
            self._shared.changed(self._game, *self._seen[1:])

    async def __aenter__(self) -> None:
        await self._lock.acquire()
        try:
            await self._shared.own(self._game)
        except BaseException:
            self._lock.release()
            raise
        self._mark()

    async def __aexit__(self, *exc: object) -> None:
        self._lock.release()
        self._tell()

    @contextlib.asynccontextmanager
    async def as_owner(self) -> AsyncIterator[None]:
        """The lock, only while this process owns the game (:class:`LeaseLost` otherwise): what
        the bots and the clocks take, so that they never pull a game from its owner."""
        await self._lock.acquire()
        marked = False
        try:
            if not self._game.owned:
                raise LeaseLost(f"game {self._game.id} is owned by another process")
            self._mark()
            marked = True
            yield
        finally:
            self._lock.release()
            if marked:  # (a change made before a failure is told all the same)
                self._tell()

    @contextlib.asynccontextmanager
    async def following(self) -> AsyncIterator[None]:
        """The lock, catching a game this process does not own up with the store."""
        async with self._lock:
            if not self._game.owned:
                await self._shared.catch_up(self._game)
            yield

    @property
    def inner(self) -> asyncio.Lock:
        return self._lock


class SharedLog:
    """The manager's link to the other processes: the games' leases, fenced writes, catching
    up, the broker. ``owner=False`` (a bot worker): never takes a lease, only catches up."""

    def __init__(
        self, manager: GamePort, url: str, channel: str = "empires", owner: bool = True
    ) -> None:
        self.manager = manager
        # what another process said, passed on (GameManager.listen): a chat message heard, a
        # game caught up (its undo offer worked out again)
        self.heard_chat: Callable[[str, int], None] = lambda game_id, n: None
        self.caught_up: Callable[[LiveGame], Awaitable[None]] = _nothing
        # a note about a game this process owns (a bot worker's move is ready): passed on
        self.poked: Callable[[str], None] = lambda game_id: None
        self.url = url
        self.channel = check_channel(channel)
        self.want_channel = f"{self.channel}:want"  # "give me this game's lease"
        self.poke_channel = f"{self.channel}:poke"  # "a bot's move is ready": for the owner
        self.owner = owner
        self.me = secrets.token_hex(8)  # this process: skips its own notes, names its leases
        self.inbox = inbox(self.channel, self.me)  # requests relayed to it, and their answers
        self.requests = Relay(self)  # players' requests relayed to their game's owner
        # the seats with a socket here, told to their game's owner (and the reverse)
        self.presence = Presence(self, self.requests.owners)
        self.requests.present = self.presence.heard
        self.held: dict[str, int] = {}  # the leases this process holds: game id -> epoch
        self.key: bytes | None = None  # signs the notes that carry moves (lease.broker_key)
        self.redis: Any = None
        self._listener: asyncio.Task | None = None
        self._loops: list[asyncio.Task] = []
        self._tasks: set[asyncio.Task] = set()
        self._outbox: list[tuple[str, bytes]] = []  # notes waiting for the next pipeline
        self._pending: set[str] = set()  # games with a catch-up queued
        # the owner's changes not told yet (changed): game id -> (game, before: log entries,
        # undos, status), and the timer that tells them at the latest
        self._notes: dict[str, tuple[LiveGame, int, int, str, int | None]] = {}
        self._versions: dict[str, int] = {}  # watched games' versions at the last resync
        self._note_timers: dict[str, asyncio.TimerHandle] = {}
        self._claiming: set[str] = set()  # lapsed leases being taken over
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
        self.key = await self.manager.run_db(lease.broker_key, self.manager.store.engine)
        loop = asyncio.get_running_loop()
        self._listener = loop.create_task(self._listen())
        self._loops = [loop.create_task(self._resync_loop())]
        if self.owner:
            self._loops += [
                loop.create_task(self._every(presence.EVERY, self.presence.every)),
                loop.create_task(self._every(lease.RENEW_EVERY, self.renew)),
                loop.create_task(self._every(lease.SCAN_EVERY, self.take_lapsed)),
            ]
        await asyncio.wait_for(self.ready.wait(), timeout=10)

    async def stop(self) -> None:
        for game_id in list(self._notes):
            self.send_note(game_id)
        for task in (self._listener, *self._loops, *self._tasks):
            if task is not None:
                task.cancel()
        for task in (self._listener, *self._loops):
            if task is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        for game_id, epoch in list(self.held.items()):  # the next owner need not wait
            with contextlib.suppress(Exception):
                await self.manager.run_db(
                    lease.release, self.manager.store.engine, game_id, epoch, True
                )
        self.held.clear()
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

    def adopt(self, game: LiveGame, epoch: int | None = None) -> None:
        """A game came into this process's memory, owned (its lease's ``epoch``) or not."""
        game.lock = GameLock(self, game)  # type: ignore[assignment]
        self._owned(game, epoch)

    def _owned(self, game: LiveGame, epoch: int | None) -> None:
        if epoch is not None and not game.owned:  # (its clocks run here from now)
            now = game.clock()  # nobody counts as gone before this process heard of them
            game.table.seen = [now] * len(game.seats)
        game.owned, game.lease_epoch = epoch is not None, epoch
        if epoch is None:
            self.held.pop(game.id, None)
        else:
            self.held[game.id] = epoch

    # ---- the lease ----
    async def take(self, game_id: str) -> int | None:
        """Take ``game_id``'s lease if it is free or lapsed: its epoch, or None."""
        if not self.owner:
            return None
        return await self.manager.run_db(lease.take, self.manager.store.engine, game_id, self.me)

    async def own(self, game: LiveGame) -> None:
        """Make this process ``game``'s owner (caller holds its local lock): at once while it
        holds the lease; else take the lease, asking its holder to hand it over and waiting at
        most until it lapses, then catch the game up with the store (the only read of it an
        ownership change costs). 503 ``busy`` when the holder neither hands over nor lapses."""
        if not self.owner:  # a bot worker reads, never owns
            await self.catch_up(game)
            return
        if game.owned:
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + lease.LEASE_SECONDS + 2
        pause, asked = 0.01, False
        while (epoch := await self._try_take(game.id)) is None:
            if loop.time() >= deadline:
                raise ApiError(
                    503, "busy", "another server process holds this game; try again", retry_after=1
                )
            if not asked:
                self._publish(self.want_channel, {"game": game.id})
                asked = True
            await asyncio.sleep(pause)
            pause = min(0.5, pause * 2)
        self._owned(game, epoch)
        try:
            await self.catch_up(game)
        except Exception as exc:  # owned, but its copy may be behind: not to be judged on
            self._owned(game, None)
            raise _unreadable("read game %s from the store", game.id, exc) from exc

    @property
    def games(self) -> dict[str, LiveGame]:
        return self.manager.games

    async def holder(self, game_id: str) -> str | None:
        """The process holding a live lease of ``game_id`` (None: free, lapsed or unknown)."""
        try:
            return await self.manager.run_db(lease.holder, self.manager.store.engine, game_id)
        except Exception as exc:
            raise _unreadable("read the lease of game %s", game_id, exc) from exc

    async def relay(self, game: LiveGame, op: str, seat: int, args: dict) -> dict | None:
        """Run a player's request (``op`` of :data:`relay.OPS`, for ``seat``, authenticated
        here) at ``game``'s owner when another process holds its lease: the owner's answer
        (an ApiError when it refused), once this process's copy has the move answered (at
        most :data:`RELAY_CATCH_UP` s). None when this process owns the game, is a bot worker,
        or no other process holds a live lease (the caller then takes the game: a takeover)."""
        if not self.owner or game.owned:
            return None
        answer = await self.requests.ask(game, op, seat, args)
        index = None if answer is None else answer.get("index")
        if type(index) is int and len(game.log) <= index:  # noqa: E721
            try:
                await asyncio.wait_for(self._until_logged(game, index), RELAY_CATCH_UP)
            except TimeoutError:  # the note was lost: read the store
                self._queue(game.id)
        return answer

    async def _until_logged(self, game: LiveGame, index: int) -> None:
        """Until ``game``'s copy holds entry ``index`` (the owner's note applied)."""
        while len(game.log) <= index and not game.closed and not game.owned:
            seen = game.version
            await game.wait_change(seen)

    async def _try_take(self, game_id: str) -> int | None:
        try:
            return await self.take(game_id)
        except Exception as exc:
            raise _unreadable("take the lease of game %s", game_id, exc) from exc

    def lost(self, game: LiveGame) -> None:
        """A write found the lease taken (or the game ended elsewhere): this process no longer
        owns ``game``; its copy is caught up with the store as a follower's."""
        if game.lease_epoch is not None:
            log.warning("game %s: another process took its lease", game.id)
        self._owned(game, None)
        if game.bot_task is not None and game.bot_task is not asyncio.current_task():
            game.bot_task.cancel()
        self._queue(game.id)

    async def renew(self) -> None:
        """Renew every lease this process holds of a game in its memory (those of games it
        let go, finished ones evicted, are released); a game whose lease another process took
        is given up (:meth:`lost`)."""
        m = self.manager
        for game_id in [g for g in self.held if g not in m.games]:
            epoch = self.held.pop(game_id)
            await m.run_db(lease.release, m.store.engine, game_id, epoch)
        self.requests.forget(m.games)
        self.presence.forget(m.games)
        held = dict(self.held)
        gone = await m.run_db(lease.renew, m.store.engine, self.me, held)
        for game_id in gone:
            game = m.games.get(game_id)
            if self.held.get(game_id) == held[game_id]:
                self.held.pop(game_id, None)
                if game is not None:
                    self.lost(game)

    async def take_lapsed(self) -> None:
        """Take over the games whose owner's lease lapsed (it died or hangs) and start their
        bots: no game waits for a dead owner longer than its lease and one look."""
        for game_id in await self.manager.run_db(lease.lapsed, self.manager.store.engine):
            # (a lease of its own that lapsed while the database was away: renewed next time)
            if game_id not in self._claiming and game_id not in self.held:
                self._claiming.add(game_id)
                self.spawn(self._take_over(game_id))

    async def _take_over(self, game_id: str) -> None:
        try:
            game = self.manager.games.get(game_id)
            if game is None:
                game = await self.manager.get(game_id)  # loaded owned when the lease is free
            elif not game.owned:
                async with game.lock:  # takes the lease (free now) and catches up
                    pass
            if game is not None and game.owned:
                log.info("took over game %s (its owner's lease lapsed)", game_id)
                self.manager.kick_bots(game)
        except ApiError:
            pass
        except Exception:
            log.exception("cannot take over game %s", game_id)
        finally:
            self._claiming.discard(game_id)

    async def _hand_over(self, game_id: str) -> None:
        """Another process wants ``game_id``: once the commit under way (if any) is done, give
        the lease up, stop its bots here and follow the game."""
        game = self.manager.games.get(game_id)
        if game is None or not game.owned or not isinstance(game.lock, GameLock):
            return
        async with game.lock.inner:
            epoch = game.lease_epoch
            if not game.owned or epoch is None:
                return
            self.send_note(game_id)  # (the followers hear of its last changes first)
            self._owned(game, None)
            if game.bot_task is not None:
                game.bot_task.cancel()
            try:
                await self.manager.run_db(lease.release, self.manager.store.engine, game_id, epoch)
            except Exception as exc:  # the lease lapses by itself
                log.warning("cannot release game %s (%s)", game_id, type(exc).__name__)

    async def _every(self, seconds: float, job: Callable[[], Awaitable[None]]) -> None:
        while True:
            await asyncio.sleep(seconds)
            try:
                await job()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database away: the next round tries again
                log.warning("%s failed (%s)", job.__name__, type(exc).__name__)

    # ---- writes ----
    async def take_back(
        self, game: LiveGame, seq: int, index: int, seat: int, taken: list[str]
    ) -> None:
        """Record an undo of ``game`` (caller holds its lock, as owner); LeaseLost when this
        process no longer holds its lease (nothing stored)."""
        epoch = game.lease_epoch
        m = self.manager
        ok = epoch is not None and await m.run_db(
            lease.take_back_fenced, m.store.engine, game.id, epoch, seq, index, seat, taken
        )
        if not ok:
            self.lost(game)
            raise LeaseLost(f"game {game.id}: its lease was taken")

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
            await self._caught_up(game)
            game.notify()
            m.kick_bots(game)
        return changed

    async def _caught_up(self, game: LiveGame) -> None:
        """Pass a game caught up on (the table works its undo offer out again), only when a
        seat of it is connected to this process: a copy watched by spectators alone offers
        nobody an undo (a seat connecting later works it out: Table.connected)."""
        if any(game.table.connections):
            await self.caught_up(game)

    def _apply_entries(self, game: LiveGame, entries: list) -> bool:
        """Apply the owner's log entries (from a signed note: its words come with them)."""
        for index, seat, action, stand_in, message, views in entries:
            if index != len(game.log):
                break
            entry: dict[str, Any] = {"index": index, "seat": seat, "action": action}
            entry["message"] = message
            if views is not None:
                entry["views"] = {viewer: msg for viewer, msg in views}
            if stand_in:
                entry["stand_in"] = stand_in
            game.state.apply(action)
            game.log.append(entry)
        if game.state.is_terminal() and game.status == "active":
            game.status = "finished"
            self.manager.remember_finished(game.id)
        return True

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
    def present(self, game: LiveGame) -> None:
        """A seat's websocket opened or closed here: the game's owner is told when it is
        another process (empires.server.presence)."""
        if self.owner:
            self.presence.changed(game)

    def announce(self, note: dict) -> None:
        """Tell the other processes (in the background; a lost note is made good by resync)."""
        self._publish(self.channel, note)

    def changed(
        self, game: LiveGame, had: int, undos: int, status: str, events: int | None = None
    ) -> None:
        """The owner changed ``game`` (it had ``had`` log entries, ``undos`` undos, this
        ``status`` and its public events kept to position ``events`` before): the other
        processes are told (:meth:`send_note`) once this turn of the event loop is over, or,
        when a bot's move that answers it is being stored (a bot that decides at once: its
        commit follows in the next turn), once that is stored too, but at most
        :data:`NOTE_WAIT` s later: one note and one new view for the followers' spectators
        instead of two, as one process pushes one view of both (:meth:`LiveGame.settled`). A
        bot that thinks longer is not waited for."""
        loop = asyncio.get_running_loop()
        if game.id not in self._notes:
            self._notes[game.id] = (game, had, undos, status, events)
            self._note_timers[game.id] = loop.call_later(NOTE_WAIT, self.send_note, game.id)
        loop.call_soon(self._note_due, game.id, True)

    def _note_due(self, game_id: str, again: bool) -> None:
        pending = self._notes.get(game_id)
        if pending is None:
            return
        game = pending[0]
        if game.changing:  # a change being stored: its lock's release calls changed again
            return
        bot = game.bot_task
        if again and bot is not None and not bot.done():  # (its next step may be a commit)
            asyncio.get_running_loop().call_soon(self._note_due, game_id, False)
            return
        self.send_note(game_id)

    def send_note(self, game_id: str) -> None:
        """Tell the other processes now of the changes of ``game_id`` not told yet."""
        pending = self._notes.pop(game_id, None)
        timer = self._note_timers.pop(game_id, None)
        if timer is not None:
            timer.cancel()
        if pending is not None:
            self._note(*pending)

    def _note(self, game: LiveGame, had: int, undos: int, status: str, events: int | None) -> None:
        """When ``game`` only went on (actions appended to an active game), a signed note
        carries the new entries and the seat clocks, which the other processes apply without
        reading the store; anything else, a note that tells them to look."""
        key = self.key
        if key is None or status != "active" or len(game.undos) != undos or len(game.log) <= had:
            self.announce({"game": game.id})
            return
        entries = [
            [e["index"], e["seat"], e["action"], e.get("stand_in"), e["message"], _views(e)]
            for e in game.log[had:]
        ]
        note = {"game": game.id, "u": undos, "e": entries, "c": game.table.stored}
        if game.state.is_terminal():  # (the score track this owner followed, for its copies)
            track = game.score_track()
            if track is not None:
                note["t"] = track
        body = self._with_views(game, note, events)
        if len(body) > MAX_SIGNED:
            self.announce({"game": game.id})
            return
        head = SIGNED + game.id.encode() + b":" + self.me.encode() + b":"
        self.send(self.channel, head + sign(key, head + body) + b":" + body)

    @staticmethod
    def _with_views(game: LiveGame, note: dict, events: int | None) -> bytes:
        """``note`` as JSON with what the owner made for the views of its own connections
        anyway, so that the followers' views need not make it again: the game's shared
        observation (``o``: what every viewer sees alike) and the public events the new
        entries brought (``p``: ``[from position, events]``, kept for the score track and
        the spectators); without them when nobody watches the game here, or they are not
        plain JSON or make the note too long."""
        if not game.connections:
            return orjson.dumps(note)
        told = None if events is None else game.public_events_from(events)
        extra: dict[str, Any] = {} if told is None else {"p": [events, told]}
        try:
            extra["o"] = game.shared_observation()
            body = orjson.dumps({**note, **extra})
        except Exception:  # (an engine's observation that is not plain JSON)
            extra.pop("o", None)
            body = b""
        if len(body) > MAX_SIGNED or not body:
            extra.pop("o", None)
            body = orjson.dumps({**note, **extra})
        return body if len(body) <= MAX_SIGNED else orjson.dumps(note)

    def poke(self, game_id: str) -> None:
        """Tell the owner of ``game_id`` to look at its bot's job (a worker answered it)."""
        self._publish(self.poke_channel, {"game": game_id})

    def _publish(self, channel: str, note: dict) -> None:
        self.send(channel, orjson.dumps({**note, "from": self.me}))

    def send(self, channel: str, data: bytes) -> None:
        """Publish ``data`` soon: the notes of one turn of the event loop go in one pipeline."""
        if self.redis is None:
            return
        self._outbox.append((channel, data))
        if len(self._outbox) == 1:
            self.spawn(self._flush())

    async def _flush(self) -> None:
        await asyncio.sleep(0)  # (the other notes of this turn join)
        notes, self._outbox = self._outbox, []
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for channel, data in notes:
                    pipe.publish(channel, data)
                await pipe.execute()
        except Exception as exc:
            log.warning("cannot reach the broker (%s)", type(exc).__name__)

    def spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _listen(self) -> None:
        from empires.server.bot_runner import backoff

        failures = 0
        while True:
            try:
                async with self.redis.pubsub() as pubsub:
                    await pubsub.subscribe(
                        self.channel, self.want_channel, self.poke_channel, self.inbox
                    )
                    if self.ready.is_set():  # a reconnect: notes may have been lost
                        log.info("the broker is back; comparing the watched games with the store")
                        self._resync_all()
                    self.ready.set()
                    failures = 0
                    async for message in pubsub.listen():
                        if message.get("type") == "message":
                            self._heard(message.get("data"), message.get("channel"))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                failures += 1
                delay = backoff(failures)
                log.warning(
                    "lost the broker (%s); reconnecting in %.1f s", type(exc).__name__, delay
                )
                await asyncio.sleep(delay)

    def _heard(self, data: Any, channel: Any = None) -> None:
        """A note on the channel: look at the game it names (never take its content). On the
        want channel: another process asks for the lease of a game this one may own. On this
        process's inbox: a relayed request, or the answer to one (:mod:`empires.server.relay`)."""
        if channel in (self.inbox, self.inbox.encode()):
            self.requests.heard(data)
            return
        if isinstance(data, bytes) and data.startswith(SIGNED):
            self._heard_signed(data)
            return
        note = parse_note(data)
        if note is None:
            self.drop(data)
            return
        game_id, sender, chat = note
        if sender == self.me:
            return
        if channel in (self.want_channel, self.want_channel.encode()):
            if self.owner:
                self.spawn(self._hand_over(game_id))
            return
        if channel in (self.poke_channel, self.poke_channel.encode()):
            game = self.manager.games.get(game_id)
            if game is not None and game.owned:
                self.poked(game_id)
            return
        if chat is not None:
            self.heard_chat(game_id, chat)
            return
        self._queue(game_id)

    def _heard_signed(self, data: bytes) -> None:
        """A note that carries the owner's new log entries: applied to this process's copy
        once its signature is checked (the key is in the database, never on the broker)."""
        head = signed_head(data)
        if head is None:
            self.drop(data)
            return
        game_id, sender, start = head
        game = self.manager.games.get(game_id)
        if game is None or sender == self.me:  # (nothing to check: a game not held, its own)
            return
        note = verified(self.key, data, start)
        if note is None or note["game"] != game_id:
            self.drop(data)
            return
        if game.owned:
            self.poked(game.id)
            return
        self.requests.owner_is(game_id, sender)  # (signed: the sender owns the game)
        self.spawn(self._follow(game, note))

    async def _follow(self, game: LiveGame, note: dict) -> None:
        """Apply a signed note's entries to ``game`` (a copy): those that follow its log, when
        it stands where the note starts; else read the store (:meth:`catch_up`)."""
        lock = game.lock
        if not isinstance(lock, GameLock):
            return
        async with lock.inner:
            if game.owned or game.closed:
                return
            entries = [e for e in note["e"] if e[0] >= len(game.log)]
            fits = game.status == "active" and note["u"] == len(game.undos)
            if not fits or (entries and entries[0][0] != len(game.log)):
                await self.catch_up(game)
                return
            try:
                changed = bool(entries) and self._apply_entries(game, entries)
            except Exception:  # a move the engine refuses: the copy goes, read again when asked
                log.exception("game %s: a signed note's move failed; dropping the copy", game.id)
                self.manager.games.pop(game.id, None)
                game.close()
                return
            if note["c"] != game.table.stored:
                self._take_clocks(game, note["c"])
                changed = True
            if changed:
                await self._caught_up(game)
                game.notify()
                # what the owner made for its views of the state the note ends at, when the
                # copy stands there, saves making it again for the views here
                end = note["e"][-1][0] + 1 if note["e"] else -1
                if end == len(game.log):
                    self._take_views(game, note)

    @staticmethod
    def _take_views(game: LiveGame, note: dict) -> None:
        """What the owner made for its views of the state ``game``'s copy now stands at (a
        signed note carried it), for the views here: its shared observation and the public
        events of the note's entries."""
        if isinstance(note.get("o"), dict):
            game.take_shared_observation(note["o"])
        if is_score_track(note.get("t"), len(game.seats)):
            game.take_score_track(note["t"])
        told = note.get("p")
        if (
            isinstance(told, list)
            and len(told) == 2
            and type(told[0]) is int  # noqa: E721
            and told[0] >= 0
            and isinstance(told[1], list)
            and all(isinstance(e, dict) for e in told[1])
        ):
            game.take_public_events(told[0], told[1])

    def drop(self, data: Any) -> None:
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
        if game is not None and game.owned:  # nobody else writes it: only a worker's note
            self.poked(game_id)
            return
        if game is None or game_id in self._pending:
            return
        self._pending.add(game_id)

        async def sync() -> None:
            try:
                lock = game.lock
                if isinstance(lock, GameLock):
                    async with lock.following():  # catches up
                        pass
            finally:
                self._pending.discard(game_id)

        self.spawn(sync())

    def _resync_all(self) -> None:
        for game_id, game in list(self.manager.games.items()):
            if game.connections > 0 and game.status in ("active", "waiting") and not game.owned:
                self._queue(game_id)

    async def _resync_loop(self) -> None:
        """Every RESYNC_EVERY s, one read of where the watched games a process follows stand
        (status, actions, undos), of those whose copy did not change since the last round (a
        copy the owner's notes keep moving needs no look: a note lost among them leaves a gap
        the next one shows, and each carries the seat clocks), and a catch-up of those whose
        copy differs; every FULL_RESYNC_EVERY rounds a catch-up of each of them (their seat
        clocks too)."""
        rounds = 0
        while True:
            await asyncio.sleep(RESYNC_EVERY)
            rounds += 1
            versions, seen = self._versions, {}
            watched = {}
            for game_id, game in self.manager.games.items():
                if game.connections > 0 and game.status in ("active", "waiting") and not game.owned:
                    seen[game_id] = game.version
                    if versions.get(game_id) == game.version:  # quiet since the last round
                        watched[game_id] = game
            self._versions = seen
            if rounds % FULL_RESYNC_EVERY == 0:  # (their seat clocks too)
                for game_id in watched:
                    self._queue(game_id)
                continue
            if not watched:
                continue
            try:
                heads = await self.manager.run_db(
                    read_heads, self.manager.store.engine, list(watched)
                )
            except Exception as exc:  # the database away: the next round looks again
                log.warning(
                    "cannot compare the watched games with the store (%s)", type(exc).__name__
                )
                continue
            for game_id, game in watched.items():
                if heads.get(game_id) != (game.status, len(game.log), len(game.undos)):
                    self._queue(game_id)
