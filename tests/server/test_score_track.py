"""The end screen's score track of a live game is followed action by action
(score_track.ScoreTracker) and equals the track replayed from the game's start; a game the
tracker did not see from its start, or whose state was replaced, is replayed once finished."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from empires.core.adapter import get_adapter
from empires.server import create_app
from empires.server import live_game as live_game_module
from empires.server.manager import LiveGame, build_game
from empires.server.score_track import ScoreTracker, score_track
from tests.server.server_helpers import near_the_end

BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def replayed(live: LiveGame) -> dict | None:
    start = get_adapter(live.game).replay({**live.state.history, "actions": []})
    return score_track(start, live.state.history["actions"])


def no_replay(start, actions):
    raise AssertionError("the score track was replayed")


@pytest.mark.parametrize("game,seed", [("discovery", 4), ("discovery", 9), ("settlers", 5)])
def test_a_live_games_track_is_followed_and_equals_the_replay(sqlite_url, monkeypatch, game, seed):
    app = create_app(sqlite_url)
    with TestClient(app) as client:
        r = client.post("/api/games", json={"game": game, "seats": BOTS, "seed": seed})
        assert r.status_code == 201, r.text
        live = app.state.manager.games[r.json()["id"]]
        client.portal.call(app.state.manager.idle, live)
        assert live.status == "finished", live.error
        monkeypatch.setattr(live_game_module, "score_track", no_replay)
        track = live.score_track()
        monkeypatch.undo()
        assert track is not None and track == replayed(live)
        assert len(track["turns"]) > 3
        assert live.score_track() is track  # kept: a finished game never changes


def test_a_game_that_came_into_memory_part_played_is_replayed(monkeypatch):
    actions = near_the_end("discovery", 6)
    new = build_game("discovery", BOTS, None, 6, actions[:-3])
    live = LiveGame(new.row, new.state, new.log)
    assert live._tracker is None
    for action in actions[-3:]:
        live.state.apply(action)
        live.log.append({"seat": 0, "action": action})
        live.follow_scores()
    calls = []
    monkeypatch.setattr(live_game_module, "score_track", lambda *a: calls.append(a) or {"x": 1})
    assert live.score_track() == {"x": 1} and len(calls) == 1


def test_a_change_the_tracker_did_not_see_stops_it():
    actions = near_the_end("discovery", 8)
    new = build_game("discovery", BOTS, None, 8)
    live = LiveGame(new.row, new.state, new.log)
    tracker = live._tracker
    assert tracker is not None
    live.state.apply(actions[0])
    live.log.append({"seat": 0, "action": actions[0]})
    live.follow_scores()
    assert live._tracker is tracker and tracker.actions == 1
    live.state.apply(actions[1])  # applied and logged elsewhere (a catch-up): not followed
    live.log.append({"seat": 0, "action": actions[1]})
    live.state.apply(actions[2])
    live.log.append({"seat": 0, "action": actions[2]})
    live.follow_scores()
    assert live._tracker is None
    other = build_game("discovery", BOTS, None, 8).state  # a replaced state (an undo)
    fresh = ScoreTracker.start(other)
    assert fresh is not None and not fresh.follow(new.state, 1)
    assert fresh.track(new.state, 0) is None  # another state, and not over


def test_a_tracker_that_fails_stops_and_the_game_goes_on(monkeypatch):
    new = build_game("discovery", BOTS, None, 12)
    live = LiveGame(new.row, new.state, new.log)
    actions = near_the_end("discovery", 12)

    def broken(*args, **kwargs):
        raise RuntimeError("a bug in the chart")

    monkeypatch.setattr(live._tracker, "follow", broken)
    live.state.apply(actions[0])
    live.log.append({"seat": 0, "action": actions[0]})
    live.follow_scores()  # logged, not raised
    assert live._tracker is None


def test_a_copy_takes_the_owners_track_from_its_note_and_drops_a_malformed_one(monkeypatch):
    """A process following a game it does not own (empires.server.shared_log) gets the owner's
    track in the note of the game's last move, instead of replaying the whole game for it."""
    from empires.server.shared_log import SharedLog, is_score_track

    actions = near_the_end("discovery", 6)
    new = build_game("discovery", BOTS, None, 6, actions)
    owner = LiveGame(new.row, new.state, new.log)
    assert owner.state.is_terminal()
    track = replayed(owner)
    assert track is not None and is_score_track(track, 2)
    for bad in (
        {"turns": [0, 1], "totals": [[1, 2], [3]]},  # a row shorter than the turns
        {"turns": ["0"], "totals": [[1], [2]]},
        {"turns": [0], "totals": [[1], [2]], "x": 1},
        {"turns": [0], "totals": [[1]] * 9},  # more rows than a 2-seat game scores
        [0, 1],
    ):
        assert not is_score_track(bad, 2), bad
    copy = LiveGame(new.row, build_game("discovery", BOTS, None, 6, actions).state, new.log)
    SharedLog._take_views(copy, {"game": copy.id, "t": {"turns": [0], "totals": [[1]] * 9}})
    SharedLog._take_views(copy, {"game": copy.id, "t": track})
    monkeypatch.setattr(live_game_module, "score_track", no_replay)
    assert copy.score_track() == track
