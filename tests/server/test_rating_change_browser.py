"""The rating change on the end screen (issue #31; js/rating-change.js): a game of an account
against a bot, played to its end in the browser, shows each rated seat's rating before and after
("Rating 0.00 → 3.44 (+3.44)", the leaderboard's number) once the server has rated it, in
English and, for the account's second game, in Spanish with its number format; a page loaded
later shows it too; a practice game says it is not rated, in words.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from empires.server.accounts import AccountStore
from empires.server.db import Store, now
from tests.server.account_helpers import store_game_near_the_end
from tests.server.browser_support import (
    BROWSER_MARKS,
    LiveServer,
    axe_violations,
    keep_shot,
    play_to_the_end,
)

pytestmark = BROWSER_MARKS

BOX = "#rating-change"


def _number(value: float, lang: str, sign: bool = False) -> str:
    """``value`` as Intl.NumberFormat writes it with two decimals (|value| < 1000)."""
    assert abs(value) < 1000
    # Intl rounds the float's exact value half away from zero (ECMA-402 "halfExpand")
    text = str(Decimal(abs(value)).quantize(Decimal("0.01"), ROUND_HALF_UP))
    if lang == "es":
        text = text.replace(".", ",")
    if text.strip("0.,") == "":  # zero: no sign (signDisplay "exceptZero")
        return text
    if value < 0:
        return f"-{text}"
    return f"+{text}" if sign else text


def _expected_lines(store: Store, gid: str, lang: str) -> dict[int, str]:
    outcome = store.rating_outcome(gid)
    assert outcome and outcome["rated"], outcome
    word = {"en": "Rating", "es": "Puntuación"}[lang]
    return {
        c["seat"]: f"{word} {_number(c['before'], lang)} → {_number(c['after'], lang)} "
        f"({_number(c['delta'], lang, sign=True)})"
        for c in outcome["seats"]
    }


def _page(browser, lang: str):
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    if lang != "en":
        page.add_init_script(
            f"try {{ localStorage.setItem('empires.lang', '{lang}'); }} catch (e) {{}}"
        )
    return page


def _lines(page) -> dict[int, str]:
    page.wait_for_selector(f"{BOX} li")
    items = page.locator(f"{BOX} li")
    return {
        int(items.nth(i).get_attribute("data-seat")): " ".join(items.nth(i).inner_text().split())
        for i in range(items.count())
    }


def _finish_and_check(browser, server, db, account, seed, lang, name, errors):
    gid, token = store_game_near_the_end(db, account, "discovery", seed=seed)
    page = _page(browser, lang)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/game/{gid}#token={token}")
    play_to_the_end(page)  # the rating follows the last move: pushed, the box appears
    lines = _lines(page)
    expect = _expected_lines(server.manager.store, gid, lang)
    assert set(lines) == {0, 1}
    for seat, text in expect.items():
        assert text in lines[seat], (lines[seat], text)
    assert f"{name}: " in lines[0]  # the seat's name (the stored game calls seat 0 "You")
    assert not [v for v in axe_violations(page) if any(BOX in n for n in v["nodes"])]
    keep_shot(page, f"rating-change-{lang}")
    page.reload()  # a page loaded later reads the same
    assert _lines(page) == lines
    page.close()
    return expect


def test_the_end_screen_shows_the_rating_change_in_english_and_spanish(browser, tmp_path):
    db = f"sqlite:///{tmp_path / 'ratings.db'}"
    store = Store(db)
    store.migrate()
    account = AccountStore(store.engine).create("Ann", "x" * 40, now())
    store.close()
    errors: list[str] = []
    with LiveServer(db, bot_delay=0.01) as server:
        first = _finish_and_check(browser, server, db, account, 5, "en", "You", errors)
        assert first[0].startswith("Rating 0.00 → ")  # a new player starts at 0
        second = _finish_and_check(browser, server, db, account, 7, "es", "You", errors)
        assert not second[0].startswith("Puntuación 0,00")  # from the first game's rating
        after = server.manager.ratings.store.of_account(account)["discovery"]["ordinal"]
        assert f"→ {_number(after, 'es')} (" in second[0]  # the leaderboard's number

        gid, token = store_game_near_the_end(db, account, "discovery", seed=6, practice=True)
        page = _page(browser, "es")
        page.goto(f"{server.url}/game/{gid}#token={token}")
        play_to_the_end(page)
        page.wait_for_selector(f"{BOX} .unrated")
        assert page.locator(f"{BOX} .unrated").inner_text() == (
            "Las partidas de práctica no se puntúan."
        )
        assert page.locator(f"{BOX} li").count() == 0
    assert not errors
