"""The fair clocks in the browser (issue #31), with the server's controllable clock: one timeout
is told once ("Time ran out: the Heuristic bot played one move for you (timeout 1 of 3)"), for
the seat itself and, by name, for the others (in Spanish too), and the seat's clock runs again,
in overtime on a game clock; three in a row say the seat is absent, with Take my seat back,
which clears it; a clock stands still with "paused for hint" while the seat's hint is worked
out; a spectator refused says why instead of reconnecting."""

from __future__ import annotations

import json
import threading
import time
import urllib.request

import pytest

from empires.server import coach
from empires.server.db import Store
from empires.server.manager import GameManager, Limits
from tests.server.browser_support import BROWSER_MARKS, LiveServer, axe_violations, keep_shot
from tests.server.test_table_api import FakeClock

pytestmark = BROWSER_MARKS

# Views are polled hard while the tests play the other seat; the limits are not what they check.
LIMITS = Limits(view_rate=1e4, view_burst=1e4, client_rate=1e4, client_burst=1e4)
PER_MOVE = {"mode": "move", "seconds": 30}
GAME_CLOCK = {"mode": "game", "seconds": 300, "increment": 5}
SEATS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Ben"}]

# Every text #clock-notice held, and whether a Take my seat back button or a seat said "away"
# ever showed (a single timeout is momentary: neither should).
WATCH = """() => {
  window.__notices = [];
  window.__sawReturn = false;
  window.__sawAway = false;
  const box = document.querySelector('#clock-notice');
  new MutationObserver(() => window.__notices.push(box.textContent))
    .observe(box, {childList: true, subtree: true, characterData: true});
  new MutationObserver(() => {
    if (document.querySelector('#return-button')) window.__sawReturn = true;
    for (const a of document.querySelectorAll('.pp-away'))
      if (a.textContent.includes('away')) window.__sawAway = true;
  }).observe(document.body, {childList: true, subtree: true});
}"""


def serve(url: str, clock: FakeClock, limits: Limits = LIMITS) -> LiveServer:
    return LiveServer(url, manager=GameManager(Store(url), clock=clock, limits=limits))


def call(server, path, token=None, body=None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{server.url}{path}", data=data, headers=headers)
    with urllib.request.urlopen(request) as r:
        return json.loads(r.read())


def new_game(server, clock: dict, **extra) -> tuple[str, list[str], dict]:
    g = call(
        server,
        "/api/games",
        body={"seats": SEATS, "game": "settlers", "seed": 11, "clock": clock, **extra},
    )
    return g["id"], [s["token"] for s in g["seats"]], g


def view(server, gid, token) -> dict:
    return call(server, f"/api/games/{gid}", token)


def settled(server, gid, token, timeout=30.0) -> dict:
    """The view once no stand-in is about to play (a clock runs, or the game is over)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        v = view(server, gid, token)
        aways = [s["away"] for s in v["table"]["seats"]]
        if v["game"]["status"] != "active" or (
            v["table"]["running"] is not None and "once" not in aways
        ):
            return v
        time.sleep(0.05)
    raise AssertionError("the stand-in never settled")


def until_clock_of(server, gid, tokens, seat, limit=200) -> dict:
    """Play the other seat's first legal actions (over HTTP) until ``seat``'s clock runs."""
    for _ in range(limit):
        v = settled(server, gid, tokens[seat])
        running = v["table"]["running"]
        if running == seat:
            return v
        mine = view(server, gid, tokens[running])
        call(
            server,
            f"/api/games/{gid}/actions",
            tokens[running],
            {"action": mine["legal"][0]["action"], "expect": mine["game"]["moves"]},
        )
    raise AssertionError(f"seat {seat}'s clock never ran")


def time_out(server, clock, gid, token, deadline) -> None:
    """Past ``deadline``: the server's own clock loop (every second) times the seat out."""
    clock.t = deadline + 0.1
    end = time.monotonic() + 15
    while time.monotonic() < end:
        last = view(server, gid, token)["table"]["last_timeout"]
        if last and last["at"] == clock.t:
            return
        time.sleep(0.05)
    raise AssertionError("no timeout")


def notice(page) -> str:
    return page.text_content("#clock-notice").strip()


def test_one_timeout_is_told_once_and_the_clock_runs_again_in_overtime(browser, sqlite_url):
    clock = FakeClock()
    with serve(sqlite_url, clock) as server:
        gid, tokens, _ = new_game(server, GAME_CLOCK)
        v = view(server, gid, tokens[0])
        seat = v["table"]["running"]
        other = 1 - seat
        page = browser.new_page()
        page.goto(f"{server.url}/game/{gid}#token={tokens[seat]}")
        page.wait_for_selector(f"#table-box .clock.running[data-seat='{seat}']")
        page.evaluate(WATCH)
        # The other seat's page, in Spanish: the same notice, by name.
        es = browser.new_context(locale="es-ES")
        theirs = es.new_page()
        theirs.goto(f"{server.url}/game/{gid}#token={tokens[other]}")
        theirs.wait_for_selector(f"#table-box .clock.running[data-seat='{seat}']")
        assert notice(page) == "" and notice(theirs) == ""

        time_out(server, clock, gid, tokens[seat], v["table"]["deadline"])
        said = "Time ran out: the Heuristic bot played one move for you (timeout 1 of 3)"
        page.wait_for_function(
            "t => document.querySelector('#clock-notice').textContent === t", arg=said
        )
        name = SEATS[seat]["name"]
        theirs.wait_for_function(
            "t => document.querySelector('#clock-notice').textContent === t",
            arg=f"Se acabó el tiempo: el Bot heurístico jugó una jugada por {name} "
            "(tiempo agotado 1 de 3)",
        )
        assert page.get_attribute("#clock-notice", "role") == "status"
        # The stand-in's move is in the table's notes.
        last = view(server, gid, tokens[seat])["table"]["last_timeout"]
        assert last["stand_in_moved"] and last["consecutive"] == 1 and not last["absent"]
        page.wait_for_function(
            "i => [...document.querySelectorAll('#table-box .table-notes li')]"
            ".some(li => li.textContent.startsWith(`${i + 1}. played by the Heuristic bot for`))",
            arg=last["index"],
        )
        keep_shot(page, "clock-one-timeout")

        # The seat's own clock runs again (its budget spent: each decision has 20 s of overtime).
        mine = until_clock_of(server, gid, tokens, seat)
        assert mine["table"]["seats"][seat]["remaining"] == 0
        page.wait_for_function(
            "s => { const li = document.querySelector(`#table-box .clock.running[data-seat='${s}']`);"
            " return li && li.querySelector('.clock-mark').textContent === 'overtime'; }",
            arg=seat,
        )
        left = page.text_content(f"#table-box .clock[data-seat='{seat}'] .clock-time")
        assert left in {"0:20", "0:19", "0:18"}
        assert page.locator(f"#table-box .clock[data-seat='{seat}']").get_attribute(
            "class"
        ).split() == ["clock", "running", "overtime"]
        pp = page.locator(f"#pp-list .pp[data-seat='{seat}']")
        assert pp.locator(".pp-clock-mark").text_content() == "overtime"
        assert page.text_content(f"#table-box .clock[data-seat='{other}'] .clock-mark") == ""
        theirs.wait_for_function(
            "s => document.querySelector(`#table-box .clock[data-seat='${s}'] .clock-mark`)"
            ".textContent === 'tiempo extra'",
            arg=seat,
        )
        page.wait_for_selector("#actions button")
        # Told once: the notice was written once, however many pushes followed (the other
        # seat's moves); never a Take my seat back button, never "away".
        assert [n for n in page.evaluate("window.__notices") if n] == [said]
        assert notice(page) == said
        assert page.evaluate("window.__sawReturn") is False
        assert page.evaluate("window.__sawAway") is False
        assert page.locator("#return-button").count() == 0
        assert page.locator("#leave-button").count() == 1
        mine_axe = [
            x
            for x in axe_violations(page)
            if any("clock-notice" in n or "table-box" in n for n in x["nodes"])
        ]
        assert mine_axe == []
        keep_shot(page, "clock-overtime")
        # Its own move: the count starts again, and the notice goes.
        page.click(f"#actions button[data-action='{mine['legal'][0]['action']}']")
        if page.locator("#confirm-bar:not([hidden]) #confirm-move").count():  # held: confirm
            page.click("#confirm-move")
        page.wait_for_function("() => document.querySelector('#clock-notice').textContent === ''")
        es.close()


def test_three_timeouts_make_the_seat_absent_until_it_takes_the_seat_back(browser, sqlite_url):
    clock = FakeClock()
    with serve(sqlite_url, clock) as server:
        gid, tokens, _ = new_game(server, PER_MOVE)
        seat = view(server, gid, tokens[0])["table"]["running"]
        page = browser.new_page()
        page.goto(f"{server.url}/game/{gid}#token={tokens[seat]}")
        page.wait_for_selector(f"#table-box .clock.running[data-seat='{seat}']")
        for k in (1, 2, 3):
            mine = until_clock_of(server, gid, tokens, seat)
            assert mine["table"]["seats"][seat]["timeouts"] == k - 1
            time_out(server, clock, gid, tokens[seat], mine["table"]["deadline"])
            if k < 3:
                page.wait_for_function(
                    "t => document.querySelector('#clock-notice').textContent === t",
                    arg="Time ran out: the Heuristic bot played one move for you "
                    f"(timeout {k} of 3)",
                )
                assert page.locator("#return-button").count() == 0
        absent = (
            "You timed out 3 times in a row: the Heuristic bot plays for you until you "
            "take your seat back"
        )
        page.wait_for_function(
            "t => document.querySelector('#clock-notice').textContent === t", arg=absent
        )
        button = page.wait_for_selector("#return-button")
        assert button.text_content() == "Take my seat back"
        assert view(server, gid, tokens[seat])["table"]["seats"][seat]["away"] == "timeout"
        assert page.locator("#pp-list .pp-away").text_content() == "away: a bot plays"
        assert view(server, gid, tokens[seat])["table"]["last_timeout"]["absent"]
        keep_shot(page, "clock-absent")
        page.click("#return-button")
        page.wait_for_selector("#leave-button")
        page.wait_for_function("() => document.querySelector('#clock-notice').textContent === ''")
        assert view(server, gid, tokens[seat])["table"]["seats"][seat] == {
            "remaining": None,
            "away": None,
            "timeouts": 0,
        }


def test_an_other_seats_absence_is_told_by_name(browser, sqlite_url):
    clock = FakeClock()
    with serve(sqlite_url, clock) as server:
        gid, tokens, _ = new_game(server, PER_MOVE)
        seat = view(server, gid, tokens[0])["table"]["running"]
        other = 1 - seat
        page = browser.new_page()
        page.goto(f"{server.url}/game/{gid}#token={tokens[other]}")
        page.wait_for_selector("#table-box .clock.running")
        for _ in range(3):
            mine = until_clock_of(server, gid, tokens, seat)
            time_out(server, clock, gid, tokens[seat], mine["table"]["deadline"])
        name = SEATS[seat]["name"]
        page.wait_for_function(
            "t => document.querySelector('#clock-notice').textContent === t",
            arg=f"{name} timed out 3 times in a row: the Heuristic bot plays for them until they "
            "take their seat back",
        )
        assert page.locator("#return-button").count() == 0  # not this reader's seat


@pytest.fixture
def held_hint(monkeypatch):
    """A hint that is worked out until the test lets it go (``release.set()``)."""
    release = threading.Event()
    real = coach._compute_hint

    def slow(state, iterations, seed):
        release.wait(30)
        return real(state, iterations, seed)

    monkeypatch.setattr(coach, "_compute_hint", slow)
    yield release
    release.set()


def test_the_clock_stands_still_marked_while_the_seats_hint_is_worked_out(
    browser, sqlite_url, held_hint
):
    clock = FakeClock()
    limits = Limits(
        view_rate=1e4, view_burst=1e4, client_rate=1e4, client_burst=1e4, hint_iterations=6
    )
    with serve(sqlite_url, clock, limits) as server:
        gid, tokens, _ = new_game(server, PER_MOVE, practice=True)
        seat = view(server, gid, tokens[0])["table"]["running"]
        clock.t += 12.5  # 17.5 s left
        page = browser.new_page()
        page.goto(f"{server.url}/game/{gid}#token={tokens[seat]}")
        page.wait_for_selector("#hint-button")
        assert page.text_content(f"#table-box .clock[data-seat='{seat}'] .clock-mark") == ""
        page.click("#hint-button")
        running = f"#table-box .clock[data-seat='{seat}']"
        page.wait_for_function(
            "sel => document.querySelector(sel + ' .clock-mark').textContent === 'paused for hint'",
            arg=running,
        )
        assert view(server, gid, tokens[seat])["table"]["paused"] == 17.5
        # Frozen at the seconds it keeps: the same text a while later, in both panels.
        assert page.text_content(f"{running} .clock-time") == "0:18"
        assert "paused" in page.get_attribute(running, "class").split()
        pp = f"#pp-list .pp[data-seat='{seat}']"
        assert page.text_content(f"{pp} .pp-clock-mark") == "paused for hint"
        assert page.text_content(f"{pp} .pp-clock") == "0:18"
        page.wait_for_timeout(1500)
        assert page.text_content(f"{running} .clock-time") == "0:18"
        assert page.text_content(f"{pp} .pp-clock") == "0:18"
        keep_shot(page, "clock-paused-for-hint")
        # The hint is delivered: the clock runs again, unmarked.
        held_hint.set()
        page.wait_for_selector(".hint-result")
        page.wait_for_function(
            "sel => document.querySelector(sel + ' .clock-mark').textContent === ''", arg=running
        )
        assert view(server, gid, tokens[seat])["table"]["paused"] is None
        assert page.text_content(f"{pp} .pp-clock-mark") == ""


def test_a_spectator_refused_reads_why_and_the_page_does_not_reconnect(browser, sqlite_url):
    clock = FakeClock()
    limits = Limits(
        view_rate=1e4, view_burst=1e4, client_rate=1e4, client_burst=1e4, spectators_per_game=1
    )
    with serve(sqlite_url, clock, limits) as server:
        gid, _, g = new_game(server, PER_MOVE)
        link = f"{server.url}/game/{gid}#token={g['spectator']['token']}"
        first = browser.new_page()
        first.goto(link)
        first.wait_for_selector("#connection.ok")
        es = browser.new_context(locale="es-ES")
        page = es.new_page()
        sockets = []
        page.on("websocket", lambda ws: sockets.append(ws.url))
        page.goto(link)
        page.wait_for_function(
            "() => document.querySelector('#status').textContent.includes('espectadores')"
        )
        status = page.text_content("#status")
        assert "this game has" not in status  # the server's sentence in the page's language
        page.wait_for_timeout(3000)  # a reconnect would come after 0.5 s, 1 s, 2 s
        assert len(sockets) == 1
        assert page.get_attribute("#connection", "class") == "bad"
        assert page.text_content("#status") == status
        es.close()
