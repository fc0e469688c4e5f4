"""The bot worker pool (empires.server.bot_runner, empires.server.bot_worker).

In one process: the job "the move of game G at action n" gives the bot's own (seeded) move and
stores nothing (only the game's owner writes it: empires.server.lease), a second run gives the
same move, a stale one is skipped, a human seat is not played unless its player is away (then the
table's stand-in's move is given), and no next move is queued by the job (the owner asks).

With real processes (``empires serve --bots queue`` and ``empires bot-worker`` against the
machine's PostgreSQL and Redis): bots answer a human through the worker; a worker killed with
SIGKILL in the middle of a move leaves its job on the queue, another worker makes that move, and
it is stored exactly once.
"""

from __future__ import annotations

import asyncio
import dataclasses
import signal
import subprocess
import sys
import time
import uuid
from contextlib import contextmanager

import httpx
import orjson

from empires.server.bot_runner import bot_choose, job_id
from empires.server.bot_worker import NoBots, bot_move
from empires.server.db import Store
from empires.server.manager import GameManager, bot_seed, restore
from tests.parts import REDIS_URL, require
from tests.server.server_helpers import auth, my_turn, wait_for

SLOW_BOT = "ismcts:100:gap=none:stop=none"  # a move that takes a second or more, deterministic


class FakeQueue:
    """Stands in for arq's pool in the job's context: records what it is asked to queue."""

    def __init__(self) -> None:
        self.jobs: list[tuple] = []

    async def enqueue_job(self, name: str, *args, _job_id: str) -> None:
        self.jobs.append((name, *args, _job_id))


def run_jobs(sqlite_url: str, seats: list[dict], steps) -> tuple:
    """Create a game with ``seats`` in a manager playing no bots itself, then run
    ``await steps(manager, game, ctx)``; (its result, the stored actions, the queued jobs)."""

    async def main():
        manager = GameManager(Store(sqlite_url), bot_runner=NoBots())
        await manager.start()
        try:
            game, _ = await manager.create("discovery", seats, seed=5)
            ctx = {"manager": manager, "prefix": "t", "limiter": None, "redis": FakeQueue()}
            out = await steps(manager, game, ctx)
            row = await manager.run_db(manager.store.load_game, game.id)
            return out, row.actions, ctx["redis"].jobs
        finally:
            await manager.stop()

    return asyncio.run(main())


BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def test_a_move_job_gives_the_bots_seeded_move_and_stores_nothing(sqlite_url):
    async def steps(manager, game, ctx):
        seat = game.state.current_player
        expected = bot_choose("random", bot_seed(game.seed, seat, 0), game.state.clone())
        first = await bot_move(ctx, game.id, 0)
        again = await bot_move(ctx, game.id, 0)  # the same job run twice (a worker crashed)
        ahead = await bot_move(ctx, game.id, 7)  # a job for a position the game is not at
        return str(expected), seat, first, again, ahead

    (expected, seat, first, again, ahead), stored, jobs = run_jobs(sqlite_url, BOTS, steps)
    assert first == {"action": expected, "seat": seat}
    assert again == first  # the same move again: it depends only on the stored history
    assert ahead == {"skipped": "the game has moved on"}
    assert stored == [] and jobs == []  # the owner stores it and asks for the next


def test_a_move_job_plays_a_human_seat_only_while_its_player_is_away(sqlite_url):
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]

    async def steps(manager, game, ctx):
        seat = game.state.current_player
        present = await bot_move(ctx, game.id, 0)
        await manager.table.leave(game, seat)
        stand_in = game.table.stand_in
        expected = bot_choose(stand_in, bot_seed(game.seed, seat, 0), game.state.clone())
        away = await bot_move(ctx, game.id, 0)
        return seat, present, away, str(expected)

    (seat, present, away, expected), stored, _ = run_jobs(sqlite_url, seats, steps)
    assert present == {"skipped": "the game has moved on"}
    assert away == {"action": expected, "seat": seat}  # the stand-in's move
    assert stored == []


def test_an_unknown_game_is_skipped(sqlite_url):
    async def steps(manager, game, ctx):
        return await bot_move(ctx, "0123456789abcdef", 0)

    out, stored, jobs = run_jobs(sqlite_url, BOTS, steps)
    assert out == {"skipped": "no such game"} and stored == [] and jobs == []


def test_serve_refuses_a_bot_queue_without_a_broker(tmp_path):
    from empires.cli import main

    db = f"sqlite:///{tmp_path / 'g.db'}"
    assert main(["serve", "--db", db, "--bots", "queue"]) != 0
    assert main(["bot-worker", "--broker", "http://x", "--db", db]) != 0


# ---- real processes ---------------------------------------------------------------------------


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """``empires serve --bots queue`` and ``empires bot-worker`` processes of one test (its own
    PostgreSQL schema and Redis channel); every process is killed at the end."""

    def __init__(self, tmp_path, db: str, channel: str, broker: str = REDIS_URL) -> None:
        self.tmp, self.db, self.channel, self.broker = tmp_path, db, channel, broker
        self.procs: list[subprocess.Popen] = []

    def _spawn(self, name: str, args: list[str]) -> subprocess.Popen:
        log = open(self.tmp / f"{name}.log", "w")
        proc = subprocess.Popen(
            [sys.executable, "-m", "empires.cli", *args],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        self.procs.append(proc)
        return proc

    def web(self) -> str:
        port = free_port()
        self._spawn(
            f"web{port}",
            ["serve", "--port", str(port), "--db", self.db, "--bot-delay", "0"]
            + ["--broker", self.broker, "--broker-channel", self.channel, "--bots", "queue"],
        )
        base = f"http://127.0.0.1:{port}"
        self.wait(lambda: httpx.get(f"{base}/api/health").status_code == 200, "the web server")
        return base

    def worker(self, name: str, job_timeout: float = 60.0) -> subprocess.Popen:
        return self._spawn(
            name,
            ["bot-worker", "--broker", self.broker, "--db", self.db]
            + ["--broker-channel", self.channel, "--job-timeout", str(job_timeout)],
        )

    def log(self, name: str) -> str:
        return (self.tmp / f"{name}.log").read_text()

    def wait(self, ready, what: str, within: float = 60.0) -> None:
        deadline = time.monotonic() + within
        while True:
            try:
                if ready():
                    return
            except (httpx.HTTPError, OSError):
                pass
            for proc in self.procs:
                assert proc.poll() in (None, -signal.SIGKILL), f"a process exited: {proc.args}"
            if time.monotonic() > deadline:
                logs = {p.name: p.read_text()[-1500:] for p in self.tmp.glob("*.log")}
                raise AssertionError(f"{what} did not come within {within} s; logs: {logs}")
            time.sleep(0.05)

    def close(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
            proc.wait()


@contextmanager
def cluster(tmp_path, pg_url):
    require("redis", "arq")  # the machine's Redis, and arq for `empires bot-worker`
    import redis

    channel = f"test-{uuid.uuid4().hex[:12]}"
    c = Cluster(tmp_path, pg_url, channel)
    try:
        yield c
    finally:
        c.close()
        r = redis.Redis.from_url(REDIS_URL)
        keys = list(r.scan_iter(f"*{channel}*"))
        if keys:
            r.delete(*keys)
        r.close()


def create(base: str, seats: list[dict], seed: int) -> tuple[str, list[str | None]]:
    r = httpx.post(f"{base}/api/games", json={"seats": seats, "seed": seed})
    assert r.status_code == 201, r.text
    g = r.json()
    return g["id"], [s.get("token") for s in g["seats"]] + [g["spectator"]["token"]]


def test_bots_answer_a_human_through_the_worker(tmp_path, pg_url):
    with cluster(tmp_path, pg_url) as c:
        base = c.web()
        c.worker("worker")
        gid, tokens = create(base, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], 3)
        with httpx.Client(base_url=base) as client:
            for _ in range(8):
                v = my_turn(client, gid, tokens[0], timeout=60)
                r = client.post(
                    f"/api/games/{gid}/actions",
                    json={"action": v["legal"][0]["action"], "expect": v["game"]["moves"]},
                    headers=auth(tokens[0]),
                )
                assert r.status_code == 200, r.text
            v = my_turn(client, gid, tokens[0], timeout=60)
        import redis

        r = redis.Redis.from_url(REDIS_URL)
        bot_moves = [e["index"] for e in v["log"] if e["seat"] == 1]
        made_by_jobs = [i for i in bot_moves if r.exists(f"arq:result:{job_id(c.channel, gid, i)}")]
        r.close()
        assert [e["seat"] for e in v["log"]].count(0) == 8 and bot_moves
        assert made_by_jobs == bot_moves  # every bot move was a worker's job
        assert "bot_move" in c.log("worker")  # (the worker logs its jobs)


def test_a_worker_killed_mid_move_loses_the_move_to_another_worker_once(tmp_path, pg_url):
    import redis

    with cluster(tmp_path, pg_url) as c:
        base = c.web()
        doomed = c.worker("doomed", job_timeout=3)  # its claim on a job lapses 13 s after
        gid, tokens = create(base, [{"kind": "bot", "bot": SLOW_BOT}] * 2, 9)
        r = redis.Redis.from_url(REDIS_URL)
        pattern = f"arq:in-progress:{job_id(c.channel, gid, 0)[:-1]}*"
        thinking: list[int] = []

        def a_long_move() -> bool:  # a move still being thought about a moment later
            claims = list(r.scan_iter(pattern))
            time.sleep(0.3)
            if claims and r.exists(claims[0]):
                thinking.append(int(claims[0].rsplit(b":", 1)[1]))
            return bool(thinking)

        c.wait(a_long_move, "the doomed worker's move")
        doomed.send_signal(signal.SIGKILL)
        doomed.wait()
        k = thinking[0]
        stored_at_kill = len(Store(pg_url).load_game(gid).actions)
        c.worker("rescuer")
        with httpx.Client(base_url=base) as client:  # the game goes on past the lost move
            wait_for(client, gid, tokens[-1], lambda v: len(v["log"]) > k, timeout=90)
        outcome = orjson.loads(r.get(f"arq:result:{job_id(c.channel, gid, k)}"))
        r.close()
    row = Store(pg_url).load_game(gid)
    start, _ = restore(dataclasses.replace(row, actions=row.actions[:k]))
    seat = start.current_player
    expected = str(bot_choose(SLOW_BOT, bot_seed(row.seed, seat, k), start))
    assert row.actions[k] == (seat, expected)  # stored once (one row per index), the bot's own
    if stored_at_kill == k:  # killed while thinking (the usual case): the rescuer made it
        assert outcome["t"] == 2 and outcome["r"] == {"action": expected, "seat": seat}
    else:  # the move ended just before the kill: made once all the same
        assert stored_at_kill > k


# ---- faults: the broker away, a job failed on the worker (issue #29) ---------------------------


class FlakyPool:
    """arq's pool as a broker that is away for ``away`` enqueues, then answers; each job's
    first result is a worker's error, its second the move (made here, as a worker would)."""

    def __init__(self, manager, away: int) -> None:
        self.manager, self.away = manager, away
        self.asked: list[str] = []
        self.forgotten: list[str] = []
        self.failed: set[str] = set()

    async def enqueue_job(self, name: str, game_id: str, moves: int, _job_id: str):
        from redis.exceptions import ConnectionError as RedisConnectionError

        self.asked.append(_job_id)
        if self.away > 0:
            self.away -= 1
            raise RedisConnectionError("Error 111 connecting to 127.0.0.1:1. Connection refused.")
        return FlakyJob(self, game_id, _job_id)

    async def delete(self, key: str) -> None:
        self.forgotten.append(key)


class FlakyJob:
    def __init__(self, pool: FlakyPool, game_id: str, jid: str) -> None:
        self.pool, self.game_id, self.jid = pool, game_id, jid

    async def result_info(self):
        from types import SimpleNamespace

        if self.jid not in self.pool.failed:
            self.pool.failed.add(self.jid)
            return SimpleNamespace(success=True, result={"error": "OperationalError: db gone"})
        game = self.pool.manager.games[self.game_id]
        seat = game.state.current_player
        action = bot_choose("random", bot_seed(game.seed, seat, len(game.log)), game.state.clone())
        return SimpleNamespace(success=True, result={"action": str(action), "seat": seat})


def test_a_bot_task_waits_out_the_broker_and_a_failed_job_and_never_breaks_the_game(
    sqlite_url, monkeypatch
):
    from empires.server import bot_runner
    from empires.server.bot_runner import QueueBotRunner, bot_turn

    monkeypatch.setattr(bot_runner, "BACKOFF_CAP", 0.01)  # the pauses, short for the test

    async def main():
        manager = GameManager(Store(sqlite_url), bot_runner=NoBots())
        await manager.start()
        try:
            for seed in range(20):  # a game whose first seat to act is the bot's
                seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
                game, _ = await manager.create("discovery", seats, seed=seed)
                bot = game.state.current_player
                seats[bot] = {"kind": "bot", "bot": "random"}
                game, _ = await manager.create("discovery", seats, seed=seed)
                if bot_turn(game) is not None:
                    break
            runner = QueueBotRunner("redis://127.0.0.1:1/0", "t")
            runner.pool = pool = FlakyPool(manager, away=3)
            await runner.play(manager, game)
            row = await manager.run_db(manager.store.load_game, game.id)
            return game, pool, row, bot
        finally:
            await manager.stop()

    game, pool, row, bot = asyncio.run(main())
    assert game.status == "active" and row.status == "active"
    first = job_id("t", game.id, 0)
    assert pool.asked[:5] == [first] * 5  # three refused, one failed on the worker, one played
    assert pool.forgotten == [f"arq:result:{first}"]  # the failed result dropped, asked again
    assert row.actions[0][0] == bot and len([a for a in row.actions if a[0] == bot]) >= 1
    assert bot_turn(game) is None  # it stopped when a human was to act
