"""Seat-rotated tournaments: the schedule, the OpenSkill ratings, and ``empires tournament``."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest

from empires import cli
from empires.core import adapter as core_adapter
from empires.sim.tournament import (
    cycle_length,
    lineup_schedule,
    matches,
    parse_bots,
    parse_lineup,
    places,
    rate,
    run_tournament,
    schedule,
    standings,
)


@pytest.fixture
def fake_game(monkeypatch):
    monkeypatch.setitem(core_adapter.ADAPTERS, "fake", "tests.fakegame")
    return "fake"


class Passer:
    """Always passes (in the fake game, its score is its secret card alone)."""

    name = "passer"

    def __init__(self, seed):
        pass

    def choose(self, state):
        return "pass"


# ---- schedule -----------------------------------------------------------------------------------


def test_parse_bots():
    assert parse_bots(" Heuristic, random,,ismcts:1s ") == ["heuristic", "random", "ismcts:1s"]
    with pytest.raises(ValueError, match="listed twice"):
        parse_bots("random,heuristic,RANDOM")
    with pytest.raises(ValueError, match="at least two"):
        parse_bots("random")


@pytest.mark.parametrize("num_bots,players", [(2, 4), (3, 4), (4, 4), (5, 4), (6, 3), (3, 2)])
def test_every_bot_plays_every_seat_equally_often(num_bots, players):
    bots = [f"b{i}" for i in range(num_bots)]
    cycle = cycle_length(num_bots, players)
    games = schedule(bots, players, 2 * cycle, seed=11)
    assert len(games) == 2 * cycle
    per_seat = Counter((bot, seat) for table in games for seat, bot in enumerate(table))
    assert set(per_seat) == {(b, s) for b in bots for s in range(players)}
    assert len(set(per_seat.values())) == 1  # exact balance over whole cycles
    for table in games:
        counts = Counter(table)
        if num_bots >= players:
            assert len(counts) == players  # distinct bots at every table
        else:  # bots repeat as evenly as the table allows
            assert set(counts) == set(bots)
            assert max(counts.values()) - min(counts.values()) <= 1
    if num_bots > players:  # every table (set of bots) equally often
        tables = Counter(frozenset(t) for t in games)
        assert len(tables) == len(list(itertools.combinations(bots, players)))
        assert len(set(tables.values())) == 1


def test_schedule_is_deterministic_from_the_seed():
    bots = ["a", "b", "c", "d", "e"]
    assert schedule(bots, 3, 50, seed=4) == schedule(bots, 3, 50, seed=4)
    assert schedule(bots, 3, 50, seed=4) != schedule(bots, 3, 50, seed=5)
    work = matches(bots, 3, 7, seed=100)
    assert [s for s, _ in work] == list(range(100, 107))
    assert [t for _, t in work] == schedule(bots, 3, 7, seed=100)


def test_schedule_refuses_an_impossible_rotation():
    with pytest.raises(ValueError, match="different tables"):
        schedule([f"b{i}" for i in range(60)], 6, 10, seed=0)


# ---- ratings ------------------------------------------------------------------------------------


def _result(bots, ranking, totals=None):
    totals = totals or [10 * (len(bots) - i) for i in range(len(bots))]
    return {
        "seed": 0,
        "bots": bots,
        "ranking": ranking,
        "decisions": 1,
        "scores": [{"vp": t, "total": t} for t in totals],
    }


def test_places_share_tied_places():
    assert places([[1], [0, 2], [3]], 4) == [2, 1, 2, 4]
    assert places([[0, 1, 2]], 3) == [1, 1, 1]


def test_ties_give_equal_updates_and_shared_wins():
    results = [_result(["a", "b", "c"], [[0, 1], [2]], totals=[5, 5, 1])]
    r = rate(results, ["a", "b", "c"])
    assert r["a"] == r["b"]
    assert r["a"]["mu"] > 25 > r["c"]["mu"]
    rows = {x["bot"]: x for x in standings(results, ["a", "b", "c"], 3)}
    assert rows["a"]["wins"] == rows["b"]["wins"] == 0.5 and rows["c"]["wins"] == 0
    assert rows["a"]["mean_place"] == 1 and rows["c"]["mean_place"] == 3


def test_a_repeated_bot_gets_the_mean_of_its_seats_updates():
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    results = [_result(["a", "b", "a"], [[0], [1], [2]])]
    expected = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 2, 3])
    r = rate(results, ["a", "b"])
    assert r["a"]["mu"] == pytest.approx((expected[0][0].mu + expected[2][0].mu) / 2)
    assert r["a"]["sigma"] == pytest.approx((expected[0][0].sigma + expected[2][0].sigma) / 2)
    assert r["b"]["mu"] == pytest.approx(expected[1][0].mu)
    # First and last with two seats: roughly where it started; one seat per game in the stats.
    rows = {x["bot"]: x for x in standings(results, ["a", "b"], 3)}
    assert rows["a"]["games"] == 1 and rows["a"]["seats"] == 2
    assert rows["a"]["seat_counts"] == [1, 0, 1] and rows["a"]["win_rate"] == 0.5


def test_rigged_match_ranks_heuristic_above_random():
    report = run_tournament("discovery", 2, "random,heuristic", 8, seed=3, jobs=1)
    first, second = report["standings"]
    assert (first["bot"], second["bot"]) == ("heuristic", "random")
    assert first["rank"] == 1 and second["rank"] == 2
    assert first["mu"] > second["mu"] and first["ordinal"] > second["ordinal"]
    assert first["win_rate"] > 0.5 > second["win_rate"]
    assert first["mean"]["total"] > second["mean"]["total"]
    assert first["seat_counts"] == second["seat_counts"] == [4, 4]
    for row in report["standings"]:
        assert row["low"] == pytest.approx(row["mu"] - 2 * row["sigma"])
        assert row["high"] == pytest.approx(row["mu"] + 2 * row["sigma"])
        assert row["ordinal"] == pytest.approx(row["mu"] - 3 * row["sigma"])


def test_real_ties_in_a_tournament(fake_game, monkeypatch):
    import empires.bots as bots

    monkeypatch.setitem(bots._REGISTRY, "passer", f"{__name__}:Passer")
    report = run_tournament(fake_game, 3, ["passer", "random"], 30, seed=0, jobs=1)
    shared = [m for m in report["matches"] if len(m["ranking"][0]) > 1]
    assert shared, "the fake game should produce shared first places"
    assert sum(x["wins"] for x in report["standings"]) == pytest.approx(30)
    assert any(x["wins"] != int(x["wins"]) for x in report["standings"])


# ---- command line -------------------------------------------------------------------------------


TOURNAMENT = [
    "tournament",
    "discovery",
    "--players",
    "2",
    "--bots",
    "random,heuristic",
    "--games",
    "6",
    "--seed",
    "5",
]


def test_cli_json_keys_and_determinism_across_jobs(capsys, tmp_path):
    out = tmp_path / "report.json"
    assert cli.main([*TOURNAMENT, "--jobs", "1", "--json", "--out", str(out)]) == 0
    one = json.loads(capsys.readouterr().out)
    assert cli.main([*TOURNAMENT, "--jobs", "2", "--json"]) == 0
    two = json.loads(capsys.readouterr().out)
    for key in (
        "game",
        "players",
        "bots",
        "seed",
        "games",
        "cycle",
        "balanced",
        "options",
        "backend",
        "jobs",
        "seconds",
        "games_per_second",
        "mean_decisions",
        "rating",
        "standings",
        "matches",
    ):
        assert key in one, key
    assert one["bots"] == ["random", "heuristic"] and one["games"] == 6
    assert one["cycle"] == 2 and one["balanced"] is True and one["backend"] == "process"
    assert len(one["matches"]) == 6 and one["matches"][0]["seed"] == 5
    for row in one["standings"]:
        assert {
            "rank",
            "bot",
            "mu",
            "sigma",
            "low",
            "high",
            "ordinal",
            "games",
            "seats",
            "seat_counts",
            "wins",
            "win_rate",
            "mean_place",
            "mean",
        } <= set(row)
        assert "total" in row["mean"]
    assert one["standings"] == two["standings"] and one["matches"] == two["matches"]
    saved = json.loads(out.read_text())
    assert saved["standings"] == one["standings"] and saved["matches"] == one["matches"]


def test_cli_table(capsys):
    assert cli.main([*TOURNAMENT[:-4], "--games", "3", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "Tournament: 3 games" in out and "Ratings" in out and "μ ± 2σ" in out
    assert "heuristic" in out and "Total" in out
    assert "not a multiple" in out  # 3 games, cycle of 2


def test_cli_errors(capsys):
    base = ["tournament", "discovery", "--players", "2", "--games", "2"]
    assert cli.main([*base, "--bots", "random,random"]) == 2
    assert cli.main([*base, "--bots", "random,robot"]) == 2
    assert cli.main([*base, "--bots", "random,human"]) == 2
    assert cli.main([*base, "--bots", "random,ismcts:xs"]) == 2
    assert cli.main([*base, "--bots", "random,heuristic", "--games", "0"]) == 2
    assert cli.main([*base, "--bots", "random,heuristic", "--jobs", "0"]) == 2
    assert (
        cli.main([*base, "--bots", "random,heuristic", "--backend", "process", "--address", "auto"])
        == 2
    )
    err = capsys.readouterr().err
    assert err.count("empires: error:") == 7
    assert "listed twice" in err and "unknown bot 'robot'" in err and "--address" in err


# ---- lineups -------------------------------------------------------------------------------------


def test_lineup_seats_every_entry_at_every_seat_once_per_cycle():
    lineup = parse_lineup("ISMCTS:10, heuristic,heuristic ,heuristic", 4)
    assert lineup == ["ismcts:10", "heuristic", "heuristic", "heuristic"]
    games = lineup_schedule(lineup, 12, seed=3)
    assert games == lineup_schedule(lineup, 12, seed=3)
    assert games != lineup_schedule(lineup, 12, seed=4)
    for cycle in range(3):
        block = games[4 * cycle : 4 * cycle + 4]
        for table in block:
            assert Counter(table) == Counter(lineup)  # the same table every game
        for seat in range(4):
            assert Counter(table[seat] for table in block) == Counter(lineup)
    # A prefix of a longer schedule is the shorter schedule (results files can be extended).
    assert lineup_schedule(lineup, 30, seed=3)[:12] == games
    for bad, players in (("heuristic,heuristic", 2), ("heuristic,random", 3), ("", 2)):
        with pytest.raises(ValueError):
            parse_lineup(bad, players)


def test_cli_lineup(capsys):
    base = [
        "tournament",
        "discovery",
        "--players",
        "3",
        "--games",
        "6",
        "--seed",
        "2",
        "--jobs",
        "1",
        "--json",
    ]
    assert cli.main([*base, "--lineup", "heuristic,random,random"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["bots"] == ["heuristic", "random"]
    assert report["lineup"] == ["heuristic", "random", "random"]
    assert report["cycle"] == 3 and report["balanced"] is True
    rows = {row["bot"]: row for row in report["standings"]}
    assert rows["heuristic"]["seats"] == 6 and rows["random"]["seats"] == 12
    assert rows["heuristic"]["seat_counts"] == [2, 2, 2]
    assert rows["heuristic"]["win_rate"] > 0.5
    for m in report["matches"]:
        assert sorted(m["bots"]) == ["heuristic", "random", "random"]
    # Exactly one of --bots and --lineup; a lineup has one bot per seat and two different bots.
    assert cli.main([*base, "--lineup", "heuristic,random"]) == 2
    assert cli.main([*base, "--lineup", "random,random,random"]) == 2
    assert cli.main([*base, "--lineup", "random,random,robot"]) == 2
    assert cli.main([*base]) == 2
    assert (
        cli.main([*base, "--bots", "random,heuristic", "--lineup", "heuristic,random,random"]) == 2
    )
    err = capsys.readouterr().err
    assert "one bot per seat" in err and "two different bots" in err and "unknown bot" in err
    assert err.count("either --bots") == 2


# ---- results files: a stopped tournament resumes --------------------------------------------


def test_results_file_resumes_a_stopped_tournament(capsys, tmp_path):
    results = tmp_path / "games.jsonl"
    base = [
        "tournament",
        "discovery",
        "--players",
        "2",
        "--bots",
        "random,heuristic",
        "--seed",
        "11",
        "--jobs",
        "1",
        "--json",
    ]
    assert cli.main([*base, "--games", "6"]) == 0
    whole = json.loads(capsys.readouterr().out)
    # First 4 games, then "killed" in the middle of writing a fifth line.
    assert cli.main([*base, "--games", "4", "--results", str(results)]) == 0
    first = json.loads(capsys.readouterr().out)
    lines = results.read_text().splitlines()
    assert len(lines) == 5 and json.loads(lines[0])["run"]["bots"] == ["random", "heuristic"]
    assert [json.loads(x)["seed"] for x in lines[1:]] == [11, 12, 13, 14]
    assert first["matches"] == whole["matches"][:4] and first["resumed"] == 0
    with results.open("a") as f:
        f.write('{"seed": 15, "bots": ["ran')
    assert cli.main([*base, "--games", "6", "--results", str(results)]) == 0
    resumed = json.loads(capsys.readouterr().out)
    assert resumed["resumed"] == 4
    assert resumed["matches"] == whole["matches"] and resumed["standings"] == whole["standings"]
    lines = results.read_text().splitlines()
    assert [json.loads(x)["seed"] for x in lines[1:]] == [11, 12, 13, 14, 15, 16]
    # Everything already there: nothing is played, the report is the same.
    assert cli.main([*base, "--games", "6", "--results", str(results)]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["resumed"] == 6 and again["standings"] == whole["standings"]
    assert again["games_per_second"] is None


def test_results_file_refuses_another_run_or_a_corrupt_line(capsys, tmp_path):
    results = tmp_path / "games.jsonl"
    base = ["tournament", "discovery", "--players", "2", "--seed", "11", "--jobs", "1", "--json"]
    assert (
        cli.main([*base, "--bots", "random,heuristic", "--games", "2", "--results", str(results)])
        == 0
    )
    capsys.readouterr()
    before = results.read_text()
    assert (
        cli.main([*base, "--bots", "heuristic,random", "--games", "2", "--results", str(results)])
        == 2
    )
    assert (
        cli.main(
            [
                *base,
                "--bots",
                "random,heuristic",
                "--games",
                "2",
                "--builders",
                "--results",
                str(results),
            ]
        )
        == 2
    )
    assert (
        cli.main([*base, "--bots", "random,heuristic", "--games", "1", "--results", str(results)])
        == 2
    )  # holds a game this run does not play
    err = capsys.readouterr().err
    assert err.count("different run") == 2 and "bots" in err and "options" in err
    assert "does not play" in err
    assert results.read_text() == before  # refused runs change nothing
    lines = before.splitlines()
    tampered = json.loads(lines[1])
    tampered["bots"] = tampered["bots"][::-1]
    for bad in ("not json\n", json.dumps(tampered) + "\n"):
        results.write_text(lines[0] + "\n" + bad)
        assert (
            cli.main(
                [*base, "--bots", "random,heuristic", "--games", "2", "--results", str(results)]
            )
            == 2
        )
        assert "line 2" in capsys.readouterr().err
    results.write_text("[]\n")
    assert (
        cli.main([*base, "--bots", "random,heuristic", "--games", "2", "--results", str(results)])
        == 2
    )
    assert "not a results file" in capsys.readouterr().err


def test_solo_games_are_rated_against_the_virtual_player():
    won = {"seed": 1, "bots": ["a"], "ranking": [[0]], "scores": [{"total": 40}], "decisions": 9}
    lost = {"seed": 2, "bots": ["b"], "ranking": [], "scores": [{"total": 10}], "decisions": 9}
    results = [won, {**lost, "seed": 3, "bots": ["a"], "ranking": [[0]]}, lost, {**lost, "seed": 4}]
    rows = {row["bot"]: row for row in standings(results, ["a", "b"], 1)}
    assert set(rows) == {"a", "b"}  # the virtual player is rated but not listed
    assert rows["a"]["wins"] == 2 and rows["a"]["win_rate"] == 1.0 and rows["a"]["mean_place"] == 1
    assert rows["b"]["wins"] == 0 and rows["b"]["win_rate"] == 0.0 and rows["b"]["mean_place"] == 2
    assert rows["a"]["mu"] > 25 > rows["b"]["mu"]


def test_cli_solo_settlers_tournament(capsys):
    assert (
        cli.main(
            [
                "tournament",
                "settlers",
                "--players",
                "1",
                "--bots",
                "heuristic,random",
                "--games",
                "4",
                "--jobs",
                "1",
                "--json",
            ]
        )
        == 0
    )
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 4 and {r["bot"] for r in report["standings"]} == {
        "heuristic",
        "random",
    }
    for row in report["standings"]:
        assert row["seats"] == 2
        assert row["wins"] == sum(
            1 for m in report["matches"] if m["bots"] == [row["bot"]] and m["ranking"]
        )


def test_results_file_keeps_a_whole_last_line_without_its_newline(tmp_path):
    from empires.sim import results_log

    path = tmp_path / "games.jsonl"
    run = {"game": "discovery", "players": 2}
    matches = [(1, ["a", "b"]), (2, ["b", "a"])]
    first = {"seed": 1, "bots": ["a", "b"], "ranking": [[0], [1]], "scores": [{}, {}]}
    with results_log.Appender(path, run) as append:
        append([first])
    whole = path.read_text()
    path.write_text(whole.rstrip("\n"))  # e.g. a copy that lost the final newline
    assert results_log.load(path, run, matches) == {1: first}
    assert path.read_text() == whole  # repaired, so the next append starts a new line
    path.write_text(whole + '{"seed": 2, "bots"')  # cut short mid-line: dropped
    assert results_log.load(path, run, matches) == {1: first}
    assert path.read_text() == whole
