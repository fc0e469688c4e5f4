"""The server against hostile clients (issue #11): no client value becomes a path, secret moves
stay secret, limits per client, expiry, idempotent submissions, corrupt rows quarantined, and
clear errors for bad names and deeply nested JSON."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
from datetime import timedelta

import pytest
from sqlalchemy import create_engine, text
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from empires.server import create_app
from empires.server.db import Store, normalize_url, now
from empires.server.manager import GameManager, Limits
from empires.server.serve_options import parse_card_sets, parse_duration
from tests.server.server_helpers import auth, create, keys_anywhere, view, wait_for, ws_connect

TWO_HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
SETTLERS_CARDS = os.path.join(
    os.path.dirname(__file__), "..", "..", "src", "empires", "settlers", "data", "cards.json"
)


def sql(url, statement, **params):
    engine = create_engine(normalize_url(url))
    with engine.begin() as conn:
        result = conn.execute(text(statement), params)
        out = result.all() if result.returns_rows else None
    engine.dispose()
    return out


# ---- 1. no client value is ever a server-side path ----------------------------------------------


@pytest.mark.parametrize(
    "cards",
    ["/etc/shadow", "/dev/zero", "../../etc/passwd", "cards.json", "standard", 7, ["x"], ""],
)
def test_a_card_path_from_a_client_is_refused_without_touching_the_filesystem(
    client, cards, monkeypatch, tmp_path
):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    opened = []
    import empires.settlers.cards as cards_module

    monkeypatch.setattr(cards_module, "load_cards", lambda path: opened.append(path))
    for value in (cards, str(fifo)):
        r = client.post(
            "/api/games",
            json={
                "game": "settlers",
                "seats": [{"kind": "human"}] * 2,
                "options": {"cards": value},
            },
        )
        assert r.status_code == 422, r.text
        assert r.json()["error"] in ("invalid_options", "invalid_request")
        assert "/" not in r.json()["detail"] and "shadow" not in r.json()["detail"]
    assert opened == []
    assert client.app.state.manager.games == {}


def test_operator_card_sets_are_chosen_by_name(sqlite_url, tmp_path):
    card_file = tmp_path / "house-cards.json"
    card_file.write_text(open(SETTLERS_CARDS, encoding="utf-8").read(), encoding="utf-8")
    sets = parse_card_sets([f"house={card_file}"])
    assert sets == {"house": str(card_file.resolve())}
    with TestClient(create_app(sqlite_url, card_sets=sets)) as client:
        assert client.get("/api/meta").json()["card_sets"] == ["house"]
        g = create(client, [{"kind": "human"}] * 2, game="settlers", options={"cards": "house"})
        assert g["options"]["cards"] == "house"
        v = view(client, g["id"], g["seats"][0]["token"])
        assert v["game"]["options"]["cards"] == "house"
        assert str(tmp_path) not in json.dumps(v)
        r = client.post(
            "/api/games",
            json={
                "game": "settlers",
                "seats": [{"kind": "human"}] * 2,
                "options": {"cards": "other"},
            },
        )
        assert r.status_code == 422 and "house" in r.json()["detail"]
    # Stored by name; a restarted server resolves the name to the operator's file again.
    (config,) = sql(sqlite_url, "SELECT config FROM games")[0]
    assert json.loads(config)["card_set"] == "house"
    with TestClient(create_app(sqlite_url, card_sets=sets)) as client:
        assert view(client, g["id"], g["seats"][0]["token"])["game"]["status"] == "active"
    with TestClient(create_app(sqlite_url)) as client:  # the set is no longer offered
        r = client.get(f"/api/games/{g['id']}", headers=auth(g["seats"][0]["token"]))
        assert r.status_code == 409 and r.json()["error"] == "card_set_unavailable"
        assert "house" in r.json()["detail"] and str(tmp_path) not in r.text
    with TestClient(create_app(sqlite_url, card_sets=sets)) as client:  # offered again
        assert view(client, g["id"], g["seats"][0]["token"])["game"]["status"] == "active"


def test_serve_checks_card_sets_and_durations(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    for spec in [
        "nofile",
        "x=",
        f"Bad Name={bad}",
        f"fifo={fifo}",
        f"bad={bad}",
        f"missing={tmp_path / 'none.json'}",
    ]:
        with pytest.raises(ValueError):
            parse_card_sets([spec])
    assert parse_duration("24h") == 86400 and parse_duration("90") == 90
    assert parse_duration("7d") == 7 * 86400 and parse_duration("1.5m") == 90
    for bad_duration in ("", "0", "-1h", "1w", "h"):
        with pytest.raises(ValueError):
            parse_duration(bad_duration)


# ---- 2. secret moves are told to each viewer as that viewer may know them ----------------------


def _settlers_secret_history():
    """A settlers history (alternate lookout) whose next move is a secret pick."""
    from empires.settlers import new_game
    from empires.settlers.options import Options

    options = Options(variants=("alternate-lookout",))
    for seed in range(1, 40):
        game = new_game(2, seed=seed, options=options)
        rng = random.Random(seed)
        played = []
        for _ in range(300):
            if game.is_terminal():
                break
            action = rng.choice(game.legal_actions())
            if game.describe_for(action, None) != game.describe(action):
                return seed, played, str(action), game
            game.apply(action)
            played.append(str(action))
    raise AssertionError("no secret move found")


def test_a_secret_pick_is_named_only_to_its_actor(client):
    seed, played, secret, game = _settlers_secret_history()
    actor = game.current_player
    true_text = game.describe(secret)
    manager = client.app.state.manager
    live, tokens = client.portal.call(
        lambda: manager.create(
            "settlers",
            [{"kind": "human"}, {"kind": "human"}],
            {"variants": ["alternate-lookout"]},
            seed,
            played,
        )
    )
    r = client.post(
        f"/api/games/{live.id}/actions",
        json={"action": secret, "expect": len(played)},
        headers=auth(tokens[actor]),
    )
    assert r.status_code == 200, r.text
    assert r.json()["accepted"]["text"] == true_text
    other = 1 - actor
    for token, seat in ((tokens[actor], actor), (tokens[other], other), (tokens[None], None)):
        v = view(client, live.id, token)
        entry = v["log"][len(played)]
        events = [e for e in v["events"] if e["kind"] == "action"]
        assert len(events) == len(v["log"])
        if seat == actor:
            assert entry["action"] == secret and entry["text"] == true_text
            assert events[-1]["action"] == secret
        else:
            assert "action" not in entry and entry["text"] != true_text
            assert true_text not in json.dumps(v["log"]) and secret not in json.dumps(v)
            assert events[-1].get("redacted") is True
    # Over the websocket too, incrementally: the events continue where the last push ended.
    with ws_connect(client, live.id, tokens[other]) as ws:
        first = ws.receive_json()
        assert first["events_from"] == 0 and secret not in json.dumps(first)
        seqs = [e["seq"] for e in first["events"]]
        assert seqs == list(range(len(seqs)))


def test_every_state_message_carries_the_viewers_events(client):
    g = create(client, TWO_HUMANS, seed=4)
    gid = g["id"]
    tokens = [s["token"] for s in g["seats"]]
    first = view(client, gid, tokens[0])["waiting_for"]
    with ws_connect(client, gid, tokens[first]) as ws:
        m = ws.receive_json()
        assert m["type"] == "state" and m["events_from"] == 0
        n = len(m["events"])
        ws.send_json({"type": "action", "action": m["legal"][0]["action"], "expect": 0})
        while (m := ws.receive_json())["type"] != "state":
            pass
        assert m["events_from"] == n and m["events"] and m["events"][0]["seq"] == n
    full = view(client, gid, tokens[1 - first])["events"]
    assert [e["seq"] for e in full] == list(range(len(full)))


# ---- 3. creation limits and expiry ------------------------------------------------------------


def test_creating_too_fast_is_refused_with_retry_after(sqlite_url):
    limits = Limits(create_burst=3, create_rate=1 / 3600, games_per_client=100)
    with TestClient(create_app(sqlite_url, limits=limits)) as client:
        for _ in range(3):
            create(client, TWO_HUMANS)
        r = client.post("/api/games", json={"seats": TWO_HUMANS})
        assert r.status_code == 429 and r.json()["error"] == "too_many_requests"
        assert int(r.headers["retry-after"]) > 0
        assert len(client.app.state.manager.games) == 3


def test_games_per_client_are_capped(sqlite_url):
    limits = Limits(games_per_client=2, create_burst=100)
    with TestClient(create_app(sqlite_url, limits=limits)) as client:
        create(client, TWO_HUMANS)
        create(client, TWO_HUMANS)
        r = client.post("/api/games", json={"seats": TWO_HUMANS})
        assert r.status_code == 429 and r.json()["error"] == "too_many_games"
        assert "retry-after" in r.headers


def test_abandoned_games_expire_and_free_the_server(db_url):
    limits = Limits(expire_after=3600, idle_after=30 * 86400, keep_finished=86400)
    app = create_app(db_url, limits=limits)
    app.state.manager.max_active_games = 3
    with TestClient(app) as client:
        manager = app.state.manager
        abandoned = create(client, TWO_HUMANS)
        played = create(client, TWO_HUMANS, seed=3)
        watched = create(client, TWO_HUMANS)
        assert client.post("/api/games", json={"seats": TWO_HUMANS}).status_code == 503
        tokens = [s["token"] for s in played["seats"]]
        first = view(client, played["id"], tokens[0])["waiting_for"]
        legal = view(client, played["id"], tokens[first])["legal"]
        r = client.post(
            f"/api/games/{played['id']}/actions",
            json={"action": legal[0]["action"], "expect": 0},
            headers=auth(tokens[first]),
        )
        assert r.status_code == 200
        old = now() - timedelta(hours=2)
        sql(db_url, "UPDATE games SET touched = :t, created = :t", t=old)
        with ws_connect(client, watched["id"], watched["spectator"]["token"]) as ws:
            ws.receive_json()
            expired, _ = client.portal.call(manager.sweep)
        # Nobody joined the first for an hour: gone. A human acted in the second, and the
        # third is being watched: both stay.
        assert expired == [abandoned["id"]]
        r = client.get(
            f"/api/games/{abandoned['id']}", headers=auth(abandoned["seats"][0]["token"])
        )
        assert r.status_code == 410 and r.json()["error"] == "expired"
        assert view(client, played["id"], tokens[0])["game"]["status"] == "active"
        assert create(client, TWO_HUMANS)["id"]  # room again
        # Old expired games are deleted after keep_finished.
        sql(
            db_url,
            "UPDATE games SET finished = :t WHERE status = 'expired'",
            t=now() - timedelta(days=2),
        )
        _, deleted = client.portal.call(manager.sweep)
        assert deleted == 1
        assert sql(db_url, "SELECT count(*) FROM games WHERE id = :g", g=abandoned["id"]) == [(0,)]
        assert sql(db_url, "SELECT count(*) FROM seats WHERE game_id = :g", g=abandoned["id"]) == [
            (0,)
        ]


def test_expiry_runs_at_start_up(sqlite_url):
    with TestClient(create_app(sqlite_url)) as client:
        g = create(client, TWO_HUMANS)
    sql(sqlite_url, "UPDATE games SET touched = :t", t=now() - timedelta(days=2))
    with TestClient(create_app(sqlite_url)) as client:
        assert client.app.state.manager.games == {}
        assert sql(sqlite_url, "SELECT status FROM games") == [("expired",)]
        r = client.get(f"/api/games/{g['id']}", headers=auth(g["seats"][0]["token"]))
        assert r.status_code == 410


# ---- 5. rate limits ---------------------------------------------------------------------------


def test_a_websocket_flood_is_refused_then_closed(sqlite_url):
    limits = Limits(message_rate=1, message_burst=5, abuse_strikes=10)
    with TestClient(create_app(sqlite_url, limits=limits)) as client:
        g = create(client, TWO_HUMANS)
        with ws_connect(client, g["id"], g["spectator"]["token"]) as ws:
            assert ws.receive_json()["type"] == "state"
            for i in range(40):
                ws.send_json({"type": "ping", "id": i})
            kinds = []
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    kinds.append(ws.receive_json())
            assert closed.value.code == 1008
        pongs = [m for m in kinds if m["type"] == "pong"]
        errors = [m["error"] for m in kinds if m["type"] == "error"]
        assert len(pongs) <= 6 and "rate_limited" in errors
        # The flooding client may open no websocket for a while ...
        with pytest.raises(WebSocketDisconnect) as banned:
            with ws_connect(client, g["id"], g["spectator"]["token"]) as ws:
                ws.receive_json()
        assert banned.value.code == 1008
        # ... and another client is not affected.
        view(client, g["id"], g["seats"][0]["token"])
        client.app.state.manager._banned.clear()  # (the ban is per client address)
        with ws_connect(client, g["id"], g["spectator"]["token"]) as ws:
            assert ws.receive_json()["type"] == "state"


def test_http_actions_are_rate_limited_per_client(sqlite_url):
    limits = Limits(client_rate=0.001, client_burst=3)
    with TestClient(create_app(sqlite_url, limits=limits)) as client:
        g = create(client, TWO_HUMANS)
        statuses = [
            client.post(
                f"/api/games/{g['id']}/actions",
                json={"action": "skip", "expect": 0},
                headers=auth(g["seats"][0]["token"]),
            ).status_code
            for _ in range(5)
        ]
        assert statuses[3:] == [429, 429] and 429 not in statuses[:3]


# ---- robustness --------------------------------------------------------------------------------


def test_corrupt_rows_are_quarantined_and_the_rest_start(db_url, caplog):
    with TestClient(create_app(db_url)) as client:
        good = create(client, TWO_HUMANS, seed=1)
        bad = [create(client, TWO_HUMANS, seed=2)["id"] for _ in range(3)]
    sql(db_url, "UPDATE games SET config = :c WHERE id = :g", c="{not json", g=bad[0])
    sql(db_url, "UPDATE games SET game = 'chess' WHERE id = :g", g=bad[1])
    sql(
        db_url,
        "UPDATE games SET config = :c WHERE id = :g",
        c=json.dumps({"num_players": 99, "options": {}}),
        g=bad[2],
    )
    with caplog.at_level(logging.ERROR, logger="empires.server"):
        with TestClient(create_app(db_url)) as client:
            assert view(client, good["id"], good["seats"][0]["token"])["game"]["status"] == "active"
            for gid in bad:
                r = client.get(f"/api/games/{gid}", headers=auth(good["seats"][0]["token"]))
                assert r.status_code == 410 and r.json()["error"] == "quarantined"
    lines = [r.getMessage() for r in caplog.records if "quarantined game" in r.getMessage()]
    assert {gid for gid in bad if any(gid in line for line in lines)} == set(bad)
    assert sorted(sql(db_url, "SELECT id FROM games WHERE status = 'quarantined'")) == sorted(
        (gid,) for gid in bad
    )
    with TestClient(create_app(db_url)) as client:  # set aside for good: no second attempt
        assert client.get("/api/health").json()["ok"] is True


@pytest.mark.parametrize("name", ["Ann\x00", "a\x07b", "tab\there", "\ud800x", "new\nline"])
def test_control_characters_in_a_name_are_refused(db_url, name):
    with TestClient(create_app(db_url)) as client:
        body = {"seats": [{"kind": "human", "name": name}, {"kind": "human"}]}
        r = client.post(
            "/api/games",
            content=json.dumps(body),  # escapes a lone surrogate
            headers={"content-type": "application/json"},
        )
        assert r.status_code == 422, r.text
        assert r.json()["error"] in ("invalid_seat", "invalid_request")
        assert client.app.state.manager.games == {}


def test_deeply_nested_json_gets_a_clear_error(client):
    g = create(client, TWO_HUMANS)
    deep = "[" * 3000 + "]" * 3000
    with ws_connect(client, g["id"], g["seats"][0]["token"]) as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_text(deep[:4000])
        e = ws.receive_json()
        assert e["type"] == "error" and e["error"] == "malformed_message"
        ws.send_text('{"type": "action", "action": ' + "[" * 1500 + "]" * 1500 + "}")
        e = ws.receive_json()
        assert e["type"] == "error" and "nested" in e["detail"]
        ws.send_json({"type": "ping", "id": 1})  # the socket is still open
        assert ws.receive_json() == {"type": "pong", "id": 1}
    r = client.post(
        f"/api/games/{g['id']}/actions",
        content=deep[:60000],
        headers={**auth(g["seats"][0]["token"]), "content-type": "application/json"},
    )
    assert 400 <= r.status_code < 500 and r.json()["error"] and r.json()["detail"]


def test_concurrent_duplicate_submissions_apply_once(sqlite_url):
    async def scenario():
        manager = GameManager(Store(sqlite_url))
        await manager.start()
        try:
            game, _ = await manager.create("discovery", TWO_HUMANS, None, 5)
            seat = game.state.current_player
            action = str(game.state.legal_actions()[0])
            results = await asyncio.gather(
                *[manager.submit(game, seat, action, 0) for _ in range(6)], return_exceptions=True
            )
            return results, len(game.log), manager.store.load_game(game.id)
        finally:
            await manager.stop()

    results, n, row = asyncio.run(scenario())
    assert n == 1 and len(row.actions) == 1
    assert all(isinstance(r, dict) for r in results), results
    assert sum(not r.get("duplicate") for r in results) == 1


def test_an_action_needs_expect_and_a_resubmission_is_harmless(client):
    g = create(client, TWO_HUMANS, seed=3)
    gid = g["id"]
    tokens = [s["token"] for s in g["seats"]]
    first = view(client, gid, tokens[0])["waiting_for"]
    action = view(client, gid, tokens[first])["legal"][0]["action"]
    with ws_connect(client, gid, tokens[first]) as ws:
        ws.receive_json()
        ws.send_json({"type": "action", "action": action})
        e = ws.receive_json()
        assert (e["status"], e["error"]) == (400, "missing_expect")
    url = f"/api/games/{gid}/actions"
    bodies = [
        client.post(url, json={"action": action, "expect": 0}, headers=auth(tokens[first]))
        for _ in range(3)
    ]
    assert [b.status_code for b in bodies] == [200, 200, 200]
    assert [b.json()["duplicate"] for b in bodies] == [False, True, True]
    assert bodies[1].json()["accepted"] == bodies[0].json()["accepted"]
    assert len(view(client, gid, tokens[0])["log"]) == 1


# ---- fairness ----------------------------------------------------------------------------------


def test_a_server_chosen_seed_is_committed_then_revealed_and_replays(client):
    import hashlib

    from empires.discovery import replay

    g = create(client, [{"kind": "bot", "bot": "random"}] * 2)
    assert g["seeded"] is False and len(g["seed_commitment"]) == 64
    spectator = g["spectator"]["token"]
    running = view(client, g["id"], spectator)
    assert running["game"]["seed_commitment"] == g["seed_commitment"]
    assert "seed_reveal" not in running["game"] and "seed" not in keys_anywhere(running)
    done = wait_for(client, g["id"], spectator, lambda v: v["observation"]["terminal"], 60)
    reveal = done["game"]["seed_reveal"]
    text_ = reveal["format"].format(salt=reveal["salt"], seed=reveal["seed"])
    assert text_ == f"empires-seed:v1:{reveal['salt']}:{reveal['seed']}"
    assert hashlib.sha256(text_.encode()).hexdigest() == g["seed_commitment"]
    rep = client.get(f"/api/games/{g['id']}/replay", headers=auth(spectator)).json()
    final = replay({**rep["history"], "seed": reveal["seed"]})
    assert final.scores() == done["result"]["scores"]
    assert rep["events"] == done["events"]
    step = client.get(f"/api/games/{g['id']}/replay/1", headers=auth(spectator)).json()
    assert step["event_seqs"] and all(rep["events"][q]["seq"] == q for q in step["event_seqs"])
    assert rep["events"][step["event_seqs"][0]]["kind"] == "action"


def test_a_chosen_seed_is_announced(client):
    g = create(client, TWO_HUMANS, seed=42)
    assert g["seeded"] is True
    for token in (g["seats"][1]["token"], g["spectator"]["token"]):
        assert view(client, g["id"], token)["game"]["seeded"] is True


def test_opening_connections_too_fast_is_refused(sqlite_url):
    limits = Limits(connect_rate=0.001, connect_burst=2)
    with TestClient(create_app(sqlite_url, limits=limits)) as client:
        g = create(client, TWO_HUMANS)
        for _ in range(2):
            with ws_connect(client, g["id"], g["spectator"]["token"]) as ws:
                assert ws.receive_json()["type"] == "state"
        with pytest.raises(WebSocketDisconnect) as refused:
            with ws_connect(client, g["id"], g["spectator"]["token"]) as ws:
                ws.receive_json()
        assert refused.value.code == 1008


def test_serve_limits_are_configurable():
    from empires.server.serve_options import parse_limits

    limits = parse_limits(["create_burst=50", "message-rate=2.5", "sweep_every=5m"])
    assert (limits.create_burst, limits.message_rate, limits.sweep_every) == (50, 2.5, 300)
    for bad in (["nope=1"], ["create_burst"], ["create_burst=0"], ["message_rate=-1"]):
        with pytest.raises(ValueError):
            parse_limits(bad)


def test_reading_views_too_fast_is_refused(sqlite_url):
    limits = Limits(view_rate=0.001, view_burst=3)
    with TestClient(create_app(sqlite_url, limits=limits)) as client:
        g = create(client, TWO_HUMANS)
        url, headers = f"/api/games/{g['id']}", auth(g["seats"][0]["token"])
        statuses = [client.get(url, headers=headers).status_code for _ in range(4)]
        assert statuses == [200, 200, 200, 429]
        r = client.get(f"{url}/replay", headers=headers)
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
