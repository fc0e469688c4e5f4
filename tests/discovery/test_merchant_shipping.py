"""Rulebook "Event Box: Merchant Shipping" and the Merchant Ship part of Phase 5."""

import pytest

from empires.discovery.merchant_shipping import shipping_winner
from tests.discovery.helpers import W, box_worker, fresh, resolve_from
from tests.discovery.invariants import check


def ship_game(n, entries, order=None):
    game = fresh(n, order=order)
    for p, w in entries:
        box_worker(game, "shipping", p, w)
    return game


@pytest.mark.parametrize(
    "worker, value",
    [("colonist", 1), ("captain", 2), ("merchant", 2), ("missionary", 1), ("soldier", 1)],
)
def test_worker_values(worker, value):
    # One worker of the type (player 1, later in order) against ``value - 1`` colonists of
    # player 0 wins; against ``value`` colonists it ties, and the tie goes to player 0.
    game = ship_game(2, [(1, worker)] + [(0, "colonist")] * (value - 1))
    assert shipping_winner(game.s) == 1
    game = ship_game(2, [(1, worker)] + [(0, "colonist")] * value)
    assert shipping_winner(game.s) == 0


def test_captain_and_merchant_count_two():
    game = ship_game(
        3, [(0, "colonist"), (0, "colonist"), (0, "colonist"), (2, "captain"), (2, "merchant")]
    )
    assert shipping_winner(game.s) == 2
    resolve_from(game, "shipping")
    assert game.s.ships == [0, 0, 1]


def test_tie_goes_to_the_earliest_in_player_order():
    game = ship_game(
        3, [(0, "colonist"), (0, "colonist"), (1, "colonist"), (2, "captain")], order=[1, 2, 0]
    )
    # Player 0 and player 2 both have value 2; player 2 comes first in player order.
    assert shipping_winner(game.s) == 2
    resolve_from(game, "shipping")
    assert game.s.ships == [0, 0, 1]


def test_tie_is_not_decided_by_placement_order():
    game = ship_game(2, [(1, "colonist"), (0, "colonist")], order=[0, 1])
    assert shipping_winner(game.s) == 0


def test_empty_box_nobody_wins():
    game = fresh(3)
    assert shipping_winner(game.s) == -1


def test_workers_return_to_supply_and_ship_is_kept():
    game = ship_game(2, [(0, "captain"), (1, "colonist")])
    captains = game.s.supply[0][W["captain"]]
    resolve_from(game, "shipping")
    assert game.s.supply[0][W["captain"]] == captains + 1
    assert game.s.shipping == []
    assert game.s.ships == [1, 0]
    check(game)
    # Ships are never discarded.
    resolve_from(game, "shipping")
    assert game.s.ships == [1, 0]


def test_claimed_ship_is_replaced_at_refresh():
    game = ship_game(2, [(1, "colonist")])
    supply = game.s.ship_supply
    resolve_from(game, "shipping")
    assert game.s.turn == 2
    assert game.s.ships == [0, 1]
    assert game.s.ship_in_box is True
    assert game.s.ship_supply == supply - 1
    check(game)


def test_unclaimed_ship_stays_and_no_second_ship_is_added():
    game = fresh(2)
    supply = game.s.ship_supply
    resolve_from(game, "shipping")
    assert game.s.turn == 2
    assert game.s.ship_in_box is True
    assert game.s.ship_supply == supply
    assert game.s.ships == [0, 0]


def test_no_new_ship_when_the_supply_is_empty():
    game = ship_game(2, [(0, "colonist")])
    game.s.ships[1] += game.s.ship_supply
    game.s.ship_supply = 0
    resolve_from(game, "shipping")
    assert game.s.ships[0] == 1
    assert game.s.ship_in_box is False
    # Next turn's workers in the box win nothing.
    box_worker(game, "shipping", 0)
    resolve_from(game, "shipping")
    assert game.s.ships[0] == 1
    check(game)


def test_one_ship_per_turn_at_most():
    game = ship_game(3, [(0, "colonist"), (1, "captain"), (2, "merchant")])
    resolve_from(game, "shipping")
    assert sum(game.s.ships) == 1
    assert game.s.ships == [0, 1, 0]  # 1 and 2 tie at 2, player 1 first in order
