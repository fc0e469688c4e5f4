"""The rough edges of issue #31, each checked in Debian's Chromium (Playwright): score table
headers broken only between words, Discovery mats naming their components, "Your turn:" said
once in Imperial Settlers, one verdict on the solo end screen, open games' cards in words with
their time limit, the analysis chart inside its panel at 1366x768, the seats table inside its
card in every language, and the unverified cards' notice said once at the Settlers table."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest

from empires import i18n
from empires.bots import make_bot
from empires.core.adapter import get_adapter
from empires.server.manager import Limits
from empires.server.web_messages import load
from tests.server.browser_support import BROWSER_MARKS, VIEWPORTS, LiveServer, keep_shot
from tests.server.server_helpers import near_the_end, store_game

pytestmark = BROWSER_MARKS

FOUR = [
    {"kind": "human", "name": "Ann"},
    {"kind": "bot", "bot": "heuristic"},
    {"kind": "bot", "bot": "random"},
    {"kind": "bot", "bot": "ismcts:200"},
]

# Each word of each header cell of the score table whose line boxes lie on more than one line:
# a word broken inside ("Discover" / "ies").
BROKEN_WORDS = """() => {
  const out = [];
  for (const cell of document.querySelectorAll('#scores th')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0)
          .map((r) => Math.round(r.top)));
        if (tops.size > 1) out.push(m[0]);
      }
    }
  }
  return out;
}"""


def _page(browser, url, viewport="laptop", lang="en"):
    w, h = VIEWPORTS[viewport]
    context = browser.new_context(
        viewport={"width": w, "height": h},
        locale=lang,
        is_mobile=viewport == "phone",
        has_touch=viewport != "laptop",
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return context, page, errors


def _choices_tab(page):
    """On a phone the end screen is under the Choices tab."""
    tab = page.locator('[data-tab-button="choices"]')
    if tab.count() and tab.is_visible():
        tab.click()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_score_table_headers_break_only_between_words(browser, sqlite_url, lang):
    actions = near_the_end("discovery", 5, players=4)
    new = store_game(sqlite_url, "discovery", FOUR, 5, actions)
    state = get_adapter("discovery").new_game(4, seed=5)
    for a in actions:
        state.apply(a)
    printed = get_adapter("discovery").catalogue()["board"]["buildings"]
    held = {
        printed[x["building"]]
        for e in state.events(0)
        if e["kind"] == "final_scoring"
        for x in e["buildings_vp"]
    }
    with LiveServer(sqlite_url) as server:
        for viewport in VIEWPORTS:
            url = f"{server.url}/game/{new.row.id}#token={new.tokens[0]}"
            context, page, errors = _page(browser, url, viewport, lang)
            try:
                page.wait_for_selector("#scores th", state="attached")
                _choices_tab(page)
                heads = page.locator("#scores th").all_inner_texts()
                assert any("Discover" in x or "Descubrimiento" in x for x in heads)
                assert page.evaluate(BROKEN_WORDS) == [], (viewport, lang)
                # no sideways scrolling: a table too wide names the seats by their marks only
                assert page.evaluate(
                    "() => document.documentElement.scrollWidth <= innerWidth + 1"
                ), viewport
                fits = "(b) => b.scrollWidth <= b.clientWidth + 1"
                assert page.locator("#scores .scores-scroll").evaluate(fits), viewport
                assert page.locator("#scores thead th").nth(2).get_attribute("title")
                # the Capital Buildings scored, by their printed names in the page's language
                scored = page.inner_text("#scores .scored")
                assert held and all(i18n.translate(n, lang) in scored for n in held)
                assert errors == []
                keep_shot(page, f"scores-{lang}-{viewport}")
            finally:
                context.close()


def test_discovery_mats_name_their_components(browser, sqlite_url):
    actions = near_the_end("discovery", 5)
    state = get_adapter("discovery").new_game(2, seed=5)
    for a in actions:
        state.apply(a)
    held = [d for p in state.observation(0)["players"] for d in p["discoveries"]]
    assert any(d["id"] == d["name"] for d in held), "a Discovery counter is on a mat"
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}]
    new = store_game(sqlite_url, "discovery", seats, 5, actions)
    with LiveServer(sqlite_url) as server:
        for lang in ("en", "pt"):
            url = f"{server.url}/game/{new.row.id}#token={new.tokens[0]}"
            context, page, errors = _page(browser, url, "laptop", lang)
            try:
                page.wait_for_selector("#board .mat")
                mats = page.locator("#board .mat :is(text, tspan, title)").all_text_contents()
                raw = [m for m in mats if re.search(r"\b[a-z]{1,3}\d{2,3}\b", m)]
                assert raw == [], raw
                words = load(lang) if lang != "en" else {}
                counter = words.get("Discovery counter", "Discovery counter").lower()
                assert any(counter.split()[0] in m.lower() for m in mats)
                money = page.locator("#board .mat .money").all_text_contents()
                vp = "PV" if lang == "pt" else "VP"
                assert all(vp in m for m in money) and not any(
                    re.search(r"\bVP\b", m) for m in money if lang == "pt"
                )
                # a bot's kind in its mat's head is in the reader's language
                head = page.locator('#board .mat[data-seat="1"] .mat-name title').text_content()
                assert "heuristic" not in head
                assert errors == []
            finally:
                context.close()


def _settlers_at_a_turn(seed: int = 4) -> list[str]:
    """Actions of a 2-player game (random bots) up to seat 0's first "turn" decision."""
    state = get_adapter("settlers").new_game(2, seed=seed)
    bots = [make_bot("random", "settlers", seed + s) for s in range(2)]
    while True:
        d = state.observation(0).get("decision") or {}
        if d.get("kind") == "turn" and d.get("player") == 0:
            return state.history["actions"]
        state.apply(bots[state.current_player].choose(state))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_settlers_says_your_turn_once(browser, sqlite_url, lang):
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    new = store_game(sqlite_url, "settlers", seats, 4, _settlers_at_a_turn())
    opening = load(lang).get("Your turn:", "Your turn:") if lang != "en" else "Your turn:"
    with LiveServer(sqlite_url) as server:
        url = f"{server.url}/game/{new.row.id}#token={new.tokens[0]}"
        context, page, errors = _page(browser, url, "laptop", lang)
        try:
            page.wait_for_selector("#status .your-turn")
            for where in ("#status", "#decision"):
                text = page.inner_text(where)
                assert text.count(opening) == 1, (where, text)
            # the other seat waits for Ann's decision, without "Your turn:" in it
            other = context.new_page()
            other.goto(f"{server.url}/game/{new.row.id}#token={new.tokens[1]}")
            other.wait_for_selector("#status .waiting")
            assert opening not in other.inner_text("#status")
            assert opening not in other.inner_text("#decision")
            assert errors == []
        finally:
            context.close()


def test_the_solo_end_screen_says_one_verdict(browser, sqlite_url):
    actions = near_the_end("settlers", 1, players=1)
    new = store_game(sqlite_url, "settlers", [{"kind": "human", "name": "Sol"}], 1, actions)
    with LiveServer(sqlite_url) as server:
        url = f"{server.url}/game/{new.row.id}#token={new.tokens[0]}"
        context, page, errors = _page(browser, url, "laptop")
        try:
            page.wait_for_selector("#verdict")
            verdict = page.inner_text("#verdict")
            assert verdict.startswith("You lost. The virtual player wins.")
            assert "Collection" in verdict  # why: the game_over event
            result = page.inner_text("#result")
            assert "no player wins" not in result and "You won" not in result
            assert "Won (solo" not in result and "(-1: none)" not in result
            assert page.locator("#scores h2").count() == 0
            assert page.locator("#scores tr.place").count() == 0
            won = page.locator('#scores tr[data-category="won"]').inner_text()
            assert won.split("\t")[-1].strip() == "no" and "virtual player" in won
            level = page.locator('#scores tr[data-category="achievement"] td').inner_text()
            assert level == "none"
            # a won solo game: the same screen says so, with no contradiction either
            shown = page.evaluate(
                """async () => {
                  const ev = await import('/static/js/events.js');
                  const st = await import('/static/js/settlers-board.js');
                  const events = [{kind: 'game_over', text: 'Game over: Sol wins with 45 VP.'}];
                  const v = st.soloVerdict({virtual_player: {}, terminal: true,
                                            result: 'won: Governor'}, events);
                  const s = ev.scoreBreakdown({scores: [{total: 45, won: 1, achievement: 3}],
                                               ranking: [[0]]}, [{name: 'Sol'}], events);
                  return [v.textContent, s.textContent];
                }"""
            )
            assert shown[0].startswith("You won! You beat the virtual player.")
            assert "lost" not in shown[0] and "Governor" not in shown[0].split(".")[0]
            assert "Game over" not in shown[1].split("Final scoring")[0]
            assert "yes" in shown[1] and "no player" not in shown[1]
            assert errors == []
        finally:
            context.close()


def _post(url: str, body: dict) -> dict:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=20) as response:
        return json.load(response)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_open_game_cards_say_the_rules_and_time_limit_in_words(browser, sqlite_url, lang):
    with LiveServer(sqlite_url) as server:
        _post(
            f"{server.url}/api/games",
            {
                "game": "discovery",
                "seats": [{"kind": "human", "name": "Ann"}, {"kind": "open"}],
                "options": {"nations": "auction", "builders": True},
                "public": True,
                "clock": {"mode": "game", "seconds": 600, "increment": 5},
            },
        )
        _post(
            f"{server.url}/api/games",
            {
                "game": "discovery",
                "seats": [{"kind": "human", "name": "Bea"}, {"kind": "open"}],
                "public": True,
            },
        )
        context, page, errors = _page(browser, f"{server.url}/", "laptop", lang)
        try:
            page.wait_for_selector(".open-game .open-clock")
            cards = page.locator(".open-game")
            assert cards.count() == 2
            newest, first = cards.nth(0), cards.nth(1)  # newest first
            options = first.locator(".open-options").inner_text()
            clock = first.locator(".open-clock").inner_text()
            for raw in ("nations", "edition:", "auction", "builders", ": off", "true"):
                assert raw not in options, options
            if lang == "en":
                assert options == (
                    "2015 edition · Builder expansion · National Advantages: Auctioned"
                )
                assert clock == "Time limit: 10 min per game +5 s per move"
                assert newest.locator(".open-clock").inner_text() == "Time limit: No time limit"
            else:
                words = load(lang)
                assert words["National Advantages"] in options
                assert "Por subasta" in options and "edición 2015" in options
                assert clock.startswith(words["Time limit: {mode}"].split("{mode}")[0])
                assert "10 min" in clock
            assert errors == []
        finally:
            context.close()


def test_the_analysis_chart_fits_its_panel_at_1366(browser, sqlite_url):
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
    new = store_game(sqlite_url, "discovery", seats, 12, near_the_end("discovery", 12))
    limits = Limits(hint_iterations=6, analysis_iterations=1)
    with LiveServer(sqlite_url, limits=limits) as server:
        url = f"{server.url}/game/{new.row.id}#token={new.tokens[0]}"
        context, page, errors = _page(browser, url, "laptop")
        try:
            page.wait_for_selector("#analyse-button")
            page.click("#analyse-button")
            page.wait_for_selector("#win-chart canvas", timeout=120_000)
            page.wait_for_timeout(300)  # the chart sized to its panel
            sizes = page.evaluate(
                """() => {
                  const panel = document.querySelector('#analysis').getBoundingClientRect();
                  const box = (s) => document.querySelector(s).getBoundingClientRect();
                  const parts = ['#win-chart', '#win-chart canvas', '#win-chart .u-legend',
                                 '#result .score-chart canvas'];
                  return {panel: [panel.left, panel.right],
                          parts: parts.map((s) => [s, box(s).left, box(s).right])};
                }"""
            )
            left, right = sizes["panel"]
            for name, a, b in sizes["parts"]:
                assert left - 1 <= a and b <= right + 1, (name, a, b, sizes["panel"])
            assert page.evaluate("() => document.querySelector('#win-chart').chart.width") > 200
            keep_shot(page, "analysis-1366")
            assert errors == []
        finally:
            context.close()


@pytest.mark.parametrize("lang", ["es", "it", "pt"])
def test_the_seats_table_fits_its_card(browser, sqlite_url, lang):
    with LiveServer(sqlite_url) as server:
        for viewport in VIEWPORTS:
            context, page, errors = _page(browser, f"{server.url}/", viewport, lang)
            try:
                page.wait_for_selector("#seats tr")
                for game in ("discovery", "settlers"):
                    page.select_option("#game", game)
                    page.select_option("#players", "4")
                    spill = page.evaluate(
                        """() => {
                          const card = document.querySelector('#create').getBoundingClientRect();
                          const cells = [...document.querySelectorAll('#seats td, #seats select,'
                                                                      + ' #seats input')];
                          return cells.map((c) => c.getBoundingClientRect().right)
                            .filter((r) => r > card.right + 0.5);
                        }"""
                    )
                    assert spill == [], (viewport, game)
                assert errors == []
            finally:
                context.close()


def test_the_unverified_cards_notice_is_said_once(browser, sqlite_url):
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    new = store_game(sqlite_url, "settlers", seats, 4, _settlers_at_a_turn())
    with LiveServer(sqlite_url) as server:
        url = f"{server.url}/game/{new.row.id}#token={new.tokens[0]}"
        context, page, errors = _page(browser, url, "laptop")
        try:
            page.wait_for_selector("#table .st-player")
            marked = page.locator(".st-card .st-source.unverified")
            assert marked.count() >= 1, "an unverified card is on the table"
            names = set(
                page.locator(".st-card:has(.st-source.unverified) .st-card-name").all_inner_texts()
            )
            notice = page.locator("#unverified-notice")
            assert notice.count() == 1
            said = notice.inner_text()
            assert "empires serve --cards NAME=FILE" in said
            assert all(name in said for name in names)
            text = page.inner_text("body")
            assert text.count("played without their printed ability") == 1
            assert "Unverified: played without its ability" not in text
            assert "no public source gives it" not in text  # nor in each card's ability text
            texts = page.locator(".st-card:has(.st-source.unverified) .st-text").all_inner_texts()
            assert any(x.startswith(("Action: unknown.", "Feature: unknown.")) for x in texts)
            assert errors == []
        finally:
            context.close()
