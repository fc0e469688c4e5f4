"""Storage: every action is stored before it is acknowledged, and a new server on the same
database resumes every game exactly where it was. Each test runs on SQLite and PostgreSQL."""

from __future__ import annotations

import time

import pytest
from sqlalchemy import create_engine, inspect, text
from starlette.testclient import TestClient

from empires.discovery import replay
from empires.server import create_app
from empires.server.db import Store, normalize_url
from empires.server.manager import build_game
from tests.server.server_helpers import (
    auth,
    create,
    human_vs_bot,
    my_turn,
    play,
    rows,
    view,
    wait_for,
)


def test_schema_is_migrated_by_alembic(db_url):
    with TestClient(create_app(db_url)):
        pass
    with TestClient(create_app(db_url)):  # upgrading again is a no-op
        pass
    engine = create_engine(normalize_url(db_url))
    names = set(inspect(engine).get_table_names())
    engine.dispose()
    assert {"games", "seats", "actions", "hints", "analyses", "alembic_version"} <= names
    # Features branch off one revision: the database is at every head of the migrations.
    from importlib import resources

    from alembic.script import ScriptDirectory

    heads = ScriptDirectory(
        str(resources.files("empires.server").joinpath("migrations"))
    ).get_heads()
    assert "0009_rating_changes" in heads and "0007_accounts" not in heads
    stored = rows(db_url, "SELECT version_num FROM alembic_version")
    assert sorted(r[0] for r in stored) == sorted(heads)


def test_every_acknowledged_action_is_stored(db_url):
    with TestClient(create_app(db_url)) as client:
        gid, token, _ = human_vs_bot(client, seed=21)
        play(client, gid, token, 8)
        v = my_turn(client, gid, token)
        stored = rows(
            db_url,
            'SELECT "index", seat, action FROM actions WHERE game_id = :g ORDER BY "index"',
            g=gid,
        )
        assert [tuple(r)[:2] for r in stored] == [(e["index"], e["seat"]) for e in v["log"]]
        # the seat's own actions come back to it as stored (others' only as words)
        assert [tuple(r) for r in stored if r[1] == 0] == [
            (e["index"], e["seat"], e["action"]) for e in v["log"] if e["seat"] == 0
        ]
        (game,) = rows(db_url, "SELECT game, status, seed, config FROM games WHERE id = :g", g=gid)
        assert game[0] == "discovery" and game[1] == "active" and game[2] == 21
        seats = rows(
            db_url, "SELECT seat, kind, bot FROM seats WHERE game_id = :g ORDER BY seat", g=gid
        )
        assert [tuple(s) for s in seats] == [(0, "human", None), (1, "bot", "random")]


def test_restart_resumes_games_exactly(db_url, tmp_path):
    """A game interrupted by a restart continues exactly as one that never was."""
    seats = [
        {"kind": "human", "name": "Ann"},
        {"kind": "bot", "bot": "heuristic"},
        {"kind": "bot", "bot": "random"},
    ]
    options = {"variants": ["scouting"]}

    def pick(legal, i):
        return legal[(i * 7) % len(legal)]["action"]

    # Reference: 30 human moves in one server life (SQLite, its own file).
    ref_url = f"sqlite:///{tmp_path / 'reference.db'}"
    with TestClient(create_app(ref_url)) as client:
        g = create(client, seats, seed=77, options=options)
        play(client, g["id"], g["seats"][0]["token"], 30, pick)
        reference = my_turn(client, g["id"], g["seats"][0]["token"])["log"]

    # The same game with two restarts on the database under test.
    with TestClient(create_app(db_url)) as client:
        g = create(client, seats, seed=77, options=options)
        gid, token = g["id"], g["seats"][0]["token"]
        spectator = g["spectator"]["token"]
        play(client, gid, token, 10, pick)
        before = my_turn(client, gid, token)
    with TestClient(create_app(db_url)) as client:
        again = view(client, gid, token)
        assert again["log"] == before["log"] and again["legal"] == before["legal"]
        assert again["observation"] == before["observation"]
        assert view(client, gid, spectator)["you"] is None  # the spectator link still works
        moves = [pick(before["legal"], 10)]
        client.post(
            f"/api/games/{gid}/actions",
            json={"action": moves[0], "expect": len(before["log"])},
            headers=auth(token),
        )
        # stop while the bots may be thinking
    with TestClient(create_app(db_url)) as client:
        play(client, gid, token, 19, lambda legal, i: pick(legal, i + 11))
        resumed = my_turn(client, gid, token)["log"]
    assert resumed == reference


def test_all_bot_games_resume_after_a_restart_and_finish_identically(db_url, tmp_path):
    seats = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "heuristic"}]
    ref_url = f"sqlite:///{tmp_path / 'reference.db'}"
    with TestClient(create_app(ref_url)) as client:
        g = create(client, seats, seed=5)
        done = wait_for(
            client,
            g["id"],
            g["spectator"]["token"],
            lambda v: v["observation"]["terminal"],
            timeout=60,
        )
    # 20 ms a bot move: the game (about 200 moves) is still on some seconds after the 20th move,
    # when this server stops, however slowly a busy machine runs this thread.
    with TestClient(create_app(db_url, bot_delay=0.02)) as client:
        g = create(client, seats, seed=5)
        gid, spectator = g["id"], g["spectator"]["token"]
        wait_for(client, gid, spectator, lambda v: len(v["log"]) >= 20)
    stopped_at = rows(db_url, "SELECT count(*) FROM actions WHERE game_id = :g", g=gid)[0][0]
    assert 20 <= stopped_at < len(done["log"])
    with TestClient(create_app(db_url)) as client:
        final = wait_for(client, gid, spectator, lambda v: v["observation"]["terminal"], timeout=60)
        history = client.get(f"/api/games/{gid}/replay", headers=auth(spectator)).json()["history"]
    assert final["log"] == done["log"] and final["result"] == done["result"]
    assert replay(history).scores() == done["result"]["scores"]
    assert rows(db_url, "SELECT status FROM games WHERE id = :g", g=gid) == [("finished",)]


def test_finished_games_are_loaded_when_asked_for(db_url):
    with TestClient(create_app(db_url)) as client:
        g = create(client, [{"kind": "bot", "bot": "random"}] * 2, seed=3)
        done = wait_for(
            client,
            g["id"],
            g["spectator"]["token"],
            lambda v: v["observation"]["terminal"],
            timeout=60,
        )
    app = create_app(db_url)
    with TestClient(app) as client:
        assert g["id"] not in app.state.manager.games  # only active games are loaded at start
        again = view(client, g["id"], g["spectator"]["token"])
        assert again["log"] == done["log"] and again["result"] == done["result"]
        r = client.get(
            f"/api/games/{g['id']}/replay/{len(done['log'])}",
            headers=auth(g["seats"][0].get("token", g["spectator"]["token"])),
        )
        assert r.status_code == 200


def test_a_failed_write_changes_nothing(db_url, monkeypatch):
    app = create_app(db_url)
    with TestClient(app) as client:
        g = create(client, [{"kind": "human"}, {"kind": "human"}], seed=1)
        gid = g["id"]
        tokens = [s["token"] for s in g["seats"]]
        first = view(client, gid, tokens[0])["waiting_for"]
        legal = view(client, gid, tokens[first])["legal"]
        store = app.state.manager.store

        def broken(*args, **kwargs):
            raise OSError("disk on fire")

        monkeypatch.setattr(store, "append_actions", broken)
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"action": legal[0]["action"], "expect": 0},
            headers=auth(tokens[first]),
        )
        assert r.status_code == 503 and r.json()["error"] == "storage_error"
        assert view(client, gid, tokens[first])["log"] == []
        assert view(client, gid, tokens[first])["legal"] == legal
        monkeypatch.undo()
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"action": legal[0]["action"], "expect": 0},
            headers=auth(tokens[first]),
        )
        assert r.status_code == 200
    assert rows(db_url, "SELECT count(*) FROM actions WHERE game_id = :g", g=gid) == [(1,)]


def test_a_game_whose_history_no_longer_replays_is_reported_not_resumed(db_url):
    with TestClient(create_app(db_url)) as client:
        gid, token, _ = human_vs_bot(client, seed=4)
        play(client, gid, token, 3)
        my_turn(client, gid, token)
    engine = create_engine(normalize_url(db_url))
    with engine.begin() as conn:
        conn.execute(
            text('UPDATE actions SET action = :a WHERE game_id = :g AND "index" = 2'),
            {"a": "region peru", "g": gid},
        )
    engine.dispose()
    with TestClient(create_app(db_url)) as client:
        v = view(client, gid, token)
        assert v["game"]["status"] == "error" and "cannot be resumed" in v["game"]["error"]
        assert len(v["log"]) == 2 and v["legal"] == []
        r = client.post(
            f"/api/games/{gid}/actions", json={"action": "skip", "expect": 2}, headers=auth(token)
        )
        assert r.status_code == 409 and r.json()["error"] == "game_broken"


def test_store_can_seed_a_game_from_a_history(db_url):
    """The test-only way in: a game built from a known history, stored, then served."""
    from empires.discovery import new_game

    reference = new_game(2, seed=13)
    from empires.bots import make_bot

    bot = make_bot("random", "discovery", 1)
    for _ in range(40):
        reference.apply(bot.choose(reference))
    new = build_game(
        "discovery",
        [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        None,
        13,
        reference.history["actions"],
    )
    store = Store(db_url)
    store.migrate()
    store.create_game(new.row)
    store.close()
    with TestClient(create_app(db_url)) as client:
        token = new.tokens[0]
        v = view(client, new.row.id, token)
        assert [e.get("action") for e in v["log"]][:40] == [
            a if new.row.actions[i][0] == 0 else None
            for i, a in enumerate(reference.history["actions"])
        ]


@pytest.mark.parametrize("prefix", ["postgresql://", "postgres://"])
def test_plain_postgres_urls_use_psycopg3(prefix):
    assert normalize_url(prefix + "u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("sqlite:///x.db") == "sqlite:///x.db"


def test_bot_moves_are_a_function_of_the_history(sqlite_url, tmp_path):
    """Two servers, same seed and same human moves: the bots answer the same."""
    logs = []
    for name in ("a", "b"):
        with TestClient(create_app(f"sqlite:///{tmp_path / name}.db")) as client:
            gid, token, _ = human_vs_bot(client, seed=99, bot="heuristic")
            play(client, gid, token, 12)
            logs.append(my_turn(client, gid, token)["log"])
            time.sleep(0.01)
    assert logs[0] == logs[1]


def test_games_stored_before_the_expiry_columns_are_upgraded(db_url):
    """A database at the first revision, with a game a human acted in and one nobody did, is
    upgraded in place: both count as touched when they were created, the first as acted in."""
    from importlib import resources

    from alembic import command
    from alembic.config import Config

    engine = create_engine(normalize_url(db_url))
    cfg = Config()
    cfg.set_main_option(
        "script_location", str(resources.files("empires.server").joinpath("migrations"))
    )
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001_initial")
    stamp = "2026-01-02 03:04:05+00:00"
    with engine.begin() as conn:
        for gid in ("a" * 16, "b" * 16):
            conn.execute(
                text(
                    "INSERT INTO games (id, game, config, seed, status, "
                    "spectator_token_hash, created) VALUES (:g, 'discovery', "
                    "'{\"num_players\": 2, \"options\": {}}', 1, 'active', 'x', :t)"
                ),
                {"g": gid, "t": stamp},
            )
            conn.execute(
                text(
                    "INSERT INTO seats (game_id, seat, kind, name) VALUES "
                    "(:g, 0, 'human', 'Ann'), (:g, 1, 'bot', 'Bot')"
                ),
                {"g": gid},
            )
        conn.execute(
            text(
                'INSERT INTO actions (game_id, "index", seat, action, created) '
                "VALUES (:g, 0, 0, 'skip', :t)"
            ),
            {"g": "a" * 16, "t": stamp},
        )
    engine.dispose()
    Store(db_url).migrate()
    got = rows(
        db_url,
        "SELECT id, seeded, seed_salt, touched IS NOT NULL, last_human IS NOT NULL "
        "FROM games ORDER BY id",
    )
    assert [tuple(r) for r in got] == [
        ("a" * 16, False, None, True, True),
        ("b" * 16, False, None, True, False),
    ]
    # Nothing was lost on the way (a table copy on SQLite would cascade-delete these).
    assert rows(db_url, "SELECT count(*) FROM seats") == [(4,)]
    assert rows(db_url, "SELECT count(*) FROM actions") == [(1,)]
