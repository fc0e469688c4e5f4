"""The ``empires`` command line, the bot registry and the simulation loop.

Most tests run against the tiny contract-following game in ``tests/fakegame.py`` (registered as
an adapter like any game) and against ``discovery``.
"""

from __future__ import annotations

import builtins
import itertools
import json
import re

import pytest

from empires import cli
from empires.bots import bot_names, make_bot
from empires.bots.random_bot import RandomBot
from empires.core import adapter as core_adapter
from empires.core.adapter import get_adapter
from empires.core.errors import IllegalActionError
from empires.sim.local import bot_seeds, play_game, run_local, summarize


@pytest.fixture(autouse=True)
def _register_fake(monkeypatch):
    monkeypatch.setitem(core_adapter.ADAPTERS, "fake", "tests.fakegame")


@pytest.fixture(params=["fake", "discovery"])
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
    module = get_adapter(game)
    state = module.new_game(2, seed=1)
    bot = make_bot("random", game, 3)
    assert isinstance(bot, RandomBot) and bot.name == "random"
    for _ in range(20):
        if state.is_terminal():
            break
        action = bot.choose(state)
        assert action in state.legal_actions()
        state.apply(action)


def test_random_bot_is_deterministic(game):
    module = get_adapter(game)
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
        make_bot("nobody", "fake", 1)
    # "heuristic" is the game's own heuristic, from its adapter: the fake one takes the most coins
    state = get_adapter("fake").new_game(2, seed=1)
    assert str(make_bot("heuristic", "fake", 1).choose(state)) == "take 2"


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
        {
            "bots": ["a", "b"],
            "scores": [{"x": 1, "total": 5}, {"x": 3, "total": 5}],
            "ranking": [[0, 1]],
        },
        {
            "bots": ["a", "b"],
            "scores": [{"x": 2, "total": 7}, {"x": 3, "total": 4}],
            "ranking": [[0], [1]],
        },
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
    assert (
        cli.main(["play", game, "--players", "2", "--seats", "random,random", "--seed", "3"]) == 0
    )
    out = capsys.readouterr().out
    assert "Final scores" in out and "Total" in out
    assert "1st:" in out
    if game == "fake":  # no event log: each action is printed with its seat
        assert "P1 (random):" in out and "P2 (random):" in out
    else:  # the event log is told, seats counted from 1
        assert "Player 1: " in out and "Player 2: " in out


def test_play_human_bad_input_help_save_quit(game, monkeypatch, capsys, tmp_path):
    save = tmp_path / "g.save.json"
    prompts = _feed(
        monkeypatch,
        [
            "",
            "banana",
            "0",
            "99999",
            "-3",
            "help",
            "save",
            f"save {save}",
            "1",
            "list",
            "board",
            "quit",
        ],
        then="quit",
    )
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
    assert "moves that are not saved" in out  # a move after the save: quit asks first
    assert len(prompts) == 13
    data = json.loads(save.read_text())
    assert isinstance(data, dict)


def test_play_human_to_completion(monkeypatch, capsys):
    _feed(monkeypatch, [], then="1")
    assert (
        cli.main(
            ["play", "fake", "--players", "3", "--seats", "random,human,random", "--seed", "2"]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "P2 (you):" in out and "Final scores" in out


def test_play_human_can_type_the_action_text(monkeypatch, capsys):
    _feed(monkeypatch, ["take 2"])
    assert cli.main(["play", "fake", "--seats", "human,random", "--seed", "2"]) == 0
    assert "P1 (you): seat 0 takes 2" in capsys.readouterr().out


def test_play_eof_quits_cleanly(game, monkeypatch, capsys):
    _feed(monkeypatch, [])
    assert cli.main(["play", game, "--players", "2", "--seats", "human,random", "--seed", "1"]) == 0
    assert "Game abandoned." in capsys.readouterr().out


def test_play_human_sees_only_own_observation(game, monkeypatch):
    module = get_adapter(game)
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
    _feed(monkeypatch, ["board", "1"], then="quit")  # the board is drawn when asked for
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
    assert re.search(r"^ *1\. P(layer )?\d( \(you\))?: ", out, re.M)
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
    module = get_adapter(game)
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


@pytest.mark.parametrize(
    "content",
    [
        "not json at all",
        "[1, 2, 3]",
        '{"game": "chess", "seed": 1}',
        "{}",
        '{"game": "GAME", "config": {}, "seed": 1, "actions": []}',
        '{"game": "GAME", "what": "ever"}',
        '{"game": "GAME", "config": {"num_players": 2}, "seed": 1, "actions": ["no such action"]}',
    ],
)
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
    state = get_adapter(game).new_game(2, seed=1)
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
    args = [
        "simulate",
        game,
        "--players",
        "3",
        "--bots",
        "random",
        "--games",
        "6",
        "--seed",
        "5",
        "--json",
    ]
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
    assert (
        cli.main(
            [
                "simulate",
                game,
                "--players",
                "2",
                "--bots",
                "random,random",
                "--games",
                "3",
                "--jobs",
                "1",
            ]
        )
        == 0
    )
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
    args = [
        "simulate",
        "discovery",
        "--players",
        "3",
        "--bots",
        "random",
        "--games",
        "2",
        "--jobs",
        "1",
        "--json",
        "--builders",
        "--buy-vp",
        "--variant",
        "scouting",
        "--variant",
        "no-survivors",
    ]
    assert cli.main(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["options"] == {
        "edition": "2015",
        "builders": True,
        "buy_vp": True,
        "nations": "off",
        "variants": ["no-survivors", "scouting"],
    }
    save = tmp_path / "opts.json"
    answers = iter([f"save {save}", "quit"])
    monkeypatch.setattr(builtins, "input", lambda *_: next(answers))
    assert (
        cli.main(
            [
                "play",
                "discovery",
                "--players",
                "2",
                "--seats",
                "human,random",
                "--seed",
                "3",
                "--builders",
                "--variant",
                "two-player",
            ]
        )
        == 0
    )
    saved = json.loads(save.read_text())
    assert saved["config"]["options"]["builders"] is True
    assert saved["config"]["options"]["variants"] == ["two-player"]


def test_rules_options_errors_are_one_line(capsys):
    assert (
        cli.main(
            ["simulate", "discovery", "--players", "3", "--games", "1", "--variant", "two-player"]
        )
        == 2
    )
    assert "two-player variant needs exactly 2 players" in capsys.readouterr().err
    assert (
        cli.main(["simulate", "discovery", "--players", "3", "--games", "1", "--variant", "bogus"])
        == 2
    )
    assert "unknown variant" in capsys.readouterr().err


# ---- narration of the event log ------------------------------------------------------------

NARRATION = re.compile(r"^ *(\d+\.|•|›) (.*?) *$")


def _told(out: str) -> list[tuple[str, str]]:
    """The narration lines of ``out`` as (marker, text) (a console wide enough never wraps),
    leaving out the numbered list of legal actions."""
    told, listing = [], False
    for line in out.splitlines():
        listing = line == "Legal actions:" or (listing and re.match(r" +\d+\. ", line))
        m = NARRATION.match(line)
        if m and not listing:
            told.append(m.groups())
    return told


def _expected(events: list[dict], you: int | None = None, first: int | None = None):
    """How the terminal tells ``events``: an action with who chose it (a bullet, or its step
    number from ``first`` in a replay), the resolutions that follow with an arrow."""
    out, step = [], first
    for e in events:
        if e["kind"] == "action":
            who = f"Player {e['player'] + 1}" + (" (you)" if e["player"] == you else "")
            out.append((f"{step}." if step is not None else "•", f"{who}: {e['text']}"))
            step = None if step is None else step + 1
        else:
            out.append(("›", e["text"]))
    return out


STORY_LINE = re.compile(r"^(Player \d( \(you\))?: |  \S)")
PROMPT = re.compile(r"^P\d \[[^\]]*\]> ")


def _story(out: str) -> list[str]:
    """The story lines the plain mode printed (a pipe does not wrap them): each player's actions
    in a row on a line, what they caused indented; from the first turn heading (a game's notes
    and the start board come before), the choices and the end left out."""
    lines = [PROMPT.sub("", line) for line in out.splitlines()]
    first = 0
    if any(line.startswith(("Type board", "== Start")) for line in lines):
        heads = [i for i, line in enumerate(lines) if re.match(r"^(Turn|Round) \d+ · ", line)]
        first = heads[0] if heads else len(lines)
    told = []
    for line in lines[first:]:
        if line.startswith("== "):  # the end's board
            break
        if STORY_LINE.match(line) and not line.startswith("Decision: "):
            told.append(line)
    return told


def _story_expected(events: list[dict], you: int | None = None, joined: bool = True) -> list[str]:
    """How the plain mode tells ``events``: a player's actions in a row (within a turn and
    phase; ``joined`` False: a spectator's, told as each is played) on one line after who chose
    them, what they caused indented below."""
    out, last = [], None  # last: (turn, phase, player) of the action line still open
    for e in events:
        key = (e.get("turn"), e.get("phase"))
        if e["kind"] != "action":
            out.append("  " + e["text"])
            last = None
        elif joined and last == (*key, e["player"]):
            out[-1] += "; " + e["text"]
        else:
            who = f"Player {e['player'] + 1}" + (" (you)" if e["player"] == you else "")
            out.append(f"{who}: {e['text']}")
            last = (*key, e["player"])
    return out


def _keep_state(monkeypatch, module) -> list:
    """Record the state every new_game of ``module`` returns."""
    states = []
    real = module.new_game

    def spy(*a, **k):
        states.append(real(*a, **k))
        return states[-1]

    monkeypatch.setattr(module, "new_game", spy)
    return states


@pytest.mark.parametrize("name", ["discovery", "settlers"])
def test_bot_game_tells_every_event_as_a_spectator(name, monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "1000")
    states = _keep_state(monkeypatch, get_adapter(name))
    assert cli.main(["play", name, "--players", "2", "--seats", "heuristic", "--seed", "6"]) == 0
    out = capsys.readouterr().out
    events = states[0].events(None)
    assert states[0].is_terminal() and len(events) > len(states[0].history["actions"]) - 1
    assert _story(out) == _story_expected(events, joined=False)
    word = "Round" if name == "settlers" else "Turn"
    headings = [line for line in out.splitlines() if re.match(rf"^{word} \d+ · ", line)]
    groups = []  # each change of turn or phase starts a heading
    for e in events:
        key = f"{word} {e['turn']} · {e['phase']}"
        if not groups or groups[-1] != key:
            groups.append(key)
    assert headings == groups
    assert headings[0].startswith(f"{word} 1 · ")


@pytest.mark.parametrize("name", ["discovery", "settlers"])
def test_human_hears_what_happened_since_their_previous_decision(name, monkeypatch, capsys):
    monkeypatch.setenv("COLUMNS", "1000")
    states = _keep_state(monkeypatch, get_adapter(name))
    chunks, answers = [], iter(["1"] * 6 + ["log", "quit", "quit"])

    def fake_input(prompt=""):
        chunks.append(capsys.readouterr().out)
        return next(answers)

    monkeypatch.setattr(builtins, "input", fake_input)
    assert (
        cli.main(["play", name, "--players", "2", "--seats", "heuristic,human", "--seed", "2"]) == 0
    )
    state = states[0]
    mine = state.events(1)  # seat 1's own view: its secrets, nobody else's
    decisions = [e["seq"] for e in mine if e["kind"] == "action" and e["player"] == 1]
    assert len(decisions) == 6
    bounds = [0, *decisions, len(mine)]
    for k in range(7):  # before decision k: from the previous decision (its own action) on
        told = [e for e in mine if bounds[k] <= e["seq"] < bounds[k + 1]]
        assert _story(chunks[k]) == _story_expected(told, you=1), k
    assert any(e["player"] == 0 for e in mine if e["kind"] == "action")  # the bot's moves too
    assert _story(chunks[7]) == _story_expected(mine[bounds[6] :], you=1)  # `log`: again
    assert "(you): " in chunks[1]


def _peeking(self, player=None, since=0):
    """A fake event log with a secret: each seat that takes coins peeks at its own card."""
    out = []
    for i, a in enumerate(self.actions):
        p = i % self.num_players
        out.append(
            {
                "kind": "action",
                "turn": i // self.num_players + 1,
                "phase": "Taking",
                "player": p,
                "text": a,
            }
        )
        card = f"card SECRET-{self.cards[p]}" if player == p else "a card"
        out.append(
            {
                "kind": "peek",
                "turn": i // self.num_players + 1,
                "phase": "Taking",
                "player": p,
                "text": f"Player {p + 1} looks at {card}.",
            }
        )
    return [dict(e, seq=i) for i, e in enumerate(out)][since:]


def test_narration_tells_a_seat_only_its_own_secrets(monkeypatch, capsys):
    from tests import fakegame

    monkeypatch.setattr(fakegame.FakeState, "events", _peeking, raising=False)
    _feed(monkeypatch, [], then="1")
    assert cli.main(["play", "fake", "--seats", "random,human,random", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Player 1 looks at a card." in out and "Player 3 looks at a card." in out
    secrets_told = re.findall(r"Player (\d) looks at card SECRET-\d", out)
    assert secrets_told and set(secrets_told) == {"2"}
    assert "Turn 1 · Taking" in out and "Player 2 (you): " in out


def test_loaded_game_is_told_from_the_humans_last_action(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("COLUMNS", "1000")
    save = tmp_path / "g.json"
    _feed(monkeypatch, ["1", "1", f"save {save}", "quit"])
    assert (
        cli.main(
            ["play", "discovery", "--players", "2", "--seats", "human,heuristic", "--seed", "4"]
        )
        == 0
    )
    capsys.readouterr()
    _feed(monkeypatch, ["quit"])
    assert cli.main(["play", "discovery", "--load", str(save), "--seats", "human,heuristic"]) == 0
    out = capsys.readouterr().out
    _, state = cli.load_saved(str(save))
    mine = state.events(0)
    last = [e["seq"] for e in mine if e["kind"] == "action" and e["player"] == 0][-1]
    assert _story(out) == _story_expected(mine[last:], you=0)


def test_replay_tells_the_events_of_each_action(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("COLUMNS", "1000")
    history = play_game("settlers", 2, 3, "heuristic", keep_history=True)["history"]
    path = tmp_path / "h.json"
    path.write_text(json.dumps(history))
    final = get_adapter("settlers").replay(history)
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "as a spectator" in out
    told = _told(out)
    assert told == _expected(final.events(None), first=1)
    assert told[-1][0] != "•" and sum(m.endswith(".") for m, _ in told) == len(history["actions"])
    assert cli.main(["replay", str(path), "--seat", "2"]) == 0
    out = capsys.readouterr().out
    assert "as seen by Player 2" in out
    assert _told(out) == _expected(final.events(1), you=1, first=1)
    for bad in ("0", "3", "-1"):
        assert cli.main(["replay", str(path), "--seat", bad]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "--seat must be from 1 to 2" in err


# ---- hostile save files (issue #11) ------------------------------------------------------------
def _deep(n: int) -> str:
    return "[" * n + "]" * n


@pytest.mark.parametrize("game_name", ["discovery", "settlers"])
@pytest.mark.parametrize(
    "content",
    [
        "[" * 100_000,
        '{"a": ' * 100_000,
        '{"game": "GAME", "config": {"num_players": 2}, "seed": 0, "actions": '
        + _deep(100_000)
        + "}",
        '{"game": "GAME", "config": {"num_players": 2}, "seed": 0, "actions": ['
        + _deep(200)
        + "]}",
        '{"game": "GAME", "config": {"num_players": 2}, "seed": 0, "actions": [], "state": '
        + _deep(5_000)
        + "}",
        '{"game": "GAME", "config": {"num_players": 2}, "seed": ' + "7" * 5000 + ', "actions": []}',
    ],
)
def test_deeply_nested_or_huge_save_files_are_one_line_errors(game_name, content, capsys, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text(content.replace("GAME", game_name))
    assert cli.main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("empires: error:") and err.count("\n") == 1 and "Traceback" not in err
    assert len(err) < 1000
    assert cli.main(["play", game_name, "--load", str(path), "--seats", "random,random"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("empires: error:") and err.count("\n") == 1 and "Traceback" not in err
    assert len(err) < 1000


# ---- the 2007 edition's start (issue #12) ------------------------------------------------------
def test_2007_order_auction_is_a_variant_flag(capsys):
    args = [
        "simulate",
        "discovery",
        "--players",
        "3",
        "--bots",
        "random",
        "--games",
        "2",
        "--jobs",
        "1",
        "--json",
        "--edition",
        "2007",
    ]
    assert cli.main([*args, "--variant", "order-auction"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["options"]["edition"] == "2007"
    assert report["options"]["variants"] == ["order-auction"]
    assert cli.main(args) == 0
    assert json.loads(capsys.readouterr().out)["options"]["variants"] == []
    assert cli.main([*args[:-2], "--variant", "order-auction"]) == 2  # the 2015 edition
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "order-auction variant is a 2007 rule" in err


# ---- games through their adapters (issue #21) ---------------------------------------------------


def test_each_game_is_a_subcommand_with_its_own_option_flags(capsys):
    args = ["simulate", "fake", "--players", "2", "--games", "2", "--jobs", "1", "--json"]
    assert cli.main([*args, "--rounds", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["options"] == {"rounds": 1}
    assert report["mean_decisions"] == 2  # one round of two seats: the flag reached the game
    # another game's flag is not this game's
    assert cli.main(["simulate", "discovery", "--players", "2", "--rounds", "1"]) == 2
    assert capsys.readouterr().err == "empires: error: discovery has no option --rounds\n"
    with pytest.raises(SystemExit) as exit_:
        cli.main(["simulate", "discovery", "--players", "2", "--bogus"])
    assert exit_.value.code == 2
    assert "unrecognized arguments: --bogus" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["play", "nogame"])
    assert "invalid choice: 'nogame'" in capsys.readouterr().err


def test_startup_notes_come_from_the_adapter(monkeypatch, capsys):
    fake = get_adapter("fake")
    monkeypatch.setattr(fake, "startup_notes", lambda state: [f"{state.num_players} seats here"])
    assert cli.main(["play", "fake", "--seats", "random,random", "--seed", "1"]) == 0
    assert "2 seats here" in capsys.readouterr().out


def test_bad_options_from_the_adapter_are_one_line_errors(monkeypatch, capsys):
    def refuse(args):
        raise ValueError("rounds must be positive")

    monkeypatch.setattr(get_adapter("fake"), "options_from_flags", refuse)
    assert cli.main(["simulate", "fake", "--players", "2", "--rounds", "-1"]) == 2
    err = capsys.readouterr().err
    assert err == "empires: error: rounds must be positive\n"


def test_simulate_and_tournament_play_imperial_settlers(capsys):
    common = ["--players", "2", "--games", "2", "--jobs", "1", "--json", "--seed", "3"]
    args = ["simulate", "settlers", "--bots", "heuristic,random", "--variant", "peaceful"]
    assert cli.main([*args, *common]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "settlers" and report["games"] == 2
    assert report["options"]["variants"] == ["peaceful"]
    assert [s["bot"] for s in report["seats"]] == ["heuristic", "random"]
    assert cli.main(["tournament", "settlers", "--bots", "heuristic,random", *common]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "settlers" and report["games"] == 2 and report["balanced"]
    assert {row["bot"] for row in report["standings"]} == {"heuristic", "random"}
