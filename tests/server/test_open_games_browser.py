"""Open games, my games, rematch and turn alerts in the browser (Playwright, Debian's Chromium):
a game created in one browser with an open seat is joined from the lobby of another and played;
each browser's "My games" lists its games with their status and forgets one on request; at the
end both players reach the rematch with one click each; the "your turn" notification toggle asks
permission on the click and notifies (a stubbed Notification) only for a turn another seat gave.
"""

from __future__ import annotations

import pytest

from tests.server.browser_support import BROWSER_MARKS, LiveServer, axe_violations, keep_shot
from tests.server.server_helpers import auth, near_the_end, store_game

httpx = pytest.importorskip("httpx")

pytestmark = BROWSER_MARKS

READY = """() => {
  const box = document.querySelector('#actions-box');
  return box && !box.hidden && !document.querySelector('#actions button:disabled');
}"""

# A Notification that records what the page does with it (headless Chromium has none to show).
STUB = """
window.__notes = [];
window.__asked = 0;
class FakeNotification {
  constructor(title, options) { window.__notes.push({ title, body: (options || {}).body || '' }); }
  addEventListener() {}
  close() {}
}
FakeNotification.permission = 'default';
FakeNotification.requestPermission = async () => {
  window.__asked += 1;
  FakeNotification.permission = 'granted';
  return 'granted';
};
window.Notification = FakeNotification;
document.hasFocus = () => false;
"""


def _stored(url: str, seats: list[dict], seed: int, finished: bool):
    actions = near_the_end("discovery", seed, players=len(seats)) if finished else None
    return store_game(url, "discovery", seats, seed, actions)


def _axe_in(page, sections: str) -> list[dict]:
    """The serious axe-core violations on elements inside ``sections`` (the parts this feature
    adds to a page)."""
    return [
        v
        for v in axe_violations(page)
        if any(
            page.evaluate("([n, s]) => !!document.querySelector(n)?.closest(s)", [node, sections])
            for node in v["nodes"]
        )
    ]


def _to_play(pages: list):
    """The page whose seat is to play, once one is (the other waits)."""
    pages[0].wait_for_function(
        "() => document.querySelector('#status') && "
        "!/Connecting/.test(document.querySelector('#status').textContent)"
    )
    for _ in range(200):
        for page in pages:
            if page.evaluate(READY):
                return page
        pages[0].wait_for_timeout(50)
    raise AssertionError("no page got its turn")


def test_open_a_game_in_one_browser_join_it_from_another_and_play(browser, tmp_path):
    with LiveServer(f"sqlite:///{tmp_path / 'e.db'}") as server:
        ann_ctx, bob_ctx = browser.new_context(), browser.new_context()
        ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
        ann.goto(server.url + "/")
        ann.wait_for_selector("#seats tr")
        ann.fill("#seats tr[data-seat='0'] .seat-name", "Ann")
        ann.select_option("#seats tr[data-seat='1'] .seat-kind", "open")
        ann.check("#public")
        ann.click("#create-button")
        ann.wait_for_selector("#created:not([hidden])")
        invite = ann.locator("#links li").first.locator("input").input_value()
        assert invite.endswith("/#join=" + invite.rsplit("=", 1)[1])
        assert ann.locator("#my-games li.my-game").count() == 1
        ann.wait_for_function(
            "() => /Waiting for 1 more/.test(document.querySelector('#my-games').textContent)"
        )
        with ann_ctx.expect_page() as opened:
            ann.locator("#links li[data-seat='0'] a.open").click()
        ann_game = opened.value
        ann_game.wait_for_selector(".waiting-players")
        assert invite in ann_game.locator(".invite-link").input_value()
        assert not _axe_in(ann_game, ".waiting-players, #alerts")

        bob.goto(server.url + "/")
        card = bob.locator("#open-games li.open-game")
        card.first.wait_for()
        assert card.count() == 1 and "Ann" in card.first.text_content()
        assert "free" in card.first.text_content()
        assert not _axe_in(bob, "#open-games, #my-games, #invitation, .public-choice")
        card.first.locator(".join-name").fill("Bob")
        card.first.locator("button[type=submit]").click()
        bob.wait_for_url("**/game/**#token=*")
        bob.wait_for_selector("#status:not(:has-text('Connecting'))")
        ann_game.wait_for_function("() => !document.querySelector('.waiting-players')")
        mover = _to_play([ann_game, bob])
        other = bob if mover is ann_game else ann_game
        before = other.locator("#log-count").text_content()
        mover.locator("#actions button").first.click()
        other.wait_for_function(
            "(before) => document.querySelector('#log-count').textContent !== before", arg=before
        )
        keep_shot(bob, "open-game-joined")
        # the game left the open list; Bob's lobby remembers it
        bob.goto(server.url + "/")
        bob.wait_for_selector("#my-games li.my-game")
        assert bob.locator("#open-games li.open-game").count() == 0
        assert "Bob" in bob.locator("#my-games").text_content()
        ann_ctx.close()
        bob_ctx.close()


def test_my_games_lists_this_browsers_games_and_forgets_one(browser, tmp_path):
    url = f"sqlite:///{tmp_path / 'e.db'}"
    first = _stored(
        url,
        [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
        seed=3,
        finished=False,
    )
    second = _stored(
        url,
        [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
        seed=4,
        finished=True,
    )
    with LiveServer(url) as server:
        ctx = browser.new_context()
        page = ctx.new_page()
        for new in (first, second):
            page.goto(f"{server.url}/game/{new.row.id}#token={new.tokens[0]}")
            page.wait_for_selector("#status:not(:has-text('Connecting'))")
        page.goto(server.url + "/")
        rows = page.locator("#my-games li.my-game")
        rows.nth(1).wait_for()
        assert rows.count() == 2
        page.wait_for_function(
            "() => [...document.querySelectorAll('#my-games .my-status')]"
            ".every((s) => s.textContent !== 'Checking…')"
        )
        done = page.locator(f"#my-games li[data-game='{second.row.id}']")
        assert "Finished" in done.text_content()
        href = done.locator("a").get_attribute("href")
        assert href == f"/game/{second.row.id}#token={second.tokens[0]}"
        running = page.locator(f"#my-games li[data-game='{first.row.id}']").text_content()
        assert "Your turn" in running or "Waiting for" in running
        stored = page.evaluate("() => localStorage.getItem('empires.my-games')")
        assert second.tokens[1] not in stored  # only this browser's own seats
        done.locator("button.forget").click()
        assert rows.count() == 1
        page.reload()
        page.locator("#my-games li.my-game").first.wait_for()
        assert page.locator("#my-games li.my-game").count() == 1
        ctx.close()


def test_rematch_with_one_click_for_each_human(browser, tmp_path):
    url = f"sqlite:///{tmp_path / 'e.db'}"
    old = _stored(
        url,
        [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
        seed=5,
        finished=True,
    )
    with LiveServer(url) as server:
        ann_ctx, bob_ctx = browser.new_context(), browser.new_context()
        ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
        ann.goto(f"{server.url}/game/{old.row.id}#token={old.tokens[0]}")
        bob.goto(f"{server.url}/game/{old.row.id}#token={old.tokens[1]}")
        ann.wait_for_selector("#rematch")
        bob.wait_for_selector("#rematch")
        assert ann.locator("#rematch").text_content() == "Rematch"
        assert not _axe_in(ann, ".rematch-box")
        ann.click("#rematch")
        ann.wait_for_url(lambda u: old.row.id not in u)
        ann.wait_for_selector(".waiting-players")
        # Bob's page heard of the rematch: one click joins it
        bob.wait_for_function(
            "() => document.querySelector('#rematch').textContent === 'Join rematch'"
        )
        bob.click("#rematch")
        bob.wait_for_url(lambda u: old.row.id not in u)
        new_id = ann.url.split("/game/")[1].split("#")[0]
        assert bob.url.split("/game/")[1].split("#")[0] == new_id
        ann.wait_for_function("() => !document.querySelector('.waiting-players')")
        # seats rotated: Ann (seat 0 before) is seat 1 now, Bob seat 0
        bob_token = bob.url.split("#token=")[1]
        r = server_view(server, new_id, bob_token)
        assert r["you"] == 0 and [s["name"] for s in r["game"]["seats"]] == ["Bob", "Ann"]
        assert _to_play([ann, bob]) in (ann, bob)
        ann_ctx.close()
        bob_ctx.close()


def server_view(server, gid: str, token: str) -> dict:
    r = httpx.get(f"{server.url}/api/games/{gid}", headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()


def test_turn_notification_asks_on_the_click_and_fires_for_others_moves_only(browser, tmp_path):
    url = f"sqlite:///{tmp_path / 'e.db'}"
    new = _stored(
        url,
        [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
        seed=6,
        finished=False,
    )
    with LiveServer(url) as server:
        ctx = browser.new_context()
        ctx.add_init_script(STUB)
        page = ctx.new_page()
        page.goto(f"{server.url}/game/{new.row.id}#token={new.tokens[0]}")
        page.wait_for_selector("#notify-toggle")
        page.wait_for_selector("#status:not(:has-text('Connecting'))")
        assert page.evaluate("() => window.__asked") == 0  # never asked without a click
        page.check("#notify-toggle")
        page.wait_for_function("() => window.__asked === 1")
        assert page.evaluate("() => localStorage.getItem('empires.notify')") == "on"
        logged = "() => Number(document.querySelector('#log-count').textContent.split(' ')[0])"
        notes = "() => window.__notes.length"
        for _ in range(60):
            v = server_view(server, new.row.id, new.tokens[0])
            count, before = page.evaluate(notes), len(v["log"])
            if v["waiting_for"] == 0:  # Ann's own move: no notification
                page.wait_for_function(READY)
                page.locator("#actions button").first.click()
                page.wait_for_function(f"() => ({logged})() > {before}")
                assert page.evaluate(notes) == count
                continue
            bob = server_view(server, new.row.id, new.tokens[1])
            r = httpx.post(
                f"{server.url}/api/games/{new.row.id}/actions",
                json={"action": bob["legal"][0]["action"], "expect": before},
                headers=auth(new.tokens[1]),
            )
            assert r.status_code == 200, r.text
            page.wait_for_function(f"() => ({logged})() > {before}")
            if server_view(server, new.row.id, new.tokens[0])["waiting_for"] == 0:
                page.wait_for_function(f"() => ({notes})() === {count + 1}")
                break
            assert page.evaluate(notes) == count  # still Bob's turn: nothing
        else:
            raise AssertionError("Bob never handed the turn to Ann")
        note = page.evaluate("() => window.__notes[window.__notes.length - 1]")
        assert note["title"] == "Your turn" and note["body"]
        page.wait_for_function(READY)
        assert page.title().startswith("● Your turn")
        ctx.close()
