"""Helpers that play through the web API (imported by the server tests)."""

from __future__ import annotations

import time
from contextlib import contextmanager

from empires.bots import make_bot
from empires.core.adapter import get_adapter
from empires.server.db import Store
from empires.server.manager import build_game


def store_built(db_url: str, new):
    """Store a game made by ``build_game`` (the test-only way in) in a migrated database at
    ``db_url``; returns ``new``."""
    store = Store(db_url)
    store.migrate()
    store.create_game(new.row)
    store.close()
    return new


def store_game(db_url: str, game: str, seats, seed: int, actions=None, options=None, **extra):
    """``build_game(game, seats, options, seed, actions, **extra)`` stored at ``db_url``."""
    return store_built(db_url, build_game(game, seats, options, seed, actions, **extra))


def near_the_end(game: str, seed: int, decisions_left: int = 0, players: int = 2) -> list[str]:
    """A random game's actions (every seat a random bot) up to where seat 0 has
    ``decisions_left`` real decisions left (0: the whole game)."""
    state = get_adapter(game).new_game(players, seed=seed)
    bots = [make_bot("random", game, seed + s) for s in range(players)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    actions = state.history["actions"]
    if decisions_left == 0:
        return actions
    state = get_adapter(game).new_game(players, seed=seed)
    mine = []
    for i, a in enumerate(actions):
        if state.current_player == 0 and len(state.legal_actions()) > 1:
            mine.append(i)
        state.apply(a)
    return actions[: mine[-decisions_left]]


def rows(url, sql, **params):
    """The rows of ``sql`` run on the database at ``url``."""
    from sqlalchemy import create_engine, text

    from empires.server.db import normalize_url

    engine = create_engine(normalize_url(url))
    with engine.connect() as conn:
        out = conn.execute(text(sql), params).all()
    engine.dispose()
    return out


def auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def create(client, seats, status=201, **extra):
    body = {"seats": seats, **extra}
    r = client.post("/api/games", json=body)
    assert r.status_code == status, r.text
    return r.json()


def human_vs_bot(client, seed=7, bot="random", **extra):
    g = create(
        client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": bot}], seed=seed, **extra
    )
    return g["id"], g["seats"][0]["token"], g


def view(client, gid, token):
    r = client.get(f"/api/games/{gid}", headers=auth(token))
    while r.status_code == 429:  # polling faster than a client may: wait as told
        time.sleep(float(r.headers["retry-after"]))
        r = client.get(f"/api/games/{gid}", headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()


def wait_for(client, gid, token, pred, timeout=20.0):
    """Poll the view until ``pred(view)``; bots move in the server's own thread."""
    deadline = time.monotonic() + timeout
    while True:
        v = view(client, gid, token)
        if pred(v):
            return v
        if time.monotonic() > deadline:
            raise AssertionError(
                f"timed out; last view: waiting_for={v['waiting_for']}, "
                f"{len(v['log'])} actions, status={v['game']['status']}"
            )
        time.sleep(0.01)


def my_turn(client, gid, token, timeout=20.0):
    return wait_for(
        client, gid, token, lambda v: v["legal"] or v["observation"]["terminal"], timeout
    )


def play(client, gid, token, count, pick=lambda legal, i: legal[i % len(legal)]["action"]):
    """Make ``count`` moves for the token's seat (deterministic choices); returns moves made."""
    made = 0
    for i in range(count):
        v = my_turn(client, gid, token)
        if v["observation"]["terminal"]:
            break
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"action": pick(v["legal"], i), "expect": len(v["log"])},
            headers=auth(token),
        )
        assert r.status_code == 200, r.text
        made += 1
    return made


def keys_anywhere(obj) -> set[str]:
    out: set[str] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.add(k)
            out |= keys_anywhere(v)
    elif isinstance(obj, list):
        for v in obj:
            out |= keys_anywhere(v)
    return out


@contextmanager
def ws_connect(client, gid, token):
    """A websocket to game ``gid`` authenticated by its first message (never by the URL)."""
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "auth", "token": token})
        yield ws
