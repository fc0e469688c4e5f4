"""The pages in Spanish, Italian and Portuguese (Playwright, Debian's Chromium): the browser's
language picks the catalogue, the header's switch changes it (kept over a reload), and the lobby,
the game page (Discovery's board, the Settlers table) and the replay show translated text."""

from __future__ import annotations

import pytest

from empires.server.web_messages import load
from tests.server.browser_support import BROWSER_MARKS, LiveServer, keep_shot
from tests.server.server_helpers import near_the_end, store_game

pytestmark = BROWSER_MARKS

TWO_HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


@pytest.mark.parametrize("lang", ["es", "it", "pt"])
def test_the_lobby_follows_the_browsers_language(browser, sqlite_url, lang):
    words = load(lang)
    with LiveServer(sqlite_url) as server:
        context = browser.new_context(locale=lang)
        try:
            page = context.new_page()
            page.goto(f"{server.url}/")
            page.wait_for_selector("#seats tr")
            assert page.evaluate("document.documentElement.lang") == lang
            assert page.inner_text("#create h1") == words["New game"]
            assert page.inner_text("#create-button") == words["Create game"]
            assert page.get_attribute("#seed", "placeholder") == words["random"]
            head = page.inner_text("#seats-head")
            assert words["Seat"] in head and "Seat" not in head.split()
            assert page.input_value("#language") == lang
            assert page.title().startswith(words["Lobby — {game}"].split("{game}")[0])
            # the bots and the options' values in words of the page's language (issue #31)
            bots = page.locator("#seats tr").nth(1).locator(".seat-bot option").all_inner_texts()
            assert bots[:2] == [words["Random bot"], words["Heuristic bot"]]
            assert bots[2].startswith(words["ISMCTS bot, {n} iterations"].split("{n}")[0])
            assert bots[3] == words["Neural-network bot"]
            stand_in = page.locator("#stand-in option").all_inner_texts()
            assert words["Heuristic bot"] in stand_in
            nations = page.locator("#nations option").all_inner_texts()
            assert nations == [words["Off"], words["Dealt at random"], words["Auctioned"]]
            raw = {"random", "heuristic", "ismcts:200", "off", "auction"}
            assert not raw & set(bots + stand_in + nations)
            keep_shot(page, f"lobby-{lang}")
        finally:
            context.close()


def test_the_switch_changes_the_language_and_keeps_it(browser, sqlite_url):
    with LiveServer(sqlite_url) as server:
        context = browser.new_context(locale="en-GB")
        try:
            page = context.new_page()
            page.goto(f"{server.url}/")
            page.wait_for_selector("#seats tr")
            assert page.inner_text("#create h1") == "New game"
            with page.expect_navigation():
                page.select_option("#language", "it")
            page.wait_for_selector("#seats tr")
            assert page.inner_text("#create h1") == "Nuova partita"
            page.reload()
            page.wait_for_selector("#seats tr")
            assert page.inner_text("#create-button") == "Crea partita"
            assert page.evaluate("localStorage.getItem('empires.lang')") == "it"
        finally:
            context.close()


def _open_game(context, server, gid, token):
    page = context.new_page()
    page.goto(f"{server.url}/game/{gid}#token={token}")
    page.wait_for_selector("#connection.ok")
    page.wait_for_selector("#status :is(.your-turn, .waiting, strong)")
    return page


def test_the_discovery_game_page_in_portuguese(browser, sqlite_url):
    new = store_game(sqlite_url, "discovery", TWO_HUMANS, 3)
    words = load("pt")
    with LiveServer(sqlite_url) as server:
        context = browser.new_context(locale="pt-PT")
        try:
            page = _open_game(context, server, new.row.id, new.tokens[0])
            assert page.inner_text("#connection") == words["connected"]
            assert page.inner_text("#actions-box h2") == "As tuas escolhas"
            board = page.text_content("#board")
            for english in ("Colonist Dock", "Capital Buildings", "Merchant Shipping", "Caribbean"):
                assert words[english] in board
            assert "Colonist Dock" not in board
            assert page.inner_text("#status").startswith(words["Your turn:"])
            assert page.get_attribute("#log", "aria-label") == words["Game log"]
            assert page.inner_text("#legend").startswith("Trabalhadores:")
            money = page.locator("#board .mat .money").all_text_contents()
            assert money and all(m.endswith(" PV") for m in money)  # the rulebook's "PV"
            keep_shot(page, "game-discovery-pt")
        finally:
            context.close()


def test_the_settlers_table_in_spanish(browser, sqlite_url):
    new = store_game(sqlite_url, "settlers", TWO_HUMANS, 3)
    with LiveServer(sqlite_url) as server:
        context = browser.new_context(locale="es-ES")
        try:
            page = _open_game(context, server, new.row.id, new.tokens[0])
            assert page.inner_text("#brand") == "Colonos del Imperio"
            goods = page.inner_text(".st-player.mine .st-goods")
            assert "Madera" in goods and "Piedra" in goods and "Comida" in goods
            assert "Wood" not in goods
            assert "Mazo común:" in page.inner_text(".st-decks")
            keep_shot(page, "game-settlers-es")
        finally:
            context.close()


def test_the_replay_in_italian(browser, sqlite_url):
    new = store_game(sqlite_url, "discovery", TWO_HUMANS, 5, near_the_end("discovery", 5))
    with LiveServer(sqlite_url) as server:
        context = browser.new_context(locale="it-IT")
        try:
            page = context.new_page()
            page.goto(f"{server.url}/replay/{new.row.id}#token={new.tokens[None]}")
            page.wait_for_selector("#step strong")
            assert page.inner_text("header").count("Replay (vista spettatore)") == 1
            assert page.inner_text("#step strong").startswith("Passo 0 di ")
            assert page.inner_text("#first") == "« Primo"
            assert page.get_attribute("#play", "title") == "Riproduci / pausa (spazio)"
            page.click("#last")
            page.wait_for_selector("#scores")
            assert "Punteggio finale" in page.inner_text("#scores")
            assert page.evaluate("document.documentElement.lang") == "it"
        finally:
            context.close()


def test_a_bots_seat_name_is_in_the_readers_language():
    from empires.server.view_language import seat_name

    assert seat_name("Az bot", 1, "es") == "Bot de red neuronal"
    assert seat_name("Az bot 2", 1, "pt") == "Bot de rede neural 2"
    assert seat_name("Ismcts bot", 0, "it") == "Bot ISMCTS"
    assert seat_name("Az bot", 0, "en") == "Neural-network bot"
    assert seat_name("Azure bot", 0, "es") == "Azure bot"  # a player's own name, as written
