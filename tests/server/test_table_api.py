"""The web table (issue #16, part A) through the API and the websocket: undo within a turn,
turn timers with a controllable clock, absent players played by the table's stand-in bot.

Time never passes by itself here: the manager reads a ``FakeClock`` the test moves, and the
test runs the timer check (``manager.table.check_clocks``) at the time it chooses."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from empires.server import create_app
from empires.server.db import Store
from empires.server.manager import GameManager, Limits
from tests.server.server_helpers import auth, create, my_turn, view, wait_for


class FakeClock:
    def __init__(self, t: float = 1_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def clock():
    return FakeClock()


def make_client(url: str, clock: FakeClock) -> TestClient:
    return TestClient(create_app(url, manager=GameManager(Store(url), clock=clock)))


@pytest.fixture
def table(sqlite_url, clock):
    with make_client(sqlite_url, clock) as c:
        yield c


def manager_of(client) -> GameManager:
    return client.app.state.manager


def run(client, coro):
    """Run ``coro`` on the app's event loop (the timer check, as the manager's loop would)."""
    return client.portal.call(lambda: coro)


def two_humans(client, **extra):
    g = create(
        client,
        [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}],
        seed=11,
        **extra,
    )
    return g["id"], [s["token"] for s in g["seats"]]


def act(client, gid, token, action, expect, status=200):
    r = client.post(
        f"/api/games/{gid}/actions", json={"action": action, "expect": expect}, headers=auth(token)
    )
    assert r.status_code == status, r.text
    return r.json()


def undo(client, gid, token, expect, count=1, status=200):
    r = client.post(
        f"/api/games/{gid}/undo", json={"expect": expect, "count": count}, headers=auth(token)
    )
    assert r.status_code == status, r.text
    return r.json()


def play_until_undoable(client, gid, tokens, limit=200):
    """Play first legal actions until the seat to act may take one back; (seat, view)."""
    for _ in range(limit):
        views = [view(client, gid, t) for t in tokens]
        seat = next(i for i, v in enumerate(views) if v["legal"])
        v = views[seat]
        if v["table"]["undoable"]:
            return seat, v
        act(client, gid, tokens[seat], v["legal"][0]["action"], v["game"]["moves"])
    raise AssertionError("no undoable position reached")


def human_and_bot(client, game="settlers", **extra):
    g = create(
        client,
        [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "random"}],
        seed=11,
        game=game,
        **extra,
    )
    return g["id"], g["seats"][0]["token"], g["spectator"]["token"]


def play_until_undoable_vs_bot(client, gid, token, limit=200):
    for _ in range(limit):
        v = my_turn(client, gid, token)
        if v["table"]["undoable"]:
            return v
        act(client, gid, token, v["legal"][0]["action"], v["game"]["moves"])
    raise AssertionError("no undoable position reached")


# ---- undo -------------------------------------------------------------------------------------


def test_undo_takes_back_own_action_and_is_recorded(table):
    gid, tokens = two_humans(table, game="settlers")
    seat, v = play_until_undoable(table, gid, tokens)
    moves, actions = v["game"]["moves"], v["game"]["actions"]
    last = v["log"][-1]
    assert last["seat"] == seat
    result = undo(table, gid, tokens[seat], moves)
    assert result == {"undone": 1, "actions": actions - 1, "moves": moves + 1}
    after = view(table, gid, tokens[seat])
    assert after["game"]["actions"] == actions - 1
    assert len(after["log"]) == actions - 1
    assert after["table"]["undos"] == [{"index": actions - 1, "seat": seat, "count": 1}]
    # The live game is the game replayed without that action: the same decision is offered.
    assert last["action"] in [e["action"] for e in after["legal"]]
    # The other seat sees that a move was taken back, never which one.
    other = view(table, gid, tokens[1 - seat])
    assert other["table"]["undos"] == after["table"]["undos"]
    assert "actions" not in other["table"]["undos"][0]


def test_undo_sent_twice_is_applied_once(table):
    gid, tokens = two_humans(table, game="settlers")
    seat, v = play_until_undoable(table, gid, tokens)
    moves = v["game"]["moves"]
    first = undo(table, gid, tokens[seat], moves)
    again = undo(table, gid, tokens[seat], moves)
    assert again == {**first, "duplicate": True}
    assert view(table, gid, tokens[seat])["game"]["actions"] == first["actions"]
    # A different count at the same move number is not that undo: refused, nothing changed.
    r = table.post(
        f"/api/games/{gid}/undo", json={"expect": moves, "count": 2}, headers=auth(tokens[seat])
    )
    assert r.status_code == 409 and r.json()["error"] == "stale"
    assert view(table, gid, tokens[seat])["game"]["moves"] == first["moves"]


def test_an_action_retried_after_an_undo_is_not_applied_again(table):
    gid, tokens = two_humans(table, game="settlers")
    seat, v = play_until_undoable(table, gid, tokens)
    # The action just taken was move moves-1: its retry is recognised while it stands ...
    last, moves = v["log"][-1], v["game"]["moves"]
    dup = act(table, gid, tokens[seat], last["action"], moves - 1)
    assert dup["duplicate"] is True
    undo(table, gid, tokens[seat], moves)
    # ... and, once taken back, a late retry of it is stale: it never comes back by itself.
    r = table.post(
        f"/api/games/{gid}/actions",
        json={"action": last["action"], "expect": moves - 1},
        headers=auth(tokens[seat]),
    )
    assert r.status_code == 409 and r.json()["error"] == "stale"
    after = view(table, gid, tokens[seat])
    assert after["game"]["actions"] == moves - 1
    # Played again on purpose, with the new move number, it is a new action.
    ok = act(table, gid, tokens[seat], last["action"], after["game"]["moves"])
    assert ok["duplicate"] is False and ok["actions"] == moves


def test_undo_limits(table):
    gid, tokens = two_humans(table, game="settlers")
    seat, v = play_until_undoable(table, gid, tokens)
    moves, allowed = v["game"]["moves"], v["table"]["undoable"]
    r = table.post(
        f"/api/games/{gid}/undo",
        json={"expect": moves, "count": allowed + 1},
        headers=auth(tokens[seat]),
    )
    assert r.status_code == 409 and r.json()["error"] == "not_undoable"
    assert "hidden or random" in r.json()["detail"]
    # Not the seat to act; a spectator; a stale move number: refused, nothing changed.
    r = table.post(f"/api/games/{gid}/undo", json={"expect": moves}, headers=auth(tokens[1 - seat]))
    assert r.status_code == 409 and r.json()["error"] == "not_your_turn"
    r = table.post(f"/api/games/{gid}/undo", json={"expect": moves - 1}, headers=auth(tokens[seat]))
    assert r.status_code == 409 and r.json()["error"] == "stale"
    assert view(table, gid, tokens[seat])["game"]["moves"] == moves
    # Once the turn passed to the other seat, the action is final.
    seat2 = seat
    while seat2 == seat:
        v = view(table, gid, tokens[seat])
        act(table, gid, tokens[seat], v["legal"][0]["action"], v["game"]["moves"])
        v = view(table, gid, tokens[1 - seat])
        seat2 = 1 - seat if v["legal"] else seat
    assert view(table, gid, tokens[1 - seat])["table"]["undoable"] == 0
    r = table.post(
        f"/api/games/{gid}/undo",
        json={"expect": v["game"]["moves"]},
        headers=auth(tokens[1 - seat]),
    )
    assert r.status_code == 409 and r.json()["error"] == "not_undoable"


@pytest.mark.parametrize(
    "body",
    [
        {"expect": 0, "count": 0},
        {"expect": 0, "count": 21},
        {"expect": 0, "count": "1"},
        {"expect": -1},
        {"expect": True},
        {"count": 1},
        {"expect": 0, "extra": 1},
    ],
)
def test_hostile_undo_bodies_are_refused(table, body):
    gid, tokens = two_humans(table, game="settlers")
    r = table.post(f"/api/games/{gid}/undo", json=body, headers=auth(tokens[0]))
    assert r.status_code == 422, r.text
    assert view(table, gid, tokens[0])["game"]["moves"] == 0


def test_undo_by_spectator_and_without_token(table):
    gid, _token, spectator = human_and_bot(table)
    r = table.post(f"/api/games/{gid}/undo", json={"expect": 0}, headers=auth(spectator))
    assert r.status_code == 403 and r.json()["error"] == "spectator"
    r = table.post(f"/api/games/{gid}/undo", json={"expect": 0})
    assert r.status_code == 401


def test_undo_is_stored_and_replays_exactly(db_url, clock):
    with make_client(db_url, clock) as c:
        gid, token, spectator = human_and_bot(c)
        v = play_until_undoable_vs_bot(c, gid, token)
        undo(c, gid, token, v["game"]["moves"])
        before = view(c, gid, token)
    with make_client(db_url, clock) as c:  # a restarted server
        again = view(c, gid, token)
        for key in ("observation", "legal", "log"):
            assert again[key] == before[key]
        assert again["game"]["moves"] == before["game"]["moves"]
        assert again["table"]["undos"] == before["table"]["undos"]
        # The player leaves: the table's bot plays the game out, each move marked.
        r = c.post(f"/api/games/{gid}/leave", headers=auth(token))
        assert r.status_code == 200 and r.json()["away"] == "left"
        wait_for(c, gid, token, lambda x: x["game"]["status"] == "finished", timeout=120)
        replay = c.get(f"/api/games/{gid}/replay", headers=auth(spectator)).json()
        assert replay["undos"] == before["table"]["undos"]
        assert len(replay["history"]["actions"]) == len(replay["log"])
        marked = [e for e in replay["log"] if e.get("stand_in")]
        assert marked and all(e["seat"] == 0 and e["stand_in"] == "heuristic" for e in marked)
        assert all(not e.get("stand_in") for e in replay["log"][: before["game"]["actions"]])


# ---- clocks -----------------------------------------------------------------------------------


def check(client, at=None):
    return client.portal.call(manager_of(client).table.check_clocks, at)


def test_per_move_clock_hands_a_late_seat_to_the_stand_in_bot(table, clock):
    gid, tokens = two_humans(table, game="settlers", clock={"mode": "move", "seconds": 30})
    v = view(table, gid, tokens[0])
    t = v["table"]
    assert t["clock"] == {"mode": "move", "seconds": 30, "increment": 0}
    seat = t["running"]
    assert seat == v["waiting_for"] and t["deadline"] == clock.t + 30
    assert v["now"] == clock.t
    clock.t += 29.9
    assert check(table) == []
    assert view(table, gid, tokens[seat])["legal"]
    clock.t += 0.2
    assert check(table) == [(gid, seat)]
    # The heuristic bot plays that one decision for the late seat (tests/server/
    # test_table_timeouts_api.py follows what comes next).
    after = wait_for(table, gid, tokens[seat], lambda x: len(x["log"]) == len(v["log"]) + 1)
    assert after["table"]["seats"][seat]["away"] is None
    assert after["table"]["seats"][seat]["timeouts"] == 1
    marked = [e for e in after["log"] if e.get("stand_in")]
    assert [(e["seat"], e["stand_in"]) for e in marked] == [(seat, "heuristic")]
    # The next clock runs now, with a full budget.
    assert after["table"]["running"] == after["waiting_for"]
    assert after["table"]["deadline"] == clock.t + 30


def test_per_game_clock_charges_only_the_thinking_time_and_adds_the_increment(table, clock):
    gid, tokens = two_humans(
        table, game="settlers", clock={"mode": "game", "seconds": 300, "increment": 5}
    )
    v = view(table, gid, tokens[0])
    seat = v["waiting_for"]
    assert v["table"]["deadline"] == clock.t + 300
    clock.t += 10
    act(
        table,
        gid,
        tokens[seat],
        view(table, gid, tokens[seat])["legal"][0]["action"],
        v["game"]["moves"],
    )
    after = view(table, gid, tokens[seat])
    assert after["table"]["seats"][seat]["remaining"] == 300 - 10 + 5
    nxt = after["waiting_for"]
    assert after["table"]["running"] == nxt
    assert after["table"]["deadline"] == clock.t + after["table"]["seats"][nxt]["remaining"]
    # The clock of a seat that is not to act does not run.
    clock.t += 100
    if nxt != seat:
        assert view(table, gid, tokens[seat])["table"]["seats"][seat]["remaining"] == 295


def test_no_clock_runs_for_bots_and_untimed_games(table, clock):
    gid, token, _ = human_and_bot(table, clock={"mode": "move", "seconds": 30})
    v = my_turn(table, gid, token)
    assert v["table"]["running"] == 0
    act(table, gid, token, v["legal"][0]["action"], v["game"]["moves"])
    bot_turn = view(table, gid, token)
    if bot_turn["waiting_for"] == 1:
        assert bot_turn["table"]["running"] is None and bot_turn["table"]["deadline"] is None
    gid2, tokens2 = two_humans(table, game="settlers")
    plain = view(table, gid2, tokens2[0])["table"]
    assert plain["clock"]["mode"] == "none" and plain["deadline"] is None
    my_turn(table, gid, token)
    clock.t += 10_000
    assert [g for g, _ in check(table)] == [gid]  # the timed game's human seat only


def test_clock_and_absence_survive_a_restart(db_url, clock):
    with make_client(db_url, clock) as c:
        gid, tokens = two_humans(c, game="settlers", clock={"mode": "game", "seconds": 600})
        v = view(c, gid, tokens[0])
        seat = v["waiting_for"]
        clock.t += 20
        act(
            c,
            gid,
            tokens[seat],
            v["legal"][0]["action"]
            if v["legal"]
            else view(c, gid, tokens[seat])["legal"][0]["action"],
            v["game"]["moves"],
        )
        before = view(c, gid, tokens[0])["table"]
    with make_client(db_url, clock) as c:
        again = view(c, gid, tokens[0])["table"]
        assert again["deadline"] == before["deadline"]
        assert again["seats"] == before["seats"]
        # Time passed while the server was down counts: the deadline is the stored one.
        clock.t = before["deadline"] + 1
        assert check(c) == [(gid, before["running"])]


@pytest.mark.parametrize(
    "extra",
    [
        {"clock": {"mode": "hour", "seconds": 60}},
        {"clock": {"mode": "move", "seconds": 5}},
        {"clock": {"mode": "move", "seconds": 601}},
        {"clock": {"mode": "game", "seconds": 299}},
        {"clock": {"mode": "move", "seconds": 60, "increment": 5}},
        {"clock": {"mode": "game", "seconds": 600, "increment": 61}},
        {"clock": {"mode": "game", "seconds": "600"}},
        {"clock": {"mode": "game", "seconds": 600, "turbo": True}},
        {"stand_in": "nobody"},
        {"stand_in": "ismcts:999999"},
        {"stand_in": "x" * 65},
    ],
)
def test_hostile_table_settings_are_refused(table, extra):
    r = table.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "human"}], **extra})
    assert r.status_code == 422, r.text
    assert r.json()["detail"]


# ---- absent players ---------------------------------------------------------------------------


def test_leave_and_take_the_seat_back(table):
    gid, tokens = two_humans(table, game="settlers", stand_in="random")
    v = view(table, gid, tokens[0])
    seat = v["waiting_for"]
    r = table.post(f"/api/games/{gid}/leave", headers=auth(tokens[seat]))
    assert r.status_code == 200 and r.json()["away"] == "left"
    after = wait_for(table, gid, tokens[seat], lambda x: x["waiting_for"] != seat)
    assert all(e["stand_in"] == "random" for e in after["log"] if e["seat"] == seat)
    # Away, the seat cannot act or undo; it takes the seat back with its token.
    r = table.post(f"/api/games/{gid}/return", json={"token": tokens[seat]})
    assert r.status_code == 200 and r.json()["away"] is None
    assert view(table, gid, tokens[seat])["table"]["seats"][seat]["away"] is None
    # Taking the seat back twice, or leaving twice, changes nothing more.
    assert table.post(f"/api/games/{gid}/return", headers=auth(tokens[seat])).status_code == 200
    # Play on until the returned seat decides again: no bot plays for it any more.
    other = 1 - seat
    for _ in range(200):
        v = view(table, gid, tokens[other])
        if not v["legal"]:
            break
        act(table, gid, tokens[other], v["legal"][0]["action"], v["game"]["moves"])
    mine = view(table, gid, tokens[seat])
    assert mine["legal"] and mine["waiting_for"] == seat
    n = len(mine["log"])
    act(table, gid, tokens[seat], mine["legal"][0]["action"], mine["game"]["moves"])
    assert "stand_in" not in view(table, gid, tokens[seat])["log"][n]


def test_an_away_seat_cannot_act(table):
    gid, tokens = two_humans(table, game="settlers", clock={"mode": "move", "seconds": 30})
    v = view(table, gid, tokens[0])
    seat = v["waiting_for"]
    other = 1 - seat
    # The seat not to act leaves: nothing is played for it yet, and it may not act.
    r = table.post(f"/api/games/{gid}/leave", headers=auth(tokens[other]))
    assert r.status_code == 200
    assert view(table, gid, tokens[seat])["table"]["running"] == seat  # its clock runs on
    r = table.post(
        f"/api/games/{gid}/actions",
        json={"action": "pass", "expect": 0},
        headers=auth(tokens[other]),
    )
    assert r.status_code == 409


def test_leave_refusals(table):
    gid, token, spectator = human_and_bot(table)
    r = table.post(f"/api/games/{gid}/leave", headers=auth(spectator))
    assert r.status_code == 403 and r.json()["error"] == "spectator"
    assert table.post(f"/api/games/{gid}/leave").status_code == 401
    r = table.post(f"/api/games/{gid}/leave", headers=auth("x" * 40))
    assert r.status_code == 403
    r = table.post(f"/api/games/{gid}/leave", json={"token": token, "why": "x"})
    assert r.status_code == 422
    assert view(table, gid, token)["table"]["seats"][0]["away"] is None


def test_every_human_gone_the_game_plays_out(table):
    gid, tokens = two_humans(table, game="settlers")
    for t in tokens:
        assert table.post(f"/api/games/{gid}/leave", headers=auth(t)).status_code == 200
    done = wait_for(table, gid, tokens[0], lambda x: x["game"]["status"] == "finished", timeout=120)
    assert done["observation"]["terminal"]
    r = table.post(f"/api/games/{gid}/return", headers=auth(tokens[0]))
    assert r.status_code == 409 and r.json()["error"] == "game_over"


# ---- the websocket ----------------------------------------------------------------------------


def test_websocket_undo_leave_and_return(table):
    gid, tokens = two_humans(table, game="settlers")
    seat, v = play_until_undoable(table, gid, tokens)
    with table.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "auth", "token": tokens[seat]})
        first = ws.receive_json()
        assert first["type"] == "state" and first["table"]["undoable"] >= 1
        ws.send_json({"type": "undo", "expect": first["game"]["moves"], "count": "x", "id": 1})
        bad = ws.receive_json()
        assert bad["type"] == "error" and bad["id"] == 1 and bad["status"] == 400
        ws.send_json({"type": "undo", "expect": first["game"]["moves"], "id": 2})
        messages = [ws.receive_json(), ws.receive_json()]
        ack = next(m for m in messages if m["type"] == "table_ack")
        state = next(m for m in messages if m["type"] == "state")
        assert ack["id"] == 2 and ack["result"]["undone"] == 1
        # After an undo the log and events are sent again from the start.
        assert state["log_from"] == 0 and state["events_from"] == 0
        assert len(state["log"]) == len(first["log"]) - 1
        assert state["table"]["undos"][-1]["count"] == 1
        ws.send_json({"type": "leave", "id": 3})
        got = {}
        while "table_ack" not in got:
            m = ws.receive_json()
            got[m["type"]] = m
        assert got["table_ack"]["result"]["away"] == "left"
        ws.send_json({"type": "return", "id": 4})
        while True:
            m = ws.receive_json()
            if m["type"] == "table_ack":
                break
        assert m["of"] == "return" and m["result"]["away"] is None


def test_a_seat_without_connection_is_played_by_the_bot_until_it_reconnects(sqlite_url, clock):
    limits = Limits(away_after=120)
    app = create_app(sqlite_url, manager=GameManager(Store(sqlite_url), clock=clock, limits=limits))
    with TestClient(app) as c:
        gid, tokens = two_humans(c, game="settlers")
        seat = view(c, gid, tokens[0])["waiting_for"]
        with c.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.send_json({"type": "auth", "token": tokens[seat]})
            assert ws.receive_json()["type"] == "state"
            clock.t += 1000
            check(c)  # connected: nothing happens however long it thinks
            assert view(c, gid, tokens[seat])["table"]["seats"][seat]["away"] is None
        clock.t += 119
        check(c)
        assert view(c, gid, tokens[seat])["table"]["seats"][seat]["away"] is None
        clock.t += 2
        check(c)
        after = wait_for(c, gid, tokens[seat], lambda x: x["waiting_for"] != seat)
        assert after["table"]["seats"][seat]["away"] == "disconnected"
        assert any(e.get("stand_in") for e in after["log"])
        # Its page connects again: the seat is its player's again.
        with c.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.send_json({"type": "auth", "token": tokens[seat]})
            state = ws.receive_json()
            assert state["table"]["seats"][seat]["away"] is None
