"""The full-screen app (Textual), driven headlessly with its pilot at 80x24: complete games of
both games chosen by keys, what the screen shows, help, undo, saving and leaving."""

from __future__ import annotations

import asyncio
import json

from textual.widgets import Collapsible, OptionList, RichLog

from empires.cli.tui import screens
from empires.cli.tui.app import GameApp
from empires.cli.tui.session import Session, start
from empires.core.screen import seat_mark
from tests.cli.helpers import args, cancellable_build, log_text, screen_text, squeeze

SIZE = (80, 24)


async def settle(app, pilot) -> None:
    """Wait until the bots have played and the screen is drawn."""
    await app.workers.wait_for_complete()
    await pilot.pause()


def run(coro) -> None:
    asyncio.run(coro)


async def _play_to_the_end(app, pilot, session: Session, checks) -> int:
    """Play every decision by keys (a number, arrows, a filter, in turn); ``checks`` looks at
    the screen of some decisions. Returns the number of decisions played."""
    played = 0
    keys = [("1", "enter"), ("down", "up", "enter"), ("2", "enter")]
    while not session.over():
        assert session.human_to_act()
        if played % 10 == 0:
            checks(app, session)
        count = len(session.state.history["actions"])
        await pilot.press(*keys[played % 3] if len(app.choices) > 1 else ("enter",))
        await settle(app, pilot)
        assert len(session.state.history["actions"]) > count  # the key played an action
        played += 1
    return played


def _check_decision(app, session: Session) -> None:
    """The game's panels, the choices in the game's words, the seat marks, the narration."""
    titles = [c.title for c in app.query(Collapsible)]
    parts = session.parts()
    assert titles == [p.title for p in parts] and parts[0].own == any(p.own for p in parts)
    options = app.query_one("#choices", OptionList)
    shown = [options.get_option_at_index(i).prompt.plain for i in range(options.option_count)]
    assert shown == [
        f"{i + 1:>{len(str(len(shown)))}}. {w}" for i, (_, w) in enumerate(session.choices())
    ]
    status = app.query_one("#status").render()
    for seat in range(session.state.num_players):
        assert seat_mark(seat) in str(status)
    me = session.to_act()
    mine = [e for e in session.state.events(me) if e["kind"] == "action" and e["player"] == me]
    since = mine[-1]["seq"] if mine else 0
    news = log_text(app.query_one("#news", RichLog))
    for event in session.state.events(me, since):  # what happened since my last decision
        assert squeeze(event["text"]) in news, event["text"]


def test_discovery_complete_game_by_keys():
    session = start(args("discovery", 2, "human,random", seed=5))

    async def go():
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert "The New World" in screen_text(app) or any(
                "New World" in c.title for c in app.query(Collapsible)
            )
            played = await _play_to_the_end(app, pilot, session, _check_decision)
            assert played > 20
            assert isinstance(app.screen, screens.EndScreen)
            shown = screen_text(app)
            assert "Final scores" in shown and session.outcome()[0] in shown
            await pilot.press("escape")  # the final board stays in view
            assert "Game over" in screen_text(app)
            await pilot.press("q")
        assert app.return_code == 0

    run(go())


def test_settlers_solo_end_screen_says_whether_you_won_and_why(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    session = start(args("settlers", 1, "human", seed=4))

    async def go():
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await _play_to_the_end(app, pilot, session, _check_decision)
            assert isinstance(app.screen, screens.EndScreen)
            shown = squeeze(screen_text(app))
            won = bool(session.state.ranking())
            total = session.state.scores()[0]["total"]
            assert f"You {'won' if won else 'lost'} with {total} VP." in shown
            over = [e for e in session.state.events(0) if e["kind"] == "game_over"][-1]
            assert squeeze(over["text"])[:60] in shown  # why: the engine's last word
            await pilot.press("ctrl+s")  # a finished game can be saved, for `empires replay`
            await pilot.press("ctrl+u", *"end.json", "enter")
            await pilot.pause()

    run(go())
    saved = json.loads((tmp_path / "end.json").read_text())
    assert saved["seats"] == ["human"] and saved["actions"] == session.state.history["actions"]


def test_a_click_plays_the_choice_under_it():
    session = start(args("discovery", 2, "human,random", seed=2))

    async def go():
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            second = session.choices()[1][0]
            count = len(session.state.history["actions"])
            await pilot.click(OptionList, offset=(4, 1))
            await settle(app, pilot)
            assert session.state.history["actions"][count] == str(second)

    run(go())


def test_a_game_without_humans_is_watched_to_the_end():
    session = start(args("settlers", 2, "random", seed=2))

    async def go():
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert session.over() and isinstance(app.screen, screens.EndScreen)
            news = log_text(app.query_one("#news", RichLog))
            last = session.state.events(None)[-1]["text"]
            assert squeeze(last) in news

    run(go())


def test_help_shows_the_rules_of_the_decision():
    session = start(args("settlers", 2, "human,random", seed=3))

    async def go():
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            helped = session.help()
            await pilot.press("f1")
            assert isinstance(app.screen, screens.HelpScreen)
            shown = squeeze(screen_text(app))
            assert helped.title in shown and squeeze(helped.summary)[:40] in shown
            if helped.section:
                assert helped.section in shown
            await pilot.press("escape")
            assert not isinstance(app.screen, screens.HelpScreen)
            await pilot.press("?")  # the same from the filter line, when it is empty
            assert isinstance(app.screen, screens.HelpScreen)

    run(go())


def test_undo_cancels_a_build_before_its_discard():
    state = cancellable_build()
    session = Session(_adapter("settlers"), state, ["human", "random"], 3)
    before = list(state.history["actions"])

    async def go():
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert "Ctrl-Z undo" in screen_text(app)
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert session.state.history["actions"] == before[:-1]
            assert session.state.decision["kind"] != "build_discard"
            assert "Taken back:" in log_text(app.query_one("#news", RichLog))
            await pilot.press("ctrl+z")  # the turn had passed before: nothing more
            await pilot.pause()
            assert session.state.history["actions"] == before[:-1]

    run(go())


def test_quit_asks_before_abandoning_unsaved_moves(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # short file names: each key typed redraws the screen
    session = start(args("discovery", 2, "human,random", seed=1))

    async def go():
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("1", "enter")
            await settle(app, pilot)
            for key in ("ctrl+c", "ctrl+d", "q"):
                await pilot.press(key)
                assert isinstance(app.screen, screens.ConfirmQuit), key
                await pilot.press("n")
                assert not isinstance(app.screen, screens.ConfirmQuit)
            await pilot.press("ctrl+c", "y")
        assert app.result == "Game abandoned."

    run(go())

    saved = start(args("discovery", 2, "human,random", seed=1))

    async def saved_then_quit():
        app = GameApp(saved, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("1", "enter")
            await settle(app, pilot)
            await pilot.press(*"save g.json", "enter")
            await pilot.pause()
            await pilot.press("ctrl+c")  # nothing to lose: leaves at once
        assert app.result.startswith("Saved to")

    run(saved_then_quit())


def test_save_from_the_app_keeps_every_seat_and_loads_them(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "g.json"
    session = start(args("settlers", 3, "human,random,heuristic", seed=2))

    async def go():
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("ctrl+s")
            assert isinstance(app.screen, screens.SavePrompt)
            await pilot.press("ctrl+u", *"g.json", "enter")
            await pilot.pause()

    run(go())
    data = json.loads(path.read_text())
    assert data["seats"] == ["human", "random", "heuristic"]
    loaded = start(args("settlers", None, None, load=str(path)))  # no --seats: the saved ones
    assert loaded.seats == ["human", "random", "heuristic"]
    assert loaded.state.history == session.state.history and not loaded.dirty()


def _adapter(name: str):
    from empires.core.adapter import get_adapter

    return get_adapter(name)


def test_players_taking_turns_at_one_screen_each_see_their_own_view():
    session = start(args("settlers", 2, "human", seed=3))  # two humans, one screen

    async def go():
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            for _ in range(4):
                me = session.to_act()
                assert session.screen_seat() == me and f"{seat_mark(me)} to play" in str(
                    app.query_one("#status").render()
                )
                own_view = session.game.screen_parts(session.state.observation(me))
                titles = [p.title for p in sorted(own_view, key=lambda p: not p.own)]
                assert [c.title for c in app.query(Collapsible)] == titles
                await pilot.press("1", "enter")
                await settle(app, pilot)

    run(go())


def test_a_panel_folds_and_typing_goes_back_to_the_choices():
    session = start(args("discovery", 2, "human,random", seed=2))

    async def go():
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            first = app.query(Collapsible).first()
            first.query_one("CollapsibleTitle").focus()
            await pilot.press("enter")
            assert first.collapsed and app.folded[first.name or ""]
            count = len(session.state.history["actions"])
            await pilot.press("1", "enter")  # the digit lands on the filter line
            await settle(app, pilot)
            assert len(session.state.history["actions"]) > count
            assert app.query(Collapsible).first().collapsed  # it stays folded

    run(go())


def test_who_is_to_play_shows_at_80_columns_with_six_seats():
    """Six seats of bots overflow the status line at 80 columns; the seat to play comes first,
    so it is the list of seats that is cut, never who is to play."""
    session = start(args("discovery", 6, "human,heuristic,heuristic,heuristic,heuristic,heuristic"))

    async def go():
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            first_row = screen_text(app).splitlines()[0]
            assert f"{seat_mark(session.to_act())} to play" in first_row, first_row
            assert seat_mark(5) not in first_row  # the seats' list is what does not fit

    run(go())
