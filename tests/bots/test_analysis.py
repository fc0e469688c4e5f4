"""The coach (empires.bots.analysis): hints and the analysis of a game read only what the deciding
seat could see, are reproducible for a seed and an iteration budget, and judge moves by the
documented thresholds."""

from __future__ import annotations

import json

import pytest

from empires.bots import analysis as an
from empires.bots import make_bot
from empires.core.adapter import get_adapter
from empires.core.rng import Rng


def position(game: str, players: int, seed: int, steps: int):
    """A game after ``steps`` actions of heuristic bots, at a decision with a choice."""
    state = get_adapter(game).new_game(players, seed)
    bots = [make_bot("heuristic", game, seed + p) for p in range(players)]
    done = 0
    while not state.is_terminal() and (done < steps or len(state.legal_actions()) < 2):
        state.apply(bots[state.current_player].choose(state))
        done += 1
    assert not state.is_terminal()
    return state


def twin(state):
    """Another true state the seat to move cannot tell from ``state``: its hidden cards dealt
    again (the other players' hands, decks, face-down counters)."""
    me = state.current_player
    other = state.determinize(me, Rng(987654321))
    assert other.observation(me) == state.observation(me)
    assert other.to_json() != state.to_json()  # the hidden information really differs
    return other


# ---- thresholds ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "loss,expected",
    [
        (0.0, "ok"),
        (0.0499, "ok"),
        (0.05, "inaccuracy"),
        (0.0999, "inaccuracy"),
        (0.10, "mistake"),
        (0.1999, "mistake"),
        (0.20, "blunder"),
        (0.9, "blunder"),
    ],
)
def test_verdict_thresholds(loss, expected):
    assert an.verdict(loss) == expected
    assert (an.INACCURACY, an.MISTAKE, an.BLUNDER) == (0.05, 0.10, 0.20)


# ---- hints -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("game,steps", [("discovery", 30), ("settlers", 12)])
def test_hint_lists_up_to_three_legal_moves_best_first(game, steps):
    state = position(game, 2, 4, steps)
    h = an.hint(state, iterations=20, seed=1)
    legal = [str(a) for a in state.legal_actions()]
    assert h.player == state.current_player and h.iterations == 20
    assert 1 <= len(h.moves) <= 3 and len(h.moves) == min(3, len(legal))
    assert all(m.action in legal and 0.0 <= m.value <= 1.0 and m.description for m in h.moves)
    assert len({m.action for m in h.moves}) == len(h.moves)
    visits = [m.visits for m in h.moves]
    assert visits == sorted(visits, reverse=True)
    assert h.reason.endswith(".") and "%" in h.reason
    assert json.loads(json.dumps(h.to_json()))["moves"][0]["action"] == h.moves[0].action


@pytest.mark.parametrize("game,players,steps", [("discovery", 2, 40), ("settlers", 2, 15)])
def test_hint_is_the_same_for_every_state_the_seat_cannot_tell_apart(game, players, steps):
    state = position(game, players, 8, steps)
    other = twin(state)
    assert an.hint(state, iterations=15, seed=3) == an.hint(other, iterations=15, seed=3)


def test_hint_of_a_three_player_settlers_game_reads_no_hidden_card():
    state = position("settlers", 3, 9, 20)
    assert an.hint(state, iterations=12, seed=2) == an.hint(twin(state), iterations=12, seed=2)


def test_hint_seed_matters_and_a_finished_game_is_refused():
    state = position("discovery", 2, 4, 30)
    a = an.hint(state, iterations=20, seed=1)
    assert a == an.hint(state, iterations=20, seed=1)
    assert a != an.hint(state, iterations=20, seed=2)
    with pytest.raises(ValueError, match="iterations"):
        an.hint(state, iterations=0)


def _by_id(value) -> bool:
    """Whether a message still names a component by id (a hint's needs its printed name)."""
    from empires.core.messages import COMPONENTS

    if isinstance(value, list):
        return any(_by_id(v) for v in value)
    if not isinstance(value, dict):
        return False
    if "msg" in value:
        return any(_by_id(v) for v in (value.get("args") or {}).values())
    if "list" in value:
        return _by_id(value["list"])
    return len(value) == 1 and next(iter(value)) in COMPONENTS


@pytest.mark.parametrize("game,steps", [("discovery", 30), ("settlers", 12)])
def test_a_hints_reason_reads_in_every_language(game, steps):
    """The English reason is its clauses (``reason_parts``) joined; in Spanish, Italian and
    Portuguese every clause comes from the catalogue, its percentages written the language's way,
    and the moves in their printed words."""
    from empires import i18n

    h = an.hint(position(game, 2, 4, steps), iterations=20, seed=1)
    english = h.to_json()
    assert h.reason_parts and h.reason == an.reason_text(h.reason_parts)
    assert an.hint_in(english, "en") is english
    for lang in ("es", "it", "pt"):
        local = an.hint_in(english, lang)
        assert local["reason"] == an.reason_text(h.reason_parts, lang) != h.reason
        for part in h.reason_parts:
            assert i18n.translate(part["text"], lang) != part["text"], (lang, part["text"])
        for move, mine in zip(english["moves"], local["moves"], strict=True):
            assert move["message"] and not _by_id(move["message"])  # told with no game
            assert move["description"] == i18n.render(move["message"])
            assert mine["description"] == i18n.render(move["message"], lang)
            missing: list = []
            i18n.render(move["message"], lang, missing=missing)
            assert not missing, (lang, missing)
            assert (mine["action"], mine["value"]) == (move["action"], move["value"])
        assert english["reason"] == h.reason  # the English hint is left as it was


def test_a_hints_percentages_and_margins_as_each_language_writes_them():
    parts = [
        {
            "text": an.TRIED_MOST_AHEAD,
            "vars": {"n": 7, "total": 20, "chance": 0.534, "next_chance": 0.25},
        },
        {"text": an.HEURISTIC_AGREES, "vars": {"margin": 1.25}},
    ]
    english = an.reason_text(parts)
    assert "53%" in english and "25%" in english and "+1.2 VP" in english and english.endswith(".")
    spanish = an.reason_text(parts, "es")
    assert "53\u00a0%" in spanish and "1,2" in spanish and "search" not in spanish
    assert an.reason_text([], "es") == ""


# ---- the analysis of one decision --------------------------------------------------------------------
@pytest.mark.parametrize("game,steps", [("discovery", 35), ("settlers", 10)])
def test_decision_analysis_is_the_same_for_every_state_the_seat_cannot_tell_apart(game, steps):
    state = position(game, 2, 6, steps)
    chosen = state.legal_actions()[-1]
    a = an.analyse_decision(state, chosen, 7, iterations=15, seed=5)
    b = an.analyse_decision(twin(state), str(chosen), 7, iterations=15, seed=5)
    assert a == b
    assert a.index == 7 and a.player == state.current_player
    assert a.chosen.action == str(chosen)
    assert a.loss == max(0.0, round(a.best.value - a.chosen.value, 4))
    assert a.verdict == an.verdict(a.loss)
    assert len(a.win) == 2 and all(0.0 <= w <= 1.0 for w in a.win)


def test_an_illegal_choice_is_refused():
    state = position("discovery", 2, 6, 35)
    with pytest.raises(ValueError, match="not a legal action"):
        an.analyse_decision(state, "no such move", 0, iterations=5)


# ---- the analysis of a stored game -------------------------------------------------------------------
def short_history(game: str, actions: int) -> dict:
    state = get_adapter(game).new_game(2, 21)
    bots = [make_bot("heuristic", game, 30 + p) for p in range(2)]
    for _ in range(actions):
        state.apply(bots[state.current_player].choose(state))
    return state.history


@pytest.mark.parametrize("game,actions", [("discovery", 30), ("settlers", 14)])
def test_analysis_of_a_stored_game_is_reproducible(game, actions):
    history = json.loads(json.dumps(short_history(game, actions)))  # as a save stores it
    calls: list[tuple[int, int]] = []
    a = an.analyse_history(
        game, history, seats=[0], iterations=10, seed=4, progress=lambda d, t: calls.append((d, t))
    )
    b = an.analyse_history(game, history, seats=[0], iterations=10, seed=4)
    assert a == b
    todo = an.decisions_to_analyse(game, history, [0])
    assert [d.index for d in a.decisions] == todo and todo
    assert all(d.player == 0 for d in a.decisions)
    assert calls[0] == (0, len(todo)) and calls[-1] == (len(todo), len(todo))
    s0, s1 = a.summary
    assert s0["analysed"] == len(todo) and s1["analysed"] == 0
    assert s0["mistakes"] == sum(d.verdict == "mistake" for d in a.decisions)
    assert s0["inaccuracies"] == sum(d.verdict == "inaccuracy" for d in a.decisions)
    data = json.loads(json.dumps(a.to_json()))
    assert an.GameAnalysis.from_json(data) == a
    assert data["iterations"] == 10 and data["seed"] == 4 and data["game"] == game


def test_analysis_stops_when_asked_and_checks_its_seats():
    history = short_history("discovery", 30)
    a = an.analyse_history("discovery", history, iterations=5, should_stop=lambda: True)
    assert a.decisions == [] and a.summary[0]["analysed"] == 0
    with pytest.raises(ValueError, match="no seat 5"):
        an.analyse_history("discovery", history, seats=[5], iterations=5)


def test_summary_counts_verdicts():
    move = an.MoveValue("a", "A", 0.5, 1)

    def dec(player: int, loss: float) -> an.DecisionAnalysis:
        return an.DecisionAnalysis(0, player, move, move, loss, an.verdict(loss), [0.5, 0.5])

    rows = an.summarise([dec(0, 0.0), dec(0, 0.06), dec(0, 0.25), dec(1, 0.12)], 2)
    assert rows[0] == {
        "player": 0,
        "analysed": 3,
        "inaccuracies": 1,
        "mistakes": 0,
        "blunders": 1,
        "mean_loss": round(0.31 / 3, 4),
    }
    assert rows[1]["mistakes"] == 1 and rows[1]["analysed"] == 1
