"""``empires simulate/tournament --export DIR``: every game as a data set (JSON Lines, Parquet)."""

from __future__ import annotations

import json

import pytest

from empires import cli
from empires.core.adapter import get_adapter


def _run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _lines(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_simulate_exports_replayable_games_and_features(tmp_path, capsys):
    out_dir = tmp_path / "data"
    code, out, err = _run(
        capsys, "simulate", "settlers", "--players", "2", "--bots", "heuristic,random",
        "--games", "3", "--seed", "5", "--jobs", "2", "--json",
        "--export", str(out_dir), "--export-features",
    )  # fmt: skip
    assert code == 0, err
    report = json.loads(out)
    run = json.loads((out_dir / "run.json").read_text())
    assert run["command"] == "simulate" and run["schema"] == 1 and run["features"] is True
    assert run["seeds"] == [5, 7] and run["bots"] == ["heuristic", "random"]
    games = _lines(out_dir / "games.jsonl")
    assert [g["seed"] for g in games] == [5, 6, 7]
    adapter = get_adapter("settlers")
    for g in games:
        assert g["game"] == "settlers" and g["players"] == 2
        assert g["bots"] == ["heuristic", "random"]
        history = {"game": "settlers", "config": g["config"], "seed": g["seed"]}
        state = adapter.replay({**history, "actions": g["actions"]})
        assert state.is_terminal() and state.scores() == g["scores"]
        assert state.ranking() == g["ranking"] and len(g["actions"]) == g["decisions"]
        assert g["events"] == state.events(None)  # the spectator's log
        assert g["events"][-1]["kind"] == "game_over"
    rows = _lines(out_dir / "decisions.jsonl")
    assert len(rows) == sum(g["decisions"] for g in games)
    size = adapter.tensor_shape(2)[0]
    first = [r for r in rows if r["seed"] == 5]
    assert [r["ply"] for r in first] == list(range(games[0]["decisions"]))
    assert [r["action"] for r in first] == games[0]["actions"]
    for r in rows[:50]:
        assert r["code"] in r["legal"] and len(r["features"]) == size
    assert report["games"] == 3  # the report is unchanged by the export


def test_export_refuses_an_existing_export_unless_overwrite(tmp_path, capsys):
    args = ["simulate", "discovery", "--players", "2", "--games", "1", "--json"]
    assert _run(capsys, *args, "--export", str(tmp_path))[0] == 0
    before = (tmp_path / "games.jsonl").read_text()
    code, out, err = _run(capsys, *args, "--seed", "9", "--export", str(tmp_path))
    assert code == 2 and "already holds an export" in err and "--overwrite" in err
    assert (tmp_path / "games.jsonl").read_text() == before
    assert _run(capsys, *args, "--seed", "9", "--export", str(tmp_path), "--overwrite")[0] == 0
    assert [g["seed"] for g in _lines(tmp_path / "games.jsonl")] == [9]


def test_export_flags_need_export(capsys):
    code, _, err = _run(capsys, "simulate", "discovery", "--games", "1", "--export-features")
    assert code == 2 and "need --export DIR" in err


def test_tournament_exports_parquet_with_the_documented_schema(tmp_path, capsys):
    pq = pytest.importorskip("pyarrow.parquet")
    code, out, err = _run(
        capsys, "tournament", "discovery", "--players", "2", "--bots", "heuristic,random",
        "--games", "2", "--jobs", "1", "--json", "--export", str(tmp_path),
        "--export-format", "parquet", "--export-features",
    )  # fmt: skip
    assert code == 0, err
    games = pq.read_table(tmp_path / "games.parquet")
    assert games.schema.names == [
        "game", "players", "seed", "bots", "config", "actions", "scores", "ranking",
        "decisions", "events",
    ]  # fmt: skip
    rows = games.to_pylist()
    assert [r["seed"] for r in rows] == [0, 1]
    assert sorted(rows[0]["bots"]) == ["heuristic", "random"]
    assert json.loads(rows[0]["events"])[-1]["kind"] == "game_over"
    decisions = pq.read_table(tmp_path / "decisions.parquet")
    assert decisions.num_rows == sum(r["decisions"] for r in rows)
    assert decisions.schema.field("features").type.value_type == "float"
    assert not (tmp_path / "games.jsonl").exists()
    assert json.loads(out)["games"] == 2


def test_tournament_export_and_results_file_together(tmp_path, capsys):
    results = tmp_path / "games.jsonl"
    code, _, err = _run(
        capsys, "tournament", "settlers", "--players", "2", "--bots", "heuristic,random",
        "--games", "2", "--jobs", "1", "--json", "--results", str(results),
        "--export", str(tmp_path / "data"),
    )  # fmt: skip
    assert code == 0, err
    assert all("record" not in json.loads(x) for x in results.read_text().splitlines())
    assert len(_lines(tmp_path / "data" / "games.jsonl")) == 2
