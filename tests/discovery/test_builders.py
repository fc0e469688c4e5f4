"""The Builder expansion (option ``builders``): the Builder worker, its Specialists space, the $5
discount, Builder colony scoring with the rulebook's two examples, the 20 expansion Capital
Buildings, and buying Victory Points (option ``buy_vp``)."""

from __future__ import annotations

import pytest

from empires.discovery import Options, new_game
from empires.discovery.colonies import trade_out_regions
from empires.discovery.data import BUILDINGS
from empires.discovery.scoring import colony_scoring, region_scores
from tests.discovery.helpers import (
    B,
    G,
    R,
    W,
    at_turn,
    box_worker,
    buy,
    give_building,
    give_good,
    give_ships,
    legal,
    offer,
    play,
    put,
    resolve_from,
    set_counter,
    workers,
)
from tests.discovery.invariants import check

BUILDERS = Options(builders=True)


def fresh_b(n: int = 4, options: Options = BUILDERS):
    game = new_game(n, seed=1, options=options)
    s = game.s
    s.order = list(range(n))
    for place, p in enumerate(s.order):
        s.money[p] = 10 + place
    return game


# ---- the Builder worker -------------------------------------------------------------------------
def test_each_player_has_ten_builders_only_with_the_expansion():
    assert all(s[W["builder"]] == 10 for s in fresh_b().s.supply)
    assert all(s[W["builder"]] == 0 for s in new_game(4, seed=1).s.supply)


def test_builder_space_only_with_the_expansion():
    assert "place colonist builder" in legal(fresh_b())
    assert "place colonist builder" not in legal(new_game(4, seed=1))


def test_builder_space_gives_a_builder_for_next_turn():
    game = fresh_b()
    box_worker(game, "builder", 2)
    resolve_from(game, "specialists")
    assert game.s.avail[2][W["builder"]] == 1


def test_builder_takes_5_off_a_capital_building_but_not_below_free():
    game = fresh_b()
    offer(game, "settlers", "spoils_money_5")
    game.s.money[1] = 5
    box_worker(game, "buildings", 1, "builder")
    resolve_from(game, "buildings")
    assert set(legal(game)) == {"building settlers", "building spoils_money_5", "skip"}
    play(game, "building settlers")
    assert game.s.money[1] == 0
    assert B["settlers"] in game.s.owned[1]


def test_spoils_of_war_are_free_and_get_no_builder_discount():
    game = fresh_b()
    buy(game, 0, "spoils_money_5", money=0)
    assert game.s.money[0] == 5  # free, then +$5


def test_builders_cannot_be_traded_out():
    game = fresh_b()
    put(game, "caribbean", 0, builder=2)
    game.s.supply[0][W["builder"]] = 0
    assert trade_out_regions(game.s, 0, W["builder"]) == []


# ---- Builder colony scoring ---------------------------------------------------------------------
def test_rulebook_builder_example_1():
    # Adam 4 Colonists + 1 Builder, Matt 2 Colonists + 2 Builders in New France.
    assert region_scores([5, 4], builders=3) == [18, 8]


def test_rulebook_builder_example_2():
    # George 5, Matt 3+2 Builders (tied first), Ernie 2, Adam 1 Builder.
    george, matt, ernie, adam = region_scores([5, 5, 2, 1], builders=3)
    assert (george, matt, ernie, adam) == (14, 14, 6, 0)


def test_rulebook_builder_example_2_with_matt_tied_for_second():
    george, matt, ernie, adam = region_scores([5, 2, 2, 1], builders=3)
    assert (george, matt, ernie, adam) == (18, 6, 6, 0)


def test_three_tied_for_first_still_get_the_builder_bonus():
    assert region_scores([3, 3, 3, 1], builders=1) == [4, 4, 4, 2]


def test_builders_count_as_workers_and_score_in_the_colony_scoring():
    game = fresh_b(2)
    put(game, "caribbean", 0, colonist=1, builder=2)
    put(game, "caribbean", 1, colonist=1)
    assert colony_scoring(game.s) == [6 + 8, 2 + 4]


# ---- expansion Capital Buildings ------------------------------------------------------------------
EXPANSION = [b.id for b in BUILDINGS if b.set == "builders"]


def test_expansion_adds_20_buildings_8_8_4():
    ages = [BUILDINGS[B[b]].age for b in EXPANSION]
    assert (len(EXPANSION), ages.count(1), ages.count(2), ages.count(3)) == (20, 8, 8, 4)
    s = fresh_b().s
    pool = sorted(sum(s.stacks, []) + s.cb_offer)
    assert len(pool) == 57


def test_spoils_money():
    game = fresh_b()
    buy(game, 0, "spoils_money_5", money=3)
    assert game.s.money[0] == 8
    game = fresh_b()
    at_turn(game, 4)
    buy(game, 0, "spoils_money_7", money=3)
    assert game.s.money[0] == 10


def test_spoils_ship_takes_a_merchant_ship_from_supply():
    game = fresh_b()
    supply = game.s.ship_supply
    buy(game, 0, "spoils_ship")
    assert game.s.ships[0] == 1 and game.s.ship_supply == supply - 1
    check(game)


def test_spoils_specialists_two_of_any_choice_for_next_turn():
    game = fresh_b()
    buy(game, 0, "spoils_specialists")
    assert game.decision["kind"] == "spoils_specialist"
    assert "worker builder" in legal(game) and "worker colonist" not in legal(game)
    play(game, "worker captain", "worker captain")
    assert game.s.avail[0][W["captain"]] == 2
    check(game)


def test_magellan_captains_count_three():
    game = fresh_b()
    give_building(game, 0, "magellan")
    set_counter(game, "peru", "c15")  # resistance 5
    game.s.discovery_box[0][W["captain"]] = 2
    game.s.supply[0][W["captain"]] -= 2
    resolve_from(game, "discovery")
    play(game, "region peru", "worker captain", "worker captain", "done")
    assert game.s.discovered[R["peru"]]


@pytest.mark.parametrize(
    "bid,worker",
    [
        ("new_world_city", "builder"),
        ("new_world_mission", "missionary"),
        ("stone_masonry", "builder"),
    ],
)
def test_worker_each_turn(bid, worker):
    game = fresh_b()
    give_building(game, 1, bid)
    resolve_from(game, "benefits")
    assert game.s.avail[1][W[worker]] == 1


def test_overpopulation_places_three_colonists_in_any_discovered_regions():
    game = fresh_b()
    put(game, "peru", 1, colonist=0)
    buy(game, 1, "overpopulation")
    assert game.decision["kind"] == "overpopulation"
    assert set(legal(game)) == {"region peru", "region caribbean"}
    play(game, "region peru", "region caribbean", "region peru")
    assert workers(game, "peru", 1) == {"colonist": 2}
    assert workers(game, "caribbean", 1) == {"colonist": 1}


def test_smuggler_swaps_one_good_per_turn_and_the_other_cannot_refuse():
    game = fresh_b()
    give_building(game, 0, "smuggler")
    give_good(game, 0, "fish")
    give_good(game, 2, "silver")
    resolve_from(game, "benefits")
    assert game.decision["kind"] == "smuggler_player"
    play(game, "player 2", "good silver", "good fish")
    assert game.s.goods[0][G["silver"]] == 1 and game.s.goods[0][G["fish"]] == 0
    assert game.s.goods[2][G["fish"]] == 1 and game.s.goods[2][G["silver"]] == 0


def test_spoils_goods_draws_two_random_goods():
    game = fresh_b()
    at_turn(game, 4)
    buy(game, 0, "spoils_goods")
    assert sum(game.s.goods[0]) == 2
    check(game)


def test_papal_edict_owner_and_another_player_place_two_colonists_each():
    game = fresh_b()
    at_turn(game, 4)
    put(game, "peru", 0, colonist=1)
    put(game, "caribbean", 2, soldier=1)
    buy(game, 0, "papal_edict", money=14)
    play(game, "player 2")
    assert game.decision["kind"] == "papal_first"
    play(game, "player 2")  # the other player places first
    assert game.decision == {"kind": "papal_region", "player": 2}
    play(game, "region caribbean")
    assert game.decision["player"] == 0
    play(game, "region peru")
    assert workers(game, "caribbean", 2) == {"colonist": 2, "soldier": 1}
    assert workers(game, "peru", 0) == {"colonist": 3}
    assert game.s.goods[0][G["silver"]] == 1  # first to 3 workers in Peru


def test_mint_pays_2_per_gold_or_silver_in_income_and_not_as_economy():
    game = fresh_b()
    give_building(game, 0, "mint")
    give_good(game, 0, "gold", 2)
    give_good(game, 0, "silver", 3)
    money = game.s.money[0]
    at_turn(game, 8)
    resolve_from(game, "income")
    assert game.s.money[0] == money + 3 + 6  # 3 Silver = $3 set; Mint picks Silver: 3 x $2
    assert game.s.economy[0] == 3


def test_trading_house_sells_goods_for_5_back_to_the_pool():
    game = fresh_b()
    give_building(game, 0, "trading_house")
    give_good(game, 0, "fish", 2)
    resolve_from(game, "benefits")
    money = game.s.money[0]
    play(game, "good fish")
    assert G["fish"] in game.s.pool
    play(game, "done")
    assert game.s.money[0] == money + 5 and game.s.goods[0][G["fish"]] == 1
    check(game)


def test_reformation_neutralises_other_missionaries_where_owner_has_one():
    game = fresh_b()
    give_building(game, 0, "reformation")
    put(game, "caribbean", 0, missionary=1)
    box_worker(game, "dock", 1, "missionary")
    box_worker(game, "dock", 0, "missionary")
    resolve_from(game, "dock")
    play(game, "region caribbean", "region caribbean")
    assert workers(game, "caribbean", 1) == {"missionary": 1}  # no bonus Colonist
    assert workers(game, "caribbean", 0) == {"missionary": 2, "colonist": 1}


def test_mayflower_carries_workers_after_y_and_its_ships_are_not_wild():
    game = fresh_b(2)
    give_building(game, 0, "mayflower")
    give_ships(game, 0, 2)
    from tests.discovery.helpers import restart_placement

    restart_placement(game)
    assert game.current_player == 0
    play(game, "place colonist mayflower")
    assert game.s.mayflower_ships[0] == 1
    play(game, "place colonist shipping", "place colonist mayflower")
    assert "place colonist mayflower" not in legal(game)  # both ships loaded
    game.s.dock_y = 1
    game.s.supply[1][W["colonist"]] -= 1
    give_good(game, 0, "fish", 2)
    money = game.s.money[0]
    resolve_from(game, "dock")
    assert game.decision["space"] == "y"
    play(game, "region caribbean")
    assert game.decision["space"] == "mayflower" and game.decision["player"] == 0
    play(game, "region caribbean", "region caribbean")
    assert workers(game, "caribbean", 0) == {"colonist": 2}
    # The turn ran on through Income: 2 Fish and 2 ships on the Mayflower make no set ($3
    # otherwise); the ships are wild again next turn.
    assert game.s.turn == 2 and game.s.money[0] == money
    assert game.s.mayflower_ships == [0, 0]
    check(game)


def test_age_of_discovery_new_world_capital_city_age_of_reason_vp():
    game = fresh_b()
    for bid in ("age_of_discovery", "new_world_capital_city", "age_of_reason"):
        give_building(game, 0, bid)
    game.s.found[0] = [0, 1]
    game.s.counter = [c if c not in (0, 1) else -1 for c in game.s.counter]
    game.s.unused_counters = [c for c in game.s.unused_counters if c not in (0, 1)]
    put(game, "caribbean", 0, builder=3)
    at_turn(game, 8)
    box_worker(game, "missionary", 0)
    box_worker(game, "training", 0)
    box_worker(game, "captain", 1)
    resolve_from(game, "specialists")
    assert game.s.specialists_final == [2, 1, 0, 0]
    assert game.scores()[0]["buildings"] == 4 * 2 + 3 * 3 + 4 * 2


def test_rewrite_history_takes_a_random_counter_from_each_of_two_players():
    game = fresh_b()
    at_turn(game, 7)
    s = game.s
    for p, c in ((1, 0), (2, 1), (2, 2)):
        r = s.counter.index(c) if c in s.counter else None
        if r is not None:
            s.counter[r] = s.unused_counters.pop()
        else:
            s.unused_counters.remove(c)
        s.found[p].append(c)
    buy(game, 0, "rewrite_history", money=20)
    assert set(legal(game)) == {"player 1", "player 2"}
    play(game, "player 2", "player 1")
    assert len(s.found[0]) == 2 and len(s.found[1]) == 0 and len(s.found[2]) == 1
    check(game)


# ---- buying Victory Points ----------------------------------------------------------------------
@pytest.mark.parametrize("turn,price", [(3, 1), (6, 3), (8, 10)])
def test_buy_vp_after_each_colony_scoring_at_the_age_price(turn, price):
    game = fresh_b(options=Options(buy_vp=True))
    at_turn(game, turn)
    game.s.money = [30, 0, 0, 0]
    resolve_from(game, "scoring")
    assert game.decision == {"kind": "buy_vp", "player": 0}
    play(game, "index 2")
    assert game.s.money[0] == 30 - 2 * price and game.s.vp_bought[0] == 2
    assert game.scores()[0]["bought_vp"] == 2


def test_no_vp_buying_outside_scoring_turns_or_without_the_option():
    game = fresh_b(options=Options(buy_vp=True))
    at_turn(game, 2)
    resolve_from(game, "scoring")
    assert game.decision is None or game.decision["kind"] != "buy_vp"
    game = fresh_b()
    at_turn(game, 3)
    resolve_from(game, "scoring")
    assert game.decision is None or game.decision["kind"] != "buy_vp"


def test_wealth_is_scored_before_buying_vp_at_the_end():
    game = fresh_b(options=Options(buy_vp=True))
    give_building(game, 0, "wealth")
    at_turn(game, 8)
    game.s.money = [40, 0, 0, 0]
    resolve_from(game, "scoring")
    play(game, "index 4")
    assert game.is_terminal()
    row = game.scores()[0]
    assert row["bought_vp"] == 4 and row["buildings"] == 8  # $40 // 5, fixed before buying
