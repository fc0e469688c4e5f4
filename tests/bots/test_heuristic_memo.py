"""The heuristic's memory between decisions (heuristic/memo.py, issue #20): a bot that keeps the
values of a seat's last view scores every action exactly as a bot that computes afresh, in real
games and in the rollout-like use where one bot plays many determinizations in turn."""

from __future__ import annotations

import pytest

from empires.core.rng import Rng
from empires.discovery.game import new_game
from empires.discovery.heuristic import HeuristicBot
from empires.discovery.heuristic.memo import kept_key, stable_key
from empires.discovery.options import Options

OPTION_SETS = [
    (2, Options()),
    (4, Options()),
    (3, Options(builders=True, buy_vp=True, variants=("scouting",))),
    (5, Options(edition="2007", builders=True)),
]


@pytest.mark.parametrize("num_players,options", OPTION_SETS)
def test_remembering_bot_scores_as_a_fresh_one(num_players, options):
    game = new_game(num_players, seed=7 + num_players, options=options)
    remembering = HeuristicBot(1)
    fresh = HeuristicBot(1, remember=False)
    compared = reused = 0
    while not game.is_terminal():
        if len(game.legal_actions()) > 1:
            me = game.current_player
            last = remembering._last.get(me)
            reused += last is not None and last[0] == stable_key(game.s, me)
            assert remembering.action_scores(game) == fresh.action_scores(game)
            compared += 1
        game.apply(remembering.choose(game))
    assert compared > 100
    assert reused > compared // 4  # the memory is used (Phase 1: most placements)


def test_one_bot_across_determinizations_scores_as_fresh_ones():
    """Rollouts: one policy bot plays different determinized copies in turn (the copies share
    what the seat sees, not the hidden parts); its scores stay a fresh bot's."""
    game = new_game(4, seed=3)
    bot = HeuristicBot(5)
    rng = Rng(11)
    for _ in range(30):  # into the game
        game.apply(bot.choose(game))
    compared = 0
    for i in range(6):
        d = game.determinize(game.current_player, rng)
        for _ in range(60 + 10 * i):
            if d.is_terminal():
                break
            if len(d.legal_actions()) > 1:
                assert bot.action_scores(d) == HeuristicBot(0, remember=False).action_scores(d)
                compared += 1
            d.apply(bot.choose(d))
    assert compared > 200


def test_stable_key_names_what_the_values_read():
    """A change to a field the remembered values read changes the key; a placement changes
    only the event boxes and the available workers, which the key leaves out."""
    game = new_game(2, seed=1)
    me = game.current_player
    key = stable_key(game.s, me)
    copy = game.clone()
    copy.s.region_workers[0][me][0] += 1
    assert stable_key(copy.s, me) != key
    copy = game.clone()
    copy.s.goods[me][0] += 1
    assert stable_key(copy.s, me) != key
    copy = game.clone()
    copy.s.avail[me][0] -= 1
    copy.s.shipping.append([me, 0])
    assert stable_key(copy.s, me) == key


def test_kept_key_is_a_copy_that_reuses_equal_parts():
    """The key holds the state's own lists; the kept copy does not follow later changes, and
    the parts equal to an earlier copy are taken from it rather than copied again."""
    game = new_game(2, seed=1)
    me = game.current_player
    kept = kept_key(stable_key(game.s, me))
    assert kept == stable_key(game.s, me)
    game.s.region_workers[0][me][0] += 1
    assert kept != stable_key(game.s, me)
    game.s.region_workers[0][me][0] -= 1
    again = kept_key(stable_key(game.s, me), kept)
    assert again == kept
    assert again[16] is kept[16]
    game.s.money[me] += 1
    moved = kept_key(stable_key(game.s, me), kept)
    assert moved != kept
    assert moved[16] is kept[16]  # the board did not change: its copy is shared
    assert moved[4] == game.s.money and moved[4] is not game.s.money
