"""One table per building (``data/buildings.toml``) and one per edition (``data/editions.toml``).

The common effect shapes are fields the rules read; every tile has exactly one way its effect
reaches the rules (a field, a function of :mod:`empires.discovery.buildings`, or the module of
the moment it acts in), and the 2007 rules (ruling 17) are read from the edition table alone.
The behaviour of each tile is tested in ``test_buildings.py``, ``test_builders.py`` and
``test_edition_2007.py``.
"""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest

from empires.discovery import Options
from empires.discovery.benefits import acts_in_phase_4
from empires.discovery.buildings import BENEFIT, ON_BUY
from empires.discovery.data import (
    ACTS_IN,
    BUILDING_INDEX,
    BUILDINGS,
    EDITIONS,
    END_VP_COUNTS,
    GOOD_IDS,
    _shapes,
    building,
)
from empires.discovery.scoring import END_VP_COUNT, building_vp_of, end_vp
from tests.discovery.helpers import fresh, give_building, give_good, give_ships

RAW = tomllib.loads(
    resources.files("empires.discovery").joinpath("data", "editions.toml").read_text()
)["edition"]
SHAPED_EACH_TURN = ("workers_each_turn", "money_each_turn", "goods_each_turn")


def _every_edition_tile():
    return [(e.name, info) for e in EDITIONS.values() for info in e.buildings]


def test_every_immediate_tile_acts_on_purchase_by_a_field_or_a_function():
    for info in BUILDINGS:
        if info.type == "immediate":
            assert (info.on_buy is not None) != (info.id in ON_BUY), info.id


def test_an_on_buy_field_and_an_on_buy_function_are_never_both_given():
    for info in BUILDINGS:
        assert not (info.on_buy is not None and info.id in ON_BUY), info.id


@pytest.mark.parametrize(
    ("edition", "info"),
    _every_edition_tile(),
    ids=[f"{e}-{b.id}" for e, b in _every_edition_tile()],
)
def test_every_tile_acting_in_phase_4_has_a_field_or_a_function(edition, info):
    shaped = any(getattr(info, f) for f in SHAPED_EACH_TURN)
    shaped = shaped or (info.money_per_good is not None and info.acts_in == "benefits")
    if acts_in_phase_4(info):
        assert shaped != (info.id in BENEFIT), (edition, info.id)


def test_phase_4_functions_belong_to_tiles_that_act_in_phase_4_in_some_edition():
    phase_4 = {info.id for _, info in _every_edition_tile() if acts_in_phase_4(info)}
    assert set(BENEFIT) <= phase_4


def test_every_ongoing_tile_has_an_effect_shape_or_names_its_moment():
    for info in BUILDINGS:
        if info.type == "ongoing":
            shaped = any(getattr(info, f) for f in SHAPED_EACH_TURN)
            assert shaped or info.acts_in in ACTS_IN, info.id


def test_every_one_time_tile_scores_at_the_end_or_names_its_moment():
    for info in BUILDINGS:
        if info.type == "one_time":
            assert (info.end_vp is not None) != bool(info.acts_in), info.id


def test_every_end_vp_count_is_counted_by_the_rules():
    assert set(END_VP_COUNTS) == set(END_VP_COUNT)
    assert {info.end_vp.per for info in BUILDINGS if info.end_vp} <= set(END_VP_COUNT)


def test_the_shapes_read_what_the_printed_texts_say():
    """A sample of the fields against the tile texts of Appendix II."""
    info = BUILDINGS[building("trading_post")]
    assert info.money_each_turn == 5 and "+$5 each turn" in info.text
    info = BUILDINGS[building("navigator")]
    assert (info.workers_each_turn.worker, info.workers_each_turn.to) == (1, "discovery")
    info = BUILDINGS[building("population")]
    assert (info.end_vp.per, info.end_vp.vp, info.end_vp.every) == ("new_world_worker", 1, 2)
    info = BUILDINGS[building("mint")]
    assert [GOOD_IDS[g] for g in info.money_per_good.goods] == ["gold", "silver"]
    assert BUILDINGS[building("spoils_goods")].on_buy.goods == 2


def test_end_vp_from_the_table():
    game = fresh(3)
    s = game.s
    give_building(game, 0, "navy")
    give_ships(game, 0, 3)
    navy = BUILDINGS[building("navy")]
    assert end_vp(s, 0, navy) == 12 == building_vp_of(s, 0, navy.index)
    give_building(game, 0, "mercantilism")
    for good in ("gold", "gold", "fur"):
        give_good(game, 0, good)
    assert end_vp(s, 0, BUILDINGS[building("mercantilism")]) == 3  # ships do not count
    s.money[0] = 24
    assert end_vp(s, 0, BUILDINGS[building("wealth")]) == 4
    s.wealth_locked[0] = 2  # fixed before the owner bought VP
    assert end_vp(s, 0, BUILDINGS[building("wealth")]) == 2


def test_an_unknown_field_or_value_is_refused_naming_it():
    with pytest.raises(ValueError, match="unknown field.*money_each_trun"):
        _shapes({"id": "x", "money_each_trun": 5})
    with pytest.raises(ValueError, match="end_vp counts 'colonists'"):
        _shapes({"id": "x", "end_vp": {"per": "colonists", "vp": 1}})
    with pytest.raises(ValueError, match="acts in 'lunch'"):
        _shapes({"id": "x", "acts_in": "lunch"})
    with pytest.raises(ValueError, match="workers go to 'z'"):
        _shapes({"id": "x", "workers_each_turn": {"worker": "colonist", "to": "z"}})


# ---- editions -------------------------------------------------------------------------------
def test_every_edition_sets_every_rule():
    keys = {name: set(e) for name, e in RAW.items()}
    assert len({frozenset(k) for k in keys.values()}) == 1, keys
    assert set(EDITIONS) == {"2015", "2007"}


def test_the_2007_table_is_ruling_17():
    e = EDITIONS["2007"]
    assert e.max_players == 5
    assert e.leftover_goods == "to_pool"
    assert e.specialist_trade == "any_time"
    assert not e.battle_needs_soldier and not e.tiebreak_counts_ships
    assert not e.nations and e.order_auction
    assert e.university_targets == ("dock", "initiative", "order", "buildings")
    assert e.without_buildings == {building(f"plague_{i}") for i in (1, 2, 3)}
    tiles = e.buildings
    assert tiles[building("factory")].money_each_turn == 25
    assert tiles[building("rum_distillery")].acts_in == "income"
    assert tiles[building("stables")].acts_in == "benefits"


def test_the_2015_table_keeps_the_printed_tiles():
    e = EDITIONS["2015"]
    assert e.buildings == BUILDINGS
    assert e.max_players == 6 and e.battle_needs_soldier and e.nations
    assert not e.without_buildings


def test_an_edition_changes_only_the_tiles_it_names():
    changed = set(RAW["2007"]["buildings"])
    for old, new in zip(BUILDINGS, EDITIONS["2007"].buildings, strict=True):
        assert (old != new) == (old.id in changed), old.id


def test_the_rules_read_the_edition_from_the_options():
    assert Options().rules is EDITIONS["2015"]
    assert Options(edition="2007").rules is EDITIONS["2007"]
    with pytest.raises(ValueError, match="2-5 players"):
        Options(edition="2007").check_players(6)
    assert all(b in BUILDING_INDEX for b in RAW["2007"]["without_buildings"])
