"""The plain line mode of ``empires play``: through stdin/stdout (a pipe chooses it by itself),
help, undo, saves that keep every seat, quitting, the end."""

from __future__ import annotations

import builtins
import json
import subprocess
import sys

from empires import cli
from empires.cli.tui.session import start
from tests.cli.helpers import args, cancellable_build, squeeze


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


def test_a_pipe_plays_a_whole_solo_game_in_plain_text(tmp_path):
    session = start(args("settlers", 1, "human", seed=4))
    helped = session.help()
    lines = ["help", "undo"] + ["1"] * 400
    done = subprocess.run(
        [sys.executable, "-m", "empires", "play", "settlers", "--players", "1", "--seed", "4"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=300,
        env={"COLUMNS": "120", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
        cwd=tmp_path,
    )
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert "\x1b[" not in out  # no colour in a pipe
    assert f"Decision: {helped.title}" in out and "Legal actions:" in out
    flat = squeeze(out)
    assert f"{helped.title} ({helped.section})" in flat and squeeze(helped.summary) in flat
    assert "Nothing to undo" in out  # nothing of the player's own to take back yet
    assert "Player 1 (you): " in out  # the narration of the player's own moves
    assert "Final scores" in out and "Total" in out
    assert ("You won with" in out) != ("You lost with" in out)  # the solo verdict...
    assert "Game over: " in out  # ...and why, in the engine's words


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
