"""The scripts in examples/ run, with tiny budgets, as a user would run them."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _run(script: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.parametrize(
    "game", ["python_empires_discovery(players=2)", "python_empires_settlers(players=1)"]
)
def test_openspiel_mcts_example_runs_openspiel_s_own_script(game):
    out = _run("openspiel_mcts.py", f"--game={game}", "--max_simulations=2", "--num_games=1")
    assert "Players: mcts random" in out
    returns = re.search(r"Overall returns \[(.*)\]", out)
    assert returns and all(-1 <= float(x) <= 1 for x in returns.group(1).split(","))


@pytest.mark.parametrize(("game", "players"), [("settlers", "2"), ("discovery", "3")])
def test_openspiel_ismcts_example_plays_games(game, players):
    out = _run(
        "openspiel_ismcts.py", "--game", game, "--players", players, "--simulations", "2",
        "--games", "1",
    )  # fmt: skip
    assert re.search(r"game 1: returns( [+-]\d\.\d\d)" + "{" + players + "}$", out, re.M), out
    assert "IS-MCTS (seat 0) mean return" in out


@pytest.mark.parametrize(("game", "players"), [("settlers", "1"), ("discovery", "2")])
def test_pettingzoo_training_example_runs_episodes(game, players):
    out = _run("pettingzoo_train.py", "--game", game, "--players", players, "--episodes", "2")
    assert out.count("episode ") == 2 and "mean return per agent" in out


@pytest.mark.parametrize(("game", "players"), [("discovery", "3"), ("settlers", "1")])
def test_openspiel_infostate_example_reads_tensors_of_the_declared_size(game, players):
    out = _run("openspiel_infostate.py", "--game", game, "--players", players, "--games", "1")
    shape = re.search(r"information_state_tensor_shape \[(\d+)\]", out)
    assert shape and int(shape.group(1)) > 0, out
    found = re.search(r"game 1: (\d+) decisions, (\d+) tensors of the right size", out)
    assert found and int(found.group(2)) == int(found.group(1)) * int(players), out
    assert "random_sim_test passed" in out


@pytest.mark.parametrize(("game", "players"), [("discovery", "2"), ("settlers", "2")])
def test_maskable_ppo_example_trains_and_plays_against_random(game, players):
    pytest.importorskip("sb3_contrib")  # the rl extra: CI's train stage (.ci/user_paths.py train)
    out = _run(
        "maskable_ppo.py", "--game", game, "--players", players, "--timesteps", "128",
        "--eval-games", "2",
    )  # fmt: skip
    assert "trained 128 steps" in out, out
    rates = re.findall(r"wins (?:before|after) training.*?: +(\d+)% of 2 games", out)
    assert len(rates) == 2 and all(0 <= int(r) <= 100 for r in rates), out


@pytest.mark.parametrize(("game", "players"), [("discovery", "2"), ("settlers", "3")])
def test_openspiel_nfsp_example_trains_from_information_states(game, players):
    pytest.importorskip("torch")  # the rl extra: CI's train stage (.ci/user_paths.py train)
    pytest.importorskip("tree")  # (dm-tree, which OpenSpiel's PyTorch NFSP imports)
    out = _run(
        "openspiel_nfsp.py", "--game", game, "--players", players, "--episodes", "2",
        "--eval-games", "1",
    )  # fmt: skip
    assert re.search(r"python_empires_\w+\(.*players=" + players + r".*\): trained 2 episodes", out)
    returns = re.findall(
        r"seat (\d): average policy against random, mean return ([+-]\d\.\d\d)", out
    )
    assert [int(s) for s, _ in returns] == list(range(int(players))), out
    assert all(-1 <= float(r) <= 1 for _, r in returns), out
