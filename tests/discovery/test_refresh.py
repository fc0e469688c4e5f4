"""Rulebook "Phase 5: Refresh Board" (its two Capital Building examples) and the turn track."""

import pytest

from empires.discovery.capital_buildings import price
from empires.discovery.data import BUILDINGS, age_of_turn
from tests.discovery.helpers import R, W, box_worker, fresh, play, put, resolve_from
from tests.discovery.invariants import check


def end_turn(game) -> None:
    """Run Phase 4 (nobody owns a building: nothing happens) and Phase 5."""
    resolve_from(game, "benefits")


def at_turn(turn: int, n: int = 3):
    """A fresh game moved to ``turn`` with the right Age's buildings on offer."""
    game = fresh(n)
    s = game.s
    for t in range(1, turn):
        # Replay the Capital Building part of each earlier refresh with nobody buying.
        if t in (3, 6):
            age = 1 if t == 3 else 2
            s.buildings_out += s.cb_offer + s.stacks[age]
            s.cb_offer, s.stacks[age] = [], []
            s.cb_offer = [s.stacks[age + 1].pop() for _ in range(5)]
    s.turn = turn
    return game


def buy(game, player: int, *building_indices: int) -> None:
    for b in building_indices:
        game.s.cb_offer.remove(b)
        game.s.owned[player].append(b)


def test_example_1_turn_3_age_one_buildings_leave_five_age_two_come():
    game = at_turn(3)
    s = game.s
    bought = s.cb_offer[0]
    buy(game, 0, bought)
    leftover = s.cb_offer[:] + s.stacks[1][:]
    age2 = set(s.stacks[2])
    end_turn(game)
    assert s.turn == 4
    assert len(s.cb_offer) == 5
    assert all(BUILDINGS[b].age == 2 for b in s.cb_offer)
    assert set(s.cb_offer) <= age2
    # Every unclaimed Age I building is out of the game: off the board and out of the stack.
    assert s.stacks[1] == []
    assert sorted(s.buildings_out) == sorted(leftover)
    assert bought in s.owned[0]
    assert len(s.stacks[2]) == 14 - 5
    check(game)


def test_example_2_turn_5_remaining_buildings_stay_and_are_topped_up():
    game = at_turn(5)
    s = game.s
    assert all(BUILDINGS[b].age == 2 for b in s.cb_offer)
    buy(game, 1, s.cb_offer[1], s.cb_offer[3])
    staying = s.cb_offer[:]
    stack = s.stacks[2][:]
    out = s.buildings_out[:]
    end_turn(game)
    assert s.turn == 6
    assert len(s.cb_offer) == 5
    assert s.cb_offer[:3] == staying  # not removed
    assert set(s.cb_offer[3:]) <= set(stack)
    assert all(BUILDINGS[b].age == 2 for b in s.cb_offer)
    assert len(s.stacks[2]) == len(stack) - 2
    assert s.buildings_out == out  # nothing leaves the game mid-Age
    check(game)


def test_turn_6_brings_age_three():
    game = at_turn(6)
    s = game.s
    age2_left = s.cb_offer[:] + s.stacks[2][:]
    end_turn(game)
    assert s.turn == 7
    assert all(BUILDINGS[b].age == 3 for b in s.cb_offer)
    assert len(s.cb_offer) == 5
    assert s.stacks[2] == []
    assert set(age2_left) <= set(s.buildings_out)
    check(game)


def test_turns_1_and_2_top_up_from_age_one():
    game = fresh(2)
    s = game.s
    buy(game, 0, s.cb_offer[0], s.cb_offer[1], s.cb_offer[2], s.cb_offer[3], s.cb_offer[4])
    end_turn(game)
    assert s.turn == 2 and len(s.cb_offer) == 5 and len(s.stacks[1]) == 2
    assert all(BUILDINGS[b].age == 1 for b in s.cb_offer)
    buy(game, 1, s.cb_offer[0], s.cb_offer[1], s.cb_offer[2])
    end_turn(game)
    # Only two Age I buildings were left in the stack.
    assert s.turn == 3 and len(s.cb_offer) == 4 and s.stacks[1] == []
    check(game)


def test_turn_7_tops_up_from_age_three():
    game = at_turn(7)
    s = game.s
    buy(game, 0, s.cb_offer[0])
    end_turn(game)
    assert s.turn == 8
    assert len(s.cb_offer) == 5
    assert all(BUILDINGS[b].age == 3 for b in s.cb_offer)


@pytest.mark.parametrize(
    "turn, age, cost", [(1, 1, 10), (3, 1, 10), (4, 2, 14), (6, 2, 14), (7, 3, 20), (8, 3, 20)]
)
def test_ages_and_building_prices(turn, age, cost):
    assert age_of_turn(turn) == age
    game = at_turn(turn)
    assert price(game.s, game.s.cb_offer[0]) == cost


def test_five_new_colonists_each_turn():
    game = fresh(3)
    end_turn(game)
    s = game.s
    assert s.turn == 2
    # resolve_from returned each player's 5 available colonists to supply first.
    for p in range(3):
        assert s.avail[p] == [5, 0, 0, 0, 0, 0]
        assert s.supply[p][W["colonist"]] == 24
    check(game)


def test_new_colonists_add_to_specialists_gained_this_turn():
    game = fresh(2)
    box_worker(game, "soldier", 0)
    resolve_from(game, "specialists")
    assert game.s.avail[0] == [5, 0, 0, 0, 1, 0]


def test_only_the_colonists_left_in_supply_are_dealt():
    game = fresh(2)
    # All but 3 of player 0's colonists are in the Caribbean (the 5 available ones too).
    put(game, "caribbean", 0, colonist=21)
    game.s.avail[0][W["colonist"]] = 0
    game.s.region_workers[R["caribbean"]][0][W["colonist"]] += 5
    end_turn(game)
    assert game.s.avail[0][W["colonist"]] == 3
    assert game.s.supply[0][W["colonist"]] == 0
    assert game.s.avail[1][W["colonist"]] == 5
    check(game)


@pytest.mark.parametrize("turn", [1, 2, 3, 4, 5, 6, 7])
def test_turn_marker_advances(turn):
    game = at_turn(turn)
    end_turn(game)
    assert game.s.turn == turn + 1
    assert game.s.step == "place"
    assert not game.is_terminal()


def test_game_ends_after_turn_8_and_the_rest_of_refresh_is_skipped():
    game = at_turn(8)
    offer = game.s.tg_offer[:]
    end_turn(game)
    assert game.is_terminal()
    assert game.s.turn == 8
    assert game.s.tg_offer == offer
    assert game.legal_actions() == []
    assert game.decision is None


@pytest.mark.parametrize(
    "turn, scored",
    [(1, False), (2, False), (3, True), (4, False), (5, False), (6, True), (7, False), (8, True)],
)
def test_colony_scoring_only_at_the_end_of_turns_3_6_8(turn, scored):
    game = at_turn(turn)
    put(game, "caribbean", 0, colonist=3)
    end_turn(game)
    age = age_of_turn(turn)
    expected = [0, 0, 0]
    if scored:
        expected[age - 1] = 6
    assert game.s.colony_vp[0] == expected


def test_player_order_adjusted_from_initiative():
    game = fresh(4, order=[3, 2, 1, 0])
    box_worker(game, "initiative", 1)
    box_worker(game, "initiative", 2)
    resolve_from(game, "initiative")
    assert game.s.order == [1, 2, 3, 0]


def test_discovery_box_persists_other_boxes_are_cleared():
    game = fresh(2)
    box_worker(game, "discovery", 0, "captain")
    for box in (
        "initiative",
        "dock",
        "trade_goods",
        "shipping",
        "buildings",
        "warfare",
        "training",
    ):
        box_worker(game, box, 1)
    resolve_from(game, "initiative")
    while not (game.s.turn == 2 and game.s.step == "place"):
        play(game, "skip")
    s = game.s
    assert s.discovery_box[0][W["captain"]] == 1
    assert not (s.initiative or s.dock or s.tg_box or s.shipping or s.cb_box or s.warfare)
    assert s.specialists == {}
    check(game)
