"""Rulebook "Event Box: Trade Goods" and the Trade Goods part of "Phase 5: Refresh Board"."""

from collections import Counter

import pytest

from empires.core.errors import IllegalActionError
from empires.discovery.actions import Action
from empires.discovery.data import GOOD_IDS
from tests.discovery.helpers import G, W, box_worker, fresh, play, resolve_from
from tests.discovery.invariants import check


def tg_game(offer: list[str], *players: int, n: int = 3):
    game = fresh(n)
    game.s.pool += game.s.tg_offer  # keep the 46 goods accounted for
    game.s.tg_offer = [G[g] for g in offer]
    for g in offer:
        game.s.pool.remove(G[g])
    for p in players:
        box_worker(game, "trade_goods", p)
    return game


def offered(game) -> set[str]:
    return {GOOD_IDS[a.a] for a in game.legal_actions() if a.kind == "good"}


def test_players_choose_in_space_order_among_the_remaining_goods():
    game = tg_game(["silver", "gold", "fur", "rice"], 2, 0, 1)
    resolve_from(game, "trade_goods")
    assert game.decision.items() >= {"kind": "trade_good", "player": 2}.items()
    assert offered(game) == {"silver", "gold", "fur", "rice"}
    assert Action("skip") in game.legal_actions()
    play(game, "good gold")
    assert game.decision["player"] == 0
    assert offered(game) == {"silver", "fur", "rice"}
    with pytest.raises(IllegalActionError):
        game.apply("good gold")
    play(game, "good rice")
    assert game.decision["player"] == 1
    assert offered(game) == {"silver", "fur"}
    play(game, "good silver")
    assert game.s.goods[2][G["gold"]] == 1
    assert game.s.goods[0][G["rice"]] == 1
    assert game.s.goods[1][G["silver"]] == 1


def test_duplicate_goods_on_offer_can_both_be_taken():
    game = tg_game(["sugar", "sugar", "fish", "cocoa"], 0, 1)
    resolve_from(game, "trade_goods")
    play(game, "good sugar")
    assert "sugar" in offered(game)
    play(game, "good sugar")
    assert game.s.goods[0][G["sugar"]] == 1
    assert game.s.goods[1][G["sugar"]] == 1


def test_a_good_not_on_offer_cannot_be_taken():
    game = tg_game(["silver", "gold", "fur", "rice"], 0)
    resolve_from(game, "trade_goods")
    with pytest.raises(IllegalActionError):
        game.apply("good coffee")


def test_taking_a_good_is_optional():
    game = tg_game(["silver", "gold", "fur", "rice"], 0, 1)
    resolve_from(game, "trade_goods")
    play(game, "skip")
    assert sum(game.s.goods[0]) == 0
    assert offered(game) == {"silver", "gold", "fur", "rice"}


def test_workers_return_to_supply():
    game = tg_game(["silver", "gold", "fur", "rice"], 0)
    game.s.supply[0][W["merchant"]] -= 1
    game.s.tg_box[0] = [0, W["merchant"]]
    merchants = game.s.supply[0][W["merchant"]]
    resolve_from(game, "trade_goods")
    play(game, "good silver")
    assert game.s.supply[0][W["merchant"]] == merchants + 1
    assert game.s.tg_box == []


def test_four_workers_take_all_four_goods():
    game = tg_game(["silver", "gold", "fur", "rice"], 0, 1, 2, 0)
    resolve_from(game, "trade_goods")
    play(game, "good silver", "good gold", "good fur", "good rice")
    assert game.s.goods[0][G["silver"]] == 1 and game.s.goods[0][G["rice"]] == 1
    assert game.s.goods[1][G["gold"]] == 1
    assert game.s.goods[2][G["fur"]] == 1


def test_goods_are_kept_for_the_rest_of_the_game():
    game = tg_game(["silver", "gold", "fur", "rice"], 0)
    resolve_from(game, "trade_goods")
    play(game, "good fur")
    assert game.s.turn == 2
    assert game.s.goods[0][G["fur"]] == 1
    resolve_from(game, "trade_goods")
    assert game.s.turn == 3
    assert game.s.goods[0][G["fur"]] == 1


def test_refresh_removes_leftovers_from_the_game_and_draws_four_new():
    game = tg_game(["silver", "gold", "fur", "rice"], 0)
    resolve_from(game, "trade_goods")
    pool_before = Counter(game.s.pool)
    play(game, "good gold")
    s = game.s
    assert s.turn == 2
    # Three leftovers left the game: not back in the pool, not on the box.
    assert s.goods_removed == 3
    assert len(s.tg_offer) == 4
    assert Counter(s.pool) + Counter(s.tg_offer) == pool_before
    assert len(s.pool) == sum(pool_before.values()) - 4


def test_refresh_with_an_untouched_box_removes_all_four():
    game = fresh(2)
    old = list(game.s.tg_offer)
    pool = len(game.s.pool)
    resolve_from(game, "benefits")  # Phases 4 and 5
    assert game.s.goods_removed == len(old) == 4
    assert len(game.s.pool) == pool - 4
    assert len(game.s.tg_offer) == 4


def test_refresh_draws_what_is_left_when_the_pool_runs_low():
    game = fresh(2)
    game.s.goods_removed += len(game.s.pool) - 2
    game.s.pool = game.s.pool[:2]
    resolve_from(game, "benefits")  # Phases 4 and 5
    assert len(game.s.tg_offer) == 2
    assert game.s.pool == []


def test_worker_finding_no_good_left_just_returns():
    game = tg_game(["silver"], 0, 1)
    resolve_from(game, "trade_goods")
    play(game, "good silver")
    # Player 1's worker found nothing and went home (every worker accounted for); the turn went on.
    assert sum(game.s.goods[1]) == 0
    assert game.s.tg_box == []
    assert game.s.turn == 2
    check(game)
