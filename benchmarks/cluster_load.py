"""Load on several web processes sharing games (PostgreSQL + Redis) beside one process alone.

    python benchmarks/cluster_load.py [--games 200] [--processes 3] [--workers 2]
                                      [--seconds 60] [--bot random] [--only cluster|single]
                                      [--bots queue|threads] [--spectators next|same]
                                      [--no-broker] [--pg URL] [--json] [--profile DIR]

Runs the same load twice on the machine's PostgreSQL (a fresh schema each run, dropped after):

- **single**: one ``empires serve`` process, no broker, bots in its own threads (today's default);
- **cluster**: ``--processes`` ``empires serve --broker ... --bots queue`` processes on one Redis
  channel and ``--workers`` ``empires bot-worker`` processes thinking for every bot.

Each game has one websocket player (seat 0, uniformly random legal actions) and bots in the
other seats, made and played as in ``benchmarks/server_load.py`` (whose client this reuses).
In the cluster run game ``i`` is created through process ``i % N`` (which owns it), its player
plays through that process and its spectator watches through the next one (which reads the game
once before the load starts, as the one process holds every game it made), so every move also
crosses the broker (``--spectators same``: through the player's process; ``--no-broker`` with
it: independent processes, what splitting the games alone costs). Reports actions per second
(every action stored: human and bot) and the latency of a human action (send to
acknowledgement: validated, stored by the game's owner, applied), p50/p99, for each run, and what each stored action cost all the server processes (and bot
workers) together during the load: **CPU ms per stored action** (user + system time of every
process, read from ``/proc``) and **SQL statements per stored action** (each process counts the
statements it sends: ``EMPIRES_COUNT_SQL``, :mod:`empires.server.sql_count`), the actions
counted in the database. ``--json`` prints ``{"single": {...}, "cluster": {...}}``, each with
``cpu_ms_per_action`` and ``sql_per_action``. All processes run on this one machine: the figures
show what the shared log costs and whether several processes add throughput on this machine's
cores, not what several machines would give.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid

sys.path.insert(0, os.path.dirname(__file__))
from server_load import (  # noqa: E402  (the client and server helpers of the one-process benchmark)
    GameRun,
    free_port,
    http_json,
    percentile,
    play,
    start_server,
    stop_server,
    watch,
)

PG_URL = os.environ.get("EMPIRES_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
BROKER = os.environ.get("EMPIRES_TEST_REDIS", "redis://127.0.0.1:6379/0")


class Schema:
    """A fresh PostgreSQL schema for one run (dropped on exit); ``url`` reaches it."""

    def __init__(self, pg: str) -> None:
        self.pg = pg
        self.name = f"load_{uuid.uuid4().hex[:10]}"
        self.url = f"{pg}{'&' if '?' in pg else '?'}options=-csearch_path%3D{self.name}"

    def _run(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.pg.replace("+psycopg", ""), autocommit=True) as conn:
            conn.execute(sql)

    def __enter__(self) -> Schema:
        self._run(f'CREATE SCHEMA "{self.name}"')
        return self

    def __exit__(self, *exc: object) -> None:
        self._run(f'DROP SCHEMA "{self.name}" CASCADE')

    def stored_actions(self) -> int:
        import psycopg

        with psycopg.connect(self.pg.replace("+psycopg", ""), autocommit=True) as conn:
            row = conn.execute(f'SELECT count(*) FROM "{self.name}".actions').fetchone()
        return int(row[0]) if row else 0


def cpu_seconds(pid: int, thread: int | None = None) -> float:
    """User + system CPU time of process ``pid`` so far (Linux's /proc); of its thread
    ``thread`` alone when given (its main thread, the event loop's: ``thread=pid``)."""
    path = f"/proc/{pid}/stat" if thread is None else f"/proc/{pid}/task/{thread}/stat"
    with open(path) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def sql_statements(pids: list[int], prefix: str) -> int:
    """The statements the processes ``pids`` sent so far (empires.server.sql_count: each
    writes its count to ``<prefix>.<pid>`` when sent SIGUSR1)."""
    for pid in pids:
        with contextlib.suppress(FileNotFoundError):
            os.remove(f"{prefix}.{pid}")
        os.kill(pid, signal.SIGUSR1)
    total = 0
    for pid in pids:
        path, deadline = f"{prefix}.{pid}", time.monotonic() + 10
        while not os.path.exists(path) and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.01)  # (written at once: a few bytes)
        with open(path) as f:
            total += int(f.read() or 0)
    return total


class Probe:
    """CPU time, SQL statements and stored actions of a run, read before and after its load."""

    def __init__(
        self, schema: Schema, procs: list[subprocess.Popen], prefix: str, web: int
    ) -> None:
        self.schema, self.pids, self.prefix = schema, [p.pid for p in procs], prefix
        self.web_pids = self.pids[:web]  # the web processes (the rest: bot workers)

    def read(self) -> tuple[float, float, int, int]:
        cpu = sum(cpu_seconds(pid) for pid in self.pids)
        loops = sum(cpu_seconds(pid, pid) for pid in self.pids)  # (the event loops' threads)
        return cpu, loops, sql_statements(self.pids, self.prefix), self.schema.stored_actions()


def start_worker(db: str, channel: str, log: str) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "empires.cli", "bot-worker", "--broker", BROKER, "--db", db]
    cmd += ["--broker-channel", channel]
    with open(log, "w") as out:
        return subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)


def wait_ready(proc: subprocess.Popen, log: str) -> None:
    deadline = time.monotonic() + 60
    while "bot worker ready" not in open(log).read():
        if proc.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"a bot worker did not start: {open(log).read()[-2000:]}")
        time.sleep(0.1)


def look(base: str, run: GameRun) -> None:
    """The spectator's view of ``run``'s game through ``base`` (the process loads the game)."""
    url = f"{base}/api/games/{run.id}"
    req = urllib.request.Request(url, headers={"Authorization": f"Bearer {run.spectator}"})
    with urllib.request.urlopen(req, timeout=30) as response:
        response.read()


def stop_worker(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()  # arq finishes the jobs under way
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


async def run_games(ports: list[int], args, probe: Probe) -> dict:
    """The load of ``server_load.run_load`` spread over ``ports``: game i made and played
    through ports[i % n], watched through ports[(i + 1) % n]."""
    seats = [{"kind": "human", "name": "load"}] + [
        {"kind": "bot", "bot": args.bot} for _ in range(args.players - 1)
    ]
    runs, where = [], []
    for i in range(args.games):
        port = ports[i % len(ports)]
        body = {"seats": seats, "seed": args.seed + i}
        game = await asyncio.to_thread(http_json, f"http://127.0.0.1:{port}/api/games", body)
        runs.append(GameRun(game, args.seed + i))
        watcher = port if args.spectators == "same" else ports[(i + 1) % len(ports)]
        where.append((port, watcher))
        if watcher != port:  # its spectator's process holds a copy before the load, as the
            # one process holds every game: a game read once is no cost of its moves
            await asyncio.to_thread(look, f"http://127.0.0.1:{watcher}", runs[-1])
    profile(probe.web_pids, args)  # (--profile: starts each web process's profiler)
    before = probe.read()
    start = time.perf_counter()
    deadline = time.monotonic() + args.seconds
    tasks = [
        play(f"ws://127.0.0.1:{p}", r, deadline) for r, (p, _) in zip(runs, where, strict=True)
    ]
    tasks += [
        watch(f"ws://127.0.0.1:{w}", r, deadline) for r, (_, w) in zip(runs, where, strict=True)
    ]
    results = await asyncio.gather(*tasks, return_exceptions=True)
    elapsed = time.perf_counter() - start
    cpu, loops, sql, stored = (b - a for a, b in zip(before, probe.read(), strict=True))
    profile(probe.web_pids, args)  # (... and writes what it saw)
    latencies = [x for r in runs for x in r.latencies]
    actions = sum(r.actions for r in runs)
    return {
        "games": args.games,
        "finished_games": sum(r.finished for r in runs),
        "seconds": elapsed,
        "actions": actions,
        "human_actions": len(latencies),
        "actions_per_second": actions / elapsed if elapsed else float("nan"),
        "p50_ms": 1000 * percentile(latencies, 0.50),
        "p99_ms": 1000 * percentile(latencies, 0.99),
        "errors": sum(r.errors for r in runs),
        "spectator_messages": sum(r.spectator_messages for r in runs),
        "client_failures": [repr(r) for r in results if isinstance(r, BaseException)][:5],
        "stored_actions": stored,
        "cpu_ms_per_action": 1000 * cpu / stored if stored else float("nan"),
        # of which the event loops' threads (the rest: database and bot worker threads)
        "loop_cpu_ms_per_action": 1000 * loops / stored if stored else float("nan"),
        "sql_per_action": sql / stored if stored else float("nan"),
    }


def profile(pids: list[int], args) -> None:
    """Start or stop (writing ``<dir>/<run>.<pid>.prof``) the web processes' profilers."""
    if args.profile:
        for pid in pids:
            os.kill(pid, signal.SIGUSR2)


def measure(args, cluster: bool) -> dict:
    """One run: the single process, or the cluster of ``args.processes`` and workers."""
    channel = f"load-{uuid.uuid4().hex[:10]}"
    with Schema(args.pg) as schema, tempfile.TemporaryDirectory() as tmp:
        n = args.processes if cluster else 1
        os.environ["EMPIRES_COUNT_SQL"] = os.path.join(tmp, "sql")  # every process counts
        if args.profile:  # (empires.server.cpu_profile: each web process on SIGUSR2)
            os.makedirs(args.profile, exist_ok=True)
            run = "cluster" if cluster else "single"
            os.environ["EMPIRES_PROFILE"] = os.path.join(os.path.abspath(args.profile), run)
        extra = ("--broker", BROKER, "--broker-channel", channel, "--bots", args.bots)
        servers, workers, ports = [], [], []
        try:
            for k in range(n):
                port = free_port()
                log = os.path.join(tmp, f"web{k}.log")
                servers.append(
                    start_server(
                        port, schema.url, log=log, extra=extra if cluster and args.broker else ()
                    )
                )
                ports.append(port)
            for k in range(args.workers if cluster and args.bots == "queue" else 0):  # (broker)
                workers.append(start_worker(schema.url, channel, os.path.join(tmp, f"w{k}.log")))
            for k in range(len(workers)):  # (ready: its statements are counted from now on)
                wait_ready(workers[k], os.path.join(tmp, f"w{k}.log"))
            probe = Probe(schema, servers + workers, os.path.join(tmp, "sql"), len(servers))
            report = asyncio.run(run_games(ports, args, probe))
        finally:
            for proc in servers:
                stop_server(proc)
            for proc in workers:
                stop_worker(proc)
            if cluster:
                forget_channel(channel)
    label = "1 process"
    if cluster:
        label = f"{n} processes, bots in " + (
            f"{args.workers} bot workers" if args.bots == "queue" else "their own threads"
        )
        if args.spectators == "same":
            label += ", spectators on their player's process"
        if not args.broker:
            label += ", no broker"
    return {"run": label, **report}


def forget_channel(channel: str) -> None:
    import redis

    r = redis.Redis.from_url(BROKER)
    keys = list(r.scan_iter(f"*{channel}*"))
    if keys:
        r.delete(*keys)
    r.close()


def print_report(report: dict) -> None:
    print(
        f"{report['run']}: {report['games']} games, {report['finished_games']} finished in "
        f"{report['seconds']:.1f} s; {report['actions']} actions, "
        f"{report['actions_per_second']:.0f} actions/s; human action p50 "
        f"{report['p50_ms']:.0f} ms, p99 {report['p99_ms']:.0f} ms "
        f"({report['human_actions']} actions); errors {report['errors']}"
    )
    print(
        f"  {report['stored_actions']} actions stored: "
        f"{report['cpu_ms_per_action']:.2f} CPU ms (event loops "
        f"{report['loop_cpu_ms_per_action']:.2f}) and "
        f"{report['sql_per_action']:.2f} SQL statements per stored action"
    )
    if report["client_failures"]:
        print(f"  client failures: {report['client_failures']}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    parser.add_argument("--processes", type=int, default=3, help="web processes (default 3)")
    parser.add_argument("--workers", type=int, default=2, help="bot workers (default 2)")
    parser.add_argument("--players", type=int, default=2, help="seats per game (default 2)")
    parser.add_argument("--bot", default="random", help="bot for the other seats (default random)")
    parser.add_argument("--seconds", type=float, default=60.0, help="time limit (default 60)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--bots",
        choices=["queue", "threads"],
        default="queue",
        help="cluster: bots in bot workers (default) or in the web processes' threads",
    )
    parser.add_argument("--only", choices=["single", "cluster"], help="run only one of the two")
    parser.add_argument(
        "--spectators",
        choices=["next", "same"],
        default="next",
        help="cluster: each game's spectator on the next process (default) or on its player's",
    )
    parser.add_argument(
        "--no-broker",
        dest="broker",
        action="store_false",
        help="cluster: independent processes, no broker (with --spectators same and --bots "
        "threads only: what splitting the games costs alone)",
    )
    parser.add_argument("--pg", default=PG_URL, help="PostgreSQL URL (a schema is made in it)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--profile",
        metavar="DIR",
        help="profile each web process's event loop during the load (cProfile; written to "
        "DIR/<single|cluster>.<pid>.prof, read with python -m pstats)",
    )
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 1000 or not 1 <= args.processes <= 8 or args.seconds <= 0:
        parser.error("--games 1..1000, --processes 1..8 and a positive --seconds")
    if not 1 <= args.workers <= 8 or not 2 <= args.players <= 6:
        parser.error("--workers 1..8, --players 2..6")
    if not args.broker and (args.spectators != "same" or args.bots != "threads"):
        parser.error("--no-broker needs --spectators same and --bots threads")
    reports = {}
    for cluster in (False, True):
        if args.only in (None, "cluster" if cluster else "single"):
            key = "cluster" if cluster else "single"
            reports[key] = measure(args, cluster)
            if not args.json:
                print_report(reports[key])
    if "single" in reports and "cluster" in reports and not args.json:
        single, cluster_run = reports["single"], reports["cluster"]
        print(
            f"cluster / single: {cluster_run['cpu_ms_per_action'] / single['cpu_ms_per_action']:.2f}x "
            f"CPU per stored action, {cluster_run['sql_per_action']:.2f} against "
            f"{single['sql_per_action']:.2f} SQL statements per stored action"
        )
    if args.json:
        print(json.dumps(reports))
    return 0


if __name__ == "__main__":
    sys.exit(main())
