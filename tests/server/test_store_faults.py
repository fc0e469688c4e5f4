"""A PostgreSQL restart is a short pause: players see a retry, nothing is lost (issue #29).

A PostgreSQL server of the test's own (``initdb`` into a temporary directory with trust auth,
``pg_ctl`` on a free port: the machine's shared PostgreSQL is never touched) and a real
``empires serve`` process against it. Players (HTTP, one thread each) move against random bots
in several games without pause; PostgreSQL is stopped (``pg_ctl stop -m fast``: every
connection of the server is cut), left away while the players keep asking, and started again.
The test checks that

- every answer the server gave was 200, or 503 ``storage_error`` with a sentence saying to try
  again (never a 500, never a traceback, never a request left hanging), and the outage was seen;
- after the restart every game moves again: a player's next move is accepted and its bot
  answers it;
- each acknowledged action is stored exactly once, at the index it was acknowledged with, and
  the store holds exactly what the server shows (nothing applied in memory that was not
  stored, nothing stored that the players cannot see).

Without ``initdb``/``pg_ctl`` (on the PATH, or Debian's ``/usr/lib/postgresql/*/bin``) the test
is skipped with one line (CI=true: it fails). Run as root, the private server runs as the
``postgres`` user (``initdb`` refuses root).
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import httpx
import pytest

from tests.parts import REDIS_URL, absent, require
from tests.server.server_helpers import auth
from tests.server.test_bot_queue import free_port

GAMES = 3  # each a human player (an HTTP thread) against a bot
SLOW_BOT = "ismcts:40:gap=none:stop=none"  # the first game's bot: about a second a move
OUTAGE = 2.0  # seconds PostgreSQL stays away at least (the players keep asking meanwhile)
REQUEST_TIMEOUT = 15.0  # an answer slower than this is a hang
# Seconds a player waits after each accepted move: at full speed a game against a random bot
# can end before PostgreSQL stops, and then no move is left to refuse.
PACE = 0.25
RETRYABLE = {"storage_error", "busy"}  # the 503s a player may see (busy: a lease hand-over)


def pg_binary(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    debian = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return debian[-1] if debian else None


class PrivatePostgres:
    """A PostgreSQL server of this test alone, in a temporary directory, on a free port."""

    def __init__(self) -> None:
        require("psycopg")
        initdb, pg_ctl = pg_binary("initdb"), pg_binary("pg_ctl")
        if initdb is None or pg_ctl is None:
            absent(
                "initdb/pg_ctl not found (the store fault test starts its own PostgreSQL): "
                "apt-get install postgresql"
            )
        self.initdb, self.pg_ctl = initdb, pg_ctl
        self.as_user: list[str] = []
        self.dir = Path(tempfile.mkdtemp(prefix="empires-pg-"))
        if os.geteuid() == 0:  # initdb refuses root: the server runs as postgres
            runuser = shutil.which("runuser")
            if runuser is None or not _user_exists("postgres"):
                shutil.rmtree(self.dir)
                absent("run as root without a postgres user and runuser: cannot start PostgreSQL")
            self.as_user = [runuser, "-u", "postgres", "--"]
            shutil.chown(self.dir, "postgres")
        self.data = self.dir / "data"
        self.log = self.dir / "postgres.log"
        self.port = free_port()
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/empires"

    def _run(self, *args: str, timeout: float = 60) -> None:
        done = subprocess.run(
            [*self.as_user, *args], capture_output=True, text=True, timeout=timeout
        )
        assert done.returncode == 0, f"{args[:2]} failed: {done.stdout}{done.stderr}"

    def init(self) -> None:
        self._run(self.initdb, "-D", str(self.data), "-A", "trust", "-U", "postgres", "-N")
        self.start()
        import psycopg

        plain = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        with psycopg.connect(plain, autocommit=True) as conn:
            conn.execute("CREATE DATABASE empires")

    def start(self) -> None:
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1"
        self._run(
            self.pg_ctl, "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "start"
        )
        self._run(self.pg_ctl, "-D", str(self.data), "status")

    def stop(self) -> None:
        self._run(self.pg_ctl, "-D", str(self.data), "stop", "-m", "fast", "-w")

    def close(self) -> None:
        if (self.data / "postmaster.pid").exists():
            subprocess.run(
                [*self.as_user, self.pg_ctl, "-D", str(self.data), "stop", "-m", "immediate"],
                capture_output=True,
                timeout=60,
            )
        shutil.rmtree(self.dir, ignore_errors=True)

    def rows(self, sql: str, **params) -> list[tuple]:
        from sqlalchemy import create_engine, text

        engine = create_engine(self.url)
        try:
            with engine.connect() as conn:
                return [tuple(r) for r in conn.execute(text(sql), params)]
        finally:
            engine.dispose()


def _user_exists(name: str) -> bool:
    import pwd

    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


class Server:
    """An ``empires serve`` process against the private PostgreSQL (``broker``: the options
    that make it one of several sharing the games)."""

    def __init__(self, tmp_path: Path, db: str, broker: list[str]) -> None:
        port = free_port()
        self.base = f"http://127.0.0.1:{port}"
        self.log = tmp_path / f"server{port}.log"
        with open(self.log, "w") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "empires.cli", "serve", "--port", str(port)]
                + ["--db", db, "--bot-delay", "0", "--log-level", "warning", *broker],
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{self.base}/api/health", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            assert self.proc.poll() is None, self.log.read_text()[-3000:]
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


class Player:
    """A human seat playing its first legal move whenever it is to move, in a thread, until
    told to stop; every answer it gets is kept."""

    def __init__(self, base: str, gid: str, token: str, stop: threading.Event) -> None:
        self.base, self.gid, self.token, self.stop = base, gid, token, stop
        self.client = httpx.Client(base_url=base, timeout=REQUEST_TIMEOUT)
        self.acked: list[tuple[int, str]] = []  # (index, action) of each acknowledged move
        self.answers: list[tuple[str, int, dict, float]] = []  # (what, status, body, seconds)
        self.failure: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def ask(self, what: str, method: str, path: str, **kw) -> tuple[int, dict]:
        started = time.monotonic()
        r = self.client.request(method, path, headers=auth(self.token), **kw)
        body = r.json()  # a traceback page would not be JSON
        self.answers.append((what, r.status_code, body, time.monotonic() - started))
        if r.status_code in (429, 503):  # wait as told (or a moment)
            time.sleep(min(float(r.headers.get("retry-after", 0.2)), 1.0))
        return r.status_code, body

    def step(self) -> None:
        status, v = self.ask("view", "GET", f"/api/games/{self.gid}")
        if status != 200 or not v["legal"] or v["observation"]["terminal"]:
            time.sleep(0.1)  # (a player polling faster is told to slow down: 429)
            return
        action = v["legal"][0]["action"]
        body = {"action": action, "expect": v["game"]["moves"]}
        status, answer = self.ask("move", "POST", f"/api/games/{self.gid}/actions", json=body)
        if status == 200:
            self.acked.append((answer["accepted"]["index"], answer["accepted"]["action"]))
            time.sleep(PACE)  # (a person's pace: a game against a quick bot lasts past the outage)

    def _run(self) -> None:
        try:
            while not self.stop.is_set():
                self.step()
        except BaseException as exc:  # reported by the test
            self.failure = exc

    def join(self) -> None:
        self.thread.join(timeout=REQUEST_TIMEOUT * 2)
        assert not self.thread.is_alive(), f"game {self.gid}: a request hung"
        self.client.close()
        assert self.failure is None, repr(self.failure)


@pytest.fixture
def private_pg():
    pg = PrivatePostgres()
    try:
        pg.init()
        yield pg
    finally:
        pg.close()


def new_game(base: str, seed: int, bot: str) -> tuple[str, str]:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": bot}]
    r = httpx.post(f"{base}/api/games", json={"seats": seats, "seed": seed}, timeout=30)
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["seats"][0]["token"]


def wait_until(pred, what: str, within: float = 30.0) -> None:
    deadline = time.monotonic() + within
    while not pred():
        assert time.monotonic() < deadline, f"{what} did not happen within {within} s"
        time.sleep(0.05)


def moves_again(player: Player) -> None:
    """After the restart: the player's next move is accepted and the bot moves after it (the
    player plays on while it is to move)."""
    player.client = httpx.Client(base_url=player.client.base_url, timeout=REQUEST_TIMEOUT)
    before = len(player.acked)
    last: dict = {}

    def bot_moved() -> bool:
        player.step()
        status, v = player.ask("view", "GET", f"/api/games/{player.gid}")
        if status != 200:
            return False
        last.update(v)
        if len(player.acked) == before:
            return False
        index = player.acked[before][0]
        return v["observation"]["terminal"] or any(
            e["index"] > index and e["seat"] == 1 for e in v["log"]
        )

    try:
        wait_until(bot_moved, f"a move and the bot's answer in {player.gid}")
    except AssertionError as exc:
        game = {k: last.get(k) for k in ("waiting_for", "game")}
        raise AssertionError(f"{exc}; last view: {game}, log {len(last.get('log', []))}") from None
    player.client.close()


def outage(pg: PrivatePostgres, players: list[Player], stop: threading.Event) -> None:
    """Stop PostgreSQL while the players play, until a move was refused and at least
    ``OUTAGE`` s passed; start it again and wait until every player's moves are accepted."""
    # under way: every player has had moves acknowledged (and the bots answered them)
    wait_until(lambda: all(len(p.acked) >= 3 for p in players), "the first moves")
    thinking, token = players[0].gid, players[0].token
    wait_until(  # stopped while the slow bot thinks: its move cannot be stored
        lambda: (
            httpx.get(f"{players[0].base}/api/games/{thinking}", headers=auth(token)).json()[
                "waiting_for"
            ]
            == 1
        ),
        "the slow bot's turn",
    )
    pg.stop()
    down = time.monotonic()
    marks = [len(p.answers) for p in players]
    wait_until(  # the players keep asking while PostgreSQL is away: refused with 503
        lambda: any(
            status == 503
            for p, m in zip(players, marks, strict=True)
            for _, status, _, _ in p.answers[m:]
        ),
        "a 503 while PostgreSQL was away",
    )
    time.sleep(max(0.0, OUTAGE - (time.monotonic() - down)))  # the outage itself
    pg.start()
    back = [len(p.acked) for p in players]
    wait_until(
        lambda: all(len(p.acked) > n for p, n in zip(players, back, strict=True)),
        "every player's moves accepted again",
    )
    stop.set()
    for p in players:
        p.join()


@pytest.mark.parametrize("processes", [1, 2], ids=["one-process", "two-processes-broker"])
def test_a_postgresql_restart_is_a_retry_and_loses_nothing(tmp_path, private_pg, processes):
    broker: list[str] = []
    if processes > 1:  # the machine's Redis tells the processes of each other's changes
        require("redis")
        broker = ["--broker", REDIS_URL, "--broker-channel", f"test-{uuid.uuid4().hex[:12]}"]
    servers: list[Server] = []
    try:
        servers += [Server(tmp_path, private_pg.url, broker) for _ in range(processes)]
        # created on the first process; with two, every other game is played (and so owned)
        # through the second
        bots = [SLOW_BOT] + ["random"] * (GAMES - 1)
        games = [new_game(servers[0].base, 21 + k, bot) for k, bot in enumerate(bots)]
        stop = threading.Event()
        players = [
            Player(servers[k % processes].base, gid, token, stop)
            for k, (gid, token) in enumerate(games)
        ]
        outage(private_pg, players, stop)
        for p in players:  # and once more, one by one: the player moves, the bot answers
            moves_again(p)
        for server in servers:
            assert server.proc.poll() is None, server.log.read_text()[-3000:]
        views = {}
        for p in players:
            r = httpx.get(f"{p.base}/api/games/{p.gid}", headers=auth(p.token), timeout=30)
            assert r.status_code == 200, r.text
            views[p.gid] = r.json()
    finally:
        for server in servers:
            server.close()
    refused = [a for p in players for a in p.answers if a[1] != 200]
    print(
        f"{sum(len(p.acked) for p in players)} moves acknowledged, "
        f"{sum(len(p.answers) for p in players)} answers, {len(refused)} refused: "
        f"{sorted({(what, s, b.get('error')) for what, s, b, _ in refused})}, the slowest "
        f"{max(t for *_, t in refused):.3f} s"
    )
    # the slow bot's move made while PostgreSQL was away failed to store, and was made again
    logs = "".join(server.log.read_text() for server in servers)
    slow = players[0].gid
    failed = {int(i) for i in re.findall(rf"cannot store action (\d+) of game {slow}", logs)}
    bot_moves = private_pg.rows(
        'SELECT "index" FROM actions WHERE game_id = :g AND seat = 1', g=slow
    )
    assert failed & {r[0] for r in bot_moves}, (failed, logs[-3000:])
    for what, status, body, seconds in (a for p in players for a in p.answers):
        assert status in (200, 429, 503), (what, status, body)  # no 500, no other refusal
        assert seconds < REQUEST_TIMEOUT, (what, status, seconds)
        if status == 503:
            assert body["error"] in RETRYABLE and "try again" in body["detail"], body
            assert "Traceback" not in str(body)
    assert any(a[1] == 503 and a[0] == "move" for p in players for a in p.answers)
    for p in players:
        stored = private_pg.rows(
            'SELECT "index", seat, action FROM actions WHERE game_id = :g ORDER BY "index"',
            g=p.gid,
        )
        assert [r[0] for r in stored] == list(range(len(stored)))  # no gap, no repeat
        indexes = [i for i, _ in p.acked]
        assert len(set(indexes)) == len(indexes)  # each acknowledged once
        for index, action in p.acked:  # each acknowledged move stored, where acknowledged
            assert stored[index] == (index, 0, action), (p.gid, index)
        # memory and store agree (a player reads the raw action of its own seat's moves only)
        shown = [(e["index"], e["seat"], e.get("action")) for e in views[p.gid]["log"]]
        assert shown == [(i, s, a if s == 0 else None) for i, s, a in stored], p.gid
        status = private_pg.rows("SELECT status FROM games WHERE id = :g", g=p.gid)
        assert status == [("finished" if views[p.gid]["observation"]["terminal"] else "active",)]
