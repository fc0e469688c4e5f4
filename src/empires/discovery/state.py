"""The plain-data state of a game of Empires: Age of Discovery, with copy and (de)serialisation.

Every field is an int, a bool, a string, or a list / dict of those, indexed by the integers of
:mod:`empires.discovery.data`. The rules that change it live in the phase and box modules; the
public ``Game`` API lives in :mod:`empires.discovery.game`.
"""

from __future__ import annotations

from typing import ClassVar

from empires.core.fields import (
    Fields,
    PlainState,
    actions_field,
    check_declared,
    events_field,
    field,
    fields,
    flat,
    nested,
    options_field,
    pending_field,
    rng_field,
)
from empires.core.rng import Rng
from empires.discovery.actions import Action, parse
from empires.discovery.data import NUM_GOODS, NUM_REGIONS, WORKERS
from empires.discovery.options import Options

NW = len(WORKERS)


def _copy_region_workers(region_workers: list[list[list[int]]]) -> list[list[list[int]]]:
    return [[w[:] for w in r] for r in region_workers]


def _copy_specialists(specialists: dict[int, list[int]]) -> dict[int, list[int]]:
    return {k: v[:] for k, v in specialists.items()}


def _specialists_to_json(specialists: dict[int, list[int]]) -> dict[str, list[int]]:
    return {str(k): v for k, v in specialists.items()}


def _specialists_from_json(data: dict) -> dict[int, list[int]]:
    return {int(k): v for k, v in data.items()}


_FIELDS = fields(
    # ---- plain values
    num_players=0,
    turn=1,
    step="place",
    place_idx=0,
    ship_in_box=True,
    ship_supply=0,
    ship_markers=0,
    dock_x=-1,
    dock_y=-1,
    seed=0,
    cursor=0,
    used_university=False,
    goods_removed=0,
    uni_offered="",
    adv_offered="",
    # ---- lists of values
    order=flat(),
    money=flat(),
    ships=flat(),
    initiative_result=flat(),
    tg_offer=flat(),
    cb_offer=flat(),
    pool=flat(),
    unused_counters=flat(),
    deck=flat(),
    discovered=flat(),
    counter=flat(),
    revealed=flat(),
    region_good=flat(),
    expedition_done=flat(),
    economy=flat(),
    buildings_out=flat(),
    mayflower_ships=flat(),
    vp_bought=flat(),
    wealth_locked=flat(),
    specialists_final=flat(),
    counters_out=flat(),
    bids=flat(),
    passed=flat(),
    nation=flat(),
    advantage_left=flat(),
    advantage_turn=flat(),
    nation_bids=flat(),
    nation_passed=flat(),
    # ---- lists of lists
    supply=nested(),
    avail=nested(),
    goods=nested(),
    owned=nested(),
    found=nested(),
    cards_won=nested(),
    colony_vp=nested(),
    discovery_box=nested(),
    stacks=nested(),
    initiative=nested(),
    dock=nested(),
    tg_box=nested(),
    shipping=nested(),
    cb_box=nested(),
    warfare=nested(),
    battles=nested(),
    casualties=nested(),
    mayflower=nested(),
    peeks=nested(),
    deck_peeks=nested(),
    # ---- what every engine's state has (empires.core.fields)
    options=options_field(Options),
    rng=rng_field(),
    actions=actions_field(parse),
    pending=pending_field(),
    events=events_field(),
    narrate=field(True, save=False),
    keep_log=field(True, save=False),
    # ---- deeper
    used=flat(from_json=list),
    region_workers=field(list, copy=_copy_region_workers),
    specialists=field(
        dict, copy=_copy_specialists, to_json=_specialists_to_json, from_json=_specialists_from_json
    ),
)


class State(PlainState):
    """All the data of one game: the fields of ``_FIELDS`` (each one's default, how deep it is
    copied, how it is saved; the save holds them in this order), declared with their types in
    the same order below (a compiled build makes this a native class). Indices are those of
    :mod:`empires.discovery.data`; box queues hold ``[player, worker]`` pairs in space order."""

    FIELDS: ClassVar[Fields] = _FIELDS

    # ---- plain values
    num_players: int
    turn: int
    step: str
    place_idx: int
    ship_in_box: bool
    ship_supply: int
    ship_markers: int  # ships used as markers (turn track, dock end)
    dock_x: int
    dock_y: int
    seed: int
    cursor: int  # position within the current step (e.g. next player for expeditions)
    used_university: bool
    goods_removed: int
    uni_offered: str  # step whose University offer was made
    adv_offered: str  # "turn:step" of the last National Advantage box offer
    # ---- lists of values
    order: list[int]
    money: list[int]
    ships: list[int]
    initiative_result: list[int]
    tg_offer: list[int]
    cb_offer: list[int]
    pool: list[int]  # face-down Trade Goods
    unused_counters: list[int]
    deck: list[int]
    discovered: list[bool]
    counter: list[int]  # face-down counter per region, -1 none
    revealed: list[bool]  # counter known to all after a failed expedition
    region_good: list[int]  # good still printed on region, -1 taken
    expedition_done: list[bool]
    economy: list[int]  # set income of turn 8
    buildings_out: list[int]  # removed from the game at the end of an Age
    mayflower_ships: list[int]  # ships carrying workers this turn, per player
    vp_bought: list[int]  # VP bought after colony scorings (option buy_vp)
    wealth_locked: list[int]  # Wealth VP fixed before buying VP at the end (-1)
    specialists_final: list[int]  # own workers in Specialists at end of turn 8
    counters_out: list[int]  # removed by the No Survivors variant
    # 2007 starting-order auction: each player's last bid ($0 none), seats in passing order
    bids: list[int]
    passed: list[int]
    # National Advantages (option nations; module nations): board per seat (-1 none), uses
    # left this game, turn of the last use (0 never)
    nation: list[int]
    advantage_left: list[int]
    advantage_turn: list[int]
    # Nations auction (module nation_setup): bid per seat in the current auction ($0 none; once
    # a seat has a board, what it paid) and the seats out of the current auction
    nation_bids: list[int]
    nation_passed: list[int]
    # ---- lists of lists
    supply: list[list[int]]
    avail: list[list[int]]
    goods: list[list[int]]
    owned: list[list[int]]  # building indices, in purchase order
    found: list[list[int]]  # discovery counters won
    cards_won: list[list[int]]
    colony_vp: list[list[int]]  # per Age
    discovery_box: list[list[int]]
    stacks: list[list[int]]  # per Age (index 0 unused), top is the end
    initiative: list[list[int]]
    dock: list[list[int]]
    tg_box: list[list[int]]
    shipping: list[list[int]]
    cb_box: list[list[int]]
    warfare: list[list[int]]
    battles: list[list[int]]  # fights declared, not begun: [attacker, defender, region]
    # casualty choices still owed: [chooser, victim, region, count, militia soldier present]
    casualties: list[list[int]]
    mayflower: list[list[int]]  # workers carried by Mayflower ships, after Y
    # Scouting: peeks[p][r] = counter p saw in region r (-1 none); deck_peeks[p] = cards seen
    # at [top, bottom] of the Discovery deck (-1 none)
    peeks: list[list[int]]
    deck_peeks: list[list[int]]
    # ---- what every engine's state has (empires.core.fields)
    options: Options
    rng: Rng
    actions: list[Action]
    pending: list[dict]
    events: list[dict]
    narrate: bool  # the rules write events now (core.narrator)
    keep_log: bool  # the game keeps its event log (EngineGame.narrate)
    # ---- deeper
    used: list[int]  # one-time buildings already used (tile indices)
    # region_workers[r][p][t]: player p's workers of type t in region r
    region_workers: list[list[list[int]]]
    specialists: dict[int, list[int]]  # space -> [player, worker]

    def _check_shape(self) -> None:
        n = self.num_players
        if not isinstance(n, int) or not 2 <= n <= 6:
            raise ValueError(f"num_players {n!r} out of range")
        for f in ("money", "ships", "order", "supply", "avail", "goods", "owned", "found"):
            if len(getattr(self, f)) != n:
                raise ValueError(f"field {f!r} has {len(getattr(self, f))} entries, expected {n}")
        if len(self.region_workers) != NUM_REGIONS or any(len(r) != n for r in self.region_workers):
            raise ValueError("region_workers has the wrong shape")
        if any(len(g) != NUM_GOODS for g in self.goods):
            raise ValueError("goods has the wrong shape")
        if sorted(self.order) != list(range(n)):
            raise ValueError(f"order {self.order!r} is not a permutation of the seats")


check_declared(State)
