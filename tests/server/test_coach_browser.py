"""The coach in the browser (Playwright, Debian's Chromium): a practice game's hint button, then
the end screen's Analyse button (progress, the win-probability chart, the summary per player,
the moves that lost clearly), and the replay showing the hint and the stored analysis.

The game starts near its end from a stored history (``build_game(actions=...)``), as the other
browser tests do; the server's budgets are small (``Limits``) so the search is quick.
"""

from __future__ import annotations

import os

import pytest

from empires.server.manager import Limits
from tests.server.browser_support import BROWSER_MARKS, READY, LiveServer, play_to_the_end
from tests.server.server_helpers import near_the_end, store_game

pytestmark = BROWSER_MARKS

SCREENSHOT = os.environ.get("EMPIRES_COACH_SCREENSHOT")  # keep the analysis view (README image)


def _server(db_url: str) -> LiveServer:
    # Small budgets keep the test quick; the README's image is made with a real one.
    limits = Limits(hint_iterations=6, analysis_iterations=60 if SCREENSHOT else 1)
    return LiveServer(db_url, bot_delay=0.01, limits=limits)


@pytest.mark.parametrize("game", ["discovery", "settlers"])
def test_a_hint_then_the_analysis_of_the_finished_game(browser, tmp_path, game):
    seed = 12
    actions = near_the_end(game, seed, 4)
    seats = [{"kind": "human", "name": "You"}, {"kind": "bot", "bot": "random"}]
    db = f"sqlite:///{tmp_path / 'coach.db'}"
    new = store_game(db, game, seats, seed, actions, practice=True)
    gid, token = new.row.id, new.tokens[0]
    errors: list[str] = []
    with _server(db) as server:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/game/{gid}#token={token}")
        page.wait_for_function(READY, timeout=20_000)
        asked_at = len(server.app.state.manager.games[gid].log)
        page.click("#hint-button")
        page.wait_for_selector(".hint-result", timeout=30_000)
        moves = page.locator(".hint-move")
        assert 1 <= moves.count() <= 3
        legal = set(
            page.locator("#actions button").evaluate_all("bs => bs.map(b => b.dataset.action)")
        )
        shown = moves.evaluate_all("ms => ms.map(m => m.dataset.action)")
        assert set(shown) <= legal
        recorded = server.app.state.manager.games[gid].hints
        assert [r["index"] for r in recorded] == [asked_at]
        best = recorded[0]["hint"]["moves"][0]
        assert best["description"] in moves.first.inner_text()
        assert f"{round(best['value'] * 100)}% to win" in moves.first.inner_text()

        play_to_the_end(page)
        page.click("#analyse-button")
        page.wait_for_selector("#analysis-result", timeout=600_000)
        analysis = server.app.state.manager.games[gid].analysis
        assert analysis is not None and analysis["decisions"]
        data = page.evaluate("() => document.querySelector('#win-chart').chart.data")
        assert data[0] == [d["index"] + 1 for d in analysis["decisions"]]
        assert data[1] == [d["win"][0] for d in analysis["decisions"]]
        assert len(data) == 3  # the x axis and one series per player
        row = page.locator("#analysis-summary tbody tr").first.locator("td").all_inner_texts()
        assert row[0].strip() == "●1 You"  # the seat's mark and name
        assert int(row[1]) == analysis["summary"][0]["analysed"]
        flagged = [d for d in analysis["decisions"] if d["verdict"] != "ok"]
        assert page.locator(".analysis-mistakes li").count() == len(flagged)
        texts = page.locator(".analysis-mistakes li").all_inner_texts()
        for d, text in zip(flagged, texts, strict=True):
            assert f"Better: {d['best']['description']}" in text
        if SCREENSHOT and game == "discovery":
            page.locator("#analysis").screenshot(path=SCREENSHOT)

        # The replay shows the hint at its step, and the stored analysis at once.
        page.goto(f"{server.url}/replay/{gid}#token={new.tokens[None]}")
        page.wait_for_selector("#analysis-result", timeout=20_000)
        assert page.locator("#analyse-button").count() == 0
        page.evaluate(
            "(s) => { const r = document.querySelector('#slider'); r.value = s;"
            " r.dispatchEvent(new Event('input')); }",
            asked_at + 1,
        )
        page.wait_for_selector(".replay-hint", timeout=20_000)
        assert "You asked for a hint" in page.locator(".replay-hint").inner_text()
        assert best["description"] in page.locator(".replay-hint").inner_text()
        page.close()
    assert not errors, errors
