"""Two web apps (two managers, as two processes would be) sharing games through one PostgreSQL
schema and one Redis channel (empires.server.shared_log): moves, undo, chat and turn clocks made
through one are seen by the other, and a stale or repeated move is refused or recognised.

The processes' own suite (real ``empires serve`` processes, kill -9) is
test_shared_log_processes.py; this one drives the same code in one process, where a test can
hold each side's clock."""

from __future__ import annotations

import threading
import uuid

import pytest
from starlette.testclient import TestClient

from empires.server import create_app
from empires.server.db import Store
from empires.server.manager import GameManager
from empires.server.shared_log import check_channel
from tests.parts import REDIS_URL, require
from tests.server.server_helpers import auth, create, view, wait_for
from tests.server.test_table_api import FakeClock, act, play_until_undoable


@pytest.fixture
def channel():
    require("redis")  # the machine's Redis (EMPIRES_TEST_REDIS), else skipped saying how to get it
    return f"test-{uuid.uuid4().hex[:12]}"  # this test's own channel


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def pair(pg_url, channel, clock):
    """Two apps on one schema and one channel (each in its own event-loop thread)."""

    def app():
        manager = GameManager(Store(pg_url), clock=clock, broker=REDIS_URL, broker_channel=channel)
        return TestClient(create_app(pg_url, manager=manager))

    with app() as a, app() as b:
        yield a, b


def two_humans(client, **extra):
    g = create(client, [{"kind": "human"}, {"kind": "human"}], seed=11, **extra)
    return g["id"], [s["token"] for s in g["seats"]]


def manager_of(client) -> GameManager:
    return client.app.state.manager


def test_a_move_made_through_one_process_reaches_the_other(pair):
    a, b = pair
    gid, tokens = two_humans(a)
    assert view(b, gid, tokens[0])["log"] == []  # b loads it from the store
    for i in range(6):
        client, other = (a, b) if i % 2 == 0 else (b, a)
        seat = next(s for s, t in enumerate(tokens) if view(client, gid, t)["legal"])
        v = view(client, gid, tokens[seat])
        act(client, gid, tokens[seat], v["legal"][0]["action"], v["game"]["moves"])
        seen = wait_for(other, gid, tokens[seat], lambda v, n=i + 1: len(v["log"]) == n)
        assert [e["index"] for e in seen["log"]] == list(range(i + 1))
    assert view(a, gid, tokens[0])["log"] == view(b, gid, tokens[0])["log"]


def test_the_same_move_through_both_processes_is_applied_once(pair):
    a, b = pair
    gid, tokens = two_humans(a)
    view(b, gid, tokens[0])  # both hold the game
    v = view(a, gid, tokens[0])
    seat = 0 if v["legal"] else 1
    v = view(a, gid, tokens[seat])
    body = {"action": v["legal"][0]["action"], "expect": v["game"]["moves"]}
    answers: list = [None, None]

    def send(i, client):
        answers[i] = client.post(f"/api/games/{gid}/actions", json=body, headers=auth(tokens[seat]))

    threads = [threading.Thread(target=send, args=(i, c)) for i, c in enumerate((a, b))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [r.status_code for r in answers] == [200, 200], [r.text for r in answers]
    assert sorted(bool(r.json().get("duplicate")) for r in answers) == [False, True]
    row = manager_of(a).store.load_game(gid)
    assert len(row.actions) == 1


def test_a_stale_move_from_the_other_process_is_refused_and_changes_nothing(pair):
    a, b = pair
    gid, tokens = two_humans(a)
    v = view(b, gid, tokens[0])
    seat = 0 if v["legal"] else 1
    v = view(b, gid, tokens[seat])
    legal = [x["action"] for x in v["legal"]]
    act(a, gid, tokens[seat], legal[0], 0)
    # b has not necessarily heard of it: its lock catches up from the store first
    r = b.post(
        f"/api/games/{gid}/actions",
        json={"action": legal[-1], "expect": 0},
        headers=auth(tokens[seat]),
    )
    assert r.status_code in (200, 409), r.text
    if r.status_code == 200:  # the same action as the first: a retry, not a new move
        assert r.json()["duplicate"] is True and legal[-1] == legal[0]
    else:
        assert r.json()["error"] in ("stale", "not_your_turn")  # as in one process
    assert len(manager_of(b).store.load_game(gid).actions) == 1


def test_an_undo_through_one_process_is_seen_by_the_other(pair):
    a, b = pair
    gid, tokens = two_humans(a, game="settlers")
    seat, v = play_until_undoable(a, gid, tokens)
    moves, actions = v["game"]["moves"], len(v["log"])
    wait_for(b, gid, tokens[seat], lambda w: len(w["log"]) == actions)
    r = b.post(
        f"/api/games/{gid}/undo", json={"expect": moves, "count": 1}, headers=auth(tokens[seat])
    )
    assert r.status_code == 200, r.text
    after = wait_for(a, gid, tokens[seat], lambda w: len(w["log"]) == actions - 1)
    assert after["game"]["moves"] == moves + 1
    assert after["table"]["undos"] == [{"index": actions - 1, "seat": seat, "count": 1}]
    # the undo sent again through the first process is recognised, not applied twice
    r = a.post(
        f"/api/games/{gid}/undo", json={"expect": moves, "count": 1}, headers=auth(tokens[seat])
    )
    assert r.status_code == 200 and r.json()["duplicate"] is True
    assert len(manager_of(a).store.load_game(gid).undos) == 1


def test_chat_posted_through_one_process_is_pushed_by_the_other(pair):
    a, b = pair
    gid, tokens = two_humans(a)
    with b.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "auth", "token": tokens[1], "chat": True})
        while (m := ws.receive_json())["type"] != "chat":
            pass
        assert m["history"] is True and m["messages"] == []
        r = a.post(f"/api/games/{gid}/chat", json={"text": "hello"}, headers=auth(tokens[0]))
        assert r.status_code in (200, 201), r.text
        while (m := ws.receive_json())["type"] != "chat":
            pass
        assert m["history"] is False
        assert [(x["seat"], x["text"]) for x in m["messages"]] == [(0, "hello")]


def test_a_turn_clock_run_out_in_one_process_hands_the_seat_over_in_the_other(pair, clock):
    a, b = pair
    g = create(
        a,
        [{"kind": "human"}, {"kind": "human"}],
        seed=11,
        game="settlers",
        clock={"mode": "move", "seconds": 30},
    )
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    v = view(b, gid, tokens[0])
    seat = v["waiting_for"]
    deadline = v["table"]["deadline"]
    assert deadline == pytest.approx(clock.t + 30)
    clock.t += 31
    timed_out = a.portal.call(manager_of(a).table.check_clocks)
    assert timed_out == [(gid, seat)]
    # The other process sees the stand-in's one move for the seat, and the timeout counted.
    seen = wait_for(
        b,
        gid,
        tokens[seat],
        lambda w: (
            w["table"]["seats"][seat]["timeouts"] == 1 and any(e.get("stand_in") for e in w["log"])
        ),
    )
    assert [e["seat"] for e in seen["log"] if e.get("stand_in")] == [seat]


def test_broker_channel_names_are_checked():
    assert check_channel("site-1:games") == "site-1:games"
    for bad in ("", "a b", "x" * 65, "ç"):
        with pytest.raises(ValueError, match="broker channel"):
            check_channel(bad)


def test_serve_refuses_a_broker_without_postgresql(tmp_path, capsys):
    from empires.cli import main

    db = f"sqlite:///{tmp_path / 'x.db'}"
    assert main(["serve", "--db", db, "--broker", "redis://127.0.0.1:6379/0"]) == 2
    assert "PostgreSQL" in capsys.readouterr().err
    assert main(["serve", "--db", db, "--broker", "http://x"]) == 2
    assert "Redis URL" in capsys.readouterr().err
