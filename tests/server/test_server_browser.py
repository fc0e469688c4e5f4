"""The browser UI, driven by Playwright in Debian's Chromium (/usr/bin/chromium).

A real uvicorn server runs in a thread on a free loopback port. Games that would take long to
reach their end start from a stored history (the test-only way in: ``build_game(actions=...)``
then ``Store.create_game``); from there every decision is made by clicking the page.
"""

from __future__ import annotations

import json
import re

from empires.bots import make_bot
from empires.discovery import new_game
from empires.server.manager import build_game
from tests.server.browser_support import BROWSER_MARKS, READY, LiveServer, watch_frames
from tests.server.server_helpers import store_built

pytestmark = BROWSER_MARKS


def _history_until(seed: int, options, stop, limit: int = 2000) -> list[str]:
    """Actions of a random game (both seats random) up to the first state where ``stop``."""
    game = new_game(2, seed=seed, options=options)
    bot = make_bot("random", "discovery", seed)
    for _ in range(limit):
        if stop(game):
            return game.history["actions"]
        game.apply(bot.choose(game))
    raise AssertionError("the stop condition never held")


def test_a_whole_game_against_a_bot_by_clicking(browser, tmp_path):
    """You + a random bot, from the start of turn 8 to the score table, all by clicks; then the
    replay viewer steps through the finished game."""
    seed = 31

    def turn8(game):
        obs = game.observation(None)
        return obs["turn"] == 8 and obs["step"] == "place"

    actions = _history_until(seed, None, turn8)
    new = build_game(
        "discovery",
        [{"kind": "human", "name": "You"}, {"kind": "bot", "bot": "random"}],
        None,
        seed,
        actions,
    )
    db = f"sqlite:///{tmp_path / 'ui.db'}"
    store_built(db, new)
    gid, token = new.row.id, new.tokens[0]
    errors: list[str] = []
    frames: list[dict] = []
    with LiveServer(db, bot_delay=0.02) as server:
        page = browser.new_page(viewport={"width": 1500, "height": 1000})
        page.on("pageerror", lambda e: errors.append(str(e)))
        watch_frames(page, frames)
        page.goto(f"{server.url}/game/{gid}#token={token}")
        page.wait_for_selector("#board .region")
        assert page.locator("#board .region").count() == 9
        from empires.discovery.data import ADJACENT

        edges = {frozenset((i, j)) for i, adj in enumerate(ADJACENT) for j in adj}
        assert page.locator("#board .lane").count() == len(edges)
        assert "You are" in page.locator("#who").inner_text()

        board_clicks = list_clicks = 0
        statuses = set()
        for _ in range(400):
            page.wait_for_function(READY, timeout=20_000)
            if page.locator("#scores").count():
                break
            statuses.add(page.locator("#status").inner_text().split(":")[0])
            before = page.locator("#log-count").inner_text()
            clickable = page.locator("#board .clickable")
            if clickable.count():
                clickable.first.click()
                choice = page.locator("#chooser:not([hidden]) button.choice")
                if choice.count():
                    choice.first.click()
                board_clicks += 1
            else:
                page.locator("#actions button").first.click()
                list_clicks += 1
            page.wait_for_function(
                "(b) => document.querySelector('#scores') || "
                "document.querySelector('#log-count').textContent !== b",
                arg=before,
                timeout=20_000,
            )
        page.wait_for_selector("#scores", timeout=20_000)
        assert board_clicks >= 5, (board_clicks, list_clicks)
        assert "Your turn" in statuses

        game = server.app.state.manager.games[gid]
        assert game.state.is_terminal() and game.status == "finished"
        totals = [s["total"] for s in game.state.scores()]
        row = page.locator("#scores tr.total td").all_inner_texts()
        assert [int(t) for t in row] == totals
        assert "Game over" in page.locator("#status").inner_text()
        assert (
            "wins" in page.locator("#scores h2").inner_text()
            or "share" in page.locator("#scores h2").inner_text()
        )
        assert page.locator("#log-count").inner_text() == f"{len(game.log)} actions"
        # Everything the page was sent is its own seat's view.
        assert frames and all(f.get("you") == 0 for f in frames if f["type"] == "state")
        # ... never the state, and the seed only once the game is over (with its salt).
        for f in frames:
            assert "state" not in f
            over = f.get("game", {}).get("status") == "finished"
            assert ('"seed"' in json.dumps(f)) == (over and f["type"] == "state"), f.get("type")
        assert "seed commitment" in page.locator("#fairness").inner_text().lower()
        assert "chosen by its creator" in page.locator("#fairness").inner_text()
        page.screenshot(path=str(tmp_path / "game-over.png"), full_page=True)

        # The replay viewer steps through the finished game as a spectator saw it.
        page.click("#result a")
        page.wait_for_selector("#board .region")
        page.wait_for_function(
            "() => document.querySelector('#step').textContent.startsWith('Step 0')"
        )
        total = len(game.log)
        assert f"Step 0 of {total}" in page.locator("#step").inner_text()
        page.click("#next")
        page.wait_for_function(
            "() => document.querySelector('#step').textContent.startsWith('Step 1 ')"
        )
        assert page.locator("#log li.ev-action").count() == 1  # the first action's events
        page.click("#last")
        page.wait_for_selector("#scores")
        assert f"Step {total} of {total}" in page.locator("#step").inner_text()
        page.keyboard.press("Home")
        page.wait_for_function(
            "() => document.querySelector('#step').textContent.startsWith('Step 0')"
        )
        page.close()
    assert errors == []


def test_two_players_each_see_only_what_they_may(browser, tmp_path):
    """Two humans in two browser contexts: the one who scouted a counter sees it, the other
    sees it face-down; only the seat to play is offered choices; each sees the other's moves."""
    options_json = {"variants": ["scouting"]}
    from empires.discovery import Options

    options = Options.from_json(options_json)
    seen: dict[str, int] = {}

    def scouted(game):
        for seat in (0, 1):
            for region in game.observation(seat)["regions"]:
                if isinstance(region["counter"], dict) and region["counter"].get("scouted"):
                    seen.update(seat=seat, region=region["id"])
                    return True
        return False

    seed = next(s for s in range(1, 50) if _try(_history_until, s, options, scouted, 600))
    actions = _history_until(seed, options, scouted, 600)
    knower, region = seen["seat"], seen["region"]
    other = 1 - knower
    new = build_game(
        "discovery",
        [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
        options_json,
        seed,
        actions,
    )
    db = f"sqlite:///{tmp_path / 'two.db'}"
    store_built(db, new)
    gid = new.row.id
    with LiveServer(db) as server:
        pages, frames = {}, {0: [], 1: []}
        for seat in (0, 1):
            context = browser.new_context(viewport={"width": 1400, "height": 1000})
            page = context.new_page()
            watch_frames(page, frames[seat])
            page.goto(f"{server.url}/game/{gid}#token={new.tokens[seat]}")
            page.wait_for_selector("#board .region")
            pages[seat] = page
        names = {0: "Ann", 1: "Bob"}
        for seat, page in pages.items():
            assert names[seat] in page.locator("#who").inner_text()
            counter = page.locator(f'#board [data-region="{region}"] .counter').text_content()
            if seat == knower:
                assert counter.startswith("scouted:"), counter
            else:
                assert counter == "? face-down counter", counter

        game = server.app.state.manager.games[gid]
        turn = game.state.current_player
        idle = 1 - turn
        pages[turn].wait_for_function(READY)
        assert pages[turn].locator("#board .clickable").count() > 0
        assert pages[idle].locator("#actions-box").is_hidden()
        assert pages[idle].locator("#board .clickable").count() == 0
        assert f"Waiting for {names[turn]}" in pages[idle].locator("#status").inner_text()

        before = pages[idle].locator("#log-count").inner_text()
        target = pages[turn].locator("#board .clickable").first
        target.click()
        choice = pages[turn].locator("#chooser:not([hidden]) button.choice")
        if choice.count():
            choice.first.click()
        pages[idle].wait_for_function(
            "(b) => document.querySelector('#log-count').textContent !== b", arg=before
        )
        last = pages[idle].locator("#log li.ev-action").last.inner_text()
        assert names[turn] in last
        pages[turn].screenshot(path=str(tmp_path / f"seat{turn}.png"), full_page=True)

        # What each browser received: its own observation, never the state or the seed.
        for seat in (0, 1):
            states = [f for f in frames[seat] if f["type"] == "state"]
            assert states
            for f in states:
                assert f["you"] == seat and f["observation"]["player"] == seat
                assert "state" not in f and '"seed"' not in json.dumps(f)
                if seat != f["waiting_for"]:
                    assert f["legal"] == []
                if f["game"]["actions"] != len(actions):
                    continue  # the counter may have been revealed since
                counter = next(
                    r["counter"] for r in f["observation"]["regions"] if r["id"] == region
                )
                if seat == other:
                    assert counter == "face-down"
                else:
                    assert counter.get("scouted") is True


def _try(fn, *args) -> bool:
    try:
        fn(*args)
        return True
    except AssertionError:
        return False


def _named(text: str, names: list[str]) -> str:
    """An event text as the page shows it: "Player N" (counted from 1) as that seat's name."""
    return re.sub(r"\bPlayer (\d+)\b", lambda m: names[int(m[1]) - 1], text)


def _headings(events: list[dict]) -> list[str]:
    out: list[str] = []
    for e in events:
        key = f"Turn {e['turn']} · {e['phase']}"
        if not out or out[-1] != key:
            out.append(key)
    return out


def test_event_log_end_screen_and_replay_steps(browser, tmp_path):
    """A finished game: the log shows the seat's events grouped by turn and phase, seats by
    name; the end screen breaks the final scores down per category; the replay viewer steps
    through the events action by action, with keys that never scroll the page."""
    seed = 12
    actions = _history_until(seed, None, lambda g: g.is_terminal(), 5000)
    names = ["Ann", "Rob"]
    new = build_game(
        "discovery",
        [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random", "name": "Rob"}],
        None,
        seed,
        actions,
    )
    state = new.state
    mine, public = state.events(0), state.events(None)
    db = f"sqlite:///{tmp_path / 'events.db'}"
    store_built(db, new)
    errors: list[str] = []
    with LiveServer(db) as server:
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/game/{new.row.id}#token={new.tokens[0]}")
        page.wait_for_selector("#scores")
        page.wait_for_function(
            f"() => document.querySelectorAll('#log li.ev').length === {len(mine)}"
        )

        # The log: every event this seat may read, in order, under its turn/phase heading.
        assert page.locator("#log .log-heading").all_inner_texts() == _headings(mine)
        items = page.locator("#log li.ev")
        assert items.evaluate_all("els => els.map(e => Number(e.dataset.seq))") == [
            e["seq"] for e in mine
        ]
        shown = [" ".join(t.split()) for t in items.all_inner_texts()]
        for e, text in zip(mine, shown, strict=True):
            want = _named(e["text"], names)
            if e["kind"] == "action":
                want = f"{names[e['player']]}: {want}"
            if isinstance(e.get("player"), int) and 0 <= e["player"] < len(names):
                want = f"{'●■▲◆★✚'[e['player']]}{e['player'] + 1} {want}"  # the seat's mark
            assert text == " ".join(want.split()), e
        assert page.locator("#log li.ev-action").count() == len(actions)
        assert page.locator("#log li.ev-income").count() > 0  # resolutions, not only actions
        assert page.eval_on_selector(  # the newest events are in sight
            "#log", "el => el.scrollTop + el.clientHeight >= el.scrollHeight - 2"
        )

        # The end screen: each category per player, the places, why, and the scored buildings.
        scores = state.scores()
        rows = page.locator("#scores tr[data-category]")
        assert rows.evaluate_all("els => els.map(e => e.dataset.category)") == list(scores[0])
        for key in scores[0]:
            cells = page.locator(f'#scores tr[data-category="{key}"] td').all_inner_texts()
            assert [int(c) for c in cells] == [row[key] for row in scores], key
        over = next(e for e in mine if e["kind"] == "game_over")
        assert page.locator("#scores .why").inner_text() == _named(over["text"], names)
        finals = [e for e in mine if e["kind"] == "final_scoring" and e["buildings_vp"]]
        scored = page.locator("#scores .scored li").all_inner_texts()
        assert len(scored) == len(finals)
        for e, text in zip(finals, scored, strict=True):
            assert text.strip().startswith(names[e["player"]])
            assert all(f" {x['vp']}" in text for x in e["buildings_vp"])

        # The replay: a step is an action and the events it caused (the spectator's view).
        page.set_viewport_size({"width": 1400, "height": 600})  # the page itself can scroll
        page.goto(f"{server.url}/replay/{new.row.id}#token={new.tokens[None]}")
        page.wait_for_function(
            "() => document.querySelector('#step').textContent.startsWith('Step 0')"
        )
        starts = [i for i, e in enumerate(public) if e["kind"] == "action"]
        bounds = [0, *starts, len(public)]
        step_seqs = "els => els.map(e => Number(e.dataset.seq))"
        for key, step in (
            ("ArrowRight", 1),
            ("ArrowRight", 2),
            ("ArrowRight", 3),
            ("ArrowLeft", 2),
            ("End", len(actions)),
            ("Home", 0),
        ):
            page.keyboard.press(key)
            page.wait_for_function(
                f"() => document.querySelector('#step strong').textContent === "
                f"'Step {step} of {len(actions)}'"
            )
            told = list(range(bounds[step], bounds[step + 1]))
            assert page.locator("#step li.ev").evaluate_all(step_seqs) == told
            assert page.locator("#log li.ev.current").evaluate_all(step_seqs) == told
            assert page.locator("#log li.ev").count() == bounds[step + 1]
            assert page.evaluate("window.scrollY") == 0, key  # the keys step, never scroll
            assert page.locator("#slider").input_value() == str(step)
        assert public[bounds[1]]["kind"] == "action"
        page.keyboard.press("End")
        page.wait_for_selector("#scores")
        last = public[bounds[len(actions)] :]
        assert [e["kind"] for e in last][-1] == "game_over"
        assert page.locator("#scores .why").inner_text() == _named(last[-1]["text"], names)
        page.close()
    assert errors == []


def test_the_lobby_offers_the_web_games_with_their_options(browser, tmp_path):
    """The lobby draws each game's rules options from /api/meta's catalogue, offers only games
    the game page can show, and creates the game with the options chosen."""
    errors: list[str] = []
    with LiveServer(f"sqlite:///{tmp_path / 'lobby.db'}") as server:
        page = browser.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/")
        page.wait_for_selector("#rules-options [data-option]")
        games = page.locator("#game option").evaluate_all("(os) => os.map((o) => o.value)")
        assert games == ["discovery", "settlers"]  # every game the page can draw
        assert page.locator("#game-choice").is_visible()
        assert page.title() == "Lobby — Empires: Age of Discovery"
        players = page.locator("#players option").all_inner_texts()
        assert players == ["2", "3", "4", "5", "6"]
        editions = page.locator("#edition option").evaluate_all("(os) => os.map((o) => o.value)")
        assert editions == ["2015", "2007"]
        page.select_option("#players", "3")
        assert page.locator("#seats tr").count() == 3
        page.select_option("#nations", "random")
        page.check("#builders")
        page.check("input[name='variant-scouting']")
        page.click("#create-button")
        page.wait_for_selector("#created:not([hidden])")
        link = page.locator("#links input").first.input_value()
        game_id = re.search(r"/game/([0-9a-f]+)#", link).group(1)
        game = server.app.state.manager.games[game_id]
        assert game.game == "discovery" and len(game.seats) == 3
        options = game.state.history["config"]["options"]
        assert options["builders"] is True and options["nations"] == "random"
        assert options["variants"] == ["scouting"] and options["buy_vp"] is False
        page.close()
    assert not errors


def test_the_lobby_draws_another_games_options_and_seat_options(browser, tmp_path):
    """The lobby offers both games; choosing Imperial Settlers redraws the player counts and its
    options from its catalogue: each seat's faction in the seats table, its variants, and its
    yes/no option."""
    errors: list[str] = []
    with LiveServer(f"sqlite:///{tmp_path / 'lobby.db'}") as server:
        page = browser.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/")
        page.wait_for_selector("#rules-options [data-option]")
        assert page.locator("#game-choice").is_visible()
        page.select_option("#game", "settlers")
        page.wait_for_selector("#rules-options [name='variant-peaceful']")
        assert page.title() == "Lobby — Imperial Settlers"
        assert page.locator("#players option").all_inner_texts() == ["1", "2", "3", "4"]
        assert page.locator("#edition").count() == 0  # Discovery's options are gone
        page.select_option("#players", "2")
        factions = page.locator("#seats .seat-option")
        assert factions.count() == 2
        assert [factions.nth(i).input_value() for i in range(2)] == ["romans", "barbarians"]
        assert "Factions" in page.locator("#seats-head").inner_text()
        factions.nth(0).select_option("egyptians")
        factions.nth(1).select_option("japanese")
        page.check("input[name='variant-peaceful']")
        page.check("#reshuffle_faction_discards")
        page.click("#create-button")
        page.wait_for_selector("#created:not([hidden])")
        link = page.locator("#links input").first.input_value()
        game = server.app.state.manager.games[re.search(r"/game/([0-9a-f]+)#", link).group(1)]
        assert game.game == "settlers"
        options = game.state.history["config"]["options"]
        assert options["factions"] == ["egyptians", "japanese"]
        assert options["variants"] == ["peaceful"] and options["reshuffle_faction_discards"]
        page.close()
    assert not errors
