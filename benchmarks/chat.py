"""What chat and rules help cost: posting a message (stored, then pushed), the time until every
listening websocket has it, reading the history, and the rules help of the current decision.

    python benchmarks/chat.py [--messages 200] [--listeners 6] [--db sqlite|URL]

In process (Starlette's TestClient), on a fresh SQLite file unless ``--db`` names another
database (e.g. the PostgreSQL test server). The per-seat chat limit is opened up. Prints the
median and worst time of each step.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
import warnings

from starlette.testclient import TestClient

from empires.server import create_app
from empires.server.manager import Limits

warnings.filterwarnings("ignore")  # the TestClient's deprecation notes
OPEN = Limits(
    chat_rate=10_000,
    chat_burst=10_000,
    client_rate=10_000,
    client_burst=10_000,
    view_rate=10_000,
    view_burst=10_000,
    connect_burst=1000,
    message_burst=10_000,
    message_rate=10_000,
)


def report(name: str, times: list[float]) -> None:
    ms = [t * 1000 for t in times]
    print(
        f"{name:<40} median {statistics.median(ms):8.2f} ms   worst {max(ms):8.2f} ms   n={len(ms)}"
    )


def listen(client, gid: str, token: str, count: int, arrivals: dict, ready: threading.Event):
    """A websocket asking for the chat; records when each message number arrives."""
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "auth", "token": token, "chat": True})
        while True:
            m = ws.receive_json()
            if m["type"] == "chat" and m["history"]:
                ready.set()
                continue
            if m["type"] == "chat":
                for message in m["messages"]:
                    arrivals.setdefault(message["n"], []).append(time.perf_counter())
                    if message["n"] == count - 1:
                        return


def run(client, messages: int, listeners: int) -> None:
    seats = [{"kind": "human", "name": f"P{i}"} for i in range(2)]
    game = client.post("/api/games", json={"seats": seats, "seed": 1}).json()
    gid, token = game["id"], game["seats"][0]["token"]
    head = {"Authorization": f"Bearer {token}"}
    arrivals: dict[int, list[float]] = {}
    threads = []
    for _ in range(listeners):
        ready = threading.Event()
        th = threading.Thread(
            target=listen,
            args=(client, gid, game["spectator"]["token"], messages, arrivals, ready),
        )
        th.start()
        ready.wait(30)
        threads.append(th)
    posts, fanout, sent = [], [], {}
    for i in range(messages):
        start = time.perf_counter()
        r = client.post(f"/api/games/{gid}/chat", json={"text": f"message {i}"}, headers=head)
        posts.append(time.perf_counter() - start)
        sent[r.json()["message"]["n"]] = start
    for th in threads:
        th.join(60)
    for n, start in sent.items():
        got = arrivals.get(n, [])
        if len(got) == listeners:
            fanout.append(max(got) - start)
    report("POST a message (stored, pushed)", posts)
    report(f"post until all {listeners} listeners have it", fanout)
    reads = []
    for _ in range(50):
        start = time.perf_counter()
        client.get(f"/api/games/{gid}/chat", headers=head)
        reads.append(time.perf_counter() - start)
    report(f"GET the last 50 of {messages} messages", reads)
    for lang in ("en", "es"):
        helps = []
        for _ in range(50):
            start = time.perf_counter()
            client.get(f"/api/games/{gid}/rules?lang={lang}", headers=head)
            helps.append(time.perf_counter() - start)
        report(f"GET the rules help ({lang})", helps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=200)
    parser.add_argument("--listeners", type=int, default=6)
    parser.add_argument("--db", default="sqlite")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/bench.db" if args.db == "sqlite" else args.db
        with TestClient(create_app(url, limits=OPEN)) as client:
            run(client, args.messages, args.listeners)


if __name__ == "__main__":
    main()
