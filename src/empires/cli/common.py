"""What every ``empires`` command shares: user errors, reaching a game through its adapter,
seats and bots, reading saved games, and the per-game subcommand parsers."""

from __future__ import annotations

import argparse
import json
import re
import shlex
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from empires.bots import bot_names, make_bot
from empires.core.adapter import GameAdapter, game_names, get_adapter
from empires.core.errors import SaveFileError
from empires.sim.local import expand_seats

HUMAN = "human"
HISTORY_KEYS = frozenset({"game", "config", "seed", "actions"})
# Errors that mean "this file is not a readable save" (engines should raise SaveFileError, but a
# corrupt file must never end in a traceback).
LOAD_ERRORS = (SaveFileError, ValueError, KeyError, TypeError, IndexError, AttributeError)


class CliError(Exception):
    """A user error: printed as one line, exit code ``code``."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors: ``PROG: error: MESSAGE (see 'PROG --help')`` on stderr and
    exit code 2, as :class:`CliError` (the usage block argparse prints first is left out: the
    line says where the help is). Subcommand parsers inherit it."""

    def error(self, message: str) -> NoReturn:
        text = " ".join(message.split())
        self.exit(2, f"{self.prog}: error: {text} (see '{self.prog} --help')\n")


EXAMPLES = "Examples:"
# Every --help ends with an "Examples:" epilog, its command lines kept as written.
HELP_FORMAT = argparse.RawDescriptionHelpFormatter


def examples(*commands: str) -> str:
    """An epilog of example command lines, one per line, each with an optional ``# note``."""
    return EXAMPLES + "\n" + "\n".join(f"  {c}" for c in commands)


def example_commands(epilog: str | None) -> list[list[str]]:
    """The command lines of an :func:`examples` epilog, each split as a shell would, without
    ``empires`` and the note (what the parser is given)."""
    if not epilog or EXAMPLES not in epilog:
        return []
    out = []
    for line in epilog.split(EXAMPLES, 1)[1].splitlines():
        if not line.startswith("  "):  # the examples are indented; a note after them is not
            continue
        words = shlex.split(line, comments=True)
        if words:
            out.append(words[1:] if words[0] == "empires" else words)
    return out


def subcommand(
    sub, name: str, help: str, commands: Sequence[str], **kwargs
) -> argparse.ArgumentParser:
    """A subcommand ``name`` with its one-line ``help`` (``empires --help``), the same line as
    its description and the example ``commands`` at the end of its ``--help``."""
    return sub.add_parser(
        name,
        help=help,
        description=help[:1].upper() + help[1:] + ".",
        epilog=examples(*commands),
        formatter_class=HELP_FORMAT,
        **kwargs,
    )


def language(text: str) -> str:
    """``--lang``: a language the catalogues offer (``es``, ``pt_BR``, ``it-IT``... give their
    base language); any other is an error naming the choices."""
    from empires import i18n

    base = re.split(r"[-_.@]", text.strip().lower(), maxsplit=1)[0]
    if base not in i18n.LANGUAGES:
        choices = ", ".join(f"{code} ({name})" for code, name in i18n.LANGUAGES.items())
        raise argparse.ArgumentTypeError(f"unknown language {text!r}; choose from: {choices}")
    return base


def adapter(name: str) -> GameAdapter:
    """The adapter of game ``name`` (CliError naming the known games otherwise)."""
    try:
        return get_adapter(name)
    except ValueError as exc:
        raise CliError(str(exc)) from None


def add_game_parsers(
    parser: argparse.ArgumentParser,
    add_flags: Callable[[argparse.ArgumentParser], None],
    func: Callable,
    game_examples: Callable[[GameAdapter], Sequence[str]],
) -> None:
    """One subcommand per game under ``parser`` (``empires play discovery ...``), each with the
    command's own flags (``add_flags``), that game's rules-option flags (recorded in saved
    games and replays) and its examples (``game_examples(game)``, command lines)."""
    games = parser.add_subparsers(dest="game", required=True, metavar="GAME")
    for name in game_names():
        game = adapter(name)
        sub = games.add_parser(
            name,
            help=game.title,
            description=f"{(parser.description or '').rstrip('.')}: {game.title}.".lstrip(": "),
            epilog=examples(*game_examples(game)),
            formatter_class=HELP_FORMAT,
        )
        add_flags(sub)
        add_bot_file_flag(sub)
        before = set(sub._option_string_actions)
        game.add_option_flags(sub)
        OPTION_FLAGS[name] = set(sub._option_string_actions) - before
        sub.set_defaults(func=with_bot_files(func))


def add_bot_file_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--bot-file",
        action="append",
        default=[],
        metavar="[NAME=]FILE.py:Class",
        help=(
            "use the bot class Class of your file FILE.py (MyBot(seed), bot.choose(state) -> "
            "action) under the name NAME (default: the class name in lower case); repeatable"
        ),
    )


def with_bot_files(func: Callable) -> Callable:
    """``func`` after registering the ``--bot-file`` bots (CliError naming what is wrong)."""

    def run(args: argparse.Namespace, console) -> int:
        register_bot_files(args)
        return func(args, console)

    return run


def register_bot_files(args: argparse.Namespace) -> list[str]:
    from empires.bots import user_file

    files = getattr(args, "bot_file", None) or []
    if files and (getattr(args, "backend", None) == "ray" or getattr(args, "address", None)):
        raise CliError("--bot-file bots run on the process backend, not on Ray")
    builtin = set(bot_names()) - set(user_file.file_bot_names()) | {HUMAN}
    try:
        return [user_file.register_bot_file(text, builtin) for text in files]
    except user_file.BotFileError as exc:
        raise CliError(str(exc)) from None


# game -> its rules-option flags (filled as the parsers are built), so that another game's flag
# is refused as "GAME has no option --flag"
OPTION_FLAGS: dict[str, set[str]] = {}


def check_extra_arguments(args: argparse.Namespace, extra: list[str]) -> list[str]:
    """CliError for rules-option flags of another game than ``args.game``; returns the rest."""
    game: str | None = getattr(args, "game", None)
    others = set().union(*OPTION_FLAGS.values()) - OPTION_FLAGS.get(game or "", set())
    wrong = [x.partition("=")[0] for x in extra if x.partition("=")[0] in others]
    if game is not None and wrong:
        raise CliError(f"{game} has no option {', '.join(dict.fromkeys(wrong))}")
    return extra


def options(game: GameAdapter, args: argparse.Namespace) -> Any:
    """The game's Options from the command line (the defaults when no flag is given)."""
    try:
        return game.options_from_flags(args)
    except (TypeError, ValueError) as exc:
        raise CliError(str(exc)) from None


def new_game(game: GameAdapter, players: int, seed: int, opts: Any):
    try:
        return game.new_game(players, seed=seed, options=opts)
    except ValueError as exc:
        raise CliError(str(exc)) from None


def check_players(game: GameAdapter, players: int) -> None:
    lo, hi = game.min_players, game.max_players
    if not lo <= players <= hi:
        raise CliError(f"{game.name} takes {lo} to {hi} players, not {players}")


def check_bot(spec: str, game: str) -> None:
    """Fail now, with a clear message, if bot ``spec`` is unknown or unavailable for ``game``
    (bad ``ismcts:...`` specs included)."""
    try:
        make_bot(spec, game, 0)
    except ValueError as exc:
        raise CliError(str(exc)) from None


def seat_specs(text: str, players: int, game: str, allow_human: bool) -> list[str]:
    """One spec per seat; a bots-only list (``allow_human`` false) shorter than the seats is
    cycled."""
    try:
        specs = expand_seats(text, players, cycle=not allow_human)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    known = set(bot_names()) | ({HUMAN} if allow_human else set())
    for spec in specs:
        if spec not in known and spec.partition(":")[0] not in known - {HUMAN}:
            raise CliError(f"unknown seat {spec!r}; choose from: {', '.join(sorted(known))}")
    for spec in set(specs) - {HUMAN}:
        check_bot(spec, game)
    return specs


def read_json(path: str) -> dict:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise CliError(f"cannot read {path}: not a text file") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(
            f"cannot read {path}: not valid JSON ({exc.msg} at line {exc.lineno})"
        ) from None
    except RecursionError:
        raise CliError(f"cannot read {path}: JSON nested too deeply to be a saved game") from None
    except ValueError as exc:  # e.g. a number of more than 4300 digits
        raise CliError(f"cannot read {path}: not a readable JSON file ({exc})") from None
    if not isinstance(data, dict):
        raise CliError(f"cannot read {path}: expected a JSON object, got {type(data).__name__}")
    return data


def is_history(data: dict) -> bool:
    """A bare ``state.history`` (as opposed to ``state.to_json()`` output, which may hold more)."""
    keys = set(data)
    return {"config", "seed", "actions"} <= keys <= HISTORY_KEYS | {"format", "version"}


def load_saved(path: str, game: str | None = None):
    """``(adapter, state)`` from a file holding ``state.to_json()`` or a ``state.history``."""
    data = read_json(path)
    name = data.get("game", game)
    if name is None:
        raise CliError(f"cannot read {path}: the file does not say which game it is")
    if not isinstance(name, str) or name not in game_names():
        raise CliError(f"cannot read {path}: unknown game {name!r}")
    if game is not None and name != game:
        raise CliError(f"{path} is a {name} game, not {game}")
    found = adapter(name)
    try:
        state = found.replay(data) if is_history(data) else found.from_json(data)
    except LOAD_ERRORS as exc:
        raise CliError(f"cannot load {path}: {one_line(exc)}") from None
    return found, state


def one_line(exc: BaseException) -> str:
    text = str(exc).strip().replace("\n", " ") or type(exc).__name__
    if isinstance(exc, KeyError | TypeError | IndexError | AttributeError):
        text = f"corrupt or incomplete data ({type(exc).__name__}: {text})"
    return text


def history_seed(state) -> int:
    try:
        seed = state.history.get("seed", 0)
    except Exception:
        return 0
    return seed if isinstance(seed, int) else 0


# Machine-readable output (JSON reports, exports) numbers seats from 0, as the engines do, and
# says so with this key; what people read counts them from 1 ("Player 1", "P1").
SEATS_KEY = "seats_numbered_from"
SEATS_FROM_0_HELP = f'its seats are numbered from 0 (the "{SEATS_KEY}": 0 key)'


def labels(seats: Sequence[str], human_seat: int | None = None) -> list[str]:
    out = []
    for i, spec in enumerate(seats):
        who = "you" if i == human_seat else spec
        out.append(f"P{i + 1} ({who})")  # seats are counted from 1, as the event texts do
    return out


def describe(state, action) -> str:
    try:
        return state.describe(action)
    except Exception:  # a description must never stop the game
        return str(action)
