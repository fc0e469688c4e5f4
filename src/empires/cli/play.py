"""``empires play GAME``: a game in the terminal, humans and bots at the table."""

from __future__ import annotations

import argparse
import sys

from rich.console import Console

from empires.bots import bot_names
from empires.cli import common
from empires.cli.tui import plain
from empires.cli.tui.session import start


def add_parser(sub) -> None:
    play = sub.add_parser("play", help="play a game in the terminal")
    common.add_game_parsers(play, _add_flags, cmd_play)


def _add_flags(play: argparse.ArgumentParser) -> None:
    play.add_argument("--players", type=int, help="number of players (default: from --seats, or 4)")
    play.add_argument(
        "--seats",
        help=(
            "comma-separated seat list, one per player: human or a bot "
            f"({', '.join(bot_names())}); one name fills every seat "
            "(default: human then heuristic bots)"
        ),
    )
    play.add_argument("--seed", type=int, help="game seed (default: a random one, printed)")
    play.add_argument(
        "--load",
        metavar="FILE",
        help="continue a game saved with `save FILE` (with its seats, unless --seats is given)",
    )
    play.add_argument(
        "--practice",
        action="store_true",
        help="a practice game: ask for a hint (the bot's best moves from what you can see) with "
        "`hint` (F2 in the full screen); hints are saved with the game and shown by replay --seat",
    )
    play.add_argument(
        "--lang",
        metavar="LANG",
        help="the language of the game's words: en, es, it or pt (default: the locale's, from "
        "LANGUAGE, LC_ALL, LC_MESSAGES or LANG)",
    )
    play.add_argument(
        "--plain",
        action="store_true",
        help="the plain line mode (no full screen; automatic when stdout is not a terminal)",
    )


def cmd_play(args, console: Console) -> int:
    """The full-screen app on a terminal; the plain line mode with ``--plain`` or when stdin or
    stdout is not a terminal (a pipe, a file, a test)."""
    session = start(args)
    if args.plain or not console.is_terminal or not _stdin_is_terminal():
        return plain.run(session, console)
    from empires.cli.tui.app import run_app  # Textual is imported only for the full screen

    return run_app(session, console)


def _stdin_is_terminal() -> bool:
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (AttributeError, ValueError):  # a closed or replaced stdin
        return False
