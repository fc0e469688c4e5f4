"""Rulebook "Event Box: Initiative" and "Adjust Player Order" (Phase 5)."""

import pytest

from empires.discovery.mechanics import next_order
from tests.discovery.helpers import W, box_worker, fresh, resolve_from

RED, BLUE, GREEN, ORANGE = 0, 1, 2, 3


def run_initiative(n: int, order: list[int], placers: list[int]):
    """Resolve a turn whose only workers are on Initiative, placed by ``placers`` in order."""
    game = fresh(n, order=order)
    for p in placers:
        box_worker(game, "initiative", p)
    before = game.s.money[:]
    resolve_from(game, "initiative")
    return game, before


def test_each_worker_earns_its_space_number():
    game, before = run_initiative(4, [0, 1, 2, 3], [2, 0, 3])
    gained = [game.s.money[p] - before[p] for p in range(4)]
    assert gained == [2, 0, 1, 3]


def test_only_players_on_initiative_earn_money():
    game, before = run_initiative(3, [0, 1, 2], [1])
    gained = [game.s.money[p] - before[p] for p in range(3)]
    assert gained == [0, 1, 0]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_full_initiative_pays_1_to_n(n):
    order = list(range(n))[::-1]
    game, before = run_initiative(n, list(range(n)), order)
    for space, p in enumerate(order, start=1):
        assert game.s.money[p] - before[p] == space
    assert game.s.order == order


def test_initiative_workers_return_to_supply():
    game = fresh(2)
    box_worker(game, "initiative", 0, "soldier")
    supply = game.s.supply[0][W["soldier"]]
    resolve_from(game, "initiative")
    assert game.s.supply[0][W["soldier"]] == supply + 1
    assert game.s.initiative == []


def test_rulebook_example_green_1_orange_2_go_first_next_turn():
    # "Green will receive $1 and go first in the next turn, and Orange will receive $2 and go
    # second." Red and Blue keep their relative order but follow Green and Orange.
    game, before = run_initiative(4, [RED, GREEN, BLUE, ORANGE], [GREEN, ORANGE])
    assert game.s.money[GREEN] - before[GREEN] == 1
    assert game.s.money[ORANGE] - before[ORANGE] == 2
    assert game.s.money[RED] == before[RED]
    assert game.s.money[BLUE] == before[BLUE]
    assert game.s.turn == 2
    assert game.s.order == [GREEN, ORANGE, RED, BLUE]


def test_players_off_initiative_keep_relative_order_blue_before_red():
    game, _ = run_initiative(4, [BLUE, ORANGE, RED, GREEN], [GREEN, ORANGE])
    assert game.s.order == [GREEN, ORANGE, BLUE, RED]


def test_order_changes_only_in_phase_5_not_when_initiative_resolves():
    game = fresh(3, order=[0, 1, 2])
    box_worker(game, "initiative", 2)
    box_worker(game, "shipping", 0)
    box_worker(game, "shipping", 2)
    # Stop at a decision after Initiative: a Trade Goods choice.
    box_worker(game, "trade_goods", 1)
    resolve_from(game, "initiative")
    assert game.decision["kind"] == "trade_good"
    assert game.s.order == [0, 1, 2]
    game.apply("skip")
    # Merchant Shipping ties go to the earliest in this turn's order: player 0, not player 2.
    assert game.s.ships == [1, 0, 0]
    assert game.s.turn == 2
    assert game.s.order == [2, 0, 1]


def test_no_initiative_keeps_the_order():
    game, _ = run_initiative(3, [2, 0, 1], [])
    assert game.s.order == [2, 0, 1]


def test_new_order_is_used_for_next_turn_placement():
    game, _ = run_initiative(3, [0, 1, 2], [2])
    assert game.s.step == "place"
    assert game.current_player == 2


def test_next_order_function():
    assert next_order([0, 1, 2, 3], [2, 3]) == [2, 3, 0, 1]
    assert next_order([3, 1, 0, 2], [0]) == [0, 3, 1, 2]
    assert next_order([3, 1, 0, 2], []) == [3, 1, 0, 2]
    assert next_order([0, 1, 2], [1, 2, 0]) == [1, 2, 0]
