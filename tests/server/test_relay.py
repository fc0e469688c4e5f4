"""A player's request reaching a process that does not own its game is relayed to the owner
(issue #29, empires.server.relay), on the machine's PostgreSQL and Redis, with two server apps
(each its own event loop, broker connection and lease holder, as two processes).

Two players of one game on different processes: every move is applied once by the owner and
answered to the player through the other process, and the lease never moves (its epoch stays);
a relayed move whose owner does not answer is a retryable 503, and the retry is answered as a
duplicate, never applied twice; forged requests on the broker are dropped unread.
"""

from __future__ import annotations

import asyncio
import time
import uuid

import orjson
import pytest

from empires.server import relay
from tests.parts import require
from tests.server.server_helpers import auth, create, view, wait_for, ws_connect
from tests.server.test_game_owner import app_for, rows
from tests.server.test_server_ws import receive_state
from tests.server.test_table_api import act


@pytest.fixture
def channel():
    require("redis")
    return f"test-{uuid.uuid4().hex[:12]}"


def lease_of(pg_url: str, gid: str) -> tuple[str, int]:
    return rows(pg_url, "SELECT owner, owner_epoch FROM games WHERE id = :g", g=gid)[0]


def stored(pg_url: str, gid: str) -> list[tuple[int, int, str]]:
    sql = 'SELECT "index", seat, action FROM actions WHERE game_id = :g ORDER BY "index"'
    return [tuple(r) for r in rows(pg_url, sql, g=gid)]


def test_two_players_on_two_processes_play_through_the_owner_without_moving_the_lease(
    pg_url, channel
):
    with app_for(pg_url, channel) as a, app_for(pg_url, channel) as b:
        g = create(a, [{"kind": "human"}, {"kind": "human"}], seed=11)
        gid, tokens = g["id"], [s["token"] for s in g["seats"]]
        owner = lease_of(pg_url, gid)
        assert owner == (a.app.state.manager.shared.me, 1)
        home = {0: a, 1: b}  # seat 0 plays through the owner, seat 1 through the other
        acked = []
        for n in range(8):
            v = wait_for(a, gid, tokens[0], lambda v, n=n: len(v["log"]) == n)
            seat = v["waiting_for"]
            client = home[seat]
            mine = wait_for(client, gid, tokens[seat], lambda v, n=n: len(v["log"]) == n)
            answer = act(client, gid, tokens[seat], mine["legal"][0]["action"], n)
            entry = answer["accepted"]
            assert entry["index"] == n and entry["seat"] == seat and not answer["duplicate"]
            assert answer["actions"] == n + 1  # the relaying process's copy has it already
            acked.append((n, seat, entry["action"]))
        assert stored(pg_url, gid) == acked  # each acknowledged move stored once
        assert lease_of(pg_url, gid) == owner  # no hand-over: the epoch never moved
        ma, mb = a.app.state.manager, b.app.state.manager
        assert ma.games[gid].owned and not mb.games[gid].owned
        relayed = sum(1 for _, seat, _ in acked if seat == 1)
        assert relayed > 0 and mb.shared.requests.sent == relayed
        assert ma.shared.requests.served == relayed
        # a move sent again through the relaying process is the owner's duplicate
        last_index, last_seat, last_action = acked[-1]
        again = act(home[last_seat], gid, tokens[last_seat], last_action, last_index)
        assert again["duplicate"] is True and again["accepted"]["index"] == last_index
        assert len(stored(pg_url, gid)) == len(acked)


def test_a_socket_on_the_other_process_is_answered_and_sees_its_move(pg_url, channel):
    with app_for(pg_url, channel) as a, app_for(pg_url, channel) as b:
        g = create(a, [{"kind": "human"}, {"kind": "human"}], seed=11)
        gid, tokens = g["id"], [s["token"] for s in g["seats"]]
        seat = view(a, gid, tokens[0])["waiting_for"]
        with ws_connect(b, gid, tokens[seat]) as ws:
            first = receive_state(ws, lambda m: m["type"] == "state")
            action = first["legal"][0]["action"]
            ws.send_json({"type": "action", "action": action, "id": "r1", "expect": 0})
            ack = receive_state(ws, lambda m: m["type"] == "ack")
            assert ack["id"] == "r1" and ack["entry"]["index"] == 0
            receive_state(ws, lambda m: m["type"] == "state" and m["game"]["actions"] == 1)
            # an illegal move is refused by the owner, and its refusal relayed as it is
            ws.send_json({"type": "action", "action": action, "id": "r2", "expect": 1})
            error = receive_state(ws, lambda m: m["type"] == "error")
            assert error["id"] == "r2" and error["error"] in ("not_your_turn", "illegal_action")
        assert [r[0] for r in stored(pg_url, gid)] == [0]
        assert lease_of(pg_url, gid)[1] == 1


def test_an_owner_that_does_not_answer_gives_a_retry_and_applies_the_move_once(
    pg_url, channel, monkeypatch
):
    monkeypatch.setattr(relay, "ASK_WAIT", 1.0)
    with app_for(pg_url, channel) as a, app_for(pg_url, channel) as b:
        g = create(a, [{"kind": "human"}, {"kind": "human"}], seed=11)
        gid, tokens = g["id"], [s["token"] for s in g["seats"]]
        seat = view(a, gid, tokens[0])["waiting_for"]
        requests = a.app.state.manager.shared.requests
        run = requests.run

        async def stores_then_hangs(game, op, seat_, args):  # the owner dies mid-request
            await run(game, op, seat_, args)
            await asyncio.sleep(30)

        requests.run = stores_then_hangs
        action = view(b, gid, tokens[seat])["legal"][0]["action"]
        r = b.post(
            f"/api/games/{gid}/actions",
            json={"action": action, "expect": 0},
            headers=auth(tokens[seat]),
        )
        assert r.status_code == 503 and r.json()["error"] == "busy", r.text
        assert int(r.headers["retry-after"]) >= 1
        requests.run = run  # the owner answers again: the retry is the stored move's duplicate
        again = act(b, gid, tokens[seat], action, 0)
        assert again["duplicate"] is True and again["accepted"]["index"] == 0
        assert [r[0] for r in stored(pg_url, gid)] == [0]
        assert lease_of(pg_url, gid)[1] == 1


def test_forged_or_replayed_requests_on_the_broker_are_dropped():
    key, me = b"k" * 32, "a" * 16
    ask = {"k": "q", "id": "0" * 32, "from": "b" * 16, "to": me, "game": "g1", "seat": 0}
    ask.update(op="act", a={"action": "x", "expect": 0}, t=time.time())
    assert relay.opened(key, relay.seal(key, ask), me) == ask
    assert relay.opened(b"other key" * 4, relay.seal(key, ask), me) is None  # not our key
    assert relay.opened(key, relay.seal(key, ask), "c" * 16) is None  # for another process
    raw = orjson.dumps(ask)
    assert relay.opened(key, relay.PREFIX + b"0" * 32 + b":" + raw, me) is None  # unsigned
    bad = [
        {"seat": -1},
        {"seat": True},
        {"op": "claim"},
        {"a": {"action": "x" * 200, "expect": 0}},
        {"a": {"action": "x", "expect": 0, "path": "/etc/passwd"}},
        {"a": {"action": "x", "expect": 2**60}},
        {"game": "../g"},
        {"t": time.time() - 3600},  # an old request replayed
    ]
    for change in bad:
        assert relay.opened(key, relay.seal(key, {**ask, **change}), me) is None, change
    big = {**ask, "a": {"action": "x", "expect": 0}, "pad": "p" * relay.MAX_ASK}
    assert relay.opened(key, relay.seal(key, big), me) is None
    answer = {"k": "a", "id": "1" * 32, "from": "b" * 16, "to": me}
    assert relay.opened(key, relay.seal(key, {**answer, "ok": {"index": 0}}), me) is not None
    err = [409, "stale", "moved on", None]
    assert relay.opened(key, relay.seal(key, {**answer, "err": err}), me) is not None
    for wrong in ([200, "ok", "", None], [409, "x" * 100, "", None], [409, "s", "", -1]):
        assert relay.opened(key, relay.seal(key, {**answer, "err": wrong}), me) is None
    assert relay.opened(key, relay.seal(key, {**answer, "moved": 1}), me) is None


def test_a_spectator_on_the_other_process_sees_what_the_owners_spectators_see(
    pg_url, channel, monkeypatch
):
    """The owner's notes carry a player's move and its bot's answer together, with the shared
    observation and the public events the owner made for its own views; the follower's views
    and the events pushed to its spectator are the owner's."""
    from empires.server.live_game import LiveGame

    taken = []
    take = LiveGame.take_shared_observation

    def counted(self, shared):
        taken.append(self.id)
        take(self, shared)

    monkeypatch.setattr(LiveGame, "take_shared_observation", counted)
    told = []
    take_events = LiveGame.take_public_events

    def counted_events(self, since, events):
        told.append(len(events))
        take_events(self, since, events)

    monkeypatch.setattr(LiveGame, "take_public_events", counted_events)
    with app_for(pg_url, channel) as a, app_for(pg_url, channel) as b:
        g = create(a, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=5)
        gid, token, spectator = g["id"], g["seats"][0]["token"], g["spectator"]["token"]
        view(b, gid, spectator)  # b follows the game
        with ws_connect(a, gid, token) as ws, ws_connect(b, gid, spectator) as watcher:
            for _ in range(6):
                m = receive_state(ws, lambda m: m["type"] == "state" and m["legal"])
                move = {"type": "action", "action": m["legal"][0]["action"]}
                ws.send_json({**move, "expect": m["game"]["moves"]})
                receive_state(ws, lambda m: m["type"] == "ack")
            n = len(a.app.state.manager.games[gid].log)
            seen: list = []  # the events the spectator's socket on b was sent, in order

            def last(m):
                if m["type"] == "state":
                    del seen[m["events_from"] :]
                    seen.extend(m["events"])
                return m["type"] == "state" and m["game"]["actions"] == n

            pushed = receive_state(watcher, last)
            there, here = view(b, gid, spectator), view(a, gid, spectator)
        for key in ("observation", "log", "events", "legal", "waiting_for", "table"):
            assert there[key] == here[key], key
            assert key in ("events", "log") or pushed[key] == here[key], key
        assert seen == here["events"]  # told by the owner, pushed by b as they were
        assert taken and set(taken) == {gid} and told and sum(told) > 0
