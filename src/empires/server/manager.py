"""The game manager: the live games in memory (loading, creating, expiring), the commit path
of every action, the bots' tasks, and the features built on it (each given the manager as its
:class:`empires.server.game_port.GamePort`). A game itself is :mod:`empires.server.live_game`.

The rules engine is the only judge of an action: a submitted action is applied to a *copy* of the
game (the engine raises and changes nothing when it is malformed or illegal), stored, and only then
does the copy become the live game and every watcher hear of it. So an action is persisted before
it is acknowledged, and a failed write changes nothing.

Bots think in a worker thread on a copy of the game, one action at a time, under the game's lock
(or, with ``--bots queue``, in separate bot-worker processes: :mod:`empires.server.bot_runner`);
each bot decision is made by a fresh bot seeded from (game seed, seat, action index), so a bot's
moves depend only on the stored history and a restarted server continues a game exactly as the
old one would have. Only the views below ever leave this module: observations for a seat (or a
spectator), legal actions with their descriptions for the seat to play, and the log and the
engine's events as that viewer may read them (a secret move is named only to its actor; the raw
action string reaches only its actor). The seed stays secret until the game is finished; until
then only its commitment (see :func:`security.seed_commitment`) is shown.

Games nobody uses expire (see :meth:`GameManager.sweep`); a stored game that cannot be read is
quarantined (logged, marked, refused) and never stops the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from datetime import timedelta
from typing import Any, TypeVar

import anyio
import anyio.to_thread

from empires.core.errors import IllegalActionError, SaveFileError
from empires.server import lease, relay, security, take_back
from empires.server.accounts import Accounts
from empires.server.bot_runner import BotRunner, ThreadBotRunner
from empires.server.chat import Chat
from empires.server.coach import Coach
from empires.server.db import CorruptRow, Store, now
from empires.server.errors import ApiError, StaleWrite, quarantined
from empires.server.game_port import AfterAction, GameFinished, GameReady
from empires.server.game_setup import (
    CARD_SET_NAME,
    GAME_ID,
    MAX_ACTION_LENGTH,
    MAX_NAME_LENGTH,
    MAX_SEED,
    bot_seed,
    build_game,
    game_catalogue,
    restore,
)
from empires.server.limits import Limits
from empires.server.live_game import (
    PUBLIC_EVENTS_KEPT,
    SPECTATOR,
    TOUCH_EVERY,
    LiveGame,
    Seat,
    owner_lock,
)
from empires.server.log_entries import describe_action, dumps, entry_for, hide_path, log_entry
from empires.server.ratings import Ratings
from empires.server.shared_log import LeaseLost, SharedLog
from empires.server.table import Table

# Names other modules and the tests import from here: they live in the modules of their job.
_describe = describe_action
__all__ = [
    "CARD_SET_NAME",
    "MAX_ACTION_LENGTH",
    "MAX_NAME_LENGTH",
    "MAX_SEED",
    "PUBLIC_EVENTS_KEPT",
    "SPECTATOR",
    "ApiError",
    "GameManager",
    "Limits",
    "LiveGame",
    "Seat",
    "bot_seed",
    "build_game",
    "dumps",
    "game_catalogue",
    "hide_path",
    "log_entry",
    "restore",
]

log = logging.getLogger("empires.server")
T = TypeVar("T")
# seconds a group commit waits for more actions with several processes sharing the games: each
# owns a share of them, so fewer actions arrive while one commit runs, and a commit (a
# transaction, a worker thread's hop) costs the same for one action as for fifty
COMMIT_GATHER = 0.005


class GameManager:
    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.0,
        max_active_games: int = 1000,
        max_cached_finished: int = 200,
        max_connections_per_game: int = 64,  # the seats' websockets (spectators: Limits)
        bot_threads: int = 4,
        card_sets: dict[str, str] | None = None,
        limits: Limits | None = None,
        clock: Callable[[], float] = time.time,
        bot_runner: BotRunner | None = None,
        broker: str | None = None,
        broker_channel: str = "empires",
        owner: bool = True,
    ) -> None:
        self.store = store
        # who thinks for the bots: this process's threads (default) or bot workers via a queue
        self.bots: BotRunner = bot_runner or ThreadBotRunner(bot_threads)
        self.clock = clock  # seconds; tests pass a controllable one (table clocks, deadlines)
        self.card_sets = dict(card_sets or {})
        self.limits = limits or Limits()
        self.create_limiter = security.RateLimiter(
            self.limits.create_rate, self.limits.create_burst
        )
        self.client_limiter = security.RateLimiter(
            self.limits.client_rate, self.limits.client_burst
        )
        self.connect_limiter = security.RateLimiter(
            self.limits.connect_rate, self.limits.connect_burst
        )
        self.view_limiter = security.RateLimiter(self.limits.view_rate, self.limits.view_burst)
        self._sweeper: asyncio.Task | None = None
        self._background: set[asyncio.Task] = set()
        self._banned: OrderedDict[str, float] = OrderedDict()  # client -> banned until
        self.bot_delay = bot_delay
        self.max_active_games = max_active_games
        self.max_cached_finished = max_cached_finished
        self.max_connections_per_game = max_connections_per_game
        self.games: dict[str, LiveGame] = {}
        self._finished: OrderedDict[str, None] = OrderedDict()  # LRU of finished games in memory
        self._loading: dict[str, asyncio.Future] = {}
        self._writes: list[tuple[tuple, asyncio.Future]] = []  # waiting for the writer
        self._writer: asyncio.Task | None = None
        self._db_limiter: anyio.CapacityLimiter | None = None
        self.closing = False
        # Several processes sharing the games (empires.server.shared_log): None in one process.
        self.shared: SharedLog | None = None
        if broker is not None:
            # owner=False: a bot worker, which reads the games and never holds a lease
            self.shared = SharedLog(self, broker, broker_channel, owner=owner)
        # the features' hooks of a game's life (empires.server.game_port): run in this order
        self._after_action: list[AfterAction] = []
        self._finished_hooks: list[GameFinished] = []
        self._ready_hooks: list[GameReady] = []
        # the features, each given this manager as its GamePort (they never import this module)
        self.table = Table(self)  # undo, clocks, absent players
        self.coach = Coach(self, self.table)
        self.chat = Chat(self)
        self.accounts = Accounts(self)
        self.ratings = Ratings(self, self.accounts)
        if self.shared is not None:  # what other processes say reaches the chat and the table
            self.shared.listen(heard_chat=self.chat.heard, caught_up=self.table.refresh_undo)
            self.shared.requests.run = self._run_relayed  # requests other processes relay
            poke = getattr(self.bots, "poke", None)  # a queue's bot moves, ready
            if poke is not None:
                self.shared.poked = poke

    # ---- the hooks of a game's life (GamePort) ----
    def on_after_action(self, hook: AfterAction) -> None:
        """``hook(game, seat)`` runs after each action stored and applied (game locked)."""
        self._after_action.append(hook)

    def on_game_finished(self, hook: GameFinished) -> None:
        """``hook(game)`` runs when a game's last action was stored."""
        self._finished_hooks.append(hook)

    def on_game_ready(self, hook: GameReady) -> None:
        """``hook(game)`` runs when a game is loaded, created, started or joined."""
        self._ready_hooks.append(hook)

    async def game_ready(self, game: LiveGame) -> None:
        for hook in self._ready_hooks:
            await hook(game)

    def adopt(self, game: LiveGame, epoch: int | None = None) -> None:
        """A game comes into memory: with other processes sharing the games, owned by this one
        (``epoch``: its lease's) or not; taking its lock makes this process its owner (see
        :mod:`empires.server.shared_log`)."""
        if self.shared is not None:
            self.shared.adopt(game, epoch)

    def ban(self, client: str) -> None:
        """Refuse websockets from ``client`` for ``limits.ban_seconds`` (it flooded one)."""
        self._banned[client] = time.monotonic() + self.limits.ban_seconds
        self._banned.move_to_end(client)
        while len(self._banned) > 10_000:
            self._banned.popitem(last=False)

    def banned(self, client: str) -> bool:
        until = self._banned.get(client)
        if until is None:
            return False
        if until <= time.monotonic():
            del self._banned[client]
            return False
        return True

    # ---- life cycle ----
    async def start(self) -> None:
        await self.open_for_worker()
        if self.shared is not None:
            await self.shared.start()
        await self.bots.start(self)
        await self.sweep()
        if self.shared is not None:
            # Several processes: a game is loaded when first asked for, and the games of an
            # owner that died are taken over once their leases lapse (SharedLog.take_lapsed).
            log.info("serving; games are loaded when asked for")
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_loop())
            self.table.start()
            return
        ids = await self.run_db(self.store.game_ids, "active")
        resumed = 0
        for game_id in ids:
            try:
                game = await self.get(game_id)
            except ApiError:  # quarantined, and logged, by _load
                continue
            if game is not None:
                resumed += 1
                self.kick_bots(game)
        log.info("resumed %d active game(s)", resumed)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_loop())
        self.table.start()

    async def open_for_worker(self) -> None:
        """Open the store (migrated) without resuming games or starting the sweeper: all a bot
        worker (empires.server.bot_worker) needs; :meth:`start` begins with it."""
        sqlite = self.store.engine.dialect.name == "sqlite"
        self._db_limiter = anyio.CapacityLimiter(1 if sqlite else 8)
        await anyio.to_thread.run_sync(self.store.migrate)

    async def _sweep_loop(self) -> None:
        while not self.closing:
            await asyncio.sleep(self.limits.sweep_every)
            try:
                await self.sweep()
            except Exception:  # a failed sweep is tried again next time
                log.exception("expiring games failed")

    async def sweep(self) -> tuple[list[str], int]:
        """Expire the games nobody uses and delete old finished ones (see :class:`Limits`); a
        game with a connection open counts as touched. Returns (expired ids, deleted count)."""
        for game in list(self.games.values()):
            if game.connections > 0 and game.status == "active":
                await self.run_db(self.store.touch, game.id)
        stamp = now()
        lim = self.limits
        expired, deleted = await self.run_db(
            self.store.expire,
            stamp - timedelta(seconds=lim.expire_after),
            stamp - timedelta(seconds=lim.idle_after),
            stamp - timedelta(seconds=lim.keep_finished),
        )
        for game_id in expired:
            gone = self.games.pop(game_id, None)
            if gone is not None:
                if gone.bot_task is not None:
                    gone.bot_task.cancel()
                gone.status = "expired"
                gone.close()
        if expired or deleted:
            log.info("expired %d unused game(s), deleted %d old game(s)", len(expired), deleted)
        await self.ratings.sweep()  # ended sessions, finished games left unrated
        return expired, deleted

    def touch(self, game: LiveGame, seat: int | None) -> None:
        """A seat's token was used: the game is not abandoned (stored at most every few
        minutes)."""
        if seat is SPECTATOR or game.status != "active":
            return
        if time.monotonic() - game.touched < TOUCH_EVERY:
            return
        game.touched = time.monotonic()

        async def write() -> None:
            try:
                await self.run_db(self.store.touch, game.id)
            except Exception:
                log.exception("cannot mark game %s touched", game.id)

        task = asyncio.get_running_loop().create_task(write())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def stop(self) -> None:
        self.closing = True
        self.coach.stop()
        self.table.stop()
        if self._sweeper is not None:
            self._sweeper.cancel()
        tasks = [g.bot_task for g in self.games.values() if g.bot_task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.bots.stop()
        if self._writer is not None and not self._writer.done():
            # let a commit under way finish before closing the store
            await asyncio.wait([self._writer], timeout=30)
        for game in self.games.values():
            game.close()
        if self.shared is not None:
            await self.shared.stop()
        await anyio.to_thread.run_sync(self.store.close)

    async def run_db(self, func: Callable[..., T], *args: Any) -> T:
        return await anyio.to_thread.run_sync(func, *args, limiter=self._db_limiter)

    async def _store_action(
        self,
        game_id: str,
        index: int,
        seat: int,
        action: str,
        finished: bool,
        human: bool = False,
        stand_in: str | None = None,
        epoch: int | None = None,
    ) -> None:
        """Store one action; returns once it is committed. Actions of different games that arrive while a commit is
        under way are committed together in the next one. With several processes each row is
        fenced by its game's lease ``epoch`` (:class:`LeaseLost` when it is no longer this
        process's: nothing of that game stored)."""
        future = asyncio.get_running_loop().create_future()
        row = (game_id, index, seat, action, finished, human, stand_in)
        self._writes.append(((row, epoch), future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write_loop())
        await future

    async def _write_loop(self) -> None:
        while self._writes:
            if self.shared is not None:  # (several processes: see COMMIT_GATHER)
                await asyncio.sleep(COMMIT_GATHER)
            batch, self._writes = self._writes, []
            rows = [row for row, _ in batch]
            try:
                results = await self._append(rows)
            except Exception:
                # One bad row must not sink the others: write them one by one.
                results = []
                for row in rows:
                    try:
                        results += await self._append([row])
                    except Exception as exc:
                        results.append(exc)
            for (_, future), error in zip(batch, results, strict=True):
                if future.done():
                    continue
                if error is None:
                    future.set_result(None)
                else:
                    future.set_exception(error)

    async def _append(self, rows: list[tuple[tuple, int | None]]) -> list[Exception | None]:
        """Store ``rows`` (row, lease epoch) in one transaction: each row's error, or None."""
        if self.shared is None:
            await self.run_db(self.store.append_actions, [row for row, _ in rows])
            return [None] * len(rows)
        epochs = {row[0]: epoch for row, epoch in rows if epoch is not None}
        fenced = [row for row, epoch in rows if epoch is not None]
        refused = await self.run_db(lease.append_fenced, self.store.engine, fenced, epochs)
        return [
            None if epoch is not None and row[0] not in refused else LeaseLost(row[0])
            for row, epoch in rows
        ]

    # ---- finding games ----
    async def get(self, game_id: str) -> LiveGame | None:
        if not isinstance(game_id, str) or not GAME_ID.match(game_id):
            return None
        game = self.games.get(game_id)
        if game is not None:
            if game_id in self._finished:
                self._finished.move_to_end(game_id)
            return game
        pending = self._loading.get(game_id)
        if pending is None:
            pending = asyncio.ensure_future(self._load(game_id))
            self._loading[game_id] = pending

            def done(task: asyncio.Future, game_id: str = game_id) -> None:
                self._loading.pop(game_id, None)
                if not task.cancelled():
                    task.exception()  # retrieved here, raised to every waiter below

            pending.add_done_callback(done)
        return await asyncio.shield(pending)

    async def _load(self, game_id: str) -> LiveGame | None:
        # Several processes: the lease is taken first when it is free (then what is read is
        # the whole game: only the owner writes); else the game is followed.
        epoch = None if self.shared is None else await self.shared.take(game_id)
        try:
            row = await self.run_db(self.store.load_game, game_id)
        except CorruptRow as exc:
            await self._quarantine(game_id, exc)
            return None
        if row is None:
            return None
        if row.status == "quarantined":
            raise quarantined()
        if row.status == "expired":
            raise ApiError(410, "expired", "this game expired: nobody played it for too long")
        card_set = row.config.get("card_set")
        if card_set is not None and card_set not in self.card_sets:
            # Not damaged: the operator may offer the set again (empires serve --cards).
            log.warning(
                "game %s uses the card set %r, which this server does not offer", game_id, card_set
            )
            raise ApiError(
                409,
                "card_set_unavailable",
                f"this game is played with the card set "
                f"{card_set!r}, which this server does not offer now",
            )
        error = None
        try:
            state, game_log = await anyio.to_thread.run_sync(restore, row, self.card_sets)
        except (SaveFileError, ValueError, KeyError, TypeError) as exc:
            # Keep what replays, and say why the game cannot go on.
            log.error("game %s does not replay: %s", game_id, exc)
            error = f"this game cannot be resumed: {exc}"
            try:
                state, game_log = await anyio.to_thread.run_sync(
                    lambda: restore(row, self.card_sets, stop_at_error=True)
                )
            except Exception as exc2:  # not even its start replays: the row itself is bad
                await self._quarantine(game_id, exc2)
                return None
        game = self.games.get(game_id)
        if game is not None:
            return game
        game = LiveGame(row, state, game_log)
        self.adopt(game, epoch)
        if error is not None:
            game.status, game.error = "error", error
        elif row.status == "active" and state.is_terminal():
            game.status = "finished"
            await self.run_db(self.store.set_status, game_id, "finished")
        await self.game_ready(game)
        self.games[game_id] = game
        if game.status not in ("active", "waiting"):
            self.remember_finished(game_id)
        return game

    def remember_finished(self, game_id: str) -> None:
        self._finished[game_id] = None
        self._finished.move_to_end(game_id)
        while len(self._finished) > self.max_cached_finished:
            old, _ = self._finished.popitem(last=False)
            game = self.games.get(old)
            if game is not None and game.connections == 0:
                del self.games[old]
            elif game is not None:  # still watched: keep it, look again later
                self._finished[old] = None
                break

    async def _quarantine(self, game_id: str, exc: BaseException) -> None:
        """Set aside a stored game that cannot be read: one clear log line, marked in the store
        (never loaded again) and refused to clients; every other game goes on."""
        reason = " ".join(str(exc).split())[:200] or type(exc).__name__
        log.error(
            "quarantined game %s: its stored record cannot be read (%s: %s)",
            game_id,
            type(exc).__name__,
            reason,
        )
        with contextlib.suppress(Exception):
            await self.run_db(self.store.set_status, game_id, "quarantined")
        raise quarantined()

    async def require(self, game_id: str) -> LiveGame:
        game = await self.get(game_id)
        if game is None:
            raise ApiError(404, "unknown_game", f"no game {game_id!r}")
        return game

    # ---- who is asking ----
    @staticmethod
    def authenticate(game: LiveGame, token: str | None) -> int | None:
        """The seat ``token`` opens (None: the spectator link); 401/403 otherwise. Every
        digest is compared, in constant time, whatever matches."""
        if not token:
            raise ApiError(401, "missing_token", "this needs the token of a seat or spectator link")
        if not isinstance(token, str) or len(token) > security.MAX_TOKEN_LENGTH:
            raise ApiError(403, "bad_token", "this token does not open this game")
        found: list[int | None] = []
        if security.token_matches(token, game.spectator_hash):
            found.append(SPECTATOR)
        for seat in game.seats:
            if security.token_matches(token, seat.token_hash):
                found.append(seat.seat)
        if not found:
            raise ApiError(403, "bad_token", "this token does not open this game")
        return found[0]

    # ---- creating ----
    def check_create(self, client: str | None) -> None:
        """429 when ``client`` (its address) creates games too fast or has too many going."""
        if client is None:
            return
        mine = sum(
            1
            for g in self.games.values()
            if g.creator == client and g.status in ("active", "waiting")
        )
        if mine >= self.limits.games_per_client:
            raise ApiError(
                429,
                "too_many_games",
                f"you have {mine} games going on this server, the most it allows; "
                "finish or abandon some first",
                retry_after=self.limits.sweep_every,
            )
        wait = self.create_limiter.take(client)
        if wait:
            raise ApiError(
                429,
                "too_many_requests",
                f"you are creating games too fast; try again in {wait:.0f} s",
                retry_after=wait,
            )

    async def create(
        self,
        game: str,
        seats: list[dict],
        options: dict | None = None,
        seed: int | None = None,
        actions: list[str] | None = None,
        client: str | None = None,
        practice: bool = False,
        public: bool = False,
        table: dict | None = None,
    ) -> tuple[LiveGame, dict[int | None, str]]:
        active = sum(1 for g in self.games.values() if g.status == "active")
        if active >= self.max_active_games:
            raise ApiError(
                503,
                "server_full",
                "this server has too many games going; try later",
                retry_after=60,
            )
        self.check_create(client)
        new = await anyio.to_thread.run_sync(
            build_game,
            game,
            seats,
            options,
            seed,
            actions,
            self.card_sets,
            practice,
            public,
            table,
        )
        try:
            await self.run_db(self.store.create_game, new.row)
        except Exception as exc:
            log.exception("cannot store a new game")
            raise ApiError(503, "storage_error", "the game could not be stored; try again") from exc
        live = LiveGame(new.row, new.state, new.log)
        self.adopt(live, None if self.shared is None else await self.shared.take(live.id))
        live.creator = client
        self.games[live.id] = live
        await self.game_ready(live)
        if live.status not in ("active", "waiting"):
            self.remember_finished(live.id)
        self.kick_bots(live)
        return live, new.tokens

    # ---- acting ----
    async def _run_relayed(self, game: LiveGame, op: str, seat: int, args: dict) -> dict:
        """A request another process relayed to this one, the game's owner
        (:mod:`empires.server.relay`: ``op`` and ``args`` checked there); LeaseLost when this
        process no longer owns the game."""
        if op == "act":
            return await self.submit(game, seat, args["action"], args["expect"], relayed=True)
        if op == "undo":
            return await self.table.undo(game, seat, args["expect"], args["count"], relayed=True)
        if op == "leave":
            return await self.table.leave(game, seat, relayed=True)
        return await self.table.come_back(game, seat, relayed=True)

    async def submit(
        self,
        game: LiveGame,
        seat: int | None,
        action: Any,
        expect: Any = None,
        relayed: bool = False,
    ) -> dict:
        """Apply ``action`` for ``seat`` (already authenticated) as move number ``expect``
        (required: the number of moves so far, which is the number of actions unless some
        were taken back: see :mod:`empires.server.take_back`); the seat's view of the log
        entry when accepted. Submissions are idempotent: the same action sent again with the
        same ``expect`` (a retry, a double click) is not applied again; its entry comes back
        marked ``"duplicate": true``. With several processes, a game another process owns has
        the request relayed to its owner (:mod:`empires.server.relay`); ``relayed``: this is
        the owner running such a request (LeaseLost when it no longer owns the game)."""
        if seat is SPECTATOR:
            raise ApiError(403, "spectator", "a spectator link cannot act")
        if not isinstance(action, str) or not action.strip():
            raise ApiError(
                400,
                "malformed_action",
                'an action is a non-empty string, e.g. "place colonist dock"',
            )
        if len(action) > MAX_ACTION_LENGTH:
            raise ApiError(
                400, "malformed_action", f"an action is at most {MAX_ACTION_LENGTH} characters"
            )
        if expect is None:
            raise ApiError(
                400,
                "missing_expect",
                "say which action this is: 'expect' is the "
                "number of actions so far (it makes a resubmission harmless)",
            )
        if isinstance(expect, bool) or not isinstance(expect, int) or expect < 0:
            raise ApiError(400, "malformed_action", "'expect' must be the number of actions so far")
        if not relayed:
            answer = await relay.ask_owner(
                self.shared, game, "act", seat, {"action": action, "expect": expect}
            )
            if answer is not None:
                return answer
        async with owner_lock(game) if relayed else game.lock:
            done = self._done_action(game, seat, action, expect)
            if done is not None:
                return done
            self.check_turn(game, seat)
            if expect != game.moves:
                raise ApiError(
                    409,
                    "stale",
                    f"the game has moved on: {game.moves} moves so far, not {expect}",
                )
            try:
                entry = await self.commit(game, seat, action)
            except ApiError as exc:  # another process stored this very move first: a retry
                done = self._done_action(game, seat, action, expect)
                if exc.code != "stale" or done is None:
                    raise
                return done
        self.kick_bots(game)
        return entry_for(entry, seat, game.teller())

    @staticmethod
    def _done_action(game: LiveGame, seat: int, action: str, expect: int) -> dict | None:
        """The answer to ``action`` sent again as move ``expect`` (already applied), or None."""
        at = take_back.action_at_step(expect, len(game.log), game.undos)
        if at is not None:
            done = game.log[at]
            if done["seat"] == seat and action in (done["action"], done.get("submitted")):
                return {**entry_for(done, seat, game.teller()), "duplicate": True}
        return None

    @staticmethod
    def check_turn(game: LiveGame, seat: int) -> None:
        if game.status == "error":
            raise ApiError(409, "game_broken", game.error or "this game cannot go on")
        if game.status == "waiting":
            raise ApiError(409, "waiting", "the game starts once every open seat is taken")
        if game.state.is_terminal() or game.status != "active":
            raise ApiError(409, "game_over", "the game is over")
        current = game.state.current_player
        if current != seat:
            raise ApiError(
                409,
                "not_your_turn",
                f"it is {game.seats[current].name}'s turn (seat {current}), not yours",
            )
        # After a timeout (away "once") the seat's own move, if it comes before the stand-in's,
        # is taken: only an absent seat is refused.
        if game.table.absent(seat):
            raise ApiError(
                409,
                "away",
                "a bot plays this seat while you are away: take your seat back first",
            )

    async def commit(
        self,
        game: LiveGame,
        seat: int,
        action: str,
        stand_in: str | None = None,
        value: Any = None,
    ) -> dict:
        """Validate, store, then apply in place and publish. Caller holds ``game.lock``.
        ``stand_in``: the bot playing for an absent human seat (marked in the log). ``value``:
        the action as a bot chose it (one of the legal actions; ``action`` is its words),
        checked as it is instead of reading the words again.

        The engine checks the action without applying it; the live state changes only once
        the action is stored (no copy of the state is made), so nobody ever sees an unstored
        action and a refused action or a failed write changes nothing. The last action's
        "finished" is stored just after it (a game loaded with a history that ends it is
        finished anyway). While it runs, the game counts as changing: a push about to be
        built waits for it (:meth:`LiveGame.settled`), one view for both changes."""
        game.changing += 1
        try:
            return await self._check_store_apply(game, seat, action, stand_in, value)
        finally:
            game.changed_done()

    async def _check_store_apply(
        self, game: LiveGame, seat: int, action: str, stand_in: str | None, value: Any = None
    ) -> dict:
        """:meth:`commit`'s work."""
        state = game.state
        try:
            act = state.check(action if value is None else value)
        except IllegalActionError as exc:
            raise ApiError(422, "illegal_action", str(exc)) from None
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise ApiError(
                400, "malformed_action", f"cannot read the action {action!r}: {exc}"
            ) from None
        canonical = str(act)
        index = len(game.log)
        entry = log_entry(state, index, seat, canonical, act)
        if action != canonical:
            entry["submitted"] = action  # memory only: recognises a resubmission
        if stand_in is not None:
            entry["stand_in"] = stand_in
        human = game.seats[seat].kind == "human" and stand_in is None
        try:
            await self._store_action(
                game.id, index, seat, canonical, False, human, stand_in, game.lease_epoch
            )
        except LeaseLost:  # another process owns the game now: this one follows it
            if self.shared is not None:
                self.shared.lost(game)
            raise ApiError(409, "stale", "the game has moved on; look again") from None
        except StaleWrite:
            raise ApiError(
                409, "stale", f"the game has moved on: {game.moves} moves so far"
            ) from None
        except Exception as exc:
            log.exception("cannot store action %d of game %s", index, game.id)
            await self.resync(game)
            raise ApiError(
                503, "storage_error", "the action could not be stored; try again"
            ) from exc
        self._apply_stored(game, act)
        game.log.append(entry)
        game.follow_scores()
        if state.is_terminal():
            game.status = "finished"
            self.remember_finished(game.id)
            await self._store_finished(game)
            for finished in self._finished_hooks:
                finished(game)
        for hook in self._after_action:
            await hook(game, seat)
        game.notify()
        return entry

    @staticmethod
    def _apply_stored(game: LiveGame, act: Any) -> None:
        """Apply a checked, stored action to the live state. It cannot be refused (it was
        checked under the same lock); should the engine fail anyway, the game stops with an
        error rather than go on from a state that may be half changed."""
        try:
            game.state.apply(act)
        except Exception as exc:
            log.exception("game %s: a checked action failed to apply", game.id)
            game.status, game.error = "error", f"the engine failed on a legal action: {exc}"
            game.notify()
            raise ApiError(500, "engine_error", "the game engine failed on this action") from exc

    async def _store_finished(self, game: LiveGame) -> None:
        """Mark a game its last action ended as finished in the store (a failed write is
        mended when the game is next loaded: a stored game whose history ends it is
        finished)."""
        try:
            await self.run_db(self.store.set_status, game.id, "finished")
        except Exception:
            log.exception("cannot mark game %s finished", game.id)

    async def resync(self, game: LiveGame) -> None:
        """After a failed write, make memory agree with the store (the write may have landed)."""
        try:
            row = await self.run_db(self.store.load_game, game.id)
            if row is not None and len(row.actions) != len(game.log):
                state, game_log = await anyio.to_thread.run_sync(restore, row, self.card_sets)
                game.state, game.log = state, game_log
                if state.is_terminal():
                    game.status = "finished"
                game.notify()
        except Exception:
            log.exception("cannot re-read game %s", game.id)

    # ---- bots ----
    def kick_bots(self, game: LiveGame) -> None:
        if self.closing or game.status != "active" or game.state.is_terminal():
            return
        if not game.owned:  # another process owns the game and plays its bots
            return
        if game.bot_task is not None and not game.bot_task.done():
            return
        seat = game.state.current_player
        if 0 <= seat < len(game.seats) and game.bot_for(seat) is not None:
            game.bot_task = asyncio.get_running_loop().create_task(self._bot_loop(game))

    async def _bot_loop(self, game: LiveGame) -> None:
        """The game's bot task: its bots played by the runner (see empires.server.bot_runner)."""
        try:
            await self.bots.play(self, game)
        except asyncio.CancelledError:
            raise
        except LeaseLost:  # another process owns the game now and plays its bots
            game.bot_task = None
        except ApiError as exc:
            if exc.code == "stale":  # another process played this move: look again
                game.bot_task = None
                self.kick_bots(game)
                return
            if exc.code == "storage_error":  # try again in a moment
                await asyncio.sleep(1.0)
                game.bot_task = None
                self.kick_bots(game)
                return
            self._bot_failed(game, exc)
        except Exception as exc:
            self._bot_failed(game, exc)

    @staticmethod
    def _bot_failed(game: LiveGame, exc: BaseException) -> None:
        log.exception("a bot failed in game %s", game.id, exc_info=exc)
        game.status = "error"
        game.error = f"a bot failed: {exc}"
        game.notify()

    async def idle(self, game: LiveGame) -> None:
        """Wait until no bot of ``game`` is thinking (for tests and orderly shutdown)."""
        while game.bot_task is not None and not game.bot_task.done():
            await asyncio.wait([game.bot_task])
