"""What a Capital Building is worth to the Discovery heuristic, in VP equivalents.

The buildings' effects are read from the rules' own table (``data/buildings.toml``): a building
whose effect is a common shape (workers, money or a Trade Good each turn, something on purchase,
money per good, end-game VP per something) is valued from those fields by :func:`shape_value`,
so a new tile of a known shape is valued without a line here. The tiles that ask a question or do
something unusual have a function in :data:`SPECIAL` (the Builder expansion's tiles included);
the tiles the bot does not plan for would be named in :data:`NOT_VALUED` (none now).
:func:`has_value_rule` tells whether a tile is covered (a test checks every tile is).

The view ``v`` is the heuristic's decoded observation (``turns_left``, ``m`` the VP worth of $1,
``me``, holdings, the expedition estimates...). A tile is valued with its effect in the game's
edition (``v.edition``): the 2007 Factory pays $25 a turn, the 2015 one $30.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from empires.discovery.data import (
    BUILDER,
    BUILDING_INDEX,
    BUILDINGS,
    CAPTAIN,
    COLONIST,
    EDITIONS,
    MERCHANT,
    MISSIONARY,
    NUM_REGIONS,
    SOLDIER,
    Building,
)

# Share of a worker's next-turn worth (the heuristic's NEXT_WORKER) earned per turn left by a
# building giving one each turn to the owner's available workers.
# A Builder (New World City, Stone Masonry) is worth NEXT_WORKER's default of 1.0 next turn.
EACH_TURN_SHARE = {
    COLONIST: 0.8,
    MISSIONARY: 0.8,
    MERCHANT: 0.8,
    SOLDIER: 0.6,
    CAPTAIN: 0.7,
    BUILDER: 0.8,
}
# A free Colonist on the Colonist Dock's X / Y space each turn: share and worth of the space.
DOCK_SHARE, DOCK_SPACE = 0.8, 2.2
# A free worker in the Discovery box each turn, per turn left, while there is something to find.
IN_DISCOVERY_BOX = {SOLDIER: 1.4, CAPTAIN: 1.8}
# A random Trade Good each turn, per turn left; one drawn at once.
GOOD_EACH_TURN, DRAWN_GOOD = 1.0, 1.0
# Goods a money-per-good building is expected to gain per turn left.
GOODS_GROWTH = 0.3
# How fast what an end-VP tile counts grows per turn left (its VP per unit are in the table).
END_VP_GROWTH = {
    "trade_good": 0.7,
    "new_world_worker": 1.25,
    "merchant_ship": 1.0,
    "new_world_soldier": 0.5,
    "building": 1.0,
    "colonized_region_with_worker": 0.5,
    "money": 1.0,
    "discovery": 1.0,  # Age of Discovery
    "new_world_builder": 1.0,  # New World Capital City
    "specialist_at_end": 0.0,  # Age of Reason: counted once, at the end of turn 8
}
# Tiles the bot does not plan for (worth 0 to it). Every tile has a rule now; a tile named here
# again is a strength change to measure (benchmarks/), not a refactoring.
NOT_VALUED: frozenset[str] = frozenset()
# What each Builder tile adds per turn left (its benefit or lasting effect, roughly).
BUILDER_PER_TURN = {
    "smuggler": 0.3,  # a swap of goods each turn, when one improves our sets
    "trading_house": 0.5,  # a lone good sold at $5 each turn
    "reformation": 0.2,  # others' Missionaries lose their bonus where we have one
    "mayflower": 0.3,  # Merchant Ships that also carry workers
}
# Age of Reason: our workers expected in the Specialists box at the end of turn 8.
SPECIALISTS_AT_END = 1

Rule = Callable[[Any, int, dict], float]  # (view, price, worker worths) -> VP equivalents


def _cartography(v: Any, price: int, next_worker: dict) -> float:
    value = 4.0
    if any(not d for d in v.discovered):
        value += max(
            (
                v.expedition_ev(99, 0, dist, gain)[0]
                for tgt, dist, gain in v.discovery_targets()
                if tgt is not None
            ),
            default=0.0,
        )
    return value


def _indian_allies(v: Any, price: int, next_worker: dict) -> float:
    me = v.me
    if v.supply[me][SOLDIER] <= 0:
        return 0.0
    regions = [r for r in range(NUM_REGIONS) if v.counts[r][me]]
    n = min(2, v.supply[me][SOLDIER])
    return max((v.add_value(r, n) for r in regions), default=0.0)


def _cathedral(v: Any, price: int, next_worker: dict) -> float:
    missionaries = v.avail[v.me][MISSIONARY] + 0.5
    if "monastery" in v.mine:
        missionaries += 1
    return min(missionaries, 2.5) * 1.5 * v.turns_left * 0.6


def _plague_3(v: Any, price: int, next_worker: dict) -> float:
    best = v.best_plague_3()
    return best[0] if best else 0.0


def _per_turn(worth: float, needs_targets: bool = False) -> Rule:
    """``worth`` per turn left (only while something is left to discover)."""

    def rule(v: Any, price: int, next_worker: dict) -> float:
        if needs_targets and not v.discovery_targets():
            return 0.0
        return worth * v.turns_left

    return rule


def _papal_edict(v: Any, price: int, next_worker: dict) -> float:
    """2 free Colonists in one of our colonies (another player gets 2 as well)."""
    me = v.me
    if v.supply[me][COLONIST] <= 0:
        return 0.0
    n = min(2, v.supply[me][COLONIST])
    regions = [r for r in range(NUM_REGIONS) if v.counts[r][me]]
    return max((v.add_value(r, n) for r in regions), default=0.0) * 0.7


def _rewrite_history(v: Any, price: int, next_worker: dict) -> float:
    """A random counter from each of 2 players: their mean VP, ours and no longer theirs."""
    means = sorted(
        (sum(vps) / len(vps) for q in range(v.n) if q != v.me and (vps := v.found_vp(q))),
        reverse=True,
    )
    return sum(means[:2])


SPECIAL: dict[str, Rule] = {
    "new_world_cartography": _cartography,
    "plague_1": _per_turn(0.5, needs_targets=True),
    "indian_allies": _indian_allies,
    "privateers": lambda v, price, nw: (v.ships[v.me] + 0.5) * (v.n - 1) * v.m * v.turns_left,
    "cathedral": _cathedral,
    "university": lambda v, price, nw: 5.0,
    "stables": _per_turn(0.3),
    "militia": _per_turn(0.4),
    "migration": _per_turn(1.0),
    "spoils_specialists": lambda v, price, nw: 2 * nw[MISSIONARY] if v.turns_left else 0.0,
    "overpopulation": lambda v, price, nw: 3 * 1.5,  # 3 Colonists
    "magellan": _per_turn(0.5, needs_targets=True),
    "plague_2": lambda v, price, nw: v.plague_2_value(),
    "plague_3": _plague_3,
    # the Builder expansion
    "papal_edict": _papal_edict,
    "rewrite_history": _rewrite_history,
    **{bid: _per_turn(x) for bid, x in BUILDER_PER_TURN.items()},
}


def _end_count(v: Any, per: str, price: int) -> int:
    """What an ``end_vp`` tile would count for the bot once bought at ``price``."""
    me = v.me
    if per == "trade_good":
        return sum(v.goods[me])
    if per == "new_world_worker":
        return v.nw_workers(me)
    if per == "merchant_ship":
        return v.ships[me]
    if per == "new_world_soldier":
        return v.nw_workers(me, SOLDIER)
    if per == "building":
        return len(v.owned[me]) + 1  # this one included
    if per == "colonized_region_with_worker":
        return sum(1 for r in range(NUM_REGIONS) if v.counts[r][me] and max(v.counts[r]) >= 3)
    if per == "money":
        return max(0, v.money[me] - price)
    if per == "discovery":
        return v.discoveries(me)
    if per == "new_world_builder":
        return v.nw_workers(me, BUILDER)
    if per == "specialist_at_end":
        return SPECIALISTS_AT_END
    raise KeyError(f"the heuristic has no count for end_vp per {per!r}")


def shape_value(v: Any, info: Building, price: int, next_worker: dict[int, float]) -> float:
    """A tile's worth from its effect-shape fields."""
    t, m = v.turns_left, v.m
    each = info.workers_each_turn
    if each is not None:
        if each.to == "avail":
            return EACH_TURN_SHARE[each.worker] * t * next_worker.get(each.worker, 1.0)
        if each.to in ("x", "y"):
            return DOCK_SHARE * t * DOCK_SPACE
        return t * IN_DISCOVERY_BOX[each.worker] if v.discovery_targets() else 0.0
    if info.money_each_turn:
        return info.vp + info.money_each_turn * m * t
    if info.goods_each_turn:
        return GOOD_EACH_TURN * info.goods_each_turn * t
    if info.on_buy is not None:
        value = 0.0
        if info.on_buy.money:
            value += info.on_buy.money * m
        if info.on_buy.merchant_ships:
            value += info.on_buy.merchant_ships * v.ship_value()
        if info.on_buy.goods:
            value += info.on_buy.goods * DRAWN_GOOD
        return value
    if info.money_per_good is not None:
        shape = info.money_per_good
        held = max(v.goods[v.me][g] for g in shape.goods)
        return shape.money * (held + GOODS_GROWTH * t) * m * t
    if info.end_vp is not None:
        e = info.end_vp
        return e.vp * _end_count(v, e.per, price) / e.every + END_VP_GROWTH[e.per] * t
    raise KeyError(f"the heuristic has no value rule for the Capital Building {info.id!r}")


def has_value_rule(info: Building, next_worker: dict[int, float]) -> bool:
    """Whether the heuristic values tile ``info`` by a rule (a function, a valued shape, or a
    deliberate 0 in :data:`NOT_VALUED`)."""
    if info.id in SPECIAL or info.id in NOT_VALUED:
        return True
    each = info.workers_each_turn
    if each is not None:
        if each.to == "avail":
            return each.worker in EACH_TURN_SHARE
        return each.to in ("x", "y") or each.worker in IN_DISCOVERY_BOX
    if info.end_vp is not None:
        return info.end_vp.per in END_VP_GROWTH
    shapes = (info.money_each_turn, info.goods_each_turn, info.on_buy, info.money_per_good)
    return any(x for x in shapes)


def building_value(v: Any, bid: str, price: int, next_worker: dict[int, float]) -> float:
    """The worth of tile ``bid`` to the bot if bought at ``price``."""
    rule = SPECIAL.get(bid)
    if rule is not None:
        return rule(v, price, next_worker)
    if bid in NOT_VALUED:
        return 0.0
    tiles = EDITIONS[getattr(v, "edition", "2015")].buildings
    return shape_value(v, tiles[BUILDING_INDEX[bid]], price, next_worker)


def end_vp_rates(mine: set[str]) -> dict[str, float]:
    """End-game VP per unit counted, by what is counted (``end_vp.per``), from the owned tiles
    ``mine`` (ids): what one more Trade Good, Merchant Ship or worker in the New World adds."""
    rates: dict[str, float] = {}
    for bid in sorted(mine):
        shape = BUILDINGS[BUILDING_INDEX[bid]].end_vp
        if shape is not None:
            rates[shape.per] = rates.get(shape.per, 0.0) + shape.vp / shape.every
    return rates


def tile(bid: str) -> Building:
    """The printed tile ``bid`` (its table entry)."""
    return BUILDINGS[BUILDING_INDEX[bid]]
