"""Every decision kind of each game has a scorer in its heuristic: a kind the heuristic has no
rule for fails here instead of being silently worth 0."""

from __future__ import annotations

import pytest

from empires.discovery import heuristic as discovery_heuristic
from empires.discovery.decision_table import TABLE as DISCOVERY_DECISIONS
from empires.settlers import heuristic as settlers_heuristic
from empires.settlers.decision_table import TABLE as SETTLERS_DECISIONS


def test_every_discovery_decision_kind_has_a_scorer():
    kinds = DISCOVERY_DECISIONS.kinds()
    assert len(kinds) >= 47
    missing = sorted(set(kinds) - set(discovery_heuristic.SCORERS))
    assert not missing, f"decision kinds without a scorer: {missing}"
    for kind, scorer in discovery_heuristic.SCORERS.items():
        if isinstance(scorer, str):  # a method of HeuristicBot
            assert callable(getattr(discovery_heuristic.HeuristicBot, scorer, None)), kind
        else:
            assert callable(scorer), kind
    assert set(discovery_heuristic.UNSCORED) <= set(kinds)


def test_every_settlers_decision_kind_has_a_scorer():
    kinds = SETTLERS_DECISIONS.kinds()
    missing = sorted(set(kinds) - settlers_heuristic.SCORED_DECISIONS)
    assert not missing, f"decision kinds without a scorer: {missing}"


def test_a_decision_without_a_scorer_is_refused():
    class Unknown:
        decision = {"kind": "no_such_kind"}
        current_player = 0

        def legal_actions(self):
            return ["a", "b"]

    with pytest.raises(ValueError, match="no scorer for the decision kind 'no_such_kind'"):
        discovery_heuristic.HeuristicBot(0).action_scores(Unknown())
    with pytest.raises(ValueError, match="no scorer for the decision kind 'no_such_kind'"):
        settlers_heuristic.SettlersHeuristicBot(0).action_scores(Unknown())
