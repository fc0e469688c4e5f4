"""The heuristic's fixed worths and turn weights: what a worker, a kept worker or a lost one
is worth, the money and colony-scoring weights of a turn, colony VP by rank and the set
income of goods (cached: the same question recurs across decisions)."""

from __future__ import annotations

from functools import lru_cache

from empires.discovery.data import (
    BUILDINGS,
    CAPTAIN,
    COLONIST,
    COUNTERS,
    GOOD_IDS,
    MERCHANT,
    MISSIONARY,
    NUM_GOODS,
    SCORING_TURNS,
    SOLDIER,
    TURNS,
    WORKERS,
)
from empires.discovery.heuristic.buildings import tile
from empires.discovery.income import set_income

NW = len(WORKERS)
MILITIA_CHOICE = NW  # the "worker militia" casualty choice
_WI = {w: i for i, w in enumerate(WORKERS)}
_GI = {g: i for i, g in enumerate(GOOD_IDS)}
_COUNTER_INDEX = {c.id: i for i, c in enumerate(COUNTERS)}
_BUILDING_IDS = tuple(b.id for b in BUILDINGS)
SUGAR = _GI["sugar"]
_RUM = tile("rum_distillery").money_per_good
if _RUM is None:
    raise ValueError("buildings.toml: the Rum Distillery needs its money_per_good ($ per Sugar)")
_RUM_MONEY = _RUM.money  # its $ per Sugar

# Worth (VP) of one more worker of a type available next turn.
NEXT_WORKER = {COLONIST: 1.2, CAPTAIN: 2.2, MERCHANT: 2.6, MISSIONARY: 3.0, SOLDIER: 1.8}
# Worth of a worker kept in the Discovery box for a later expedition (lost when sent).
KEEP_IN_BOX = {COLONIST: 0.1, CAPTAIN: 1.0, MERCHANT: 0.6, MISSIONARY: 0.6, SOLDIER: 0.5, 5: 0.5}
# Order in which our own workers are given up to a Plague (first = least missed).
PLAGUE_LOSS_ORDER = (COLONIST, MERCHANT, MISSIONARY, CAPTAIN, 5, SOLDIER)
# Order in which we remove an opponent's workers in a battle (first = most wanted).
KILL_ORDER = (SOLDIER, CAPTAIN, MISSIONARY, MERCHANT, 5, COLONIST)
PHASE2_BEFORE_BUILDINGS = ("place", "initiative", "dock", "trade_goods", "shipping", "buildings")
TRAINING_COST = 5
WAR_COST = 10
SHIP_VALUE = {CAPTAIN: 2, MERCHANT: 2}


def _vec(counts: dict[str, int]) -> list[int]:
    v = [0] * NW
    for name, c in counts.items():
        v[_WI[name]] = c
    return v


def _pairs(items: list[dict]) -> list[tuple[int, int]]:
    return [(x["player"], _WI[x["worker"]]) for x in items]


@lru_cache(maxsize=65536)
def _rank_scores(counts: tuple[int, ...]) -> tuple[int, ...]:
    """Colony VP by rank (ruling 14) without the 3-worker threshold."""
    n = len(counts)
    vp = [0] * n
    top = max(counts)
    if top <= 0:
        return tuple(vp)
    first = [p for p in range(n) if counts[p] == top]
    if len(first) == 2:
        vp[first[0]] = vp[first[1]] = 2
    elif len(first) == 1:
        vp[first[0]] = 6
        runner = max((c for c in counts if 0 < c < top), default=0)
        if runner:
            second = [p for p in range(n) if counts[p] == runner]
            if len(second) == 1:
                vp[second[0]] = 2
    return tuple(vp)


@lru_cache(maxsize=65536)
def _goods_pot(goods: tuple[int, ...], ships: int, final: bool) -> float:
    """Set income of the goods, plus some credit for the best next good (none at the end)."""
    base = set_income(goods, ships)
    if final:
        return float(base)
    best = base
    g = list(goods)
    for i in range(NUM_GOODS):
        g[i] += 1
        x = set_income(g, ships)
        g[i] -= 1
        if x > best:
            best = x
    return base + 0.35 * (best - base)


@lru_cache(maxsize=64)
def _weights(t: int, step: str) -> tuple[float, tuple, float, float, float]:
    """(money value, colony scorings, exact and soft scoring weights, income multiplier) on
    turn ``t`` at ``step``: the same for every decision there."""
    # Money: worth a lot while there is still something to buy, nothing at the very end.
    if t < 7:
        m = 0.35
    elif t == 7:
        m = 0.3
    elif step in PHASE2_BEFORE_BUILDINGS:
        m = 0.12
    else:
        m = 0.01
    # Remaining colony scorings: (exact, weight); the current turn's scoring is exact.
    sched: list[tuple[bool, float]] = []
    for s in SCORING_TURNS:
        if s >= t:
            sched.append((s == t, 1.0 if not sched else 0.7))
    w_exact = sum(w for e, w in sched if e)
    w_soft = sum(w for e, w in sched if not e)
    # $1 more set income is paid on every turn whose money can still be spent, and
    # counts once more as the Economy VP of turn 8.
    income_mult = 1.0 + m * max(0, TURNS - t)
    return m, tuple(sched), w_exact, w_soft, income_mult


@lru_cache(maxsize=65536)
def _region_util(cr: tuple[int, ...], me: int, w_exact: float, w_soft: float) -> float:
    """Colony utility of a region for ``me`` given everyone's worker counts ``cr``: our rank VP
    less the opponents' average, weighted by the scorings still to come (a region short of 3
    workers counts in proportion to its largest colony)."""
    top = max(cr)
    if top <= 0:
        return 0.0
    ranks = _rank_scores(cr)
    rel = ranks[me] - (sum(ranks) - ranks[me]) / (len(cr) - 1)
    if rel == 0:
        return 0.0
    factor = w_exact + w_soft if top >= 3 else w_soft * top / 3.0
    return rel * factor


@lru_cache(maxsize=65536)
def _util_gain(
    cr: tuple[int, ...], p: int, count: int, me: int, w_exact: float, w_soft: float
) -> float:
    """The change of :func:`_region_util` when player ``p`` gets ``count`` more workers."""
    before = _region_util(cr, me, w_exact, w_soft)
    after = list(cr)
    after[p] += count
    return _region_util(tuple(after), me, w_exact, w_soft) - before
