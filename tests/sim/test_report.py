"""``--report FILE.html`` and ``--plot FILE.png`` of simulate and tournament (empires.sim.report):
the reports are generated for both games and checked against the commands' ``--json`` output."""

from __future__ import annotations

import json
import math
import re
import struct

import pytest

from empires import cli
from empires.sim.report import read_report_data, wilson

pytest.importorskip("matplotlib", reason="the reports need matplotlib (empires[plots])")

GAMES = ("discovery", "settlers")


def _png_size(path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def _json_run(capsys, argv: list[str]) -> dict:
    assert cli.main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _svg_texts(page: str) -> str:
    """The text of the charts (the SVGs keep text as <text> elements)."""
    return " ".join(re.findall(r"<text[^>]*>([^<]*)</text>", page))


def test_wilson_interval_known_values():
    # 8 of 10: the textbook Wilson interval (0.4902, 0.9433).
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    low, high = wilson(0, 20)
    assert low == 0.0 and high == pytest.approx(0.1611, abs=1e-4)
    assert wilson(3, 0) == (0.0, 1.0)
    low, high = wilson(2.5, 5)  # a shared win counts as a fraction
    assert low < 0.5 < high and low == pytest.approx(1 - high)


@pytest.mark.parametrize("game", GAMES)
def test_simulate_report_and_plot(game, capsys, tmp_path):
    argv = ["simulate", game, "--players", "3", "--bots", "heuristic,random", "--games", "6"]
    argv += ["--seed", "5", "--jobs", "1"]
    expected = _json_run(capsys, argv)
    page_path, png_path = tmp_path / "sim.html", tmp_path / "sim.png"
    assert cli.main([*argv, "--report", str(page_path), "--plot", str(png_path)]) == 0
    out = capsys.readouterr().out
    assert f"Charts written to {page_path}" in out.replace("\n", "")
    page = page_path.read_text(encoding="utf-8")
    data = read_report_data(page)
    summary = data["summary"]
    for key in ("seconds", "games_per_second"):  # the run's clock, not its results
        summary.pop(key), expected.pop(key)
    assert summary == expected
    games = data["games"]
    assert [g["seed"] for g in games] == list(range(5, 11))
    # The games behind the charts give the command's numbers.
    for seat in expected["seats"]:
        totals = [g["scores"][seat["seat"]]["total"] for g in games]
        assert math.fsum(totals) / len(totals) == pytest.approx(seat["mean"]["total"])
        row = data["seat_win_rates"][seat["seat"]]
        assert row["wins"] == pytest.approx(seat["wins"]) and row["n"] == 6
        assert (row["low"], row["high"]) == pytest.approx(wilson(seat["wins"], 6))
    decisions = [g["decisions"] for g in games]
    assert sum(decisions) / 6 == pytest.approx(expected["mean_decisions"])
    assert data["categories"][0] == "total" and set(data["categories"]) == set(
        expected["seats"][0]["mean"]
    )
    texts = _svg_texts(page)
    for title in ("Win rate by seat position", "Total score", "Game length", "decisions per game"):
        assert title in texts
    assert "Player 1 heuristic" in texts and "Player 2 random" in texts
    assert "P0" not in texts  # people count seats from 1; the JSON data from 0
    assert page.count("<svg") == 4  # win rates, scores per category, category means, length
    width, height = _png_size(png_path)
    assert width >= 800 and height >= 600


@pytest.mark.parametrize("game", GAMES)
def test_tournament_report_has_ratings_over_the_games(game, capsys, tmp_path):
    argv = ["tournament", game, "--players", "2", "--bots", "heuristic,random", "--games", "4"]
    argv += ["--seed", "2", "--jobs", "1"]
    expected = _json_run(capsys, argv)
    page_path, png_path = tmp_path / "t.html", tmp_path / "t.png"
    assert cli.main([*argv, "--report", str(page_path), "--plot", str(png_path)]) == 0
    out = capsys.readouterr().out.replace("\n", "")
    assert f"Charts written to {page_path}" in out and f"Charts written to {png_path}" in out
    data = read_report_data(page_path.read_text(encoding="utf-8"))
    assert data["summary"]["standings"] == expected["standings"]
    history = data["rating_history"]
    assert history["games"] == [0, 1, 2, 3, 4]
    for row in expected["standings"]:
        series = history["bots"][row["bot"]]
        assert len(series["mu"]) == 5 and series["mu"][0] == pytest.approx(25.0)
        # The last point is the rating of the standings.
        assert series["mu"][-1] == pytest.approx(row["mu"])
        assert series["low"][-1] == pytest.approx(row["low"])
        assert series["high"][-1] == pytest.approx(row["high"])
        rate = next(r for r in data["bot_win_rates"] if r["bot"] == row["bot"])
        assert rate["n"] == row["seats"] and rate["wins"] == pytest.approx(row["wins"])
    page = page_path.read_text(encoding="utf-8")
    texts = _svg_texts(page)
    assert "Rating as the games accumulate" in texts and "games played" in texts
    assert "heuristic" in texts and "random" in texts
    assert _png_size(png_path)[0] >= 800


def test_plot_flags_refuse_an_unwritable_path_before_playing(capsys, tmp_path):
    missing = tmp_path / "no" / "such" / "dir" / "r.html"
    argv = ["simulate", "discovery", "--players", "2", "--games", "1", "--jobs", "1"]
    assert cli.main([*argv, "--report", str(missing)]) == 1
    assert f"cannot write {missing}" in capsys.readouterr().err


def test_plot_flags_create_nothing_when_the_run_fails(capsys, tmp_path):
    """The files are checked before the run without being created: a run refused afterwards
    (here: a second file that cannot be written) leaves no empty file behind."""
    report, folder = tmp_path / "r.html", tmp_path / "a-folder"
    folder.mkdir()
    argv = ["simulate", "discovery", "--players", "2", "--games", "1", "--jobs", "1"]
    assert cli.main([*argv, "--report", str(report), "--plot", str(folder)]) == 1
    assert "it is a folder" in capsys.readouterr().err
    assert not report.exists()
