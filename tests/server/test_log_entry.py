"""A log entry made from the action the engine's check returned is the entry made from its words
(manager.log_entry's ``value``), for every legal action of random positions of both games."""

from __future__ import annotations

import pytest

from empires.core.adapter import get_adapter
from empires.core.rng import Rng
from empires.server.manager import log_entry


@pytest.mark.parametrize("game,players", [("discovery", 2), ("discovery", 4), ("settlers", 2)])
def test_an_entry_from_the_checked_action_equals_the_entry_from_its_words(game, players):
    state = get_adapter(game).new_game(players, seed=9)
    rng = Rng(9)
    entries = 0
    while not state.is_terminal() and entries < 400:
        seat = state.current_player
        for value in state.legal_actions():
            words = str(value)
            checked = state.check(words)
            assert log_entry(state, 3, seat, words, checked) == log_entry(state, 3, seat, words)
            entries += 1
        state.apply(rng.choice(state.legal_actions()))
    assert entries >= 400
