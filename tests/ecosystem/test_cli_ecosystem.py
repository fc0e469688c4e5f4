"""``empires --version``, ``python -m empires``, bots lists cycled in ``simulate`` and bots from a
user's file (``--bot-file``)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap

import pytest

from empires import cli
from empires.bots import bot_names, make_bot, user_file
from empires.sim.local import expand_seats

BOT_FILE = textwrap.dedent(
    """
    import random


    class FirstBot:
        def __init__(self, seed):
            self.rng = random.Random(seed)

        def choose(self, state):
            return state.legal_actions()[0]


    class NoSeedBot:
        name = "noseed"

        def choose(self, state):
            return state.legal_actions()[-1]


    class NoChoose:
        pass


    class BadInit:
        def __init__(self, seed):
            raise RuntimeError("no table today")

        def choose(self, state):
            return None
    """
)


@pytest.fixture
def bot_file(tmp_path, monkeypatch):
    monkeypatch.setattr(user_file, "_FILE_BOTS", {})
    path = tmp_path / "my_bot.py"
    path.write_text(BOT_FILE, encoding="utf-8")
    return path


def _run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_version_names_the_package_version_and_the_build(capsys):
    from importlib.metadata import version

    with pytest.raises(SystemExit) as stop:
        cli.main(["--version"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"empires {version('empires')} (pure Python")


def test_python_dash_m_empires_is_the_command():
    done = subprocess.run(
        [sys.executable, "-m", "empires", "--version"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and done.stdout.startswith("empires ")


def test_a_short_bots_list_is_cycled_over_the_seats_in_simulate(capsys):
    assert expand_seats("heuristic,random", 4, cycle=True) == ["heuristic", "random"] * 2
    with pytest.raises(ValueError, match="2 seats given"):
        expand_seats("heuristic,random", 4)  # play's seats stay one per seat
    with pytest.raises(ValueError, match="5 seats given"):
        expand_seats("a,b,c,d,e", 4, cycle=True)
    code, out, _ = _run(
        capsys, "simulate", "settlers", "--players", "4", "--bots", "heuristic,random",
        "--games", "4", "--jobs", "1", "--json",
    )  # fmt: skip
    assert code == 0
    report = json.loads(out)
    assert [s["bot"] for s in report["seats"]] == ["heuristic", "random", "heuristic", "random"]
    assert report["games"] == 4


def test_bot_file_plays_in_simulate_with_processes(bot_file, capsys):
    args = ["simulate", "discovery", "--players", "2", "--games", "4", "--json"]
    code, out, err = _run(
        capsys, *args, "--bots", "firstbot,random", "--bot-file", f"{bot_file}:FirstBot",
        "--jobs", "2",
    )  # fmt: skip
    assert code == 0, err
    seats = json.loads(out)["seats"]
    assert [s["bot"] for s in seats] == ["firstbot", "random"]
    assert "firstbot" in bot_names()


def test_bot_file_in_tournament_under_a_chosen_name(bot_file, capsys):
    code, out, err = _run(
        capsys, "tournament", "settlers", "--players", "2", "--bots", "mine,random", "--games",
        "2", "--jobs", "1", "--json", "--bot-file", f"mine={bot_file}:NoSeedBot",
    )  # fmt: skip
    assert code == 0, err
    assert sorted(json.loads(out)["bots"]) == ["mine", "random"]
    bot = make_bot("mine", "settlers", 3)
    assert bot.name == "noseed" and callable(bot.choose)


def test_bot_file_in_play(bot_file, capsys):
    code, out, err = _run(
        capsys, "play", "settlers", "--players", "2", "--seats", "firstbot,random",
        "--bot-file", f"{bot_file}:FirstBot", "--seed", "3",
    )  # fmt: skip
    assert code == 0, err
    assert "firstbot" in out


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("{dir}/missing.py:FirstBot", "missing.py does not exist"),
        ("{file}:Nope", r"defines no Nope \(its classes: BadInit, FirstBot, NoChoose, NoSeedBot\)"),
        ("{file}:NoChoose", "NoChoose in .* has no choose\\(state\\) method"),
        ("{file}:BadInit", "BadInit\\(seed\\) from .* failed: RuntimeError: no table today"),
        ("{file}", "takes FILE.py:ClassName"),
        ("random={file}:FirstBot", "'random' is taken by a built-in bot"),
    ],
)
def test_bot_file_errors_are_clear_and_change_nothing(bot_file, capsys, spec, message):
    text = spec.format(dir=bot_file.parent, file=bot_file)
    before = bot_names()
    code, out, err = _run(
        capsys, "simulate", "discovery", "--bots", "random", "--games", "1", "--bot-file", text
    )
    assert code == 2 and out == ""
    assert err.startswith("empires: error: ")
    assert re.search(message, err), err
    assert bot_names() == before


def test_bot_file_that_does_not_import_is_reported(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(user_file, "_FILE_BOTS", {})
    bad = tmp_path / "bad.py"
    bad.write_text("raise RuntimeError('boom')\n", encoding="utf-8")
    code, _, err = _run(capsys, "simulate", "discovery", "--bot-file", f"{bad}:X")
    assert code == 2 and "cannot import" in err and "RuntimeError: boom" in err


def test_bot_file_is_refused_on_ray_and_absent_from_serve(bot_file, capsys):
    code, _, err = _run(
        capsys, "simulate", "discovery", "--bots", "firstbot", "--backend", "ray",
        "--bot-file", f"{bot_file}:FirstBot",
    )  # fmt: skip
    assert code == 2 and "not on Ray" in err
    with pytest.raises(SystemExit):
        cli.main(["serve", "--bot-file", f"{bot_file}:FirstBot"])
    assert "unrecognized arguments: --bot-file" in capsys.readouterr().err


def test_tournament_out_keeps_an_existing_report_unless_overwrite(tmp_path, capsys):
    results, out = tmp_path / "games.jsonl", tmp_path / "report.json"
    base = [
        "tournament", "settlers", "--players", "2", "--bots", "heuristic,random", "--games",
        "2", "--jobs", "1", "--json", "--results", str(results), "--out", str(out),
    ]  # fmt: skip
    code, first, err = _run(capsys, *base)
    assert code == 0 and err == ""
    written = out.read_text()
    assert json.loads(written)["seconds"] > 0 and json.loads(written)["played"] == 2
    # The same command again: every game is read back, nothing played, the report kept.
    code, again, err = _run(capsys, *base)
    assert code == 0 and out.read_text() == written
    assert "exists and is kept" in err and "--overwrite" in err
    report = json.loads(again)
    assert report["played"] == 0 and report["resumed"] == 2
    assert report["seconds"] is None and report["games_per_second"] is None
    assert report["standings"] == json.loads(first)["standings"]
    code, _, err = _run(capsys, *base, "--overwrite")
    assert code == 0 and err == "" and json.loads(out.read_text())["played"] == 0
