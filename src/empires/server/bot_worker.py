"""``empires bot-worker``: a process that plays bot moves asked for through the Redis queue.

The web processes (``empires serve --bots queue``, see :mod:`empires.server.bot_runner`) queue
"choose the move of game G at move n"; a worker takes the job, brings its copy of G up to date
from the shared database, and, only if G still stands at move n with a bot to act, thinks and
answers the move. It stores nothing: the process owning the game stores it (only a game's owner
writes it, :mod:`empires.server.lease`) and asks for the next move. A job run twice gives the
same move (the bot is seeded from the game, the seat and the move's index).

The worker never serves clients and sees no tokens; its log names games and action indices only.

The broker away for a while is a pause, never the end of the worker (issue #29): each command is
retried by redis-py with exponential backoff (arq's ``RedisSettings.retry``), and the poll loop
(:func:`steady_worker`) waits and polls again, however long Redis is gone. A job's answer lost
with the broker is asked for again by the web process owning the game once the broker is back
(:class:`~empires.server.bot_runner.QueueBotRunner`).
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Any

import anyio
import orjson

from empires.server.bot_runner import (
    DEFAULT_PREFIX,
    KEEP_RESULT,
    backoff,
    bot_choose,
    bot_turn,
    broker_errors,
    queue_name,
    redis_settings,
)
from empires.server.errors import ApiError
from empires.server.game_setup import bot_seed

log = logging.getLogger("empires.server.bot_worker")

DEFAULT_JOB_TIMEOUT = 60.0  # seconds; bounded searches take at most MAX_ISMCTS_SECONDS
STARTUP_TRIES = 30  # tries (a second apart) to reach the broker when the worker starts


class NoBots:
    """The worker's own manager plays no bots on its own: every move is a job."""

    async def start(self, manager: Any) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def play(self, manager: Any, game: Any) -> None:
        return None


async def bot_move(ctx: dict, game_id: str, moves: int) -> dict:
    """The job: the move of ``game_id`` at move number ``moves`` (see take_back.moves: the
    number of actions unless some were taken back). Returns {"action": ..., "seat": ...}, the
    move the bot chose, for the process owning the game to store; {"skipped": why} when there was
    nothing to do; {"error": why} when it failed (every outcome is plain JSON). The worker stores
    nothing: only a game's owner writes it (empires.server.lease)."""
    manager = ctx["manager"]
    try:
        game = await manager.get(game_id)
        if game is None:
            return {"skipped": "no such game"}
        # A copy the owner's signed notes brought to move n is read from memory; any other
        # catches up with the store first (the lock does).
        inner = getattr(game.lock, "inner", None)
        lock = inner if inner is not None and game.moves == moves else game.lock
        async with lock:
            if manager.shared is None:
                await manager.resync(game)
            turn = bot_turn(game)
            if game.moves != moves or turn is None:
                return {"skipped": "the game has moved on"}
            seat, spec = turn
            seed = bot_seed(game.seed, seat, len(game.log))
            state = game.state.clone()
        action = await anyio.to_thread.run_sync(
            bot_choose, spec, seed, state, limiter=ctx["limiter"]
        )
    except ApiError as exc:
        log.warning("bot move %s/%d refused: %s", game_id, moves, exc.message)
        return {"error": exc.message}
    except Exception as exc:
        log.exception("bot move %s/%d failed", game_id, moves)
        return {"error": f"{type(exc).__name__}: {exc}"}
    if manager.shared is not None:  # the owner looks at the job's result now
        manager.shared.poke(game_id)
    return {"action": str(action), "seat": seat}


def worker_settings(
    broker: str,
    db: str,
    *,
    prefix: str = DEFAULT_PREFIX,
    jobs: int = 8,
    job_timeout: float = DEFAULT_JOB_TIMEOUT,
    card_sets: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The keyword arguments of an arq ``Worker`` playing bot moves of the games in ``db``."""
    from arq import func

    async def startup(ctx: dict) -> None:
        from empires.server.db import Store
        from empires.server.manager import GameManager

        manager = GameManager(
            Store(db),
            card_sets=card_sets,
            bot_runner=NoBots(),  # the owner of each game asks for its moves
            broker=broker,  # catching up, and notes to the owners
            broker_channel=prefix,
            owner=False,  # reads the games, never holds a lease
        )
        await manager.open_for_worker()
        if manager.shared is not None:
            await manager.shared.start()
        # jobs wait mostly on the database; only this many think at once
        thinkers = anyio.CapacityLimiter(min(jobs, os.cpu_count() or 1))
        ctx.update(manager=manager, prefix=prefix, limiter=thinkers)
        log.info("bot worker ready: queue %s, %d job(s) at once", queue_name(prefix), jobs)

    async def shutdown(ctx: dict) -> None:
        manager = ctx.get("manager")
        if manager is not None:
            await manager.stop()

    return {
        "functions": [func(bot_move, name="bot_move")],
        "redis_settings": redis_settings(broker, conn_retries=STARTUP_TRIES),
        "queue_name": queue_name(prefix),
        "on_startup": startup,
        "on_shutdown": shutdown,
        "max_jobs": jobs,
        "job_timeout": job_timeout,
        "keep_result": KEEP_RESULT,
        "poll_delay": 0.05,
        "max_tries": 5,
        "job_serializer": orjson.dumps,
        "job_deserializer": orjson.loads,
    }


def steady_worker(**settings: Any) -> Any:
    """An arq ``Worker`` whose poll loop outlives the broker: a poll that cannot reach Redis
    (redis-py's retries spent) is logged and tried again after a pause (exponential backoff,
    capped), where arq's own loop would end the worker."""
    from arq.worker import Worker

    class SteadyWorker(Worker):
        faults = 0  # failed polls in a row

        async def _poll_iteration(self) -> None:
            try:
                await super()._poll_iteration()
            except broker_errors() as exc:
                self.faults += 1
                delay = backoff(self.faults)
                log.warning(
                    "the broker is unreachable (%s); polling again in %.1f s",
                    type(exc).__name__,
                    delay,
                )
                await asyncio.sleep(delay)
                return
            if self.faults:
                log.info("the broker is back after %d failed poll(s)", self.faults)
                self.faults = 0

        async def start_jobs(self, job_ids: list[bytes]) -> None:
            try:
                await super().start_jobs(job_ids)
            except broker_errors():
                # arq took a slot for the job it was claiming when the broker went; the job
                # did not start (its claim was never written): give the slot back
                self.job_counter -= 1
                self.sem.release()
                raise

    return SteadyWorker(**settings)


def run_worker(broker: str, db: str, **options: Any) -> None:
    """Run one bot worker until interrupted (SIGINT/SIGTERM finish the jobs under way)."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    steady_worker(**worker_settings(broker, db, **options)).run()
