"""``empires serve`` as a user runs it, and the group commit of actions."""

from __future__ import annotations

import asyncio
import hashlib
import json
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

from sqlalchemy import create_engine, text

from empires.cli import build_parser
from empires.server.db import Store
from empires.server.manager import GameManager


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_arguments():
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.db) == ("127.0.0.1", 8000, "sqlite:///empires.db")
    args = build_parser().parse_args(
        [
            "serve",
            "--port",
            "9",
            "--db",
            "postgresql://u@h/d",
            "--host",
            "0.0.0.0",
            "--bot-delay",
            "0",
        ]
    )
    assert (args.host, args.port, args.db, args.bot_delay) == (
        "0.0.0.0",
        9,
        "postgresql://u@h/d",
        0,
    )
    assert (args.expire_after, args.keep_finished, args.cards, args.limit) == (
        "24h",
        "7d",
        None,
        None,
    )
    args = build_parser().parse_args(
        [
            "serve",
            "--cards",
            "a=x.json",
            "--cards",
            "b=y.json",
            "--expire-after",
            "2h",
            "--limit",
            "create_burst=5",
        ]
    )
    assert args.cards == ["a=x.json", "b=y.json"] and args.expire_after == "2h"
    assert args.limit == ["create_burst=5"]


def test_serve_refuses_bad_operator_options_with_a_clear_error(tmp_path, capsys):
    from empires.cli import main

    for argv, words in (
        (["--cards", f"house={tmp_path / 'none.json'}"], "house"),
        (["--expire-after", "soon"], "duration"),
        (["--limit", "nope=1"], "--limit"),
    ):
        assert main(["serve", "--db", f"sqlite:///{tmp_path / 'x.db'}", *argv]) == 2
        assert words in capsys.readouterr().err


def test_empires_serve_runs_and_stops(tmp_path):
    port = _free_port()
    db = tmp_path / "served.db"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "empires.cli",
            "serve",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{db}",
            "--bot-delay",
            "0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/health", timeout=2) as r:
                    assert json.load(r)["ok"] is True
                break
            except OSError:
                assert proc.poll() is None, proc.stderr.read()
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        req = urllib.request.Request(
            f"{base}/api/games",
            data=json.dumps({"seats": [{"kind": "bot", "bot": "random"}] * 2, "seed": 1}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=10) as r:
            assert r.status == 201
        with urllib.request.urlopen(f"{base}/", timeout=5) as r:
            assert b"New game" in r.read()
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0, err
    assert f"http://127.0.0.1:{port}/" in out
    engine = create_engine(f"sqlite:///{db}")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM games")).scalar() == 1
    engine.dispose()


def test_one_bad_row_does_not_sink_the_others_in_a_group_commit(tmp_path):
    async def scenario():
        manager = GameManager(Store(f"sqlite:///{tmp_path / 'g.db'}"))
        await manager.start()
        try:
            a, _ = await manager.create(
                "discovery", [{"kind": "human"}, {"kind": "human"}], None, 1
            )
            b, _ = await manager.create(
                "discovery", [{"kind": "human"}, {"kind": "human"}], None, 2
            )
            await manager._store_action(a.id, 0, 0, "skip", False)
            results = await asyncio.gather(
                manager._store_action(a.id, 0, 0, "skip", False),  # index 0 again: refused
                manager._store_action(b.id, 0, 0, "skip", False),
                return_exceptions=True,
            )
            return results, manager.store.load_game(a.id), manager.store.load_game(b.id)
        finally:
            await manager.stop()

    results, a, b = asyncio.run(scenario())
    assert isinstance(results[0], Exception) and results[1] is None
    assert len(a.actions) == 1 and b.actions == [(0, "skip")]


def _start_server(tmp_path, *extra: str) -> tuple[subprocess.Popen, str]:
    """``empires serve`` on a free loopback port, its output (both streams) going to
    ``tmp_path / "server.log"`` (a file: a pipe nobody reads would stall a talkative server)."""
    port = _free_port()
    out = open(tmp_path / "server.log", "w")  # noqa: SIM115 - the child process owns it
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "empires.cli",
            "serve",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{tmp_path / 'served.db'}",
            "--bot-delay",
            "0",
            *extra,
        ],
        stdout=out,
        stderr=subprocess.STDOUT,
        text=True,
    )
    out.close()
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"{base}/api/health", timeout=2):
                return proc, base
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                proc.wait()
                log = (tmp_path / "server.log").read_text()
                raise AssertionError(f"the server did not start: {log}") from None
            time.sleep(0.1)


def _http(base: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(
        f"{base}{path}", headers=headers, data=None if body is None else json.dumps(body).encode()
    )
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.load(r)
    except urllib.error.HTTPError as err:
        return json.load(err)


def test_no_token_reaches_the_server_log_in_a_whole_game(tmp_path):
    """A full game against a bot over a real uvicorn at log level debug: HTTP views and actions,
    a websocket player, a spectator socket, refused tokens and the replay; the server's whole
    output must hold none of the game's secrets."""
    from websockets.sync.client import connect

    proc, base = _start_server(tmp_path, "--log-level", "debug")
    try:
        g = _http(
            base,
            "/api/games",
            {"seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]},
        )
        gid, token, spectator = g["id"], g["seats"][0]["token"], g["spectator"]["token"]
        secrets = [token, spectator]
        assert _http(base, f"/api/games/{gid}", token=token)["you"] == 0
        assert _http(base, f"/api/games/{gid}", token=token[::-1])["error"] == "bad_token"
        ws_url = base.replace("http://", "ws://") + f"/ws/games/{gid}"
        with connect(ws_url) as ws, connect(ws_url) as watcher:
            ws.send(json.dumps({"type": "auth", "token": token}))
            watcher.send(json.dumps({"type": "auth", "token": spectator}))
            moves, over = 0, False
            while not over:
                m = json.loads(ws.recv(timeout=30))
                if m["type"] == "ack":
                    continue
                if m["type"] == "error":  # too fast for the limits, or stale: look again
                    time.sleep(m.get("retry_after", 0))
                    m = _http(base, f"/api/games/{gid}", token=token)
                over = m["observation"]["terminal"]
                if m["legal"] and not over:
                    action = m["legal"][moves % len(m["legal"])]["action"]
                    if moves % 10 == 0:  # some moves over HTTP, the token in the body
                        _http(
                            base,
                            f"/api/games/{gid}/actions",
                            {"action": action, "expect": m["game"]["actions"], "token": token},
                        )
                    else:
                        ws.send(
                            json.dumps(
                                {"type": "action", "action": action, "expect": m["game"]["actions"]}
                            )
                        )
                    moves += 1
            assert json.loads(watcher.recv(timeout=10))["type"] == "state"
        assert moves > 20
        replay = _http(base, f"/api/games/{gid}/replay", token=spectator)
        assert replay["game"]["status"] == "finished"
        assert _http(base, f"/api/games/{gid}/replay/3", token=token)["step"] == 3
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
    output = (tmp_path / "server.log").read_text()
    assert "DEBUG" in output or "debug" in output.lower()  # the log level really was debug
    for secret in secrets:
        assert secret not in output
        assert hashlib.sha256(secret.encode()).hexdigest() not in output
