"""``empires simulate settlers`` and ``empires tournament settlers`` with every bot, ISMCTS
included (searching determinizations of Imperial Settlers), and the ratings they report."""

from __future__ import annotations

import json

from empires import cli
from empires.sim.local import play_game

# Small ISMCTS budgets (iterations, capped rollouts) keep these games to seconds.
ISMCTS = "ismcts:6:depth=30"


def test_every_bot_plays_a_settlers_game_to_the_end():
    for players, bots in ((2, ["random", "heuristic"]), (2, [ISMCTS, "heuristic"]), (1, [ISMCTS])):
        r = play_game("settlers", players, 5, bots)
        assert r["bots"] == bots and r["decisions"] > 0
        assert len(r["scores"]) == players
        if players > 1:
            assert sorted(p for group in r["ranking"] for p in group) == list(range(players))
        else:
            assert r["ranking"] in ([], [[0]])  # solo: [[0]] only when the game is beaten
            assert bool(r["ranking"]) == bool(r["scores"][0]["won"])


def test_simulate_settlers_with_every_bot(capsys):
    argv = ["simulate", "settlers", "--players", "3", "--bots", f"random,heuristic,{ISMCTS}"]
    assert cli.main([*argv, "--games", "2", "--seed", "3", "--jobs", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2
    assert [s["bot"] for s in report["seats"]] == ["random", "heuristic", ISMCTS]
    assert sum(s["wins"] for s in report["seats"]) == 2


def test_tournament_settlers_rates_every_bot(capsys, tmp_path):
    out = tmp_path / "ratings.json"
    argv = ["tournament", "settlers", "--players", "2", "--bots", f"random,heuristic,{ISMCTS}"]
    argv += ["--games", "6", "--seed", "2", "--jobs", "1", "--json", "--out", str(out)]
    assert cli.main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert json.loads(out.read_text()) == report
    rows = {row["bot"]: row for row in report["standings"]}
    assert set(rows) == {"random", "heuristic", ISMCTS}
    assert sum(row["wins"] for row in rows.values()) == 6
    for row in rows.values():
        assert row["games"] == 4  # 3 bots at 2 seats: every bot plays 2 of every 3 games
        assert row["low"] < row["mu"] < row["high"]
    assert rows["random"]["ordinal"] < max(rows["heuristic"]["ordinal"], rows[ISMCTS]["ordinal"])
    assert len(report["matches"]) == 6
