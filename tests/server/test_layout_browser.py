"""The web table on any screen (issue #15), in Debian's Chromium: the lobby, the game page, the
end screen and the replay at a phone's (390x844), a tablet's (820x1180) and a laptop's (1366x768)
size — nothing scrolls sideways, no board text under 12 px, tap targets of 44 px, your area and
your choices in view, axe-core without serious or critical violations — and the display defects
of the issue, each with its test. Screenshots go to test-artifacts/ (keep_shot)."""

from __future__ import annotations

import pytest

from empires.bots import make_bot
from empires.core.adapter import get_adapter
from empires.server.db import Store
from empires.server.manager import build_game
from tests.server.browser_support import (
    BROWSER_MARKS,
    VIEWPORTS,
    LiveServer,
    axe_violations,
    keep_shot,
)

pytestmark = BROWSER_MARKS
pytest.importorskip("playwright.sync_api", reason="browser tests need the playwright package")

LONG = "WWWWWWWWWWWWWWWWWWWWWWWW"  # 24 characters, the longest name a seat may have (wide letters)
SEATS = [
    {"kind": "human", "name": "Ann"},
    {"kind": "human", "name": LONG},
    {"kind": "human", "name": "Cy"},
]


def _history(game: str, n: int, seed: int, options, stop, limit: int = 4000) -> list[str]:
    """Random play (every seat) from the start until ``stop(observation)``."""
    adapter = get_adapter(game)
    state = adapter.new_game(n, seed=seed, options=adapter.options_from_json(options or {}))
    bot = make_bot("random", game, seed)
    for _ in range(limit):
        if stop(state.observation(None)) or state.is_terminal():
            return list(state.history["actions"])
        state.apply(bot.choose(state))
    raise AssertionError("the stop condition never held")


def _stored(url: str, game: str, seats, options, seed: int, actions) -> tuple[str, list[str], int]:
    """The game stored; its id, its seats' tokens and the seat to act."""
    new = build_game(game, seats, options, seed, actions)
    store = Store(url)
    store.migrate()
    store.create_game(new.row)
    store.close()
    return new.row.id, [new.tokens[i] for i in range(len(seats))], new.state.current_player


NO_SIDEWAYS = "() => document.documentElement.scrollWidth <= window.innerWidth"
SMALLEST_BOARD_TEXT = """() => {
  const svg = document.querySelector('#board');
  const scale = svg.getScreenCTM().a;
  return Math.min(...[...svg.querySelectorAll('text')].map(
    (t) => parseFloat(getComputedStyle(t).fontSize) * scale));
}"""
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'button, select, a.open, .tab, #board .clickable, .tray-choice')]
  .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map((e) => [e, e.getBoundingClientRect()])
  .filter(([e, r]) => r.width > 0 && (r.width < 43.5 || r.height < 43.5))
  .map(([e, r]) => `${e.tagName}.${e.getAttribute('class')} ${e.textContent.slice(0, 30)} `
                   + `${Math.round(r.width)}x${Math.round(r.height)}`)"""
IN_VIEW = """(sel) => { const e = document.querySelector(sel); if (!e) return false;
  const r = e.getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; }"""


def _serious(page) -> list[str]:
    found = [f"{v['id']}: {v['nodes'][:3]}" for v in axe_violations(page)]
    for line in found:
        print("axe:", line)
    return found


@pytest.fixture(scope="module")
def discovery_game(tmp_path_factory):
    """A 3-seat Discovery game (National Advantages dealt at random) at a decision, stored."""
    url = f"sqlite:///{tmp_path_factory.mktemp('layout') / 'layout.db'}"
    options = {"nations": "random"}
    actions = _history("discovery", 3, 5, options, lambda o: o["turn"] >= 2 and o["step"] == "place")
    return (url, *_stored(url, "discovery", SEATS, options, 5, actions))


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_game_page_at_each_size(browser, discovery_game, size):
    url, gid, tokens, seat = discovery_game
    width, height = VIEWPORTS[size]
    errors: list[str] = []
    with LiveServer(url) as server:
        page = browser.new_page(viewport={"width": width, "height": height})
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/game/{gid}#token={tokens[seat]}")
        page.wait_for_selector("#board .clickable")
        assert page.evaluate(NO_SIDEWAYS), "the page scrolls sideways"
        assert page.evaluate(SMALLEST_BOARD_TEXT) >= 11.99
        if size != "laptop":  # touch screens; a laptop's pointer: axe's 24 px (target-size)
            assert page.evaluate(SMALL_TARGETS) == []
        assert page.evaluate(IN_VIEW, "#board-decision"), "the choices are out of view"
        if size != "phone":  # a phone shows your area under the Choices tab
            assert page.evaluate(IN_VIEW, "#my-area"), "your area is out of view"
        keep_shot(page, f"layout-game-{size}")
        assert _serious(page) == []
        if size == "phone":
            page.click("[data-tab-button='choices']")
            assert page.evaluate(IN_VIEW, "#my-area")
            assert page.evaluate(IN_VIEW, "#actions-box")
            assert not page.is_visible("#board")
            assert page.evaluate(SMALL_TARGETS) == []
            assert _serious(page) == []
            keep_shot(page, "layout-game-phone-choices")
            page.click("[data-tab-button='log']")
            assert page.is_visible("#log") and not page.is_visible("#actions-box")
            keep_shot(page, "layout-game-phone-log")
        page.close()
    assert errors == []
