"""Game data loaded from the TOML files in ``data/``: regions, goods, counters, buildings.

Everything is exposed as immutable tuples indexed by small integers; the engine works on the
indices and the names appear only at the edges (strings, JSON, the terminal).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from importlib import resources


def _load(name: str) -> dict:
    return tomllib.loads(
        resources.files("empires.discovery").joinpath("data").joinpath(name).read_text()
    )


_BOARD = _load("board.toml")
_DISCOVERY = _load("discovery.toml")
_BUILDINGS = _load("buildings.toml")

# ---- workers --------------------------------------------------------------------------------
WORKERS: tuple[str, ...] = ("colonist", "captain", "merchant", "missionary", "soldier", "builder")
COLONIST, CAPTAIN, MERCHANT, MISSIONARY, SOLDIER, BUILDER = range(6)
SPECIALISTS: tuple[int, ...] = (CAPTAIN, MERCHANT, MISSIONARY, SOLDIER, BUILDER)
WORKER_COUNTS: tuple[int, ...] = tuple(_BOARD["pieces"]["workers"][w] for w in WORKERS)
MERCHANT_SHIPS: int = _BOARD["pieces"]["merchant_ships"]

# ---- regions --------------------------------------------------------------------------------
REGION_IDS: tuple[str, ...] = tuple(r["id"] for r in _BOARD["region"])
REGION_NAMES: tuple[str, ...] = tuple(r["name"] for r in _BOARD["region"])
NUM_REGIONS = len(REGION_IDS)
ADJACENT: tuple[frozenset[int], ...] = tuple(
    frozenset(REGION_IDS.index(a) for a in r["adjacent"]) for r in _BOARD["region"]
)
STARTS_DISCOVERED: tuple[int, ...] = tuple(
    i for i, r in enumerate(_BOARD["region"]) if r.get("starts_discovered")
)

# ---- goods ----------------------------------------------------------------------------------
GOOD_IDS: tuple[str, ...] = tuple(_BOARD["goods"])
GOOD_COUNTS: tuple[int, ...] = tuple(_BOARD["goods"].values())
NUM_GOODS = len(GOOD_IDS)
REGION_GOOD: tuple[int, ...] = tuple(GOOD_IDS.index(r["good"]) for r in _BOARD["region"])


# ---- discovery counters and cards -------------------------------------------------------------
@dataclass(frozen=True)
class Discovery:
    id: str
    name: str
    plunder: int
    per_soldier: int
    resistance: int
    vp: int


COUNTERS: tuple[Discovery, ...] = tuple(
    Discovery(c["id"], c["id"], c["plunder"], c["per_soldier"], c["resistance"], c["vp"])
    for c in _DISCOVERY["counters"]
)
CARDS: tuple[Discovery, ...] = tuple(
    Discovery(c["id"], c["name"], c["plunder"], c["per_soldier"], c["resistance"], c["vp"])
    for c in _DISCOVERY["cards"]
)


# ---- capital buildings ----------------------------------------------------------------------
# Where an ongoing building acts (``acts_in``): the rules of that moment read it. ``benefits``:
# Phase 4 (Capital Building Benefits); ``any_benefits``: on purchase or in any later Phase 4.
ACTS_IN: tuple[str, ...] = (
    "benefits",
    "any_benefits",
    "income",
    "before_discovery",
    "discovery",
    "arrival",
    "battle",
    "placement",
    "any_time",
)
# What an end-game VP building counts (``end_vp.per``); the rules count them in buildings.py.
END_VP_COUNTS: tuple[str, ...] = (
    "trade_good",
    "new_world_worker",
    "merchant_ship",
    "new_world_soldier",
    "building",
    "colonized_region_with_worker",
    "money",
    "discovery",
    "new_world_builder",
    "specialist_at_end",
)
WORKER_DESTINATIONS = ("avail", "x", "y", "discovery")


@dataclass(frozen=True)
class WorkersEachTurn:
    """``workers_each_turn``: one ``worker`` from supply each Phase 4, to the owner's available
    workers (``avail``), the Colonist Dock's X / Y space or the Discovery box."""

    worker: int
    to: str = "avail"


@dataclass(frozen=True)
class OnBuy:
    """``on_buy``: what an Immediate building gives once: money, Merchant Ships from the supply,
    random Trade Goods from the pool."""

    money: int = 0
    merchant_ships: int = 0
    goods: int = 0


@dataclass(frozen=True)
class MoneyPerGood:
    """``money_per_good``: ``money`` per Trade Good of the best one of ``goods`` the owner holds
    (the owner's choice), paid where ``acts_in`` says; never Economy VP."""

    goods: tuple[int, ...]
    money: int


@dataclass(frozen=True)
class EndVp:
    """``end_vp``: ``vp`` per ``every`` of what ``per`` counts (rounded down) at game end."""

    per: str
    vp: int
    every: int = 1


@dataclass(frozen=True)
class Building:
    """One Capital Building tile: its printed facts and, for the common effect shapes, the effect
    itself (``workers_each_turn``, ``money_each_turn``, ``goods_each_turn``, ``on_buy``,
    ``money_per_good``, ``end_vp``). A building with none of them has its rule in Python
    (:mod:`.buildings` and the modules of the moment it acts in)."""

    index: int
    id: str
    name: str
    age: int
    type: str  # immediate | one_time | ongoing
    set: str  # base | builders
    vp: int
    free: bool
    text: str
    workers_each_turn: WorkersEachTurn | None = None
    money_each_turn: int = 0
    goods_each_turn: int = 0
    on_buy: OnBuy | None = None
    money_per_good: MoneyPerGood | None = None
    end_vp: EndVp | None = None
    acts_in: str = ""


_SHAPE_KEYS = {
    "workers_each_turn",
    "money_each_turn",
    "goods_each_turn",
    "on_buy",
    "money_per_good",
    "end_vp",
    "acts_in",
}
_PRINTED_KEYS = {"id", "name", "age", "type", "set", "vp", "free", "text"}


def _shapes(b: dict) -> dict:
    """The effect-shape fields of one ``[[building]]`` table (or edition override), checked."""
    unknown = set(b) - _SHAPE_KEYS - _PRINTED_KEYS
    if unknown:
        raise ValueError(f"building {b.get('id')!r}: unknown field(s) {sorted(unknown)}")
    out: dict = {}
    if "workers_each_turn" in b:
        w = b["workers_each_turn"]
        to = w.get("to", "avail")
        if to not in WORKER_DESTINATIONS:
            raise ValueError(f"building {b.get('id')!r}: workers go to {to!r}?")
        out["workers_each_turn"] = WorkersEachTurn(WORKERS.index(w["worker"]), to)
    for key in ("money_each_turn", "goods_each_turn"):
        if key in b:
            out[key] = int(b[key])
    if "on_buy" in b:
        out["on_buy"] = OnBuy(**b["on_buy"])
    if "money_per_good" in b:
        m = b["money_per_good"]
        out["money_per_good"] = MoneyPerGood(
            tuple(GOOD_IDS.index(g) for g in m["goods"]), m["money"]
        )
    if "end_vp" in b:
        e = b["end_vp"]
        if e["per"] not in END_VP_COUNTS:
            raise ValueError(f"building {b.get('id')!r}: end_vp counts {e['per']!r}?")
        out["end_vp"] = EndVp(e["per"], e["vp"], e.get("every", 1))
    if "acts_in" in b:
        if b["acts_in"] not in ACTS_IN:
            raise ValueError(f"building {b.get('id')!r}: acts in {b['acts_in']!r}?")
        out["acts_in"] = b["acts_in"]
    return out


BUILDINGS: tuple[Building, ...] = tuple(
    Building(
        i,
        b["id"],
        b["name"],
        b["age"],
        b["type"],
        b["set"],
        b.get("vp", 0),
        b.get("free", False),
        b["text"],
        **_shapes(b),
    )
    for i, b in enumerate(_BUILDINGS["building"])
)
BUILDING_INDEX: dict[str, int] = {b.id: b.index for b in BUILDINGS}
BUILDING_COST: dict[int, int] = {1: 10, 2: 14, 3: 20}


def building(building_id: str) -> int:
    """Index of a building by id (raises KeyError naming the id)."""
    try:
        return BUILDING_INDEX[building_id]
    except KeyError:
        raise KeyError(f"unknown Capital Building {building_id!r}") from None


# ---- editions -------------------------------------------------------------------------------
_EDITIONS = _load("editions.toml")["edition"]


@dataclass(frozen=True)
class Edition:
    """The rules one edition sets (``data/editions.toml``; ruling 17), with its building tiles:
    ``buildings[b]`` is tile ``b`` with this edition's effects."""

    name: str
    max_players: int
    leftover_goods: str  # removed | to_pool
    specialist_trade: str  # when_short | any_time
    battle_needs_soldier: bool
    tiebreak_counts_ships: bool
    nations: bool
    order_auction: bool
    university_targets: tuple[str, ...]
    without_buildings: frozenset[int]
    buildings: tuple[Building, ...]


def _edition(name: str, e: dict) -> Edition:
    changed = e.get("buildings", {})
    unknown = [bid for bid in changed if bid not in BUILDING_INDEX]
    if unknown or not all(b in BUILDING_INDEX for b in e["without_buildings"]):
        raise ValueError(f"edition {name}: unknown building(s) {unknown or e['without_buildings']}")
    if e["leftover_goods"] not in ("removed", "to_pool"):
        raise ValueError(f"edition {name}: leftover_goods {e['leftover_goods']!r}?")
    if e["specialist_trade"] not in ("when_short", "any_time"):
        raise ValueError(f"edition {name}: specialist_trade {e['specialist_trade']!r}?")
    tiles = tuple(
        replace(b, **_shapes({"id": b.id, **changed[b.id]})) if b.id in changed else b
        for b in BUILDINGS
    )
    return Edition(
        name=name,
        max_players=e["max_players"],
        leftover_goods=e["leftover_goods"],
        specialist_trade=e["specialist_trade"],
        battle_needs_soldier=e["battle_needs_soldier"],
        tiebreak_counts_ships=e["tiebreak_counts_ships"],
        nations=e["nations"],
        order_auction=e["order_auction"],
        university_targets=tuple(e["university_targets"]),
        without_buildings=frozenset(BUILDING_INDEX[b] for b in e["without_buildings"]),
        buildings=tiles,
    )


EDITIONS: dict[str, Edition] = {name: _edition(name, e) for name, e in _EDITIONS.items()}


# ---- event boxes ----------------------------------------------------------------------------
# Placement targets, in resolution order. The Specialists box has one target per space.
BOXES: tuple[str, ...] = (
    "initiative",
    "dock",
    "trade_goods",
    "shipping",
    "buildings",
    "discovery",
    "missionary",
    "merchant",
    "soldier",
    "captain",
    "builder",
    "training",
    "warfare",
    "mayflower",
)
(
    INITIATIVE,
    DOCK,
    TRADE_GOODS,
    SHIPPING,
    CAP_BUILDINGS,
    DISCOVERY,
    SPEC_MISSIONARY,
    SPEC_MERCHANT,
    SPEC_SOLDIER,
    SPEC_CAPTAIN,
    SPEC_BUILDER,
    TRAINING,
    WARFARE,
    MAYFLOWER,
) = range(len(BOXES))
SPECIALIST_SPACES: tuple[int, ...] = (
    SPEC_MISSIONARY,
    SPEC_MERCHANT,
    SPEC_SOLDIER,
    SPEC_CAPTAIN,
    SPEC_BUILDER,
    TRAINING,
)
SPACE_GIVES: dict[int, int] = {
    SPEC_MISSIONARY: MISSIONARY,
    SPEC_MERCHANT: MERCHANT,
    SPEC_SOLDIER: SOLDIER,
    SPEC_CAPTAIN: CAPTAIN,
    SPEC_BUILDER: BUILDER,
}
BOX_NAMES: dict[str, str] = {
    "initiative": "Initiative",
    "dock": "Colonist Dock",
    "trade_goods": "Trade Goods",
    "shipping": "Merchant Shipping",
    "buildings": "Capital Buildings",
    "discovery": "Discovery",
    "missionary": "Specialists: Missionary",
    "merchant": "Specialists: Merchant",
    "soldier": "Specialists: Soldier",
    "captain": "Specialists: Captain",
    "builder": "Specialists: Builder",
    "training": "Specialists: Training",
    "warfare": "Warfare",
    "mayflower": "Colonist Dock: Mayflower (after Y)",
}
TRADE_GOODS_SPACES = 4
CAPITAL_BUILDING_SPACES = 5
WARFARE_SPACES = 4
TURNS = 8
SCORING_TURNS = (3, 6, 8)


NATION_IDS: tuple[str, ...] = ("england", "spain", "france", "portugal", "holland", "italy")
NATION_NAMES: tuple[str, ...] = (
    "England",
    "Spain",
    "France",
    "Portugal",
    "Holland",
    "Italian City-States",
)


def age_of_turn(turn: int) -> int:
    return 1 if turn <= 3 else 2 if turn <= 6 else 3
