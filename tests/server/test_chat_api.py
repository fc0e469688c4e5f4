"""Chat through the API and the websocket: seats post, every connection that asked for the chat
gets each message once and in order, spectators only read, text is cleaned and bounded, each
seat is rate limited (on a controllable clock), a new connection gets a bounded history, the
chat is kept in the database (a restarted server has it; finished games keep it) and its text
never reaches a log."""

from __future__ import annotations

import logging

import pytest
from starlette.testclient import TestClient

from empires.bots import make_bot
from empires.core.adapter import get_adapter
from empires.server import chat as chat_module
from empires.server import create_app
from empires.server.chat import CHAT_HISTORY, MAX_CHAT_LENGTH, clean
from empires.server.db import Store
from empires.server.manager import ApiError, Limits, build_game
from tests.server.server_helpers import auth, create, view, ws_connect

TWO_HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def new_game(client, **extra):
    g = create(client, TWO_HUMANS, seed=3, **extra)
    return g["id"], [s["token"] for s in g["seats"]], g["spectator"]["token"]


def post(client, gid, token, text, status=201):
    r = client.post(f"/api/games/{gid}/chat", json={"text": text}, headers=auth(token))
    assert r.status_code == status, r.text
    return r.json()


def history(client, gid, token):
    r = client.get(f"/api/games/{gid}/chat", headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()["messages"]


def next_of(ws, kind, limit=50):
    """The next message of type ``kind`` (state pushes in between are skipped)."""
    for _ in range(limit):
        m = ws.receive_json()
        if m["type"] == kind:
            return m
        assert m["type"] == "state", m
    raise AssertionError(f"no {kind} message")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(client):
    c = Clock()
    client.app.state.manager.chat.clock = c
    return c


def test_seats_post_and_everyone_reads_in_order(client, clock):
    gid, (ann, bob), spectator = new_game(client)
    first = post(client, gid, ann, "hello")["message"]
    assert first["n"] == 0 and first["seat"] == 0 and first["name"] == "Ann"
    assert first["text"] == "hello" and first["time"]
    second = post(client, gid, bob, "hi Ann")["message"]
    assert second["n"] == 1 and second["seat"] == 1
    for token in (ann, bob, spectator):
        got = history(client, gid, token)
        assert [(m["n"], m["seat"], m["name"], m["text"]) for m in got] == [
            (0, 0, "Ann", "hello"),
            (1, 1, "Bob", "hi Ann"),
        ]


def test_websocket_pushes_each_message_to_every_connection_in_order(client, clock):
    gid, (ann, bob), spectator = new_game(client)
    post(client, gid, ann, "before anyone listened")
    with (
        ws_connect_chat(client, gid, ann) as w0,
        ws_connect_chat(client, gid, spectator) as ws,
        ws_connect(client, gid, bob) as plain,  # did not ask for the chat
    ):
        for w in (w0, ws):
            start = next_of(w, "chat")
            assert start["history"] is True
            assert [m["text"] for m in start["messages"]] == ["before anyone listened"]
        w0.send_json({"type": "chat", "text": "one", "id": 7})
        ack = next_of(w0, "chat_ack")
        assert ack["id"] == 7 and ack["message"]["n"] == 1 and ack["message"]["text"] == "one"
        post(client, gid, bob, "two")
        w0.send_json({"type": "chat", "text": "three"})
        for w in (w0, ws):
            got = []
            while len(got) < 3:
                m = w.receive_json()
                if m["type"] == "chat":
                    assert m["history"] is False
                    got += m["messages"]
            assert [(m["n"], m["text"]) for m in got] == [(1, "one"), (2, "two"), (3, "three")]
        plain.send_json({"type": "ping", "id": 1})
        m = plain.receive_json()
        while m["type"] == "state":
            m = plain.receive_json()
        assert m == {"type": "pong", "id": 1}  # no chat pushed to a client that did not ask


def ws_connect_chat(client, gid, token):
    return _ChatSocket(client, gid, token)


class _ChatSocket:
    """A websocket whose auth message asks for the chat."""

    def __init__(self, client, gid, token) -> None:
        self.cm = client.websocket_connect(f"/ws/games/{gid}")
        self.token = token

    def __enter__(self):
        ws = self.cm.__enter__()
        ws.send_json({"type": "auth", "token": self.token, "chat": True})
        return ws

    def __exit__(self, *exc):
        return self.cm.__exit__(*exc)


def test_spectators_read_but_cannot_post(client, clock):
    gid, (ann, _), spectator = new_game(client)
    r = post(client, gid, spectator, "let me talk", status=403)
    assert r["error"] == "spectator"
    with ws_connect_chat(client, gid, spectator) as ws:
        next_of(ws, "chat")
        ws.send_json({"type": "chat", "text": "let me talk", "id": "s"})
        err = next_of(ws, "error")
        assert err["status"] == 403 and err["error"] == "spectator" and err["id"] == "s"
    assert history(client, gid, ann) == []


def test_tokens_and_games_are_checked(client):
    gid, (ann, _), _ = new_game(client)
    assert post(client, gid, "not-a-token", "x", status=403)["error"] == "bad_token"
    r = client.post(f"/api/games/{gid}/chat", json={"text": "x"})
    assert r.status_code == 401
    assert post(client, "0" * 16, ann, "x", status=404)["error"] == "unknown_game"
    r = client.post(f"/api/games/{gid}/chat", json={"text": 5}, headers=auth(ann))
    assert r.status_code == 422
    r = client.post(f"/api/games/{gid}/chat", json={"text": "x", "extra": 1}, headers=auth(ann))
    assert r.status_code == 422
    assert history(client, gid, ann) == []


def test_length_limit_and_empty_messages(client, clock):
    gid, (ann, _), _ = new_game(client)
    longest = "x" * MAX_CHAT_LENGTH
    assert post(client, gid, ann, longest)["message"]["text"] == longest
    r = post(client, gid, ann, longest + "y", status=422)
    assert r["error"] == "invalid_chat" and str(MAX_CHAT_LENGTH) in r["detail"]
    # collapsed white space does not count
    assert post(client, gid, ann, "  a" + " " * 400 + "b  ")["message"]["text"] == "a b"
    assert post(client, gid, ann, " \n\t\x00 ", status=422)["error"] == "invalid_chat"
    assert post(client, gid, ann, "z" * 5000, status=422)["error"] == "invalid_request"
    assert [m["text"] for m in history(client, gid, ann)] == [longest, "a b"]


def test_html_and_control_characters_are_text_not_markup(client, clock):
    gid, (ann, _), _ = new_game(client)
    raw = "<img src=x onerror=alert(1)>\x00\x07 line\nbreak\u202eevil\u0085 & <b>"
    text = post(client, gid, ann, raw)["message"]["text"]
    assert text == "<img src=x onerror=alert(1)> line breakevil & <b>"
    assert history(client, gid, ann)[0]["text"] == text  # stored as text; clients escape it


def test_clean_keeps_what_people_write():
    assert clean("¡Hola! 👋🏽 こんにちは — ça va?") == "¡Hola! 👋🏽 こんにちは — ça va?"
    assert clean("a\u200db") == "a\u200db"  # joiners (emoji sequences) are kept
    with pytest.raises(ApiError):
        clean(None)


def test_each_seat_is_rate_limited_on_its_own(client, clock):
    gid, (ann, bob), _ = new_game(client)
    limits = client.app.state.manager.limits
    burst = int(limits.chat_burst)
    for i in range(burst):
        post(client, gid, ann, f"m{i}")
    r = client.post(f"/api/games/{gid}/chat", json={"text": "too fast"}, headers=auth(ann))
    assert r.status_code == 429 and r.json()["error"] == "too_many_messages"
    assert int(r.headers["retry-after"]) >= 1
    post(client, gid, bob, "my own allowance")  # another seat is not held back
    with ws_connect_chat(client, gid, ann) as ws:
        next_of(ws, "chat")
        ws.send_json({"type": "chat", "text": "still too fast", "id": 1})
        assert next_of(ws, "error")["error"] == "too_many_messages"
    clock.now += 1 / limits.chat_rate  # time passes: one more message is allowed
    post(client, gid, ann, "later")
    post(client, gid, ann, "again too fast", status=429)
    texts = [m["text"] for m in history(client, gid, ann)]
    assert texts == [f"m{i}" for i in range(burst)] + ["my own allowance", "later"]


def test_history_on_connect_is_bounded(sqlite_url):
    limits = Limits(chat_burst=1000, chat_rate=1000)
    with TestClient(create_app(sqlite_url, limits=limits)) as client:
        gid, (ann, bob), _ = new_game(client)
        total = CHAT_HISTORY + 7
        for i in range(total):
            post(client, gid, (ann, bob)[i % 2], f"message {i}")
        got = history(client, gid, ann)
        assert len(got) == CHAT_HISTORY
        assert [m["n"] for m in got] == list(range(total - CHAT_HISTORY, total))
        with ws_connect_chat(client, gid, bob) as ws:
            start = next_of(ws, "chat")
            assert [m["text"] for m in start["messages"]] == [
                f"message {i}" for i in range(total - CHAT_HISTORY, total)
            ]


def _near_the_end(url: str):
    """A two-human game stored one action before its end (the test-only way in), and that
    last action."""
    state = get_adapter("discovery").new_game(2, seed=5)
    bots = [make_bot("random", "discovery", s) for s in range(2)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    actions = state.history["actions"]
    new = build_game("discovery", TWO_HUMANS, None, 5, actions[:-1])
    store = Store(url)
    store.migrate()
    store.create_game(new.row)
    store.close()
    return new, actions[-1]


def test_chat_is_kept_in_the_database_and_after_the_game(db_url):
    new, last = _near_the_end(db_url)
    gid, tokens, spectator = new.row.id, new.tokens, new.tokens[None]
    with TestClient(create_app(db_url)) as client:
        post(client, gid, tokens[0], "good luck")
    with TestClient(create_app(db_url)) as client:  # a restarted server
        assert [m["text"] for m in history(client, gid, spectator)] == ["good luck"]
        seat = new.state.current_player
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"action": last, "expect": len(new.log)},
            headers=auth(tokens[seat]),
        )
        assert r.status_code == 200, r.text
        assert view(client, gid, spectator)["game"]["status"] == "finished"
        post(client, gid, tokens[1], "good game")
        got = history(client, gid, spectator)
        assert [(m["n"], m["seat"], m["text"]) for m in got] == [
            (0, 0, "good luck"),
            (1, 1, "good game"),
        ]


def test_chat_text_never_reaches_a_log(client, clock, caplog, monkeypatch):
    gid, (ann, bob), _ = new_game(client)
    secret = "my-secret-chat-words-4711"
    with caplog.at_level(logging.DEBUG):
        post(client, gid, ann, secret)
        with ws_connect_chat(client, gid, bob) as ws:
            next_of(ws, "chat")
            ws.send_json({"type": "chat", "text": secret + " again"})
            next_of(ws, "chat_ack")

        def broken(engine, game_id, seat, text):
            raise RuntimeError(f"INSERT failed [parameters: ({game_id!r}, {text!r})]")

        monkeypatch.setattr(chat_module, "store_message", broken)
        r = post(client, gid, ann, secret + " lost", status=503)
        assert r["error"] == "storage_error"
    assert any("cannot store a chat message" in r.getMessage() for r in caplog.records)
    logged = caplog.text + "".join(str(r.args) + str(r.exc_info) for r in caplog.records)
    assert secret not in logged


def test_players_chat_while_a_game_waits_for_players(client, clock):
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "open"}], seed=3)
    assert view(client, g["id"], g["seats"][0]["token"])["game"]["status"] == "waiting"
    post(client, g["id"], g["seats"][0]["token"], "anyone?")
    assert [m["text"] for m in history(client, g["id"], g["spectator"]["token"])] == ["anyone?"]


def test_writers_racing_for_message_numbers_all_land(db_url):
    """Several servers (here: threads with their own engine) posting to one game: every message
    gets its own number, none is lost."""
    from concurrent.futures import ThreadPoolExecutor

    new, _ = _near_the_end(db_url)
    stores = [Store(db_url) for _ in range(3)]
    try:

        def write(i: int) -> int:
            return chat_module.store_message(stores[i % 3].engine, new.row.id, i % 2, f"m{i}")["n"]

        with ThreadPoolExecutor(3) as pool:
            numbers = list(pool.map(write, range(45)))
        assert sorted(numbers) == list(range(45))
        stored = chat_module.load_messages(stores[0].engine, new.row.id, limit=100)
        assert sorted(m["text"] for m in stored) == sorted(f"m{i}" for i in range(45))
    finally:
        for store in stores:
            store.close()
