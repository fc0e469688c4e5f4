"""Committing an action without copying the game: the engine checks it, the store keeps it, and
only then does the live state change in place. A refused action, a failed write or an engine
failure changes nothing anyone can see. Each test runs on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from empires.bots import make_bot
from empires.core.engine import EngineGame
from empires.core.errors import IllegalActionError
from empires.discovery import new_game
from empires.server import create_app
from empires.server.db import Store
from empires.server.manager import build_game
from tests.server.server_helpers import auth, rows, view


def one_action_from_the_end(db_url, seed=21):
    """A stored two-human game whose next action ends it: (game id, tokens, that action, the
    seat to play it)."""
    reference = new_game(2, seed=seed)
    bot = make_bot("random", "discovery", seed)
    while not reference.is_terminal():
        reference.apply(bot.choose(reference))
    actions = reference.history["actions"]
    new = build_game("discovery", [{"kind": "human"}, {"kind": "human"}], None, seed, actions[:-1])
    store = Store(db_url)
    store.migrate()
    store.create_game(new.row)
    store.close()
    return new.row.id, new.tokens, actions[-1], new.state.current_player


def post(client, gid, token, action, expect):
    return client.post(
        f"/api/games/{gid}/actions", json={"action": action, "expect": expect}, headers=auth(token)
    )


def test_check_names_the_action_and_changes_nothing():
    game = new_game(3, seed=5)
    before = game.to_json()
    legal = game.legal_actions()
    assert game.check(str(legal[0])) == legal[0]
    assert game.check(legal[-1]) is legal[-1]
    with pytest.raises(IllegalActionError):
        game.check("region peru")
    assert game.to_json() == before
    game.apply(game.check(str(legal[0])))
    assert game.history["actions"] == [str(legal[0])]


def test_a_commit_makes_no_copy_of_the_game(db_url, monkeypatch):
    gid, tokens, _, _ = one_action_from_the_end(db_url)
    app = create_app(db_url)
    with TestClient(app) as client:
        first = view(client, gid, tokens[0])
        seat = first["waiting_for"]
        live = app.state.manager.games[gid]

        def no_clone(self):
            raise AssertionError("the commit copied the game")

        monkeypatch.setattr(EngineGame, "clone", no_clone)
        state_before = live.state
        legal = view(client, gid, tokens[seat])["legal"]
        assert post(client, gid, tokens[seat], "region peru", len(first["log"])).status_code == 422
        assert live.state is state_before and view(client, gid, tokens[seat])["legal"] == legal


def test_a_failed_write_of_the_last_action_changes_nothing(db_url, monkeypatch):
    gid, tokens, last, seat = one_action_from_the_end(db_url)
    app = create_app(db_url)
    with TestClient(app) as client:
        before = view(client, gid, tokens[seat])
        live = app.state.manager.games[gid]
        history = live.state.history
        store = app.state.manager.store

        def broken(*args, **kwargs):
            raise OSError("disk on fire")

        monkeypatch.setattr(store, "append_actions", broken)
        r = post(client, gid, tokens[seat], last, len(before["log"]))
        assert r.status_code == 503 and r.json()["error"] == "storage_error"
        after = view(client, gid, tokens[seat])
        assert live.state.history == history and not live.state.is_terminal()
        assert after["observation"] == before["observation"] and after["legal"] == before["legal"]
        assert after["game"]["status"] == "active" and after["log"] == before["log"]
        monkeypatch.undo()
        r = post(client, gid, tokens[seat], last, len(before["log"]))
        assert r.status_code == 200 and r.json()["accepted"]["action"] == last
        done = view(client, gid, tokens[seat])
        assert done["observation"]["terminal"] and done["game"]["status"] == "finished"
    assert rows(db_url, "SELECT status FROM games WHERE id = :g", g=gid) == [("finished",)]
    count = rows(db_url, "SELECT count(*) FROM actions WHERE game_id = :g", g=gid)[0][0]
    assert count == len(before["log"]) + 1


def test_an_engine_failure_after_the_write_stops_the_game(db_url, monkeypatch):
    gid, tokens, last, seat = one_action_from_the_end(db_url)
    app = create_app(db_url)
    with TestClient(app) as client:
        before = view(client, gid, tokens[seat])
        live = app.state.manager.games[gid]

        def failing(self, action):
            raise RuntimeError("engine bug")

        monkeypatch.setattr(type(live.state), "_apply", failing)
        r = post(client, gid, tokens[seat], last, len(before["log"]))
        assert r.status_code == 500 and r.json()["error"] == "engine_error"
        after = view(client, gid, tokens[seat])
        assert after["game"]["status"] == "error" and "engine failed" in after["game"]["error"]
        assert after["legal"] == [] and after["log"] == before["log"]
        r = post(client, gid, tokens[seat], last, len(before["log"]))
        assert r.status_code == 409 and r.json()["error"] == "game_broken"


def test_a_random_bot_plays_on_the_live_game_the_moves_it_would_make_on_a_copy(
    sqlite_url, monkeypatch
):
    """The random bot only reads the state: it plays on the event loop, on the live game, with
    no copy, and makes the very moves :func:`bot_choose` makes on a copy of each position."""
    from empires.server.bot_runner import INLINE_BOTS, bot_choose
    from empires.server.manager import bot_seed

    assert "random" in INLINE_BOTS and "heuristic" not in INLINE_BOTS
    seed = 12
    reference = new_game(2, seed=seed)
    while not reference.is_terminal():
        own = bot_seed(seed, reference.current_player, len(reference.history["actions"]))
        reference.apply(bot_choose("random", own, reference.clone()))

    def no_clone(self):
        raise AssertionError("a random bot's move copied the game")

    monkeypatch.setattr(EngineGame, "clone", no_clone)
    app = create_app(sqlite_url)
    with TestClient(app) as client:
        bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
        r = client.post("/api/games", json={"seats": bots, "seed": seed})
        assert r.status_code == 201, r.text
        live = app.state.manager.games[r.json()["id"]]
        client.portal.call(app.state.manager.idle, live)
        assert live.status == "finished", live.error
        assert live.state.history["actions"] == reference.history["actions"]
