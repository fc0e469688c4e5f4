"""``empires play --practice``: the ``hint`` command of the plain mode and F2 in the full-screen
app, hints from the player's own view, recorded in the save and shown by ``empires replay``."""

from __future__ import annotations

import asyncio
import builtins
import json
from argparse import Namespace

from textual.widgets import RichLog

from empires import cli
from empires.bots import analysis
from empires.cli.coach_text import NOT_PRACTICE, hint_lines
from empires.cli.tui import session as session_module
from empires.cli.tui.app import GameApp
from empires.cli.tui.session import start
from tests.cli.helpers import log_text, squeeze

PLAY = ["play", "discovery", "--players", "2", "--seats", "human,heuristic", "--seed", "4"]


def _answers(monkeypatch, replies: list[str]) -> None:
    it = iter(replies)

    def fake_input(prompt=""):
        reply = next(it, None)
        if reply is None:
            raise EOFError
        return reply

    monkeypatch.setattr(builtins, "input", fake_input)


def _small_budget(monkeypatch) -> None:
    monkeypatch.setattr(session_module, "HINT_ITERATIONS", 12)


def test_plain_hint_is_recorded_in_the_save_and_shown_by_replay(tmp_path, monkeypatch, capsys):
    _small_budget(monkeypatch)
    path = tmp_path / "practice.json"
    _answers(monkeypatch, ["hint", "hint", "1", "hint", f"save {path}", "quit"])
    assert cli.main([*PLAY, "--practice", "--plain"]) == 0
    out = squeeze(capsys.readouterr().out)
    assert out.count("Hint (12 search iterations, from what you can see):") == 3
    assert "[action " in out and "chance to win" in out
    saved = json.loads(path.read_text())
    assert saved["practice"] is True
    hints = saved["hints"]
    assert len(hints) == 2 and [h["seat"] for h in hints] == [0, 0]  # asked twice: once
    assert hints[0]["index"] < hints[1]["index"]
    first = hints[0]["hint"]
    assert first["player"] == 0 and first["iterations"] == 12 and 1 <= len(first["moves"]) <= 3
    # `empires replay --seat 1` shows the hints; a spectator only learns one was asked.
    assert cli.main(["replay", str(path), "--seat", "1"]) == 0
    seen = squeeze(capsys.readouterr().out)
    for line in hint_lines(first):
        assert squeeze(line) in seen
    assert cli.main(["replay", str(path)]) == 0
    spectator = squeeze(capsys.readouterr().out)
    assert "P1 asked for a hint here (replay --seat 1 to see it)." in spectator
    assert first["moves"][0]["description"] + ":" not in spectator
    # Loading the save keeps it a practice game, with its hints.
    loaded = start(_args(load=str(path), practice=False))
    assert loaded.practice and loaded.hints == hints


def _args(**kw) -> Namespace:
    base = {
        "load": None,
        "game": "discovery",
        "players": 2,
        "seats": "human,heuristic",
        "seed": 4,
        "plain": True,
        "practice": True,
    }
    return Namespace(**{**base, **kw})


def test_no_hint_outside_a_practice_game(tmp_path, monkeypatch, capsys):
    path = tmp_path / "game.json"
    _answers(monkeypatch, ["hint", f"save {path}", "quit"])
    assert cli.main([*PLAY, "--plain"]) == 0
    assert NOT_PRACTICE in squeeze(capsys.readouterr().out)
    saved = json.loads(path.read_text())
    assert "hints" not in saved and "practice" not in saved


def test_a_session_hint_is_the_coach_hint_of_the_seat_to_act_and_undo_drops_later_ones():
    session = start(_args())
    session.hint_iterations = 10
    _to_human(session)
    given = session.hint()
    first = session.actions_count()
    assert given == analysis.hint(session.state, iterations=10, seed=first * 8).to_json()
    assert session.hint() is given  # recorded: asked again, the same
    session.apply(session.choices()[0][0])
    _to_human(session)
    index = session.actions_count()
    session.hint()
    assert [h["index"] for h in session.hints] == [first, index]
    if session.undoable():
        session.undo()
        assert all(h["index"] <= session.actions_count() for h in session.hints)


def _to_human(session) -> None:
    while not session.human_to_act():
        session.apply(session.bot_action())


def test_f2_in_the_app_writes_the_hint_to_the_news_panel(monkeypatch):
    session = start(_args(plain=False))
    session.hint_iterations = 8

    async def go():
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            await pilot.press("f2")
            await app.workers.wait_for_complete()
            await pilot.pause()
            news = log_text(app.query_one("#news", RichLog))
            assert "Hint (8 search iterations, from what you can see):" in news
            assert [h["index"] for h in session.hints] == [session.actions_count()]
            first = session.hints[0]["hint"]["moves"][0]["description"]
            assert squeeze(first) in news

    asyncio.run(go())


def test_f2_outside_practice_only_says_so():
    session = start(_args(plain=False, practice=False))
    notes: list[str] = []

    async def go():
        app = GameApp(session, bot_delay=0)
        app.notify = lambda message, **kw: notes.append(message)  # type: ignore[method-assign]
        async with app.run_test(size=(100, 30)) as pilot:
            await app.workers.wait_for_complete()
            await pilot.press("f2")
            await pilot.pause()
        assert NOT_PRACTICE in notes and session.hints == []

    asyncio.run(go())


def test_plain_hint_in_spanish(monkeypatch, capsys):
    """--lang es: the hint's title, moves, chances and reason in Spanish."""
    _small_budget(monkeypatch)
    _answers(monkeypatch, ["hint", "quit", "y"])
    assert cli.main([*PLAY, "--practice", "--plain", "--lang", "es"]) == 0
    out = squeeze(capsys.readouterr().out)
    assert "Hint (" not in out and "chance to win" not in out and "The search" not in out
    assert "Pista (12 iteraciones de búsqueda, a partir de lo que puedes ver):" in out
    assert "de probabilidad de ganar" in out and "[acción " in out


def test_hint_lines_in_each_language():
    hint = {
        "player": 0,
        "iterations": 9,
        "moves": [{"action": "a", "description": "Pass", "value": 0.5, "visits": 5}],
        "reason": "It is the only legal move.",
        "reason_parts": [{"text": analysis.ONLY_LEGAL, "vars": {}}],
    }
    assert hint_lines(hint, [("a", "Pass")]) == [
        "Hint (9 search iterations, from what you can see):",
        "  1. Pass [action 1]: 50% chance to win",
        "  It is the only legal move.",
    ]
    for lang in ("es", "it", "pt"):
        lines = hint_lines(hint, [("a", "Pass")], lang)
        assert len(lines) == 3 and "9" in lines[0] and "1" in lines[1] and "50" in lines[1]
        assert all(a != b for a, b in zip(lines, hint_lines(hint, [("a", "Pass")]), strict=True)), (
            lang
        )
