"""The plain line mode of ``empires play``: through stdin/stdout (a pipe chooses it by itself),
help, undo, saves that keep every seat, quitting, the end."""

from __future__ import annotations

import builtins
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import empires
from empires import cli
from empires.cli.tui.plain import matching, merged, shared_start
from empires.cli.tui.session import start
from tests.cli.helpers import args, cancellable_build, squeeze

SRC = str(Path(empires.__file__).resolve().parent.parent)  # this checkout's sources


def _answers(monkeypatch, answer):
    """input() answers ``answer(prompt)`` (EOFError when it returns None); ``answer`` may be a
    list of replies instead."""
    if isinstance(answer, list):
        replies = iter(answer)
        answer = lambda p: next(replies, None)  # noqa: E731
    prompts = []

    def fake_input(prompt=""):
        prompts.append(prompt)
        reply = answer(prompt)
        if reply is None:
            raise EOFError
        return reply

    monkeypatch.setattr(builtins, "input", fake_input)
    return prompts


def _pipe(tmp_path, argv: list[str], lines: list[str]) -> str:
    """``empires play ARGV`` with ``lines`` through a real pipe (the plain mode by itself); its
    stdout."""
    done = subprocess.run(
        [sys.executable, "-m", "empires", "play", *argv],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=300,
        env={**PIPE_ENV, "HOME": str(tmp_path)},
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


PIPE_ENV = {"COLUMNS": "100", "PATH": "/usr/bin:/bin", "PYTHONPATH": SRC}
BOARD = re.compile(r"^== .* ==$", re.M)  # the board's heading
RAW_IDS = (re.compile(r"\[[a-z_]+ [a-z0-9_ ]+\]"), re.compile(r"\b[a-z]{3}\d{3}\b"))

# Whole games through a pipe, every answer 1 (as .ci/user_paths.py check_play plays them), at
# COLUMNS=100: the lines and characters of the transcript before issue #30 (the board before every
# decision, a raw id after every choice), measured on the same games, and the share of each
# allowed now (measured after: discovery 419 lines, 39,851 characters; settlers 288, 29,155).
BEFORE = {
    "discovery": (["discovery", "--players", "2", "--seed", "7"], 4798, 295_741, 1 / 10, 1 / 6),
    "settlers": (["settlers", "--players", "1", "--seed", "4"], 2544, 140_561, 1 / 8, 1 / 4),
}


@pytest.mark.parametrize("game", sorted(BEFORE))
def test_a_whole_game_in_a_pipe_is_told_briefly(tmp_path, game):
    """The story and the decision at each prompt, no board, no raw id; the Discovery game in a
    tenth of the lines of its transcript before (a pipe does not wrap them)."""
    argv, lines, chars, line_share, char_share = BEFORE[game]
    out = _pipe(tmp_path, argv, ["1"] * 3000)
    assert "Final scores" in out and "Game over" in out and "Decision: " in out
    assert "\x1b[" not in out and not BOARD.search(out)  # no colour, no board unless asked
    for pattern in RAW_IDS:
        assert not pattern.search(out), pattern.search(out)
    measured = (len(out.splitlines()), len(out))
    assert measured[0] <= lines * line_share and measured[1] <= chars * char_share, measured


def test_a_pipe_plays_a_whole_solo_game_in_plain_text(tmp_path):
    session = start(args("settlers", 1, "human", seed=4))
    helped = session.help()
    out = _pipe(
        tmp_path, ["settlers", "--players", "1", "--seed", "4"], ["help", "undo"] + ["1"] * 400
    )
    assert f"Decision: {helped.title}. Take: 1. " in out
    flat = squeeze(out)
    assert f"{helped.title} ({helped.section})" in flat and squeeze(helped.summary) in flat
    assert "Nothing to undo" in out  # nothing of the player's own to take back yet
    assert "Player 1 (you): " in out  # the narration of the player's own moves
    assert "Final scores" in out and "Total" in out
    assert ("You won with" in out) != ("You lost with" in out)  # the solo verdict...
    assert "Game over: " in out  # ...and why, in the engine's words


@pytest.mark.parametrize(
    ("argv", "typed"),
    [
        (
            ["discovery", "--players", "2", "--seed", "7"],
            ["specialists", "xyzzy", "trade goods", "board", "list", "quit", "yes"],
        ),
        (
            ["settlers", "--players", "1", "--seed", "4"],
            ["cost 2 wood", "xyzzy", "MAMMA", "board", "list", "quit", "yes"],
        ),
    ],
)
def test_choices_by_their_words_and_the_board_on_board(tmp_path, argv, typed):
    """Words that name several choices ask again naming them, unknown words say so; a unique
    part of a choice's words plays it; `board` draws the board, `list` the choices a line each."""
    out = _pipe(tmp_path, argv, typed)
    first, _, rest = out.partition(" matches ")
    assert not BOARD.search(first)  # no board before the first decision
    assert re.match(r"\d choices: 1?\d\. ", rest)  # the choices those words name, by number
    assert "Not understood: 'xyzzy'" in out
    chosen = "Trade Goods (space 1)" if argv[0] == "discovery" else "Take Mamma's Baths"
    assert re.search(rf"^(P1 \[[^\]]*\]> )*Player 1 \(you\): [^\n]*{re.escape(chosen)}", out, re.M)
    assert re.search(r"== P1 \(you\) to play ==\n-- ", out)  # the board, its panels
    assert "Legal actions:\n   1. " in out or "Legal actions:\n  1. " in out
    for pattern in RAW_IDS:
        assert not pattern.search(out)


def test_words_match_by_part_case_and_accents():
    choices = [
        ("a", "Colocar un Colono en Iniciativa"),
        ("b", "Colocar un Colono en Muelle (espacio 1)"),
        ("pass", "Pasar"),
        ("c", "Pasar dos veces"),
    ]
    assert matching(choices, "iniciativa") == [0]
    assert matching(choices, "MUELLE") == [1]
    assert matching(choices, "colono") == [0, 1]  # ambiguous
    assert matching(choices, "pasar") == [2]  # the whole words first
    assert matching(choices, "pasar d") == [3]
    assert matching(choices, "pass") == [2]  # an action's id, as older scripts typed it
    assert matching(choices, "ninguno") == []
    assert matching([("x", "Tomar Añil"), ("y", "Tomar Café")], "anil") == [0]
    assert merged([("x", "Take Ruins"), ("y", "Take Ruins"), ("z", "Pass")]) == [
        ("x", "Take Ruins"),
        ("z", "Pass"),
    ]
    assert shared_start(["Activate New Forest: x", "Activate New Forest twice: y"]) == "Activate"
    assert shared_start(["Place a Colonist on A", "Place a Colonist on B"]) == "Place a Colonist on"
    assert shared_start(["Place a Colonist on A", "Place a Soldier on B"]) == "Place"


def test_save_asks_before_replacing_another_file(tmp_path):
    path = tmp_path / "old.json"
    path.write_text("old game")
    typed = ["1", f"save {path}", "n", f"save {path}", "y", "1", f"save {path}", "quit"]
    out = _pipe(tmp_path, ["discovery", "--players", "2", "--seed", "7"], typed)
    assert out.count(f"{path} exists; overwrite? [y/N]") == 2  # not when saving it again
    assert f"Not saved: {path} is kept as it was." in out
    assert out.count(f"Saved to {path}.") == 2
    data = json.loads(path.read_text())
    assert data["seats"] == ["human", "heuristic"] and len(data["actions"]) >= 2


def test_the_session_refuses_to_replace_a_file_unless_told(tmp_path):
    session = start(args("discovery", 2, "human,random"))
    other, mine = tmp_path / "other.json", tmp_path / "mine.json"
    other.write_text("keep me")
    assert session.would_overwrite(str(other)) and not session.would_overwrite(str(mine))
    with pytest.raises(FileExistsError):
        session.save(str(other))
    assert other.read_text() == "keep me"
    session.save(str(mine))
    assert not session.would_overwrite(str(mine))  # its own save: saved again without asking
    session.save(str(mine))
    session.save(str(other), overwrite=True)
    assert json.loads(other.read_text())["seats"] == ["human", "random"]
    loaded = start(args("discovery", 2, "human,random", load=str(other)))
    assert not loaded.would_overwrite(str(other))  # the file it was loaded from


def test_a_finished_game_can_be_saved_and_replayed(monkeypatch, capsys, tmp_path):
    path = tmp_path / "done.json"
    saves = iter([f"save {path}"])  # then Enter (EOF here) leaves

    _answers(monkeypatch, lambda p: next(saves, None) if p.startswith("Game over") else "1")
    assert cli.main(["play", "settlers", "--players", "1", "--seed", "2", "--plain"]) == 0
    out = capsys.readouterr().out
    assert f"Saved to {path}." in out.replace("\n", "")
    data = json.loads(path.read_text())
    assert data["seats"] == ["human"]
    assert cli.main(["replay", str(path)]) == 0
    assert "Final scores" in capsys.readouterr().out


def test_a_loaded_game_keeps_its_bots(monkeypatch, capsys, tmp_path):
    path = tmp_path / "g.json"
    _answers(monkeypatch, ["1", f"save {path}", "quit"])
    seats = "human,random,heuristic"
    assert cli.main(["play", "discovery", "--seats", seats, "--seed", "3", "--plain"]) == 0
    capsys.readouterr()
    assert json.loads(path.read_text())["seats"] == seats.split(",")
    _answers(monkeypatch, lambda p: "quit")
    assert cli.main(["play", "discovery", "--load", str(path)]) == 0
    out = capsys.readouterr().out
    assert "P1 (you), P2 (random), P3 (heuristic)" in squeeze(out)
    assert "not saved" not in out  # nothing played since the load: quit leaves at once


def test_an_old_save_without_seats_still_loads(monkeypatch, capsys, tmp_path):
    state = start(args("settlers", 2, "human,random")).state
    path = tmp_path / "old.json"
    path.write_text(json.dumps(state.to_json()))  # the save format before seats were kept
    _answers(monkeypatch, lambda p: "quit")
    assert cli.main(["play", "settlers", "--load", str(path)]) == 0
    assert "P1 (you), P2 (heuristic)" in squeeze(capsys.readouterr().out)


def test_undo_takes_back_a_build_before_its_discard(monkeypatch, capsys, tmp_path):
    state = cancellable_build()
    path = tmp_path / "build.json"
    path.write_text(json.dumps({**state.to_json(), "seats": ["human", "random"]}))
    _answers(monkeypatch, ["undo", "undo", "save " + str(path), "quit"])
    assert cli.main(["play", "settlers", "--load", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Taken back: Build " in out
    assert "Nothing to undo" in out  # the second: the turn had passed to Player 1 before
    saved = json.loads(path.read_text())
    assert saved["actions"] == state.history["actions"][:-1]


def test_quit_asks_first_and_ctrl_d_answers_yes(monkeypatch, capsys):
    replies = iter(["1", "quit", "no", "quit"])  # then Ctrl-D at the question
    prompts = _answers(monkeypatch, lambda p: next(replies, None))
    assert cli.main(["play", "settlers", "--players", "2", "--seed", "1", "--plain"]) == 0
    out = capsys.readouterr().out
    assert out.count("moves that are not saved") == 2 and "Game abandoned." in out
    assert sum(p.startswith("Abandon") for p in prompts) == 2
