"""The table's clocks as players trust them (issue #31), through the API and the websocket with a
controllable clock: a timeout costs one decision (the stand-in plays it, the seat's clock runs
again, the table says so), three in a row make the seat absent until its player returns, a
game the bots finished with nobody left is not rated, a hint stops its seat's clock, and an undo
puts the clocks back exactly as they were before the action it takes back."""

from __future__ import annotations

import anyio.from_thread
import pytest
from starlette.testclient import TestClient

from empires.server import coach, create_app
from empires.server.db import Store
from empires.server.manager import GameManager, Limits
from empires.server.ratings import unrated_reason
from empires.server.table_clock import ABSENT_AFTER, OVERTIME
from tests.server.server_helpers import auth, create, view, wait_for
from tests.server.test_table_api import FakeClock, act, check, manager_of, undo

# Views are polled hard while bots play; the tests' limits are not what they check.
LIMITS = Limits(view_rate=10_000.0, view_burst=10_000.0, client_rate=10_000.0, client_burst=1e4)
PER_MOVE = {"mode": "move", "seconds": 30}


@pytest.fixture
def clock():
    return FakeClock()


def client_for(url: str, clock: FakeClock, limits: Limits = LIMITS) -> TestClient:
    manager = GameManager(Store(url), clock=clock, limits=limits)
    return TestClient(create_app(url, manager=manager))


@pytest.fixture
def table(sqlite_url, clock):
    with client_for(sqlite_url, clock) as c:
        yield c


def two_humans(client, seed: int | None = 11, **extra):
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}]
    g = create(client, seats, game="settlers", **({"seed": seed} if seed else {}), **extra)
    return g["id"], [s["token"] for s in g["seats"]]


def settled(client, gid, token):
    """The view once no stand-in is about to play (a clock runs, or the game is over)."""
    return wait_for(
        client,
        gid,
        token,
        lambda v: (
            v["game"]["status"] != "active"
            or (v["table"]["running"] is not None and "once" not in seat_aways(v))
        ),
        timeout=60,
    )


def seat_aways(v):
    return [s["away"] for s in v["table"]["seats"]]


def until_clock_of(client, gid, tokens, seat, limit=200):
    """Play the other seat's first legal actions until ``seat``'s clock runs; its view."""
    for _ in range(limit):
        v = settled(client, gid, tokens[seat])
        running = v["table"]["running"]
        if running == seat:
            return v
        mine = view(client, gid, tokens[running])
        act(client, gid, tokens[running], mine["legal"][0]["action"], mine["game"]["moves"])
    raise AssertionError(f"seat {seat}'s clock never ran")


def time_out(client, clock, gid, seat, deadline):
    clock.t = deadline + 0.1
    assert check(client) == [(gid, seat)]


# ---- one timeout, one decision ------------------------------------------------------------------


def test_one_timeout_costs_one_decision_and_the_seat_is_told(table, clock):
    gid, tokens = two_humans(table, clock=PER_MOVE)
    v = view(table, gid, tokens[0])
    seat, before = v["table"]["running"], len(v["log"])
    time_out(table, clock, gid, seat, v["table"]["deadline"])
    after = settled(table, gid, tokens[seat])
    # The stand-in played exactly that decision, and no more.
    played = after["log"][before:]
    assert played[0] == {**played[0], "seat": seat, "stand_in": "heuristic"}
    assert [e for e in played if e.get("stand_in")] == [played[0]]
    t = after["table"]
    assert t["last_timeout"] == {
        "seat": seat,
        "consecutive": 1,
        "absent": False,
        "stand_in_moved": True,
        "index": before,
        "at": clock.t,
    }
    assert t["seats"][seat] == {"remaining": None, "away": None, "timeouts": 1}
    assert t["absent_after"] == ABSENT_AFTER
    # The seat's own clock runs again on its next decision, with its full budget.
    mine = until_clock_of(table, gid, tokens, seat)
    assert mine["legal"] and mine["table"]["deadline"] == clock.t + 30
    # Its own action shows its player is here: the count starts again.
    act(table, gid, tokens[seat], mine["legal"][0]["action"], mine["game"]["moves"])
    assert view(table, gid, tokens[seat])["table"]["seats"][seat]["timeouts"] == 0


def test_the_timeout_is_pushed_over_the_websocket(table, clock):
    gid, tokens = two_humans(table, clock=PER_MOVE)
    v = view(table, gid, tokens[0])
    seat = v["table"]["running"]
    with table.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "auth", "token": tokens[seat]})
        assert ws.receive_json()["table"]["last_timeout"] is None
        time_out(table, clock, gid, seat, v["table"]["deadline"])
        for _ in range(50):
            m = ws.receive_json()
            last = m["table"]["last_timeout"]
            if last and last["stand_in_moved"]:
                break
        assert last["seat"] == seat and last["consecutive"] == 1 and not last["absent"]
        assert m["log"][-1]["stand_in"] == "heuristic" and m["log"][-1]["seat"] == seat


def test_a_game_clock_spent_gives_each_later_decision_its_overtime(table, clock):
    gid, tokens = two_humans(table, clock={"mode": "game", "seconds": 300, "increment": 5})
    v = view(table, gid, tokens[0])
    seat = v["table"]["running"]
    assert v["table"]["overtime"] == OVERTIME
    time_out(table, clock, gid, seat, v["table"]["deadline"])
    mine = until_clock_of(table, gid, tokens, seat)
    assert mine["table"]["seats"][seat]["remaining"] == 0
    assert mine["table"]["deadline"] == clock.t + OVERTIME
    # Taking the seat back while present forgets the timeout, and gives no time.
    r = table.post(f"/api/games/{gid}/return", headers=auth(tokens[seat])).json()
    assert r["table"]["seats"][seat] == {"remaining": 0, "away": None, "timeouts": 0}
    assert r["table"]["deadline"] == mine["table"]["deadline"]
    # Made within the overtime, the move earns its increment as any other.
    clock.t += OVERTIME - 1
    act(table, gid, tokens[seat], mine["legal"][0]["action"], mine["game"]["moves"])
    assert view(table, gid, tokens[seat])["table"]["seats"][seat]["remaining"] == 5


# ---- absent after three -------------------------------------------------------------------------


def test_three_timeouts_in_a_row_make_the_seat_absent_until_it_returns(table, clock):
    gid, tokens = two_humans(table, clock=PER_MOVE)
    seat = view(table, gid, tokens[0])["table"]["running"]
    for k in range(1, ABSENT_AFTER + 1):
        mine = until_clock_of(table, gid, tokens, seat)
        assert mine["table"]["seats"][seat]["timeouts"] == k - 1
        time_out(table, clock, gid, seat, mine["table"]["deadline"])
    v = settled(table, gid, tokens[seat])
    assert v["table"]["seats"][seat] == {"remaining": None, "away": "timeout", "timeouts": 3}
    assert v["table"]["last_timeout"]["absent"] and v["table"]["last_timeout"]["consecutive"] == 3
    # Absent, the seat is played without waiting: its clock never runs, whatever the other does.
    other = 1 - seat
    for _ in range(6):
        v = settled(table, gid, tokens[other])
        assert v["table"]["running"] == other and not view(table, gid, tokens[seat])["legal"]
        act(table, gid, tokens[other], v["legal"][0]["action"], v["game"]["moves"])
    settled(table, gid, tokens[other])
    assert check(table, clock.t + 10_000) == [(gid, other)]  # only the present seat times out
    settled(table, gid, tokens[other])  # (the stand-in played that decision for the other seat)
    # Its player returns: present again, the count from 0, its clock runs on its decisions.
    r = table.post(f"/api/games/{gid}/return", headers=auth(tokens[seat]))
    assert r.status_code == 200 and r.json()["away"] is None
    assert r.json()["table"]["seats"][seat]["timeouts"] == 0
    assert until_clock_of(table, gid, tokens, seat)["legal"]


def test_an_absent_seat_is_back_when_its_page_connects_again(table, clock):
    gid, tokens = two_humans(table, clock=PER_MOVE)
    seat = view(table, gid, tokens[0])["table"]["running"]
    for _ in range(ABSENT_AFTER):
        mine = until_clock_of(table, gid, tokens, seat)
        time_out(table, clock, gid, seat, mine["table"]["deadline"])
    assert settled(table, gid, tokens[seat])["table"]["seats"][seat]["away"] == "timeout"
    with table.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "auth", "token": tokens[seat]})
        state = ws.receive_json()
        assert state["table"]["seats"][seat]["away"] is None
        assert state["table"]["seats"][seat]["timeouts"] == 0


def test_a_game_both_players_timed_out_of_is_finished_by_bots_and_not_rated(table, clock):
    gid, tokens = two_humans(table, seed=None, clock=PER_MOVE)
    for _ in range(2 * ABSENT_AFTER):
        v = settled(table, gid, tokens[0])
        time_out(table, clock, gid, v["table"]["running"], v["table"]["deadline"])
    done = wait_for(table, gid, tokens[0], lambda v: v["game"]["status"] == "finished", timeout=120)
    assert seat_aways(done) == ["timeout", "timeout"]
    assert done["result"]["ranking"]  # the bots declared a result ...
    live = manager_of(table).games[gid]
    holders = {0: 1, 1: 2}  # ... which no account's rating takes, however the seats are held
    assert unrated_reason(live, holders) == (
        "no player was at the table at the end (bots finished it)"
    )
    live.table.seats[0].away = None  # (one player still there: it would be rated)
    assert unrated_reason(live, holders) is None


# ---- a hint stops the clock ---------------------------------------------------------------------


def test_the_clock_stands_still_while_the_seats_own_hint_is_worked_out(
    sqlite_url, clock, monkeypatch
):
    limits = Limits(hint_iterations=6, view_rate=1e4, view_burst=1e4)
    real = coach._compute_hint
    seen = {}

    def slow_hint(state, iterations, seed):
        """The search takes 100 s of the fake clock (more than the seat's 30 s), and the
        timer check runs meanwhile."""
        clock.t += 100
        seen["timed_out"] = anyio.from_thread.run(manager.table.check_clocks)
        seen["table"] = dict(manager.games[gid].table.view())
        return real(state, iterations, seed)

    monkeypatch.setattr(coach, "_compute_hint", slow_hint)
    with client_for(sqlite_url, clock, limits) as c:
        manager = manager_of(c)
        gid, tokens = two_humans(c, clock=PER_MOVE, practice=True)
        v = view(c, gid, tokens[0])
        seat, t = v["table"]["running"], v["table"]
        clock.t += 10  # 20 s left
        r = c.post(f"/api/games/{gid}/hint", headers=auth(tokens[seat]))
        assert r.status_code == 200, r.text
        assert seen["timed_out"] == []
        assert seen["table"]["paused"] == 20.0 and seen["table"]["running"] == seat
        after = view(c, gid, tokens[seat])["table"]
        assert after["paused"] is None and after["running"] == seat
        assert after["deadline"] - clock.t == 20.0  # 100 s later, still 20 s left
        assert after["deadline"] == t["deadline"] + 100 and after["started"] == t["started"] + 100
        clock.t += 19.9
        assert check(c) == []
        clock.t += 0.2
        assert check(c) == [(gid, seat)]


# ---- an undo puts the clocks back ---------------------------------------------------------------


CLOCKS = ("running", "started", "deadline", "seats")


def act_then_undo(client, clock, gid, tokens):
    """Play on until an action may be taken back; take it back 11 s later. The table before
    that action, after it and after the undo."""
    for _ in range(200):
        v = settled(client, gid, tokens[0])
        seat = v["table"]["running"]
        mine = view(client, gid, tokens[seat])
        clock.t += 7
        act(client, gid, tokens[seat], mine["legal"][0]["action"], mine["game"]["moves"])
        after = view(client, gid, tokens[seat])
        if after["legal"] and after["table"]["undoable"]:
            clock.t += 11
            undo(client, gid, tokens[seat], after["game"]["moves"])
            back = view(client, gid, tokens[seat])
            return seat, mine["table"], after["table"], back["table"]
    raise AssertionError("no undoable action reached")


def test_an_undo_restores_a_per_move_clock_exactly(table, clock):
    gid, tokens = two_humans(table, clock=PER_MOVE)
    seat, before, after, back = act_then_undo(table, clock, gid, tokens)
    assert after["deadline"] == before["deadline"] + 7  # the action started a fresh 30 s ...
    assert {k: back[k] for k in CLOCKS} == {k: before[k] for k in CLOCKS}  # ... the undo did not
    assert back["deadline"] - clock.t == 30 - 18


def test_an_undo_restores_a_game_clock_and_its_increment_exactly(table, clock):
    gid, tokens = two_humans(table, clock={"mode": "game", "seconds": 300, "increment": 60})
    seat, before, after, back = act_then_undo(table, clock, gid, tokens)
    left = before["seats"][seat]["remaining"]
    assert after["seats"][seat]["remaining"] == left - 7 + 60  # the action's increment ...
    assert {k: back[k] for k in CLOCKS} == {k: before[k] for k in CLOCKS}  # ... is taken back
    assert back["deadline"] - clock.t == before["deadline"] - before["started"] - 18
    # The stored clocks are the restored ones (what a restarted server resumes).
    assert manager_of(table).games[gid].table.stored[seat]["deadline"] == before["deadline"]
