"""Capital Buildings of the 2015 base game (rulebook Appendix II; spec rulings 3, 8, 10-13).

Every one of the 37 base tiles is bought in the Capital Buildings box at its Age's price (and not
when unaffordable); then each building's effect is checked at the moment the rules give it.
"""

from __future__ import annotations

import pytest

from empires.discovery.data import BUILDINGS, CARDS
from empires.discovery.income import set_income
from tests.discovery.helpers import (
    B,
    G,
    R,
    W,
    at_turn,
    box_worker,
    buy,
    counter_index,
    fresh,
    give_building,
    give_good,
    give_ships,
    legal,
    offer,
    play,
    put,
    resolve_from,
    restart_placement,
    set_counter,
    workers,
)
from tests.discovery.invariants import check

AGE_I = [
    "settlers",
    "settlers_2",
    "monastery",
    "trade_routes",
    "training_grounds",
    "indentured_servitude",
    "conquistadors",
    "navigator",
    "conquest_of_the_inca_empire",
    "trading_post",
    "new_world_cartography",
    "plague_1",
]
AGE_II = [
    "indian_allies",
    "privateers",
    "ship_yards",
    "cathedral",
    "taxation",
    "university",
    "west_indies_co",
    "colonization_laws",
    "rum_distillery",
    "marketplace",
    "military_academy",
    "fortress",
    "stables",
    "plague_2",
]
AGE_III = [
    "militia",
    "mercantilism",
    "population",
    "navy",
    "power",
    "prosperity",
    "glory",
    "wealth",
    "migration",
    "factory",
    "plague_3",
]
BASE = AGE_I + AGE_II + AGE_III
FIRST_TURN = {1: 1, 2: 4, 3: 7}
PRICE = {1: 10, 2: 14, 3: 20}


# ---- helpers ------------------------------------------------------------------------------------
def age_of(bid: str) -> int:
    return BUILDINGS[B[bid]].age


def building_vp(game, player: int) -> int:
    return game.scores()[player]["buildings"]


# ---- the pool and the purchase ----------------------------------------------------------------
def test_base_game_has_the_37_buildings_12_14_11():
    base = [b for b in BUILDINGS if b.set == "base"]
    assert sorted(b.id for b in base) == sorted(BASE)
    assert [sum(b.age == a for b in base) for a in (1, 2, 3)] == [12, 14, 11]
    for bid in BASE:
        assert age_of(bid) == (1 if bid in AGE_I else 2 if bid in AGE_II else 3)
    game = fresh(4)
    assert sorted(game.s.stacks[1] + game.s.cb_offer) == sorted(B[b] for b in AGE_I)
    assert sorted(game.s.stacks[2]) == sorted(B[b] for b in AGE_II)
    assert sorted(game.s.stacks[3]) == sorted(B[b] for b in AGE_III)


@pytest.mark.parametrize("bid", BASE)
def test_bought_in_the_box_at_the_age_price(bid):
    age = age_of(bid)
    game = fresh(4)
    at_turn(game, FIRST_TURN[age])
    offer(game, bid)
    game.s.money[0] = PRICE[age] + 1
    box_worker(game, "buildings", 0)
    box_worker(game, "buildings", 1)  # player 1's purchase stops the flow right after
    resolve_from(game, "buildings")
    assert game.decision == {"kind": "buy_building", "player": 0, "worker": W["colonist"]}
    assert legal(game) == [f"building {bid}", "skip"]
    play(game, f"building {bid}")
    s = game.s
    assert s.owned[0] == [B[bid]]
    assert B[bid] not in s.cb_offer
    assert s.money[0] == 1 + (20 if bid == "conquest_of_the_inca_empire" else 0)
    # The buyer's worker went back to supply; the next decision is either the building's own
    # purchase-time choice (Cartography) or player 1's turn in the box.
    assert s.supply[0][W["colonist"]] == 30 - 1  # all but the Player Order marker
    top = game.decision
    if bid == "new_world_cartography":
        assert top["kind"] == "cartography" and top["player"] == 0
    else:
        assert top["kind"] == "buy_building" and top["player"] == 1
        assert legal(game) == ["skip"]  # the only tile on offer is gone
    check(game)


@pytest.mark.parametrize("bid", BASE)
def test_not_buyable_when_unaffordable(bid):
    age = age_of(bid)
    game = fresh(4)
    at_turn(game, FIRST_TURN[age])
    offer(game, bid)
    game.s.money[0] = PRICE[age] - 1
    box_worker(game, "buildings", 0)
    resolve_from(game, "buildings")
    assert game.decision["kind"] == "buy_building"
    assert legal(game) == ["skip"]


@pytest.mark.parametrize("turn,price", [(1, 10), (3, 10), (4, 14), (6, 14), (7, 20), (8, 20)])
def test_price_follows_the_age_of_the_turn(turn, price):
    bid = {10: "trading_post", 14: "taxation", 20: "factory"}[price]
    game = fresh(4)
    at_turn(game, turn)
    offer(game, bid)
    game.s.money[0] = price
    box_worker(game, "buildings", 0)
    box_worker(game, "buildings", 1)
    resolve_from(game, "buildings")
    assert f"building {bid}" in legal(game)
    play(game, f"building {bid}")
    assert game.s.money[0] == 0
    game.s.money[1] = price - 1
    game._legal = None
    assert legal(game) == ["skip"]


def test_buyers_resolve_in_space_order_and_choose_among_the_offer():
    game = fresh(4)
    offer(game, "trading_post", "settlers", "monastery")
    for p in (2, 0, 1):
        box_worker(game, "buildings", p)
    resolve_from(game, "buildings")
    assert game.decision["player"] == 2
    assert legal(game) == [
        "building trading_post",
        "building settlers",
        "building monastery",
        "skip",
    ]
    play(game, "building settlers")
    assert game.decision["player"] == 0
    play(game, "skip")
    assert game.decision["player"] == 1
    assert legal(game) == ["building trading_post", "building monastery", "skip"]
    play(game, "building monastery")
    assert game.s.owned == [[], [B["monastery"]], [B["settlers"]], []]
    assert game.s.money[:3] == [10, 1, 2]


# ---- "+1 worker each turn" (ruling 3) -----------------------------------------------------------
WORKER_BUILDINGS = [
    ("settlers", "colonist"),
    ("settlers_2", "colonist"),
    ("monastery", "missionary"),
    ("trade_routes", "merchant"),
    ("training_grounds", "soldier"),
    ("ship_yards", "captain"),
    ("marketplace", "merchant"),
    ("military_academy", "soldier"),
    ("fortress", "soldier"),
]


def stop_in_phase_4(game, player: int = 3) -> None:
    """Give ``player`` (last in order) a Migration it can use, so Phase 4 stops at its decision."""
    give_building(game, player, "migration")
    put(game, "peru", player, colonist=1)


@pytest.mark.parametrize("bid,worker", WORKER_BUILDINGS)
def test_worker_each_turn_arrives_in_phase_4_of_the_purchase_turn(bid, worker):
    age = age_of(bid)
    game = fresh(4)
    at_turn(game, FIRST_TURN[age])
    stop_in_phase_4(game)
    box_worker(game, "discovery", 1)  # a decision after the Capital Buildings box
    buy(game, 0, bid, money=PRICE[age])
    s = game.s
    w = W[worker]
    supply = s.supply[0][:]
    # Still Phase 2 (Discovery): nothing produced yet.
    assert game.decision["kind"] == "expedition_target"
    assert s.avail[0] == [0] * 6
    play(game, "skip")
    # Phase 4, player 3's Migration: player 0's building has already produced.
    assert s.step == "benefits" and game.decision["kind"] == "migration_from"
    assert s.avail[0][w] == 1 and sum(s.avail[0]) == 1
    assert s.supply[0][w] == supply[w] - 1
    assert s.discovery_box[0] == [0] * 6
    play(game, "skip")
    # Next turn: the worker is placeable with the 5 new Colonists.
    assert s.turn == FIRST_TURN[age] + 1 and s.step == "place"
    expected = [0] * 6
    expected[W["colonist"]] = 5
    expected[w] += 1
    assert s.avail[0] == expected
    assert game.decision == {"kind": "place", "player": 0}
    assert f"place {worker} dock" in legal(game)
    check(game)


def test_two_settlers_give_two_colonists_every_turn():
    game = fresh(3)
    give_building(game, 1, "settlers")
    give_building(game, 1, "settlers_2")
    for turn in (1, 2):
        assert game.s.turn == turn
        resolve_from(game, "benefits")
        assert game.s.avail[1][W["colonist"]] == 7
        assert game.s.avail[0][W["colonist"]] == 5
    check(game)


def test_worker_building_gives_nothing_from_an_empty_colonist_supply():
    game = fresh(2)
    give_building(game, 0, "settlers")
    s = game.s
    s.supply[0][W["colonist"]] += s.avail[0][W["colonist"]]
    s.avail[0][W["colonist"]] = 0
    put(game, "caribbean", 0, colonist=29)
    resolve_from(game, "benefits")
    assert s.turn == 2
    assert s.avail[0] == [0] * 6 and s.supply[0][W["colonist"]] == 0
    check(game)


# ---- Indentured Servitude (X) and Colonization Laws (Y) -----------------------------------------
def test_indentured_servitude_colonist_on_x_resolves_next_turn_after_the_numbered_spaces():
    game = fresh(4)
    buy(game, 0, "indentured_servitude", money=10)
    s = game.s
    # Bought in turn 1: produced in turn 1's Phase 4, onto X, from the supply.
    assert s.turn == 2 and s.step == "place"
    assert s.dock_x == 0 and s.dock_y == -1
    assert s.supply[0][W["colonist"]] == 30 - 1 - 1 - 5  # marker, X, the 5 of turn 2
    check(game)
    box_worker(game, "dock", 1)
    box_worker(game, "dock", 0, "merchant")
    resolve_from(game, "dock")
    assert (game.decision["kind"], game.decision["player"]) == ("dock", 1)
    play(game, "region caribbean")
    assert (game.decision["player"], game.decision["worker"]) == (0, W["merchant"])
    assert "space" not in game.decision
    play(game, "region caribbean")
    assert game.decision == {"kind": "dock", "player": 0, "worker": W["colonist"], "space": "x"}
    play(game, "region caribbean")
    assert workers(game, "caribbean", 0) == {"colonist": 1, "merchant": 1}
    # ...and again in turn 2's Phase 4.
    assert s.turn == 3 and s.dock_x == 0
    check(game)


def test_x_before_y_and_both_may_be_declined():
    game = fresh(3)
    give_building(game, 2, "colonization_laws")
    give_building(game, 1, "indentured_servitude")
    resolve_from(game, "benefits")
    s = game.s
    assert (s.dock_x, s.dock_y) == (1, 2)
    supply2 = s.supply[2][W["colonist"]]
    box_worker(game, "dock", 0)
    resolve_from(game, "dock")
    assert game.decision["player"] == 0 and "space" not in game.decision
    play(game, "region caribbean")
    assert game.decision == {"kind": "dock", "player": 1, "worker": W["colonist"], "space": "x"}
    play(game, "region caribbean")
    assert game.decision == {"kind": "dock", "player": 2, "worker": W["colonist"], "space": "y"}
    play(game, "skip")  # ruling 2: the colonist goes back to supply
    assert workers(game, "caribbean", 1) == {"colonist": 1}
    assert workers(game, "caribbean", 2) == {}
    # then the turn runs on to Phase 4, which puts both back on X / Y.
    assert s.turn == 3 and (s.dock_x, s.dock_y) == (1, 2)
    assert s.supply[2][W["colonist"]] == supply2
    check(game)


def test_colonization_laws_bought_this_turn_fills_y_in_phase_4():
    game = fresh(4)
    at_turn(game, 4)
    stop_in_phase_4(game)
    buy(game, 2, "colonization_laws", money=14)
    assert game.decision["kind"] == "migration_from"
    assert game.s.dock_y == 2 and game.s.dock_x == -1


# ---- Conquistadors and Navigator --------------------------------------------------------------
@pytest.mark.parametrize("bid,worker", [("conquistadors", "soldier"), ("navigator", "captain")])
def test_free_worker_goes_into_the_discovery_box_each_turn(bid, worker):
    game = fresh(4)
    stop_in_phase_4(game)
    buy(game, 1, bid, money=10)
    s = game.s
    assert game.decision["kind"] == "migration_from"
    assert s.discovery_box[1][W[worker]] == 1
    assert s.avail[1] == [0] * 6
    play(game, "skip")
    assert s.turn == 2 and s.avail[1] == [5, 0, 0, 0, 0, 0]
    # It stays in the box (the box persists) and another arrives the next turn.
    resolve_from(game, "benefits")
    assert s.discovery_box[1][W[worker]] == 2
    check(game)


def test_navigator_captain_and_conquistadors_soldier_go_on_expeditions():
    game = fresh(3)
    give_building(game, 0, "navigator")
    give_building(game, 1, "conquistadors")
    resolve_from(game, "benefits")
    s = game.s
    set_counter(game, "peru", "c03")  # resistance 2, $1, $3 per Soldier
    set_counter(game, "florida", "c01")  # resistance 1, $1, $2 per Soldier
    money = s.money[:]
    resolve_from(game, "discovery")
    assert game.decision == {"kind": "expedition_target", "player": 0}
    play(game, "region peru", "worker captain", "done")
    assert s.discovered[R["peru"]] and workers(game, "peru", 0) == {"colonist": 1}
    assert s.money[0] == money[0] + 1
    play(game, "region florida", "worker soldier", "done")
    assert workers(game, "florida", 1) == {"colonist": 1}
    assert s.money[1] == money[1] + 1 + 2


# ---- Conquest of the Inca Empire, Trading Post ----------------------------------------------
def test_conquest_of_the_inca_empire_pays_20_at_once_and_only_once():
    game = fresh(4)
    box_worker(game, "discovery", 1)
    buy(game, 0, "conquest_of_the_inca_empire", money=10)
    assert game.decision["kind"] == "expedition_target"  # still Phase 2
    assert game.s.money[0] == 20
    play(game, "skip")
    assert game.s.turn == 2 and game.s.money[0] == 20
    resolve_from(game, "benefits")
    assert game.s.money[0] == 20
    assert building_vp(game, 0) == 0


def test_trading_post_pays_5_in_phase_4_from_the_purchase_turn():
    game = fresh(4)
    box_worker(game, "discovery", 1)
    buy(game, 0, "trading_post", money=12)
    assert game.s.money[0] == 2
    play(game, "skip")
    assert game.s.turn == 2 and game.s.money[0] == 7
    resolve_from(game, "benefits")
    assert game.s.money[0] == 12


# ---- New World Cartography (ruling 8) -----------------------------------------------------------
def test_cartography_used_on_purchase_discovers_without_soldier_bonus():
    game = fresh(4)
    s = game.s
    set_counter(game, "peru", "c13")  # resistance 4, $4, $5 per Soldier, 6 VP
    s.discovery_box[0][W["soldier"]] = 2
    s.supply[0][W["soldier"]] -= 2
    buy(game, 0, "new_world_cartography", money=10)
    assert game.decision == {"kind": "cartography", "player": 0}
    undiscovered = [f"region {r}" for r in R if not s.discovered[R[r]]]
    assert legal(game) == [*undiscovered, "skip"]
    play(game, "region peru")
    assert s.discovered[R["peru"]]
    assert workers(game, "peru", 0) == {"colonist": 1}
    assert s.found[0] == [counter_index("c13")]
    assert s.discovery_box[0][W["soldier"]] == 2  # not sent, no bonus
    # No Soldier bonus: $0 left after paying, + $4 plunder.
    assert s.money[0] == 4
    assert game.decision == {"kind": "expedition_target", "player": 0}  # still Phase 2
    play(game, "skip")
    assert s.turn == 2 and s.money[0] == 4
    rows = game.scores()
    assert rows[0]["buildings"] == 4 and rows[0]["discoveries"] == 6
    # Used: never offered again.
    resolve_from(game, "benefits")
    assert s.turn == 3 and game.decision["kind"] == "place"
    check(game)


def test_cartography_kept_for_a_later_phase_4():
    game = fresh(4)
    s = game.s
    buy(game, 0, "new_world_cartography", money=10)
    play(game, "skip")
    # Offered in the Capital Building Benefits phase (this turn's, after the purchase)...
    assert s.step == "benefits" and game.decision == {"kind": "cartography", "player": 0}
    play(game, "skip")
    assert s.turn == 2
    # ...and in every later one until used.
    resolve_from(game, "benefits")
    assert game.decision == {"kind": "cartography", "player": 0}
    set_counter(game, "brazil", "c16")  # $2
    play(game, "region brazil")
    assert workers(game, "brazil", 0) == {"colonist": 1}
    assert s.money[0] == 2 and s.turn == 3
    resolve_from(game, "benefits")
    assert s.turn == 4 and game.decision["kind"] == "place"
    assert building_vp(game, 0) == 4


def test_cartography_unusable_once_all_regions_are_discovered():
    game = fresh(3)
    for r in R:
        put(game, r, 0)
    s = game.s
    buy(game, 1, "new_world_cartography", money=10)
    assert s.turn == 2 and game.decision["kind"] == "place"  # no offer, not in Phase 4 either
    assert s.found[1] == [] and s.money[1] == 0
    resolve_from(game, "benefits")
    assert s.turn == 3 and game.decision["kind"] == "place"
    assert building_vp(game, 1) == 4
    check(game)


# ---- Plague I ---------------------------------------------------------------------------------
def test_plague_1_reduces_its_owners_resistance_by_one():
    game = fresh(3)
    give_building(game, 1, "plague_1")
    s = game.s
    set_counter(game, "peru", "c06")  # resistance 3
    set_counter(game, "brazil", "c07")  # resistance 3
    box_worker(game, "discovery", 0, "captain")
    box_worker(game, "discovery", 1, "captain")
    resolve_from(game, "discovery")
    play(game, "region brazil", "worker captain", "done")  # player 0: 2 < 3, fails
    assert not s.discovered[R["brazil"]] and s.revealed[R["brazil"]]
    play(game, "region peru", "worker captain", "done")  # player 1: 2 >= 3 - 1
    assert s.discovered[R["peru"]] and s.found[1] == [counter_index("c06")]
    assert building_vp(game, 1) == 0


def test_plague_1_still_needs_value_of_resistance_minus_one():
    game = fresh(2)
    give_building(game, 0, "plague_1")
    set_counter(game, "peru", "c15")  # resistance 5
    box_worker(game, "discovery", 0, "captain")
    box_worker(game, "discovery", 0)
    resolve_from(game, "discovery")
    play(game, "region peru", "worker captain", "worker colonist", "done")  # 3 < 4
    assert not game.s.discovered[R["peru"]]


# ---- Indian Allies ------------------------------------------------------------------------------
def test_indian_allies_puts_two_soldiers_in_one_of_the_owners_colonies_at_once():
    game = fresh(4)
    at_turn(game, 4)
    put(game, "caribbean", 0, colonist=1)
    put(game, "peru", 0, colonist=1)
    put(game, "florida", 1, colonist=2)
    box_worker(game, "discovery", 1)
    buy(game, 0, "indian_allies", money=14)
    assert game.decision == {"kind": "indian_allies", "player": 0}
    assert legal(game) == ["region caribbean", "region peru"]
    play(game, "region peru")
    assert workers(game, "peru", 0) == {"colonist": 1, "soldier": 2}
    assert game.s.goods[0][G["silver"]] == 1  # first to 3 in Peru (ruling 4)
    assert game.s.region_good[R["peru"]] == -1
    assert game.decision["kind"] == "expedition_target"  # immediate: still Phase 2
    assert game.s.supply[0][W["soldier"]] == 8
    check(game)


def test_indian_allies_without_a_colony_does_nothing():
    game = fresh(2)
    at_turn(game, 4)
    put(game, "caribbean", 1, colonist=1)
    buy(game, 0, "indian_allies", money=14)
    assert game.s.owned[0] == [B["indian_allies"]]
    assert game.s.turn == 5 and game.decision["kind"] == "place"
    assert workers(game, "caribbean", 1) == {"colonist": 1}


# ---- Privateers ---------------------------------------------------------------------------------
def test_privateers_take_a_dollar_per_ship_from_each_player_but_not_more_than_they_have():
    game = fresh(4)
    at_turn(game, 4)
    give_building(game, 0, "privateers")
    give_ships(game, 0, 2)
    give_ships(game, 1, 1)
    s = game.s
    s.money[:] = [0, 5, 1, 0]
    resolve_from(game, "benefits")
    assert s.money == [3, 3, 0, 0]
    resolve_from(game, "benefits")
    assert s.money == [5, 1, 0, 0]
    check(game)


def test_privateers_without_ships_take_nothing():
    game = fresh(3)
    at_turn(game, 4)
    buy(game, 2, "privateers", money=14)
    assert game.s.money == [10, 11, 0]


# ---- Cathedral ------------------------------------------------------------------------------
def test_cathedral_missionary_brings_two_colonists_from_the_dock():
    game = fresh(3)
    at_turn(game, 4)
    give_building(game, 0, "cathedral")
    box_worker(game, "dock", 0, "missionary")
    box_worker(game, "dock", 1, "missionary")
    resolve_from(game, "dock")
    play(game, "region caribbean")
    assert workers(game, "caribbean", 0) == {"colonist": 2, "missionary": 1}
    assert game.s.goods[0][G["sugar"]] == 1  # 3 workers: the Caribbean's Trade Good
    play(game, "region caribbean")
    assert workers(game, "caribbean", 1) == {"colonist": 1, "missionary": 1}
    check(game)


# ---- Taxation, Factory ---------------------------------------------------------------------------
@pytest.mark.parametrize("bid,money,vp", [("taxation", 10, 2), ("factory", 30, 5)])
def test_money_buildings_pay_each_phase_4_and_score_printed_vp_once(bid, money, vp):
    game = fresh(3)
    age = age_of(bid)
    at_turn(game, FIRST_TURN[age])
    box_worker(game, "discovery", 1)
    buy(game, 0, bid, money=PRICE[age])
    assert game.s.money[0] == 0
    play(game, "skip")
    assert game.s.money[0] == money
    resolve_from(game, "benefits")
    assert game.s.money[0] == 2 * money
    assert building_vp(game, 0) == vp


def test_taxation_vp_scored_once_at_game_end():
    game = fresh(2)
    at_turn(game, 8)
    give_building(game, 0, "taxation")
    money = game.s.money[0]
    resolve_from(game, "income")
    assert game.is_terminal()
    assert game.s.money[0] == money + 10
    assert game.scores()[0]["buildings"] == 2


# ---- University (ruling 11) -----------------------------------------------------------------
def test_university_offered_at_placement_player_order_move_takes_effect_at_once():
    game = fresh(4)
    at_turn(game, 4)
    give_building(game, 2, "university")
    s = game.s
    for p in range(4):
        s.avail[p] = [1, 0, 0, 0, 0, 0]
        s.supply[p][W["colonist"]] += 4
    restart_placement(game)
    assert game.decision == {"kind": "place", "player": 0}
    assert "use university" not in legal(game)
    play(game, "place colonist dock")
    play(game, "place colonist shipping")
    assert game.decision == {"kind": "place", "player": 2}
    assert "use university" in legal(game)
    play(game, "use university")
    assert game.decision["kind"] == "university_target"
    assert legal(game) == ["target order", "skip"]
    play(game, "target order")
    assert legal(game) == ["index 2", "skip"]
    play(game, "index 2")
    assert s.order == [2, 0, 1, 3]
    # The owner still places (using the University is not a placement).
    assert game.decision == {"kind": "place", "player": 2}
    assert "use university" not in legal(game)
    play(game, "place colonist shipping")
    assert game.decision == {"kind": "place", "player": 3}
    play(game, "place colonist discovery")
    # Merchant Shipping tie (players 1 and 2, one colonist each): Player Order decides, and
    # player 2 is now ahead of player 1.
    assert game.decision == {"kind": "dock", "player": 0, "worker": W["colonist"]}
    play(game, "skip")
    assert s.ships == [0, 0, 1, 0]
    assert building_vp(game, 2) == 5


def test_university_offered_at_placement_for_a_box_track():
    game = fresh(3)
    at_turn(game, 5)
    give_building(game, 1, "university")
    s = game.s
    for p in range(3):
        s.avail[p] = [2, 0, 0, 0, 0, 0]
        s.supply[p][W["colonist"]] += 3
    restart_placement(game)
    play(game, "place colonist dock")
    # Player 1 is not first in Player Order, so the University may move its marker already.
    assert "use university" in legal(game)
    play(game, "place colonist dock", "place colonist dock")
    play(game, "place colonist trade_goods")
    assert game.decision["player"] == 1
    play(game, "use university")
    assert legal(game) == ["target dock", "target order", "skip"]
    play(game, "target dock", "index 1")
    assert s.dock == [[1, 0], [0, 0], [2, 0]]
    assert s.order == [0, 1, 2]
    assert game.decision == {"kind": "place", "player": 1}


@pytest.mark.parametrize("box", ["initiative", "dock", "trade_goods", "buildings", "warfare"])
def test_university_offered_just_before_each_eligible_box(box):
    game = fresh(3)
    at_turn(game, 5)
    give_building(game, 1, "university")
    s = game.s
    if box == "warfare":
        put(game, "caribbean", 0, colonist=1)
        put(game, "caribbean", 1, soldier=1)
    offer(game, "taxation")
    s.money[1] = 14
    box_worker(game, box, 0)
    box_worker(game, box, 2)
    box_worker(game, box, 1)
    resolve_from(game, box)
    assert game.decision == {
        "kind": "university_index",
        "player": 1,
        "target": box,
        "optional": True,
    }
    assert legal(game) == ["index 2", "skip"]
    play(game, "index 2")
    assert s.used_university
    assert building_vp(game, 1) == 5
    if box == "initiative":
        # $1 for the front space, and first in next turn's Player Order.
        assert s.money == [10 + 2, 14 + 1, 12 + 3]
        assert s.turn == 6 and s.order == [1, 0, 2]
        return
    # The owner's worker now resolves first.
    assert game.decision["player"] == 1
    kind = {
        "dock": "dock",
        "trade_goods": "trade_good",
        "buildings": "buy_building",
        "warfare": "warfare",
    }[box]
    assert game.decision["kind"] == kind
    if box == "dock":
        assert [p for p, _ in s.dock] == [1, 0, 2]
    elif box == "trade_goods":
        assert [p for p, _ in s.tg_box] == [1, 0, 2]
    elif box == "buildings":
        assert [p for p, _ in s.cb_box] == [1, 0, 2]
        assert "building taxation" in legal(game)
    else:
        assert [p for p, _ in s.warfare] == [1, 0, 2]


def test_university_is_used_once_only_and_declining_keeps_it():
    game = fresh(3)
    at_turn(game, 4)
    give_building(game, 2, "university")
    s = game.s
    box_worker(game, "dock", 0)
    box_worker(game, "dock", 2)
    box_worker(game, "trade_goods", 0)
    box_worker(game, "trade_goods", 2)
    resolve_from(game, "dock")
    assert game.decision["kind"] == "university_index"
    play(game, "skip")  # declined: the dock resolves in its order
    assert game.decision["player"] == 0
    play(game, "skip", "skip")
    # Offered again before Trade Goods; used there.
    assert game.decision == {
        "kind": "university_index",
        "player": 2,
        "target": "trade_goods",
        "optional": True,
    }
    play(game, "index 1")
    assert game.decision == {"kind": "trade_good", "player": 2}
    play(game, "skip", "skip")
    assert s.used_university and s.used == [B["university"]]
    # Never offered again: not before the next turn's boxes, not at placement.
    assert s.turn == 5
    assert "use university" not in legal(game)
    box_worker(game, "dock", 0)
    box_worker(game, "dock", 2)
    resolve_from(game, "dock")
    assert game.decision == {"kind": "dock", "player": 0, "worker": W["colonist"]}
    assert building_vp(game, 2) == 5


def test_university_not_offered_when_the_owner_is_already_in_front():
    game = fresh(3)
    at_turn(game, 4)
    give_building(game, 0, "university")
    box_worker(game, "dock", 0)
    box_worker(game, "dock", 1)
    resolve_from(game, "dock")
    assert game.decision == {"kind": "dock", "player": 0, "worker": W["colonist"]}


# ---- West Indies Co. ---------------------------------------------------------------------------
def test_west_indies_draws_a_random_good_from_the_pool_in_phase_4():
    drawn = set()
    for seed in range(12):
        game = fresh(3, seed=seed)
        at_turn(game, 4)
        give_building(game, 1, "west_indies_co")
        stop_in_phase_4(game, 2)
        s = game.s
        pool = sorted(s.pool)
        resolve_from(game, "benefits")
        assert game.decision["kind"] == "migration_from"
        assert sum(s.goods[1]) == 1
        g = s.goods[1].index(1)
        expected = pool[:]
        expected.remove(g)
        assert sorted(s.pool) == expected
        drawn.add(g)
        check(game)
    assert len(drawn) > 1  # random, not a fixed good


def test_west_indies_good_is_not_counted_in_this_turns_income():
    game = fresh(2)
    at_turn(game, 4)
    give_building(game, 0, "west_indies_co")
    give_good(game, 0, "silver", 2)
    s = game.s
    s.goods_removed += sum(g != G["silver"] for g in s.pool)
    s.pool = [g for g in s.pool if g == G["silver"]]  # any draw is Silver
    money = game.s.money[0]
    resolve_from(game, "income")
    assert game.s.goods[0][G["silver"]] == 3
    assert game.s.money[0] == money  # 2 goods made no set this turn


def test_west_indies_with_an_empty_pool_gives_nothing():
    game = fresh(2)
    at_turn(game, 4)
    give_building(game, 0, "west_indies_co")
    s = game.s
    s.goods_removed += len(s.pool)
    s.pool = []
    resolve_from(game, "benefits")
    assert sum(s.goods[0]) == 0


# ---- Rum Distillery ---------------------------------------------------------------------------
def test_rum_distillery_pays_3_per_sugar_in_phase_4_not_as_economy_vp():
    game = fresh(2)
    at_turn(game, 8)
    give_building(game, 0, "rum_distillery")
    give_good(game, 0, "sugar", 2)
    give_good(game, 0, "silver")
    stop_in_phase_4(game, 1)
    s = game.s
    resolve_from(game, "income")
    # Phase 4 (player 1's Migration comes after player 0's buildings): set income $1 + rum $6.
    assert s.step == "benefits"
    assert s.money[0] == 10 + 1 + 6
    assert s.economy[0] == 1
    play(game, "skip")
    assert game.is_terminal()
    assert game.scores()[0]["economy"] == 1
    assert set_income(s.goods[0], 0) == 1


def test_rum_distillery_without_sugar_pays_nothing():
    game = fresh(2)
    at_turn(game, 4)
    give_building(game, 1, "rum_distillery")
    give_good(game, 1, "gold", 3)
    money = game.s.money[1]
    resolve_from(game, "benefits")
    assert game.s.money[1] == money


# ---- Stables (ruling 10) ------------------------------------------------------------------
def test_stables_moves_one_soldier_to_an_adjacent_discovered_region_just_before_discovery():
    game = fresh(3)
    at_turn(game, 4)
    give_building(game, 1, "stables")
    put(game, "caribbean", 1, soldier=1, colonist=1)
    put(game, "florida", 1, colonist=2)
    put(game, "peru", 0, colonist=1)  # discovered but not adjacent to the Caribbean
    put(game, "virginia", 1, soldier=1)  # only adjacent to undiscovered regions and Florida
    box_worker(game, "discovery", 0)
    resolve_from(game, "buildings")
    assert game.decision == {"kind": "stables_from", "player": 1}
    assert game.s.step == "stables"
    assert legal(game) == ["region virginia", "region caribbean", "skip"]
    play(game, "region caribbean")
    assert legal(game) == ["region florida"]
    play(game, "region florida")
    assert workers(game, "caribbean", 1) == {"colonist": 1}
    assert workers(game, "florida", 1) == {"colonist": 2, "soldier": 1}
    assert game.s.goods[1][G["cattle"]] == 1  # the move is an arrival (ruling 4)
    # Once a turn: Discovery follows at once.
    assert game.decision == {"kind": "expedition_target", "player": 0}
    check(game)


def test_stables_offered_even_with_nobody_in_discovery_and_not_in_phase_4():
    game = fresh(2)
    at_turn(game, 4)
    put(game, "caribbean", 0, soldier=1)
    put(game, "new_spain", 1, colonist=1)
    box_worker(game, "discovery", 1)
    buy(game, 0, "stables", money=14)  # bought this turn: usable before this Discovery
    assert game.decision == {"kind": "stables_from", "player": 0}
    play(game, "skip")
    assert game.decision["kind"] == "expedition_target"
    play(game, "skip")
    assert game.s.turn == 5 and game.decision["kind"] == "place"
    resolve_from(game, "stables")
    assert game.decision == {"kind": "stables_from", "player": 0}
    play(game, "region caribbean", "region new_spain")
    assert workers(game, "new_spain", 0) == {"soldier": 1}
    play(game, "skip")  # player 1's expedition
    assert game.s.turn == 6


# ---- Plague II (ruling 12) --------------------------------------------------------------------
def test_plague_2_every_colony_of_three_loses_one_chosen_by_its_owner():
    game = fresh(4)
    at_turn(game, 5)
    put(game, "caribbean", 0, colonist=2, soldier=1)  # owner's own colony, mixed
    put(game, "peru", 1, colonist=4)  # all colonists: no choice
    put(game, "florida", 2, colonist=1, merchant=1)  # only 2: spared
    put(game, "florida", 3, colonist=2, missionary=1)
    put(game, "caribbean", 3, soldier=3)
    box_worker(game, "discovery", 1)
    buy(game, 0, "plague_2", money=14)
    top = game.decision
    assert (top["kind"], top["player"], top["region"]) == ("plague_2", 0, R["caribbean"])
    assert legal(game) == ["worker colonist", "worker soldier"]
    play(game, "worker soldier")
    assert workers(game, "caribbean", 0) == {"colonist": 2}
    assert workers(game, "peru", 1) == {"colonist": 3}
    assert game.decision["player"] == 3 and game.decision["region"] == R["florida"]
    play(game, "worker missionary")
    assert workers(game, "florida", 3) == {"colonist": 2}
    assert workers(game, "caribbean", 3) == {"soldier": 2}
    assert workers(game, "florida", 2) == {"colonist": 1, "merchant": 1}
    assert game.decision["kind"] == "expedition_target"  # immediate: still Phase 2
    assert game.s.supply[3][W["missionary"]] == 10
    check(game)


# ---- Militia (ruling 9) ------------------------------------------------------------------------
def militia_battle(attacker_soldiers=1):
    game = fresh(3)
    at_turn(game, 7)
    give_building(game, 1, "militia")
    put(game, "caribbean", 0, soldier=attacker_soldiers, colonist=1)
    put(game, "caribbean", 1, colonist=2)
    put(game, "caribbean", 2, colonist=1)
    box_worker(game, "warfare", 0)
    resolve_from(game, "warfare")
    play(game, "battle", "region caribbean", "player 1")
    return game


def test_militia_gives_the_defender_a_temporary_soldier_that_can_be_the_casualty():
    game = militia_battle()
    assert game.decision["kind"] == "casualty" and game.decision["player"] == 0
    assert legal(game) == ["worker colonist", "worker militia"]
    play(game, "worker militia")
    # The militia soldier hits back in the same (simultaneous) battle.
    assert game.decision["kind"] == "casualty" and game.decision["player"] == 1
    assert legal(game) == ["worker colonist", "worker soldier"]
    play(game, "worker soldier")
    assert workers(game, "caribbean", 0) == {"colonist": 1}
    assert workers(game, "caribbean", 1) == {"colonist": 2}
    assert workers(game, "caribbean", 2) == {"colonist": 1}
    assert game.s.supply[1][W["soldier"]] == 10  # the temporary soldier is no piece
    check(game)


def test_militia_defender_loses_a_real_worker_if_the_attacker_chooses():
    game = militia_battle(attacker_soldiers=3)
    # 3 Soldiers against 2 Colonists + the Militia: everything falls, no choice.
    assert game.decision["kind"] == "casualty" and game.decision["player"] == 1
    play(game, "worker colonist")
    assert workers(game, "caribbean", 1) == {}
    assert workers(game, "caribbean", 0) == {"soldier": 3}


def test_militia_never_makes_a_battle_legal_and_never_helps_the_attacker():
    game = fresh(2)
    at_turn(game, 7)
    give_building(game, 1, "militia")
    give_building(game, 0, "militia")
    put(game, "caribbean", 0, colonist=2)
    put(game, "caribbean", 1, colonist=2)
    box_worker(game, "warfare", 1)
    resolve_from(game, "warfare")
    # No Soldier on either side: no battle, the worker just goes home.
    assert game.s.turn == 8 and game.decision["kind"] == "place"
    assert workers(game, "caribbean", 1) == {"colonist": 2}
    # The Militia owner attacking: only the defender's Militia soldier fights back.
    game = fresh(2)
    at_turn(game, 7)
    give_building(game, 0, "militia")
    put(game, "caribbean", 0, soldier=1, colonist=1)
    put(game, "caribbean", 1, colonist=3)
    box_worker(game, "warfare", 0)
    resolve_from(game, "warfare")
    play(game, "battle", "region caribbean", "player 1")
    assert workers(game, "caribbean", 1) == {"colonist": 2}
    assert workers(game, "caribbean", 0) == {"soldier": 1, "colonist": 1}


def test_militia_fights_in_every_battle_of_a_war():
    game = fresh(2)
    at_turn(game, 7)
    give_building(game, 1, "militia")
    put(game, "caribbean", 0, soldier=1)
    put(game, "caribbean", 1, colonist=1)
    put(game, "peru", 0, soldier=1)
    put(game, "peru", 1, colonist=1)
    box_worker(game, "warfare", 0)
    resolve_from(game, "warfare")
    play(game, "war", "player 1")
    for region in ("caribbean", "peru"):
        assert game.decision["kind"] == "casualty" and game.decision["player"] == 0
        play(game, "worker colonist")
        assert workers(game, region, 0) == {}
        assert workers(game, region, 1) == {}


# ---- end-game Victory Points (ruling 13) -------------------------------------------------------
def test_mercantilism_counts_trade_goods_not_ships():
    game = fresh(2)
    give_building(game, 0, "mercantilism")
    give_good(game, 0, "sugar", 2)
    give_good(game, 0, "fur", 3)
    give_ships(game, 0, 2)
    assert building_vp(game, 0) == 5


def test_population_one_vp_per_two_workers_rounded_down():
    game = fresh(2)
    give_building(game, 0, "population")
    put(game, "caribbean", 0, colonist=3, soldier=1)
    put(game, "peru", 0, missionary=1, merchant=1, captain=1)
    put(game, "peru", 1, colonist=5)
    game.s.discovery_box[0][W["soldier"]] = 1  # not in the New World
    game.s.supply[0][W["soldier"]] -= 1
    assert building_vp(game, 0) == 3
    put(game, "florida", 0, colonist=1)
    assert building_vp(game, 0) == 4


def test_navy_four_vp_per_ship():
    game = fresh(2)
    give_building(game, 1, "navy")
    give_ships(game, 1, 3)
    give_good(game, 1, "gold", 2)
    assert building_vp(game, 1) == 12


def test_power_two_vp_per_soldier_in_the_new_world():
    game = fresh(2)
    give_building(game, 0, "power")
    put(game, "caribbean", 0, soldier=2, colonist=4)
    put(game, "peru", 0, soldier=1)
    game.s.avail[0][W["soldier"]] = 2  # not in the New World
    game.s.supply[0][W["soldier"]] -= 2
    assert building_vp(game, 0) == 6


def test_prosperity_counts_every_building_including_itself_and_plagues():
    game = fresh(2)
    give_building(game, 0, "prosperity")
    assert building_vp(game, 0) == 2
    give_building(game, 0, "plague_1")
    give_building(game, 0, "trading_post")
    give_building(game, 0, "taxation")
    assert building_vp(game, 0) == 2 * 4 + 2


def test_glory_two_vp_per_colonized_region_where_the_owner_is_present():
    game = fresh(3)
    give_building(game, 0, "glory")
    put(game, "caribbean", 1, colonist=3)
    put(game, "caribbean", 0, soldier=1)  # counts: another player colonized it
    put(game, "peru", 0, colonist=3)  # counts: the owner's own colony
    put(game, "florida", 0, colonist=2)
    put(game, "florida", 2, colonist=2)  # nobody has 3: not colonized
    put(game, "brazil", 2, colonist=4)  # colonized, owner absent
    assert building_vp(game, 0) == 4


def test_wealth_one_vp_per_five_dollars_rounded_down():
    game = fresh(2)
    give_building(game, 0, "wealth")
    game.s.money[0] = 24
    assert building_vp(game, 0) == 4
    game.s.money[0] = 25
    assert building_vp(game, 0) == 5


def test_end_vp_counted_on_the_final_position_after_phase_4():
    game = fresh(2)
    at_turn(game, 8)
    for bid in ("wealth", "factory", "prosperity"):
        give_building(game, 0, bid)
    game.s.money[0] = 10
    resolve_from(game, "income")
    assert game.is_terminal()
    assert game.s.money[0] == 40
    assert game.scores()[0]["buildings"] == 8 + 5 + 2 * 3


# ---- Migration --------------------------------------------------------------------------------
def test_migration_moves_up_to_two_colonists_between_any_two_regions_in_phase_4():
    game = fresh(3)
    at_turn(game, 7)
    give_building(game, 0, "migration")
    put(game, "caribbean", 0, colonist=3, missionary=1)
    put(game, "peru", 0, colonist=1)
    put(game, "brazil", 1, colonist=1)
    put(game, "new_france", 2, soldier=1)
    resolve_from(game, "income")
    assert game.s.step == "benefits"
    assert game.decision == {"kind": "migration_from", "player": 0}
    assert legal(game) == ["region caribbean", "region peru", "skip"]
    play(game, "region caribbean")
    assert legal(game) == ["region new_france", "region peru", "region brazil"]
    play(game, "region peru")  # not adjacent to the Caribbean
    assert legal(game) == ["index 1", "index 2"]
    play(game, "index 2")
    assert workers(game, "caribbean", 0) == {"colonist": 1, "missionary": 1}
    assert workers(game, "peru", 0) == {"colonist": 3}
    assert game.s.goods[0][G["silver"]] == 1  # ruling 4: first to 3 in Peru
    assert game.s.turn == 8
    check(game)


def test_migration_single_colonist_and_skip_and_bought_this_turn():
    game = fresh(2)
    at_turn(game, 7)
    put(game, "caribbean", 1, colonist=1, soldier=2)
    put(game, "florida", 0)
    box_worker(game, "discovery", 0)
    buy(game, 1, "migration", money=20)
    play(game, "skip")  # player 0's expedition
    assert game.decision == {"kind": "migration_from", "player": 1}
    play(game, "region caribbean", "region florida")  # one colonist: no count to choose
    assert workers(game, "florida", 1) == {"colonist": 1}
    assert workers(game, "caribbean", 1) == {"soldier": 2}
    assert game.s.turn == 8
    # Only Soldiers left in the Caribbean, one Colonist in Florida: Florida may still migrate.
    resolve_from(game, "benefits")
    assert legal(game) == ["region florida", "skip"]
    play(game, "skip")
    assert game.is_terminal()


def test_migration_not_offered_without_colonists():
    game = fresh(2)
    at_turn(game, 7)
    give_building(game, 0, "migration")
    put(game, "caribbean", 0, soldier=2)
    put(game, "peru", 0, missionary=1)
    resolve_from(game, "benefits")
    assert game.s.turn == 8 and game.decision["kind"] == "place"


# ---- Plague III (ruling 12) -------------------------------------------------------------------
def test_plague_3_removes_up_to_three_colonists_of_the_chosen_player_never_specialists():
    game = fresh(3)
    at_turn(game, 7)
    put(game, "caribbean", 1, colonist=5, missionary=1, soldier=1)
    put(game, "caribbean", 2, colonist=2)
    put(game, "peru", 2, soldier=2)  # specialists only: Peru is no target
    put(game, "florida", 0, colonist=1)
    box_worker(game, "discovery", 2)
    buy(game, 0, "plague_3", money=20)
    assert game.decision == {"kind": "plague_3_region", "player": 0}
    assert legal(game) == ["region florida", "region caribbean"]
    play(game, "region caribbean")
    assert game.decision["kind"] == "plague_3_player"
    assert legal(game) == ["player 1", "player 2"]
    play(game, "player 1")
    assert workers(game, "caribbean", 1) == {"colonist": 2, "missionary": 1, "soldier": 1}
    assert workers(game, "caribbean", 2) == {"colonist": 2}
    assert game.decision["kind"] == "expedition_target"  # immediate: still Phase 2
    check(game)


def test_plague_3_takes_fewer_when_fewer_colonists():
    game = fresh(2)
    at_turn(game, 7)
    put(game, "caribbean", 1, colonist=2, soldier=3)
    buy(game, 0, "plague_3", money=20)
    play(game, "region caribbean", "player 1")
    assert workers(game, "caribbean", 1) == {"soldier": 3}
    check(game)  # the two Colonists went back to their owner's supply


def test_plague_3_without_any_colonist_on_the_board_does_nothing():
    game = fresh(2)
    at_turn(game, 7)
    put(game, "caribbean", 1, soldier=3)
    buy(game, 0, "plague_3", money=20)
    assert game.s.turn == 8 and game.decision["kind"] == "place"
    assert workers(game, "caribbean", 1) == {"soldier": 3}


# ---- the box across turns and Ages; Phase 4 order -------------------------------------------
def test_offer_refills_within_an_age_and_is_replaced_at_the_end_of_ages_1_and_2():
    game = fresh(2)
    s = game.s
    first = s.cb_offer[:]
    box_worker(game, "buildings", 0)
    box_worker(game, "buildings", 1)
    s.money[:] = [20, 20]
    resolve_from(game, "buildings")
    play(game, f"building {BUILDINGS[first[0]].id}", f"building {BUILDINGS[first[1]].id}")
    assert s.turn == 2
    assert len(s.cb_offer) == 5 and set(first[2:]) <= set(s.cb_offer)
    assert all(BUILDINGS[b].age == 1 for b in s.cb_offer)
    for turn in (2, 3):
        assert s.turn == turn
        resolve_from(game, "refresh")
    assert s.turn == 4
    assert len(s.cb_offer) == 5 and all(BUILDINGS[b].age == 2 for b in s.cb_offer)
    assert s.stacks[1] == []
    for _ in (4, 5, 6):
        resolve_from(game, "refresh")
    assert s.turn == 7
    assert len(s.cb_offer) == 5 and all(BUILDINGS[b].age == 3 for b in s.cb_offer)
    assert s.stacks[2] == []
    check(game)


@pytest.mark.parametrize("order,expected", [([0, 1], [2, 3]), ([1, 0], [5, 0])])
def test_phase_4_resolves_in_player_order(order, expected):
    """Trading Post pays player 0 $5; player 1's Privateers (3 ships) take $3 from player 0 -
    before or after the $5 depending on Player Order."""
    game = fresh(2, order=order)
    at_turn(game, 4)
    give_building(game, 0, "trading_post")
    give_building(game, 1, "privateers")
    give_ships(game, 1, 3)
    game.s.money[:] = [0, 0]
    resolve_from(game, "benefits")
    assert game.s.money == expected


def test_university_not_offered_before_other_boxes_nor_to_other_players():
    game = fresh(3)
    at_turn(game, 4)
    give_building(game, 2, "university")
    for box in ("shipping", "discovery", "training"):
        box_worker(game, box, 0)
        box_worker(game, box, 2)
    box_worker(game, "dock", 0)
    box_worker(game, "dock", 1)  # player 1 behind player 0 - but player 1 has no University
    game.s.money[0] = 0
    resolve_from(game, "initiative")
    assert game.decision == {"kind": "dock", "player": 0, "worker": W["colonist"]}
    play(game, "skip", "skip")
    # Merchant Shipping resolves without an offer; Discovery asks player 0 first.
    assert game.decision == {"kind": "expedition_target", "player": 0}
    assert game.s.ships[0] == 1
    play(game, "skip")
    assert game.decision == {"kind": "expedition_target", "player": 2}
    play(game, "skip")
    assert game.decision == {"kind": "training", "player": 2}
    assert not game.s.used_university


def test_university_declined_at_placement_is_kept():
    game = fresh(2)
    at_turn(game, 4)
    give_building(game, 1, "university")
    restart_placement(game)
    play(game, "place colonist dock")
    play(game, "use university")
    assert legal(game) == ["target order", "skip"]
    play(game, "skip")
    assert game.decision == {"kind": "place", "player": 1}
    play(game, "use university", "target order")
    play(game, "skip")
    assert game.decision == {"kind": "place", "player": 1}
    assert "use university" in legal(game)
    assert not game.s.used_university and game.s.order == [0, 1]


def test_plague_1_applies_to_discovery_cards():
    game = fresh(2)
    give_building(game, 0, "plague_1")
    for r in R:
        put(game, r, 1)
    s = game.s
    card = next(i for i, c in enumerate(CARDS) if c.id == "mississippi")  # resistance 3, $2
    s.deck.remove(card)
    s.deck.append(card)  # on top
    box_worker(game, "discovery", 0, "captain")
    resolve_from(game, "discovery")
    assert legal(game) == ["deck", "skip"]
    money = s.money[0]
    play(game, "deck", "worker captain", "done")
    assert s.cards_won[0] == [card] and s.money[0] == money + 2


def test_indentured_servitude_with_no_colonist_in_supply_puts_none_on_x():
    game = fresh(2)
    give_building(game, 0, "indentured_servitude")
    s = game.s
    s.supply[0][W["colonist"]] += s.avail[0][W["colonist"]]
    s.avail[0][W["colonist"]] = 0
    put(game, "caribbean", 0, colonist=29)
    resolve_from(game, "benefits")
    assert s.turn == 2 and s.dock_x == -1
    check(game)


def test_specialist_building_with_an_empty_supply_may_trade_one_out_of_the_new_world():
    """Ruling 5: Monastery owed a Missionary from an empty supply."""
    game = fresh(2)
    give_building(game, 0, "monastery")
    put(game, "caribbean", 0, missionary=10)
    s = game.s
    resolve_from(game, "benefits")
    top = game.decision
    assert (top["kind"], top["player"], top["worker"], top["where"]) == (
        "trade_out",
        0,
        W["missionary"],
        "avail",
    )
    assert legal(game) == ["region caribbean", "skip"]
    play(game, "region caribbean")
    assert workers(game, "caribbean", 0) == {"colonist": 1, "missionary": 9}
    assert s.turn == 2 and s.avail[0][W["missionary"]] == 1
    check(game)
