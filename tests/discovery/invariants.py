"""Invariants every reachable state must satisfy (used by the property tests)."""

from __future__ import annotations

from empires.discovery.data import (
    BUILDINGS,
    CARDS,
    COLONIST,
    COUNTERS,
    GOOD_COUNTS,
    MERCHANT_SHIPS,
    NUM_REGIONS,
    REGION_IDS,
    WORKER_COUNTS,
    WORKERS,
    age_of_turn,
)
from empires.discovery.game import DiscoveryGame
from empires.discovery.nation_setup import AUCTION_MONEY
from empires.discovery.nations import FRANCE, ITALY, LIMIT, PORTUGAL, SPAIN, uses_left
from empires.discovery.scoring import CATEGORIES
from empires.discovery.setup import STARTING_MONEY, building_pool

CARIBBEAN = REGION_IDS.index("caribbean")


def worker_census(game: DiscoveryGame, p: int) -> list[int]:
    s = game.s
    count = [0] * len(WORKERS)
    for w in range(len(WORKERS)):
        count[w] += s.supply[p][w] + s.avail[p][w] + s.discovery_box[p][w]
        count[w] += sum(s.region_workers[r][p][w] for r in range(NUM_REGIONS))
    for box in (
        s.initiative,
        s.dock,
        s.tg_box,
        s.shipping,
        s.cb_box,
        s.warfare,
        s.mayflower,
        list(s.specialists.values()),
    ):
        for q, w in box:
            if q == p:
                count[w] += 1
    count[COLONIST] += 1  # the Player Order marker
    count[COLONIST] += (s.dock_x == p) + (s.dock_y == p)
    return count


def check(game: DiscoveryGame) -> None:
    s = game.s
    builders = getattr(s.options, "builders", False)
    expected = [
        c if (w != "builder" or builders) else 0
        for w, c in zip(WORKERS, WORKER_COUNTS, strict=True)
    ]
    for p in range(s.num_players):
        census = worker_census(game, p)
        assert census == expected, f"player {p} workers {census} != {expected}"
        assert s.money[p] >= 0, f"player {p} money {s.money[p]}"
        for w in range(len(WORKERS)):
            assert s.supply[p][w] >= 0 and s.avail[p][w] >= 0
            for r in range(NUM_REGIONS):
                assert s.region_workers[r][p][w] >= 0
    goods = len(s.pool) + len(s.tg_offer) + sum(g >= 0 for g in s.region_good)
    goods += sum(sum(g) for g in s.goods) + s.goods_removed
    assert goods == sum(GOOD_COUNTS), f"goods {goods} != {sum(GOOD_COUNTS)}"
    ships = s.ship_supply + s.ship_in_box + s.ship_markers + sum(s.ships)
    assert ships == MERCHANT_SHIPS, f"ships {ships}"
    counters = sum(c >= 0 for c in s.counter) + len(s.unused_counters) + len(s.counters_out)
    counters += sum(len(f) for f in s.found)
    assert counters == len(COUNTERS), f"counters {counters}"
    assert len(s.deck) + sum(len(c) for c in s.cards_won) == len(CARDS)
    pool = [b for age in (1, 2, 3) for b in building_pool(s.options, age)]
    assert all(b.set == "base" or builders for b in (BUILDINGS[i] for i in pool))
    held = sum(s.stacks, []) + s.cb_offer + sum(s.owned, []) + s.buildings_out
    assert sorted(held) == sorted(pool), "Capital Buildings lost or duplicated"
    for row in game.scores():
        assert row["total"] == sum(row[c] for c in CATEGORIES)
    for r in range(NUM_REGIONS):
        if not s.discovered[r]:
            assert not any(any(w) for w in s.region_workers[r]), "workers in undiscovered region"
        else:
            assert s.counter[r] < 0, "a counter left on a discovered region"
    if s.options.edition == "2007":
        check_2007(game)
    if not s.options.has("order-auction"):
        assert s.bids == [0] * s.num_players and s.passed == [], "an order auction without it"
    check_nations(game)
    if not game.is_terminal():
        assert game.legal_actions(), "a live game with no legal action"


def check_2007(game: DiscoveryGame) -> None:
    """2007 edition: no Trade Good ever leaves the game (leftovers go back to the pool), no Plague
    tile, and (order-auction variant) the starting-order auction's record agrees with the board."""
    s = game.s
    n = s.num_players
    assert s.goods_removed == 0, "2007: leftover Trade Goods go back to the pool"
    if not s.options.has("order-auction"):
        assert s.step != "auction", "a 2007 game without the variant has no order auction"
        return
    assert len(set(s.passed)) == len(s.passed) <= n - 1, f"passed {s.passed}"
    assert all(0 <= b <= STARTING_MONEY for b in s.bids), f"bids {s.bids}"
    made = [b for b in s.bids if b]
    assert len(set(made)) == len(made), f"bids must rise: {s.bids}"
    if s.step == "auction":
        assert s.turn == 1 and not s.discovered[CARIBBEAN] and s.counter[CARIBBEAN] >= 0
        assert s.money == [STARTING_MONEY] * n, "nobody pays before the auction ends"
        assert not any(s.found), "nothing discovered before the auction ends"
        return
    assert len(s.passed) == n - 1, "the auction ended early"
    (winner,) = [p for p in range(n) if p not in s.passed]
    assert s.bids[winner] == max(s.bids), "the winner holds the high bid"
    assert s.discovered[CARIBBEAN], "the auction winner discovers the Caribbean"
    if s.turn == 1:  # (Re-Write History may take it away in Age III)
        assert s.found[winner], "the auction winner keeps the Caribbean counter"


def check_nations(game: DiscoveryGame) -> None:
    """National Advantages: boards are unique, uses stay within their limits, and the auction's
    record agrees with the Player Order and the payments."""
    s = game.s
    n = s.num_players
    held = [k for k in s.nation if k >= 0]
    assert len(set(held)) == len(held), f"a board held twice: {s.nation}"
    if s.options.nations == "off":
        assert not held and s.advantage_left == [0] * n and s.advantage_turn == [0] * n
        assert s.nation_bids == [0] * n and s.nation_passed == []
        return
    setting_up = s.step == "nations"
    if not setting_up:
        assert len(held) == n, "a player without a board after setup"
        assert s.nation_passed == []
    for p in range(n):
        k = s.nation[p]
        if k < 0:
            assert s.advantage_left[p] == 0 and s.advantage_turn[p] == 0
            continue
        left = s.advantage_left[p]
        assert 0 <= left <= LIMIT[k], f"player {p} ({k}) uses left {left}"
        assert 0 <= uses_left(s, p) <= left
        used = LIMIT[k] - left
        assert 0 <= s.advantage_turn[p] <= s.turn
        if k == SPAIN:
            assert setting_up or left == 0, "Spain's power outlives the start of the game"
        elif used:
            assert s.advantage_turn[p] >= 1, "a use without a turn"
        if k == PORTUGAL:
            assert used <= age_of_turn(s.turn), "Portugal: more than one use per Age"
        if k in (FRANCE, ITALY):
            assert used <= s.turn, "more than one use per turn"
    if s.options.nations != "auction":
        return
    assert all(0 <= b <= AUCTION_MONEY for b in s.nation_bids), f"bids {s.nation_bids}"
    placed = len(held)
    assert sorted(s.order[:placed]) == [p for p in range(n) if s.nation[p] >= 0], (
        "auction winners take the first places in the order they won"
    )
    if setting_up:
        for p in range(n):
            if s.nation[p] < 0:
                assert s.money[p] == AUCTION_MONEY, "nobody pays before winning"
        made = [s.nation_bids[p] for p in range(n) if s.nation[p] < 0 and s.nation_bids[p]]
        assert len(set(made)) == len(made), f"bids must rise: {s.nation_bids}"
    elif s.turn == 1 and s.step == "place":  # the Player Order is still the auction's
        last, before = s.order[-1], s.order[-2]
        assert s.nation_bids[last] == (s.nation_bids[before] + 1) // 2, "ruling 18"
