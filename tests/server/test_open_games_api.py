"""Open games, joining and rematches through the API (empires.server.open_games): open seats
and the "waiting" status, the lobby's list (public only, paged, bounded), joining (one token per
seat, race-safe in the database), and rematches (one per game, seats rotated, each human's own
new token from their old one, idempotent)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from sqlalchemy import update
from starlette.testclient import TestClient

from empires.bots import make_bot
from empires.core.adapter import get_adapter
from empires.server import create_app
from empires.server.db import Store, games, now
from empires.server.manager import build_game
from empires.server.open_games import claim_seat, rematch_token
from tests.server.server_helpers import auth, create, play, view, wait_for

OPEN_TABLE = [
    {"kind": "human", "name": "Ann"},
    {"kind": "open"},
    {"kind": "bot", "bot": "random", "name": "Robo"},
]


def _join(client, gid, name="Bob", seat=None, status=200):
    body = {"name": name} if seat is None else {"name": name, "seat": seat}
    r = client.post(f"/api/games/{gid}/join", json=body)
    assert r.status_code == status, r.text
    return r.json()


def _open_ids(client, **params):
    r = client.get("/api/open-games", params=params)
    assert r.status_code == 200, r.text
    return [g["id"] for g in r.json()["games"]]


def _runs(client, gid, tokens: dict[int, str]) -> None:
    """The game runs: the human to play has choices, or the bot to play moves."""
    any_token = next(iter(tokens.values()))
    seen = wait_for(client, gid, any_token, lambda v: v["waiting_for"] in tokens or v["log"])
    if not seen["log"]:
        assert view(client, gid, tokens[seen["waiting_for"]])["legal"]


# ---- open seats and the waiting status ------------------------------------------------------


def test_a_game_with_an_open_seat_waits_until_it_is_taken(client):
    g = create(client, OPEN_TABLE, seed=5, public=True)
    assert g["status"] == "waiting" and g["join_url"] == f"/#join={g['id']}"
    assert "token" not in g["seats"][1] and g["seats"][1]["open"] is True
    ann = g["seats"][0]["token"]
    v = view(client, g["id"], ann)
    assert v["game"]["status"] == "waiting" and v["legal"] == [] and v["log"] == []
    r = client.post(
        f"/api/games/{g['id']}/actions", json={"action": "pass", "expect": 0}, headers=auth(ann)
    )
    assert r.status_code == 409 and r.json()["error"] == "waiting"
    joined = _join(client, g["id"], "  Bob   Brown ")
    assert joined["seat"] == 1 and joined["name"] == "Bob Brown"
    assert joined["url"] == f"/game/{g['id']}#token={joined['token']}"
    v = view(client, g["id"], joined["token"])
    assert v["you"] == 1 and v["game"]["status"] == "active"
    assert v["game"]["seats"][1] == {
        "seat": 1,
        "kind": "human",
        "bot": None,
        "name": "Bob Brown",
        "open": False,
    }
    # the game runs: whoever is to play gets choices (a human) or the bot moves
    _runs(client, g["id"], {0: ann, 1: joined["token"]})
    _join(client, g["id"], "Cid", status=409)


def test_the_lobby_lists_public_waiting_games_only(client):
    public = create(client, OPEN_TABLE, seed=1, public=True)
    private = create(client, OPEN_TABLE, seed=1)
    full = create(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], public=True)
    assert private["listed"] is False and full["status"] == "active" and full["listed"] is False
    ids = _open_ids(client)
    assert ids == [public["id"]]
    entry = client.get("/api/open-games").json()["games"][0]
    assert entry["free"] == 1 and entry["taken"] == 1 and entry["age"] >= 0
    assert entry["game"] == "discovery" and entry["options"]["edition"] == "2015"
    assert [s["name"] for s in entry["seats"]] == ["Ann", "Player 2", "Robo"]
    assert "token" not in str(entry) and "token_hash" not in str(entry)
    # a private game is open to whoever has its link
    one = client.get(f"/api/open-games/{private['id']}")
    assert one.status_code == 200 and one.json()["free"] == 1
    _join(client, private["id"], "Dee")
    assert client.get(f"/api/open-games/{private['id']}").status_code == 409
    _join(client, public["id"], "Eve")
    assert _open_ids(client) == []
    assert _open_ids(client, game="settlers") == []


def test_the_list_is_paged_and_bounded(client):
    made = [create(client, OPEN_TABLE, seed=i, public=True)["id"] for i in range(5)]
    first = client.get("/api/open-games", params={"limit": 2}).json()
    second = client.get("/api/open-games", params={"limit": 2, "offset": 2}).json()
    last = client.get("/api/open-games", params={"limit": 2, "offset": 4}).json()
    assert first["more"] and second["more"] and not last["more"]
    listed = [g["id"] for page in (first, second, last) for g in page["games"]]
    assert sorted(listed) == sorted(made) and len(set(listed)) == 5
    for params in ({"limit": 0}, {"limit": 51}, {"offset": -1}, {"offset": 10**6}):
        r = client.get("/api/open-games", params=params)
        assert r.status_code == 422, params
    r = client.get("/api/open-games", params={"game": "chess"})
    assert r.status_code == 422 and "chess" in r.json()["detail"]


def test_joining_refuses_bad_requests_and_changes_nothing(client):
    g = create(client, OPEN_TABLE, seed=2, public=True)
    gid = g["id"]
    for body in (
        {},
        {"name": ""},
        {"name": "x" * 25},
        {"name": "a\x00b"},
        {"name": "Bo", "x": 1},
        {"name": "Bo", "seat": 9},
        {"name": 5},
    ):
        r = client.post(f"/api/games/{gid}/join", json=body)
        assert r.status_code == 422, body
    _join(client, gid, "Bob", seat=0, status=409)  # Ann's seat is not open
    _join(client, gid, "Bob", seat=2, status=409)  # nor is the bot's
    assert client.post("/api/games/0123456789abcdef/join", json={"name": "B"}).status_code == 404
    assert client.get("/api/open-games").json()["games"][0]["free"] == 1
    assert _join(client, gid, "Bob", seat=1)["seat"] == 1


def test_two_servers_racing_for_one_seat_never_both_get_it(db_url):
    """The seat is claimed in the database: two stores (as two server processes would) race
    for the open seats of many games; each seat goes to exactly one."""
    new_games = [
        build_game("discovery", [{"kind": "open"}, {"kind": "open"}], seed=i) for i in range(10)
    ]
    setup = Store(db_url)
    setup.migrate()
    for new in new_games:
        setup.create_game(new.row)
    stores = [Store(db_url), Store(db_url)]
    results: list[list] = [[], []]
    barrier = threading.Barrier(2)

    def racer(k: int) -> None:
        barrier.wait()
        for new in new_games:
            for _ in range(2):
                # each racer prefers another seat: both claims land at once, and exactly
                # one of them must see that no seat is left open and start the game
                order = [k, 1 - k]
                got = claim_seat(stores[k], new.row.id, order, f"P{k}", f"{k:064x}")
                results[k].append((new.row.id, got))

    threads = [threading.Thread(target=racer, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    for new in new_games:
        claims = [got for r in results for gid, got in r if gid == new.row.id]
        seats_won = sorted(seat for seat, _ in claims if seat is not None)
        assert seats_won == [0, 1]  # each seat once, nobody twice
        assert sum(started for _, started in claims) == 1  # one claim started the game
        row = setup.load_game(new.row.id)
        assert row.status == "active" and not any(s.open for s in row.seats)
    for store in (*stores, setup):
        store.close()


def test_waiting_games_expire_like_unused_ones(sqlite_url):
    app = create_app(sqlite_url)
    with TestClient(app) as client:
        g = create(client, OPEN_TABLE, seed=4, public=True)
        fresh = create(client, OPEN_TABLE, seed=4, public=True)
        store = app.state.manager.store
        with store.engine.begin() as conn:  # nobody has touched it for two days
            conn.execute(
                update(games)
                .where(games.c.id == g["id"])
                .values(created=now() - timedelta(days=2), touched=now() - timedelta(days=2))
            )
        expired = client.portal.call(app.state.manager.sweep)[0]
        assert expired == [g["id"]]
        assert _open_ids(client) == [fresh["id"]]
        r = client.get(f"/api/games/{g['id']}", headers=auth(g["seats"][0]["token"]))
        assert r.status_code == 410
        _join(client, g["id"], status=410)


# ---- rematch --------------------------------------------------------------------------------


def _random_history(game: str, seed: int, players: int) -> list[str]:
    state = get_adapter(game).new_game(players, seed=seed)
    bots = [make_bot("random", game, seed + s) for s in range(players)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    return state.history["actions"]


def _finished(url: str, game: str, seats: list[dict], seed: int, options=None):
    actions = _random_history(game, seed, len(seats)) if options is None else None
    new = build_game(game, seats, options, seed, actions)
    store = Store(url)
    store.migrate()
    store.create_game(new.row)
    store.close()
    return new


THREE = [
    {"kind": "human", "name": "Ann"},
    {"kind": "human", "name": "Bob"},
    {"kind": "bot", "bot": "random", "name": "Robo"},
]


def _rematch(client, gid, token, status=200):
    r = client.post(f"/api/games/{gid}/rematch", headers=auth(token) if token else {})
    assert r.status_code == status, r.text
    return r.json()


def test_a_rematch_rotates_the_table_and_gives_each_human_their_own_seat(sqlite_url):
    old = _finished(sqlite_url, "discovery", THREE, seed=11)
    gid, ann, bob = old.row.id, old.tokens[0], old.tokens[1]
    with TestClient(create_app(sqlite_url)) as client:
        first = _rematch(client, gid, ann)
        again = _rematch(client, gid, ann)  # a second click: the same game, the same token
        assert again["id"] == first["id"] and again["token"] == first["token"]
        assert first["seat"] == 1 and first["status"] == "waiting"
        assert first["token"] == rematch_token(ann, first["id"], 0)
        # the finished game names its rematch to every viewer (so Bob sees "Join rematch")
        assert view(client, gid, bob)["game"]["rematch"] == first["id"]
        waiting = view(client, first["id"], first["token"])
        seats = waiting["game"]["seats"]
        assert [s["name"] for s in seats] == ["Robo", "Ann", "Bob"]
        assert [s["kind"] for s in seats] == ["bot", "human", "human"] and seats[0][
            "bot"
        ] == "random"
        assert waiting["game"]["rematch_of"] == gid and waiting["game"]["status"] == "waiting"
        assert seats[2]["open"] is True
        # nobody else may take Bob's kept seat
        _join(client, first["id"], "Mallory", status=409)
        _rematch(client, gid, old.tokens[None], status=403)  # the spectator link has no seat
        _rematch(client, gid, None, status=401)
        _rematch(client, gid, "not-a-token", status=403)
        b = _rematch(client, gid, bob)
        assert b["id"] == first["id"] and b["seat"] == 2 and b["token"] != first["token"]
        assert b["status"] == "active"
        assert view(client, first["id"], b["token"])["you"] == 2
        assert view(client, first["id"], first["token"])["you"] == 1
        _runs(client, first["id"], {1: first["token"], 2: b["token"]})
        assert _rematch(client, gid, bob)["token"] == b["token"]  # still idempotent


def test_a_rematch_keeps_options_and_moves_per_seat_options_with_their_seats(sqlite_url):
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random", "name": "Robo"}]
    options = {"factions": ["romans", "japanese"]}
    adapter = get_adapter("settlers")
    state = adapter.new_game(2, seed=3, options=adapter.options_from_json(options))
    bots = [make_bot("random", "settlers", 3 + s) for s in range(2)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    new = build_game("settlers", seats, options, 3, state.history["actions"])
    store = Store(sqlite_url)
    store.migrate()
    store.create_game(new.row)
    store.close()
    with TestClient(create_app(sqlite_url)) as client:
        r = _rematch(client, new.row.id, new.tokens[0])
        assert r["seat"] == 1 and r["status"] == "active"
        v = view(client, r["id"], r["token"])
        assert v["game"]["options"]["factions"] == ["japanese", "romans"]
        assert v["game"]["seed_commitment"] != new.state.history.get("seed_commitment")
        assert [s["name"] for s in v["game"]["seats"]] == ["Robo", "Ann"]


def test_a_rematch_only_of_a_finished_game(client):
    gid = create(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=9)
    r = client.post(f"/api/games/{gid['id']}/rematch", headers=auth(gid["seats"][0]["token"]))
    assert r.status_code == 409 and r.json()["error"] == "not_finished"
    assert "rematch" not in {
        k for k, v in view(client, gid["id"], gid["seats"][0]["token"])["game"].items() if v
    }


def test_one_rematch_even_when_two_servers_make_it_at_once(db_url):
    """Two apps on one database (two server processes): both players click at once; the unique
    rematch_of column keeps one rematch, and both land in it."""
    old = _finished(db_url, "discovery", THREE, seed=12)
    with TestClient(create_app(db_url)) as one, TestClient(create_app(db_url)) as two:
        answers: dict[int, dict] = {}
        barrier = threading.Barrier(2)

        def click(k: int, client, token) -> None:
            barrier.wait()
            answers[k] = _rematch(client, old.row.id, token)

        threads = [
            threading.Thread(target=click, args=(0, one, old.tokens[0])),
            threading.Thread(target=click, args=(1, two, old.tokens[1])),
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert answers[0]["id"] == answers[1]["id"]
        assert {answers[0]["seat"], answers[1]["seat"]} == {1, 2}
    store = Store(db_url)
    with store.engine.connect() as conn:
        from sqlalchemy import text

        count = conn.execute(
            text("select count(*) from games where rematch_of = :g"), {"g": old.row.id}
        ).scalar()
    store.close()
    assert count == 1


@pytest.mark.parametrize("game", ["discovery", "settlers"])
def test_a_joined_seat_plays_like_any_other(client, game):
    g = create(
        client, [{"kind": "open"}, {"kind": "bot", "bot": "random"}], game=game, seed=8, public=True
    )
    joined = _join(client, g["id"], "Zed")
    assert play(client, g["id"], joined["token"], 3) == 3
