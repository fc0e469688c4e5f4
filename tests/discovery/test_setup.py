"""Rulebook "Setup" (2015 base game) for every player count."""

from collections import Counter

import pytest

from empires.discovery.data import (
    BUILDINGS,
    CARDS,
    COUNTERS,
    GOOD_COUNTS,
    GOOD_IDS,
    MERCHANT_SHIPS,
    NUM_REGIONS,
    REGION_GOOD,
    WORKER_COUNTS,
    WORKERS,
)
from empires.discovery.game import new_game
from empires.discovery.placement import open_boxes
from empires.discovery.setup import dock_spaces
from tests.discovery.helpers import R

PLAYER_COUNTS = [2, 3, 4, 5, 6]
SEEDS = [0, 1, 7, 42]


@pytest.mark.parametrize("n", PLAYER_COUNTS)
@pytest.mark.parametrize("seed", SEEDS)
def test_money_is_10_11_12_by_player_order(n, seed):
    s = new_game(n, seed=seed).s
    assert sorted(s.order) == list(range(n))
    assert [s.money[p] for p in s.order] == [10 + i for i in range(n)]


def test_initial_player_order_is_random():
    orders = {tuple(new_game(4, seed=seed).s.order) for seed in range(30)}
    assert len(orders) > 1


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_each_player_starts_with_five_colonists_available(n):
    s = new_game(n, seed=3).s
    for p in range(n):
        assert s.avail[p] == [5, 0, 0, 0, 0, 0]
        # 30 colonists: 5 on the player board, 1 on the Player Order track, 24 in supply.
        assert s.supply[p][WORKERS.index("colonist")] == 30 - 5 - 1
        for w, name in enumerate(WORKERS):
            if name == "colonist":
                continue
            expected = 0 if name == "builder" else WORKER_COUNTS[w]
            assert s.supply[p][w] == expected, name
        assert s.discovery_box[p] == [0] * len(WORKERS)


def test_specialist_counts_are_the_rulebook_s():
    counts = dict(zip(WORKERS, WORKER_COUNTS, strict=True))
    assert counts == {
        "colonist": 30,
        "captain": 5,
        "merchant": 5,
        "missionary": 10,
        "soldier": 10,
        "builder": 10,
    }


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_colonist_dock_has_2n_minus_1_spaces(n):
    assert dock_spaces(n) == 2 * n - 1
    game = new_game(n, seed=0)
    s = game.s
    # Fill the dock directly and check that it closes after 2N-1 workers.
    for i in range(dock_spaces(n)):
        assert 1 in open_boxes(s, s.order[0]), f"dock closed after {i}"
        s.dock.append([s.order[0], 0])
    assert 1 not in open_boxes(s, s.order[0])


def test_four_player_dock_has_seven_spaces():
    # Rulebook example: in a 4-player game the ship goes on space 8; 7 spaces are available.
    assert dock_spaces(4) == 7


@pytest.mark.parametrize("n", PLAYER_COUNTS)
@pytest.mark.parametrize("seed", SEEDS)
def test_discovery_counters_on_eight_regions_not_the_caribbean(n, seed):
    s = new_game(n, seed=seed).s
    carib = R["caribbean"]
    assert s.discovered[carib] is True
    assert s.counter[carib] == -1
    others = [r for r in range(NUM_REGIONS) if r != carib]
    assert all(not s.discovered[r] for r in others)
    assert all(s.counter[r] >= 0 for r in others)
    on_board = [s.counter[r] for r in others]
    assert len(set(on_board)) == 8
    # The rest go back to the box, unused; no counter is face up.
    assert sorted(on_board + s.unused_counters) == list(range(len(COUNTERS)))
    assert len(s.unused_counters) == 8
    assert not any(s.revealed)
    assert all(not any(any(row) for row in s.region_workers[r]) for r in range(NUM_REGIONS))


def test_counters_are_placed_at_random():
    layouts = {tuple(new_game(3, seed=seed).s.counter) for seed in range(20)}
    assert len(layouts) > 1


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_discovery_deck_shuffled_and_complete(n):
    s = new_game(n, seed=5).s
    assert sorted(s.deck) == list(range(len(CARDS)))
    assert all(cards == [] for cards in s.cards_won)
    decks = {tuple(new_game(n, seed=seed).s.deck) for seed in range(10)}
    assert len(decks) > 1


@pytest.mark.parametrize("n", PLAYER_COUNTS)
@pytest.mark.parametrize("seed", SEEDS)
def test_trade_goods_nine_on_regions_four_on_the_box_rest_face_down(n, seed):
    s = new_game(n, seed=seed).s
    assert sum(GOOD_COUNTS) == 46
    # One good on each region (including the Caribbean), matching its printed icon.
    assert s.region_good == list(REGION_GOOD)
    assert s.region_good[R["peru"]] == GOOD_IDS.index("silver")
    assert len(s.tg_offer) == 4
    assert len(s.pool) == 46 - 9 - 4
    total = Counter(s.region_good) + Counter(s.tg_offer) + Counter(s.pool)
    assert [total[g] for g in range(len(GOOD_IDS))] == list(GOOD_COUNTS)
    assert all(sum(goods) == 0 for goods in s.goods)
    assert s.goods_removed == 0


def test_good_counts_are_the_rulebook_s():
    assert dict(zip(GOOD_IDS, GOOD_COUNTS, strict=True)) == {
        "silver": 6,
        "sugar": 6,
        "gold": 5,
        "tobacco": 5,
        "coffee": 4,
        "indigo": 4,
        "fur": 4,
        "cattle": 3,
        "cocoa": 3,
        "fish": 3,
        "rice": 3,
    }


@pytest.mark.parametrize("n", PLAYER_COUNTS)
@pytest.mark.parametrize("seed", SEEDS)
def test_five_age_one_buildings_face_up_and_three_stacks(n, seed):
    s = new_game(n, seed=seed).s
    assert len(s.cb_offer) == 5
    assert all(BUILDINGS[b].age == 1 for b in s.cb_offer)
    base = {
        age: {b.index for b in BUILDINGS if b.age == age and b.set == "base"} for age in (1, 2, 3)
    }
    assert {age: len(v) for age, v in base.items()} == {1: 12, 2: 14, 3: 11}
    assert set(s.cb_offer) | set(s.stacks[1]) == base[1]
    assert len(s.stacks[1]) == 12 - 5
    assert set(s.stacks[2]) == base[2]
    assert set(s.stacks[3]) == base[3]
    assert all(owned == [] for owned in s.owned)
    # No Builder-expansion building in the base game.
    held = s.cb_offer + s.stacks[1] + s.stacks[2] + s.stacks[3]
    assert all(BUILDINGS[b].set == "base" for b in held)


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_merchant_ships_box_turn_track_and_dock_marker(n):
    s = new_game(n, seed=0).s
    assert s.ship_in_box is True
    assert all(ships == 0 for ships in s.ships)
    # One on the turn track, one on dock space 2N when the dock has such a space (11 spaces).
    dock_marker = 1 if 2 * n <= 11 else 0
    assert s.ship_markers == 1 + dock_marker
    assert s.ship_supply == MERCHANT_SHIPS - 1 - s.ship_markers


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_game_starts_turn_one_phase_one_with_first_player(n):
    game = new_game(n, seed=11)
    s = game.s
    assert s.turn == 1
    assert s.step == "place"
    assert game.decision["kind"] == "place"
    assert game.current_player == s.order[0]
    assert all(not box for box in (s.initiative, s.dock, s.tg_box, s.shipping, s.cb_box, s.warfare))
    assert s.specialists == {}
    assert s.dock_x == -1 and s.dock_y == -1


@pytest.mark.parametrize("n", [0, 1, 7, "4", None])
def test_player_count_outside_2_to_6_is_refused(n):
    with pytest.raises(ValueError):
        new_game(n)


def test_same_seed_same_setup_and_different_seed_differs():
    a, b = new_game(4, seed=9), new_game(4, seed=9)
    assert a.to_json() == b.to_json()
    assert any(
        new_game(4, seed=x).to_json()["state"] != a.to_json()["state"] for x in range(10, 13)
    )
