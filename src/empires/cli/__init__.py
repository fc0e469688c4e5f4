"""The ``empires`` command: play in the terminal, simulate bot games, replay and analyse saved
games.

    empires play discovery --players 4 --seats human,heuristic,heuristic,random --seed 7
    empires simulate discovery --players 4 --bots heuristic,random,random,random --games 1000
    empires replay game.save.json --step
    empires analyse game.save.json --plot analysis.png

One module per subcommand (:mod:`~empires.cli.play`, :mod:`~empires.cli.simulate`,
:mod:`~empires.cli.tournament`, :mod:`~empires.cli.replay`, :mod:`~empires.cli.analyse`,
:mod:`~empires.cli.serve`, :mod:`~empires.cli.bot_worker`, :mod:`~empires.cli.cards`), each adding its parser; each game is a subcommand of the commands
that take one, with the rules-option flags its adapter adds (:mod:`empires.core.adapter`).
Every ``--help`` ends with working examples (:func:`~empires.cli.common.subcommand`; a test
parses each one). Every mistake is one line on stderr and exit code 2: argparse's own
(:class:`~empires.cli.common.Parser`) and the commands' :class:`CliError`, caught here. People
read seats counted from 1; JSON reports count from 0 and say so (``"seats_numbered_from": 0``).
Nothing here imports a game package: games are reached through their adapters, and the board is
drawn generically from the JSON-ready ``state.observation(seat)`` of the human seat
(``observation(None)`` when only bots play), so hidden information never reaches the screen.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rich.console import Console

from empires.cli import (
    analyse,
    bot_worker,
    cards,
    play,
    replay,
    serve,
    simulate,
    tournament,
    train,
)
from empires.cli.common import (
    HELP_FORMAT,
    CliError,
    Parser,
    check_extra_arguments,
    examples,
    load_saved,
)
from empires.version import version_text

__all__ = ["CliError", "build_parser", "load_saved", "main"]


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="empires",
        description="Play, simulate and replay Empires games.",
        epilog=examples(
            "empires play discovery   # a game in the terminal, you against three bots",
            "empires simulate settlers --players 2 --bots heuristic,random --games 500",
            "empires tournament discovery --bots ismcts:1s,heuristic,random --games 120",
            "empires replay mygame.json --seat 1",
            "empires serve   # the web app on http://127.0.0.1:8000/",
        )
        + "\n\n'empires COMMAND --help' tells more, and 'empires COMMAND GAME --help' for the "
        "commands that take a game.",
        formatter_class=HELP_FORMAT,
    )
    parser.add_argument(
        "--version", action="version", version=version_text(), help="print the version and exit"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", title="commands")
    for command in (play, simulate, tournament, replay, analyse, serve, bot_worker, cards, train):
        command.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    console = Console(highlight=False)
    try:
        if check_extra_arguments(args, extra):
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        return args.func(args, console)
    except CliError as exc:
        print(f"empires: error: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 1
