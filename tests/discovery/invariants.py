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
    WORKER_COUNTS,
    WORKERS,
)
from empires.discovery.game import DiscoveryGame
from empires.discovery.scoring import CATEGORIES


def worker_census(game: DiscoveryGame, p: int) -> list[int]:
    s = game.s
    count = [0] * len(WORKERS)
    for w in range(len(WORKERS)):
        count[w] += s.supply[p][w] + s.avail[p][w] + s.discovery_box[p][w]
        count[w] += sum(s.region_workers[r][p][w] for r in range(NUM_REGIONS))
    for box in (s.initiative, s.dock, s.tg_box, s.shipping, s.cb_box, s.warfare, s.mayflower,
                list(s.specialists.values())):
        for q, w in box:
            if q == p:
                count[w] += 1
    count[COLONIST] += 1  # the Player Order marker
    count[COLONIST] += (s.dock_x == p) + (s.dock_y == p)
    return count


def check(game: DiscoveryGame) -> None:
    s = game.s
    builders = getattr(s.options, "builders", False)
    expected = [c if (w != "builder" or builders) else 0 for w, c in zip(WORKERS, WORKER_COUNTS, strict=True)]
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
    pool = [b.index for b in BUILDINGS if b.set == "base" or builders]
    held = sum(s.stacks, []) + s.cb_offer + sum(s.owned, []) + s.buildings_out
    assert sorted(held) == sorted(pool), "Capital Buildings lost or duplicated"
    for row in game.scores():
        assert row["total"] == sum(row[c] for c in CATEGORIES)
    for r in range(NUM_REGIONS):
        if not s.discovered[r]:
            assert not any(any(w) for w in s.region_workers[r]), "workers in undiscovered region"
    if not game.is_terminal():
        assert game.legal_actions(), "a live game with no legal action"
