"""ISMCTS time budgets counted on CPU time (``clock=cpu``): how the strength benchmark compares a
budget on a busy machine with one measured on a free core. Tested with a controllable clock."""

from __future__ import annotations

import pytest

from empires.bots.ismcts import CLOCKS, ISMCTSBot, from_spec
from empires.discovery.game import new_game


def test_spec_names_the_clock():
    bot = from_spec("ismcts:0.2s:clock=cpu", 1)
    assert bot.clock == "cpu" and bot.seconds == 0.2
    assert bot._now is CLOCKS["cpu"]
    assert from_spec("ismcts:1s", 1).clock == "wall"
    with pytest.raises(ValueError, match="clock must be one of wall, cpu, got 'sundial'"):
        from_spec("ismcts:1s:clock=sundial", 1)


def test_budget_is_counted_on_the_chosen_clock():
    """Each reading of the (fake) clock advances it 0.25 s: a 1 s budget starting at 0.25 ends
    after the third iteration (0.75, 1.0 and then 1.25 read after iterations 1, 2 and 3)."""
    ticks = iter(x * 0.25 for x in range(1, 100))
    bot = ISMCTSBot(3, seconds=1.0, clock="cpu", rollout="random", gap=None, early_stop=None)
    bot._now = lambda: next(ticks)
    bot.search(new_game(2, seed=4))
    assert bot.last_iterations == 3
