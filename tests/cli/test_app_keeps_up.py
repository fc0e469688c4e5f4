"""The full-screen app keeps up with the player (issue #30): keys typed ahead are played in
order (during a bot's move too), the board's panels are never blank between turns, the story
wraps again to a narrower terminal, and saving over a file asks first."""

from __future__ import annotations

import asyncio
import json
import re
import time

from textual import events
from textual.widgets import Static

from empires.cli.tui import screens
from empires.cli.tui.app import GameApp
from empires.cli.tui.session import Session, start
from empires.cli.tui.widgets import StoryLog
from tests.cli.helpers import args, log_text, screen_text, squeeze

SIZE = (80, 24)


async def settle(app, pilot) -> None:
    await app.workers.wait_for_complete()
    await pilot.pause()


def burst(app, *keys: str) -> None:
    """Keys as a fast typist's terminal sends them: all at once, none waiting for the app
    (the pilot's ``press`` waits for the app to be idle after each key)."""
    for key in keys:
        char = {"enter": "\r", "up": None, "down": None}.get(key, key)
        app._driver.send_message(events.Key(key, char))


def record_choices(session: Session) -> list[int]:
    """The number (from 1) of each choice a human plays from now on."""
    played: list[int] = []
    apply = session.apply

    def recorded(action) -> None:
        if session.human_to_act():
            played.append([a for a, _ in session.choices()].index(action) + 1)
        apply(action)

    session.apply = recorded  # type: ignore[method-assign]
    return played


def test_a_number_and_enter_typed_twice_fast_play_both_choices_in_order():
    session = start(args("discovery", 2, "human,random", seed=3))

    async def go():
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            played = record_choices(session)
            burst(app, "3", "enter", "1", "enter")
            for _ in range(50):
                await settle(app, pilot)
                if len(played) == 2 and not app.busy:
                    break
            assert played == [3, 1]
            assert "not a choice" not in screen_text(app)

    asyncio.run(go())


def test_keys_typed_while_a_bot_moves_are_played_at_the_next_decision():
    session = start(args("discovery", 2, "human,random", seed=3))
    choose = session.bot_action

    def slowly():
        time.sleep(0.3)  # a bot that thinks
        return choose()

    session.bot_action = slowly  # type: ignore[method-assign]

    async def go():
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            played = record_choices(session)
            await pilot.press("1", "enter")
            assert app.busy and not session.human_to_act()  # the bot's move is on screen
            burst(app, "down", "down", "enter")  # the arrows wait too: the third choice
            await pilot.pause()
            burst(app, "2", "enter")
            await settle(app, pilot)
            for _ in range(50):
                await settle(app, pilot)
                if len(played) == 3 and not app.busy:
                    break
            assert played == [1, 3, 2]

    asyncio.run(go())


def _panel_bodies_painted(app) -> list[str]:
    """The board panels' bodies as the screen paints them now (what the compositor shows)."""
    parts = app.query_one("#parts")
    shown = app.screen._compositor.visible_widgets
    return [
        str(w.render()).strip()
        for w, (region, _) in shown.items()
        if isinstance(w, Static) and parts in w.ancestors and region.height > 0
    ]


def test_the_board_panels_are_never_blank_between_turns():
    """Every frame painted during a game against a bot shows the board's panels with their
    words (no frame between two turns with the panels removed and not yet drawn again)."""
    session = start(args("settlers", 2, "human,random", seed=5))
    frames: list[list[str]] = []

    async def go():
        app = GameApp(session, bot_delay=0)
        display = app._display

        def sample(screen, renderable) -> None:
            if screen is app.screen and len(app.screen_stack) == 1:
                frames.append(_panel_bodies_painted(app))
            display(screen, renderable)

        app._display = sample  # type: ignore[method-assign]
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            for _ in range(40):
                if session.over():
                    break
                await pilot.press("1", "enter")
                await settle(app, pilot)
                frames.append(_panel_bodies_painted(app))  # at each decision

    asyncio.run(go())
    assert len(frames) > 40
    first = next(i for i, bodies in enumerate(frames) if any(bodies))  # the app drawn once
    assert first < 10
    blank = [i for i, bodies in enumerate(frames[first:]) if not any(bodies)]
    assert not blank, f"{len(blank)} of {len(frames)} frames without the board"


def test_the_story_wraps_again_to_a_narrower_terminal():
    session = start(args("discovery", 2, "human,heuristic", seed=4))

    async def go():
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("1", "enter")
            await settle(app, pilot)
            news = app.query_one("#news", StoryLog)
            told = log_text(news)
            assert told
            for width in (60, 50, 80):
                await pilot.resize_terminal(width, 24)
                await settle(app, pilot)
                room = news.scrollable_content_region.width
                assert all(strip.cell_length <= room for strip in news.lines), width
                assert all(len(line.rstrip()) <= room for line in news.text().splitlines())
                assert log_text(news) == told  # every word still there, wrapped again
                assert news.scroll_y == news.max_scroll_y  # its end still in view
            last = session.state.events(0)[-1]["text"]
            assert squeeze(last) in log_text(news)

    asyncio.run(go())


def test_saving_over_a_file_asks_first(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "g.json"
    path.write_text("keep me", encoding="utf-8")
    session = start(args("discovery", 2, "human,random", seed=1))

    async def go():
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("1", "enter")
            await settle(app, pilot)
            await pilot.press("ctrl+s", "ctrl+u", *"g.json", "enter")
            await pilot.pause()
            assert isinstance(app.screen, screens.ConfirmOverwrite)
            assert "g.json already exists" in squeeze(screen_text(app))
            await pilot.press("n")
            await pilot.pause()
            assert not isinstance(app.screen, screens.ConfirmOverwrite)
            assert path.read_text(encoding="utf-8") == "keep me" and session.dirty()
            await pilot.press(*"save g.json", "enter")  # the command asks too
            await pilot.pause()
            assert isinstance(app.screen, screens.ConfirmOverwrite)
            await pilot.press("y")
            await pilot.pause()
            assert not session.dirty()

    asyncio.run(go())
    assert json.loads(path.read_text(encoding="utf-8"))["seats"] == ["human", "random"]


ENGLISH = (
    "Quit", "Help", "Undo", "Save", "Log", "Hint", "palette", "to play", "choices", "type to",
    "Search for", "Theme", "Keys", "Screenshot", "Maximize", "already exists", "Replace it",
    "Keep it", "Esc: back", "Enter: save", "Save the game", "thinking", "is playing", "Player",
    "Turn ", "Place a", "Your ", "Close",
)  # fmt: skip


def _english_left(text: str) -> list[str]:
    return [word for word in ENGLISH if re.search(rf"\b{re.escape(word)}", text)]


def test_the_screens_and_dialogs_say_nothing_in_english_in_spanish(tmp_path, monkeypatch):
    """The status line, the panels, the story, the decision, the key bar, the command
    palette, the save prompt, the question before replacing a file and the log: Spanish."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "g.json").write_text("{}", encoding="utf-8")
    chosen = args("discovery", 2, "human,heuristic", seed=2)
    chosen.lang = "es"
    session = start(chosen)

    async def go():
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("1", "enter")
            await settle(app, pilot)
            seen = {"board": screen_text(app)}
            await pilot.press("ctrl+p")
            await pilot.pause(0.3)
            seen["palette"] = screen_text(app)
            await pilot.press("escape", "ctrl+s", "ctrl+u", *"g.json")
            seen["save"] = screen_text(app)
            await pilot.press("enter")
            await pilot.pause()
            seen["replace"] = screen_text(app)
            await pilot.press("n", "ctrl+l")
            await pilot.pause()
            seen["log"] = screen_text(app)
        return seen

    seen = asyncio.run(go())
    assert "Buscar comandos" in seen["palette"] and "Tema" in seen["palette"]
    assert "g.json ya existe" in seen["replace"]
    for name, text in seen.items():
        assert not _english_left(text), (name, _english_left(text), text)
