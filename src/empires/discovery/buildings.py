"""Capital Building effects that ask a question or do something unusual, keyed by building id.

The common effect shapes are fields of ``data/buildings.toml``, read by the rules of their moment:
``workers_each_turn``, ``money_each_turn``, ``goods_each_turn`` and ``money_per_good``
(:mod:`.benefits`, :mod:`.income`), ``on_buy`` (:mod:`.capital_buildings`) and ``end_vp``
(:mod:`.scoring`). Only the other buildings have a function here:

- ``ON_BUY[id](state, player)``: Immediate effects, and the purchase-time offer of One-time ones.
- ``BENEFIT[id](state, player)``: Ongoing effects of Phase 4 (Capital Building Benefits).
Rules with their own moment in a turn live in their own modules: Stables (:mod:`.stables`),
University (:mod:`.university`), Militia (:mod:`.warfare`), Plague I (:mod:`.discovery_box`),
Cathedral (:mod:`.colonist_dock`).
"""

from __future__ import annotations

from collections.abc import Callable

from empires.core.decisions import DecisionTable
from empires.discovery import builder_buildings
from empires.discovery.actions import Action
from empires.discovery.colonies import (
    place_from_supply,
    remove_from_region,
    trade_out,
    trade_out_regions,
)
from empires.discovery.data import (
    COLONIST,
    NUM_REGIONS,
    SOLDIER,
    WORKERS,
    building,
)
from empires.discovery.decisions import SKIP, push
from empires.discovery.mechanics import (
    colonies_of,
    free_discovery,
    offer_in_phase_4,
    undiscovered,
)
from empires.discovery.narration import building_of, emit, region_of
from empires.discovery.state import State

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)

Effect = Callable[[State, int], None]
ON_BUY: dict[str, Effect] = {}
BENEFIT: dict[str, Effect] = {}

CARTOGRAPHY = building("new_world_cartography")


# ---- Age I ----------------------------------------------------------------------------------
def _offer_cartography(s: State, p: int) -> None:
    if CARTOGRAPHY not in s.used and undiscovered(s):
        push(s, "cartography", p)


ON_BUY["new_world_cartography"] = BENEFIT["new_world_cartography"] = _offer_cartography


@DECISIONS.decision(
    "cartography", "New World Cartography: discover a region for free now, or skip (keep it)"
)
def _cartography_legal(s: State, d: dict) -> list[Action]:
    return [*(Action("region", r) for r in undiscovered(s)), SKIP]


@_cartography_legal.choose
def _cartography_choose(s: State, d: dict, action: Action) -> None:
    if action.kind == "region":
        s.used.append(CARTOGRAPHY)
        free_discovery(s, d["player"], action.a, "new_world_cartography")


# ---- Age II ---------------------------------------------------------------------------------
BENEFIT["stables"] = offer_in_phase_4  # when the edition's Stables act in Phase 4 (2007)


def _privateers(s: State, p: int) -> None:
    for other in range(s.num_players):
        if other != p:
            take = min(s.ships[p], s.money[other])
            s.money[other] -= take
            s.money[p] += take


BENEFIT["privateers"] = _privateers


ALLIES_SOLDIERS = 2


def _indian_allies(s: State, p: int) -> None:
    if colonies_of(s, p):
        _allies_supply(s, p)


def _allies_supply(s: State, p: int) -> None:
    """Ruling 5 (rulebook, "trading out"): a Soldier the supply lacks may be traded out of the
    New World for a Colonist, once per missing Soldier (``allies_trade_out``: ``region R`` or
    ``skip``); then the owner picks the colony for the Soldiers the supply holds."""
    short = ALLIES_SOLDIERS - s.supply[p][SOLDIER]
    if short > 0 and trade_out_regions(s, p, SOLDIER):
        push(s, "allies_trade_out", p)
    elif s.supply[p][SOLDIER]:
        push(s, "indian_allies", p)


ON_BUY["indian_allies"] = _indian_allies
INDIAN_ALLIES = building("indian_allies")


@DECISIONS.decision(
    "indian_allies", "Indian Allies: choose one of your colonies for 2 free Soldiers"
)
def _allies_legal(s: State, d: dict) -> list[Action]:
    return [Action("region", r) for r in colonies_of(s, d["player"])]


@_allies_legal.choose
def _allies_choose(s: State, d: dict, action: Action) -> None:
    place_from_supply(s, d["player"], action.a, SOLDIER, 2, INDIAN_ALLIES)


@DECISIONS.decision(
    "allies_trade_out",
    "Indian Allies: your supply lacks Soldiers: trade one out of a region for a Colonist, or skip",
)
def _allies_trade_legal(s: State, d: dict) -> list[Action]:
    return [*(Action("region", r) for r in trade_out_regions(s, d["player"], SOLDIER)), SKIP]


@_allies_trade_legal.choose
def _allies_trade_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    if action.kind == "skip":
        if s.supply[p][SOLDIER]:
            push(s, "indian_allies", p)
        return
    trade_out(s, p, action.a, SOLDIER)
    _allies_supply(s, p)


def _plague_2(s: State, p: int) -> None:
    """Every colony of 3+ workers loses one, chosen by its owner (ruling 12), in player order."""
    queue = [
        [r, q] for q in s.order for r in range(NUM_REGIONS) if sum(s.region_workers[r][q]) >= 3
    ]
    _plague_2_next(s, queue)


def _plague_2_next(s: State, queue: list[list[int]]) -> None:
    while queue:
        r, q = queue[0]
        kinds = [w for w in range(len(WORKERS)) if s.region_workers[r][q][w]]
        if len(kinds) > 1:
            push(s, "plague_2", q, region=r, queue=queue)
            return
        _plague(s, q, r, kinds[0], 1, PLAGUE_2)
        remove_from_region(s, q, r, kinds[0])
        queue = queue[1:]


ON_BUY["plague_2"] = _plague_2
PLAGUE_2, PLAGUE_3 = building("plague_2"), building("plague_3")


def _plague(s: State, q: int, r: int, w: int, n: int, b: int) -> None:
    """Tell ``n`` of ``q``'s workers of type ``w`` lost to a Plague in region ``r``."""
    if s.narrate:
        emit(s, "plague", player=q, **region_of(r), worker=WORKERS[w], count=n, **building_of(b))


@DECISIONS.decision("plague_2", "Plague: choose which of your workers in this colony is removed")
def _plague_2_legal(s: State, d: dict) -> list[Action]:
    r, q = d["region"], d["player"]
    return [Action("worker", w) for w in range(len(WORKERS)) if s.region_workers[r][q][w]]


@_plague_2_legal.choose
def _plague_2_choose(s: State, d: dict, action: Action) -> None:
    _plague(s, d["player"], d["region"], action.a, 1, PLAGUE_2)
    remove_from_region(s, d["player"], d["region"], action.a)
    _plague_2_next(s, d["queue"][1:])


# ---- Age III --------------------------------------------------------------------------------
def _plague_3(s: State, p: int) -> None:
    if _plague_3_regions(s):
        push(s, "plague_3_region", p)


def _plague_3_regions(s: State) -> list[int]:
    return [
        r
        for r in range(NUM_REGIONS)
        if any(s.region_workers[r][q][COLONIST] for q in range(s.num_players))
    ]


ON_BUY["plague_3"] = _plague_3


@DECISIONS.decision("plague_3_region", "Plague: choose the region")
def _plague_3_region_legal(s: State, d: dict) -> list[Action]:
    return [Action("region", r) for r in _plague_3_regions(s)]


@_plague_3_region_legal.choose
def _plague_3_region_choose(s: State, d: dict, action: Action) -> None:
    push(s, "plague_3_player", d["player"], region=action.a)


@DECISIONS.decision(
    "plague_3_player", "Plague: choose the player who loses up to 3 Colonists there"
)
def _plague_3_player_legal(s: State, d: dict) -> list[Action]:
    r = d["region"]
    return [Action("player", q) for q in range(s.num_players) if s.region_workers[r][q][COLONIST]]


@_plague_3_player_legal.choose
def _plague_3_player_choose(s: State, d: dict, action: Action) -> None:
    r, q = d["region"], action.a
    n = min(3, s.region_workers[r][q][COLONIST])
    _plague(s, q, r, COLONIST, n, PLAGUE_3)
    remove_from_region(s, q, r, COLONIST, n)


def _migration(s: State, p: int) -> None:
    if _migration_sources(s, p):
        push(s, "migration_from", p)


def _migration_sources(s: State, p: int) -> list[int]:
    if sum(s.discovered) < 2:
        return []
    return [r for r in range(NUM_REGIONS) if s.region_workers[r][p][COLONIST]]


BENEFIT["migration"] = _migration


@DECISIONS.decision("migration_from", "Migration: choose the region your Colonists leave, or skip")
def _migration_from_legal(s: State, d: dict) -> list[Action]:
    return [*(Action("region", r) for r in _migration_sources(s, d["player"])), SKIP]


@_migration_from_legal.choose
def _migration_from_choose(s: State, d: dict, action: Action) -> None:
    if action.kind == "region":
        push(s, "migration_to", d["player"], source=action.a)


@DECISIONS.decision("migration_to", "Migration: choose the region they move to")
def _migration_to_legal(s: State, d: dict) -> list[Action]:
    return [Action("region", r) for r in range(NUM_REGIONS) if s.discovered[r] and r != d["source"]]


@_migration_to_legal.choose
def _migration_to_choose(s: State, d: dict, action: Action) -> None:
    p, src = d["player"], d["source"]
    if s.region_workers[src][p][COLONIST] >= 2:
        push(s, "migration_count", p, source=src, dest=action.a)
    else:
        _migrate(s, p, src, action.a, 1)


@DECISIONS.decision("migration_count", "Migration: move 1 or 2 Colonists")
def _migration_count_legal(s: State, d: dict) -> list[Action]:
    return [Action("index", 1), Action("index", 2)]


@_migration_count_legal.choose
def _migration_count_choose(s: State, d: dict, action: Action) -> None:
    _migrate(s, d["player"], d["source"], d["dest"], action.a)


def _migrate(s: State, p: int, src: int, dest: int, n: int) -> None:
    from empires.discovery.colonies import arrive

    if s.narrate:
        emit(s, "migration", player=p, **region_of(src, "source"), **region_of(dest), count=n)
    s.region_workers[src][p][COLONIST] -= n
    arrive(s, p, dest, COLONIST, n)


def add_tiles(module) -> None:
    """Add the effects another module declares in its own ``ON_BUY`` and ``BENEFIT`` tables to
    these (ValueError if a building has an effect in both)."""
    for mine, theirs in (
        (ON_BUY, module.ON_BUY),
        (BENEFIT, module.BENEFIT),
    ):
        clash = sorted(mine.keys() & theirs.keys())
        if clash:
            raise ValueError(f"{module.__name__} redefines the effects of {', '.join(clash)}")
        mine.update(theirs)


# The Builder expansion's tiles, declared in their own module.
add_tiles(builder_buildings)
