"""``empires serve`` as a user runs it, and the group commit of actions."""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import subprocess
import sys
import time
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
    args = build_parser().parse_args(["serve", "--port", "9", "--db", "postgresql://u@h/d",
                                      "--host", "0.0.0.0", "--bot-delay", "0"])
    assert (args.host, args.port, args.db, args.bot_delay) == ("0.0.0.0", 9, "postgresql://u@h/d", 0)


def test_empires_serve_runs_and_stops(tmp_path):
    port = _free_port()
    db = tmp_path / "served.db"
    proc = subprocess.Popen(
        [sys.executable, "-m", "empires.cli", "serve", "--port", str(port), "--db",
         f"sqlite:///{db}", "--bot-delay", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
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
            f"{base}/api/games", data=json.dumps({"seats": [{"kind": "bot", "bot": "random"}] * 2,
                                                   "seed": 1}).encode(),
            headers={"Content-Type": "application/json"})
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
            a, _ = await manager.create("discovery", [{"kind": "human"}, {"kind": "human"}], None, 1)
            b, _ = await manager.create("discovery", [{"kind": "human"}, {"kind": "human"}], None, 2)
            await manager._store_action(a.id, 0, 0, "skip", False)
            results = await asyncio.gather(
                manager._store_action(a.id, 0, 0, "skip", False),  # index 0 again: refused
                manager._store_action(b.id, 0, 0, "skip", False),
                return_exceptions=True)
            return results, manager.store.load_game(a.id), manager.store.load_game(b.id)
        finally:
            await manager.stop()

    results, a, b = asyncio.run(scenario())
    assert isinstance(results[0], Exception) and results[1] is None
    assert len(a.actions) == 1 and b.actions == [(0, "skip")]
