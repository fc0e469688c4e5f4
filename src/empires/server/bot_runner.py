"""Who thinks for the bots of a live game: a :class:`BotRunner`.

A game's bot seats (and the stand-in bot playing for an absent human seat) are played by the
runner's :meth:`BotRunner.play`, which the manager starts as the game's ``bot_task`` whenever a bot
is to act (:meth:`GamePort.kick_bots`). Two runners:

- :class:`ThreadBotRunner` (the default): the web process itself thinks, in worker threads on a
  copy of the game, one action at a time under the game's lock.
- :class:`QueueBotRunner` (``empires serve --bots queue --broker redis://...``): the web process
  owning the game only asks. It puts the job "choose the move of game G at move n" on a Redis
  queue (arq); a separate ``empires bot-worker`` process (:mod:`empires.server.bot_worker`) takes
  it, brings its copy of G up to date from the shared database, thinks, and answers the move;
  the owner stores it through its commit path (the engine checks it like any player's move: it
  came through the broker) while the game still stands at move n, then asks for the next. The
  job's id names the game and the move number, so a new owner (the old one died) asking for the
  same move gets the same job and its answer. A worker killed mid-move leaves its job on the
  queue: arq gives it to another worker once the dead one's claim expires (the job timeout plus
  10 s). The worker's note on the channel wakes the owner when the answer is ready.

Faults of the broker end in a short pause, never a stuck game (issue #29): the queue's client
retries a command through redis-py's own :class:`~redis.asyncio.retry.Retry` (exponential
backoff); beyond that, a bot task that cannot reach Redis, or whose job failed on the worker, waits
(backoff up to :data:`BACKOFF_CAP` s) and asks again; it never marks the game broken. A job lost
with the broker (Redis restarted empty) is queued again: the job is not found, and every
:data:`RECHECK_EVERY` s the runner kicks each game in memory whose bot is to act and has no task.

Either way a bot's move depends only on the stored history (the bot is seeded from the game's
seed, the seat and the action index), so whichever worker makes it makes the same move.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any, Protocol

import anyio
import anyio.to_thread
import orjson

from empires.bots import make_bot
from empires.server.errors import ApiError, StaleWrite
from empires.server.game_port import GamePort
from empires.server.game_setup import bot_seed
from empires.server.live_game import LiveGame, owner_lock

log = logging.getLogger("empires.server")

DEFAULT_PREFIX = "empires"
RESULT_POLL = 0.5  # seconds between looks at a job's result (the broker's note comes first)
KEEP_RESULT = 300  # seconds a job's result stays readable (its id blocks a second job meanwhile)
BACKOFF_BASE = 0.1  # seconds: the first pause after a broker fault, doubled after each one
BACKOFF_CAP = 5.0  # seconds: the longest pause between two tries
COMMAND_RETRIES = 4  # redis-py retries of one command (with backoff) before its caller hears
RECHECK_EVERY = 5.0  # seconds: games whose bot is to act and has no task are kicked this often


def backoff(failures: int) -> float:
    """Seconds to wait after ``failures`` faults in a row (exponential, at most BACKOFF_CAP)."""
    return min(BACKOFF_CAP, BACKOFF_BASE * 2 ** min(failures, 16))


def broker_errors() -> tuple[type[BaseException], ...]:
    """What a lost or restarting broker raises (redis-py's, and the socket's own)."""
    from redis.exceptions import ConnectionError as RedisConnectionError
    from redis.exceptions import TimeoutError as RedisTimeoutError

    return (RedisConnectionError, RedisTimeoutError, OSError, asyncio.TimeoutError)


def broker_retry(retries: int = COMMAND_RETRIES) -> Any:
    """redis-py's retry of one command: ``retries`` more tries, exponential backoff."""
    from redis.asyncio.retry import Retry
    from redis.backoff import ExponentialBackoff

    return Retry(ExponentialBackoff(cap=BACKOFF_CAP, base=BACKOFF_BASE), retries)


class BotRunner(Protocol):
    async def start(self, manager: GamePort) -> None: ...

    async def stop(self) -> None: ...

    async def play(self, manager: GamePort, game: LiveGame) -> None:
        """Play the bot seats of ``game`` until a human is to act or the game ends."""
        ...


# Bots whose move costs less than a hop to a worker thread and which only read the state they
# are given (``legal_actions``, itself cached by the engine): played on the event loop, on the
# live state, with no copy. Every other bot thinks in a worker thread on a copy.
INLINE_BOTS = frozenset({"random"})


def bot_choose(spec: str, seed: int, state: Any) -> Any:
    """The move of the bot ``spec`` seeded ``seed`` in ``state`` (a copy it may change, or the
    live state for the read-only :data:`INLINE_BOTS`)."""
    return make_bot(spec, state.game_name, seed).choose(state)


def bot_turn(game: LiveGame) -> tuple[int, str] | None:
    """(seat, bot spec) of the bot to act in ``game`` now, or None."""
    if game.status != "active" or game.state.is_terminal():
        return None
    seat = game.state.current_player
    if not 0 <= seat < len(game.seats):
        return None
    spec = game.bot_for(seat)
    return None if spec is None else (seat, spec)


async def think_and_commit(
    manager: GamePort, game: LiveGame, limiter: anyio.CapacityLimiter | None
) -> dict | None:
    """One bot move of ``game`` (caller holds ``game.lock``): think on a copy in a thread, then
    store and apply it through the manager's commit path. The log entry, or None when no bot is
    to act."""
    turn = bot_turn(game)
    if turn is None:
        return None
    seat, spec = turn
    seed = bot_seed(game.seed, seat, len(game.log))
    if spec in INLINE_BOTS:
        action = bot_choose(spec, seed, game.state)
    else:
        action = await anyio.to_thread.run_sync(
            bot_choose, spec, seed, game.state.clone(), limiter=limiter
        )
    stand_in = spec if game.seats[seat].kind == "human" else None
    return await manager.commit(game, seat, str(action), stand_in, action)


class ThreadBotRunner:
    """Bots think in this process's worker threads (at most ``threads`` at once)."""

    def __init__(self, threads: int = 4) -> None:
        self.threads = threads
        self.limiter: anyio.CapacityLimiter | None = None

    async def start(self, manager: GamePort) -> None:
        self.limiter = anyio.CapacityLimiter(self.threads)

    async def stop(self) -> None:
        return None

    async def play(self, manager: GamePort, game: LiveGame) -> None:
        while not manager.closing:
            async with owner_lock(game):  # (only while this process owns the game)
                if await think_and_commit(manager, game, self.limiter) is None:
                    return
            await asyncio.sleep(manager.bot_delay)


def queue_name(prefix: str) -> str:
    return f"{prefix}:bots"


def job_id(prefix: str, game_id: str, moves: int) -> str:
    """One job per (game, move number): every process asking for that move shares it. The move
    number (take_back.moves: actions and undos so far) only grows, so an id never comes back
    after an undo."""
    return f"{prefix}:bot:{game_id}:{moves}"


def redis_settings(broker: str, conn_retries: int = 5) -> Any:
    """arq's settings for ``broker``: each command retried with backoff (redis-py's Retry) on a
    lost connection, and ``conn_retries`` tries (a second apart) to open the pool."""
    from arq.connections import RedisSettings
    from redis.exceptions import ConnectionError as RedisConnectionError
    from redis.exceptions import TimeoutError as RedisTimeoutError

    if not broker.startswith(("redis://", "rediss://", "unix://")):
        raise ValueError(f"the broker must be a redis:// URL, not {broker.split(':')[0]!r}")
    settings = RedisSettings.from_dsn(broker)
    settings.retry = broker_retry()
    settings.retry_on_error = [RedisConnectionError, RedisTimeoutError]
    settings.conn_retries = conn_retries
    return settings


class QueueBotRunner:
    """Bots think in ``empires bot-worker`` processes, asked through a Redis queue (arq)."""

    def __init__(self, broker: str, prefix: str = DEFAULT_PREFIX) -> None:
        self.settings = redis_settings(broker)
        self.prefix = prefix
        self.pool: Any = None
        self._recheck: asyncio.Task | None = None
        self._pokes: dict[str, asyncio.Event] = {}  # games waiting for a worker's move

    async def start(self, manager: GamePort) -> None:
        from arq import create_pool

        self.pool = await create_pool(
            self.settings,
            job_serializer=orjson.dumps,
            job_deserializer=orjson.loads,
            default_queue_name=queue_name(self.prefix),
        )
        self._recheck = asyncio.get_running_loop().create_task(self._recheck_loop(manager))

    async def stop(self) -> None:
        if self._recheck is not None:
            self._recheck.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._recheck
            self._recheck = None
        if self.pool is not None:
            with contextlib.suppress(*broker_errors()):
                await self.pool.aclose()
            self.pool = None

    async def _recheck_loop(self, manager: GamePort) -> None:
        """Every RECHECK_EVERY s: each game in memory whose bot is to act and has no bot task
        gets one (a job lost with the broker, a note that never came)."""
        while not manager.closing:
            await asyncio.sleep(RECHECK_EVERY)
            for game in list(manager.games.values()):
                manager.kick_bots(game)

    async def ask(self, game_id: str, moves: int) -> Any:
        """The job choosing the move of ``game_id`` at move number ``moves`` (queued now, or the one
        another process queued already)."""
        from arq.jobs import Job

        jid = job_id(self.prefix, game_id, moves)
        job = await self.pool.enqueue_job("bot_move", game_id, moves, _job_id=jid)
        if job is None:
            job = Job(
                jid, self.pool, _queue_name=queue_name(self.prefix), _deserializer=orjson.loads
            )
        return job

    async def forget(self, game_id: str, moves: int) -> None:
        """Drop the kept result of a failed job, so that the same move can be asked again."""
        from arq.constants import result_key_prefix

        await self.pool.delete(result_key_prefix + job_id(self.prefix, game_id, moves))

    def poke(self, game_id: str) -> None:
        """A worker said it is done with a move of ``game_id``: look at its job now."""
        event = self._pokes.get(game_id)
        if event is not None:
            event.set()

    async def play(self, manager: GamePort, game: LiveGame) -> None:
        """Ask for the bot moves of ``game`` until no bot is to act, and store each through the
        manager's commit path (this process owns the game: only it writes). A fault (the
        broker away, the job lost or failed, a move the engine refuses) is a pause and another
        try, never an error of the game."""
        failures = 0
        while not manager.closing and self.pool is not None and not game.closed:
            if not game.owned or bot_turn(game) is None:
                return
            moves = game.moves
            try:
                outcome = await self._wait(game, await self.ask(game.id, moves), moves)
                if game.moves == moves and outcome is not None and "action" in outcome:
                    if await self._commit(manager, game, moves, outcome["action"]):
                        failures = 0
                        await asyncio.sleep(manager.bot_delay)
                        continue
                    why = "the bot worker's move was refused"
                    await self.forget(game.id, moves)
                elif game.moves != moves:
                    continue
                elif outcome is not None and not outcome.get("error"):
                    return  # skipped: the game changed under the job; the next kick asks again
                else:
                    why = "the job was lost" if outcome is None else _reason(outcome["error"])
                    if outcome is not None:
                        await self.forget(game.id, moves)
            except asyncio.CancelledError:
                raise
            except StaleWrite:  # another process owns the game now and plays its bots
                return
            except Exception as exc:  # the broker away (after redis-py's own retries), or worse
                why = f"the broker failed ({type(exc).__name__})"
            failures += 1
            delay = backoff(failures)
            log.warning("game %s: %s; asking again in %.1f s", game.id, why, delay)
            await asyncio.sleep(delay)

    @staticmethod
    async def _commit(manager: GamePort, game: LiveGame, moves: int, action: Any) -> bool:
        """Store the worker's ``action`` as the bot's move ``moves`` of ``game``; False when
        the engine refuses it (the result came through the broker: checked like a player's)."""
        if not isinstance(action, str) or not action or len(action) > 128:
            return False
        async with owner_lock(game):
            turn = bot_turn(game)
            if game.moves != moves or turn is None:
                return True  # the game moved on meanwhile: look again
            seat, spec = turn
            stand_in = spec if game.seats[seat].kind == "human" else None
            try:
                await manager.commit(game, seat, action, stand_in)
            except ApiError as exc:
                if exc.code in ("illegal_action", "malformed_action"):
                    return False
                raise
        return True

    async def _wait(self, game: LiveGame, job: Any, moves: int) -> dict | None:
        """Until the job has ended (a worker's note pokes, else a look every RESULT_POLL s) or
        the game moved past move ``moves``: the job's outcome, or None (the job is not found:
        lost)."""
        from arq.jobs import JobStatus

        poke = self._pokes.setdefault(game.id, asyncio.Event())
        try:
            while game.moves == moves and not game.closed:
                poke.clear()
                try:
                    info = await job.result_info()
                    if info is None:
                        if await job.status() == JobStatus.not_found:
                            return None
                        with contextlib.suppress(TimeoutError):
                            await asyncio.wait_for(poke.wait(), RESULT_POLL)
                        continue
                except asyncio.CancelledError:
                    raise
                except broker_errors():
                    raise
                except Exception as exc:  # a result arq cannot read
                    return {"error": f"{type(exc).__name__}: {exc}"}
                if not info.success or not isinstance(info.result, dict):
                    return {"error": str(info.result)}
                return info.result
            return None
        finally:
            self._pokes.pop(game.id, None)


def _reason(error: Any) -> str:
    """A worker's error, as the log shows it: its first words only (never a quoted value)."""
    head = str(error).split(":", 1)[0].split("(", 1)[0].strip()[:80]
    return f"the bot worker failed ({head or 'no reason'})"
