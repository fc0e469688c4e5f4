"""Game data loaded from the TOML files in ``data/``: regions, goods, counters, buildings.

Everything is exposed as immutable tuples indexed by small integers; the engine works on the
indices and the names appear only at the edges (strings, JSON, the terminal).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
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
@dataclass(frozen=True)
class Building:
    index: int
    id: str
    name: str
    age: int
    type: str  # immediate | one_time | ongoing
    set: str  # base | builders
    vp: int
    free: bool
    text: str


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
