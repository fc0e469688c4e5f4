"""New World colony scoring (turns 3, 6, 8; ruling 14), end-game scoring and tie-breaks
(ruling 15)."""

from __future__ import annotations

from collections.abc import Callable

from empires.discovery.data import (
    BUILDER,
    CARDS,
    COUNTERS,
    NUM_REGIONS,
    SOLDIER,
    Building,
    age_of_turn,
)
from empires.discovery.mechanics import colonized, set_income, workers_in_new_world
from empires.discovery.narration import emit, region_of
from empires.discovery.state import State

FIRST, SECOND, TIED_FIRST = 6, 2, 2
BUILDER_FIRST, BUILDER_SECOND = 4, 2
CATEGORIES = (
    "colonies_age1",
    "colonies_age2",
    "colonies_age3",
    "discoveries",
    "buildings",
    "economy",
    "bought_vp",
)


def region_scores(counts: list[int], builders: int = 0) -> list[int]:
    """VP per player for one region, given each player's worker count there and the number of
    Builders present (anyone's). Sole first 6, sole second 2; two tied for first 2 each and no
    second; three or more tied for first 0; a tie for second 0. Builder expansion: +4 per Builder
    to every player in first place, +2 per Builder to every player in second place (the next
    count below first), ties included."""
    vp = [0] * len(counts)
    top = max(counts, default=0)
    if top < 3:
        return vp
    first = [p for p, c in enumerate(counts) if c == top]
    rest = [c for c in counts if 0 < c < top]
    second = [p for p, c in enumerate(counts) if rest and c == max(rest)]
    base_first = FIRST if len(first) == 1 else TIED_FIRST if len(first) == 2 else 0
    base_second = SECOND if len(first) == 1 and len(second) == 1 else 0
    for p in first:
        vp[p] = base_first + BUILDER_FIRST * builders
    for p in second:
        vp[p] = base_second + BUILDER_SECOND * builders
    return vp


def colony_scoring(s: State) -> list[int]:
    total = [0] * s.num_players
    for r in range(NUM_REGIONS):
        workers = s.region_workers[r]
        counts = [sum(workers[p]) for p in range(s.num_players)]
        builders = sum(workers[p][BUILDER] for p in range(s.num_players))
        for p, v in enumerate(region_scores(counts, builders)):
            total[p] += v
    return total


def score_colonies(s: State) -> None:
    age = age_of_turn(s.turn)
    vp = colony_scoring(s)
    if s.narrate:
        _tell_regions(s)
    for p, v in enumerate(vp):
        s.colony_vp[p][age - 1] += v
    if s.narrate:
        emit(
            s,
            "colony_scoring",
            age=age,
            vp=vp,
            totals=[sum(s.colony_vp[p]) for p in range(s.num_players)],
        )


def _tell_regions(s: State) -> None:
    """A ``region_scored`` event for every region where somebody has 3 workers or more."""
    n = s.num_players
    for r, workers in enumerate(s.region_workers):
        if max(map(sum, workers)) < 3:  # (one row per seat) most regions: nobody has 3
            continue
        counts = [sum(workers[p]) for p in range(n)]
        builders = sum(workers[p][BUILDER] for p in range(n))
        vp = region_scores(counts, builders)
        top = max(counts)
        rest = [c for c in counts if 0 < c < top]
        emit(
            s,
            "region_scored",
            **region_of(r),
            workers=counts,
            builders=builders,
            vp=vp,
            first=[p for p in range(n) if counts[p] == top],
            second=[p for p in range(n) if rest and counts[p] == max(rest)],
        )


# What each ``end_vp.per`` of data/buildings.toml counts for the owner ``p`` (ruling 13).
END_VP_COUNT: dict[str, Callable[[State, int], int]] = {
    "trade_good": lambda s, p: sum(s.goods[p]),  # Merchant Ships do not count
    "new_world_worker": lambda s, p: workers_in_new_world(s, p),
    "merchant_ship": lambda s, p: s.ships[p],
    "new_world_soldier": lambda s, p: workers_in_new_world(s, p, SOLDIER),
    "building": lambda s, p: len(s.owned[p]),
    "colonized_region_with_worker": lambda s, p: sum(
        1 for r in range(NUM_REGIONS) if colonized(s, r) and any(s.region_workers[r][p])
    ),
    "money": lambda s, p: s.money[p],
    "discovery": lambda s, p: len(s.found[p]) + len(s.cards_won[p]),
    "new_world_builder": lambda s, p: workers_in_new_world(s, p, BUILDER),
    "specialist_at_end": lambda s, p: s.specialists_final[p],
}


def end_vp(s: State, p: int, info: Building) -> int:
    """A tile's ``end_vp`` for its owner ``p``: ``vp`` per ``every`` counted (rounded down).
    Wealth's VP are fixed when its owner buys VP at the end (:mod:`.buy_vp`), before paying."""
    shape = info.end_vp
    if shape is None:
        return 0
    if shape.per == "money" and s.wealth_locked[p] >= 0:
        return s.wealth_locked[p]
    return shape.vp * (END_VP_COUNT[shape.per](s, p) // shape.every)


def building_vp(s: State, p: int) -> int:
    return sum(building_vp_of(s, p, b) for b in s.owned[p])


def building_vp_of(s: State, p: int, b: int) -> int:
    """One building's VP for its owner ``p``: printed plus end-of-game bonus."""
    info = s.options.rules.buildings[b]
    return info.vp + end_vp(s, p, info)


_COUNTER_VP = tuple(c.vp for c in COUNTERS)
_CARD_VP = tuple(c.vp for c in CARDS)


def scores(s: State) -> list[dict[str, int]]:
    """Score breakdown per player. Colony VP are those scored so far; economy is the set income
    of turn 8 (before the end, the income the player's sets would pay now)."""
    out = []
    over = s.step == "over"
    for p in range(s.num_players):
        colony_vp = s.colony_vp[p]
        row = {
            "colonies_age1": colony_vp[0],
            "colonies_age2": colony_vp[1],
            "colonies_age3": colony_vp[2],
            "discoveries": sum([_COUNTER_VP[c] for c in s.found[p]])
            + sum([_CARD_VP[c] for c in s.cards_won[p]]),
            "buildings": building_vp(s, p),
            "economy": s.economy[p] if over else set_income(s.goods[p], s.ships[p]),
            "bought_vp": s.vp_bought[p],
        }
        row["total"] = sum([row[c] for c in CATEGORIES])
        out.append(row)
    return out


def tiebreak_key(s: State, p: int, row: dict[str, int]) -> tuple[int, ...]:
    held = sum(s.goods[p]) + (s.ships[p] if s.options.rules.tiebreak_counts_ships else 0)
    return (row["total"], s.colony_vp[p][2], s.money[p], held)


TIEBREAKS = ("total", "colonies_turn_8", "money", "goods_and_ships")


def decided_by(s: State, groups: list[list[int]]) -> list[str]:
    """For each pair of neighbouring places in ``groups``, the first key of ruling 15 that
    separates them (the VP total, then the colony VP of turn 8, money, goods and ships)."""
    rows = scores(s)
    out = []
    for upper, lower in zip(groups, groups[1:], strict=False):
        a = tiebreak_key(s, upper[0], rows[upper[0]])
        b = tiebreak_key(s, lower[0], rows[lower[0]])
        key = next(TIEBREAKS[i] for i in range(len(a)) if a[i] != b[i])
        ships = s.options.rules.tiebreak_counts_ships
        out.append("goods" if key == "goods_and_ships" and not ships else key)
    return out


def ranking(s: State) -> list[list[int]]:
    rows = scores(s)
    keys = {p: tiebreak_key(s, p, rows[p]) for p in range(s.num_players)}
    groups: list[list[int]] = []
    for p in sorted(keys, key=lambda q: keys[q], reverse=True):
        if groups and keys[groups[-1][0]] == keys[p]:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups
