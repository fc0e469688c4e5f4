"""The table in the browser (Playwright, Debian's Chromium): the lobby offers a time limit and
the stand-in bot; the game page shows each seat's clock ticking, an Undo button (and Ctrl+Z)
while the seat to act may take its own actions back, and Leave table / Take my seat back."""

from __future__ import annotations

import json
import re
import urllib.request

from empires.core.adapter import get_adapter
from empires.core.undo import undoable
from tests.server.browser_support import BROWSER_MARKS, LiveServer, axe_violations, keep_shot
from tests.server.server_helpers import store_game

pytestmark = BROWSER_MARKS

TWO_HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
CLOCK = re.compile(r"^\d+:\d\d$")


def _undoable_prefix(game: str = "settlers", seed: int = 11) -> list[str]:
    """First legal actions from the start until the seat to act may take one back."""
    state = get_adapter(game).new_game(2, seed=seed)
    while not undoable(state):
        state.apply(state.legal_actions()[0])
    return list(state.history["actions"])


def _store(url: str, actions: list[str], table: dict) -> tuple[str, list[str], int]:
    new = store_game(url, "settlers", TWO_HUMANS, 11, actions, table=table)
    return new.row.id, [new.tokens[0], new.tokens[1]], new.state.current_player


def _view(server, gid, token) -> dict:
    request = urllib.request.Request(
        f"{server.url}/api/games/{gid}", headers={"Authorization": f"Bearer {token}"}
    )
    with urllib.request.urlopen(request) as r:
        return json.loads(r.read())


def _notes(page) -> list[str]:
    return page.eval_on_selector_all(
        "#table-box .table-notes li", "els => els.map(e => e.textContent)"
    )


def test_undo_clock_leave_and_take_back(browser, sqlite_url):
    actions = _undoable_prefix()
    clock = {"mode": "game", "seconds": 600, "increment": 5}
    gid, tokens, seat = _store(sqlite_url, actions, {"clock": clock, "stand_in": "heuristic"})
    with LiveServer(sqlite_url) as server:
        page = browser.new_page()
        page.goto(f"{server.url}/game/{gid}#token={tokens[seat]}")
        page.wait_for_selector("#connection.ok")
        # Each seat's clock, the running one marked, counting down from 10:00.
        running = page.wait_for_selector(f"#table-box .clock.running[data-seat='{seat}']")
        page.wait_for_function(
            "() => /^\\d+:\\d\\d$/.test(document.querySelector('.clock.running .clock-time')"
            ".textContent)"
        )
        assert CLOCK.match(running.query_selector(".clock-time").text_content())
        assert len(page.query_selector_all("#table-box .clock")) == 2
        assert "10 min per game" in page.text_content("#table-box .clocks")
        # Undo by the button: the action leaves the history; the log says a move was taken back.
        page.click("#undo-button")
        page.wait_for_function(
            "() => [...document.querySelectorAll('#table-box .table-notes li')]"
            ".some(li => li.textContent.includes('took back 1'))"
        )
        v = _view(server, gid, tokens[seat])
        assert v["game"]["actions"] == len(actions) - 1
        assert v["table"]["undos"] == [{"index": len(actions) - 1, "seat": seat, "count": 1}]
        # The same action again, from the page, then Ctrl+Z takes it back once more.
        page.click(f"#actions button[data-action='{actions[-1]}']")
        page.wait_for_selector("#undo-button")
        page.keyboard.press("Control+z")
        page.wait_for_function(
            "n => JSON.stringify([...document.querySelectorAll('#table-box .table-notes li')]"
            ".map(li => li.textContent)).split('took back').length - 1 === n",
            arg=2,
        )
        assert len(_view(server, gid, tokens[seat])["table"]["undos"]) == 2
        # The table's panel passes axe-core (the board's own findings are not this test's).
        mine = [v for v in axe_violations(page) if any("table-box" in n for n in v["nodes"])]
        assert mine == []
        keep_shot(page, "table-clock-undo")
        # Leave the table: the heuristic bot plays this seat; then take the seat back.
        page.click("#leave-button")  # it asks first (issue #31)
        page.click("#leave-confirm")
        page.wait_for_selector("#return-button")
        assert "left the table" in page.text_content("#table-box")
        assert _view(server, gid, tokens[seat])["table"]["seats"][seat]["away"] == "left"
        page.click("#return-button")
        page.wait_for_selector("#leave-button")
        assert _view(server, gid, tokens[seat])["table"]["seats"][seat]["away"] is None
        keep_shot(page, "table-returned")


def test_lobby_offers_a_time_limit_and_stand_in(browser, sqlite_url):
    with LiveServer(sqlite_url) as server:
        page = browser.new_page()
        page.goto(f"{server.url}/")
        page.wait_for_selector("#clock")
        assert page.is_hidden("#increment")
        page.select_option("#clock", "game:300")
        page.select_option("#increment", "5")
        page.select_option("#stand-in", "random")
        page.click("#create-button")
        page.wait_for_selector("#links li.link[data-seat='0'] a.open")
        href = page.get_attribute("#links li.link[data-seat='0'] a.open", "href")
        gid, token = re.match(r"^/game/([0-9a-f]+)#token=(.+)$", href).groups()
        table = _view(server, gid, token)["table"]
        assert table["clock"] == {"mode": "game", "seconds": 300, "increment": 5}
        assert table["stand_in"] == "random"
        page.goto(f"{server.url}{href}")
        page.wait_for_selector("#table-box .clock[data-seat='0'] .clock-time")
        page.wait_for_function(
            "() => /^[45]:\\d\\d$/.test(document.querySelector("
            "\"#table-box .clock[data-seat='0'] .clock-time\").textContent)"
        )
