"""The Imperial Settlers table in the browser, driven by Playwright in Debian's Chromium.

Whole games are played by clicking the table (a card, a deck, a good, a player) and, when no
target on the table gives the action, the list of choices. The server, its fixture and its
helpers are the shared ones (browser_support.py, server_helpers.py).
"""

from __future__ import annotations

import json
import os
import re

from empires.server.manager import build_game
from tests.server.browser_support import BROWSER_MARKS, READY, LiveServer, watch_frames
from tests.server.server_helpers import store_built

pytestmark = BROWSER_MARKS

# Set to a file name to keep a screenshot of the 2-player table in the middle of the game
# (how docs/settlers-table.png was taken, at 1366x768).
SCREENSHOT = os.environ.get("EMPIRES_SETTLERS_SCREENSHOT")

ADVANCED = (
    "(b) => !!document.querySelector('#scores') || "
    "document.querySelector('#log-count').textContent !== b"
)


def _new(tmp_path, seats, options=None, seed=5, actions=None):
    new = build_game("settlers", seats, options, seed, actions)
    db = f"sqlite:///{tmp_path / 'settlers.db'}"
    store_built(db, new)
    return new, db


def _click_once(page, use_list: bool = False) -> str:
    """Make the seat's next decision: the first card, deck, good or player highlighted on the
    table (and the first entry of its chooser), else the first button of the table's decision
    bar, else the first entry of the list of choices. Returns which ("table", "bar", "list").
    A click refused because the test clicks faster than the server's message rate (10/s) is
    made again once the page is ready."""
    for _ in range(5):
        before = page.locator("#log-count").inner_text()
        how = _click(page, use_list)
        page.wait_for_function(
            f"(b) => ({ADVANCED})(b) || !document.querySelector('#error').hidden",
            arg=before,
            timeout=20_000,
        )
        error = page.locator("#error")
        if error.is_hidden() or page.evaluate(ADVANCED, before):
            return how
        if "too many messages" not in error.inner_text():
            raise AssertionError(f"the {how} click was refused: {error.inner_text()}")
        page.wait_for_timeout(300)
        page.wait_for_function(READY, timeout=20_000)
    raise AssertionError("the server kept refusing clicks")


def _click(page, use_list: bool) -> str:
    target = page.locator("#table .clickable:not(.st-choice)")
    bar = page.locator("#decision .st-choice")
    if use_list:
        page.locator("#actions button").first.click()
        return "list"
    if target.count():
        target.first.click()
        choice = page.locator("#chooser:not([hidden]) button.choice")
        if choice.count():
            choice.first.click()
        return "table"
    if bar.count():
        bar.first.click()
        return "bar"
    page.locator("#actions button").first.click()
    return "list"


def _play_to_the_end(page, limit=400, shot_at=None, list_every=10) -> dict[str, int]:
    """Play the seat's decisions until the score table shows; every ``list_every``-th decision
    from the list of choices (the fallback), the others on the table."""
    clicks = {"table": 0, "bar": 0, "list": 0}
    for i in range(limit):
        page.wait_for_function(READY, timeout=20_000)
        if page.locator("#scores").count():
            return clicks
        if shot_at is not None and i == shot_at:
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=SCREENSHOT)
        bar = page.locator("#decision")
        if bar.count():  # the bar says whose turn it is once, not the engine's opening again
            text = " ".join(bar.inner_text().split())
            assert "Your turn: Your turn" not in text and ": Your turn:" not in text, text
        clicks[_click_once(page, use_list=i % list_every == list_every - 1)] += 1
    raise AssertionError(f"the game did not end in {limit} decisions")


def test_a_whole_two_player_game_against_a_bot_by_clicking(browser, tmp_path):
    """You + a random bot from the first Lookout to the final scoring, every decision by a click
    on the table where one gives it; then the end screen, and the replay of the game."""
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random", "name": "Rob"}]
    new, db = _new(tmp_path, seats, {"factions": ["japanese", "egyptians"]}, seed=11)
    gid, token = new.row.id, new.tokens[0]
    errors: list[str] = []
    frames: list[dict] = []
    with LiveServer(db, bot_delay=0.01) as server:
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.on("pageerror", lambda e: errors.append(str(e)))
        watch_frames(page, frames)
        page.goto(f"{server.url}/game/{gid}#token={token}")
        page.wait_for_selector("#table .st-player")
        assert page.locator("#board").is_hidden()
        assert page.locator("#brand").inner_text() == "Imperial Settlers"
        heads = [" ".join(t.split()) for t in page.locator(".st-player-head").all_inner_texts()]
        assert "Ann — Japanese" in heads[0] and "(you)" in heads[0]
        assert "Rob — Egyptians" in heads[1]
        assert re.match(r"Round 1 of 5 · Lookout", page.locator("#turn").inner_text())
        page.wait_for_function(READY)
        obs = server.app.state.manager.games[gid].state.observation(0)
        common = page.locator(".st-common").inner_text()
        assert f"Common deck: {obs['common_deck']}" in common
        assert f"Your Faction deck: {obs['players'][0]['faction_deck']}" in common
        first = obs["first_player"]
        assert page.locator(f'.st-player[data-seat="{first}"] .first-marker').count() == 1
        assert page.locator(".first-marker").count() == 1
        drafted = page.locator(".st-draft .st-card-name").all_inner_texts()
        assert drafted == [c["name"] for c in obs["draft"]]
        hand = page.locator("#hand .st-card-name").all_inner_texts()
        assert hand == [c["name"] for c in obs["your_hand"]]
        rob = page.locator('.st-player[data-seat="1"]').inner_text()
        assert f"Hand: {obs['players'][1]['hand_size']} card" in rob
        assert page.locator(".st-track-row").count() == 2

        clicks = _play_to_the_end(page, shot_at=40 if SCREENSHOT else None)
        assert clicks["table"] >= 30 and clicks["bar"] >= 5 and clicks["list"] >= 3, clicks

        game = server.app.state.manager.games[gid]
        assert game.state.is_terminal() and game.status == "finished"
        totals = [s["total"] for s in game.state.scores()]
        row = page.locator("#scores tr.total td").all_inner_texts()
        assert [int(t) for t in row] == totals
        over = next(e for e in game.state.events(0) if e["kind"] == "game_over")
        why = over["text"].replace("Player 1", "Ann").replace("Player 2", "Rob")
        assert page.locator("#scores .why").inner_text() == why
        assert page.locator("#verdict").count() == 0  # the solo verdict only in a solo game
        assert "null" not in page.locator("#result").inner_text()
        assert page.locator("#log .log-heading").first.inner_text().startswith("Round 1")
        # the page only ever had this seat's view
        assert all(f.get("you") == 0 for f in frames if f["type"] == "state")

        # The replay draws the table at every step, from the spectator's view (no hand).
        page.click("#result a")
        page.wait_for_selector("#table .st-player")
        assert page.locator("#hand").count() == 0
        page.click("#next")
        page.wait_for_function(
            "() => document.querySelector('#step').textContent.startsWith('Step 1 ')"
        )
        page.click("#last")
        page.wait_for_selector("#scores")
        assert "Round 5 of 5" in page.locator("#turn").inner_text()
        page.close()
    assert errors == []


def test_a_whole_solo_game_by_clicking(browser, tmp_path):
    """The solo game: the virtual player's Attacks each round with their Targets and results,
    then an end screen saying whether you won and why."""
    new, db = _new(tmp_path, [{"kind": "human", "name": "Sol"}], {"factions": ["romans"]}, seed=3)
    errors: list[str] = []
    with LiveServer(db) as server:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/game/{new.row.id}#token={new.tokens[0]}")
        page.wait_for_selector("#virtual-player")
        assert "Collection: 0 cards" in page.locator("#virtual-player").inner_text()
        clicks = _play_to_the_end(page)
        assert clicks["table"] >= 30 and clicks["bar"] >= 5 and clicks["list"] >= 3, clicks

        state = server.app.state.manager.games[new.row.id].state
        obs = state.observation(0)
        events = state.events(0)
        attacks = [e for e in events if e["kind"] == "attack"]
        shown = page.locator("#virtual-player .st-attacks li")
        assert shown.count() == len(attacks) == 10  # two Attack cards a round
        for e, text in zip(attacks, shown.all_inner_texts(), strict=True):
            assert text.startswith(f"Round {e['turn']}: Target ")
            assert e["attack"]["target"] in text.split("—")[0].lower()
            assert (
                (f"razed {e['razed']['name']}" in text) if e["razed"] else "razed nothing" in text
            )
        verdict = page.locator("#verdict").inner_text()
        won = obs["result"].startswith("won")
        assert verdict.startswith("You won!" if won else "You lost.")
        over = next(e for e in events if e["kind"] == "game_over")
        assert over["text"].replace("Player 1", "Sol") in verdict
        row = page.locator('#scores tr[data-category="total"] td').all_inner_texts()
        assert [int(t) for t in row] == [obs["scores"][0]["total"]]
        page.close()
    assert errors == []


def _secret_names(state, owner: int, viewer: int) -> set[str]:
    """Names of cards in ``owner``'s hand that ``viewer`` has no way to know: not among the
    cards seen taken, and named nowhere in the viewer's observation or events."""
    db = state.s.db
    seen = json.dumps([state.observation(viewer), state.events(viewer)])
    known = {db[c].name for c in state.s.known[owner]}
    return (
        {db[c].name for c in state.s.hand[owner]}
        - known
        - {n for n in {db[c].name for c in state.s.hand[owner]} if n in seen}
    )


def test_two_humans_each_see_only_their_own_hand_and_picks(browser, tmp_path):
    """Two humans in two browser contexts, with the Alternate Lookout (cards kept in secret):
    each page shows its own hand and its own cards to keep, never the other's."""
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    new, db = _new(tmp_path, seats, {"variants": ["alternate-lookout"]}, seed=8)
    gid = new.row.id
    names = ["Ann", "Bob"]
    with LiveServer(db) as server:
        pages = {}
        for seat in (0, 1):
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            pages[seat] = context.new_page()
            pages[seat].goto(f"{server.url}/game/{gid}#token={new.tokens[seat]}")
            pages[seat].wait_for_selector("#table .st-player")
        game = server.app.state.manager.games[gid]
        checked = 0
        for _ in range(14):
            state = game.state
            for seat, page in pages.items():
                page.wait_for_function(
                    "(n) => document.querySelector('#log-count').textContent === `${n} actions`",
                    arg=len(game.log),
                )
                other = 1 - seat
                mine = {state.s.db[c].name for c in state.s.hand[seat]}
                shown = set(page.locator("#hand .st-card-name").all_inner_texts())
                assert shown == mine
                choosing = {state.s.db[c].name for c in state.s.alt[seat] + state.s.looking[seat]}
                assert set(page.locator(".st-choices .st-card-name").all_inner_texts()) == choosing
                html = page.content()
                secret = _secret_names(state, other, seat)
                secret |= {
                    state.s.db[c].name
                    for c in state.s.alt[other]
                    if state.s.db[c].name
                    not in json.dumps([state.observation(seat), state.events(seat)])
                }
                checked += len(secret)
                for name in secret:
                    assert name not in html, (seat, name)
                hand_of_other = page.locator(f'.st-player[data-seat="{other}"]').inner_text()
                assert f"Hand: {len(state.s.hand[other])} card" in hand_of_other
            turn = state.current_player
            idle = 1 - turn
            pages[turn].wait_for_function(READY)
            assert pages[idle].locator("#actions-box").is_hidden()
            assert pages[idle].locator("#table .clickable").count() == 0
            assert f"Waiting for {names[turn]}" in pages[idle].locator("#status").inner_text()
            bar = pages[idle].locator("#decision").inner_text()
            assert bar.startswith("Waiting for ") and f"{turn + 1} {names[turn]}:" in bar
            _click_once(pages[turn])
        assert checked > 10  # there were secrets to keep
        assert len(game.log) == 14


def _unreachable(page, selector: str) -> list[str]:
    """The controls matching ``selector`` that cannot be clicked once scrolled into view: not
    inside the viewport, or covered by something else at their centre."""
    return page.eval_on_selector_all(
        selector,
        """(els) => els.filter((el) => el.offsetParent !== null).flatMap((el) => {
          el.scrollIntoView({ block: "center", inline: "center" });
          const r = el.getBoundingClientRect();
          const x = r.left + r.width / 2, y = r.top + r.height / 2;
          const inside = r.left >= 0 && r.right <= innerWidth + 1 && r.top >= 0 && r.bottom <= innerHeight + 1
            && r.width > 0 && r.height > 0;
          const top = document.elementFromPoint(x, y);
          const free = top && (top === el || el.contains(top));
          return inside && free ? [] : [(el.textContent || el.outerHTML).trim().slice(0, 60)];
        })""",
    )


def test_on_a_phone_every_control_is_reachable(browser, tmp_path):
    """At 390x844 the lobby and the table fit the width, and every control (targets on the
    table, the choices list, the lobby's fields) is within the viewport once scrolled to and
    not covered; a decision made by touch-sized clicks goes through."""
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
    new, db = _new(tmp_path, seats, seed=4)
    errors: list[str] = []
    with LiveServer(db, bot_delay=0.01) as server:
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
        )
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/")
        page.wait_for_selector("#rules-options [data-option]")
        page.select_option("#game", "settlers")
        page.wait_for_selector("#rules-options [name='variant-peaceful']")
        page.select_option("#players", "1")
        assert page.locator("input[name='variant-alternate-lookout']").is_disabled()
        assert _unreachable(page, "select, input, button") == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 390

        page.goto(f"{server.url}/game/{new.row.id}#token={new.tokens[0]}")
        for _ in range(6):
            page.wait_for_function(READY, timeout=20_000)
            assert (
                page.locator("#table .clickable").count() + page.locator("#actions button").count()
            )
            assert _unreachable(page, "#table .clickable, #actions button, header a") == []
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            _click_once(page)
        page.screenshot(path=str(tmp_path / "phone.png"), full_page=True)
        context.close()
    assert errors == []


def test_the_lobby_draws_random_factions_among_those_left(browser, tmp_path):
    """A seat's faction may be left to chance: the lobby draws it among the factions no other
    seat took, and the game is created with every seat's faction named."""
    errors: list[str] = []
    with LiveServer(f"sqlite:///{tmp_path / 'lobby.db'}") as server:
        page = browser.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/")
        page.wait_for_selector("#rules-options [data-option]")
        page.select_option("#game", "settlers")
        page.select_option("#players", "3")
        factions = page.locator("#seats .seat-option")
        assert "random" in factions.nth(0).locator("option").all_inner_texts()
        factions.nth(0).select_option("egyptians")
        factions.nth(1).select_option(label="random")
        factions.nth(2).select_option(label="random")
        page.click("#create-button")
        page.wait_for_selector("#created:not([hidden])")
        link = page.locator("#links input").first.input_value()
        game = server.app.state.manager.games[re.search(r"/game/([0-9a-f]+)#", link)[1]]
        chosen = game.state.history["config"]["options"]["factions"]
        assert chosen[0] == "egyptians" and len(set(chosen)) == 3
        assert set(chosen) <= {"romans", "barbarians", "egyptians", "japanese"}
        page.close()
    assert errors == []


def test_a_card_set_from_the_lobby_marks_house_cards(browser, tmp_path):
    """An operator's card set filling in the Romans' unverified cards: the lobby offers it by
    name, and the table marks those cards as house rule text, never as printed; the file's path
    reaches no page."""
    from empires.core.adapter import get_adapter

    template = get_adapter("settlers").card_template()
    cards = [c for c in template["cards"] if c["id"].startswith("rom")]
    for card in cards:
        if card["type"] == "action":
            card["action"] = {"limit": 1, "spend": {"worker": 1}, "effects": [{"gain": {"vp": 1}}]}
        else:
            card["feature"] = [{"on": "deal", "effects": [{"gain": {"wood": 1}}]}]
        card["text"] = "Our table's reading."
    path = tmp_path / "house-cards.json"
    path.write_text(json.dumps({**template, "cards": cards, "attack_cards": []}))
    errors: list[str] = []
    with LiveServer(f"sqlite:///{tmp_path / 'cards.db'}", card_sets={"house": str(path)}) as server:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/")
        page.wait_for_selector("#rules-options [data-option]")
        page.select_option("#game", "settlers")
        page.select_option("#cards", "house")
        page.select_option("#players", "1")
        page.fill("#seed", "1")  # a fixed deal: the test never depends on a lucky draw
        page.click("#create-button")
        page.wait_for_selector("#created:not([hidden])")
        page.locator("#links a.open").first.evaluate("a => a.removeAttribute('target')")
        page.locator("#links a.open").first.click()
        page.wait_for_selector("#table .st-player")
        assert "Card set: house" in page.locator(".st-rules").inner_text()
        house = page.locator(".st-card:has(.st-source.house)")
        gid = re.search(r"/game/([0-9a-f]+)", page.url)[1]
        live = server.app.state.manager.games[gid]
        for _ in range(60):  # until a card of the set is in hand or built
            page.wait_for_function(READY, timeout=20_000)
            s = live.state.s  # each action replaces the live game's state: read it afresh
            ours = [c for c in s.hand[0] + s.empire[0] if s.db[c].source == "house"]
            if ours:
                break
            _click_once(page)
        assert ours, "a Roman card of the set reached the table"
        assert house.count() == len(ours)
        text = house.first.locator(".st-text").inner_text()
        assert text.startswith("House rule (not the printed text): Our table's reading.")
        assert "house-cards.json" not in page.content() and str(tmp_path) not in page.content()
        page.close()
    assert errors == []
