"""The coach on the web: hints in practice games, and post-game analyses run in the background.

Both come from :mod:`empires.bots.analysis` (the search over determinizations from the deciding
seat's observation), always in a worker thread, so the event loop never waits for a search.

**Hints.** Only a game created as practice offers them, only to the human seat to play, and
only for its current decision. Each seat computes at most one hint at a time, the server at most
``Limits.hints_at_once``, with the server's budget (``Limits.hint_iterations``): a client never
chooses how long a search runs. The search is seeded from the game's id, the seat and the
decision's index (never from the secret game seed), so asking twice gives the same hint; the
hint is stored with the game (``hints`` table) and asking again at the same decision returns it.
A hint is private to its seat while the game runs (only its own view carries it, no other
watcher is told anything happened); once the game is over every hint is shown in the replay.

**Analyses.** A finished game's analysis runs once: the first request starts a background job
(at most one per game; ``Limits.analyses_at_once`` run at a time and ``Limits.analyses_waiting``
wait, more are refused with 503), every request reports its progress, and the result is stored
with the game (``analyses`` table) so later requests, and a restarted server, return it at once.
The human seats' decisions are analysed (every seat's when no seat is human).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from dataclasses import dataclass, field
from typing import Any

import anyio
import anyio.to_thread

from empires.server.errors import ApiError
from empires.server.game_port import GamePort
from empires.server.live_game import SPECTATOR, LiveGame
from empires.server.log_entries import hide_path
from empires.server.table import Table

log = logging.getLogger("empires.server")


def coach_seed(game_id: str, *parts: int) -> int:
    """A search seed from public facts only (the game's id, a seat, an index)."""
    text = ":".join(["empires-coach", game_id, *map(str, parts)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def _compute_hint(state: Any, iterations: int, seed: int) -> dict:
    from empires.bots.analysis import hint

    return hint(state, iterations=iterations, seed=seed).to_json()


def _analyse(game: str, history: dict, seats: list[int], iterations: int, seed: int, job) -> dict:
    from empires.bots.analysis import CPU_PER_DECISION, analyse_history

    result = analyse_history(
        game,
        history,
        seats=seats,
        iterations=iterations,
        seed=seed,
        progress=job.progress,
        should_stop=job.should_stop,
        cpu_per_decision=CPU_PER_DECISION,  # a ceiling on this worker thread's CPU time
    )
    return result.to_json()


@dataclass(eq=False)
class AnalysisJob:
    """A post-game analysis under way (or failed): what the client polls."""

    status: str = "queued"  # queued | running | failed
    done: int = 0
    total: int = 0
    error: str | None = None
    stop: bool = False
    task: asyncio.Task | None = field(default=None, repr=False)

    def progress(self, done: int, total: int) -> None:  # called from the worker thread
        self.done, self.total = done, total

    def should_stop(self) -> bool:
        return self.stop

    def to_json(self) -> dict:
        out: dict[str, Any] = {"status": self.status, "done": self.done, "total": self.total}
        if self.error:
            out["detail"] = self.error
        return out


class Coach:
    """Hints and analyses for the games of one :class:`GameManager`."""

    def __init__(self, manager: GamePort, table: Table) -> None:
        self.manager = manager
        self.table = table  # a hint pauses the clock of the seat that asked
        self.jobs: dict[str, AnalysisJob] = {}  # game id -> its analysis queued or running
        self._hint_limiter: anyio.CapacityLimiter | None = None
        self._analysis_limiter: anyio.CapacityLimiter | None = None

    @property
    def limits(self):
        return self.manager.limits

    def stop(self) -> None:
        """Ask every analysis under way to stop (the server is closing)."""
        for job in self.jobs.values():
            job.stop = True
            if job.task is not None:
                job.task.cancel()

    # ---- hints ----
    async def hint(self, game: LiveGame, seat: int | None) -> dict:
        """The hint for ``seat``'s current decision: the recorded one, or a new one (stored)."""
        index = self._check_hint(game, seat)
        assert seat is not None
        for record in game.hints:
            if record["index"] == index and record["seat"] == seat:
                return record
        if seat in game.hinting:
            raise ApiError(
                409, "hint_pending", "your hint for this decision is being worked out already"
            )
        if self._hint_limiter is None:
            self._hint_limiter = anyio.CapacityLimiter(self.limits.hints_at_once)
        game.hinting.add(seat)
        try:
            # The seat's clock stands still while its hint is worked out (empires.server.table).
            paused = await self.table.hint_pause(game, seat)
            try:
                state = game.state.clone()  # the live state is replaced, never changed
                value = await anyio.to_thread.run_sync(
                    _compute_hint,
                    state,
                    self.limits.hint_iterations,
                    coach_seed(game.id, seat, index),
                    limiter=self._hint_limiter,
                )
            finally:
                if paused is not None:
                    await self.table.hint_resume(game, seat, paused)
        finally:
            game.hinting.discard(seat)
        if len(game.log) != index or game.status != "active":
            raise ApiError(409, "stale", "the game moved on while the hint was worked out")
        record = {
            "index": index,
            "seat": seat,
            "hint": hide_path(value, game.card_path, game.card_set),
        }
        try:
            await self.manager.run_db(
                self.manager.store.save_hint, game.id, index, seat, record["hint"]
            )
        except Exception as exc:
            log.exception("cannot store a hint of game %s", game.id)
            raise ApiError(503, "storage_error", "the hint could not be stored; try again") from exc
        game.hints.append(record)
        game.forget_views(seat)
        return record

    @staticmethod
    def _check_hint(game: LiveGame, seat: int | None) -> int:
        """The index of the decision ``seat`` may get a hint for; ApiError saying why not."""
        if seat is SPECTATOR:
            raise ApiError(403, "spectator", "a spectator link cannot ask for hints")
        if not game.practice:
            raise ApiError(
                409, "not_practice", "hints are offered only in games created as practice games"
            )
        if game.status != "active" or game.state.is_terminal():
            raise ApiError(409, "game_over", "the game is over")
        if game.state.current_player != seat or game.seats[seat].kind != "human":
            raise ApiError(409, "not_your_turn", "a hint is for your own decision, on your turn")
        return len(game.log)

    # ---- analyses ----
    async def analysis(self, game: LiveGame) -> dict:
        """Where ``game``'s analysis stands: none, queued, running (with progress), failed, or
        done (with the analysis)."""
        self._check_finished(game)
        if game.analysis is None:
            game.analysis = await self.manager.run_db(self.manager.store.load_analysis, game.id)
        if game.analysis is not None:
            return {"status": "done", "analysis": game.analysis}
        job = self.jobs.get(game.id)  # by id: the game may have left memory and come back
        if job is not None:
            return job.to_json()
        if game.analysis_job is not None:  # failed
            return game.analysis_job.to_json()
        return {"status": "none", "done": 0, "total": 0}

    async def start(self, game: LiveGame) -> dict:
        """Start ``game``'s analysis unless it is done or under way; where it stands."""
        now = await self.analysis(game)
        if now["status"] in ("done", "queued", "running"):
            return now
        capacity = self.limits.analyses_at_once + self.limits.analyses_waiting
        if len(self.jobs) >= capacity:
            raise ApiError(
                503,
                "analysis_busy",
                "this server is analysing as many games as it can; try again later",
                retry_after=30,
            )
        if self._analysis_limiter is None:
            self._analysis_limiter = anyio.CapacityLimiter(self.limits.analyses_at_once)
        job = AnalysisJob()
        game.analysis_job = job
        self.jobs[game.id] = job
        job.task = asyncio.get_running_loop().create_task(self._run(game, job))
        return job.to_json()

    async def _run(self, game: LiveGame, job: AnalysisJob) -> None:
        humans = [s.seat for s in game.seats if s.kind == "human"]
        seats = humans or [s.seat for s in game.seats]
        history = json.loads(json.dumps(game.state.history))
        iterations = self.limits.analysis_iterations
        try:
            assert self._analysis_limiter is not None
            async with self._analysis_limiter:
                job.status = "running"
                value = await anyio.to_thread.run_sync(
                    _analyse, game.game, history, seats, iterations, coach_seed(game.id), job
                )
            if job.stop:
                raise RuntimeError("the server stopped the analysis")
            value = hide_path(value, game.card_path, game.card_set)
            await self.manager.run_db(self.manager.store.save_analysis, game.id, iterations, value)
            game.analysis = value
            game.analysis_job = None
        except asyncio.CancelledError:
            job.status, job.error = "failed", "the server stopped the analysis"
            raise
        except Exception as exc:
            log.exception("the analysis of game %s failed", game.id)
            job.status, job.error = "failed", f"the analysis failed: {exc}"
        finally:
            self.jobs.pop(game.id, None)

    @staticmethod
    def _check_finished(game: LiveGame) -> None:
        if game.status != "finished":
            raise ApiError(409, "not_finished", "a game is analysed once it is over")
