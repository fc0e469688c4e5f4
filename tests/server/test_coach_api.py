"""The coach's API: the practice flag, hints (practice games only, the seat to play only,
computed with the server's budget from that seat's view, recorded, private until the game ends,
shown in the replay) and post-game analyses (background job, progress, stored, bounded)."""

from __future__ import annotations

import time

import pytest
from starlette.testclient import TestClient

from empires import i18n
from empires.bots import make_bot
from empires.bots.analysis import hint as coach_hint
from empires.core.adapter import get_adapter
from empires.server import create_app
from empires.server.coach import coach_seed
from empires.server.db import Store
from empires.server.manager import Limits, build_game
from tests.server.server_helpers import auth, create, play, view

LIMITS = Limits(hint_iterations=6, analysis_iterations=1)
TWO_HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
HUMAN_AND_BOT = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]


def _app(url: str, limits: Limits = LIMITS) -> TestClient:
    return TestClient(create_app(url, limits=limits))


def _random_history(game: str, seed: int, players: int = 2) -> list[str]:
    state = get_adapter(game).new_game(players, seed=seed)
    bots = [make_bot("random", game, seed + s) for s in range(players)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    return state.history["actions"]


def _stored(url: str, game: str, seats, actions, seed: int, practice: bool = True):
    """A game built from ``actions`` (the test-only way in) and stored at ``url``."""
    new = build_game(game, seats, None, seed, actions, practice=practice)
    store = Store(url)
    store.migrate()
    store.create_game(new.row)
    store.close()
    return new


def _hint(client, gid, token):
    return client.post(f"/api/games/{gid}/hint", headers=auth(token) if token else {})


# ---- the practice flag ---------------------------------------------------------------------------


def test_the_practice_flag_is_stored_and_shown_to_every_seat(sqlite_url):
    with _app(sqlite_url) as client:
        g = create(client, TWO_HUMANS, seed=3, practice=True)
        plain = create(client, TWO_HUMANS, seed=3)
        assert g["practice"] is True and plain["practice"] is False
        for token in (g["seats"][0]["token"], g["seats"][1]["token"], g["spectator"]["token"]):
            v = view(client, g["id"], token)
            assert v["game"]["practice"] is True and v["hints"] == []
        v = view(client, plain["id"], plain["seats"][0]["token"])
        assert v["game"]["practice"] is False and "hints" not in v
        bad = client.post("/api/games", json={"seats": TWO_HUMANS, "practice": "yes"})
        assert bad.status_code == 422
    with _app(sqlite_url) as client:  # a restarted server still knows
        assert view(client, g["id"], g["spectator"]["token"])["game"]["practice"] is True
        assert view(client, plain["id"], plain["spectator"]["token"])["game"]["practice"] is False


# ---- hints -------------------------------------------------------------------------------------


def test_hints_only_in_practice_games_and_only_for_the_seat_to_play(sqlite_url):
    with _app(sqlite_url) as client:
        plain = create(client, TWO_HUMANS, seed=3)
        r = _hint(client, plain["id"], plain["seats"][0]["token"])
        assert r.status_code == 409 and r.json()["error"] == "not_practice"
        g = create(client, TWO_HUMANS, seed=3, practice=True)
        gid = g["id"]
        ann, bob, spectator = (
            g["seats"][0]["token"],
            g["seats"][1]["token"],
            g["spectator"]["token"],
        )
        to_play = view(client, gid, ann)["waiting_for"]
        me, other = (ann, bob) if to_play == 0 else (bob, ann)
        r = _hint(client, gid, other)
        assert r.status_code == 409 and r.json()["error"] == "not_your_turn"
        r = _hint(client, gid, spectator)
        assert r.status_code == 403 and r.json()["error"] == "spectator"
        assert _hint(client, gid, None).status_code == 401
        assert _hint(client, gid, "nope").status_code == 403
        # Nothing was recorded by the refusals.
        assert view(client, gid, me)["hints"] == []


def test_a_hint_is_the_searchs_from_the_seats_view_recorded_and_private(sqlite_url):
    with _app(sqlite_url) as client:
        g = create(client, TWO_HUMANS, seed=11, practice=True)
        gid = g["id"]
        tokens = [g["seats"][0]["token"], g["seats"][1]["token"]]
        seat = view(client, gid, tokens[0])["waiting_for"]
        me, other = tokens[seat], tokens[1 - seat]
        legal = {e["action"] for e in view(client, gid, me)["legal"]}
        r = _hint(client, gid, me)
        assert r.status_code == 200, r.text
        record = r.json()
        assert record["index"] == 0 and record["seat"] == seat
        hint = record["hint"]
        assert hint["player"] == seat and hint["iterations"] == LIMITS.hint_iterations
        assert 1 <= len(hint["moves"]) <= 3 and hint["reason"]
        assert {m["action"] for m in hint["moves"]} <= legal
        assert all(0.0 <= m["value"] <= 1.0 and m["description"] for m in hint["moves"])
        # The server's hint is the coach's, with the server's budget and a public seed.
        state = get_adapter("discovery").new_game(2, seed=11)
        expected = coach_hint(
            state, iterations=LIMITS.hint_iterations, seed=coach_seed(gid, seat, 0)
        ).to_json()
        assert hint == expected
        # Asking again returns the recorded hint; only its seat sees it while the game runs.
        assert _hint(client, gid, me).json() == record
        assert view(client, gid, me)["hints"] == [record]
        assert view(client, gid, other)["hints"] == []
        assert view(client, gid, g["spectator"]["token"])["hints"] == []
        # Once this seat has played, the other seat's turn gets its own hint at index 1.
        play(client, gid, me, 1)
        assert _hint(client, gid, me).json()["error"] == "not_your_turn"
        second = _hint(client, gid, other).json()
        assert second["index"] == 1 and second["seat"] == 1 - seat
    with _app(sqlite_url) as client:  # stored with the game
        assert view(client, gid, me)["hints"] == [record]
        assert view(client, gid, other)["hints"] == [second]


def test_a_hint_in_the_readers_language(sqlite_url):
    """?lang=es: the hint's reason and moves in Spanish (the stored hint stays English), and the
    view in Spanish carries the recorded hint in Spanish too."""
    from empires.bots.analysis import reason_text

    with _app(sqlite_url) as client:
        g = create(client, TWO_HUMANS, seed=11, practice=True)
        gid = g["id"]
        me = g["seats"][view(client, gid, g["seats"][0]["token"])["waiting_for"]]["token"]
        r = client.post(f"/api/games/{gid}/hint?lang=es", headers=auth(me))
        assert r.status_code == 200, r.text
        spanish = r.json()["hint"]
        english = _hint(client, gid, me).json()["hint"]
        assert spanish["reason"] == reason_text(english["reason_parts"], "es") != english["reason"]
        assert [m["description"] for m in spanish["moves"]] == [
            i18n.render(m["message"], "es") for m in english["moves"]
        ]
        assert spanish["moves"][0]["description"] != english["moves"][0]["description"]
        v = client.get(f"/api/games/{gid}?lang=es", headers=auth(me)).json()
        assert v["hints"][0]["hint"] == spanish
        assert view(client, gid, me)["hints"][0]["hint"] == english
        bad = client.post(f"/api/games/{gid}/hint?lang=" + "x" * 5000, headers=auth(me))
        assert bad.status_code == 200 and bad.json()["hint"] == english  # unknown: English


def test_one_hint_at_a_time_per_seat(sqlite_url):
    with _app(sqlite_url) as client:
        g = create(client, TWO_HUMANS, seed=5, practice=True)
        gid = g["id"]
        seat = view(client, gid, g["spectator"]["token"])["waiting_for"]
        token = g["seats"][seat]["token"]
        live = client.app.state.manager.games[gid]
        live.hinting.add(seat)  # as while its first request is being worked out
        r = _hint(client, gid, token)
        assert r.status_code == 409 and r.json()["error"] == "hint_pending"
        live.hinting.discard(seat)
        assert _hint(client, gid, token).status_code == 200


def test_hints_are_shown_in_the_replay_once_the_game_is_over(sqlite_url):
    actions = _random_history("discovery", 21)
    # Start where the human seat has a few decisions left.
    state = get_adapter("discovery").new_game(2, seed=21)
    cut = 0
    for i, a in enumerate(actions):
        if state.current_player == 0 and len(state.legal_actions()) > 1 and i < len(actions) - 6:
            cut = i
        state.apply(a)
    new = _stored(sqlite_url, "discovery", HUMAN_AND_BOT, actions[:cut], 21)
    token = new.tokens[0]
    gid = new.row.id
    with _app(sqlite_url) as client:
        record = _hint(client, gid, token).json()
        assert record["index"] == cut
        assert view(client, gid, new.tokens[None])["hints"] == []
        play(client, gid, token, 200)
        v = view(client, gid, token)
        assert v["observation"]["terminal"]
        # Over: every hint is shown to everyone, in the view and the replay.
        assert view(client, gid, new.tokens[None])["hints"] == [record]
        replay = client.get(f"/api/games/{gid}/replay", headers=auth(new.tokens[None])).json()
        assert replay["hints"] == [record]
        r = _hint(client, gid, token)
        assert r.status_code == 409 and r.json()["error"] == "game_over"


# ---- analyses ------------------------------------------------------------------------------------


def _poll(client, gid, token, timeout=120.0) -> dict:
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        r = client.get(f"/api/games/{gid}/analysis", headers=auth(token))
        if r.status_code == 429:
            time.sleep(float(r.headers["retry-after"]))
            continue
        out = r.json()
        seen.append(out["status"])
        if out["status"] in ("done", "failed"):
            out["seen"] = seen
            return out
        assert out["status"] in ("queued", "running")
        assert 0 <= out["done"] <= max(out["total"], 0) or out["total"] == 0
        time.sleep(0.05)
    raise AssertionError("the analysis did not finish")


@pytest.mark.parametrize("game", ["discovery", "settlers"])
def test_an_analysis_runs_in_the_background_and_is_stored(sqlite_url, game):
    actions = _random_history(game, 4)
    new = _stored(sqlite_url, game, HUMAN_AND_BOT, actions, 4, practice=False)
    gid, token, spectator = new.row.id, new.tokens[0], new.tokens[None]
    with _app(sqlite_url) as client:
        assert client.get(f"/api/games/{gid}/analysis", headers=auth(token)).json() == {
            "status": "none",
            "done": 0,
            "total": 0,
        }
        r = client.post(f"/api/games/{gid}/analysis", headers=auth(spectator))
        assert r.status_code == 202 and r.json()["status"] in ("queued", "running")
        again = client.post(f"/api/games/{gid}/analysis", headers=auth(token))
        assert again.status_code in (200, 202)
        assert len(client.app.state.manager.coach.jobs) <= 1  # one job per game
        out = _poll(client, gid, token)
        assert out["status"] == "done", out
        analysis = out["analysis"]
        assert analysis["game"] == game and analysis["iterations"] == LIMITS.analysis_iterations
        assert analysis["decisions"] and {d["player"] for d in analysis["decisions"]} == {0}
        assert analysis["summary"][0]["analysed"] == len(analysis["decisions"])
        assert analysis["summary"][1]["analysed"] == 0  # the bot's decisions are not judged
        for d in analysis["decisions"]:
            assert actions[d["index"]] == d["chosen"]["action"]
            assert len(d["win"]) == 2 and d["loss"] >= 0
        done = client.post(f"/api/games/{gid}/analysis", headers=auth(token))
        assert done.status_code == 200 and done.json()["analysis"] == analysis
        spanish = client.get(f"/api/games/{gid}/analysis?lang=es", headers=auth(token)).json()
        told = [  # each move told in Spanish from its message
            (i18n.render(d["chosen"]["message"], "es"), i18n.render(d["best"]["message"], "es"))
            for d in analysis["decisions"]
        ]
        assert [
            (d["chosen"]["description"], d["best"]["description"])
            for d in spanish["analysis"]["decisions"]
        ] == told
        assert spanish["analysis"]["summary"] == analysis["summary"]
    with _app(sqlite_url) as client:  # stored: a restarted server answers at once
        r = client.get(f"/api/games/{gid}/analysis", headers=auth(spectator))
        assert r.json() == {"status": "done", "analysis": analysis}
        assert client.app.state.manager.coach.jobs == {}


def test_analyses_are_bounded_and_only_of_finished_games(sqlite_url):
    limits = Limits(analysis_iterations=1, analyses_at_once=1, analyses_waiting=1)
    games = [
        _stored(sqlite_url, "discovery", HUMAN_AND_BOT, _random_history("discovery", s), s)
        for s in (8, 9, 10)
    ]
    with _app(sqlite_url, limits) as client:
        live = create(client, TWO_HUMANS, seed=1)
        r = client.post(
            f"/api/games/{live['id']}/analysis", headers=auth(live["seats"][0]["token"])
        )
        assert r.status_code == 409 and r.json()["error"] == "not_finished"
        first, second, third = games
        r = client.post(f"/api/games/{first.row.id}/analysis", headers=auth(first.tokens[0]))
        assert r.status_code == 202
        r = client.post(f"/api/games/{second.row.id}/analysis", headers=auth(second.tokens[0]))
        assert r.status_code == 202 and r.json()["status"] == "queued"  # one runs at a time
        r = client.post(f"/api/games/{third.row.id}/analysis", headers=auth(third.tokens[0]))
        assert r.status_code == 503 and r.json()["error"] == "analysis_busy"
        assert "retry-after" in r.headers
        assert _poll(client, first.row.id, first.tokens[0])["status"] == "done"
        second_done = _poll(client, second.row.id, second.tokens[0])
        assert second_done["status"] == "done" and "running" in second_done["seen"]
        r = client.get(f"/api/games/{first.row.id}/analysis")
        assert r.status_code == 401


def test_one_analysis_per_game_even_when_it_leaves_memory(sqlite_url):
    new = _stored(sqlite_url, "settlers", HUMAN_AND_BOT, _random_history("settlers", 6), 6)
    gid, token = new.row.id, new.tokens[0]
    with _app(sqlite_url) as client:
        manager = client.app.state.manager
        assert client.post(f"/api/games/{gid}/analysis", headers=auth(token)).status_code == 202
        first = manager.coach.jobs[gid]
        del manager.games[gid]  # as when the cache of finished games lets it go
        again = client.post(f"/api/games/{gid}/analysis", headers=auth(token))
        assert again.status_code == 202 and manager.coach.jobs.get(gid) in (first, None)
        assert list(manager.coach.jobs) in ([gid], [])
        out = _poll(client, gid, token)
        assert out["status"] == "done" and out["analysis"]["game"] == "settlers"


def test_deleting_an_old_game_deletes_its_hints_and_analysis(sqlite_url):
    from datetime import timedelta

    from empires.server.db import now

    new = _stored(sqlite_url, "discovery", HUMAN_AND_BOT, _random_history("discovery", 2), 2)
    store = Store(sqlite_url)
    store.save_hint(new.row.id, 3, 0, {"player": 0, "moves": [], "reason": "r", "iterations": 1})
    store.save_analysis(new.row.id, 1, {"game": "discovery", "decisions": []})
    assert store.load_hints(new.row.id)[0]["index"] == 3
    assert store.load_analysis(new.row.id) == {"game": "discovery", "decisions": []}
    later = now() + timedelta(days=1)
    assert store.expire(later, later, later) == ([], 1)
    assert store.load_hints(new.row.id) == [] and store.load_analysis(new.row.id) is None
    store.close()
