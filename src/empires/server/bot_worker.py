"""``empires bot-worker``: a process that plays bot moves asked for through the Redis queue.

The web processes (``empires serve --bots queue``, see :mod:`empires.server.bot_runner`) queue
"choose the move of game G at move n"; a worker takes the job, brings its copy of G up to date
from the shared database, and, only if G still stands at move n with a bot to act, thinks and
stores the move through the manager's commit path (the same checks and the same log entry as a
player's move). A job run twice (a worker killed after storing, its job given to another) finds the
game moved on and adds nothing. After its move the worker queues the next one when a bot is to act
again, so a game of bots goes on even with no web process waiting for it.

The worker never serves clients and sees no tokens; its log names games and action indices only.
"""

from __future__ import annotations

import logging
import os
from typing import Any

import anyio
import orjson

from empires.server.bot_runner import (
    DEFAULT_PREFIX,
    KEEP_RESULT,
    bot_turn,
    job_id,
    queue_name,
    redis_settings,
    think_and_commit,
)

log = logging.getLogger("empires.server.bot_worker")

DEFAULT_JOB_TIMEOUT = 60.0  # seconds; bounded searches take at most MAX_ISMCTS_SECONDS


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
    number of actions unless some were taken back). Returns {"action": ..., "index": action
    index} when this
    run stored it, {"skipped": why} when there was nothing to do, {"error": why} when it
    failed (every outcome is plain JSON)."""
    from empires.server.manager import ApiError

    manager = ctx["manager"]
    try:
        game = await manager.get(game_id)
        if game is None:
            return {"skipped": "no such game"}
        async with game.lock:  # catches up with the store (another process may have moved)
            if manager.shared is None:
                await manager._resync(game)
            if game.moves != moves or bot_turn(game) is None:
                return {"skipped": "the game has moved on"}
            entry = await think_and_commit(manager, game, ctx["limiter"])
    except ApiError as exc:
        log.warning("bot move %s/%d refused: %s", game_id, moves, exc.message)
        return {"error": exc.message}
    except Exception as exc:
        log.exception("bot move %s/%d failed", game_id, moves)
        return {"error": f"{type(exc).__name__}: {exc}"}
    if entry is None:
        return {"skipped": "no bot to act"}
    if bot_turn(game) is not None:  # the next bot move, even with no web process waiting
        await ctx["redis"].enqueue_job(
            "bot_move",
            game_id,
            game.moves,
            _job_id=job_id(ctx["prefix"], game_id, game.moves),
        )
    return {"action": entry["action"], "index": entry["index"]}


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
            bot_runner=NoBots(),  # the next move is queued by bot_move itself
            broker=broker,  # checked writes, catching up, and notes to the web processes
            broker_channel=prefix,
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
        "redis_settings": redis_settings(broker),
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


def run_worker(broker: str, db: str, **options: Any) -> None:
    """Run one bot worker until interrupted (SIGINT/SIGTERM finish the jobs under way)."""
    from arq.worker import Worker

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    Worker(**worker_settings(broker, db, **options)).run()
