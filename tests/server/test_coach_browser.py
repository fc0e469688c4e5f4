"""The coach in the browser (Playwright, Debian's Chromium): a practice game's hint button, then
the end screen's Analyse button (progress, the win-probability chart, the summary per player,
the moves that lost clearly), and the replay showing the hint and the stored analysis.

The game starts near its end from a stored history (``build_game(actions=...)``), as the other
browser tests do; the server's budgets are small (``Limits``) so the search is quick.
"""

from __future__ import annotations

import os
import socket
import threading
import time

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not os.path.exists(CHROMIUM),
        reason=f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install -y chromium)",
    ),
]
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="browser tests need the playwright package"
)
uvicorn = pytest.importorskip("uvicorn")

from empires.bots import make_bot  # noqa: E402
from empires.core.adapter import get_adapter  # noqa: E402
from empires.server import create_app  # noqa: E402
from empires.server.db import Store  # noqa: E402
from empires.server.manager import Limits, build_game  # noqa: E402

SCREENSHOT = os.environ.get("EMPIRES_COACH_SCREENSHOT")  # keep the analysis view (README image)

READY = """() => {
  if (document.querySelector('#scores')) return true;
  const box = document.querySelector('#actions-box');
  return box && !box.hidden && !document.querySelector('#actions button:disabled');
}"""


class Server:
    def __init__(self, db_url: str) -> None:
        # Small budgets keep the test quick; the README's image is made with a real one.
        limits = Limits(hint_iterations=6, analysis_iterations=60 if SCREENSHOT else 1)
        self.app = create_app(db_url, bot_delay=0.01, limits=limits)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        config = uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level="warning", access_log=False
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.url = f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(20)


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def _near_the_end(game: str, seed: int, decisions_left: int) -> list[str]:
    """A random game's actions up to where seat 0 has about ``decisions_left`` decisions left."""
    state = get_adapter(game).new_game(2, seed=seed)
    bots = [make_bot("random", game, seed + s) for s in range(2)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    actions = state.history["actions"]
    state = get_adapter(game).new_game(2, seed=seed)
    mine = []
    for i, a in enumerate(actions):
        if state.current_player == 0 and len(state.legal_actions()) > 1:
            mine.append(i)
        state.apply(a)
    return actions[: mine[-decisions_left]]


def _play_to_the_end(page) -> None:
    for _ in range(300):
        page.wait_for_function(READY, timeout=20_000)
        if page.locator("#scores").count():
            return
        before = page.locator("#log-count").inner_text()
        page.locator("#actions button").first.click()
        page.wait_for_function(
            "(b) => document.querySelector('#scores') || "
            "document.querySelector('#log-count').textContent !== b",
            arg=before,
            timeout=20_000,
        )
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", ["discovery", "settlers"])
def test_a_hint_then_the_analysis_of_the_finished_game(browser, tmp_path, game):
    seed = 12
    actions = _near_the_end(game, seed, 4)
    seats = [{"kind": "human", "name": "You"}, {"kind": "bot", "bot": "random"}]
    new = build_game(game, seats, None, seed, actions, practice=True)
    db = f"sqlite:///{tmp_path / 'coach.db'}"
    store = Store(db)
    store.migrate()
    store.create_game(new.row)
    store.close()
    gid, token = new.row.id, new.tokens[0]
    errors: list[str] = []
    with Server(db) as server:
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

        _play_to_the_end(page)
        page.click("#analyse-button")
        page.wait_for_selector("#analysis-result", timeout=600_000)
        analysis = server.app.state.manager.games[gid].analysis
        assert analysis is not None and analysis["decisions"]
        data = page.evaluate("() => document.querySelector('#win-chart').chart.data")
        assert data[0] == [d["index"] + 1 for d in analysis["decisions"]]
        assert data[1] == [d["win"][0] for d in analysis["decisions"]]
        assert len(data) == 3  # the x axis and one series per player
        row = page.locator("#analysis-summary tbody tr").first.locator("td").all_inner_texts()
        assert row[0].strip() == "●1 You" and int(row[1])  # the seat's mark and name == analysis["summary"][0]["analysed"]
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
