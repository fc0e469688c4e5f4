"""Shared helpers of the Discovery rules: what several phase, box and building modules ask of the
board or do alike, so that each of them depends only downward (on this module, :mod:`.colonies`,
:mod:`.narration`, the data and the state), never sideways on another phase module.

(The counterpart of :mod:`empires.settlers.rules`.)
"""

from __future__ import annotations

from functools import lru_cache

from empires.discovery.colonies import arrive_from_supply, gain
from empires.discovery.data import (
    ADJACENT,
    BUILDER,
    BUILDING_COST,
    BUILDINGS,
    COLONIST,
    COUNTERS,
    NUM_REGIONS,
    SOLDIER,
    WORKERS,
    Building,
    age_of_turn,
)
from empires.discovery.decisions import push
from empires.discovery.narration import counter_of, emit, region_of
from empires.discovery.state import State

ANY_THREE, THREE_OF_A_KIND, FOUR_OF_A_KIND = 1, 3, 6
BUILDER_DISCOUNT = 5


# ---- the board -------------------------------------------------------------------------------
def undiscovered(s: State) -> list[int]:
    return [r for r in range(NUM_REGIONS) if not s.discovered[r]]


def discovered_regions(s: State) -> list[int]:
    return [r for r in range(NUM_REGIONS) if s.discovered[r]]


def colonies_of(s: State, p: int) -> list[int]:
    return [r for r in range(NUM_REGIONS) if any(s.region_workers[r][p])]


def workers_in_new_world(s: State, p: int, worker: int | None = None) -> int:
    if worker is None:
        return sum(sum(s.region_workers[r][p]) for r in range(NUM_REGIONS))
    return sum(s.region_workers[r][p][worker] for r in range(NUM_REGIONS))


def colonized(s: State, r: int) -> bool:
    return any(sum(s.region_workers[r][q]) >= 3 for q in range(s.num_players))


# ---- workers ---------------------------------------------------------------------------------
def trained(s: State, p: int, worker: int, source: str, money: int = 0) -> None:
    """:func:`gain` a Specialist for next turn, told as a ``specialist_trained`` event (unless
    an empty supply offers a trade out of the New World instead, told by that trade)."""
    before, waiting = s.avail[p][worker], len(s.pending)
    gain(s, p, worker)
    if s.narrate and (s.avail[p][worker] > before or len(s.pending) == waiting):
        emit(
            s,
            "specialist_trained",
            player=p,
            worker=WORKERS[worker],
            source=source,
            money=money,
            gained=s.avail[p][worker] > before,
        )


def next_order(order: list[int], initiative: list[int]) -> list[int]:
    """Players on the Initiative box first, in its order; the rest keep their relative order."""
    return initiative + [p for p in order if p not in initiative]


# ---- discoveries -------------------------------------------------------------------------
def discover(s: State, p: int, region: int, soldiers: int, worker: int = COLONIST) -> None:
    """A successful discovery of a region: counter kept, Plunder paid, a free Colonist (Spain's
    opening power: a Soldier) lands."""
    counter = s.counter[region]
    info = COUNTERS[counter]
    s.found[p].append(counter)
    s.counter[region] = -1
    s.revealed[region] = False
    s.discovered[region] = True
    s.money[p] += info.plunder + info.per_soldier * soldiers
    arrive_from_supply(s, p, region, worker, 1)


def free_discovery(s: State, p: int, region: int, source: str, worker: int = COLONIST) -> None:
    """A Discovery without an expedition (New World Cartography, Spain's opening power, the 2007
    auction): Resistance ignored, printed Plunder only."""
    if s.narrate:
        c = s.counter[region]
        emit(
            s,
            "discovered",
            player=p,
            source=source,
            **region_of(region),
            **counter_of(c),
            money=COUNTERS[c].plunder,
            worker=WORKERS[worker],
            landed=s.supply[p][worker] > 0,
        )
    discover(s, p, region, 0, worker)


# ---- the Stables' reach (2007: also a Phase 4 benefit) -----------------------------------
def destinations(s: State, region: int) -> list[int]:
    return sorted(r for r in ADJACENT[region] if s.discovered[r])


def sources(s: State, p: int) -> list[int]:
    return [
        r for r in range(NUM_REGIONS) if s.region_workers[r][p][SOLDIER] > 0 and destinations(s, r)
    ]


def offer_in_phase_4(s: State, p: int) -> None:
    """The Stables' Phase 4 benefit where the edition's Stables act in Phase 4 (2007; an effect
    in :mod:`.buildings`; its decision is in :mod:`.stables`)."""
    if sources(s, p):
        push(s, "stables_from", p)


# ---- money -----------------------------------------------------------------------------------
def price(s: State, b: int, worker: int = -1) -> int:
    """The Age's price; Spoils of War are free; a Builder takes $5 off (never below $0)."""
    if BUILDINGS[b].free:
        return 0
    cost = BUILDING_COST[age_of_turn(s.turn)]
    if worker == BUILDER:
        cost -= BUILDER_DISCOUNT
    return max(cost, 0)


def money_per_good(s: State, p: int, info: Building) -> int:
    """A ``money_per_good`` tile's pay to its owner ``p`` (the Rum Distillery, the Mint): the
    money per good of the kind among the tile's goods that the owner holds most of (the owner's
    choice: the larger dominates)."""
    shape = info.money_per_good
    if shape is None:
        return 0
    return shape.money * max(s.goods[p][g] for g in shape.goods)


def set_income(goods, ships: int) -> int:
    """Best income from goods counts (any order) and Merchant Ships."""
    return _best(tuple(sorted((c for c in goods if c), reverse=True)), ships)


@lru_cache(maxsize=65536)
def _best(counts: tuple[int, ...], ships: int) -> int:
    # For each type choose how many 4-of-a-kind and 3-of-a-kind sets it makes (each may take one
    # ship); the leftovers of all types then form mixed sets of 3, each with at most one ship.
    options = {(0, 0): 0}  # (ships used, leftover tokens) -> best value of kind sets
    for c in counts:
        nxt: dict[tuple[int, int], int] = {}
        for (used, left), value in options.items():
            for fours in range(c // 3 + 1):
                for threes in range((c + 1) // 2 + 1):
                    sets = fours + threes
                    for k in range(min(sets, ships - used) + 1):
                        real = 4 * fours + 3 * threes - k  # k <= sets: one ship per set
                        if real > c:
                            continue
                        key = (used + k, left + c - real)
                        v = value + FOUR_OF_A_KIND * fours + THREE_OF_A_KIND * threes
                        if nxt.get(key, -1) < v:
                            nxt[key] = v
        options = nxt
    best = 0
    for (used, left), value in options.items():
        spare = ships - used
        mixed = min((left + spare) // 3, left // 2)
        best = max(best, value + ANY_THREE * mixed)
    return best
