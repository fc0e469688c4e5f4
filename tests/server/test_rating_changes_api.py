"""The rating change a finished game brought (issue #31): each rated seat's rating before and
after the game, recorded with the rating (``rating_changes``), pushed to the game's pages in
the state message (``result.rating``) and read later by GET; an unrated game with an account's
seat says why, a game without one says nothing. On SQLite and PostgreSQL."""

from __future__ import annotations

import time

import pytest
from openskill.models import PlackettLuce
from starlette.testclient import TestClient

from empires.server import create_app
from tests.server.account_helpers import store_duel_near_the_end, store_game_near_the_end
from tests.server.server_helpers import auth, play, rows, view, ws_connect
from tests.server.test_accounts_api import sign_up


def finish(client, gid, tokens) -> dict:
    """Play both seats of ``gid`` to its end; its last view."""
    for _ in range(200):
        v = view(client, gid, tokens[0])
        if v["observation"]["terminal"]:
            return v
        assert play(client, gid, tokens[v["waiting_for"]], 1) == 1
    raise AssertionError("the game did not end")


def pushed_rating(ws, timeout=30.0) -> dict:
    """The first state message on ``ws`` that carries the game's rating outcome."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        m = ws.receive_json()
        if m["type"] == "state" and "rating" in (m.get("result") or {}):
            return m
    raise AssertionError("no rating was pushed")


def expected(ranking, prior):
    """OpenSkill's own (mu, sigma) per seat after a game from ``prior`` (per seat)."""
    model = PlackettLuce()
    ranks = [0, 0]
    for place, group in enumerate(ranking, 1):
        for seat in group:
            ranks[seat] = place
    new = model.rate([[model.rating(mu=mu, sigma=s)] for mu, s in prior], ranks=ranks)
    return [(float(r[0].mu), float(r[0].sigma)) for r in new]


def board_ordinals(client) -> dict[str, float]:
    board = client.get("/api/leaderboard/discovery").json()
    return {p["name"]: p["ordinal"] for p in board["players"]}


def check_game(client, db_url, gid, tokens, prior) -> list[tuple[float, float]]:
    """Finish the duel ``gid`` with a spectator watching: the pushed, stored and read rating
    changes agree with OpenSkill from ``prior`` and with the leaderboard. The new (mu, sigma)."""
    with ws_connect(client, gid, tokens[None]) as ws:
        last = finish(client, gid, tokens)
        pushed = pushed_rating(ws)["result"]["rating"]
    after = expected(last["result"]["ranking"], prior)
    assert pushed["rated"] is True
    assert [s["seat"] for s in pushed["seats"]] == [0, 1]
    board = board_ordinals(client)
    for seat, name in enumerate(("Ann", "Bob")):
        change = pushed["seats"][seat]
        assert change["before"] == pytest.approx(prior[seat][0] - 3 * prior[seat][1], abs=1e-3)
        assert change["after"] == pytest.approx(after[seat][0] - 3 * after[seat][1], abs=1e-3)
        assert change["after"] == pytest.approx(board[name], abs=1e-3)  # the leaderboard's
        assert change["delta"] == pytest.approx(change["after"] - change["before"], abs=2e-3)
    winner = last["result"]["ranking"][0]
    if len(winner) == 1:  # no tie: the winner gained on the loser
        assert pushed["seats"][winner[0]]["delta"] > pushed["seats"][1 - winner[0]]["delta"]
    stored = rows(
        db_url,
        "SELECT seat, mu_before, sigma_before, mu_after, sigma_after FROM rating_changes "
        "WHERE game_id = :g ORDER BY seat",
        g=gid,
    )
    assert [r[0] for r in stored] == [0, 1]
    for r, before, now in zip(stored, prior, after, strict=True):
        assert r[1:] == pytest.approx((*before, *now), abs=1e-6)
    # Read again: by GET, by the game's own view, and in the page's language.
    got = client.get(f"/api/games/{gid}/ratings", headers=auth(tokens[1])).json()
    assert got == {"id": gid, "rating": pushed}
    assert view(client, gid, tokens[0])["result"]["rating"] == pushed
    es = client.get(f"/api/games/{gid}?lang=es", headers=auth(tokens[0])).json()
    assert es["result"]["rating"] == pushed
    return after


def test_a_duel_of_two_accounts_records_pushes_and_serves_each_rating_change(db_url):
    start = (25.0, 25.0 / 3)
    with TestClient(create_app(db_url)) as client:
        ids = [sign_up(client, name)["account"]["id"] for name in ("Ann", "Bob")]
        gid, tokens = store_duel_near_the_end(db_url, ids, seed=5)
        first = check_game(client, db_url, gid, tokens, [start, start])
        # The second game starts from the first one's ratings (a "before" that is not zero).
        gid2, tokens2 = store_duel_near_the_end(db_url, ids, seed=8)
        check_game(client, db_url, gid2, tokens2, first)
        kept = client.get(f"/api/games/{gid}/ratings", headers=auth(tokens[0])).json()
        assert client.get(f"/api/games/{gid}/ratings").status_code == 401
    # A page loaded after a restart reads the same: the changes are stored, not remembered.
    with TestClient(create_app(db_url)) as client:
        assert view(client, gid, tokens[None])["result"]["rating"] == kept["rating"]
        again = client.get(f"/api/games/{gid}/ratings", headers=auth(tokens[None])).json()
        assert again == kept
    assert rows(db_url, "SELECT count(*) FROM rating_changes") == [(4,)]


def test_an_unrated_game_with_an_account_says_why_and_a_guests_game_says_nothing(db_url):
    with TestClient(create_app(db_url)) as client:
        account = sign_up(client, "Ann")["account"]
        url = client.app.state.manager.store.url
        gid, token = store_game_near_the_end(url, account["id"], practice=True)
        with ws_connect(client, gid, token) as ws:
            play(client, gid, token, 10)
            assert pushed_rating(ws)["result"]["rating"] == {"rated": False, "reason": "practice"}
        got = client.get(f"/api/games/{gid}/ratings", headers=auth(token)).json()
        assert got["rating"] == {
            "rated": False,
            "reason": "practice",
            "text": "practice games are not rated",
        }
        guest, guest_token = store_game_near_the_end(url, None, seed=6)
        play(client, guest, guest_token, 10)
        v = view(client, guest, guest_token)
        assert v["observation"]["terminal"] and "rating" not in v["result"]
        client.portal.call(client.app.state.manager.ratings.sweep)
        got = client.get(f"/api/games/{guest}/ratings", headers=auth(guest_token)).json()
        assert got == {"id": guest, "rating": None}
        assert rows(db_url, "SELECT count(*) FROM rating_changes") == [(0,)]
    assert rows(db_url, "SELECT unrated FROM rated_games WHERE game_id = :g", g=gid) == [
        ("practice",)
    ]
