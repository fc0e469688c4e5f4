"""The heuristic values every Capital Building by a rule read from the rules' own table.

A tile of a common effect shape (``data/buildings.toml``) is valued from its fields; the others
by a function of :data:`SPECIAL` or, deliberately, not at all (:data:`NOT_VALUED`). A tile with
none of these fails here instead of being silently worth 0 to the bot.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from empires.discovery import new_game
from empires.discovery.data import (
    BUILDER,
    BUILDING_INDEX,
    BUILDINGS,
    COLONIST,
    EndVp,
    OnBuy,
    WorkersEachTurn,
    building,
)
from empires.discovery.heuristic import NEXT_WORKER, _view
from empires.discovery.heuristic.buildings import (
    NOT_VALUED,
    SPECIAL,
    building_value,
    has_value_rule,
    shape_value,
)
from empires.discovery.options import Options


@pytest.mark.parametrize("info", BUILDINGS, ids=[b.id for b in BUILDINGS])
def test_every_building_has_a_value_rule(info):
    assert has_value_rule(info, NEXT_WORKER), f"no value rule for {info.id}"


def test_a_building_without_a_rule_is_reported():
    plain = replace(BUILDINGS[building("university")], id="new_tile", acts_in="benefits")
    assert not has_value_rule(plain, NEXT_WORKER)
    builders = replace(plain, workers_each_turn=WorkersEachTurn(BUILDER))  # issue #32: valued
    assert has_value_rule(builders, NEXT_WORKER)
    counted = replace(plain, end_vp=EndVp("no_such_count", 4))  # a count the bot does not grow
    assert not has_value_rule(counted, NEXT_WORKER)
    assert has_value_rule(replace(plain, money_each_turn=7), NEXT_WORKER)
    assert has_value_rule(replace(plain, workers_each_turn=WorkersEachTurn(COLONIST)), NEXT_WORKER)


def test_the_rule_tables_name_real_tiles_once():
    assert set(SPECIAL) <= set(BUILDING_INDEX) and NOT_VALUED <= set(BUILDING_INDEX)
    assert not set(SPECIAL) & NOT_VALUED


def test_special_rules_are_for_tiles_without_a_common_shape():
    """A tile valued by its own function has no effect-shape field the rules read instead."""
    for bid in SPECIAL:
        info = BUILDINGS[BUILDING_INDEX[bid]]
        shapes = (info.workers_each_turn, info.money_each_turn, info.goods_each_turn)
        shapes += (info.on_buy, info.money_per_good, info.end_vp)
        assert not any(shapes), bid


def test_shapes_are_valued_from_their_fields():
    game = new_game(3, seed=4)
    v = _view(game)
    t, m = v.turns_left, v.m
    assert t > 0 and m > 0
    post = BUILDINGS[building("trading_post")]
    assert building_value(v, "trading_post", 10, NEXT_WORKER) == 5 * m * t
    richer = replace(post, money_each_turn=7)
    assert shape_value(v, richer, 10, NEXT_WORKER) == 7 * m * t
    inca = replace(post, money_each_turn=0, on_buy=OnBuy(money=20))
    assert shape_value(v, inca, 10, NEXT_WORKER) == 20 * m
    settlers = BUILDINGS[building("settlers")]
    monastery = replace(settlers, workers_each_turn=WorkersEachTurn(3))  # a Missionary
    assert shape_value(v, monastery, 10, NEXT_WORKER) > shape_value(v, settlers, 10, NEXT_WORKER)
    navy = BUILDINGS[building("navy")]
    twice = replace(navy, end_vp=EndVp("merchant_ship", 8))
    v.ships[v.me] = 2
    assert shape_value(v, twice, 20, NEXT_WORKER) - shape_value(v, navy, 20, NEXT_WORKER) == 8


def test_every_tile_is_valued_builders_included():
    """Issue #32: no tile is left at 0 on purpose; the Builder tiles are worth something to a
    seat that can use them (turn 1 of a Builders game)."""
    assert not NOT_VALUED
    game = new_game(4, seed=2, options=Options(builders=True))
    v = _view(game)
    for bid in ("new_world_city", "stone_masonry", "new_world_capital_city", "smuggler"):
        assert building_value(v, bid, 10, NEXT_WORKER) > 0, bid
    for bid in ("trading_house", "reformation", "mayflower", "age_of_reason"):
        assert building_value(v, bid, 10, NEXT_WORKER) > 0, bid
    for bid in ("age_of_discovery", "mint"):  # more with what they count
        assert building_value(v, bid, 10, NEXT_WORKER) > 0, bid


def test_the_2007_factory_pays_25_a_turn():
    """Issue #32: the Factory is valued with its edition's income ($25 in 2007, $30 in 2015)."""
    v15 = _view(new_game(4, seed=3))
    v07 = _view(new_game(4, seed=3, options=Options(edition="2007")))
    assert v07.edition == "2007" and v15.edition == "2015"
    assert (v15.turns_left, v15.m) == (v07.turns_left, v07.m)
    f15 = building_value(v15, "factory", 20, NEXT_WORKER)
    f07 = building_value(v07, "factory", 20, NEXT_WORKER)
    assert f15 == 5 + 30 * v15.m * v15.turns_left
    assert f07 == 5 + 25 * v07.m * v07.turns_left
