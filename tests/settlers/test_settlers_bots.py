"""Bots and tools on Imperial Settlers: "heuristic" picks the Settlers bot, which beats random;
ISMCTS plays through the core contract; simulate and tournament run Settlers games (solo too)."""

from __future__ import annotations

import json

from empires.bots import make_bot
from empires.cli import main
from empires.settlers import Options, new_game
from empires.settlers.heuristic import SettlersHeuristicBot
from empires.sim.local import play_game


def test_heuristic_is_the_settlers_bot():
    bot = make_bot("heuristic", "settlers", 1)
    assert isinstance(bot, SettlersHeuristicBot)
    game = new_game(2, seed=1)
    assert bot.choose(game) in game.legal_actions()


def test_heuristic_beats_random():
    wins = 0
    for seed in range(12):
        bots = ["heuristic", "random"] if seed % 2 else ["random", "heuristic"]
        r = play_game("settlers", 2, seed, bots)
        wins += bots.index("heuristic") in r["ranking"][0]
    assert wins >= 11


def test_heuristic_plays_every_faction_and_variant():
    for seed, variants in enumerate(
        ((), ("peaceful",), ("alternate-lookout",), ("advanced-lookout",))
    ):
        r = play_game("settlers", 4, seed, ["heuristic"], options=Options(variants=variants))
        assert len(r["scores"]) == 4
    r = play_game("settlers", 1, 3, ["heuristic"], options=Options(factions=("japanese",)))
    assert r["ranking"] in ([], [[0]])


def test_ismcts_plays_settlers_through_the_core_contract():
    r = play_game("settlers", 2, 4, ["ismcts:8:depth=40", "random"])
    assert r["decisions"] > 0 and len(r["scores"]) == 2
    r = play_game("settlers", 1, 4, ["ismcts:4:depth=20"])
    assert r["decisions"] > 0


def test_simulate_solo_and_tournament(capsys):
    assert (
        main(
            [
                "simulate",
                "settlers",
                "--players",
                "1",
                "--bots",
                "heuristic",
                "--games",
                "3",
                "--jobs",
                "1",
                "--factions",
                "romans",
                "--json",
            ]
        )
        == 0
    )
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "settlers" and report["players"] == 1 and report["games"] == 3
    assert (
        main(
            [
                "tournament",
                "settlers",
                "--players",
                "2",
                "--bots",
                "heuristic,random",
                "--games",
                "2",
                "--jobs",
                "1",
                "--json",
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["game"] == "settlers"


def test_cli_passes_only_the_options_a_game_has(capsys):
    assert (
        main(
            [
                "simulate",
                "discovery",
                "--players",
                "2",
                "--games",
                "1",
                "--jobs",
                "1",
                "--factions",
                "romans",
            ]
        )
        == 2
    )
    assert "no option --factions" in capsys.readouterr().err
    assert (
        main(
            ["simulate", "settlers", "--players", "2", "--games", "1", "--jobs", "1", "--builders"]
        )
        == 2
    )
    assert "no option --builders" in capsys.readouterr().err
    assert (
        main(
            [
                "simulate",
                "settlers",
                "--players",
                "3",
                "--games",
                "1",
                "--jobs",
                "1",
                "--factions",
                "romans,barbarians",
            ]
        )
        == 2
    )
    assert main(["simulate", "settlers", "--players", "5", "--games", "1"]) == 2


def test_secret_picks_are_not_named_to_others():
    game = new_game(2, seed=2, options=Options(variants=("alternate-lookout",)))
    seat = game.current_player
    action = game.legal_actions()[0]
    name = game.s.db[action.a].name
    assert name in game.describe(action)
    assert name in game.describe_for(action, seat)
    assert name not in game.describe_for(action, 1 - seat)
    assert name not in game.describe_for(action, None)
