"""What accounts cost: sign-up and log-in (Argon2id), a request that reads the session, rating a
finished game, and a leaderboard page among many rated players.

    python benchmarks/accounts.py [--logins 10] [--players 2000]

In process (Starlette's TestClient), on a fresh SQLite file. Log-in limits are opened up (the
script logs in from one address). Prints the median and worst time of each step.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import warnings

from starlette.testclient import TestClient

from empires.server import create_app
from empires.server.accounts import AccountLimits, Accounts
from empires.server.db import now
from empires.server.ratings import RatingStore

warnings.filterwarnings("ignore")  # the TestClient's deprecation notes
CSRF = {"X-Empires-CSRF": "1"}
OPEN = AccountLimits(login_burst=10_000, client_login_burst=10_000, signup_burst=10_000)


def timed(step, times: list[float]):
    start = time.perf_counter()
    out = step()
    times.append(time.perf_counter() - start)
    return out


def report(name: str, times: list[float]) -> None:
    ms = [t * 1000 for t in times]
    print(
        f"{name:<34} median {statistics.median(ms):8.2f} ms   worst {max(ms):8.2f} ms   n={len(ms)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logins", type=int, default=10)
    parser.add_argument("--players", type=int, default=2000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(f"sqlite:///{tmp}/bench.db")
        with TestClient(app) as client:
            manager = app.state.manager
            manager.accounts = Accounts(manager, OPEN)
            signups: list[float] = []
            logins: list[float] = []
            reads: list[float] = []
            for i in range(args.logins):
                body = {"name": f"player{i}", "password": "correct horse battery"}
                r = timed(
                    lambda b=body: client.post("/api/accounts", json=b, headers=CSRF), signups
                )
                assert r.status_code == 201, r.text
                client.cookies.clear()
                r = timed(lambda b=body: client.post("/api/session", json=b, headers=CSRF), logins)
                assert r.status_code == 200, r.text
                r = timed(lambda: client.get("/api/session"), reads)
                assert r.json()["account"]
            report("sign-up (Argon2id hash)", signups)
            report("log-in (Argon2id verify)", logins)
            report("GET /api/session (session read)", reads)

            store = RatingStore(manager.store.engine)
            rates: list[float] = []
            for i in range(args.players // 2):
                players = [f"bot:p{2 * i}", f"bot:p{2 * i + 1}"]
                timed(
                    lambda p=players, i=i: store.rate(
                        f"b{i:015d}", "settlers", p, [[0], [1]], now()
                    ),
                    rates,
                )
            report("rating a 2-player game", rates)
            pages: list[float] = []
            for page in (1, 2, max(1, args.players // 25)):
                r = timed(lambda p=page: client.get(f"/api/leaderboard/settlers?page={p}"), pages)
                assert r.status_code == 200 and r.json()["total"] == args.players
            report(f"leaderboard page of {args.players}", pages)


if __name__ == "__main__":
    main()
