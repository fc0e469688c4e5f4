"""Accounts in the browser (Playwright, Debian's Chromium): sign up in the lobby, create a game
there (the seat is the account's), open a game from the account's list, play it to the end
against a bot, and find the rating on the leaderboard page and in the lobby.

The game to finish starts near its end from a stored history (``build_game(actions=...)``, as
the other browser tests do), seeded, its seat 0 given to the account that signed up.
"""

from __future__ import annotations

import re

from tests.server.account_helpers import store_game_near_the_end
from tests.server.browser_support import (
    BROWSER_MARKS,
    LiveServer,
    axe_violations,
    keep_shot,
    play_to_the_end,
)

pytestmark = BROWSER_MARKS


def _sign_up(page, url: str, name: str, password: str) -> None:
    page.goto(f"{url}/")
    page.wait_for_selector("#account-form")
    page.fill("#account-name", name)
    page.fill("#account-password", password)
    page.click("#sign-up")
    page.wait_for_selector("#account-who")
    assert name in page.locator("#account-who").inner_text()


def _inside_account_box(violations: list[dict]) -> list[dict]:
    return [v for v in violations if any(n.startswith("#account") for n in v["nodes"])]


def test_sign_up_play_a_game_and_find_the_rating(browser, tmp_path):
    db = f"sqlite:///{tmp_path / 'accounts.db'}"
    errors: list[str] = []
    with LiveServer(db, bot_delay=0.01) as server:
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.on("pageerror", lambda e: errors.append(str(e)))
        _sign_up(page, server.url, "Ann", "correct horse battery")
        assert not _inside_account_box(axe_violations(page))
        cookies = page.context.cookies()
        session = [c for c in cookies if c["name"] == "empires_session"]
        assert session and session[0]["httpOnly"] and session[0]["sameSite"] == "Strict"
        assert page.evaluate("() => document.cookie").find("empires_session") < 0

        # A game created in the lobby while logged in is the account's.
        page.click("#create-button")
        page.wait_for_selector("#created:not([hidden])")
        page.reload()
        page.wait_for_selector("#account-games li")
        assert page.locator("#account-games li").count() == 1

        account = page.evaluate("() => fetch('/api/session').then(r => r.json())")["account"]
        gid, old_token = store_game_near_the_end(db, account["id"], "discovery", seed=5)
        page.reload()
        page.wait_for_selector(f".open-game[data-game='{gid}']")
        assert page.locator("#account-games li").count() == 2
        page.click(f".open-game[data-game='{gid}']")
        page.wait_for_url(re.compile(rf"/game/{gid}#token="))
        assert old_token not in page.url  # a new secret for the seat
        play_to_the_end(page)

        page.goto(f"{server.url}/leaderboard?game=discovery")
        page.wait_for_selector("#board-table")
        assert not axe_violations(page)
        ann = page.locator("#board-table tbody tr", has_text="Ann")
        ann.wait_for()
        cells = ann.locator("td").all_inner_texts()
        assert cells[-1] == "1"  # one rated game
        rating = server.manager.ratings.store.of_account(account["id"])["discovery"]
        assert cells[1] == f"{rating['ordinal']:.2f}"
        bot = page.locator("#board-table tbody tr[data-kind='bot']")
        assert "bot:random" in bot.inner_text()
        keep_shot(page, "accounts-leaderboard")

        page.goto(f"{server.url}/")
        line = page.locator("#account-ratings li[data-game='discovery']")
        line.wait_for()
        assert "1 rated games" in line.inner_text()
        keep_shot(page, "accounts-lobby")
        page.click("#log-out")
        page.wait_for_selector("#account-form")
        page.close()
    assert not errors, errors


def test_a_wrong_password_is_told_in_the_account_box_on_a_phone(browser, tmp_path):
    db = f"sqlite:///{tmp_path / 'accounts.db'}"
    with LiveServer(db) as server:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        _sign_up(page, server.url, "Bob", "a long password")
        page.click("#log-out")
        page.wait_for_selector("#account-form")
        page.fill("#account-name", "Bob")
        page.fill("#account-password", "not the password")
        page.click("#log-in")
        page.wait_for_selector("#account-error:not([hidden])")
        assert "wrong name or password" in page.locator("#account-error").inner_text()
        assert page.locator("#account-who").count() == 0
        page.close()
