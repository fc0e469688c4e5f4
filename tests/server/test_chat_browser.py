"""Chat and rules help in the browser (Playwright, Debian's Chromium): two players chat from two
browser contexts (messages pushed to both, shown as text never HTML), one mutes the other (hidden,
not deleted; kept over a reload; unmuted again), a spectator reads without a box to write in, the
Rules panel shows the current decision's help in the browser's language, and the replay page
shows a finished game's chat."""

from __future__ import annotations

import json
import urllib.request

import pytest

from empires.server.rules_help import help_texts
from tests.server.browser_support import BROWSER_MARKS, LiveServer, axe_violations, keep_shot
from tests.server.server_helpers import near_the_end, store_game

pytestmark = BROWSER_MARKS

TWO_HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def _open(context, server, gid, token):
    page = context.new_page()
    page.goto(f"{server.url}/game/{gid}#token={token}")
    page.wait_for_selector("#connection.ok")
    page.wait_for_selector("#chat .chat-list")
    return page


def _texts(page):
    return page.eval_on_selector_all(
        "#chat .chat-msg .chat-text", "els => els.map(e => e.textContent)"
    )


def _wait_texts(page, expected):
    page.wait_for_function(
        "n => document.querySelectorAll('#chat .chat-msg').length === n", arg=len(expected)
    )
    assert _texts(page) == expected


def _send(page, text):
    page.fill("#chat-input", text)
    page.click("#chat .chat-form button[type=submit]")


def test_two_players_chat_mute_and_a_spectator_reads(browser, sqlite_url):
    new = store_game(sqlite_url, "discovery", TWO_HUMANS, 3)
    gid, tokens = new.row.id, new.tokens
    with LiveServer(sqlite_url) as server:
        ann_ctx, bob_ctx, spec_ctx = (browser.new_context() for _ in range(3))
        try:
            ann = _open(ann_ctx, server, gid, tokens[0])
            bob = _open(bob_ctx, server, gid, tokens[1])
            spectator = _open(spec_ctx, server, gid, tokens[None])

            markup = "Hello <b>Bob</b> <img src=x onerror=alert(1)>"
            _send(ann, markup)
            for page in (ann, bob, spectator):
                _wait_texts(page, [markup])
                assert page.locator("#chat .chat-text b, #chat .chat-text img").count() == 0
            assert "Ann" in bob.inner_text("#chat .chat-msg")
            assert bob.locator("#chat .chat-msg .seat-mark").inner_text() == "●1"

            _send(bob, "hi Ann")
            _wait_texts(ann, [markup, "hi Ann"])

            # the spectator reads, with no box to write in
            _wait_texts(spectator, [markup, "hi Ann"])
            assert spectator.locator("#chat-input").is_hidden()
            assert spectator.locator("#chat .chat-readonly").is_visible()

            # Bob mutes Ann: her messages are hidden, not deleted, and stay hidden on reload
            bob.click("#chat .chat-mute[data-seat='0']")
            _wait_texts(bob, ["hi Ann"])
            assert "1" in bob.inner_text("#chat .chat-hidden")
            _send(ann, "are you there?")
            _wait_texts(ann, [markup, "hi Ann", "are you there?"])
            bob.wait_for_function(
                "() => document.querySelector('#chat .chat-hidden').textContent.includes('2')"
            )
            assert _texts(bob) == ["hi Ann"]
            bob.reload()
            bob.wait_for_selector("#connection.ok")
            bob.wait_for_selector("#chat .chat-mute[aria-pressed='true']")
            _wait_texts(bob, ["hi Ann"])
            assert ann.locator("#chat .chat-hidden").is_hidden()  # Ann muted nobody
            keep_shot(bob, "chat-muted")
            bob.click("#chat .chat-mute[data-seat='0']")
            _wait_texts(bob, [markup, "hi Ann", "are you there?"])
            bad = [
                v
                for v in axe_violations(bob)
                if any(n.startswith(("#chat", "#rules")) for n in v["nodes"])
            ]
            assert bad == []
        finally:
            for ctx in (ann_ctx, bob_ctx, spec_ctx):
                ctx.close()


@pytest.mark.parametrize(("game", "lang"), [("discovery", "es"), ("settlers", "it")])
def test_the_rules_panel_shows_the_current_decision_in_the_players_language(
    browser, sqlite_url, game, lang
):
    new = store_game(sqlite_url, game, TWO_HUMANS, 3)
    gid = new.row.id
    seat = new.state.current_player
    kind = new.state.observation(seat)["decision"]["kind"]
    expected = help_texts(game, {"decision": {"kind": kind}}, lang)
    with LiveServer(sqlite_url) as server:
        context = browser.new_context(locale=lang)
        try:
            page = _open(context, server, gid, new.tokens[seat])
            page.wait_for_selector("#actions-box:not([hidden])")
            assert page.locator("#rules-panel").is_hidden()
            page.click("#rules .rules-button")
            page.wait_for_selector("#rules-panel .rules-title")
            assert page.inner_text("#rules-panel .rules-title") == expected["title"]
            assert page.inner_text("#rules-panel .rules-summary") == expected["summary"]
            assert page.inner_text("#rules-panel .rules-section") == expected["section"]
            assert expected["translated"] is True
            # the panel follows the game: after a move it shows the decision being made then
            page.click("#actions button.action >> nth=0")
            page.wait_for_selector("#actions-box[hidden]", state="attached")
            live = server.manager.games[gid].state
            now = help_texts(game, {"decision": live.observation(None)["decision"]}, lang)
            page.wait_for_function(
                "t => document.querySelector('#rules-panel .rules-title').textContent === t",
                arg=now["title"],
            )
            assert page.inner_text("#rules-panel .rules-summary") == now["summary"]
            page.click("#rules-panel .rules-close")
            assert page.locator("#rules-panel").is_hidden()
        finally:
            context.close()


def test_the_replay_shows_the_finished_games_chat(browser, sqlite_url):
    new = store_game(sqlite_url, "discovery", TWO_HUMANS, 4, near_the_end("discovery", 4))
    with LiveServer(sqlite_url) as server:
        request = urllib.request.Request(
            f"{server.url}/api/games/{new.row.id}/chat",
            data=json.dumps({"text": "good game <3"}).encode(),
            headers={
                "Authorization": f"Bearer {new.tokens[1]}",
                "Content-Type": "application/json",
            },
            method="POST",
        )
        with urllib.request.urlopen(request) as response:
            assert response.status == 201
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(f"{server.url}/replay/{new.row.id}#token={new.tokens[None]}")
            page.wait_for_selector("#chat .chat-msg")
            assert _texts(page) == ["good game <3"]
            assert "Bob" in page.inner_text("#chat .chat-msg")
            assert page.locator("#chat-input").is_hidden()
        finally:
            context.close()
