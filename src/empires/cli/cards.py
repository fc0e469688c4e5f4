"""``empires cards``: card files for owners of a game (Imperial Settlers).

    empires cards template --game settlers -o mine.json   # every unverified card, to fill in
    empires cards validate mine.json                      # schema, engine, random games

``validate`` prints what is wrong card by card (``card: field: message``) and exits with 1, or a
summary and 0; a file that cannot be read as JSON is one line and exit 2. The game is reached
through its adapter (``card_template``, ``validate_card_file``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rich.console import Console

from empires.cli import common
from empires.cli.common import CliError

DEFAULT_GAME = "settlers"  # the game with card files


def add_parser(sub) -> None:
    cards = common.subcommand(
        sub,
        "cards",
        "card files: a template to fill in, and its check",
        [
            "empires cards template -o mine.json   # every unverified card, to fill in",
            "empires cards validate mine.json   # schema, engine, random games",
            "empires play settlers --cards mine.json   # play with it",
        ],
    )
    verbs = cards.add_subparsers(dest="verb", required=True, metavar="VERB")
    tpl = common.subcommand(
        verbs,
        "template",
        "write every card whose ability is unknown, with an empty ability",
        [
            "empires cards template -o mine.json",
            "empires cards template --game settlers   # to standard output",
        ],
    )
    tpl.add_argument("--game", default=DEFAULT_GAME, metavar="GAME", help="default: settlers")
    tpl.add_argument("-o", "--output", metavar="FILE", help="write here (default: standard out)")
    tpl.set_defaults(func=cmd_template)
    val = common.subcommand(
        verbs,
        "validate",
        "check a card file: schema, engine, seeded random games with it",
        [
            "empires cards validate mine.json",
            "empires cards validate mine.json --games 200   # more random games",
            "empires cards validate mine.json --games 0   # schema and engine only",
        ],
    )
    val.add_argument("file", metavar="FILE")
    val.add_argument("--game", default=DEFAULT_GAME, metavar="GAME", help="default: settlers")
    val.add_argument(
        "--games",
        type=int,
        default=20,
        metavar="N",
        help="random games played with the file (default 20; 0: none)",
    )
    val.set_defaults(func=cmd_validate)


def problem_line(path: str, problem: dict) -> str:
    """``FILE: CARD FIELD: message`` for one problem (``file`` for the file as a whole); the
    place the message may begin with itself ("the card file:", "card 'x':", a bare ":") is left
    out, as it is said already."""
    card, field = problem.get("card"), problem.get("field")
    where = " ".join(str(x) for x in (card or "file", field) if x)
    message = str(problem.get("message") or "").strip()
    for said in ("the card file", f"card {card!r}" if card else None):
        if said and message.startswith(said):
            message = message[len(said) :]
    message = message.lstrip(": ").strip() or "invalid"
    return f"{path}: {where}: {message}"


def cmd_template(args: argparse.Namespace, console: Console) -> int:
    game = common.adapter(args.game)
    try:
        template = game.card_template()
    except ValueError as exc:
        raise CliError(str(exc)) from None
    text = json.dumps(template, indent=1, ensure_ascii=False) + "\n"
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot write {args.output}: {exc.strerror or exc}") from None
    n = len(template.get("cards", [])) + len(template.get("attack_cards", []))
    print(f"wrote {n} cards to fill in to {args.output}")
    return 0


def cmd_validate(args: argparse.Namespace, console: Console) -> int:
    game = common.adapter(args.game)
    if args.games < 0:
        raise CliError("--games takes a number of games, 0 or more")
    data = common.read_json(args.file)
    try:
        problems, summary = game.validate_card_file(data, args.games)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    for p in problems:
        print(problem_line(args.file, p))
    if problems:
        cards = {p["card"] for p in problems if p["card"]}
        print(f"{len(problems)} problem(s), {len(cards)} card(s) to look at", file=sys.stderr)
        return 1
    print(
        f"{args.file}: fine: {summary.get('house', 0)} house card(s), "
        f"{summary.get('unverified', 0)} still unverified; {summary.get('games', 0)} random "
        f"games played, {summary.get('built', 0)} house card(s) built in them"
    )
    return 0
