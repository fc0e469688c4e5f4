"""A player whose websocket reaches only a process that does not own the game counts as present
at the owner (issue #29, empires.server.presence), on the machine's PostgreSQL and Redis, with
two server apps (each its own event loop, broker connection and lease holder, as two processes)
on one controllable clock.

The owner (A) never hands the seat to the stand-in bot for lack of a connection while its socket
is open on the other process (B), however long the player thinks; once that socket closes, or
B stops reporting (it died), the seat is handed over ``away_after`` seconds later, as a seat
whose socket on the owner closed is. Forged, stale or oversized reports are dropped unread.
"""

from __future__ import annotations

import time
import uuid

import pytest
from starlette.testclient import TestClient

from empires.server import create_app, presence, relay, table
from empires.server.db import Store
from empires.server.limits import Limits
from empires.server.manager import GameManager
from tests.parts import REDIS_URL, require
from tests.server.server_helpers import auth, create, view, wait_for, ws_connect
from tests.server.test_server_ws import receive_state
from tests.server.test_table_api import FakeClock, check

AWAY_AFTER = 3.0  # seconds of the clock: a seat to act with no socket this long goes to the bot


@pytest.fixture
def pair(pg_url, monkeypatch):
    """Two apps on one schema, one channel and one clock; the clocks are checked by the test
    alone (at the times it sets), and the follower reports ten times a second."""
    require("redis")
    monkeypatch.setattr(table, "CLOCK_EVERY", 3600.0)
    monkeypatch.setattr(presence, "EVERY", 0.1)
    monkeypatch.setattr(presence, "FOR", 5.0)
    channel, clock = f"test-{uuid.uuid4().hex[:12]}", FakeClock()

    def app():
        manager = GameManager(
            Store(pg_url),
            clock=clock,
            limits=Limits(away_after=AWAY_AFTER),
            broker=REDIS_URL,
            broker_channel=channel,
        )
        return TestClient(create_app(pg_url, manager=manager))

    with app() as a, app() as b:
        yield a, b, clock


def present_at_owner(owner, gid: str, seat: int, clock, want: bool = True) -> bool:
    """Whether the owner counts ``seat`` as connected now, waited for (up to 5 s) to be
    ``want`` (a report on the broker takes a moment)."""
    game = owner.app.state.manager.games[gid]
    deadline = time.monotonic() + 5
    while True:
        here = owner.portal.call(game.table.gone_since, seat, clock.t) is None
        if here == want or time.monotonic() > deadline:
            return here
        time.sleep(0.02)


def away(client, gid: str, token: str, seat: int):
    return view(client, gid, token)["table"]["seats"][seat]["away"]


def game_on_a(a) -> tuple[str, list[str], int]:
    g = create(a, [{"kind": "human"}, {"kind": "human"}], seed=11)
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    assert a.app.state.manager.games[gid].owned
    return gid, tokens, view(a, gid, tokens[0])["waiting_for"]


def handed_over(a, gid: str, token: str, seat: int) -> dict:
    after = wait_for(a, gid, token, lambda v: v["waiting_for"] != seat)
    assert after["table"]["seats"][seat]["away"] == "disconnected"
    assert any(e.get("stand_in") for e in after["log"])
    return after


def test_a_socket_on_another_process_keeps_the_seat_until_it_closes(pair):
    a, b, clock = pair
    gid, tokens, seat = game_on_a(a)
    with ws_connect(b, gid, tokens[seat]) as ws:
        receive_state(ws, lambda m: m["type"] == "state")
        assert not b.app.state.manager.games[gid].owned  # B follows; A owns and runs the clock
        clock.t += 1000  # the player thinks far longer than away_after, its page open on B
        present_at_owner(a, gid, seat, clock)
        check(a)
        assert away(a, gid, tokens[seat], seat) is None
        assert view(a, gid, tokens[seat])["waiting_for"] == seat  # no bot moved for it
    assert present_at_owner(a, gid, seat, clock, want=False) is False  # B told A it closed
    clock.t += AWAY_AFTER - 1
    check(a)
    assert away(a, gid, tokens[seat], seat) is None  # gone, but not for long enough yet
    clock.t += 2
    check(a)
    handed_over(a, gid, tokens[seat], seat)


def test_the_seats_of_a_process_that_stops_reporting_lapse(pair):
    a, b, clock = pair
    gid, tokens, seat = game_on_a(a)
    with ws_connect(b, gid, tokens[seat]) as ws:
        receive_state(ws, lambda m: m["type"] == "state")
        clock.t += 1000
        present_at_owner(a, gid, seat, clock)
        check(a)
        assert away(a, gid, tokens[seat], seat) is None
        b.portal.call(b.app.state.manager.shared.stop)  # B's broker link dies, its socket open
        clock.t += presence.FOR - 1
        check(a)
        assert away(a, gid, tokens[seat], seat) is None  # its last report still holds
        clock.t += 2  # the report lapsed, and the seat was last seen away_after ago
        check(a)
        handed_over(a, gid, tokens[seat], seat)


def test_a_relayed_move_counts_as_the_player_being_there(pair):
    a, b, clock = pair
    gid, tokens, seat = game_on_a(a)
    game = a.app.state.manager.games[gid]
    clock.t += 1000  # no socket anywhere: gone for 1000 s ...
    assert a.portal.call(game.table.gone_since, seat, clock.t) == pytest.approx(1000)
    action = view(b, gid, tokens[seat])["legal"][0]["action"]
    r = b.post(
        f"/api/games/{gid}/actions",
        json={"action": action, "expect": 0},
        headers=auth(tokens[seat]),
    )
    assert r.status_code == 200, r.text
    assert b.app.state.manager.shared.requests.sent == 1  # (relayed to A)
    assert a.portal.call(game.table.gone_since, seat, clock.t) == 0  # ... and here just now


def test_forged_stale_or_malformed_presence_reports_are_dropped():
    key, me = b"k" * 32, "a" * 16
    report = {"k": "p", "id": "0" * 32, "from": "b" * 16, "to": me, "game": "g1", "seats": [0]}
    report.update(n=1, t=time.time())
    assert relay.opened(key, relay.seal(key, report), me) == report
    assert relay.opened(key, relay.seal(key, {**report, "seats": []}), me) is not None
    assert relay.opened(b"other key" * 4, relay.seal(key, report), me) is None  # not our key
    assert relay.opened(key, relay.seal(key, report), "c" * 16) is None  # for another process
    bad = [
        {"seats": [-1]},
        {"seats": [True]},
        {"seats": [0, 0]},
        {"seats": [relay.MAX_SEAT]},
        {"seats": "0"},
        {"seats": list(range(relay.MAX_SEAT + 1))},
        {"game": "../g"},
        {"t": time.time() - 3600},  # an old report replayed
        {"t": "now"},
        {"n": -1},
        {"n": 1.5},
    ]
    for change in bad:
        assert relay.opened(key, relay.seal(key, {**report, **change}), me) is None, change
    big = {**report, "pad": "p" * relay.MAX_ASK}
    assert relay.opened(key, relay.seal(key, big), me) is None


def test_the_owner_keeps_the_last_report_taken_whatever_order_they_arrive_in():
    """A report that arrives after a later one (or again) changes nothing; a report that no
    longer names a seat ends its presence on that process at once, another's still holds."""
    from types import SimpleNamespace

    from empires.server.table_clock import TableClock

    now = [100.0]
    game = SimpleNamespace(id="g1", owned=True, clock=lambda: now[0])
    game.table = TableClock(None, 2, [])
    link = SimpleNamespace(games={"g1": game})
    owner = presence.Presence(link, {})  # type: ignore[arg-type]

    def report(process: str, n: int, seats: list[int]) -> None:
        owner.heard({"from": process, "game": "g1", "n": n, "seats": seats})

    report("p", 2, [])  # the socket closed ...
    report("p", 1, [0])  # ... the report of its opening arrives late: dropped
    assert game.table.gone_since(0, now[0]) == 0.0 and not game.table.remote[0]
    report("p", 3, [0, 1])
    report("q", 1, [0])
    report("p", 3, [])  # a replay of an old number: dropped
    assert game.table.gone_since(0, now[0]) is None and game.table.gone_since(1, now[0]) is None
    now[0] += 1
    report("p", 4, [])  # p's sockets closed; q's of seat 0 is still open
    assert game.table.gone_since(0, now[0]) is None
    assert game.table.gone_since(1, now[0]) == 0.0
    now[0] += presence.FOR  # q's last report lapsed
    assert game.table.gone_since(0, now[0]) == presence.FOR
    game.owned = False
    report("q", 2, [0])  # not the owner (any more): a report changes nothing
    assert game.table.gone_since(0, now[0]) == presence.FOR
