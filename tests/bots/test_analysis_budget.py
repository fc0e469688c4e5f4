"""The CPU budget of a post-game analysis (issue #32: an 86-decision game in 2 CPU-minutes):
shared among the decisions by the playout lengths ahead of them, passed on when unused, a
ceiling that changes nothing below it and stops searches and comparisons above it. The clock is
replaced by a counter, so nothing here depends on the machine's speed."""

from __future__ import annotations

import pytest

from empires.bots import analysis as an
from empires.bots import make_bot
from empires.bots.coach_budget import RESERVE, SLACK, CpuBudget, decision_weights
from empires.core.adapter import get_adapter


class FakeClock:
    """CPU seconds that advance by ``step`` each time they are read."""

    def __init__(self, step: float = 0.0) -> None:
        self.now = 100.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_a_decision_s_share_follows_its_weight_and_unused_time_passes_on():
    clock = FakeClock()
    weights = {i: 1.0 for i in range(100)} | {100: 2.0, 101: 3.0}
    budget = CpuBudget(105.0, weights, clock)
    fair = 105.0 / 105
    assert budget.share(0) == pytest.approx(SLACK * fair)  # may borrow from those to come
    clock.now += 0.5  # used 0.5: the rest is shared by those to come
    assert budget.share(1) == pytest.approx(SLACK * 104.5 / 104)
    for i in range(2, 100):
        budget.share(i)  # each took nothing
    # near the end: the last but one may not take what the last needs (RESERVE of its share)
    left, fair = 104.5, 104.5 * 2 / 5
    assert budget.share(100) == pytest.approx(left - RESERVE * (left - fair))
    clock.now += 200.0  # over budget: nothing left for the last
    assert budget.share(101) == 0.0
    with pytest.raises(ValueError, match="positive"):
        CpuBudget(0.0, {1: 1.0}, clock)


def test_early_decisions_weigh_more_their_playouts_being_longer():
    weights = decision_weights([0, 50, 99], 100)
    assert weights[0] > weights[50] > weights[99] >= 10.0  # a tenth of the game at least
    assert weights[0] == 110.0 and weights[99] == 11.0


def history(game: str, actions: int) -> dict:
    state = get_adapter(game).new_game(2, 21)
    bots = [make_bot("heuristic", game, 30 + p) for p in range(2)]
    for _ in range(actions):
        state.apply(bots[state.current_player].choose(state))
    return state.history


@pytest.mark.parametrize("game,actions", [("discovery", 10), ("settlers", 6)])
def test_below_its_ceiling_the_budget_changes_nothing(monkeypatch, game, actions):
    h = history(game, actions)
    free = an.analyse_history(game, h, seats=[0], iterations=8, seed=4)
    monkeypatch.setattr(an, "CPU_CLOCK", FakeClock(0.0))  # no time passes
    capped = an.analyse_history(game, h, seats=[0], iterations=8, seed=4, cpu_per_decision=1.0)
    assert capped == free and capped.budget_cut == 0 and capped.decisions


def test_over_its_ceiling_searches_and_comparisons_stop_with_a_verdict_each(monkeypatch):
    h = history("discovery", 16)
    clock = FakeClock(0.01)  # every reading costs 10 ms: a budget of 1 ms a decision is spent
    monkeypatch.setattr(an, "CPU_CLOCK", clock)
    searched: list[int] = []
    search = an._search

    def counted(*args, **kwargs):
        found = search(*args, **kwargs)
        searched.append(found.iterations)
        return found

    monkeypatch.setattr(an, "_search", counted)
    a = an.analyse_history("discovery", h, seats=[0], iterations=200, seed=4, cpu_per_decision=1e-3)
    todo = an.decisions_to_analyse("discovery", h, [0])
    assert [d.index for d in a.decisions] == todo and a.budget_cut > 0
    assert all(n < 100 for n in searched)  # no search spent its 100 iterations
    for d in a.decisions:
        assert d.verdict == an.verdict(d.loss)
        if d.best != d.chosen:  # compared: at least MIN_ROUNDS rounds, not the 100 allowed
            assert an.MIN_ROUNDS <= d.chosen.visits == d.best.visits < 100
    assert an.GameAnalysis.from_json(a.to_json()) == a


def test_a_decision_s_seconds_stop_its_search():
    state = get_adapter("discovery").new_game(2, 4)
    while len(state.legal_actions()) < 3:
        state.apply(state.legal_actions()[0])
    found = an._search(state, 400, 3, deadline=an.CPU_CLOCK() - 1.0)  # already past
    assert found.iterations == 1 and found.cut
    found = an._search(state, 6, 3)
    assert found.iterations <= 6 and not found.cut
