"""Warfare's short-cut tests (is any battle / war possible at all), used on every Warfare turn, say
what the full lists say (issue #20: they stop at the first region found)."""

from __future__ import annotations

from empires.discovery import warfare
from empires.discovery.game import new_game
from empires.discovery.heuristic import HeuristicBot
from empires.discovery.options import Options

OPTION_SETS = [
    (2, Options()),
    (4, Options()),
    (3, Options(builders=True, variants=("scouting",))),
    (5, Options(edition="2007", builders=True)),
]


def test_warfare_existence_tests_agree_with_the_lists():
    """The engine's short-cut tests (is any battle / war possible) say what the lists say."""
    for n, options in OPTION_SETS:
        game = new_game(n, seed=21 + n, options=options)
        bot = HeuristicBot(2)
        checked = 0
        while not game.is_terminal():
            s = game.s
            for a in range(n):
                assert warfare.any_battle(s, a) == bool(warfare.battle_regions(s, a))
                assert warfare.any_war(s, a) == bool(warfare.war_targets(s, a))
                checked += warfare.any_battle(s, a)
            game.apply(bot.choose(game))
        assert checked > 0 or n == 2
