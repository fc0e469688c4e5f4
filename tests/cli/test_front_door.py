"""The command line as a front door (#33): every ``--help`` names its subcommands and ends with
examples that work, people read seats counted from 1 (machine-readable output says it counts
from 0), and every mistake is one line on stderr and exit code 2, never a traceback."""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys

import pytest

from empires import cli, i18n
from empires.cli import common
from empires.cli.cards import problem_line
from empires.cli.serve import DATABASES, db_url_problem
from empires.core.adapter import game_names, get_adapter

# ---- help and its examples --------------------------------------------------------------------


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _one_line_helps(parser: argparse.ArgumentParser) -> dict[str, str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return {a.dest: a.help or "" for a in action._choices_actions}
    return {}


def _walk(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    """Every parser of the command line: ``(path, parser)``, ``()`` being ``empires`` itself."""
    yield path, parser
    for name, sub in _subparsers(parser).items():
        yield from _walk(sub, (*path, name))


PARSERS = list(_walk(cli.build_parser()))
PATHS = [path for path, _ in PARSERS]


def test_every_command_and_game_is_walked():
    commands = {p[0] for p in PATHS if p}
    assert {
        "play",
        "simulate",
        "tournament",
        "replay",
        "analyse",
        "serve",
        "bot-worker",
    } <= commands
    assert {"cards"} <= commands and ("cards", "validate") in PATHS
    for command in ("play", "simulate", "tournament"):
        for game in game_names():
            assert (command, game) in PATHS


def test_top_level_help_names_every_command_with_one_line(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    helps = _one_line_helps(cli.build_parser())
    assert set(helps) == {p[0] for p in PATHS if len(p) == 1}
    for name, text in helps.items():
        assert text and "\n" not in text, name
        assert name in out and " ".join(text.split()[:3]) in " ".join(out.split()), name
    assert "Examples:" in out and out.index("Examples:") > out.index("commands:")


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(("empires", *p)))
def test_every_help_ends_with_examples(path, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main([*path, "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert "Examples:" in out, path
    assert out.index("Examples:") > out.index("options:"), "the examples come after the options"
    parser = dict(PARSERS)[path]
    commands = common.example_commands(parser.epilog)
    assert 2 <= len(commands) <= 5, (path, commands)
    # A command's examples are of that command (a game's: of that game).
    for words in commands:
        if path and path[0] != "cards":
            assert tuple(words[: len(path)]) == path, (path, words)


def _parse(words: list[str]) -> argparse.Namespace:
    """``words`` as ``empires`` parses them, nothing run; AssertionError when they do not parse,
    or name a bot, a player count, a rules option or a database the command would refuse."""
    parser = cli.build_parser()
    try:
        args, extra = parser.parse_known_args(words)
    except SystemExit as stop:
        raise AssertionError(f"empires {' '.join(words)} does not parse") from stop
    try:
        common.check_extra_arguments(args, extra)
        assert not extra, f"unrecognized arguments: {extra}"
        game = getattr(args, "game", None)
        if game is not None:
            common.adapter(game)
        if args.command in ("play", "simulate", "tournament"):
            adapter = get_adapter(game)
            common.options(adapter, args)
            players = args.players or 4
            common.check_players(adapter, players)
            if args.command == "play" and args.seats:
                common.seat_specs(args.seats, players, game, allow_human=True)
            elif args.command == "simulate":
                common.seat_specs(args.bots, players, game, allow_human=False)
            elif args.command == "tournament":
                from empires.cli.tournament import _bots_and_lineup

                _bots_and_lineup(args, game, players)
        db = getattr(args, "db", None)
        if db is not None:
            problem = db_url_problem(db)
            assert problem is None or "empires[postgres]" in problem, problem
        if getattr(args, "lang", None) is not None:
            assert args.lang in i18n.LANGUAGES
    except common.CliError as exc:
        raise AssertionError(f"empires {' '.join(words)}: {exc}") from None
    return args


EXAMPLES = [
    (path, words) for path, parser in PARSERS for words in common.example_commands(parser.epilog)
]


@pytest.mark.parametrize(
    ("path", "words"), EXAMPLES, ids=[" ".join(("empires", *w)) for _, w in EXAMPLES]
)
def test_every_example_parses_and_names_what_the_command_takes(path, words):
    args = _parse(words)
    assert callable(args.func)


def test_the_example_check_can_fail():
    """The check above refuses what the command would refuse, so a stale example fails it."""
    for words in (
        ["simulate", "discovery", "--bogus"],
        ["simulate", "discovery", "--bots", "robot"],
        ["simulate", "discovery", "--players", "9"],
        ["simulate", "discovery", "--factions", "romans"],  # a settlers option
        ["tournament", "discovery", "--bots", "heuristic"],  # one bot is no tournament
        ["play", "discovery", "--lang", "xx"],
        ["serve", "--db", "mysql://x/y"],
        ["nogame"],
    ):
        with pytest.raises(AssertionError):
            _parse(words)
    epilog = common.examples("empires replay a.json   # note", "empires replay --nope")
    assert common.example_commands(epilog) == [["replay", "a.json"], ["replay", "--nope"]]
    assert common.example_commands("no examples here") == []


# ---- mistakes: one line, exit 2 --------------------------------------------------------------


def _fails(capsys, *argv: str) -> str:
    """Run ``empires argv``; it must end with exit code 2 and exactly one line on stderr, no
    traceback: that line."""
    try:
        code = cli.main(list(argv))
    except SystemExit as stop:
        code = stop.code
    out, err = capsys.readouterr()
    assert code == 2, (argv, code, out, err)
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, (argv, err)
    assert "Traceback" not in err + out
    assert lines[0].startswith("empires"), lines[0]
    return lines[0]


def _names(line: str, *words: str) -> None:
    for word in words:
        assert word in line, (word, line)


@pytest.fixture
def no_server(monkeypatch):
    """``empires serve`` must not start the web app: fail if it tries."""
    import empires.server

    def refuse(**kwargs):
        raise AssertionError("the server was started")

    monkeypatch.setattr(empires.server, "serve", refuse)


def test_serve_names_a_db_that_is_not_a_url(capsys, no_server):
    line = _fails(capsys, "serve", "--db", "nonsense")
    _names(line, "'nonsense'", "not a database URL", *DATABASES)


def test_serve_names_the_supported_databases(capsys, no_server):
    line = _fails(capsys, "serve", "--db", "mysql://x/y")
    _names(line, "mysql", "not supported", "sqlite", "postgresql")
    line = _fails(capsys, "serve", "--db", "mysql://me:secret@host/games")
    assert "secret" not in line  # the password is not echoed


def test_serve_without_psycopg_says_what_to_install(capsys, no_server, monkeypatch):
    import importlib.util

    find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "psycopg" else find_spec(name)
    )
    line = _fails(capsys, "serve", "--db", "postgresql://empires@localhost/empires")
    _names(line, "psycopg", "pip install 'empires[postgres]'")


def test_serve_refuses_a_sqlite_file_in_no_folder(capsys, no_server, tmp_path):
    line = _fails(capsys, "serve", "--db", f"sqlite:///{tmp_path}/missing/games.db")
    _names(line, "no folder", "missing")


def test_serve_with_a_bad_db_starts_nothing_on_a_free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    done = subprocess.run(
        [sys.executable, "-m", "empires", "serve", "--db", "nonsense", "--port", str(port)],
        capture_output=True,
        text=True,
        timeout=60,  # a started server would never return
    )
    assert done.returncode == 2
    assert done.stdout == ""  # not even "Empires web app on ..."
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    _names(done.stderr, "'nonsense'", "sqlite", "postgresql")
    with socket.socket() as s:
        s.bind(("127.0.0.1", port))  # still free


def test_bot_worker_checks_its_db_too(capsys):
    line = _fails(capsys, "bot-worker", "--broker", "redis://127.0.0.1:6379/0", "--db", "nonsense")
    _names(line, "'nonsense'", "postgresql")


def test_an_unknown_lang_lists_the_choices(capsys):
    line = _fails(capsys, "play", "discovery", "--lang", "xx")
    _names(line, "--lang", "'xx'", *i18n.LANGUAGES)
    assert line.startswith("empires play discovery: error:")


def test_every_lang_flag_is_checked():
    """Whatever subcommand takes --lang refuses an unknown one (today: play, for each game)."""
    with_lang = [path for path, parser in PARSERS if "--lang" in parser._option_string_actions]
    assert with_lang
    for path in with_lang:
        action = dict(PARSERS)[path]._option_string_actions["--lang"]
        assert action.type is common.language, path
        with pytest.raises(argparse.ArgumentTypeError):
            common.language("klingon")
    assert [common.language(x) for x in ("es", "pt_BR", "it-IT", "EN", "pt_BR.UTF-8")] == [
        "es",
        "pt",
        "it",
        "en",
        "pt",
    ]


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["play", "nogame"], ["'nogame'", *game_names()]),
        (["simulate", "nogame"], ["'nogame'", *game_names()]),
        (["frobnicate"], ["'frobnicate'", "play", "simulate"]),
        ([], ["COMMAND", "empires --help"]),
        (["simulate", "discovery", "--bots", "robot"], ["'robot'", "heuristic", "random"]),
        (["tournament", "discovery", "--bots", "robot,random"], ["robot"]),
        (["simulate", "discovery", "--bots", "ismcts:nonsense"], ["'ismcts:nonsense'"]),
        (["play", "discovery", "--seats", "human,robot", "--players", "2"], ["'robot'", "human"]),
        (["simulate", "discovery", "--players", "9"], ["9", "2 to 6"]),
        (["simulate", "discovery", "--players", "many"], ["--players", "'many'"]),
        (["simulate", "discovery", "--games", "0"], ["--games"]),
        (["simulate", "discovery", "--bogus"], ["--bogus"]),
        (["simulate", "discovery", "--factions", "romans"], ["discovery", "--factions"]),
        (["replay", "missing.json"], ["missing.json"]),
        (["play", "discovery", "--load", "missing.json"], ["missing.json"]),
        (["cards", "validate", "missing.json"], ["missing.json"]),
        (["cards", "validate", "mine.json", "--game", "nogame"], ["'nogame'"]),
        (["analyse", "missing.json", "--db", "nonsense"], ["missing.json", "'nonsense'"]),
        (["serve", "--port", "70000"], ["--port", "70000"]),
    ],
)
def test_mistakes_are_one_line_and_exit_2(argv, named, capsys, tmp_path, monkeypatch, no_server):
    monkeypatch.chdir(tmp_path)
    _names(_fails(capsys, *argv), *named)


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"game": "discovery"}', "\x00\xff"])
def test_a_corrupt_save_is_one_line(text, capsys, tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(text.encode("latin-1"))
    _names(_fails(capsys, "replay", str(path)), str(path))
    _names(_fails(capsys, "play", "discovery", "--load", str(path)), str(path))
    _names(_fails(capsys, "analyse", str(path)), str(path))


# ---- cards validate ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("problem", "line"),
    [
        (
            {"card": None, "field": None, "message": "the card file:: Additional properties"},
            "f.json: file: Additional properties",
        ),
        (
            {"card": "bar004", "field": None, "message": ": Additional properties"},
            "f.json: bar004: Additional properties",
        ),
        (
            {"card": "bar004", "field": None, "message": "card 'bar004':: bad"},
            "f.json: bar004: bad",
        ),
        (
            {"card": "bar006", "field": "cost", "message": "'x' is not of type 'object'"},
            "f.json: bar006 cost: 'x' is not of type 'object'",
        ),
    ],
)
def test_card_problems_say_each_place_once(problem, line):
    assert problem_line("f.json", problem) == line


def test_cards_validate_prints_no_doubled_colon(capsys, tmp_path):
    pytest.importorskip("jsonschema")
    assert cli.main(["cards", "template", "-o", str(tmp_path / "mine.json")]) == 0
    data = json.loads((tmp_path / "mine.json").read_text(encoding="utf-8"))
    data["unknown"] = 1  # the file as a whole
    data["cards"][0]["ability"] = {}  # a card, no field
    data["cards"][1]["cost"] = "x"  # a card's field
    (tmp_path / "bad.json").write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    assert cli.main(["cards", "validate", str(tmp_path / "bad.json"), "--games", "0"]) == 1
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert len(lines) >= 3 and all(x.startswith(f"{tmp_path / 'bad.json'}: ") for x in lines)
    assert "::" not in out and ": :" not in out
    assert any(": file: Additional properties" in x for x in lines)


# ---- seats counted from 1 for people, from 0 in JSON (said) -----------------------------------


def test_simulate_table_counts_seats_from_1_and_its_json_says_0(capsys):
    common_args = ["--players", "3", "--bots", "heuristic,random", "--games", "2", "--jobs", "1"]
    assert cli.main(["simulate", "discovery", *common_args]) == 0
    out = capsys.readouterr().out
    for n in (1, 2, 3):
        assert f"Player {n}" in out
    assert "P0" not in out and "Player 0" not in out
    assert cli.main(["simulate", "discovery", *common_args, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report[common.SEATS_KEY] == 0
    assert [s["seat"] for s in report["seats"]] == [0, 1, 2]


def test_tournament_json_says_how_it_counts_seats(capsys):
    args = ["tournament", "discovery", "--players", "2", "--bots", "heuristic,random"]
    assert cli.main([*args, "--games", "2", "--jobs", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[common.SEATS_KEY] == 0


@pytest.mark.parametrize(
    "path", [("simulate", "discovery"), ("tournament", "settlers"), ("analyse",)]
)
def test_json_flags_document_their_numbering(path, capsys):
    with pytest.raises(SystemExit):
        cli.main([*path, "--help"])
    assert "numbered from 0" in " ".join(capsys.readouterr().out.split())
