"""The 2007 edition (option ``edition="2007"``; ruling 17 and the 2007 rulebook): the
starting-order auction (Appendix I) with its payments and the Caribbean discovery, and every rule
that differs from 2015 — leftover Trade Goods back to the pool, Factory $25, Rum Distillery in the
Income phase, Stables in Phase 4, the University's tracks, specialists traded for colonists at any
time, Battles without Soldiers, no Plague tiles, Trade Goods only as the third tie-break, 2-5
players. Ends with random 2007 games checked by the invariants after every action."""

from __future__ import annotations

import json

import pytest

from empires.core.errors import SaveFileError
from empires.core.rng import Rng
from empires.discovery import Options, from_json, new_game, replay
from empires.discovery.benefits import step_benefits
from empires.discovery.data import BUILDINGS, COUNTERS, TURNS, building
from empires.discovery.income import step_income
from empires.discovery.options import VARIANTS
from empires.discovery.scoring import end_vp
from tests.discovery.helpers import (
    B,
    G,
    R,
    W,
    box_worker,
    clear_available,
    give_building,
    give_good,
    give_ships,
    legal,
    play,
    put,
    resolve_from,
    restart_placement,
    set_counter,
    workers,
)
from tests.discovery.invariants import check

E2007 = Options(edition="2007")
AUCTION = Options(edition="2007", variants=("order-auction",))  # its Appendix I start


def seats(game) -> list[int]:
    """Seats in bidding order, from the auction's (random) first bidder."""
    n = game.num_players
    first = game.current_player
    return [(first + i) % n for i in range(n)]


def bid(game, player: int, amount: int | None) -> None:
    """``player`` bids ``amount`` (None: passes); asserts it is their turn."""
    assert game.decision["kind"] == "order_bid" and game.current_player == player
    play(game, "skip" if amount is None else f"bid {amount}")


def fresh_2007(n: int = 4, seed: int = 0, options: Options = E2007):
    """A 2007 game (past its auction with the order-auction variant), reset to player order
    0..N-1, $10 each and an empty Caribbean (discovered; with the variant, its counter stays
    with the auction winner)."""
    game = new_game(n, seed=seed, options=options)
    while game.decision["kind"] == "order_bid":
        play(game, "skip")
    s = game.s
    car = R["caribbean"]
    for p in range(n):
        for w, c in enumerate(s.region_workers[car][p]):
            s.supply[p][w] += c
            s.region_workers[car][p][w] = 0
    s.order = list(range(n))
    s.money = [10] * n
    restart_placement(game)
    return game


# ---- setup ------------------------------------------------------------------------------------
def test_2007_standard_start_random_order_10_dollars_plus_place():
    """ "Ordine iniziale di partenza": the order is random; the first player gets no extra money,
    the second $1 more than the $10 everyone has, the third $2... The Caribbean is open for
    colonization from the start, without a counter. No auction."""
    orders = set()
    for n in (2, 3, 4, 5):
        for seed in range(6):
            game = new_game(n, seed=seed, options=E2007)
            s = game.s
            orders.add(tuple(s.order))
            assert sorted(s.order) == list(range(n))
            assert [s.money[p] for p in s.order] == [10 + place for place in range(n)]
            assert s.step == "place" and game.decision == {"kind": "place", "player": s.order[0]}
            assert s.discovered[R["caribbean"]] and s.counter[R["caribbean"]] == -1
            assert sum(s.discovered) == 1 and not any(s.found)
            assert s.bids == [0] * n and s.passed == []
            assert game.observation(None)["auction"] is None
            assert all(s.avail[p] == [5, 0, 0, 0, 0, 0] for p in range(n))
            check(game)
    assert len({o for o in orders if len(o) == 4}) > 1  # the order really is random


def test_2007_standard_start_is_the_2015_start_for_the_same_seed():
    for n in (2, 3, 4, 5):
        old, new = new_game(n, seed=n, options=Options()), new_game(n, seed=n, options=E2007)
        assert (new.s.order, new.s.money) == (old.s.order, old.s.money)
        assert new.s.counter == old.s.counter


def test_order_auction_variant_is_2007_only():
    with pytest.raises(ValueError, match="order-auction variant is a 2007 rule"):
        Options(variants=("order-auction",))
    assert "order-auction" in VARIANTS and AUCTION.has("order-auction")
    assert Options.from_json(AUCTION.to_json()) == AUCTION


def test_order_auction_setup_everyone_10_dollars_and_a_face_down_counter_on_the_caribbean():
    for n in (2, 3, 4, 5):
        game = new_game(n, seed=n, options=AUCTION)
        s = game.s
        assert s.money == [10] * n  # no +$1 steps
        assert s.step == "auction" and s.turn == 1
        assert not s.discovered[R["caribbean"]] and s.counter[R["caribbean"]] >= 0
        assert not any(s.discovered)
        assert game.observation(0)["regions"][R["caribbean"]]["counter"] == "face-down"
        assert game.observation(None)["phase"] == "Setup: starting-order auction"
        assert game.decision == {"kind": "order_bid", "player": game.current_player, "high": 0}
        assert all(s.avail[p] == [5, 0, 0, 0, 0, 0] for p in range(n))
        check(game)
    # The 2015 game is unchanged: Caribbean discovered, no counter, random order, $10 + place.
    game = new_game(4, seed=1)
    assert game.s.discovered[R["caribbean"]] and game.s.counter[R["caribbean"]] == -1
    assert sorted(game.s.money) == [10, 11, 12, 13] and game.decision["kind"] == "place"


def test_the_first_bidder_is_random():
    firsts = {new_game(4, seed=seed, options=AUCTION).current_player for seed in range(20)}
    assert len(firsts) > 1


def test_2007_is_for_2_to_5_players_and_has_no_plague_tiles():
    with pytest.raises(ValueError, match="2-5 players"):
        new_game(6, options=E2007)
    s = new_game(5, seed=3, options=E2007).s
    tiles = sum(s.stacks, []) + s.cb_offer
    assert not [b for b in tiles if BUILDINGS[b].id.startswith("plague")]
    assert len(tiles) == 11 + 13 + 10


# ---- the starting-order auction (Appendix I) ---------------------------------------------------
def test_bids_start_at_1_must_rise_and_are_limited_by_money():
    game = new_game(3, seed=5, options=AUCTION)
    a, b, c = seats(game)
    assert legal(game) == [f"bid {x}" for x in range(1, 11)] + ["skip"]
    bid(game, a, 4)
    assert game.decision == {"kind": "order_bid", "player": b, "high": 4}
    assert legal(game) == [f"bid {x}" for x in range(5, 11)] + ["skip"]
    assert game.describe("bid 5") == "Bid $5 for the first place"
    bid(game, b, 10)
    assert legal(game) == ["skip"]  # nobody can top $10
    check(game)


def test_full_auction_order_payments_caribbean_and_free_specialist():
    game = new_game(4, seed=11, options=AUCTION)
    s = game.s
    set_counter(game, "caribbean", COUNTERS[5].id)  # plunder $2, $4 per Soldier, 5 VP
    info = COUNTERS[5]
    a, b, c, d = seats(game)
    bid(game, a, 3)
    bid(game, b, 5)
    bid(game, c, None)  # first to pass: last place
    bid(game, d, 8)
    bid(game, a, None)  # next to pass: third place
    bid(game, b, 9)  # c has passed: d is next
    assert s.step == "auction" and s.money == [10] * 4
    obs = game.observation(None)["auction"]
    assert obs == {"bids": s.bids, "passed": [c, a]}
    bid(game, d, None)  # last to pass: second place; b alone is left and wins
    assert s.order == [b, d, a, c]
    # The winner pays the whole bid and discovers the Caribbean: the counter's $ (no Soldier
    # bonus), the counter kept for VP, a colonist from supply (not one of the five).
    assert s.money[b] == 10 - 9 + info.plunder
    assert s.discovered[R["caribbean"]] and s.counter[R["caribbean"]] == -1
    assert s.found[b] == [5]
    assert game.scores()[b]["discoveries"] == info.vp
    assert workers(game, "caribbean", b) == {"colonist": 1}
    assert s.avail[b][W["colonist"]] == 5
    assert s.supply[b][W["colonist"]] == 30 - 1 - 5 - 1
    # Place 2 pays half its own last bid ($8 -> $4) and, having bid $8, takes a free specialist.
    assert s.money[d] == 10 - 4
    assert s.money[a] == 10 and s.money[c] == 10  # other bids cost nothing
    assert game.decision == {"kind": "order_specialist", "player": d}
    assert legal(game) == [
        "worker captain",
        "worker merchant",
        "worker missionary",
        "worker soldier",
    ]
    play(game, "worker soldier")
    assert s.avail[d][W["soldier"]] == 1 and s.supply[d][W["soldier"]] == 9
    # Turn 1 begins with the winner.
    assert s.step == "place" and game.decision == {"kind": "place", "player": b}
    check(game)


@pytest.mark.parametrize(
    "last_bid,pays,specialist",
    [
        (1, 1, False),
        (2, 1, False),
        (5, 3, False),
        (7, 4, False),
        (8, 4, True),
        (9, 5, True),
    ],
)
def test_second_place_pays_half_its_last_bid_rounded_up(last_bid, pays, specialist):
    game = new_game(2, seed=2, options=AUCTION)
    a, b = seats(game)
    bid(game, a, last_bid)
    bid(game, b, last_bid + 1)
    bid(game, a, None)
    s = game.s
    assert s.order == [b, a]
    assert s.money[a] == 10 - pays
    plunder = COUNTERS[s.found[b][0]].plunder
    assert s.money[b] == 10 - (last_bid + 1) + plunder
    if specialist:
        assert game.decision == {"kind": "order_specialist", "player": a}
        play(game, "worker captain")
        assert s.avail[a][W["captain"]] == 1
    assert game.decision == {"kind": "place", "player": b}
    assert not any(s.avail[a][1:]) or specialist
    check(game)


def test_second_place_with_an_earlier_lower_bid_pays_half_of_that():
    game = new_game(3, seed=4, options=AUCTION)
    a, b, c = seats(game)
    bid(game, a, 3)
    bid(game, b, 4)
    bid(game, c, 6)
    bid(game, a, 7)
    bid(game, b, None)  # third place: its bid of $4 costs nothing
    bid(game, c, None)  # second place: its own last bid was $6
    s = game.s
    assert s.order == [a, c, b]
    assert s.money[c] == 10 - 3 and s.money[b] == 10
    assert game.decision["kind"] == "place"  # $6 < $8: no free specialist


def test_nobody_bids_the_last_one_left_wins_for_nothing():
    game = new_game(5, seed=8, options=AUCTION)
    order = seats(game)
    for p in order[:4]:
        bid(game, p, None)
    s = game.s
    winner = order[4]
    assert s.order == [winner, order[3], order[2], order[1], order[0]]
    plunder = COUNTERS[s.found[winner][0]].plunder
    assert s.money[winner] == 10 + plunder
    assert [s.money[p] for p in order[:4]] == [10] * 4
    assert s.discovered[R["caribbean"]]
    assert game.decision == {"kind": "place", "player": winner}
    check(game)


def test_players_who_passed_are_not_asked_again():
    game = new_game(4, seed=6, options=AUCTION)
    a, b, c, d = seats(game)
    bid(game, a, None)
    bid(game, b, 1)
    bid(game, c, None)
    bid(game, d, 2)
    bid(game, b, 3)  # a and c are skipped
    assert game.decision == {"kind": "order_bid", "player": d, "high": 3}
    bid(game, d, None)
    assert game.s.order == [b, d, c, a]


def test_the_caribbean_counter_is_hidden_during_the_auction():
    game = new_game(3, seed=9, options=AUCTION)
    play(game, "bid 2")
    other = game.determinize(None, Rng(77))
    for viewer in (None, 0, 1, 2):
        assert game.observation(viewer) == other.observation(viewer)
    assert game.legal_actions() == other.legal_actions()
    # The Caribbean counter really is resampled (it is face down and unknown to everyone).
    car = R["caribbean"]
    assert len({game.determinize(None, Rng(k)).s.counter[car] for k in range(20)}) > 1


def test_auction_survives_save_load_and_replay():
    game = new_game(4, seed=12, options=AUCTION)
    play(game, "bid 1", "bid 2", "skip")
    loaded = from_json(json.loads(json.dumps(game.to_json())))
    assert loaded.to_json() == game.to_json()
    assert loaded.s.bids == game.s.bids and loaded.s.passed == game.s.passed
    copy = game.clone()
    play(copy, "bid 5")
    assert game.s.bids != copy.s.bids  # the clone is independent
    assert replay(game.history).to_json() == game.to_json()


# ---- Trade Goods: leftovers go back to the pool ------------------------------------------------
@pytest.mark.parametrize("edition", ["2007", "2015"])
def test_leftover_trade_goods(edition):
    if edition == "2007":
        game = fresh_2007(3)
    else:
        game = new_game(3, seed=0)
    s = game.s
    left = list(s.tg_offer)
    before = sorted(s.pool + left)
    resolve_from(game, "refresh")
    assert s.turn == 2 and len(s.tg_offer) == 4
    if edition == "2007":
        # Shuffled back into the face-down pool before the four new ones are drawn.
        assert s.goods_removed == 0
        assert sorted(s.pool + s.tg_offer) == before
    else:
        assert s.goods_removed == 4
        assert len(s.pool) + len(s.tg_offer) == len(before) - 4
    check(game)


def test_leftover_goods_can_come_back_in_2007():
    seen_again = False
    for seed in range(30):
        game = fresh_2007(2, seed=seed)
        left = set(game.s.tg_offer)
        resolve_from(game, "refresh")
        seen_again |= bool(left & set(game.s.tg_offer))
    assert seen_again


# ---- Factory $25 --------------------------------------------------------------------------------
@pytest.mark.parametrize("edition,pay", [("2007", 25), ("2015", 30)])
def test_factory_pays(edition, pay):
    game = fresh_2007(2) if edition == "2007" else new_game(2, seed=0)
    s = game.s
    give_building(game, 1, "factory")
    money = s.money[:]
    clear_available(game)
    s.step = "benefits"
    s.cursor = 0
    step_benefits(s)
    assert s.money == [money[0], money[1] + pay]
    assert BUILDINGS[B["factory"]].vp == 5


# ---- Rum Distillery in the Income phase -------------------------------------------------------
@pytest.mark.parametrize("edition", ["2007", "2015"])
def test_rum_distillery_pays_in_income_phase_in_2007_and_phase_4_in_2015(edition):
    game = fresh_2007(2) if edition == "2007" else new_game(2, seed=0)
    s = game.s
    give_building(game, 0, "rum_distillery")
    give_good(game, 0, "sugar", 3)  # a set of 3: $3 set income, and $9 of rum
    s.turn = TURNS
    start = s.money[0]
    step_income(s)
    rum_now = 9 if edition == "2007" else 0
    assert s.money[0] == start + 3 + rum_now
    assert s.economy[0] == 3  # never Economy VP
    s.cursor = 0
    step_benefits(s)
    assert s.money[0] == start + 3 + 9  # paid exactly once a turn


# ---- Stables in Phase 4 -----------------------------------------------------------------------
def test_stables_acts_in_phase_4_in_2007():
    game = fresh_2007(3)
    s = game.s
    s.turn = 4
    give_building(game, 1, "stables")
    give_building(game, 2, "trading_post")
    put(game, "florida", 1, soldier=1, colonist=1)
    put(game, "new_spain", 0, colonist=1)
    box_worker(game, "discovery", 0)
    resolve_from(game, "buildings")
    # Not before Discovery ...
    assert game.decision == {"kind": "expedition_target", "player": 0}
    play(game, "skip")
    # ... but in Phase 4, in player order among the buildings' benefits.
    assert game.decision == {"kind": "stables_from", "player": 1}
    assert s.step == "benefits"
    assert legal(game) == ["region florida", "skip"]
    play(game, "region florida")
    assert legal(game) == ["region new_spain", "region caribbean"]
    play(game, "region caribbean")
    assert workers(game, "caribbean", 1) == {"soldier": 1}
    assert workers(game, "florida", 1) == {"colonist": 1}
    assert s.turn == 5 and game.decision["kind"] == "place"
    check(game)


def test_stables_in_2007_is_skipped_without_a_movable_soldier():
    game = fresh_2007(2)
    s = game.s
    give_building(game, 0, "stables")
    put(game, "peru", 0, colonist=1)
    resolve_from(game, "income")
    assert s.turn == 2 and game.decision["kind"] == "place"


# ---- University tracks -------------------------------------------------------------------------
def test_university_2007_not_offered_for_trade_goods_or_warfare():
    game = fresh_2007(3)
    s = game.s
    s.turn = 4
    give_building(game, 1, "university")
    put(game, "caribbean", 0, colonist=1)
    put(game, "caribbean", 1, soldier=1)
    for box in ("trade_goods", "warfare"):
        box_worker(game, box, 0)
        box_worker(game, box, 1)
    resolve_from(game, "trade_goods")
    # Straight to the Trade Goods choices: no University offer before them.
    assert game.decision == {"kind": "trade_good", "player": 0}
    play(game, "skip", "skip")
    # Nor before Warfare.
    assert game.decision == {"kind": "warfare", "player": 0}
    assert not s.used_university


@pytest.mark.parametrize("box", ["initiative", "dock", "buildings"])
def test_university_2007_offered_before_dock_initiative_and_buildings(box):
    game = fresh_2007(3)
    s = game.s
    s.turn = 4
    give_building(game, 1, "university")
    s.money[1] = 14
    box_worker(game, box, 0)
    box_worker(game, box, 1)
    resolve_from(game, box)
    assert game.decision == {
        "kind": "university_index",
        "player": 1,
        "target": box,
        "optional": True,
    }
    play(game, "index 1")
    assert s.used_university


def test_university_2007_placement_offer_and_targets():
    game = fresh_2007(3)
    s = game.s
    s.turn = 4
    give_building(game, 0, "university")
    for box in ("trade_goods", "warfare"):
        box_worker(game, box, 1)
        box_worker(game, box, 0)
    restart_placement(game)
    assert game.decision == {"kind": "place", "player": 0}
    # Behind on Trade Goods and Warfare only (and first in Player Order): not 2007 tracks.
    assert "use university" not in legal(game)
    box_worker(game, "dock", 1)
    box_worker(game, "dock", 0)
    game._legal = None
    assert "use university" in legal(game)
    play(game, "use university")
    assert legal(game) == ["target dock", "skip"]
    s.order = [1, 0, 2]
    game._legal = None
    assert legal(game) == ["target dock", "target order", "skip"]
    play(game, "target order", "index 1")
    assert s.order == [0, 1, 2] and s.used_university


# ---- specialists in the New World traded for colonists at any time ------------------------------
def test_specialists_in_the_new_world_may_be_traded_at_each_placement_turn():
    game = fresh_2007(3)
    s = game.s
    put(game, "peru", 0, merchant=1, soldier=2)
    put(game, "brazil", 0, soldier=1)
    game._legal = None
    assert game.decision == {"kind": "place", "player": 0}
    acts = legal(game)
    assert "worker merchant" in acts and "worker soldier" in acts
    assert "worker captain" not in acts and "worker colonist" not in acts
    colonists = s.supply[0][W["colonist"]]
    play(game, "worker soldier")
    assert game.decision == {"kind": "trade_specialist", "player": 0, "worker": W["soldier"]}
    assert legal(game) == ["region peru", "region brazil"]
    assert game.describe("region peru") == "Trade the Soldier in Peru for a Colonist"
    play(game, "region peru")
    assert workers(game, "peru", 0) == {"colonist": 1, "merchant": 1, "soldier": 1}
    assert s.supply[0][W["colonist"]] == colonists - 1
    assert s.supply[0][W["soldier"]] == 10 - 2
    # Free: still player 0's placement turn, nothing placed.
    assert game.decision == {"kind": "place", "player": 0}
    assert s.avail[0][W["colonist"]] == 5
    play(game, "worker merchant", "region peru", "place colonist dock")
    assert workers(game, "peru", 0) == {"colonist": 2, "soldier": 1}
    assert game.decision == {"kind": "place", "player": 1}
    assert not [a for a in legal(game) if a.startswith("worker")]  # player 1 has none
    check(game)


def test_no_trade_without_a_colonist_in_supply_nor_for_builders_nor_in_2015():
    game = fresh_2007(2, options=Options(edition="2007", builders=True))
    s = game.s
    put(game, "peru", 0, builder=1, captain=1)
    game._legal = None
    assert [a for a in legal(game) if a.startswith("worker")] == ["worker captain"]
    s.avail[0][W["colonist"]] += s.supply[0][W["colonist"]]
    s.supply[0][W["colonist"]] = 0
    game._legal = None
    assert not [a for a in legal(game) if a.startswith("worker")]
    game = new_game(2, seed=0)
    put(game, "peru", game.current_player, captain=1)
    game._legal = None
    assert not [a for a in legal(game) if a.startswith("worker")]


# ---- Warfare: a Battle needs no Soldier --------------------------------------------------------
def test_battle_without_soldiers_is_legal_in_2007_and_has_no_effect():
    game = fresh_2007(3)
    s = game.s
    put(game, "peru", 0, colonist=2)
    put(game, "peru", 1, colonist=1)
    put(game, "brazil", 2, colonist=1)
    box_worker(game, "warfare", 0)
    s.money[0] = 20
    resolve_from(game, "warfare")
    assert game.decision == {"kind": "warfare", "player": 0}
    assert legal(game) == ["battle", "skip"]  # a War still needs a Soldier somewhere
    play(game, "battle")
    assert legal(game) == ["region peru"]
    play(game, "region peru")
    assert legal(game) == ["player 1"]
    play(game, "player 1")
    assert workers(game, "peru", 0) == {"colonist": 2}
    assert workers(game, "peru", 1) == {"colonist": 1}
    assert s.money[0] == 20 and s.step != "warfare"
    check(game)
    # 2015: the same position offers no Battle at all.
    game = new_game(3, seed=0)
    put(game, "peru", 0, colonist=2)
    put(game, "peru", 1, colonist=1)
    box_worker(game, "warfare", 0)
    resolve_from(game, "warfare")
    assert game.decision is None or game.decision["kind"] != "warfare"


def test_soldierless_battle_against_militia_the_militia_still_fights():
    game = fresh_2007(2)
    put(game, "peru", 0, colonist=2)
    put(game, "peru", 1, colonist=1)
    give_building(game, 1, "militia")
    box_worker(game, "warfare", 0)
    resolve_from(game, "warfare")
    play(game, "battle", "region peru", "player 1")
    assert workers(game, "peru", 0) == {"colonist": 1}
    assert workers(game, "peru", 1) == {"colonist": 1}


def test_war_in_2007_only_fights_where_a_soldier_is():
    game = fresh_2007(2)
    put(game, "peru", 0, colonist=1, soldier=1)
    put(game, "peru", 1, colonist=2)
    put(game, "brazil", 0, colonist=1)
    put(game, "brazil", 1, colonist=1)
    box_worker(game, "warfare", 0)
    resolve_from(game, "warfare")
    assert legal(game) == ["battle", "war", "skip"]
    play(game, "war", "player 1")
    assert workers(game, "peru", 1) == {"colonist": 1}
    assert workers(game, "brazil", 1) == {"colonist": 1}
    assert workers(game, "brazil", 0) == {"colonist": 1}


# ---- scoring -----------------------------------------------------------------------------------
def test_third_tiebreak_counts_trade_goods_only_in_2007():
    game = fresh_2007(2)
    s = game.s
    s.step = "over"
    s.money = [9, 9]
    s.found = [[], []]  # (the auction winner's Caribbean counter would break the tie)
    s.goods[0][G["gold"]] = 1
    s.goods[1][G["fur"]] = 1
    give_ships(game, 1, 2)
    s.economy = [0, 0]
    assert game.scores()[0]["total"] == game.scores()[1]["total"]
    assert game.winners() == [0, 1]  # the ships do not break the tie
    s.goods[0][G["gold"]] = 2
    assert game.winners() == [0]


def test_navy_and_glory_as_in_2015():
    game = fresh_2007(3)
    s = game.s
    give_ships(game, 0, 2)
    assert end_vp(s, 0, s.options.rules.buildings[building("navy")]) == 8
    put(game, "peru", 1, colonist=3)
    put(game, "peru", 0, colonist=1)
    put(game, "brazil", 0, colonist=1)  # not colonized: no Glory
    assert end_vp(s, 0, s.options.rules.buildings[building("glory")]) == 2


# ---- random 2007 games -------------------------------------------------------------------------
def _options(i: int, n: int) -> Options:
    pool = [v for v in VARIANTS if v != "two-player"]
    variants = [v for k, v in enumerate(pool) if (i >> k) & 1]
    if n == 2 and i % 3 == 0:
        variants.append("two-player")
    return Options(edition="2007", builders=i % 4 == 1, buy_vp=i % 5 == 2, variants=tuple(variants))


def test_hundred_random_2007_games_keep_every_invariant():
    tallies = {"trade_specialist": 0, "order_specialist": 0, "battle_region": 0}
    for i in range(100):
        n = 2 + i % 4
        game = new_game(n, seed=7_000 + i, options=_options(i, n))
        rng = Rng(i ^ 0x2007)
        check(game)
        while not game.is_terminal():
            acts = game.legal_actions()
            kind = game.decision["kind"]
            if kind in tallies:
                tallies[kind] += 1
            game.apply(acts[rng.randrange(len(acts))])
            check(game)
        assert game.s.goods_removed == 0
        ranked = [p for group in game.ranking() for p in group]
        assert sorted(ranked) == list(range(n))
    assert all(tallies.values()), tallies  # the 2007 decisions were exercised


def test_random_2007_games_replay_and_reload_identically():
    for i in range(10):
        n = 2 + i % 4
        game = new_game(n, seed=i, options=_options(i, n))
        rng = Rng(i)
        for _ in range(40 + 37 * i):
            if game.is_terminal():
                break
            acts = game.legal_actions()
            game.apply(acts[rng.randrange(len(acts))])
        assert replay(json.loads(json.dumps(game.history))).to_json() == game.to_json()
        loaded = from_json(json.loads(json.dumps(game.to_json())))
        assert loaded.to_json() == game.to_json()
        for viewer in [None, *range(n)]:
            mine = game.determinize(viewer, Rng(i + 1))
            assert mine.observation(viewer) == game.observation(viewer)
            assert mine.legal_actions() == game.legal_actions()


# ---- saves from before the random 2007 start ---------------------------------------------------
def _auction_game(n: int, seed: int, steps: int):
    game = new_game(n, seed=seed, options=AUCTION)
    rng = Rng(seed)
    for _ in range(steps):
        acts = game.legal_actions()
        game.apply(acts[rng.randrange(len(acts))])
    return game


def _as_saved_before(data: dict) -> dict:
    """What the same game's save looked like before the variant had a name: every 2007 game
    opened with the auction, its options naming no variant (and no event log)."""
    data = json.loads(json.dumps(data))
    data["config"]["options"]["variants"].remove("order-auction")
    if "state" in data:
        data["state"]["options"]["variants"].remove("order-auction")
        data["state"].pop("events")
    return data


@pytest.mark.parametrize("n", [2, 3, 5])
def test_2007_saves_from_before_the_variant_load_as_order_auction_games(n):
    game = _auction_game(n, 40 + n, 150)
    assert game.history["actions"][0].split()[0] in ("bid", "skip")
    for old in (_as_saved_before(game.to_json()), _as_saved_before(game.history)):
        loaded = from_json(old)
        assert loaded.options == AUCTION
        assert loaded.to_json() == game.to_json()
        assert replay(old).to_json() == game.to_json()


def test_a_2007_game_without_the_variant_is_not_taken_for_an_old_auction_save():
    game = new_game(3, seed=5, options=E2007)
    play(game, str(game.legal_actions()[0]))
    assert game.history["actions"][0].startswith("place ")
    assert from_json(json.loads(json.dumps(game.to_json()))).options == E2007


def test_a_state_that_drops_the_variant_its_config_names_is_corrupt():
    data = json.loads(json.dumps(_auction_game(2, 3, 20).to_json()))
    data["state"]["options"]["variants"] = []
    with pytest.raises(SaveFileError, match="corrupt"):
        from_json(data)
