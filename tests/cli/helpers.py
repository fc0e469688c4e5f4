"""Shared by the terminal UI tests: sessions, a game stopped where an action can be taken back,
and what a Textual app shows."""

from __future__ import annotations

import html
import re
from argparse import Namespace

from empires.bots import make_bot
from empires.core.adapter import get_adapter


def args(game: str, players: int, seats: str, seed: int = 3, load: str | None = None):
    """The parsed ``empires play`` arguments these tests need."""
    return Namespace(load=load, game=game, players=players, seats=seats, seed=seed, plain=False)


def cancellable_build():
    """A 2-player Imperial Settlers game where Player 1 (seat 0) is to choose the Location to
    discard for the card they are building: the build can still be cancelled."""
    state = get_adapter("settlers").new_game(2, seed=3)
    bot = make_bot("random", "settlers", 3)
    while not (state.current_player == 0 and state.decision["kind"] == "build_discard"):
        state.apply(bot.choose(state))
    assert state.undoable() == 1
    return state


def screen_text(app) -> str:
    """The text on the app's screen, one line per row (from its SVG screenshot)."""
    svg = app.export_screenshot()
    rows: dict[float, list[str]] = {}
    for y, content in re.findall(r'<text[^>]*\by="([\d.]+)"[^>]*>(.*?)</text>', svg, re.S):
        rows.setdefault(float(y), []).append(html.unescape(content).replace("\xa0", " "))
    return "\n".join("".join(parts) for _, parts in sorted(rows.items()))


def squeeze(text: str) -> str:
    """``text`` with every run of whitespace one space (wrapped lines join again)."""
    return " ".join(text.split())


def log_text(log) -> str:
    """What a RichLog holds, whitespace squeezed."""
    return squeeze(" ".join(strip.text for strip in log.lines))
