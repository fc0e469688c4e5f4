"""Load on the web app: N concurrent games with bot seats and websocket clients, on loopback.

    python benchmarks/server_load.py [--games 50] [--players 2] [--bot random] [--seconds 60]
                                     [--spectators 1] [--lang en] [--db sqlite:///FILE] [--json] [--once]
                                     [--port PORT] [--src DIR]
                                     [--compare GIT-REF [--rounds N] [--base REF2]]

Starts ``empires serve`` in a subprocess on 127.0.0.1 (a free port, a fresh SQLite file unless
``--db`` is given, no bot delay, and per-client limits raised: every client here is one loopback
address), creates the games over HTTP, and opens per game one websocket
for the human seat (seat 0, which plays uniformly random legal actions) and ``--spectators``
read-only websockets (every socket asks for the words in ``--lang``); the other seats are
server-side bots. Each game finished makes way for a new one (the next seed), so
``--games`` games run at once for the whole ``--seconds`` (a steady load: runs of a few seconds,
with the load thinning out as the last games end, measured the machine's noise more than the
server); ``--once`` plays each game once instead, until all are over or ``--seconds`` pass.
Then the server is stopped.

``--port PORT`` uses a server already listening on 127.0.0.1:PORT instead (started by you with
the limits of ``LOAD_LIMITS``). ``--compare REF`` also measures the code of the git commit
``REF`` (checked out with ``git worktree add`` in a temporary directory, its server on another
free port, run after this checkout's under the same load) and prints the two runs side by side
with their ratio (actions per second, p99 latency). ``--rounds N`` alternates N runs of each
(this checkout, then ``REF``, and again) and also prints the ratio of the best round of each
and the median of the rounds' ratios (each round's pair ran close together: the machine's speed,
which moves by 15% from minute to minute here, cancels in a pair's ratio);
``--base REF2`` measures the code of commit ``REF2`` in place of this checkout's files;
``--src DIR`` the code of the ``src`` folder ``DIR`` (a compiled tree, say).

Reports actions per second (every action the server stored: human and bot), the latency of
a human action: from sending it on the websocket to its acknowledgement, which the server sends
only once the action is validated, stored and applied (p50, p90, p99, max), and (for a server
it started, on Linux) the server process's CPU time per stored action, which the machine's
other load disturbs far less than the two others.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

import orjson
from _support import worktree

try:
    import websockets
except ImportError:  # pragma: no cover
    sys.exit("server_load needs the 'websockets' package (installed with uvicorn[standard])")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http_json(url: str, body: dict | None = None) -> dict:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as response:
        return json.load(response)


# One client address plays every game here: its per-client limits must allow all of them.
LOAD_LIMITS = [
    "create_burst=100000",
    "games_per_client=100000",
    "client_rate=100000",
    "client_burst=100000",
    "connect_rate=100000",
    "connect_burst=100000",
    "message_rate=1000",
    "message_burst=1000",
]


def start_server(
    port: int,
    db: str,
    limits: list[str] = LOAD_LIMITS,
    log: str = os.devnull,
    src: str | None = None,
    extra: tuple[str, ...] = (),
) -> subprocess.Popen:
    """``empires serve`` on ``port``, its output going to the file ``log`` (never a pipe
    nobody reads: a server writing to a full pipe stops); ``src``: the ``src`` folder of the
    code to run (default: the installed package); ``extra``: more options of serve."""
    cmd = [
        sys.executable,
        "-m",
        "empires.cli",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--db",
        db,
        "--bot-delay",
        "0",
    ]
    for spec in limits:
        cmd += ["--limit", spec]
    cmd += list(extra)
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    with open(log, "w") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, text=True, env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            tail = open(log).read()[-2000:] if log != os.devnull else "(no log kept)"
            raise SystemExit(f"the server exited: {tail}")
        try:
            http_json(f"http://127.0.0.1:{port}/api/health")
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start within 30 s")


def stop_server(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


class GameRun:
    def __init__(self, game: dict, seed: int) -> None:
        self.id = game["id"]
        self.token = game["seats"][0]["token"]
        self.spectator = game["spectator"]["token"]
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.actions = 0
        self.finished = False
        self.errors = 0
        self.spectator_messages = 0


async def play(base_ws: str, run: GameRun, deadline: float, lang: str = "en") -> None:
    async with websockets.connect(f"{base_ws}/ws/games/{run.id}", max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "auth", "token": run.token, "lang": lang}))
        sent_at = None
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(
                    ws.recv(), timeout=max(0.1, deadline - time.monotonic())
                )
            except TimeoutError:
                break
            msg = orjson.loads(raw)  # the client must not be the bottleneck: it reads all
            kind = msg["type"]
            if kind == "ack":
                run.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            elif kind == "error":
                run.errors += 1
                sent_at = None
            elif kind == "state":
                run.actions = msg["game"]["actions"]
                if msg["observation"]["terminal"]:
                    run.finished = True
                    return
                if msg["legal"] and sent_at is None:
                    action = run.rng.choice(msg["legal"])["action"]
                    sent_at = time.perf_counter()
                    await ws.send(
                        json.dumps({"type": "action", "action": action, "expect": run.actions})
                    )


async def watch(base_ws: str, run: GameRun, deadline: float, lang: str = "en") -> None:
    async with websockets.connect(f"{base_ws}/ws/games/{run.id}", max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "auth", "token": run.spectator, "lang": lang}))
        while time.monotonic() < deadline and not run.finished:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                continue
            run.spectator_messages += 1
            if '"terminal":true' in raw:
                return


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


async def run_load(port: int, args) -> dict:
    base = f"http://127.0.0.1:{port}"
    base_ws = f"ws://127.0.0.1:{port}"
    seats = [{"kind": "human", "name": "load"}] + [
        {"kind": "bot", "bot": args.bot} for _ in range(args.players - 1)
    ]
    seeds = itertools.count(args.seed)

    async def new_run() -> GameRun:
        seed = next(seeds)
        game = await asyncio.to_thread(
            http_json, f"{base}/api/games", {"seats": seats, "seed": seed}
        )
        return GameRun(game, seed)

    async def game_slot(run: GameRun) -> None:
        """Play ``run`` (its player and spectators); unless ``--once``, then a new game in its
        place, and so on until the deadline: ``--games`` games at once the whole time."""
        while True:
            watchers = [watch(base_ws, run, deadline, args.lang) for _ in range(args.spectators)]
            await asyncio.gather(play(base_ws, run, deadline, args.lang), *watchers)
            if args.once or not run.finished or time.monotonic() >= deadline:
                return
            run = await new_run()
            runs.append(run)

    runs = [await new_run() for _ in range(args.games)]
    start = time.perf_counter()
    deadline = time.monotonic() + args.seconds
    results = await asyncio.gather(*(game_slot(r) for r in list(runs)), return_exceptions=True)
    elapsed = time.perf_counter() - start
    failures = [repr(r) for r in results if isinstance(r, BaseException)]
    latencies = [x for r in runs for x in r.latencies]
    actions = sum(r.actions for r in runs)
    return {
        "games": args.games,
        "games_played": len(runs),
        "players": args.players,
        "bot": args.bot,
        "spectators_per_game": args.spectators,
        "lang": args.lang,
        "finished_games": sum(r.finished for r in runs),
        "seconds": elapsed,
        "actions": actions,
        "human_actions": len(latencies),
        "actions_per_second": actions / elapsed if elapsed else float("nan"),
        "latency_ms": {
            "p50": 1000 * percentile(latencies, 0.50),
            "p90": 1000 * percentile(latencies, 0.90),
            "p99": 1000 * percentile(latencies, 0.99),
            "max": 1000 * max(latencies) if latencies else float("nan"),
            "mean": 1000 * statistics.fmean(latencies) if latencies else float("nan"),
        },
        "errors": sum(r.errors for r in runs),
        "spectator_messages": sum(r.spectator_messages for r in runs),
        "client_failures": failures[:5],
        "db": args.db_label,
    }


def measure(args, port: int | None = None, src: str | None = None) -> dict:
    """One load run: against the server on ``port``, or a fresh one of the code in ``src``."""
    if port is not None:
        args.db_label = "the running server's"
        return asyncio.run(run_load(port, args))
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{os.path.join(tmp, 'load.db')}"
        args.db_label = "postgresql" if db.startswith("postgres") else "sqlite"
        port = free_port()
        server = start_server(port, db, src=src)
        try:
            cpu = cpu_seconds(server.pid)
            report = asyncio.run(run_load(port, args))
            used = cpu_seconds(server.pid)
        finally:
            stop_server(server)
    if cpu is not None and used is not None and report["actions"]:
        report["server_cpu_s"] = used - cpu
        report["server_cpu_ms_per_action"] = 1000 * (used - cpu) / report["actions"]
    return report


def cpu_seconds(pid: int) -> float | None:
    """The CPU time (user + system, every thread) process ``pid`` has used so far, from Linux's
    /proc; None elsewhere. Other load on the machine disturbs it far less than actions/s."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def measure_both(args, ref: str) -> tuple[list[dict], list[dict]]:
    """:func:`measure` for this checkout (or the commit ``args.base``) and for the code of git
    commit ``ref`` (temporary worktrees), ``args.rounds`` times each, alternately (this checkout
    first): the machine's other load changes from minute to minute, so each round pairs two
    runs made close together."""
    now: list[dict] = []
    before: list[dict] = []
    with worktree(args.base) as checkout, worktree(ref) as theirs:
        mine = args.src or checkout
        for _ in range(args.rounds):
            now.append(measure(args, src=mine))
            before.append(measure(args, src=theirs))
    return now, before


def best(reports: list[dict]) -> dict:
    """The round with the most actions per second (the one the machine's other load disturbed
    least)."""
    return max(reports, key=lambda r: r["actions_per_second"])


def print_report(report: dict, label: str = "") -> None:
    lat = report["latency_ms"]
    print(
        f"{label}{report['games']} games x {report['players']} players ({report['bot']} bots, "
        f"{report['spectators_per_game']} spectator socket(s) each, {report['db']}, "
        f"words in {report.get('lang', 'en')}): "
        f"{report.get('games_played', report['games'])} played, {report['finished_games']} "
        f"finished in {report['seconds']:.1f} s"
    )
    print(f"  {report['actions']} actions stored, {report['actions_per_second']:.0f} actions/s")
    print(
        f"  human action latency (send -> ack, {report['human_actions']} actions): "
        f"p50 {lat['p50']:.1f} ms, p90 {lat['p90']:.1f} ms, p99 {lat['p99']:.1f} ms, "
        f"max {lat['max']:.1f} ms"
    )
    if "server_cpu_ms_per_action" in report:
        print(
            f"  server CPU time: {report['server_cpu_s']:.1f} s, "
            f"{report['server_cpu_ms_per_action']:.2f} ms per action"
        )
    if report["errors"] or report["client_failures"]:
        print(f"  errors: {report['errors']}, client failures: {report['client_failures']}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="concurrent games (default 50)")
    parser.add_argument(
        "--players",
        type=int,
        default=2,
        help="seats per game (default 2: one websocket player and one bot)",
    )
    parser.add_argument("--bot", default="random", help="bot for the other seats (default random)")
    parser.add_argument("--spectators", type=int, default=1, help="spectator sockets per game")
    parser.add_argument(
        "--lang", default="en", help="the language every socket asks for (en, es, it, pt)"
    )
    parser.add_argument(
        "--seconds", type=float, default=60.0, help="how long the load lasts (default 60)"
    )
    parser.add_argument(
        "--once",
        action="store_true",
        help="play each of the --games games once (the load thins out as they finish) instead "
        "of starting a new game in the place of each one finished until --seconds pass",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--port", type=int, help="use the server already on 127.0.0.1:PORT")
    parser.add_argument("--compare", metavar="REF", help="also measure git commit REF")
    parser.add_argument(
        "--rounds", type=int, default=1, help="with --compare: alternate runs, N each (best counts)"
    )
    parser.add_argument(
        "--base",
        metavar="REF",
        help="with --compare: git commit REF in place of this checkout (whose files other "
        "work may be changing)",
    )
    parser.add_argument(
        "--src",
        metavar="DIR",
        help="the src folder of another tree to run in place of this checkout, e.g. a compiled "
        "one (python benchmarks/compiled.py --build-only --dir DIR; then --src DIR/src)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.src and (args.base or args.port is not None):
        parser.error("--src runs a tree of your own: leave out --base and --port")
    if not 1 <= args.games <= 1000 or not 2 <= args.players <= 6 or args.seconds <= 0:
        parser.error("--games 1..1000, --players 2..6 and a positive --seconds")
    if args.port is not None and args.compare:
        parser.error("--compare starts its own servers: leave out --port")
    if not 1 <= args.rounds <= 20:
        parser.error("--rounds 1..20")
    if args.base and not args.compare:
        parser.error("--base goes with --compare")
    if not args.compare:
        report = measure(args, port=args.port, src=args.src)
        if args.json:
            print(json.dumps(report))
        else:
            print_report(report)
        return 0
    now, before = measure_both(args, args.compare)
    if args.json:
        print(json.dumps({"now": now, args.compare: before}))
        return 0
    mine = args.base or args.src or "this checkout"
    for k, (a, b) in enumerate(zip(now, before, strict=True), 1):
        label = f"round {k}, " if args.rounds > 1 else ""
        print_report(a, f"{label}{mine}: ")
        print_report(b, f"{label}{args.compare}: ")
        print_ratio(a, b, args.compare, f"{label}ratio", mine)
    if args.rounds > 1:
        print_ratio(best(now), best(before), args.compare, "best round of each, ratio", mine)
        print_median_ratios(now, before, args.compare, mine)
    return 0


def print_median_ratios(now: list[dict], before: list[dict], ref: str, mine: str) -> None:
    """The median over the rounds of each round's ratio (actions/s, p99, CPU per action)."""
    pairs = list(zip(now, before, strict=True))
    speed = statistics.median(a["actions_per_second"] / b["actions_per_second"] for a, b in pairs)
    p99 = statistics.median(b["latency_ms"]["p99"] / a["latency_ms"]["p99"] for a, b in pairs)
    cpu = ""
    key = "server_cpu_ms_per_action"
    if all(key in a and key in b for a, b in pairs):
        cpu = f", server CPU per action {statistics.median(b[key] / a[key] for a, b in pairs):.2f}x less"
    print(
        f"median of the {len(pairs)} rounds' ratios ({mine} / {ref}): {speed:.2f}x actions/s, "
        f"p99 latency {p99:.2f}x lower{cpu}"
    )


def print_ratio(now: dict, before: dict, ref: str, label: str, mine: str = "this checkout") -> None:
    speed = now["actions_per_second"] / before["actions_per_second"]
    p99 = before["latency_ms"]["p99"] / now["latency_ms"]["p99"]
    cpu = ""
    if "server_cpu_ms_per_action" in now and "server_cpu_ms_per_action" in before:
        a, b = now["server_cpu_ms_per_action"], before["server_cpu_ms_per_action"]
        cpu = f", server CPU per action {b / a:.2f}x less ({a:.2f} / {b:.2f} ms)"
    print(
        f"{label} ({mine} / {ref}): {speed:.2f}x actions/s "
        f"({now['actions_per_second']:.0f} / {before['actions_per_second']:.0f}), "
        f"p99 latency {p99:.2f}x lower "
        f"({now['latency_ms']['p99']:.0f} / {before['latency_ms']['p99']:.0f} ms){cpu}"
    )


if __name__ == "__main__":
    sys.exit(main())
