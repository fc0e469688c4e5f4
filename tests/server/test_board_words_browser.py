"""The last words and choices of the web table (issue #15), in Debian's Chromium: the building
chips on the Discovery mats carry the buildings' printed names in the reader's language (sent
with the state message, server/view_names.py), the Imperial Settlers cards say their colours,
kinds and costs in it, and a battle's casualty is chosen on the loser's pieces in the region of
the battle (keyboard and screen reader too), the list of choices staying as the fallback."""

from __future__ import annotations

import random

import pytest

from empires import i18n
from empires.core.adapter import get_adapter
from empires.discovery.data import BUILDINGS
from empires.server.web_messages import load
from tests.server.browser_support import BROWSER_MARKS, LiveServer, axe_violations, keep_shot
from tests.server.server_helpers import near_the_end, store_game

pytestmark = BROWSER_MARKS

TWO_HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def _serious(page) -> list[str]:
    return [f"{v['id']}: {v['nodes'][:3]}" for v in axe_violations(page)]


def _open(context, server, gid: str, token: str):
    page = context.new_page()
    page.goto(f"{server.url}/game/{gid}#token={token}")
    page.wait_for_selector("#connection.ok")
    page.wait_for_selector("#status :is(.your-turn, .waiting, strong)", state="attached")
    return page


def _finished(sqlite_url: str, seed: int = 5):
    """A random 2-seat Discovery game played to its end, stored; its seats hold buildings."""
    new = store_game(sqlite_url, "discovery", TWO_HUMANS, seed, near_the_end("discovery", seed))
    assert any(p["buildings"] for p in new.state.observation(None)["players"])
    return new


@pytest.mark.parametrize("lang", ["es", "it"])
def test_building_chips_carry_the_printed_names_in_the_readers_language(browser, sqlite_url, lang):
    new = _finished(sqlite_url)
    held = [b for p in new.state.observation(None)["players"] for b in p["buildings"]]
    with LiveServer(sqlite_url) as server:
        context = browser.new_context(locale=lang, viewport={"width": 1366, "height": 768})
        try:
            page = _open(context, server, new.row.id, new.tokens[0])
            chips = page.eval_on_selector_all(
                "#board [data-owned]",
                "els => els.map(e => [e.dataset.owned, e.querySelector('title').textContent])",
            )
            assert sorted(b for b, _ in chips) == sorted(held)
            # each name is the engine's name put through the gettext catalogue, never the id
            printed = {b.id: i18n.translate(b.name, lang) for b in BUILDINGS}
            for building, title in chips:
                assert title.startswith(printed[building]), (building, title)
            english = {b.id: b.name for b in BUILDINGS}
            translated = [b for b in held if printed[b] != english[b]]
            assert translated, "no held building has a translated name to show"
            # your own area in the side column names them the same way
            mine = new.state.observation(0)["players"][0]["buildings"]
            area = page.inner_text("#my-area")
            assert all(printed[b] in area for b in mine)
            keep_shot(page, f"board-building-names-{lang}")
        finally:
            context.close()


def test_the_replay_names_the_buildings_too(browser, sqlite_url):
    new = _finished(sqlite_url)
    with LiveServer(sqlite_url) as server:
        context = browser.new_context(locale="pt-PT", viewport={"width": 1366, "height": 768})
        try:
            page = context.new_page()
            page.goto(f"{server.url}/replay/{new.row.id}#token={new.tokens[None]}")
            page.wait_for_selector("#board .region")
            page.click("#last")
            page.wait_for_selector("#board [data-owned]")
            words = page.eval_on_selector_all(
                "#board [data-owned] text", "els => els.map(e => e.textContent)"
            )
            ids = page.eval_on_selector_all(
                "#board [data-owned]", "els => els.map(e => e.dataset.owned)"
            )
            # no chip shows its id's words ("new_world_cartography" as "new world cartography")
            assert not [w for w, b in zip(words, ids, strict=True) if w == b.replace("_", " ")]
        finally:
            context.close()


def test_settlers_cards_say_colour_kind_and_cost_in_spanish(browser, sqlite_url):
    new = store_game(sqlite_url, "settlers", TWO_HUMANS, 3)
    hand = new.state.observation(0)["your_hand"]
    costs = [c["cost"] for c in hand]
    assert any(c != "free" for c in costs)
    words = load("es")
    with LiveServer(sqlite_url) as server:
        context = browser.new_context(locale="es-ES", viewport={"width": 1366, "height": 768})
        try:
            page = _open(context, server, new.row.id, new.tokens[0])
            page.wait_for_selector("#hand .st-card")
            kinds = page.eval_on_selector_all(
                "#table .st-card-kind", "els => els.map(e => e.textContent)"
            )
            cost_lines = page.eval_on_selector_all(
                "#hand .st-cost", "els => els.map(e => e.textContent)"
            )
            english = {
                "wood",
                "stone",
                "food",
                "free",
                "Location",
                "production",
                "feature",
                "action",
                "common",
                "brown",
                "gray",
                "red",
                "pink",
                "blue",
                "black",
                "gold",
                "purple",
                "romans",
                "barbarians",
                "egyptians",
                "japanese",
            }
            for line in kinds + cost_lines:
                assert not set(line.replace(",", " ").replace("·", " ").split()) & english, line
            assert all(line.startswith("Coste:") for line in cost_lines)
            assert any(words["Wood"] in line or words["Stone"] in line for line in cost_lines)
            kind_words = {words["Production"], words["Feature"], words["Action"]}
            assert all(set(k.replace("·", " ").split()) & kind_words for k in kinds)
            head = page.inner_text(".st-player.mine .st-player-head")
            assert words["Romans"] in head or words["Barbarians"] in head
            keep_shot(page, "settlers-words-es")
            assert _serious(page) == []
        finally:
            context.close()


def test_settlers_variants_are_named_in_the_readers_language(browser, sqlite_url):
    """The rules line names the variants as the rulebook prints them, never by their ids."""
    options = {"variants": ["alternate-lookout"]}
    new = store_game(sqlite_url, "settlers", TWO_HUMANS, 3, options=options)
    words = load("es")
    with LiveServer(sqlite_url) as server:
        context = browser.new_context(locale="es-ES", viewport={"width": 1366, "height": 768})
        try:
            page = _open(context, server, new.row.id, new.tokens[0])
            line = page.inner_text(".st-rules")
            assert words["Alternate Lookout"] in line, line
            assert "lookout" not in line.lower(), line
        finally:
            context.close()


def _at_a_casualty(seed: int = 12) -> list[str]:
    """Two seats playing at random with a taste for Soldiers and battles, to a casualty choice
    with more than one kind of worker to remove (seed 12: at action 165, in the Caribbean)."""
    adapter = get_adapter("discovery")
    state = adapter.new_game(2, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        decision = state.observation(None)["decision"]
        if decision and decision["kind"] == "casualty" and len(state.legal_actions()) > 1:
            return list(state.history["actions"])
        legal = state.legal_actions()
        keen = [
            a
            for a in legal
            if str(a).startswith("battle") or "soldier" in str(a) or str(a).endswith("warfare")
        ]
        state.apply(rng.choice(keen) if keen and rng.random() < 0.8 else rng.choice(legal))
    raise AssertionError("no casualty choice in this game")


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_a_casualty_is_chosen_on_the_pieces_in_the_battles_region(browser, sqlite_url, size):
    actions = _at_a_casualty()
    new = store_game(sqlite_url, "discovery", TWO_HUMANS, 12, actions)
    decision = new.state.observation(None)["decision"]
    chooser, victim, region = decision["player"], decision["victim"], decision["region"]
    legal = sorted(str(a) for a in new.state.legal_actions())
    with LiveServer(sqlite_url) as server:
        context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        try:
            page = _open(context, server, new.row.id, new.tokens[chooser])
            pieces = page.locator(f"#board .casualties[data-region='{region}'] .piece.clickable")
            assert pieces.count() == len(legal)
            kinds = sorted(
                f"worker {w}" for w in pieces.evaluate_all("els => els.map(e => e.dataset.worker)")
            )
            assert kinds == legal
            # in the region of the battle, in the loser's colour, each a named, focusable button
            box = page.locator(f"#board .region[data-region='{region}'] .land").bounding_box()
            for i in range(pieces.count()):
                piece = pieces.nth(i)
                assert piece.get_attribute("role") == "button"
                assert piece.get_attribute("tabindex") == "0"
                r = piece.locator("rect").first.bounding_box()
                assert box["x"] <= r["x"] and r["x"] + r["width"] <= box["x"] + box["width"]
                assert box["y"] <= r["y"] and r["y"] + r["height"] <= box["y"] + box["height"]
                assert piece.locator("desc").text_content().startswith("Remove")
                assert f"{victim + 1}" in piece.locator("title").text_content()
            # no worker buttons on the chooser's mat: the pieces are the board's choice
            assert page.locator("#board .board-button[data-target^='worker:']").count() == 0
            # the list stays as the fallback
            assert page.locator("#actions button[data-action^='worker ']").count() == len(legal)
            keep_shot(page, f"casualty-pieces-{size[0]}")
            assert _serious(page) == []
            # chosen with the keyboard: focus a piece, Enter; the casualty is taken
            before = page.locator("#log .ev").count()
            pieces.first.focus()
            page.keyboard.press("Enter")
            page.wait_for_function(f"() => document.querySelectorAll('#log .ev').length > {before}")
            assert (
                "casualt" in page.inner_text("#log").lower()
                or page.locator(f"#board .casualties[data-region='{region}']").count() == 0
            )
        finally:
            context.close()


OVERLAPS = """() => {
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const box = (e) => e.getBoundingClientRect();
  const out = [];
  for (const r of document.querySelectorAll('#board .region')) {
    const name = r.querySelector('.region-name'), good = r.querySelector('.region-good');
    if (good && meet(box(name), box(good))) out.push(`${name.textContent} / ${good.textContent}`);
  }
  for (const g of document.querySelectorAll('#board .box')) {
    const title = g.querySelector(':scope > .box-title'), sub = g.querySelector(':scope > .box-sub');
    if (sub && meet(box(title), box(sub))) out.push(`${title.textContent} / ${sub.textContent}`);
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["es", "it", "pt"])
def test_long_translated_names_do_not_run_into_each_other(browser, sqlite_url, lang):
    """A region's name and its Trade Good (Nueva Inglaterra, Pescado), a box's title and its
    rules line (Bienes de Comercio, cualquiera $1 ...) never overlap; a cut line keeps its whole
    text in its tooltip."""
    new = store_game(sqlite_url, "discovery", TWO_HUMANS, 3, near_the_end("discovery", 3, 5))
    with LiveServer(sqlite_url) as server:
        context = browser.new_context(locale=lang, viewport={"width": 1366, "height": 768})
        try:
            page = _open(context, server, new.row.id, new.tokens[0])
            page.wait_for_selector("#board .region-good")
            assert page.evaluate(OVERLAPS) == []
            cut = page.eval_on_selector_all(
                "#board .box-sub",
                "els => els.filter(e => e.textContent.endsWith('…')).map(e => "
                "[e.textContent, e.querySelector('title') && e.querySelector('title').textContent])",
            )
            assert all(whole and whole.startswith(shown[:-1]) for shown, whole in cut)
        finally:
            context.close()


@pytest.mark.parametrize(
    "lang,player,bot", [("es", "Jugador 1", "Bot aleatorio"), ("pt", "Jogador 1", "Bot aleatório")]
)
def test_default_seat_and_bot_names_in_the_readers_language(browser, sqlite_url, lang, player, bot):
    """A seat left unnamed is "Player 1" on the server and a bot "Random bot": the page names
    them in the reader's language (a name a player chose stays as written)."""
    seats = [
        {"kind": "human"},
        {"kind": "bot", "bot": "random"},
        {"kind": "human", "name": "Player 7"},
    ]
    new = store_game(sqlite_url, "discovery", seats, 4)
    assert [s.name for s in new.row.seats] == ["Player 1", "Random bot", "Player 7"]
    with LiveServer(sqlite_url) as server:
        context = browser.new_context(locale=lang, viewport={"width": 1366, "height": 768})
        try:
            page = _open(context, server, new.row.id, new.tokens[0])
            assert player in page.inner_text("#who")
            text = page.inner_text("body")
            assert bot in text and "Player 7" in text, text[:400]
            assert "Random bot" not in text and "Player 1" not in text
        finally:
            context.close()
