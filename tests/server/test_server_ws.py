"""The websocket: pushes each client its own view after every action, takes actions, refuses
what it must."""

from __future__ import annotations

import contextlib
import json

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from empires.server import create_app
from empires.server.manager import Limits
from tests.server.server_helpers import auth, create, keys_anywhere, view, ws_connect

TWO_HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def receive_state(ws, until=lambda m: True, limit=200):
    """The next state message satisfying ``until`` (acks and errors are returned as they come
    only when ``until`` accepts them)."""
    for _ in range(limit):
        message = ws.receive_json()
        assert not {"state", "seed"} & keys_anywhere(message)
        if until(message):
            return message
    raise AssertionError("no such message")


def state_msg(m):
    return m["type"] == "state"


def engine_view(client, gid, seat):
    game = client.app.state.manager.games[gid]
    return json.loads(json.dumps(game.state.observation(seat)))


def test_each_client_gets_its_own_observation_and_the_log(client):
    g = create(client, TWO_HUMANS, seed=4, options={"variants": ["scouting"]})
    gid = g["id"]
    tokens = [s["token"] for s in g["seats"]]
    spectator = g["spectator"]["token"]
    first = view(client, gid, tokens[0])["waiting_for"]
    with (
        ws_connect(client, gid, tokens[0]) as w0,
        ws_connect(client, gid, tokens[1]) as w1,
        ws_connect(client, gid, spectator) as ws,
    ):
        m = [receive_state(w, state_msg) for w in (w0, w1, ws)]
        for seat in (0, 1):
            assert m[seat]["you"] == seat
            assert m[seat]["observation"] == engine_view(client, gid, seat)
            assert bool(m[seat]["legal"]) == (seat == first)
            assert m[seat]["log_from"] == 0 and m[seat]["log"] == []
        assert m[2]["you"] is None and m[2]["legal"] == []
        assert m[2]["observation"] == engine_view(client, gid, None)
        assert m[first]["waiting_for"] == first

        sockets = [w0, w1]
        action = m[first]["legal"][0]
        sockets[first].send_json(
            {"type": "action", "action": action["action"], "id": "a1", "expect": 0}
        )
        ack = receive_state(sockets[first], lambda m: m["type"] == "ack")
        assert ack["id"] == "a1" and ack["entry"]["action"] == action["action"]
        for w, seat in ((w0, 0), (w1, 1), (ws, None)):
            upd = receive_state(w, lambda m: m["type"] == "state" and m["game"]["actions"] == 1)
            assert upd["log_from"] == 0 and len(upd["log"]) == 1 or upd["log_from"] == 1
            assert upd["observation"] == engine_view(client, gid, seat)
            entry = (upd["log"] or [None])[-1]
            mine = {"index": 0, "seat": first, **action}  # its message and its text too
            if seat != first:  # the raw action string goes only to its actor
                del mine["action"]
            assert entry == mine


def test_websocket_refusals(client):
    g = create(client, TWO_HUMANS, seed=4)
    gid = g["id"]
    tokens = [s["token"] for s in g["seats"]]
    first = view(client, gid, tokens[0])["waiting_for"]
    second = 1 - first
    with ws_connect(client, gid, tokens[second]) as ws:
        receive_state(ws, state_msg)
        legal_of_first = view(client, gid, tokens[first])["legal"]

        def error_for(payload, raw=False):
            if raw:
                ws.send_text(payload)
            else:
                ws.send_json(payload)
            return receive_state(ws, lambda m: m["type"] in ("error", "pong", "ack"))

        e = error_for(
            {"type": "action", "action": legal_of_first[0]["action"], "id": 7, "expect": 0}
        )
        assert (e["status"], e["error"], e["id"]) == (409, "not_your_turn", 7)
        e = error_for("this is not json", raw=True)
        assert (e["status"], e["error"]) == (400, "malformed_message")
        e = error_for("[1, 2]", raw=True)
        assert e["error"] == "malformed_message"
        e = error_for({"type": "dance"})
        assert e["error"] == "malformed_message"
        e = error_for({"type": "action", "action": 12})
        assert (e["status"], e["error"]) == (400, "malformed_action")
        e = error_for({"type": "action", "action": "x" * 200})
        assert (e["status"], e["error"]) == (400, "malformed_action")
        e = error_for({"type": "ping", "id": 1})
        assert e == {"type": "pong", "id": 1}
        ws.send_bytes(b"\x00\x01")
        e = receive_state(ws, lambda m: m["type"] == "error")
        assert e["error"] == "malformed_message"
    # nothing changed
    assert view(client, gid, tokens[0])["log"] == []

    with ws_connect(client, gid, tokens[first]) as ws:
        receive_state(ws, state_msg)
        ws.send_json({"type": "action", "action": "region peru", "expect": 0})
        e = receive_state(ws, lambda m: m["type"] == "error")
        assert (e["status"], e["error"]) == (422, "illegal_action")
        ws.send_json({"type": "action", "action": legal_of_first[0]["action"], "expect": 3})
        e = receive_state(ws, lambda m: m["type"] == "error")
        assert (e["status"], e["error"]) == (409, "stale")
        # an oversized message closes the socket (1009: message too big)
        ws.send_text(json.dumps({"type": "action", "action": "skip", "pad": "p" * 5000}))
        e = receive_state(ws, lambda m: m["type"] == "error")
        assert (e["status"], e["error"]) == (413, "message_too_large")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1009
    assert view(client, gid, tokens[0])["log"] == []

    with ws_connect(client, gid, g["spectator"]["token"]) as ws:
        receive_state(ws, state_msg)
        ws.send_json({"type": "action", "action": legal_of_first[0]["action"], "expect": 0})
        e = receive_state(ws, lambda m: m["type"] == "error")
        assert (e["status"], e["error"]) == (403, "spectator")
    assert view(client, gid, tokens[0])["log"] == []


@pytest.mark.parametrize(
    "first, code, error",
    [
        ({"type": "auth"}, 4401, "missing_token"),
        ({"type": "auth", "token": "wrong"}, 4403, "bad_token"),
        ({"type": "auth", "token": 12}, 4401, "missing_token"),
        ({"type": "ping"}, 4401, "missing_token"),
        ("not json", 4401, "missing_token"),
    ],
)
def test_websocket_needs_a_token_of_this_game(client, first, code, error):
    g = create(client, TWO_HUMANS)
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        ws.send_text(first if isinstance(first, str) else json.dumps(first))
        e = ws.receive_json()
        assert e["type"] == "error" and e["error"] == error
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == code


def test_websocket_unknown_game(client):
    g = create(client, TWO_HUMANS)
    with ws_connect(client, "ffffffffffffffff", g["seats"][0]["token"]) as ws:
        assert ws.receive_json()["error"] == "unknown_game"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


def test_bot_moves_are_pushed_until_it_is_your_turn(client):
    g = create(client, [{"kind": "bot", "bot": "random"}, {"kind": "human"}], seed=2)
    gid, token = g["id"], g["seats"][1]["token"]
    # This client answers as fast as the bot moves: faster than a person, and than the limits.
    client.app.state.manager.limits = Limits(message_rate=1000, message_burst=1000)
    seen = []
    with ws_connect(client, gid, token) as ws:
        turns = 0
        while turns < 20:  # play a few of our turns over the socket
            m = receive_state(ws, lambda m: m["type"] != "ack")
            assert m["type"] == "state", m
            assert m["log_from"] == len(seen)
            seen.extend(m["log"])
            if m["legal"]:
                ws.send_json(
                    {
                        "type": "action",
                        "action": m["legal"][0]["action"],
                        "expect": m["game"]["actions"],
                    }
                )
                turns += 1
        v = view(client, gid, token)
    # Log deltas add up to exactly the log, with no gaps or repeats.
    assert [e["index"] for e in seen] == list(range(len(seen)))
    assert seen == v["log"][: len(seen)]
    assert {e["seat"] for e in seen} == {0, 1}


def test_http_and_websocket_clients_see_the_same_game(client):
    g = create(client, TWO_HUMANS, seed=8)
    gid = g["id"]
    tokens = [s["token"] for s in g["seats"]]
    first = view(client, gid, tokens[0])["waiting_for"]
    with ws_connect(client, gid, tokens[1 - first]) as ws:
        receive_state(ws, state_msg)
        legal = view(client, gid, tokens[first])["legal"]
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"action": legal[-1]["action"], "expect": 0},
            headers=auth(tokens[first]),
        )
        assert r.status_code == 200
        m = receive_state(ws, lambda m: m["type"] == "state" and m["game"]["actions"] == 1)
        assert m["log"][-1]["text"] == legal[-1]["text"] and "action" not in m["log"][-1]


def test_connections_per_game_are_limited(sqlite_url):
    app = create_app(sqlite_url)
    app.state.manager.max_connections_per_game = 2
    with TestClient(app) as client:
        g = create(client, TWO_HUMANS)
        gid, ann = g["id"], g["seats"][0]["token"]
        with ws_connect(client, gid, ann) as a, ws_connect(client, gid, ann) as b:
            receive_state(a, state_msg)
            receive_state(b, state_msg)
            with ws_connect(client, gid, ann) as c:
                assert c.receive_json()["error"] == "too_many_connections"
                with pytest.raises(WebSocketDisconnect) as closed:
                    c.receive_json()
                assert (closed.value.code, closed.value.reason) == (4429, "too_many_connections")
            # The seats' cap is theirs: a spectator is let in all the same.
            with ws_connect(client, gid, g["spectator"]["token"]) as d:
                assert receive_state(d, state_msg)["you"] is None
        with ws_connect(client, gid, ann) as e:  # the count went down again
            assert receive_state(e, state_msg)["you"] == 0


SPECTATING = dict(connect_rate=1000.0, connect_burst=1000.0, view_rate=1000.0, view_burst=1000.0)


def open_spectators(client, stack, gid, token, n):
    """Open ``n`` spectator websockets; the refusals' (error, close code, close reason)."""
    refused = []
    for _ in range(n):
        ws = stack.enter_context(ws_connect(client, gid, token))
        first = ws.receive_json()
        if first["type"] == "error":
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            refused.append((first["error"], closed.value.code, closed.value.reason))
    return refused


def test_spectators_from_one_address_never_keep_the_seats_out(sqlite_url):
    """64 spectator sockets from one address (the old cap of a whole game): the address's own
    cap refuses most of them, with a reason, and the seats' sockets are let in."""
    limits = Limits(**SPECTATING, spectators_per_client=16)
    with TestClient(create_app(sqlite_url, limits=limits)) as client:
        g = create(client, TWO_HUMANS)
        gid, spectator = g["id"], g["spectator"]["token"]
        with contextlib.ExitStack() as stack:
            refused = open_spectators(client, stack, gid, spectator, 64)
            assert len(refused) == 64 - 16
            reason = "too_many_spectator_connections"
            assert set(refused) == {(reason, 4429, reason)}
            for seat in g["seats"]:
                with ws_connect(client, gid, seat["token"]) as ws:
                    assert receive_state(ws, state_msg)["you"] == seat["seat"]


def test_a_game_caps_its_spectators_apart_from_its_seats(sqlite_url):
    limits = Limits(**SPECTATING, spectators_per_game=64, spectators_per_client=100)
    with TestClient(create_app(sqlite_url, limits=limits)) as client:
        client.app.state.manager.max_connections_per_game = 64
        g = create(client, TWO_HUMANS)
        gid, spectator = g["id"], g["spectator"]["token"]
        with contextlib.ExitStack() as stack:
            assert open_spectators(client, stack, gid, spectator, 64) == []
            refused = open_spectators(client, stack, gid, spectator, 2)
            assert refused == [("too_many_spectators", 4429, "too_many_spectators")] * 2
            # A full house of spectators: both seats still get in, on several sockets each.
            for seat in g["seats"]:
                for _ in range(3):
                    ws = stack.enter_context(ws_connect(client, gid, seat["token"]))
                    assert receive_state(ws, state_msg)["you"] == seat["seat"]
        with ws_connect(client, gid, spectator) as ws:  # the spectators went: room again
            assert receive_state(ws, state_msg)["you"] is None


def test_a_bots_reply_under_way_is_pushed_with_the_action_it_answers(client):
    """A push waits for a commit already under way: when the random bot answers a human's
    action at once, the seat and the spectator get one state holding both (never the state in
    between, with the bot to act after the human's move), and the log deltas still add up."""
    g = create(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=5)
    gid, token, spectator = g["id"], g["seats"][0]["token"], g["spectator"]["token"]
    client.app.state.manager.limits = Limits(message_rate=1000, message_burst=1000)
    logs: dict[str, list] = {"seat": [], "spectator": []}
    states = {"seat": 0, "spectator": 0}
    between = []

    def take(name, m):
        assert m["log_from"] == len(logs[name])
        logs[name].extend(m["log"])
        states[name] += 1
        if m["waiting_for"] == 1 and logs[name] and logs[name][-1]["seat"] == 0:
            between.append((name, m["game"]["actions"]))

    with ws_connect(client, gid, token) as ws, ws_connect(client, gid, spectator) as watch:
        for _ in range(30):
            m = receive_state(ws, state_msg)
            take("seat", m)
            while not m["legal"]:
                m = receive_state(ws, state_msg)
                take("seat", m)
            action = m["legal"][0]["action"]
            ws.send_json({"type": "action", "action": action, "expect": m["game"]["moves"]})
            assert receive_state(ws, lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
        # the spectator's states, up to the last action the seat has seen
        while len(logs["spectator"]) < len(logs["seat"]):
            take("spectator", receive_state(watch, state_msg))
        v = view(client, gid, token)
    assert between == []
    assert states["seat"] < len(logs["seat"]) and states["spectator"] < len(logs["spectator"])
    for name in logs:
        assert [e["index"] for e in logs[name]] == list(range(len(logs[name])))
        assert [e["text"] for e in logs[name]] == [e["text"] for e in v["log"][: len(logs[name])]]
