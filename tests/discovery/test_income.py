"""Rulebook "Phase 3: Income" with ruling 6 (the best arrangement of sets is paid)."""

import random
from functools import cache
from itertools import combinations

import pytest

from empires.discovery.data import GOOD_IDS, NUM_GOODS
from empires.discovery.income import set_income
from tests.discovery.helpers import G, fresh, give_building, resolve_from

SHIP = "ship"


def income(*tokens: str) -> int:
    goods = [0] * NUM_GOODS
    ships = 0
    for t in tokens:
        if t == SHIP:
            ships += 1
        else:
            goods[G[t]] += 1
    return set_income(goods, ships)


def brute_force(goods: list[int], ships: int) -> int:
    """Try every way to split the tokens into sets (3 mixed $1, 3 of a kind $3, 4 of a kind $6,
    at most one ship per set)."""
    tokens = tuple(sorted([g for g, c in enumerate(goods) for _ in range(c)] + [-1] * ships))

    @cache
    def best(rest: tuple[int, ...]) -> int:
        if len(rest) < 3:
            return 0
        first, others = rest[0], rest[1:]
        value = best(others)  # the first token is in no set
        for size in (2, 3):
            for idx in combinations(range(len(others)), size):
                group = (first, *(others[i] for i in idx))
                if group.count(-1) > 1:
                    continue
                real = {g for g in group if g >= 0}
                if len(group) == 4:
                    if len(real) != 1:
                        continue
                    worth = 6
                else:
                    worth = 3 if len(real) == 1 else 1
                left = tuple(o for i, o in enumerate(others) if i not in idx)
                value = max(value, worth + best(left))
        return value

    return best(tokens)


def test_any_three_goods_pay_1():
    # Rulebook: "Example: Indigo, Silver, Tobacco".
    assert income("indigo", "silver", "tobacco") == 1


def test_three_of_a_kind_with_a_merchant_ship_pays_3():
    # Rulebook: "Example: Indigo, Indigo, Merchant Ship".
    assert income("indigo", "indigo", SHIP) == 3


def test_four_of_a_kind_pays_6():
    # Rulebook: "Example: Sugar, Sugar, Sugar, Sugar".
    assert income("sugar", "sugar", "sugar", "sugar") == 6


def test_three_of_a_kind_without_ship_pays_3():
    assert income("gold", "gold", "gold") == 3


def test_four_of_a_kind_with_a_ship_pays_6():
    assert income("sugar", "sugar", "sugar", SHIP) == 6


def test_at_most_one_ship_per_set():
    assert income("indigo", SHIP, SHIP) == 0
    assert income("sugar", "sugar", SHIP, SHIP) == 3
    assert income(SHIP, SHIP, SHIP) == 0


def test_fewer_than_three_pays_nothing():
    assert income() == 0
    assert income("gold", "silver") == 0
    assert income("gold", SHIP) == 0


def test_each_token_in_one_set_only():
    assert income("gold", "gold", "gold", "silver", "fur") == 3
    assert income("gold", "silver", "fur", "rice", "fish", "cocoa") == 2


def test_best_arrangement_prefers_four_of_a_kind():
    # 4 Sugar + 2 Silver: $6 beats Sugar x3 ($3) + Sugar, Silver, Silver ($1).
    assert income("sugar", "sugar", "sugar", "sugar", "silver", "silver") == 6


def test_best_arrangement_two_ships_two_four_of_a_kind():
    # 6 Sugar + 2 Ships: two sets of Sugar x3 + Ship, each a four of a kind.
    assert income(*["sugar"] * 6, SHIP, SHIP) == 12


def test_best_arrangement_may_break_a_kind_for_mixed_sets():
    # Gold x3 + Silver + Fur: $3 (not two mixed sets: only 5 tokens).
    assert income("gold", "gold", "gold", "silver", "fur") == 3
    # Gold x3, Silver x2, Fur x2, Rice: $3 + $1 (Silver, Fur, Rice) = $4, or three mixed = $3.
    assert income("gold", "gold", "gold", "silver", "silver", "fur", "fur", "rice") == 4


def test_ship_is_wild_for_any_kind():
    for good in GOOD_IDS:
        assert income(good, good, SHIP) == 3


@pytest.mark.parametrize("seed", range(12))
def test_engine_matches_brute_force(seed):
    rng = random.Random(seed)
    for _ in range(25):
        goods = [0] * NUM_GOODS
        for _ in range(rng.randint(0, 10)):
            goods[rng.randrange(rng.choice((2, 4, 7)))] += 1
        ships = rng.randint(0, 3)
        assert set_income(goods, ships) == brute_force(goods, ships), (goods, ships)


def test_income_is_paid_each_turn_and_goods_are_kept():
    game = fresh(2)
    game.s.goods[0][G["sugar"]] = 4
    game.s.goods[1][G["indigo"]] = 2
    game.s.ships[1] = 1
    money = game.s.money[:]
    resolve_from(game, "income")
    assert game.s.turn == 2
    assert game.s.money == [money[0] + 6, money[1] + 3]
    assert game.s.goods[0][G["sugar"]] == 4
    assert game.s.ships[1] == 1
    resolve_from(game, "income")
    assert game.s.money == [money[0] + 12, money[1] + 6]


def test_turn_8_set_income_is_the_economy_score_buildings_excluded():
    game = fresh(2)
    game.s.turn = 8
    game.s.goods[0][G["gold"]] = 3
    give_building(game, 0, "trading_post")  # +$5 in Phase 4: not part of the Economy VP
    money = game.s.money[0]
    resolve_from(game, "income")
    assert game.is_terminal()
    assert game.s.money[0] == money + 3 + 5
    assert game.s.economy == [3, 0]
    assert game.scores()[0]["economy"] == 3


def test_income_before_turn_8_does_not_set_economy():
    game = fresh(2)
    game.s.goods[0][G["gold"]] = 3
    resolve_from(game, "income")
    assert game.s.economy == [0, 0]
