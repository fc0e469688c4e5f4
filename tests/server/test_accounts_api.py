"""Accounts, sessions, "my games" and OpenSkill ratings through the API
(empires.server.accounts, empires.server.ratings, routes_accounts)."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from openskill.models import PlackettLuce
from starlette.testclient import TestClient

from empires.server import create_app
from empires.server.db import now
from empires.server.ratings import RatingStore, ordinal, rate_seats
from tests.server.account_helpers import CSRF, store_game_near_the_end
from tests.server.server_helpers import auth, create, play, rows, view

PASSWORD = "correct horse battery"


def sign_up(client, name="Ann", password=PASSWORD, status=201):
    r = client.post("/api/accounts", json={"name": name, "password": password}, headers=CSRF)
    assert r.status_code == status, r.text
    return r.json()


def log_in(client, name="Ann", password=PASSWORD, status=200):
    r = client.post("/api/session", json={"name": name, "password": password}, headers=CSRF)
    assert r.status_code == status, r.text
    return r


def me(client):
    r = client.get("/api/session")
    assert r.status_code == 200
    return r.json()["account"]


def wait_rated(client, game, name, timeout=30.0):
    """The leaderboard row of ``name`` once the background rating has stored it."""
    deadline = time.monotonic() + timeout
    while True:
        board = client.get(f"/api/leaderboard/{game}").json()
        found = [p for p in board["players"] if p["name"] == name]
        if found:
            return found[0], board
        assert time.monotonic() < deadline, f"{name} was never rated: {board}"
        time.sleep(0.05)


# ---- sign-up, log-in, log-out ----------------------------------------------------------------


def test_sign_up_logs_in_with_an_httponly_strict_cookie_and_log_out_ends_it(client):
    r = client.post(
        "/api/accounts", json={"name": " Ann  Lee ", "password": PASSWORD}, headers=CSRF
    )
    assert r.status_code == 201
    assert r.json()["account"]["name"] == "Ann Lee"
    cookie = r.headers["set-cookie"]
    assert cookie.startswith("empires_session=")
    assert "HttpOnly" in cookie and "samesite=strict" in cookie.lower()
    token = client.cookies["empires_session"]
    assert me(client)["name"] == "Ann Lee"
    r = client.delete("/api/session", headers=CSRF)
    assert r.status_code == 200 and r.json() == {"account": None}
    assert me(client) is None
    client.cookies.set("empires_session", token)  # the old session is over on the server too
    assert me(client) is None
    client.cookies.clear()
    log_in(client, "ann lee")  # names are the same whatever their case
    assert me(client)["name"] == "Ann Lee"


def test_wrong_password_and_unknown_name_get_the_same_refusal(client):
    sign_up(client)
    client.cookies.clear()
    wrong = log_in(client, "Ann", "not the password", status=401).json()
    unknown = log_in(client, "Nobody", PASSWORD, status=401).json()
    assert wrong == unknown == {"error": "wrong_credentials", "detail": "wrong name or password"}
    assert me(client) is None


@pytest.mark.parametrize(
    ("name", "password", "code"),
    [
        ("Al", PASSWORD, "invalid_name"),  # too short
        ("x" * 25, PASSWORD, "invalid_name"),  # too long
        ("bot:heuristic", PASSWORD, "invalid_name"),  # ':' is not allowed: bots' names
        ("-Ann", PASSWORD, "invalid_name"),
        ("Ann\u0000", PASSWORD, "invalid_name"),
        ("Ann", "short", "invalid_password"),  # under 8 characters
        ("Ann", "p" * 129, "invalid_request"),  # over 128: refused by the body's schema
        ("Annabelle", "ANNABELLE", "invalid_password"),  # the name itself
    ],
)
def test_names_and_passwords_outside_the_rules_are_refused_and_nothing_is_stored(
    client, sqlite_url, name, password, code
):
    r = client.post("/api/accounts", json={"name": name, "password": password}, headers=CSRF)
    assert r.status_code == 422 and r.json()["error"] == code, r.text
    assert password not in r.text
    assert rows(sqlite_url, "SELECT count(*) FROM accounts") == [(0,)]
    assert "empires_session" not in client.cookies


def test_a_taken_name_is_refused_whatever_its_case(client):
    sign_up(client, "Ann")
    r = client.post("/api/accounts", json={"name": "ANN", "password": PASSWORD}, headers=CSRF)
    assert r.status_code == 409 and r.json()["error"] == "name_taken"


def test_passwords_are_argon2_hashes_and_sessions_sha256_digests(db_url):
    with TestClient(create_app(db_url)) as client:
        sign_up(client, "Ann")
        token = client.cookies["empires_session"]
    stored = rows(db_url, "SELECT password_hash FROM accounts")
    assert len(stored) == 1 and stored[0][0].startswith("$argon2id$")
    dump = repr(rows(db_url, "SELECT * FROM accounts")) + repr(
        rows(db_url, "SELECT * FROM account_sessions")
    )
    assert PASSWORD not in dump and token not in dump
    import hashlib

    digest = hashlib.sha256(token.encode()).hexdigest()
    assert rows(db_url, "SELECT token_hash FROM account_sessions") == [(digest,)]


def test_requests_for_an_account_need_the_csrf_header_and_our_origin(client):
    r = client.post("/api/accounts", json={"name": "Ann", "password": PASSWORD})
    assert r.status_code == 403 and r.json()["error"] == "csrf"
    r = client.post(
        "/api/accounts",
        json={"name": "Ann", "password": PASSWORD},
        headers={**CSRF, "Origin": "https://evil.example"},
    )
    assert r.status_code == 403 and r.json()["error"] == "cross_site"
    sign_up(client)
    assert client.delete("/api/session").status_code == 403
    assert me(client)["name"] == "Ann"  # still logged in
    # A game created without the header is a guest's: no seat is linked.
    g = client.post(
        "/api/games", json={"seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}
    )
    assert g.status_code == 201 and g.json()["account_seat"] is None
    assert client.get("/api/account/games").json()["total"] == 0


def test_log_in_attempts_are_rate_limited_per_name_and_per_client(client):
    sign_up(client, "Ann")
    client.cookies.clear()
    accounts = client.app.state.manager.accounts
    stamp = [1000.0]
    base = now()
    accounts.clock = lambda: base + timedelta(seconds=stamp[0])  # time stands still but here
    for _ in range(accounts.limits.login_burst):
        log_in(client, "Ann", "wrong password", status=401)
    r = log_in(client, "ANN", PASSWORD, status=429)  # even the right password, for now
    assert int(r.headers["retry-after"]) >= 1
    stamp[0] += 60  # a minute later the name may be tried again
    log_in(client, "Ann", PASSWORD)
    # Per client: many names from one address.
    client.cookies.clear()
    refused = 0
    for i in range(int(accounts.limits.client_login_burst) + 5):
        r = client.post(
            "/api/session", json={"name": f"user{i}", "password": PASSWORD}, headers=CSRF
        )
        refused += r.status_code == 429
    assert refused == 6  # 20 tried (and refused as wrong), then 429 for the next 6


def test_sign_ups_are_rate_limited_per_client(client):
    for i in range(client.app.state.manager.accounts.limits.signup_burst):
        sign_up(client, f"Player {i}")
    r = client.post("/api/accounts", json={"name": "One more", "password": PASSWORD}, headers=CSRF)
    assert r.status_code == 429 and "retry-after" in r.headers


def test_a_session_expires_after_its_days(client):
    sign_up(client)
    accounts = client.app.state.manager.accounts
    start = now()
    accounts.clock = lambda: start + timedelta(days=accounts.limits.session_days - 0.01)
    assert me(client)["name"] == "Ann"
    accounts.clock = lambda: start + timedelta(days=accounts.limits.session_days + 0.01)
    assert me(client) is None
    assert client.get("/api/account/games").status_code == 401


# ---- seats and "my games" ----------------------------------------------------------------------


def test_the_creators_seat_is_linked_and_reopened_only_by_its_account(client):
    sign_up(client, "Ann")
    seats = [{"kind": "bot", "bot": "random"}, {"kind": "human"}, {"kind": "human"}]
    g = client.post("/api/games", json={"seats": seats}, headers=CSRF).json()
    assert g["account_seat"] == 1  # the first human seat
    mine = client.get("/api/account/games").json()
    assert mine["total"] == 1
    assert mine["games"][0]["id"] == g["id"] and mine["games"][0]["seat"] == 1
    assert "token" not in repr(mine)  # the list carries no secret
    old = g["seats"][1]["token"]
    r = client.post(f"/api/account/games/{g['id']}/access", headers=CSRF)
    assert r.status_code == 200
    fresh = r.json()
    assert fresh["seat"] == 1 and fresh["url"] == f"/game/{g['id']}#token={fresh['token']}"
    assert view(client, g["id"], fresh["token"])["you"] == 1
    # The old link is revoked: the seat has one secret, the one its account was just given.
    r = client.get(f"/api/games/{g['id']}", headers=auth(old))
    assert r.status_code == 403
    # Another account (and a guest) get nothing.
    client.delete("/api/session", headers=CSRF)
    r = client.post(f"/api/account/games/{g['id']}/access", headers=CSRF)
    assert r.status_code == 401
    sign_up(client, "Bob")
    r = client.post(f"/api/account/games/{g['id']}/access", headers=CSRF)
    assert r.status_code == 403 and r.json()["error"] == "not_your_game"
    assert client.get("/api/account/games").json()["total"] == 0


def test_a_seat_taken_in_an_open_game_while_logged_in_is_the_accounts(client):
    table = [{"kind": "open"}, {"kind": "open"}]
    g = client.post("/api/games", json={"seats": table, "public": True}, headers=CSRF).json()
    assert g["account_seat"] is None  # nobody logged in created it
    sign_up(client, "Ann")
    r = client.post(f"/api/games/{g['id']}/join", json={"name": "Ann"}, headers=CSRF)
    assert r.status_code == 200 and r.json()["account_seat"] == r.json()["seat"]
    mine = client.get("/api/account/games").json()["games"]
    assert [(x["id"], x["seat"]) for x in mine] == [(g["id"], r.json()["seat"])]
    # The same account cannot hold a second seat of the game; the join itself still works.
    r = client.post(f"/api/games/{g['id']}/join", json={"name": "Ann 2"}, headers=CSRF)
    assert r.status_code == 200 and r.json()["account_seat"] is None
    assert client.get("/api/account/games").json()["total"] == 1


def test_the_rematch_of_an_accounts_seat_is_the_accounts_too(client):
    account = sign_up(client, "Ann")["account"]
    url = client.app.state.manager.store.url
    gid, token = store_game_near_the_end(url, account["id"], decisions_left=0)
    client.cookies.clear()  # the old seat's token is enough: no log-in needed
    r = client.post(f"/api/games/{gid}/rematch", headers=auth(token))
    assert r.status_code == 200, r.text
    again = client.post(f"/api/games/{gid}/rematch", headers=auth(token)).json()
    assert r.json()["account_seat"] == r.json()["seat"] == again["account_seat"] == 1  # rotated
    log_in(client, "Ann")
    mine = client.get("/api/account/games").json()["games"]
    assert sorted((x["id"], x["seat"]) for x in mine) == sorted([(gid, 0), (r.json()["id"], 1)])


def test_playing_without_an_account_still_works(client):
    g = create(client, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    assert g["account_seat"] is None
    assert play(client, g["id"], g["seats"][0]["token"], 2) == 2


# ---- ratings ------------------------------------------------------------------------------------


def _expected(ranking, n=2):
    model = PlackettLuce()
    ranks = [0] * n
    for place, group in enumerate(ranking, 1):
        for seat in group:
            ranks[seat] = place
    new = model.rate([[model.rating()] for _ in range(n)], ranks=ranks)
    return [(r[0].mu, r[0].sigma) for r in new]


@pytest.mark.parametrize("game", ["discovery", "settlers"])
def test_a_finished_game_rates_the_account_and_the_bot_once(db_url, game):
    with TestClient(create_app(db_url)) as client:
        account = sign_up(client, "Ann")["account"]
        gid, token = store_game_near_the_end(db_url, account["id"], game)
        play(client, gid, token, 10)
        v = view(client, gid, token)
        assert v["observation"]["terminal"]
        ann, board = wait_rated(client, game, "Ann")
        expect = _expected(v["result"]["ranking"])
        assert ann["games"] == 1
        assert ann["mu"] == pytest.approx(expect[0][0], abs=1e-3)
        assert ann["sigma"] == pytest.approx(expect[0][1], abs=1e-3)
        assert ann["ordinal"] == pytest.approx(ordinal(*expect[0]), abs=1e-3)
        bot = [p for p in board["players"] if p["name"] == "bot:random"]
        assert bot and bot[0]["kind"] == "bot" and bot[0]["games"] == 1
        assert bot[0]["mu"] == pytest.approx(expect[1][0], abs=1e-3)
        assert client.get("/api/session").json()["ratings"][game]["games"] == 1
        # Rating the same game again does nothing.
        manager = client.app.state.manager
        live = manager.games[gid]
        assert client.portal.call(manager.ratings.rate, live) is None
    # Nor does a restart (its sweep looks for finished games left unrated).
    with TestClient(create_app(db_url)) as client:
        again, _ = wait_rated(client, game, "Ann")
        assert again == ann
    assert rows(db_url, "SELECT count(*) FROM rated_games") == [(1,)]


def test_a_game_finished_but_not_rated_before_a_stop_is_rated_at_the_next_start(sqlite_url):
    with TestClient(create_app(sqlite_url)) as client:
        account = sign_up(client, "Ann")["account"]
    # A game stored finished and never rated (as if the server stopped after its last move).
    gid, _token = store_game_near_the_end(sqlite_url, account["id"], decisions_left=0)
    assert rows(sqlite_url, "SELECT status FROM games WHERE id=:g", g=gid) == [("finished",)]
    with TestClient(create_app(sqlite_url)) as client:  # its start-up sweep rates it
        ann, _ = wait_rated(client, "discovery", "Ann")
        assert ann["games"] == 1
    with TestClient(create_app(sqlite_url)) as client:  # and the next start does not again
        again, _ = wait_rated(client, "discovery", "Ann")
        assert again == ann
    assert rows(sqlite_url, "SELECT game_id FROM rated_games") == [(gid,)]


def test_practice_seeded_solo_and_guest_games_are_not_rated(client):
    account = sign_up(client, "Ann")["account"]
    manager = client.app.state.manager
    url = manager.store.url
    unrated = [
        store_game_near_the_end(url, account["id"], practice=True),
        store_game_near_the_end(url, account["id"], seed=7, seeded=True),
        store_game_near_the_end(url, None, seed=6),
    ]
    for gid, token in unrated:
        play(client, gid, token, 10)
        assert view(client, gid, token)["observation"]["terminal"]
    client.portal.call(manager.ratings.sweep)
    assert client.get("/api/leaderboard/discovery").json()["total"] == 0
    # A solo game (Imperial Settlers for one) held by the account: finished, not rated.
    g = client.post(
        "/api/games", json={"game": "settlers", "seats": [{"kind": "human"}]}, headers=CSRF
    )
    assert g.status_code == 201 and g.json()["account_seat"] == 0
    live = manager.games[g.json()["id"]]
    live.status = "finished"
    from empires.server.ratings import unrated_reason

    assert unrated_reason(live, {0: account["id"]}) == "solo games are not rated"
    assert client.get("/api/leaderboard/settlers").json()["total"] == 0
    # And the rated ones are: the same game as the first, without hints.
    gid, token = store_game_near_the_end(url, account["id"])
    play(client, gid, token, 10)
    assert wait_rated(client, "discovery", "Ann")[0]["games"] == 1


def test_the_leaderboard_is_ordered_by_ordinal_and_paged(db_url):
    with TestClient(create_app(db_url)) as client:
        ids = [sign_up(client, name)["account"]["id"] for name in ("Ann", "Bob", "Cid")]
        store = RatingStore(client.app.state.manager.store.engine)
        a, b, c = (f"account:{i}" for i in ids)
        # Ann beats Bob twice, Bob beats Cid, Cid ties the heuristic bot.
        games = [([a, b], [[0], [1]]), ([a, b], [[0], [1]]), ([b, c], [[0], [1]])]
        games.append(([c, "bot:heuristic"], [[0, 1]]))
        for i, (players, ranking) in enumerate(games):
            assert store.rate(f"g{i:015d}", "settlers", players, ranking, now()) is not None
        assert store.rate("g000000000000000", "settlers", [a, b], [[1], [0]], now()) is None
        board = client.get("/api/leaderboard/settlers?per_page=100").json()
        names = [p["name"] for p in board["players"]]
        ordinals = [p["ordinal"] for p in board["players"]]
        assert board["total"] == 4 and ordinals == sorted(ordinals, reverse=True)
        assert names[0] == "Ann" and names.index("Bob") < names.index("Cid")
        assert [p["rank"] for p in board["players"]] == [1, 2, 3, 4]
        assert {p["name"]: p["games"] for p in board["players"]} == {
            "Ann": 2,
            "Bob": 3,
            "Cid": 2,
            "bot:heuristic": 1,
        }
        second = client.get("/api/leaderboard/settlers?per_page=1&page=2").json()
        assert [p["name"] for p in second["players"]] == [names[1]]
        assert second["players"][0]["rank"] == 2
        assert client.get("/api/leaderboard/discovery").json()["total"] == 0
        r = client.get("/api/leaderboard/chess")
        assert r.status_code == 404 and r.json()["error"] == "unknown_game"
        assert client.get("/api/leaderboard/settlers?per_page=1000").status_code == 422


def test_rate_seats_averages_one_bot_at_two_seats_and_keeps_no_guest():
    out = rate_seats({}, ["account:1", None, "bot:random", "bot:random"], [[0], [1], [2], [3]])
    assert set(out) == {"account:1", "bot:random"}
    model = PlackettLuce()
    new = model.rate([[model.rating()] for _ in range(4)], ranks=[1, 2, 3, 4])
    assert out["bot:random"][0] == pytest.approx((new[2][0].mu + new[3][0].mu) / 2)
    assert out["account:1"][0] == pytest.approx(new[0][0].mu)
