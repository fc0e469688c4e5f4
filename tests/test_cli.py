"""The ``empires`` command line, the bot registry and the simulation loop.

Every test runs against the tiny contract-following game in ``tests/fakegame.py`` and, once its
engine exists, against ``discovery``.
"""

from __future__ import annotations

import builtins
import itertools
import json
import re
import sys
from pathlib import Path

import pytest

from empires import cli
from empires.bots import bot_names, make_bot
from empires.bots.random_bot import RandomBot
from empires.core import game as core_game
from empires.core.errors import IllegalActionError
from empires.sim.local import bot_seeds, play_game, run_local, summarize

sys.path.insert(0, str(Path(__file__).parent))


def _discovery_ready() -> bool:
    try:
        return hasattr(core_game.get_game("discovery"), "new_game")
    except Exception:
        return False


@pytest.fixture(autouse=True)
def _register_fake(monkeypatch):
    monkeypatch.setitem(core_game.GAMES, "fake", "fakegame")


@pytest.fixture(params=[
    "fake",
    pytest.param("discovery", marks=pytest.mark.skipif(
        not _discovery_ready(), reason="discovery engine not available yet")),
])
def game(request):
    return request.param


def _feed(monkeypatch, lines, then=None):
    """Make input() return ``lines`` in turn, then ``then`` forever (EOF if None)."""
    it = iter(lines)
    prompts = []

    def fake_input(prompt=""):
        prompts.append(prompt)
        try:
            return next(it)
        except StopIteration:
            if then is None:
                raise EOFError from None
            return then

    monkeypatch.setattr(builtins, "input", fake_input)
    return prompts


def _finished_history(game_name, players=2, seed=5):
    return play_game(game_name, players, seed, "random", keep_history=True)["history"]


# ---- bots ------------------------------------------------------------------------------------


def test_registry_names_and_random_bot(game):
    assert {"random", "heuristic"} <= set(bot_names())
    module = core_game.get_game(game)
    state = module.new_game(2, seed=1)
    bot = make_bot("random", 3)
    assert isinstance(bot, RandomBot) and bot.name == "random"
    for _ in range(20):
        if state.is_terminal():
            break
        action = bot.choose(state)
        assert action in state.legal_actions()
        state.apply(action)


def test_random_bot_is_deterministic(game):
    module = core_game.get_game(game)
    picks = []
    for _ in range(2):
        state, bot, seq = module.new_game(2, seed=4), RandomBot(9), []
        for _ in range(15):
            if state.is_terminal():
                break
            a = bot.choose(state)
            seq.append(str(a))
            state.apply(a)
        picks.append(seq)
    assert picks[0] == picks[1]


def test_make_bot_errors():
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("nobody", 1)
    try:
        import empires.bots.heuristic  # noqa: F401
    except ModuleNotFoundError:
        with pytest.raises(ValueError, match="not available"):
            make_bot("heuristic", 1)


def test_bot_seeds_are_deterministic_and_distinct():
    assert bot_seeds(7, 4) == bot_seeds(7, 4)
    assert len(set(bot_seeds(7, 4))) == 4
    assert bot_seeds(7, 4) != bot_seeds(8, 4)


# ---- simulation loop -------------------------------------------------------------------------


def test_play_game_result(game):
    r = play_game(game, 3, 11, ["random", "random", "random"])
    assert r["seed"] == 11 and r["decisions"] > 0
    assert len(r["scores"]) == 3 and all("total" in s for s in r["scores"])
    assert sorted(itertools.chain.from_iterable(r["ranking"])) == [0, 1, 2]
    assert play_game(game, 3, 11, "random") == r


def test_summarize_shares_tied_wins():
    results = [
        {"bots": ["a", "b"], "scores": [{"x": 1, "total": 5}, {"x": 3, "total": 5}],
         "ranking": [[0, 1]]},
        {"bots": ["a", "b"], "scores": [{"x": 2, "total": 7}, {"x": 3, "total": 4}],
         "ranking": [[0], [1]]},
    ]
    seats = summarize(results, 2)
    assert seats[0]["wins"] == 1.5 and seats[1]["wins"] == 0.5
    assert seats[0]["win_rate"] == 0.75
    assert seats[0]["mean"] == {"x": 1.5, "total": 6.0}
    assert seats[1]["stdev"]["x"] == 0.0


def test_run_local_order_independent_of_jobs(game):
    one = run_local(game, 2, ["random"], 5, 20, jobs=1)
    two = run_local(game, 2, ["random"], 5, 20, jobs=2)
    assert one == two
    assert [r["seed"] for r in one] == list(range(20, 25))


# ---- play ------------------------------------------------------------------------------------


def test_play_all_bots_to_completion(game, capsys):
    assert cli.main(["play", game, "--players", "2", "--seats", "random,random", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Final scores" in out and "Total" in out
    assert "1st:" in out
    assert "P0 (random):" in out and "P1 (random):" in out


def test_play_human_bad_input_help_save_quit(game, monkeypatch, capsys, tmp_path):
    save = tmp_path / "g.save.json"
    prompts = _feed(monkeypatch, [
        "", "banana", "0", "99999", "-3", "help", "save", f"save {save}", "1", "list", "board",
        "quit",
    ], then="quit")
    assert cli.main(["play", game, "--players", "2", "--seats", "human,random", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Please type a number" in out
    assert "Not understood: 'banana'" in out
    assert "0 is not an action number" in out
    assert "99999 is not an action number" in out
    assert "save FILE" in out  # help text
    assert "Usage: save FILE" in out
    assert f"Saved to {save}" in out.replace("\n", "")
    assert "Legal actions:" in out and "Game abandoned." in out
    assert "Decision" in out
    assert len(prompts) == 12
    data = json.loads(save.read_text())
    assert isinstance(data, dict)


def test_play_human_to_completion(monkeypatch, capsys):
    _feed(monkeypatch, [], then="1")
    assert cli.main(["play", "fake", "--players", "3", "--seats", "random,human,random",
                     "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "P1 (you):" in out and "Final scores" in out


def test_play_human_can_type_the_action_text(monkeypatch, capsys):
    _feed(monkeypatch, ["take 2"])
    assert cli.main(["play", "fake", "--seats", "human,random", "--seed", "2"]) == 0
    assert "P0 (you): seat 0 takes 2" in capsys.readouterr().out


def test_play_eof_quits_cleanly(game, monkeypatch, capsys):
    _feed(monkeypatch, [])
    assert cli.main(["play", game, "--players", "2", "--seats", "human,random", "--seed", "1"]) == 0
    assert "Game abandoned." in capsys.readouterr().out


def test_play_human_sees_only_own_observation(game, monkeypatch):
    module = core_game.get_game(game)
    seen = []
    real_new_game = module.new_game

    def spy_new_game(*a, **k):
        state = real_new_game(*a, **k)
        real_obs = state.observation

        class Spy:
            def __getattr__(self, name):
                return getattr(state, name)

            def observation(self, player):
                seen.append(player)
                return real_obs(player)

        return Spy()

    monkeypatch.setattr(module, "new_game", spy_new_game)
    _feed(monkeypatch, ["1"], then="quit")
    cli.main(["play", game, "--players", "2", "--seats", "random,human", "--seed", "1"])
    assert seen and set(seen) == {1}


def test_save_load_and_replay(game, monkeypatch, capsys, tmp_path):
    save = tmp_path / "g.save.json"
    _feed(monkeypatch, ["1", "1", f"save {save}", "quit"])
    assert cli.main(["play", game, "--players", "2", "--seats", "human,random", "--seed", "4"]) == 0
    capsys.readouterr()
    assert cli.main(["play", game, "--load", str(save), "--seats", "random"]) == 0
    out = capsys.readouterr().out
    assert f"loaded from {save}" in out.replace("\n", "") and "Final scores" in out
    assert cli.main(["replay", str(save)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^1\. P\d: ", out, re.M)
    assert "The game is not over" in out


def test_replay_history_file(game, capsys, tmp_path):
    history = _finished_history(game)
    path = tmp_path / "h.json"
    path.write_text(json.dumps(history))
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    n = len(history["actions"])
    assert f"{n} actions" in out
    assert f"{n}. P" in out
    assert "Final scores" in out and "1st:" in out


def test_replay_to_json_file_of_finished_game(game, capsys, tmp_path):
    module = core_game.get_game(game)
    state = module.replay(_finished_history(game, players=3, seed=8))
    path = tmp_path / "s.json"
    path.write_text(json.dumps(state.to_json()))
    assert cli.main(["replay", str(path)]) == 0
    assert "Final scores" in capsys.readouterr().out


def test_replay_step_stops_on_eof(game, monkeypatch, capsys, tmp_path):
    path = tmp_path / "h.json"
    path.write_text(json.dumps(_finished_history(game)))
    _feed(monkeypatch, ["", ""])
    assert cli.main(["replay", str(path), "--step"]) == 0
    out = capsys.readouterr().out
    assert "1. P" in out and "2. P" in out and "3. P" not in out
    assert "Replay stopped." in out


@pytest.mark.parametrize("content", [
    "not json at all",
    "[1, 2, 3]",
    '{"game": "chess", "seed": 1}',
    "{}",
    '{"game": "GAME", "config": {}, "seed": 1, "actions": []}',
    '{"game": "GAME", "what": "ever"}',
    '{"game": "GAME", "config": {"num_players": 2}, "seed": 1, "actions": ["no such action"]}',
])
def test_corrupt_files(game, content, capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(content.replace("GAME", game))
    assert cli.main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("empires: error:") and err.count("\n") == 1
    assert cli.main(["play", game, "--load", str(path), "--seats", "random"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("empires: error:") and err.count("\n") == 1


def test_truncated_save_and_missing_file(game, capsys, tmp_path):
    state = core_game.get_game(game).new_game(2, seed=1)
    path = tmp_path / "t.json"
    path.write_text(json.dumps(state.to_json())[:-7])
    assert cli.main(["replay", str(path)]) == 2
    assert cli.main(["replay", str(tmp_path / "missing.json")]) == 2
    err = capsys.readouterr().err
    assert "not valid JSON" in err and "missing.json" in err


def test_play_argument_errors(game, capsys):
    assert cli.main(["play", game, "--players", "2", "--seats", "human,robot"]) == 2
    assert "unknown seat 'robot'" in capsys.readouterr().err
    assert cli.main(["play", game, "--players", "3", "--seats", "human,random"]) == 2
    assert "2 seats given" in capsys.readouterr().err
    assert cli.main(["play", game, "--players", "1", "--seats", "random"]) == 2
    assert "players" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["play", "nogame"])


# ---- simulate --------------------------------------------------------------------------------


def test_simulate_json_keys_and_determinism_across_jobs(game, capsys):
    args = ["simulate", game, "--players", "3", "--bots", "random", "--games", "6", "--seed", "5",
            "--json"]
    assert cli.main([*args, "--jobs", "1"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert cli.main([*args, "--jobs", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    for key in ("games", "seconds", "games_per_second", "seats"):
        assert key in one
    assert one["games"] == 6
    assert len(one["seats"]) == 3
    for seat in one["seats"]:
        assert {"bot", "wins", "win_rate", "mean", "stdev"} <= set(seat)
        assert seat["bot"] == "random"
        assert "total" in seat["mean"] and "total" in seat["stdev"]
    assert sum(s["wins"] for s in one["seats"]) == pytest.approx(6)
    assert one["seats"] == two["seats"]
    assert one["mean_decisions"] == two["mean_decisions"]


def test_simulate_table(game, capsys):
    assert cli.main(["simulate", game, "--players", "2", "--bots", "random,random", "--games",
                     "3", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "3 games" in out and "games/s" in out and "Win rate" in out and "±" in out


def test_simulate_argument_errors(capsys):
    assert cli.main(["simulate", "fake", "--players", "2", "--bots", "random,human"]) == 2
    assert cli.main(["simulate", "fake", "--players", "2", "--games", "0"]) == 2
    assert cli.main(["simulate", "fake", "--players", "9"]) == 2
    assert cli.main(["simulate", "fake", "--players", "2", "--jobs", "0"]) == 2
    assert capsys.readouterr().err.count("empires: error:") == 4


class Cheater:
    """A bot that answers with an action that is never legal."""

    name = "cheater"

    def __init__(self, seed):
        pass

    def choose(self, state):
        return "fly away"


def test_illegal_action_from_bot_is_reported(monkeypatch, capsys):
    import empires.bots as bots

    monkeypatch.setitem(bots._REGISTRY, "cheater", f"{__name__}:Cheater")
    assert cli.main(["play", "fake", "--seats", "cheater,random", "--seed", "1"]) == 1
    assert "illegal action" in capsys.readouterr().err
    with pytest.raises(Exception, match="seed 1"):
        play_game("fake", 2, 1, "cheater")
    assert issubclass(IllegalActionError, ValueError)


def test_rules_options_flags_reach_the_game_and_the_save(monkeypatch, capsys, tmp_path):
    args = ["simulate", "discovery", "--players", "3", "--bots", "random", "--games", "2",
            "--jobs", "1", "--json", "--builders", "--buy-vp", "--variant", "scouting",
            "--variant", "no-survivors"]
    assert cli.main(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["options"] == {"edition": "2015", "builders": True, "buy_vp": True,
                                 "nations": "off", "variants": ["no-survivors", "scouting"]}
    save = tmp_path / "opts.json"
    answers = iter([f"save {save}", "quit"])
    monkeypatch.setattr(builtins, "input", lambda *_: next(answers))
    assert cli.main(["play", "discovery", "--players", "2", "--seats", "human,random",
                     "--seed", "3", "--builders", "--variant", "two-player"]) == 0
    saved = json.loads(save.read_text())
    assert saved["config"]["options"]["builders"] is True
    assert saved["config"]["options"]["variants"] == ["two-player"]


def test_rules_options_errors_are_one_line(capsys):
    assert cli.main(["simulate", "discovery", "--players", "3", "--games", "1",
                     "--variant", "two-player"]) == 2
    assert "two-player variant needs exactly 2 players" in capsys.readouterr().err
    assert cli.main(["simulate", "discovery", "--players", "3", "--games", "1",
                     "--variant", "bogus"]) == 2
    assert "unknown variant" in capsys.readouterr().err
