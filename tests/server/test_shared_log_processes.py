"""Several real ``empires serve --broker`` processes on loopback ports, one PostgreSQL schema and
one Redis channel (issue #18): players of one game connected to different processes see every
move in order; kill -9 of a process loses no acknowledged action and its players go on through
another; the same move sent through two processes at once is applied exactly once.

Every process this suite starts is killed and reaped by its fixture, whatever happens."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid

import pytest

from tests.parts import REDIS_URL, require
from tests.server.test_server_serve import _free_port

websockets_sync = pytest.importorskip("websockets.sync.client")


class Cluster:
    """``n`` server processes sharing one schema and one channel."""

    def __init__(self, tmp_path, db: str) -> None:
        self.tmp_path = tmp_path
        self.db = db
        self.channel = f"test-{uuid.uuid4().hex[:12]}"
        self.procs: list[subprocess.Popen] = []
        self.bases: list[str] = []

    def start(self, n: int) -> list[str]:
        started = [self._spawn(len(self.procs) + i) for i in range(n)]
        for proc, base, log in started:
            self._wait_ready(proc, base, log)
        return [base for _, base, _ in started]

    def _spawn(self, i: int):
        port = _free_port()
        log = self.tmp_path / f"server{i}.log"
        with open(log, "w") as out:
            proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "empires.cli",
                    "serve",
                    "--port",
                    str(port),
                    "--db",
                    self.db,
                    "--broker",
                    REDIS_URL,
                    "--broker-channel",
                    self.channel,
                    "--bot-delay",
                    "0",
                    "--log-level",
                    "warning",
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        base = f"http://127.0.0.1:{port}"
        self.procs.append(proc)
        self.bases.append(base)
        return proc, base, log

    @staticmethod
    def _wait_ready(proc, base, log) -> None:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/health", timeout=2):
                    return
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(f"a server did not start: {log.read_text()}") from None
                time.sleep(0.1)

    def kill9(self, base: str) -> None:
        proc = self.procs[self.bases.index(base)]
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT)
        for proc in self.procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@pytest.fixture
def cluster(tmp_path, pg_url):
    require("redis")  # the machine's Redis (EMPIRES_TEST_REDIS)
    c = Cluster(tmp_path, pg_url)
    try:
        yield c
    finally:
        c.stop()


def http(base: str, path: str, body: dict | None = None, token: str | None = None):
    """(status, JSON answer) of a request to ``base``."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"{base}{path}", headers=headers, data=data)
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as err:
        return err.code, json.load(err)


def new_game(base: str, game: str = "settlers") -> tuple[str, list[str], str]:
    status, g = http(
        base, "/api/games", {"game": game, "seed": 5, "seats": [{"kind": "human"}] * 2}
    )
    assert status == 201, g
    return g["id"], [s["token"] for s in g["seats"]], g["spectator"]["token"]


def view(base: str, gid: str, token: str) -> dict:
    status, v = http(base, f"/api/games/{gid}", token=token)
    assert status == 200, v
    return v


class Watcher:
    """A websocket to one process; collects the log entries its pushes carry."""

    def __init__(self, base: str, gid: str, token: str) -> None:
        self.ws = websockets_sync.connect(f"ws{base[4:]}/ws/games/{gid}", open_timeout=10)
        self.ws.__enter__()  # closed by close()
        self.ws.send(json.dumps({"type": "auth", "token": token}))
        self.log: list[dict] = []
        self.acks: list[dict] = []

    def read_until(self, pred, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while not pred(self):
            left = deadline - time.monotonic()
            assert left > 0, f"no push came: {len(self.log)} log entries seen"
            m = json.loads(self.ws.recv(timeout=left))
            if m["type"] == "state":
                self.log[m["log_from"] :] = m["log"]
            elif m["type"] in ("ack", "error"):
                self.acks.append(m)

    def close(self) -> None:
        self.ws.close()


def test_players_on_different_processes_see_every_move_in_order(cluster):
    bases = cluster.start(3)
    gid, tokens, spectator = new_game(bases[0])
    players = [Watcher(bases[1], gid, tokens[0]), Watcher(bases[2], gid, tokens[1])]
    watch = Watcher(bases[0], gid, spectator)
    try:
        moves = 14
        for n in range(moves):
            v = view(bases[n % 3], gid, tokens[0])  # any process answers the same
            seat = v["waiting_for"]
            mine = view(bases[n % 3], gid, tokens[seat])
            assert len(mine["log"]) == n
            action = mine["legal"][0]["action"]
            players[seat].ws.send(
                json.dumps({"type": "action", "action": action, "expect": n, "id": n})
            )
            players[seat].read_until(lambda w, n=n: any(a.get("id") == n for a in w.acks))
            assert players[seat].acks[-1]["type"] == "ack", players[seat].acks[-1]
            for w in (*players, watch):
                w.read_until(lambda w, n=n: len(w.log) == n + 1)
        for w in (*players, watch):
            assert [e["index"] for e in w.log] == list(range(moves))
            assert [e["seat"] for e in w.log] == [e["seat"] for e in watch.log]
    finally:
        for w in (*players, watch):
            w.close()


def play_acked(base: str, gid: str, tokens: list[str], acked: list, stop: threading.Event):
    """Play first legal moves through ``base`` until stopped or it dies; note each ack."""
    while not stop.is_set():
        try:
            v = view(base, gid, tokens[0])
            seat = v["waiting_for"]
            if seat is None:
                return
            mine = view(base, gid, tokens[seat])
            action, expect = mine["legal"][0]["action"], mine["game"]["moves"]
            status, entry = http(
                base,
                f"/api/games/{gid}/actions",
                {"action": action, "expect": expect},
                tokens[seat],
            )
        except (OSError, AssertionError):  # the process is gone
            return
        if status == 200:
            acked.append((entry["accepted"]["index"], seat, action))


def test_kill_9_loses_no_acknowledged_action_and_its_players_go_on_elsewhere(cluster):
    first, second = cluster.start(2)
    gid, tokens, spectator = new_game(first)
    watcher = Watcher(first, gid, spectator)
    acked: list = []
    stop = threading.Event()
    player = threading.Thread(target=play_acked, args=(first, gid, tokens, acked, stop))
    player.start()
    try:
        watcher.read_until(lambda w: len(w.log) >= 6)
        cluster.kill9(first)  # mid-game, with moves in flight
    finally:
        stop.set()
        player.join(timeout=30)
        watcher.ws.close()
    assert len(acked) >= 6
    # the players come back through the other process: every acknowledged move is there
    v = view(second, gid, spectator)
    stored = [(e["index"], e["seat"]) for e in v["log"]]
    assert [(i, s) for i, s, _ in acked] == stored[: len(acked)]
    assert len(stored) <= len(acked) + 1  # at most the one move in flight when it died
    again = Watcher(second, gid, tokens[0])
    try:
        again.read_until(lambda w: len(w.log) == len(stored))
        assert [e["index"] for e in again.log] == list(range(len(stored)))
    finally:
        again.close()
    seat = v["waiting_for"]
    mine = view(second, gid, tokens[seat])
    status, entry = http(
        second,
        f"/api/games/{gid}/actions",
        {"action": mine["legal"][0]["action"], "expect": mine["game"]["moves"]},
        tokens[seat],
    )
    assert status == 200 and entry["accepted"]["index"] == len(stored)


def test_the_same_move_through_two_processes_at_once_is_applied_exactly_once(cluster):
    bases = cluster.start(2)
    gid, tokens, _ = new_game(bases[0])
    rounds = 8
    for r in range(rounds):
        v = view(bases[r % 2], gid, tokens[0])
        seat = v["waiting_for"]
        mine = view(bases[r % 2], gid, tokens[seat])
        body = {"action": mine["legal"][0]["action"], "expect": mine["game"]["moves"]}
        gate = threading.Barrier(2)
        answers: list = [None, None]

        def send(i: int, body=body, seat=seat, gate=gate, answers=answers) -> None:
            gate.wait()
            answers[i] = http(bases[i], f"/api/games/{gid}/actions", body, tokens[seat])

        threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert [a[0] for a in answers] == [200, 200], answers
        assert sorted(a[1]["duplicate"] for a in answers) == [False, True]
        assert answers[0][1]["accepted"]["index"] == answers[1][1]["accepted"]["index"] == r
    for base in bases:
        assert len(view(base, gid, tokens[0])["log"]) == rounds
