"""What the table's undo costs: how long ``undoable`` takes as a game's history grows (the
server works it out in a worker thread after an action when the same human seat is to act
again, never in a view), and an undo through the API (checked, replayed, stored).

    python benchmarks/table_undo.py [--games 3] [--undos 30]

The first part plays random games of both games (2 and 4 players) and times ``undoable`` every
few actions, and the check the server makes instead when it kept a copy of the state at the
previous change (``core.undo.final`` on the last action: ``take_back.UndoTrail``); the second plays Imperial Settlers through the API (TestClient, a fresh SQLite
file) and times each undo request. Prints medians and worst times.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import warnings

from starlette.testclient import TestClient

from empires.bots import make_bot
from empires.core.adapter import get_adapter
from empires.core.undo import final, undoable
from empires.server import create_app
from empires.server.manager import Limits

warnings.filterwarnings("ignore")  # the TestClient's deprecation notes
OPEN = Limits(
    client_rate=10_000,
    client_burst=10_000,
    view_rate=10_000,
    view_burst=10_000,
    create_rate=10_000,
    create_burst=10_000,
    games_per_client=10_000,
)


def report(name: str, times: list[float]) -> None:
    ms = sorted(t * 1000 for t in times)
    print(
        f"{name:48s} median {statistics.median(ms):7.2f} ms  worst {ms[-1]:7.2f} ms  (n={len(ms)})"
    )


def undoable_costs(games: int) -> None:
    for game in ("discovery", "settlers"):
        for players in (2, 4):
            by_length: dict[str, list[float]] = {"early": [], "late": []}
            kept: dict[str, list[float]] = {"early": [], "late": []}
            for seed in range(games):
                state = get_adapter(game).new_game(players, seed=seed)
                bots = [make_bot("random", game, seed * 10 + p) for p in range(players)]
                while not state.is_terminal():
                    n = len(state.history["actions"])
                    part = "early" if n < 100 else "late"
                    if n % 5 == 0:
                        start = time.perf_counter()
                        undoable(state)
                        by_length[part].append(time.perf_counter() - start)
                    me, before = state.current_player, state.clone()
                    action = bots[me].choose(state)
                    state.apply(action)
                    if n % 5 == 0 and not state.is_terminal() and state.current_player == me:
                        start = time.perf_counter()  # the server's count with its kept copy
                        final(before, action, state, me)
                        kept[part].append(time.perf_counter() - start)
            for part, times in by_length.items():
                if times:
                    report(f"undoable, {game} {players}p, {part} (<100 / 100+ actions)", times)
                if kept[part]:
                    report(f"  the same after one more action, kept copy, {part}", kept[part])


def undo_requests(count: int) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    times: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        with TestClient(create_app(f"sqlite:///{tmp}/e.db", limits=OPEN)) as web:
            seed = 10
            while len(times) < count and seed < 60:
                seed += 1
                g = web.post("/api/games", json={"seats": seats, "seed": seed, "game": "settlers"})
                gid, tokens = g.json()["id"], [s["token"] for s in g.json()["seats"]]
                for _ in range(300):
                    views = [web.get(f"/api/games/{gid}", headers=_auth(t)).json() for t in tokens]
                    mine = [i for i, v in enumerate(views) if v["legal"]]
                    if not mine or len(times) >= count:
                        break
                    v, token = views[mine[0]], tokens[mine[0]]
                    if v["table"]["undoable"]:
                        start = time.perf_counter()
                        r = web.post(
                            f"/api/games/{gid}/undo",
                            json={"expect": v["game"]["moves"]},
                            headers=_auth(token),
                        )
                        times.append(time.perf_counter() - start)
                        assert r.status_code == 200, r.text
                        v = web.get(f"/api/games/{gid}", headers=_auth(token)).json()
                    web.post(
                        f"/api/games/{gid}/actions",
                        headers=_auth(token),
                        json={"action": v["legal"][0]["action"], "expect": v["game"]["moves"]},
                    )
    report("POST /undo (settlers, SQLite, in process)", times)


def _auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--undos", type=int, default=30)
    args = parser.parse_args()
    undoable_costs(args.games)
    undo_requests(args.undos)


if __name__ == "__main__":
    main()
