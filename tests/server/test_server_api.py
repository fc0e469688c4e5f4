"""The HTTP API: every endpoint, and every way a request is refused (changing nothing)."""

from __future__ import annotations

import hashlib
import json

import pytest
from sqlalchemy import create_engine, text

from empires.discovery import replay
from tests.server.server_helpers import (
    auth,
    create,
    human_vs_bot,
    keys_anywhere,
    my_turn,
    play,
    view,
    wait_for,
)

TWO_HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def _count_actions(url: str, gid: str) -> int:
    engine = create_engine(url)
    with engine.connect() as conn:
        n = conn.execute(
            text("SELECT count(*) FROM actions WHERE game_id = :g"), {"g": gid}
        ).scalar()
    engine.dispose()
    return n


# ---- meta and pages ----------------------------------------------------------------------------


def test_meta_lists_games_options_and_bots(client):
    meta = client.get("/api/meta").json()
    game = meta["games"][0]
    assert game["name"] == "discovery" and game["min_players"] == 2 and game["max_players"] == 6
    assert "scouting" in game["options"]["variants"] and "2007" in game["options"]["editions"]
    assert {"random", "heuristic"} <= set(meta["bots"])
    # The map the UI draws is the engine's own data.
    from empires.discovery.data import ADJACENT, REGION_IDS

    regions = game["board"]["regions"]
    assert [r["id"] for r in regions] == list(REGION_IDS)
    for i, region in enumerate(regions):
        assert set(region["adjacent"]) == {REGION_IDS[j] for j in ADJACENT[i]}


def test_meta_offers_each_game_from_its_adapter(client):
    """The catalogue is each adapter's own; both games are shown by the web game page (``web``
    true, so the lobby offers them); Imperial Settlers lists its seat options."""
    from empires.core.adapter import game_names, get_adapter

    games = client.get("/api/meta").json()["games"]
    assert [g["name"] for g in games] == list(game_names())
    for listed in games:
        assert listed == json.loads(json.dumps(get_adapter(listed["name"]).catalogue()))
    web = {g["name"]: g["web"] for g in games}
    assert web == {"discovery": True, "settlers": True}
    settlers = games[1]
    assert (settlers["min_players"], settlers["max_players"]) == (1, 4)
    assert "peaceful" in settlers["options"]["variants"]
    assert "romans" in settlers["options"]["factions"]
    assert settlers["options"]["per_seat"] == ["factions"]


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/game/0123456789abcdef",
        "/replay/0123456789abcdef",
        "/static/js/board.js",
        "/static/style.css",
    ],
)
def test_pages_are_served_with_security_headers(client, path):
    r = client.get(path)
    assert r.status_code == 200
    assert "default-src 'self'" in r.headers["content-security-policy"]
    assert r.headers["x-content-type-options"] == "nosniff"
    assert "cdn" not in r.text.lower() and "https://" not in r.text


def test_unknown_route_is_a_json_404(client):
    r = client.get("/api/nothing")
    assert r.status_code == 404 and r.json()["error"] == "not_found"


# ---- creating ---------------------------------------------------------------------------------


def test_create_game_gives_secret_links_only_to_humans(client, sqlite_url):
    g = create(
        client,
        [
            {"kind": "human"},
            {"kind": "bot", "bot": "heuristic"},
            {"kind": "human", "name": "  Bob   the  Bold "},
        ],
        options={"builders": True, "variants": ["scouting"]},
    )
    assert g["num_players"] == 3 and g["options"]["builders"] is True
    human0, bot, human2 = g["seats"]
    assert human0["token"] and human0["url"] == f"/game/{g['id']}#token={human0['token']}"
    assert "token" not in bot and bot["bot"] == "heuristic"
    assert human2["name"] == "Bob the Bold" and human0["name"] == "Player 1"
    assert g["spectator"]["token"] not in (human0["token"], human2["token"])
    assert not {"seed", "seed_reveal"} & keys_anywhere(g) and g["seeded"] is False
    # Only SHA-256 digests of the tokens are stored.
    engine = create_engine(sqlite_url)
    with engine.connect() as conn:
        stored = [r[0] for r in conn.execute(text("SELECT token_hash FROM seats ORDER BY seat"))]
        spectator = conn.execute(text("SELECT spectator_token_hash FROM games")).scalar()
    engine.dispose()
    digest = lambda t: hashlib.sha256(t.encode()).hexdigest()  # noqa: E731
    assert stored == [digest(human0["token"]), None, digest(human2["token"])]
    assert spectator == digest(g["spectator"]["token"])
    assert human0["token"] not in json.dumps(stored)


@pytest.mark.parametrize(
    "options",
    [
        {"edition": "2007"},
        {"nations": "random"},
        {"buy_vp": True},
        {"variants": ["two-player"]},
        {"variants": ["reduced-luck", "no-survivors"]},
        {"variants": ["advanced-reconnaissance", "scouting"]},
    ],
)
def test_create_with_each_option(client, options):
    g = create(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], options=options)
    v = view(client, g["id"], g["seats"][0]["token"])
    for key, value in options.items():
        got = v["observation"]["options"][key]
        assert (sorted(got) == sorted(value)) if isinstance(value, list) else got == value


@pytest.mark.parametrize(
    "body, status, error",
    [
        ({"seats": [{"kind": "human"}]}, 422, "invalid_seats"),  # one player
        ({"seats": [{"kind": "human"}] * 7}, 422, "invalid_seats"),  # seven players
        ({"seats": [{"kind": "human"}] * 9}, 422, "invalid_request"),  # over the request limit
        ({"seats": []}, 422, "invalid_request"),
        ({"seats": [{"kind": "robot"}, {"kind": "human"}]}, 422, "invalid_request"),
        ({"seats": [{"kind": "bot", "bot": "nobody"}, {"kind": "human"}]}, 422, "invalid_seat"),
        ({"seats": [{"kind": "bot"}, {"kind": "human"}]}, 422, "invalid_seat"),
        (
            {"seats": [{"kind": "bot", "bot": "ismcts:99999999"}, {"kind": "human"}]},
            422,
            "invalid_seat",
        ),
        (
            {"seats": [{"kind": "bot", "bot": "ismcts:600s"}, {"kind": "human"}]},
            422,
            "invalid_seat",
        ),
        (
            {"seats": [{"kind": "bot", "bot": "az:0.2s:batch=100000"}, {"kind": "human"}]},
            422,
            "invalid_seat",
        ),
        ({"seats": [{"kind": "bot", "bot": "az:600s"}, {"kind": "human"}]}, 422, "invalid_seat"),
        ({"seats": [{"kind": "bot", "bot": "azure:1"}, {"kind": "human"}]}, 422, "invalid_seat"),
        (
            {"seats": [{"kind": "human", "name": "x" * 25}, {"kind": "human"}]},
            422,
            "invalid_request",
        ),
        ({"seats": [{"kind": "human"}] * 2, "game": "chess"}, 422, "invalid_game"),
        (
            {"seats": [{"kind": "human"}] * 2, "options": {"variants": ["nope"]}},
            422,
            "invalid_options",
        ),
        (
            {"seats": [{"kind": "human"}] * 3, "options": {"variants": ["two-player"]}},
            422,
            "invalid_options",
        ),
        (
            {"seats": [{"kind": "human"}] * 6, "options": {"edition": "2007"}},
            422,
            "invalid_options",
        ),
        ({"seats": [{"kind": "human"}] * 2, "options": {"colour": "red"}}, 422, "invalid_options"),
        (
            {"seats": [{"kind": "human"}] * 2, "options": {"builders": "yes"}},
            422,
            "invalid_options",
        ),
        ({"seats": [{"kind": "human"}] * 2, "options": "builders"}, 422, "invalid_request"),
        ({"seats": [{"kind": "human"}] * 2, "seed": -1}, 422, "invalid_request"),
        ({"seats": [{"kind": "human"}] * 2, "seed": 2**63}, 422, "invalid_request"),
        ({"seats": [{"kind": "human"}] * 2, "seed": "7"}, 422, "invalid_request"),
        ({"seats": [{"kind": "human"}] * 2, "history": ["skip"]}, 422, "invalid_request"),
        ({"seats": "human,bot"}, 422, "invalid_request"),
        ([1, 2], 422, "invalid_request"),
    ],
)
def test_create_rejections(client, body, status, error):
    before = len(client.app.state.manager.games)
    r = client.post("/api/games", json=body)
    assert r.status_code == status, r.text
    assert r.json()["error"] == error and r.json()["detail"]
    assert len(client.app.state.manager.games) == before


def test_create_rejects_malformed_and_oversized_bodies(client):
    r = client.post(
        "/api/games", content=b'{"seats": [', headers={"content-type": "application/json"}
    )
    assert r.status_code == 400 and r.json()["error"] == "malformed_json"
    big = json.dumps({"seats": [{"kind": "human"}] * 2, "options": {"x": "y" * 70000}})
    r = client.post("/api/games", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["error"] == "body_too_large"

    def chunks():  # no Content-Length: counted as it streams
        yield b'{"seats": [{"kind": "human"}, {"kind": "human"}], "options": {"x": "'
        for _ in range(20):
            yield b"y" * 8192
        yield b'"}}'

    r = client.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["error"] == "body_too_large"
    assert client.app.state.manager.games == {}


# ---- viewing -----------------------------------------------------------------------------------


def test_view_for_a_seat_a_spectator_and_refusals(client):
    g = create(client, TWO_HUMANS, seed=3)
    gid = g["id"]
    ann, bob, spectator = g["seats"][0]["token"], g["seats"][1]["token"], g["spectator"]["token"]
    first = view(client, gid, ann)["waiting_for"]
    tokens = [ann, bob]
    for seat, token in enumerate(tokens):
        v = view(client, gid, token)
        assert v["you"] == seat and v["observation"]["player"] == seat
        assert bool(v["legal"]) == (seat == first)
        # each choice: its action, its words as a message (msg, args) and their text
        assert all({"action", "msg", "args", "text"} <= set(e) for e in v["legal"])
        assert all(set(e) <= {"action", "msg", "args", "plural", "ctx", "text"} for e in v["legal"])
    s = view(client, gid, spectator)
    assert s["you"] is None and s["observation"]["player"] is None and s["legal"] == []
    for v in (view(client, gid, ann), s):
        assert not {"state", "seed"} & keys_anywhere(v)
    # a token in the URL is never read (URLs end up in logs): only the Authorization header
    r = client.get(f"/api/games/{gid}?token={bob}")
    assert r.status_code == 401 and r.json()["error"] == "missing_token"

    assert client.get(f"/api/games/{gid}").status_code == 401
    r = client.get(f"/api/games/{gid}", headers=auth("not-a-token"))
    assert r.status_code == 403 and r.json()["error"] == "bad_token"
    assert client.get(f"/api/games/{gid}", headers=auth("x" * 5000)).status_code == 403
    other = create(client, TWO_HUMANS)
    r = client.get(f"/api/games/{gid}", headers=auth(other["seats"][0]["token"]))
    assert r.status_code == 403
    r = client.get("/api/games/ffffffffffffffff", headers=auth(ann))
    assert r.status_code == 404 and r.json()["error"] == "unknown_game"
    assert client.get("/api/games/../../etc", headers=auth(ann)).status_code == 404


# ---- acting -----------------------------------------------------------------------------------


def test_actions_are_validated_and_refusals_change_nothing(client, sqlite_url):
    g = create(client, TWO_HUMANS, seed=3)
    gid = g["id"]
    tokens = [g["seats"][0]["token"], g["seats"][1]["token"]]
    spectator = g["spectator"]["token"]
    v = view(client, gid, tokens[0])
    me = v["waiting_for"]
    other = 1 - me
    legal = view(client, gid, tokens[me])["legal"]
    url = f"/api/games/{gid}/actions"

    def unchanged():
        after = view(client, gid, tokens[me])
        assert after["log"] == [] and after["legal"] == legal
        assert _count_actions(sqlite_url, gid) == 0

    act = {"action": legal[0]["action"], "expect": 0}
    refusals = [
        (act, {}, 401, "missing_token"),
        ({**act, "token": "wrong"}, {}, 403, "bad_token"),
        (act, auth(spectator), 403, "spectator"),
        (act, auth(tokens[other]), 409, "not_your_turn"),
        ({"action": "region peru", "expect": 0}, auth(tokens[me]), 422, "illegal_action"),
        ({"action": "fly to the moon", "expect": 0}, auth(tokens[me]), 422, "illegal_action"),
        ({"action": "   ", "expect": 0}, auth(tokens[me]), 400, "malformed_action"),
        ({**act, "expect": 5}, auth(tokens[me]), 409, "stale"),
        ({"action": legal[0]["action"]}, auth(tokens[me]), 422, "invalid_request"),  # no expect
        ({**act, "expect": -1}, auth(tokens[me]), 422, "invalid_request"),
        ({"action": 3, "expect": 0}, auth(tokens[me]), 422, "invalid_request"),
        ({"action": ["place", 0, 1], "expect": 0}, auth(tokens[me]), 422, "invalid_request"),
        ({}, auth(tokens[me]), 422, "invalid_request"),
        ({**act, "extra": 1}, auth(tokens[me]), 422, "invalid_request"),
        ({"action": "x" * 129, "expect": 0}, auth(tokens[me]), 422, "invalid_request"),
    ]
    for body, headers, status, error in refusals:
        r = client.post(url, json=body, headers=headers)
        assert (r.status_code, r.json()["error"]) == (status, error), (body, r.text)
        assert r.json()["detail"]
    r = client.post(
        url, content=b"{nope", headers={**auth(tokens[me]), "content-type": "application/json"}
    )
    assert r.status_code == 400 and r.json()["error"] == "malformed_json"
    r = client.post(
        url,
        content=json.dumps({"action": "skip", "pad": "z" * 70000}),
        headers={**auth(tokens[me]), "content-type": "application/json"},
    )
    assert r.status_code == 413
    r = client.post(
        "/api/games/ffffffffffffffff/actions",
        json={"action": "skip", "expect": 0},
        headers=auth(tokens[me]),
    )
    assert r.status_code == 404
    unchanged()

    # The legal action, in a loose spelling, is accepted and stored in its canonical form.
    loose = "  " + legal[0]["action"].upper() + " "
    r = client.post(url, json={"action": loose, "expect": 0}, headers=auth(tokens[me]))
    assert r.status_code == 200, r.text
    entry = r.json()["accepted"]
    words = {k: v for k, v in legal[0].items() if k != "action"}  # its message and its text
    assert entry == {"index": 0, "seat": me, "action": legal[0]["action"], **words}
    assert _count_actions(sqlite_url, gid) == 1
    # The seat that acted may act again only when its turn comes back.
    after = view(client, gid, tokens[0])
    assert after["log"] == [entry]


def test_bots_answer_and_the_log_names_who_did_what(client):
    gid, token, _ = human_vs_bot(client, seed=11)
    play(client, gid, token, 6)
    v = my_turn(client, gid, token)
    seats = {e["seat"] for e in v["log"]}
    assert seats == {0, 1}
    assert [e["index"] for e in v["log"]] == list(range(len(v["log"])))
    assert all(e["text"] for e in v["log"])
    # the raw action string reaches only its actor (seat 0 here)
    assert all(("action" in e) == (e["seat"] == 0) for e in v["log"])


def test_a_finished_game_refuses_actions_and_keeps_its_replay(client):
    g = create(
        client,
        [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}, {"kind": "human"}],
        seed=5,
    )
    gid, token, spectator = g["id"], g["seats"][2]["token"], g["spectator"]["token"]
    r = client.get(f"/api/games/{gid}/replay", headers=auth(spectator))
    assert r.status_code == 409 and r.json()["error"] == "not_finished"
    play(client, gid, token, 10_000, pick=lambda legal, i: legal[-1]["action"])
    v = wait_for(client, gid, token, lambda v: v["observation"]["terminal"])
    assert v["game"]["status"] == "finished" and v["result"]["ranking"]
    assert v["waiting_for"] is None and v["legal"] == []
    r = client.post(
        f"/api/games/{gid}/actions",
        json={"action": "skip", "expect": len(v["log"])},
        headers=auth(token),
    )
    assert r.status_code == 409 and r.json()["error"] == "game_over"

    for tok in (token, spectator):
        rep = client.get(f"/api/games/{gid}/replay", headers=auth(tok))
        assert rep.status_code == 200
    rep = rep.json()
    history = rep["history"]
    assert history["seed"] == 5 and len(history["actions"]) == len(v["log"]) == len(rep["log"])
    final = replay(history)
    assert final.is_terminal() and final.scores() == v["result"]["scores"]
    assert rep["result"] == v["result"]

    n = len(history["actions"])
    steps = {}
    for step in (0, 1, n // 2, n):
        r = client.get(f"/api/games/{gid}/replay/{step}", headers=auth(spectator))
        assert r.status_code == 200
        steps[step] = r.json()
        assert steps[step]["observation"]["player"] is None
    assert steps[0]["entry"] is None and steps[1]["entry"] == rep["log"][0]
    assert steps[n]["observation"] == json.loads(json.dumps(final.observation(None)))
    partial = replay({**history, "actions": history["actions"][: n // 2]})
    assert steps[n // 2]["observation"] == json.loads(json.dumps(partial.observation(None)))
    for bad in (n + 1, -1):
        r = client.get(f"/api/games/{gid}/replay/{bad}", headers=auth(spectator))
        assert r.status_code in (404, 422)
    assert client.get(f"/api/games/{gid}/replay").status_code == 401
    assert client.get(f"/api/games/{gid}/replay", headers=auth("nope")).status_code == 403
    assert client.get(f"/api/games/{gid}/replay/1", headers=auth("nope")).status_code == 403
    assert client.get(f"/api/games/{gid}/replay/x", headers=auth(token)).status_code == 422


def test_all_bot_game_plays_itself_to_the_end(client):
    g = create(
        client, [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "heuristic"}], seed=9
    )
    spectator = g["spectator"]["token"]
    v = wait_for(client, g["id"], spectator, lambda v: v["observation"]["terminal"], timeout=60)
    assert v["game"]["status"] == "finished"
    assert "token" not in json.dumps(g["seats"])


def test_an_az_seat_with_a_time_budget_is_seated_and_moves(client):
    g = create(client, [{"kind": "bot", "bot": "az:0.05s"}, {"kind": "bot", "bot": "random"}])
    assert g["seats"][0]["bot"] == "az:0.05s"
    spectator = g["spectator"]["token"]
    v = wait_for(client, g["id"], spectator, lambda v: len(v["log"]) > 6, timeout=60)
    assert any(e["seat"] == 0 for e in v["log"])  # (the az seat's own moves)


def test_health(client):
    assert client.get("/api/health").json()["ok"] is True
