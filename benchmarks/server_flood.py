"""One abusive client must not slow everybody else's games: p99 latency with and without a flood.

    python benchmarks/server_flood.py [--games 10] [--seconds 15] [--flooders 8] [--json]

Starts ``empires serve`` on 127.0.0.1 (a fresh SQLite file, no bot delay, the default per-client
limits; only game creation is opened up, since this script creates every game from one address).
Each measured game has a websocket player (human seat against a random bot) connecting from its
own loopback address (127.0.1.x, so each is its own client, as players on the internet are),
moving at a human-like pace (``--think`` seconds per move); its latency is the time from sending
an action to its acknowledgement.

Two phases of ``--seconds`` each, with fresh games: *normal* (the players alone), then *flood*
(the same, while a separate process, from its own address 127.0.0.66, runs ``--flooders``
connections to a game of its own that send messages as fast as the server reads them, and
reconnect at once whenever they are closed; a refused connection is retried after 50 ms). Prints the players'
p50/p99 in each phase and the ratio of the p99s; exits with status 1 if the flood raised the p99
more than ``--max-ratio`` times (default 2). Loopback only; every loop is bounded by the phase's
deadline.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import sys
import tempfile
import time

# run as a script (python benchmarks/server_flood.py): its folder is on sys.path
from server_load import free_port, http_json, percentile, start_server, stop_server

try:
    import websockets
except ImportError:  # pragma: no cover
    sys.exit("server_flood needs the 'websockets' package (installed with uvicorn[standard])")

FLOOD_ADDRESS = "127.0.0.66"
# A refused connection is retried after this pause: the flood measured here is one of messages.
# A raw connection flood (thousands of handshakes a second) is a network-level attack, for the
# firewall in front of the server (see docs/server.md).
REFUSED_PAUSE = 0.05
# Only creation is opened up (this script creates every game from one address); every limit
# that protects other games from a client is the server's default.
CREATE_LIMITS = ["create_burst=100000", "games_per_client=100000"]


def new_games(base: str, count: int, seed: int) -> list[dict]:
    seats = [{"kind": "human", "name": "player"}, {"kind": "bot", "bot": "random"}]
    return [
        http_json(f"{base}/api/games", {"seats": seats, "seed": seed + i}) for i in range(count)
    ]


async def player(
    base_ws: str,
    game: dict,
    address: str,
    think: float,
    deadline: float,
    latencies: list[float],
    seed: int,
) -> None:
    """Plays the human seat at ``think`` seconds a move until the deadline or the game's end."""
    rng = random.Random(seed)
    async with websockets.connect(
        f"{base_ws}/ws/games/{game['id']}", max_size=2**24, local_addr=(address, 0), open_timeout=30
    ) as ws:
        await ws.send(json.dumps({"type": "auth", "token": game["seats"][0]["token"]}))
        sent_at = None
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.05, deadline - time.monotonic()))
            except TimeoutError:
                return
            msg = json.loads(raw)
            if msg["type"] in ("ack", "error") and sent_at is not None:
                if msg["type"] == "ack":
                    latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            elif msg["type"] == "state":
                if msg["observation"]["terminal"]:
                    return
                if msg["legal"] and sent_at is None:
                    await asyncio.sleep(think)
                    action = rng.choice(msg["legal"])["action"]
                    sent_at = time.perf_counter()
                    await ws.send(
                        json.dumps(
                            {"type": "action", "action": action, "expect": msg["game"]["actions"]}
                        )
                    )


async def phase(base: str, args, seed: int, flood: bool) -> dict:
    base_ws = base.replace("http://", "ws://")
    games = await asyncio.to_thread(new_games, base, args.games, seed)
    flooder = None
    if flood:
        target = (await asyncio.to_thread(new_games, base, 1, seed + 10_000))[0]
        stats = multiprocessing.Queue()
        flooder = multiprocessing.Process(
            target=flood_process, args=(base_ws, target, args.flooders, args.seconds + 1.0, stats)
        )
        flooder.start()
        await asyncio.sleep(1.0)  # the flood is under way before measuring starts
    deadline = time.monotonic() + args.seconds
    latencies: list[float] = []
    results = await asyncio.gather(
        *[
            player(base_ws, g, f"127.0.1.{i + 1}", args.think, deadline, latencies, seed + i)
            for i, g in enumerate(games)
        ],
        return_exceptions=True,
    )
    out = {
        "actions": len(latencies),
        "p50_ms": 1000 * percentile(latencies, 0.50),
        "p99_ms": 1000 * percentile(latencies, 0.99),
        "max_ms": 1000 * max(latencies) if latencies else float("nan"),
        "client_failures": [repr(r) for r in results if isinstance(r, BaseException)][:3],
    }
    if flooder is not None:
        flooder.join(args.seconds + 30)
        out["flood"] = stats.get(timeout=10) if not stats.empty() else {}
    return out


def flood_process(base_ws: str, game: dict, connections: int, seconds: float, stats) -> None:
    counts = {"messages": 0, "connections": 0, "refused": 0, "closed_by_server": 0}
    asyncio.run(flood(base_ws, game, connections, time.monotonic() + seconds, counts))
    stats.put(counts)


async def flood(base_ws: str, game: dict, connections: int, deadline: float, counts: dict) -> None:
    token = game["seats"][0]["token"]
    junk = [
        json.dumps({"type": "action", "action": "place colonist nowhere", "expect": 0}),
        json.dumps({"type": "ping", "id": 1}),
        json.dumps({"type": "action", "action": "x" * 100, "pad": "p" * 3500}),
        "[" * 2000 + "]" * 2000,
    ]

    async def one(k: int) -> None:
        while time.monotonic() < deadline:
            try:
                async with websockets.connect(
                    f"{base_ws}/ws/games/{game['id']}",
                    local_addr=(FLOOD_ADDRESS, 0),
                    open_timeout=5,
                    max_size=2**24,
                ) as ws:
                    counts["connections"] += 1
                    await ws.send(json.dumps({"type": "auth", "token": token}))
                    i = k
                    while time.monotonic() < deadline:
                        await ws.send(junk[i % len(junk)])
                        counts["messages"] += 1
                        i += 1
            except websockets.exceptions.ConnectionClosed:
                counts["closed_by_server"] += 1
            except (websockets.exceptions.InvalidStatus, OSError, TimeoutError):
                counts["refused"] += 1
                await asyncio.sleep(REFUSED_PAUSE)

    await asyncio.gather(*[one(k) for k in range(connections)])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="measured games (default 10)")
    parser.add_argument("--seconds", type=float, default=15.0, help="seconds per phase")
    parser.add_argument("--flooders", type=int, default=8, help="flooding connections")
    parser.add_argument("--think", type=float, default=0.2, help="a player's seconds per move")
    parser.add_argument("--max-ratio", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--server-log", metavar="FILE", help="keep the server's output in FILE")
    args = parser.parse_args(argv)
    if not (1 <= args.games <= 200 and 0 < args.seconds <= 300 and 1 <= args.flooders <= 64):
        parser.error("--games 1..200, --seconds up to 300, --flooders 1..64")
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        log = args.server_log or os.path.join(tmp, "server.log")
        server = start_server(
            port, f"sqlite:///{os.path.join(tmp, 'flood.db')}", CREATE_LIMITS, log
        )
        try:
            base = f"http://127.0.0.1:{port}"
            normal = asyncio.run(phase(base, args, args.seed, flood=False))
            flooded = asyncio.run(phase(base, args, args.seed + 1000, flood=True))
        finally:
            stop_server(server)
    ratio = flooded["p99_ms"] / normal["p99_ms"] if normal["p99_ms"] else float("nan")
    report = {
        "games": args.games,
        "seconds": args.seconds,
        "flooders": args.flooders,
        "normal": normal,
        "flood": flooded,
        "p99_ratio": ratio,
        "ok": ratio <= args.max_ratio,
    }
    if args.json:
        print(json.dumps(report))
    else:
        for name, r in (("normal", normal), ("flood", flooded)):
            print(
                f"{name:>6}: {r['actions']} player actions, p50 {r['p50_ms']:.1f} ms, "
                f"p99 {r['p99_ms']:.1f} ms, max {r['max_ms']:.1f} ms"
            )
        print(f" flood: {flooded.get('flood')}")
        print(
            f"p99 ratio flood/normal: {ratio:.2f} (limit {args.max_ratio:g}): "
            f"{'OK' if report['ok'] else 'TOO SLOW'}"
        )
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
