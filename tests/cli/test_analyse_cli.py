"""``empires analyse``: a saved game or a finished game of the web app's database, analysed with
an iteration budget (reproducibly), its JSON, graph and errors."""

from __future__ import annotations

import json

import pytest

from empires.bots import analysis as coach
from empires.bots import make_bot
from empires.cli import main
from empires.core.adapter import get_adapter
from empires.server.db import Store
from empires.server.manager import build_game


def played(game: str, players: int, seed: int, actions: int | None = None):
    """A game of heuristic bots: to the end, or ``actions`` actions in."""
    state = get_adapter(game).new_game(players, seed)
    bots = [make_bot("heuristic", game, seed + p) for p in range(players)]
    while not state.is_terminal() and (actions is None or len(state.history["actions"]) < actions):
        state.apply(bots[state.current_player].choose(state))
    return state


def run_json(capsys, *argv: str) -> dict:
    assert main(["analyse", *argv, "--json", "-"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("game,actions", [("discovery", 24), ("settlers", 12)])
def test_a_save_is_analysed_for_its_human_seat_reproducibly(tmp_path, capsys, game, actions):
    state = played(game, 2, 5, actions)
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**state.to_json(), "seats": ["heuristic", "human"]}))
    data = run_json(capsys, str(path), "--iterations", "4", "--seed", "2")
    assert data["game"] == game and data["iterations"] == 4 and data["seed"] == 2
    assert data["seats"] == ["P1 (heuristic)", "P2 (human)"]
    todo = coach.decisions_to_analyse(game, state.history, [1])
    assert [d["index"] for d in data["decisions"]] == todo and todo
    assert data["summary"][1]["analysed"] == len(todo) and data["summary"][0]["analysed"] == 0
    # The same as the library's analysis of the saved history (reproducible for the budget).
    direct = coach.analyse_history(game, state.history, seats=[1], iterations=4, seed=2)
    assert data["decisions"] == direct.to_json()["decisions"]
    # --seats overrides the human seats.
    both = run_json(capsys, str(path), "--iterations", "2", "--seats", "1,2")
    assert {d["player"] for d in both["decisions"]} == {0, 1}


def test_the_table_the_json_file_and_the_graph(tmp_path, capsys):
    state = played("discovery", 2, 7, 30)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state.history))  # a bare history: every seat analysed
    out, png = tmp_path / "analysis.json", tmp_path / "analysis.png"
    argv = [str(path), "--iterations", "4", "--json", str(out), "--plot", str(png)]
    assert main(["analyse", *argv]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "decisions analysed (4 search iterations each, seed 0)" in text
    assert "Summary" in text and "inaccuracy 5%, mistake 10%, blunder 20%" in text
    data = json.loads(out.read_text())
    assert {d["player"] for d in data["decisions"]} == {0, 1}
    for d in data["decisions"]:
        if d["verdict"] != "ok":
            assert f"#{d['index'] + 1} P{d['player'] + 1}: {d['verdict']}" in text
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000


def test_a_finished_web_game_is_read_from_the_database(tmp_path, capsys):
    url = f"sqlite:///{tmp_path / 'web.db'}"
    done: list[int] = []
    state = played("settlers", 2, 3)
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "heuristic"}]
    new = build_game("settlers", seats, None, 3, state.history["actions"])
    unfinished = build_game("settlers", seats, None, 3, state.history["actions"][:20])
    store = Store(url)
    store.migrate()
    store.create_game(new.row)
    store.create_game(unfinished.row)
    store.close()
    assert new.row.status == "finished"
    data = run_json(capsys, new.row.id, "--db", url, "--iterations", "3")
    assert data["seats"] == ["P1 (Ann)", "P2 (Heuristic bot)"]
    assert {d["player"] for d in data["decisions"]} == {0}  # the human seat
    # the same analysis as from the history itself: its first decisions (each decision is
    # searched on its own, with its own seed, so a prefix is enough and half the time)
    first = 4
    direct = coach.analyse_history(
        "settlers",
        state.history,
        seats=[0],
        iterations=3,
        should_stop=lambda: len(done) >= first,
        progress=lambda n, total: done.append(n) if n else None,
    )
    assert len(data["decisions"]) > first
    assert data["decisions"][:first] == direct.to_json()["decisions"]
    assert main(["analyse", unfinished.row.id, "--db", url]) == 2
    assert "is not finished (active)" in capsys.readouterr().err
    assert main(["analyse", "nosuchgame", "--db", url]) == 2
    assert "no game 'nosuchgame'" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv,message",
    [
        (["nosuchgame", "--db", "sqlite:///{tmp}/absent.db"], "there is no database file"),
        (["{save}", "--seats", "3"], "--seats takes player numbers from 1 to 2"),
        (["{save}", "--iterations", "0"], "--iterations must be at least 1"),
        (["{save}", "--cpu-per-decision", "-1"], "--cpu-per-decision must be a number of seconds"),
        (["{save}", "--cpu-per-decision", "nan"], "--cpu-per-decision must be a number of seconds"),
        (["{tmp}/notjson.json"], "not valid JSON"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(tmp_path, capsys, argv, message):
    save = tmp_path / "game.json"
    save.write_text(json.dumps(played("discovery", 2, 1, 10).history))
    (tmp_path / "notjson.json").write_text("{oops")
    argv = [a.format(tmp=tmp_path, save=save) for a in argv]
    assert main(["analyse", *argv]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "absent.db").exists()  # nothing created


def test_the_graph_draws_every_seat_s_chance_to_win_from_the_analysis():
    from empires.sim.analysis_plot import draw_analysis, win_series
    from empires.sim.report import _pyplot

    history = played("discovery", 2, 9, 24).history
    data = coach.analyse_history("discovery", history, iterations=3).to_json()
    series = win_series(data)
    assert len(series) == 2
    for p, (xs, ys) in enumerate(series):
        assert xs == [d["index"] + 1 for d in data["decisions"]]
        assert ys == [d["win"][p] for d in data["decisions"]]
    plt = _pyplot()
    fig, ax = plt.subplots()
    try:
        draw_analysis(ax, data, ["Ann", "Bob"])
        lines = {line.get_label(): list(line.get_ydata()) for line in ax.get_lines()}
        assert lines["Ann"] == series[0][1] and lines["Bob"] == series[1][1]
        flagged = [d for d in data["decisions"] if d["verdict"] != "ok"]
        assert len(ax.get_lines()) == 2 + len(flagged)  # one mark per flagged decision
    finally:
        plt.close(fig)


def test_the_progress_goes_to_stderr_a_line_now_and_then(tmp_path, capsys):
    """Not at a terminal (here): "analysed k of n decisions" lines on stderr, the last k = n;
    the analysis itself calls its progress callback once per decision, after a (0, n)."""
    state = played("discovery", 2, 5, 30)
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**state.to_json(), "seats": ["heuristic", "human"]}))
    calls: list[tuple[int, int]] = []
    coach.analyse_history(
        "discovery",
        state.history,
        seats=[1],
        iterations=2,
        progress=lambda d, t: calls.append((d, t)),
    )
    n = len(coach.decisions_to_analyse("discovery", state.history, [1]))
    assert n > 1 and calls == [(k, n) for k in range(n + 1)]
    assert main(["analyse", str(path), "--iterations", "2"]) == 0
    out, err = capsys.readouterr()
    said = [line for line in err.splitlines() if line.startswith("analysed ")]
    assert said and said[-1] == f"analysed {n} of {n} decisions" and len(said) <= 11
    assert not any(line.startswith("analysed ") for line in out.splitlines())
    assert "\x1b[" not in err
    data = run_json(capsys, str(path), "--iterations", "2")  # stdout stays the JSON alone
    assert len(data["decisions"]) == n


def test_at_a_terminal_the_progress_is_a_bar(tmp_path, monkeypatch):
    """At a terminal: a bar with the decisions done of all, not the lines of a pipe."""
    import io

    from rich.console import Console

    from empires.cli import analyse

    state = played("discovery", 2, 5, 30)
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**state.to_json(), "seats": ["heuristic", "human"]}))
    screen = io.StringIO()
    terminal = Console(file=screen, force_terminal=True, width=100)
    monkeypatch.setattr(analyse, "progress_console", lambda: terminal)
    assert (
        main(["analyse", str(path), "--iterations", "2", "--json", str(tmp_path / "a.json")]) == 0
    )
    n = len(coach.decisions_to_analyse("discovery", state.history, [1]))
    drawn = screen.getvalue()
    assert "Analysing" in drawn and f"{n}/{n}" in drawn and "decisions" in drawn
    assert "analysed " not in drawn  # not the lines of a pipe


def test_the_cpu_ceiling_reaches_the_analysis(tmp_path, capsys, monkeypatch):
    """--cpu-per-decision is the analysis's ceiling: here a clock on which every reading costs
    a second, so each decision is cut short (and says so in the JSON); 0 sets none."""
    state = played("discovery", 2, 5, 16)
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**state.to_json(), "seats": ["human", "heuristic"]}))
    ticks = iter(range(10**9))
    monkeypatch.setattr(coach, "CPU_CLOCK", lambda: float(next(ticks)))
    cut = run_json(capsys, str(path), "--iterations", "60", "--cpu-per-decision", "0.5")
    assert cut["decisions"] and cut["budget_cut"] > 0
    free = run_json(capsys, str(path), "--iterations", "4", "--cpu-per-decision", "0")
    assert free["budget_cut"] == 0 and len(free["decisions"]) == len(cut["decisions"])
