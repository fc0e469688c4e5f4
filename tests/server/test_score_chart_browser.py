"""The end screen's score-per-turn chart (uPlot) for both games, and the server's score track
behind it (empires.server.score_track), in Debian's Chromium through Playwright."""

from __future__ import annotations

import json

import pytest

from empires.bots import make_bot
from empires.core.adapter import get_adapter
from empires.server.manager import build_game
from empires.server.score_track import score_track
from tests.server.browser_support import LiveServer
from tests.server.server_helpers import store_built

TURNS = {"discovery": 8, "settlers": 5}  # turns / rounds of a game


def _finished(game: str, seed: int, players: int = 2):
    adapter = get_adapter(game)
    state = adapter.new_game(players, seed=seed)
    bots = [make_bot("random", game, seed + i) for i in range(players)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    return state


@pytest.mark.parametrize("game", sorted(TURNS))
def test_score_track_points_are_the_spectators_scores_at_each_turns_end(game):
    state = _finished(game, 3)
    adapter = get_adapter(game)
    start = adapter.replay({**state.history, "actions": []})
    track = score_track(start, state.history["actions"])
    assert track is not None
    assert track["turns"] == list(range(TURNS[game] + 1))
    assert [row[-1] for row in track["totals"]] == [s["total"] for s in state.scores()]
    assert [row[0] for row in track["totals"]] == [
        s["total"] for s in start.observation(None)["scores"]
    ]
    # Point k (0 < k < last) is the spectator's total after the action that began turn k + 1.
    replay = start.clone()
    replay.narrate = True
    seen = len(replay.events(None))
    for action in state.history["actions"]:
        replay.apply(action)
        new = replay.events(None, seen)
        seen += len(new)
        if any(e.get("turn") == 2 for e in new):
            break
    assert [row[1] for row in track["totals"]] == [
        s["total"] for s in replay.observation(None)["scores"]
    ]
    assert start.history["actions"] == []  # the start state is not changed


@pytest.mark.browser
@pytest.mark.parametrize("game", sorted(TURNS))
def test_end_screen_draws_each_players_score_per_turn(browser, tmp_path, game):
    state = _finished(game, 7)
    names = ["Ann", "Rob"]
    new = build_game(
        game,
        [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random", "name": "Rob"}],
        None,
        7,
        state.history["actions"],
    )
    db = f"sqlite:///{tmp_path / 'chart.db'}"
    store_built(db, new)
    errors: list[str] = []
    with LiveServer(db) as server:
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/game/{new.row.id}#token={new.tokens[0]}")
        page.wait_for_selector("#result .score-chart canvas")
        caption = page.locator(".score-chart figcaption").inner_text()
        assert caption == ("Score per round" if game == "settlers" else "Score per turn")
        legend = page.locator(".score-chart .u-legend .u-series .u-label").all_inner_texts()
        assert legend[1:] == names
        data = page.evaluate("() => document.querySelector('.score-chart').chart.data")
        view = json.loads(
            page.evaluate(
                "(t) => fetch(location.pathname.replace('/game/', '/api/games/'),"
                " {headers: {Authorization: 'Bearer ' + t}}).then(r => r.text())",
                new.tokens[0],
            )
        )
        track = view["result"]["score_track"]
        assert data == [track["turns"], *track["totals"]]
        assert track["turns"] == list(range(TURNS[game] + 1))
        assert [row[-1] for row in track["totals"]] == [s["total"] for s in state.scores()]
        # The chart is drawn (a canvas of the asked size with something on it).
        box = page.locator(".score-chart canvas").bounding_box()
        assert box is not None and box["width"] > 200 and box["height"] > 100
        page.close()
    assert errors == []
