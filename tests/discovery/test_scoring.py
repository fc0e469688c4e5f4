"""Rulebook "New World colony scoring" and "End-game scoring" with rulings 14 and 15."""

import pytest

from empires.discovery.data import CARDS, COUNTERS
from empires.discovery.scoring import CATEGORIES, colony_scoring, region_scores
from tests.discovery.helpers import G, fresh, give_building, put, resolve_from

CARD = {c.id: i for i, c in enumerate(CARDS)}


# ---- one region ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "counts, vp",
    [
        # The player with the most workers 6 VP, the second most 2 VP.
        ([5, 3], [6, 2]),
        ([3, 1, 0], [6, 2, 0]),  # second place needs no 3 workers of its own
        ([1, 4, 2, 0], [0, 6, 2, 0]),
        # Only one player, with 3 or more: 6 VP, nobody gets 2.
        ([3, 0, 0], [6, 0, 0]),
        ([0, 0, 9], [0, 0, 6]),
        # Two tied for first: 2 VP each, and nobody scores second.
        ([3, 3], [2, 2]),
        ([4, 4, 2], [2, 2, 0]),
        ([2, 5, 5, 1], [0, 2, 2, 0]),
        # Three (or more) tied for first: 0 VP for everyone.
        ([3, 3, 3], [0, 0, 0]),
        ([4, 4, 4, 2], [0, 0, 0, 0]),
        ([3, 3, 3, 3, 3, 3], [0] * 6),
        # A tie for second: 0 VP for the tied players; first still scores 6.
        ([5, 2, 2], [6, 0, 0]),
        ([4, 1, 1, 1], [6, 0, 0, 0]),
        ([6, 3, 3, 1], [6, 0, 0, 0]),
        # Third place scores nothing.
        ([6, 4, 2], [6, 2, 0]),
        # No player with 3 workers: the region is not scored.
        ([2, 2, 2], [0, 0, 0]),
        ([2, 1], [0, 0]),
        ([0, 0], [0, 0]),
    ],
)
def test_region_scores(counts, vp):
    assert region_scores(counts) == vp


def test_all_worker_types_count():
    game = fresh(2)
    put(game, "peru", 0, soldier=1, captain=1, merchant=1)
    put(game, "peru", 1, missionary=2)
    assert colony_scoring(game.s) == [6, 2]


def test_regions_add_up():
    game = fresh(3)
    put(game, "peru", 0, colonist=4)
    put(game, "peru", 1, colonist=1)
    put(game, "brazil", 1, colonist=3)
    put(game, "brazil", 2, colonist=3)
    put(game, "caribbean", 2, colonist=3)
    put(game, "caribbean", 0, colonist=1)
    put(game, "caribbean", 1, colonist=1)  # tied for second
    put(game, "florida", 0, colonist=2)  # nobody has 3: not scored
    put(game, "florida", 1, colonist=1)
    assert colony_scoring(game.s) == [6, 2 + 2, 2 + 6]


def test_region_that_lost_its_third_worker_is_not_scored():
    game = fresh(2)
    put(game, "peru", 0, colonist=3)
    put(game, "peru", 1, colonist=1)
    assert colony_scoring(game.s) == [6, 2]
    game.s.region_workers[7][0][0] -= 1  # Peru: a casualty (say)
    game.s.supply[0][0] += 1
    assert colony_scoring(game.s) == [0, 0]


@pytest.mark.parametrize("turn, age", [(3, 1), (6, 2), (8, 3)])
def test_colony_vp_recorded_per_age(turn, age):
    game = fresh(2)
    game.s.turn = turn
    put(game, "caribbean", 0, colonist=3)
    put(game, "caribbean", 1, colonist=2)
    game.s.colony_vp = [[1, 1, 1], [0, 0, 0]]
    resolve_from(game, "benefits")  # Phases 4 and 5
    expected0, expected1 = [1, 1, 1], [0, 0, 0]
    expected0[age - 1] += 6
    expected1[age - 1] += 2
    assert game.s.colony_vp == [expected0, expected1]
    row = game.scores()[0]
    assert row[f"colonies_age{age}"] == expected0[age - 1]


def test_colonies_score_every_age_again():
    game = fresh(2)
    put(game, "caribbean", 0, colonist=3)
    game.s.turn = 3
    resolve_from(game, "benefits")  # Phases 4 and 5
    game.s.turn = 6
    resolve_from(game, "benefits")  # Phases 4 and 5
    game.s.turn = 8
    resolve_from(game, "benefits")  # Phases 4 and 5
    assert game.s.colony_vp[0] == [6, 6, 6]
    assert game.is_terminal()


# ---- end-game scoring --------------------------------------------------------------------------


def ended(n: int = 2):
    game = fresh(n)
    game.s.turn = 8
    game.s.step = "over"
    game.s.pending = []
    game._legal = None
    return game


def test_end_scoring_categories():
    assert set(CATEGORIES) >= {
        "colonies_age1",
        "colonies_age2",
        "colonies_age3",
        "discoveries",
        "buildings",
        "economy",
    }
    game = ended(2)
    s = game.s
    s.colony_vp[0] = [6, 8, 2]
    # Discoveries: the VP printed on counters and cards.
    counter = s.unused_counters.pop()
    s.found[0] = [counter]
    s.deck.remove(CARD["china"])
    s.cards_won[0] = [CARD["china"]]
    # Buildings: the printed VP (University 5 VP).
    give_building(game, 0, "university")
    s.economy[0] = 7
    row = game.scores()[0]
    expected = {
        "colonies_age1": 6,
        "colonies_age2": 8,
        "colonies_age3": 2,
        "discoveries": COUNTERS[counter].vp + 6,
        "buildings": 5,
        "economy": 7,
        "total": 6 + 8 + 2 + COUNTERS[counter].vp + 6 + 5 + 7,
    }
    assert {k: row[k] for k in expected} == expected
    assert row["total"] == sum(row[c] for c in CATEGORIES)
    assert game.scores()[1]["total"] == 0


def test_economy_is_turn_8_set_income_not_current_goods():
    game = ended(2)
    game.s.goods[0][G["gold"]] = 4  # would pay $6 now
    game.s.economy[0] = 3  # what it paid in turn 8's income phase
    assert game.scores()[0]["economy"] == 3


def test_money_is_not_victory_points():
    game = ended(2)
    game.s.money = [100, 0]
    assert game.scores()[0]["total"] == 0


def test_highest_total_wins():
    game = ended(3)
    game.s.colony_vp = [[6, 0, 0], [6, 6, 0], [0, 0, 2]]
    assert game.ranking() == [[1], [0], [2]]
    assert game.winners() == [1]


def test_tiebreak_1_colony_vp_of_turn_8():
    game = ended(2)
    game.s.colony_vp = [[0, 0, 6], [6, 0, 0]]
    game.s.money = [0, 50]
    assert game.winners() == [0]
    game.s.colony_vp = [[6, 0, 0], [0, 0, 6]]
    assert game.winners() == [1]


def test_tiebreak_2_money():
    game = ended(2)
    game.s.colony_vp = [[6, 0, 2], [6, 0, 2]]
    game.s.money = [12, 15]
    game.s.goods[0][G["gold"]] = 3
    assert game.s.economy == [0, 0]
    assert game.winners() == [1]


def test_tiebreak_3_trade_goods_and_merchant_ships():
    game = ended(2)
    game.s.money = [9, 9]
    game.s.goods[0][G["gold"]] = 2
    game.s.goods[1][G["fur"]] = 1
    game.s.ships[1] = 2
    assert game.winners() == [1]
    game.s.ships[1] = 0
    assert game.winners() == [0]
    game.s.ships[1] = 1  # 2 goods against 1 good + 1 ship: still tied
    assert game.winners() == [0, 1]


def test_still_tied_is_a_shared_win():
    game = ended(3)
    game.s.colony_vp = [[6, 0, 2], [0, 6, 2], [0, 0, 0]]
    game.s.money = [5, 5, 20]
    game.s.goods[0][G["gold"]] = 1
    game.s.ships[1] = 1
    assert game.ranking() == [[0, 1], [2]]
    assert game.winners() == [0, 1]


def test_full_end_of_game_flow():
    game = fresh(2)
    game.s.turn = 8
    put(game, "caribbean", 0, colonist=4)
    put(game, "caribbean", 1, colonist=2)
    game.s.goods[1][G["sugar"]] = 4
    resolve_from(game, "income")
    assert game.is_terminal()
    rows = game.scores()
    assert rows[0]["colonies_age3"] == 6 and rows[1]["colonies_age3"] == 2
    assert rows[1]["economy"] == 6
    assert rows[0]["total"] == 6 and rows[1]["total"] == 8
    assert game.winners() == [1]
