"""One owner process per game (issue #29, empires.server.lease): a lease with a fencing epoch in
the games' rows, on the machine's PostgreSQL and Redis.

In one process: a game created or loaded is owned (its lease taken); a process starts without
loading any game; an owner whose lease another process took (it was paused) stores nothing, its
client hears "stale", and it follows the game from then on; a move sent to a process while the
process named by the lease is gone waits for the lease to lapse, takes the game over and is
applied once.

A process stopping lets the others take its games over at their next look.

With real ``empires serve --broker`` processes: the owner of several games is killed with
SIGKILL while their bots are to move; another process takes each lease over once it lapses and
plays the bots' moves within 15 s, every acknowledged action is stored exactly once, and the
players go on through the other processes.
"""

from __future__ import annotations

import threading
import time
import uuid

import pytest
from sqlalchemy import create_engine, text
from starlette.testclient import TestClient

from empires.server import create_app, lease
from empires.server.db import Store, normalize_url
from empires.server.manager import GameManager
from tests.parts import REDIS_URL, require
from tests.server.server_helpers import create, view
from tests.server.test_shared_log_processes import Cluster, http
from tests.server.test_table_api import act

SLOW_BOT = "ismcts:40:gap=none:stop=none"  # a move of about a second, deterministic
TAKE_OVER_BOUND = 15.0  # seconds: no game waits longer for a bot's move after its owner died


@pytest.fixture
def channel():
    require("redis")
    return f"test-{uuid.uuid4().hex[:12]}"


def app_for(pg_url: str, channel: str) -> TestClient:
    manager = GameManager(Store(pg_url), broker=REDIS_URL, broker_channel=channel)
    return TestClient(create_app(pg_url, manager=manager))


def rows(pg_url: str, sql: str, **params) -> list:
    engine = create_engine(normalize_url(pg_url))
    try:
        with engine.begin() as conn:
            result = conn.execute(text(sql), params)
            return list(result) if result.returns_rows else []
    finally:
        engine.dispose()


def two_humans(client) -> tuple[str, list[str]]:
    g = create(client, [{"kind": "human"}, {"kind": "human"}], seed=11)
    return g["id"], [s["token"] for s in g["seats"]]


def to_move(client, gid: str, tokens: list[str]) -> tuple[int, dict]:
    seat = view(client, gid, tokens[0])["waiting_for"]
    return seat, view(client, gid, tokens[seat])


def test_the_creator_owns_the_game_and_a_process_starts_without_loading_games(pg_url, channel):
    with app_for(pg_url, channel) as a:
        gid, tokens = two_humans(a)
        game = a.app.state.manager.games[gid]
        assert game.owned and game.lease_epoch == 1
        me = a.app.state.manager.shared.me
        assert rows(pg_url, "SELECT owner, owner_epoch FROM games WHERE id = :g", g=gid) == [
            (me, 1)
        ]
        seat, mine = to_move(a, gid, tokens)
        act(a, gid, tokens[seat], mine["legal"][0]["action"], mine["game"]["moves"])
        # the owner's fenced write marks the game acted on by a human and renews its lease
        sql = "SELECT last_human IS NOT NULL, lease_until > now() + interval '5 seconds' FROM games"
        assert rows(pg_url, sql + " WHERE id = :g", g=gid) == [(True, True)]
        with app_for(pg_url, channel) as b:
            assert b.app.state.manager.games == {}  # nothing loaded at start
            v = view(b, gid, tokens[0])  # loaded when asked for: a copy, the lease is a's
            assert v["game"]["id"] == gid and not b.app.state.manager.games[gid].owned


def test_an_owner_whose_lease_was_taken_stores_nothing_and_follows(pg_url, channel):
    with app_for(pg_url, channel) as a:
        gid, tokens = two_humans(a)
        manager = a.app.state.manager
        game = manager.games[gid]
        seat, mine = to_move(a, gid, tokens)
        # a paused owner: its lease lapsed and another process took it (epoch raised)
        rows(
            pg_url,
            "UPDATE games SET lease_until = now() - interval '1 second' WHERE id = :g",
            g=gid,
        )
        engine = create_engine(normalize_url(pg_url))
        try:
            assert lease.take(engine, gid, "elsewhere") == game.lease_epoch + 1
        finally:
            engine.dispose()
        answer = act(
            a, gid, tokens[seat], mine["legal"][0]["action"], mine["game"]["moves"], status=409
        )
        assert answer["error"] == "stale"
        assert rows(pg_url, "SELECT count(*) FROM actions WHERE game_id = :g", g=gid) == [(0,)]
        assert not game.owned and gid not in manager.shared.held


def test_a_move_for_a_game_whose_owner_is_gone_takes_the_game_over_once(pg_url, channel):
    """The lease names a process that listens nowhere (it died): the move is not relayed (the
    broker reaches nobody) but waits for the lease to lapse, takes the game and is applied
    once. (A live owner is relayed to: tests/server/test_relay.py.)"""
    with app_for(pg_url, channel) as a:
        gid, tokens = two_humans(a)
    # the lease held by a process that is gone (it listens nowhere), lapsing in a second
    rows(
        pg_url,
        "UPDATE games SET owner = 'gone', owner_epoch = owner_epoch + 1, "
        "lease_until = now() + interval '1 second' WHERE id = :g",
        g=gid,
    )
    with app_for(pg_url, channel) as b:
        seat, mine = to_move(b, gid, tokens)
        act(b, gid, tokens[seat], mine["legal"][0]["action"], mine["game"]["moves"])
        assert b.app.state.manager.games[gid].owned
        assert b.app.state.manager.shared.requests.sent == 1  # tried once, nobody heard it
        stored = rows(pg_url, 'SELECT "index" FROM actions WHERE game_id = :g', g=gid)
        assert [r[0] for r in stored] == [0]
        assert rows(pg_url, "SELECT owner, owner_epoch FROM games WHERE id = :g", g=gid) == [
            (b.app.state.manager.shared.me, 3)
        ]


def test_a_process_stopping_lets_another_take_its_games_over_at_once(pg_url, channel):
    with app_for(pg_url, channel) as b:
        with app_for(pg_url, channel) as a:
            gid, tokens = two_humans(a)
            view(b, gid, tokens[0])  # b follows the game
            assert not b.app.state.manager.games[gid].owned
        # a stopped: its leases lapse at once, and b's next look at lapsed leases takes it
        game = b.app.state.manager.games[gid]
        deadline = time.monotonic() + lease.SCAN_EVERY + 5
        while not game.owned and time.monotonic() < deadline:
            time.sleep(0.05)
        assert game.owned
        assert rows(pg_url, "SELECT owner FROM games WHERE id = :g", g=gid) == [
            (b.app.state.manager.shared.me,)
        ]


# ---- real processes -------------------------------------------------------------------------


@pytest.fixture
def cluster(tmp_path, pg_url):
    require("redis")
    c = Cluster(tmp_path, pg_url)
    try:
        yield c
    finally:
        c.stop()


def stored_actions(pg_url: str, gid: str) -> list[tuple[int, int, str]]:
    sql = 'SELECT "index", seat, action FROM actions WHERE game_id = :g ORDER BY "index"'
    return [tuple(r) for r in rows(pg_url, sql, g=gid)]


def owner_of(pg_url: str, gid: str) -> str | None:
    return rows(pg_url, "SELECT owner FROM games WHERE id = :g", g=gid)[0][0]


def human_moves_until_the_bot_is_to_act(base: str, gid: str, token: str, acked: list) -> None:
    """Play seat 0's first legal moves through ``base`` until the bot (seat 1) is to act."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        status, v = http(base, f"/api/games/{gid}", token=token)
        assert status == 200, v
        if v["waiting_for"] == 1 and v["log"] and v["log"][-1]["seat"] == 0:
            return
        if v["waiting_for"] != 0:
            time.sleep(0.05)
            continue
        action, expect = v["legal"][0]["action"], v["game"]["moves"]
        status, entry = http(
            base, f"/api/games/{gid}/actions", {"action": action, "expect": expect}, token
        )
        assert status == 200, entry
        acked.append((gid, entry["accepted"]["index"], 0, entry["accepted"]["action"]))
    raise AssertionError(f"game {gid}: the bot never came to act")


def test_kill_9_of_the_owner_moves_every_game_again_within_the_bound(cluster, pg_url):
    owner, *others = cluster.start(3)
    games = []
    for seed in range(3):
        status, g = http(
            owner,
            "/api/games",
            {"seed": 40 + seed, "seats": [{"kind": "human"}, {"kind": "bot", "bot": SLOW_BOT}]},
        )
        assert status == 201, g
        games.append((g["id"], g["seats"][0]["token"]))
    acked: list = []
    threads = [
        threading.Thread(target=human_moves_until_the_bot_is_to_act, args=(owner, gid, t, acked))
        for gid, t in games
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=90)
    cluster.kill9(owner)
    killed = time.monotonic()
    waiting = {}  # game -> actions stored when its owner died, while its bot was to act
    for gid, _ in games:
        stored = stored_actions(pg_url, gid)
        if stored and stored[-1][1] == 0:
            waiting[gid] = len(stored)
    assert waiting, "no bot was thinking when the owner died"
    dead = {gid: owner_of(pg_url, gid) for gid in waiting}
    taken_after: dict[str, float] = {}  # when another process held the game's lease
    moved_after: dict[str, float] = {}  # when the game's bot move was stored
    while len(moved_after) < len(waiting) and time.monotonic() - killed < 60:
        for gid, n in waiting.items():
            if gid not in taken_after and owner_of(pg_url, gid) not in (dead[gid], None):
                taken_after[gid] = time.monotonic() - killed
            if gid not in moved_after and len(stored_actions(pg_url, gid)) > n:
                moved_after[gid] = time.monotonic() - killed
        time.sleep(0.1)
    assert set(moved_after) == set(waiting), f"stuck games: {set(waiting) - set(moved_after)}"
    print(f"leases taken over after {taken_after}, bots moved after {moved_after}")
    # taken over once the lease lapsed (LEASE_SECONDS after its last renewal) and one scan
    assert max(taken_after.values()) <= lease.LEASE_SECONDS + lease.SCAN_EVERY + 1, taken_after
    assert max(moved_after.values()) <= TAKE_OVER_BOUND, moved_after
    # every acknowledged action stored once, where it was acknowledged
    for gid, index, seat, action in acked:
        assert stored_actions(pg_url, gid)[index] == (index, seat, action)
    # and the players go on through the other processes
    for k, (gid, token) in enumerate(games):
        base = others[k % len(others)]
        deadline = time.monotonic() + 30
        while True:
            status, v = http(base, f"/api/games/{gid}", token=token)
            if v.get("waiting_for") == 0 or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert status == 200 and v["waiting_for"] == 0, v
        status, entry = http(
            base,
            f"/api/games/{gid}/actions",
            {"action": v["legal"][0]["action"], "expect": v["game"]["moves"]},
            token,
        )
        assert status == 200, entry
        assert stored_actions(pg_url, gid)[entry["accepted"]["index"]][1] == 0
