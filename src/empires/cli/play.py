"""``empires play GAME``: a game in the terminal, humans and bots at the table."""

from __future__ import annotations

import argparse
import sys

from rich.console import Console

from empires import i18n
from empires.bots import bot_names
from empires.cli import common
from empires.cli.tui import plain
from empires.cli.tui.session import start


def add_parser(sub) -> None:
    play = common.subcommand(
        sub,
        "play",
        "play a game in the terminal",
        [
            "empires play discovery   # you against three heuristic bots",
            "empires play settlers --players 2 --seats human,heuristic --seed 7",
            "empires play discovery --practice --lang es   # hints on request, in Spanish",
        ],
    )
    common.add_game_parsers(play, _add_flags, cmd_play, game_examples)


def game_examples(game) -> list[str]:
    """``empires play GAME --help``'s examples (any game: from its player counts)."""
    n = max(game.min_players, 2)
    seats = ",".join(["human", "ismcts:1s", *["random"] * (n - 2)])
    return [
        f"empires play {game.name}   # you against heuristic bots",
        f"empires play {game.name} --players {n} --seats {seats} --seed 7",
        f"empires play {game.name} --practice --lang pt   # hints on request, in Portuguese",
        f"empires play {game.name} --load mygame.json   # a game saved with `save mygame.json`",
    ]


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
        type=common.language,
        help=f"the language of the game's words: {', '.join(i18n.LANGUAGES)} (default: the "
        "locale's, from LANGUAGE, LC_ALL, LC_MESSAGES or LANG)",
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
