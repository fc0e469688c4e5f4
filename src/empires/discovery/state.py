"""The plain-data state of a game of Empires: Age of Discovery, with copy and (de)serialisation.

Every field is an int, a bool, a string, or a list / dict of those, indexed by the integers of
:mod:`empires.discovery.data`. The rules that change it live in the phase and box modules; the
public ``Game`` API lives in :mod:`empires.discovery.game`.
"""

from __future__ import annotations

from empires.core.fields import (
    PlainState,
    actions_field,
    events_field,
    field,
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


class State(PlainState):
    """All the data of one game, each field declared once below (its default, how deep it is
    copied, how it is saved; the save holds them in this order). Indices are those of
    :mod:`empires.discovery.data`; box queues hold ``[player, worker]`` pairs in space order."""

    # ---- plain values
    num_players: int = 0
    turn: int = 1
    step: str = "place"
    place_idx: int = 0
    ship_in_box: bool = True
    ship_supply: int = 0
    ship_markers: int = 0  # ships used as markers (turn track, dock end)
    dock_x: int = -1
    dock_y: int = -1
    seed: int = 0
    cursor: int = 0  # position within the current step (e.g. next player for expeditions)
    used_university: bool = False
    goods_removed: int = 0
    uni_offered: str = ""  # step whose University offer was made
    adv_offered: str = ""  # "turn:step" of the last National Advantage box offer
    # ---- lists of values
    order: list[int] = flat()
    money: list[int] = flat()
    ships: list[int] = flat()
    initiative_result: list[int] = flat()
    tg_offer: list[int] = flat()
    cb_offer: list[int] = flat()
    pool: list[int] = flat()  # face-down Trade Goods
    unused_counters: list[int] = flat()
    deck: list[int] = flat()
    discovered: list[bool] = flat()
    counter: list[int] = flat()  # face-down counter per region, -1 none
    revealed: list[bool] = flat()  # counter known to all after a failed expedition
    region_good: list[int] = flat()  # good still printed on region, -1 taken
    expedition_done: list[bool] = flat()
    economy: list[int] = flat()  # set income of turn 8
    buildings_out: list[int] = flat()  # removed from the game at the end of an Age
    mayflower_ships: list[int] = flat()  # ships carrying workers this turn, per player
    vp_bought: list[int] = flat()  # VP bought after colony scorings (option buy_vp)
    wealth_locked: list[int] = flat()  # Wealth VP fixed before buying VP at the end (-1)
    specialists_final: list[int] = flat()  # own workers in Specialists at end of turn 8
    counters_out: list[int] = flat()  # removed by the No Survivors variant
    # 2007 starting-order auction: each player's last bid ($0 none), seats in passing order
    bids: list[int] = flat()
    passed: list[int] = flat()
    # National Advantages (option nations; module nations): board per seat (-1 none), uses
    # left this game, turn of the last use (0 never)
    nation: list[int] = flat()
    advantage_left: list[int] = flat()
    advantage_turn: list[int] = flat()
    # Nations auction (module nation_setup): bid per seat in the current auction ($0 none; once
    # a seat has a board, what it paid) and the seats out of the current auction
    nation_bids: list[int] = flat()
    nation_passed: list[int] = flat()
    # ---- lists of lists
    supply: list[list[int]] = nested()
    avail: list[list[int]] = nested()
    goods: list[list[int]] = nested()
    owned: list[list[int]] = nested()  # building indices, in purchase order
    found: list[list[int]] = nested()  # discovery counters won
    cards_won: list[list[int]] = nested()
    colony_vp: list[list[int]] = nested()  # per Age
    discovery_box: list[list[int]] = nested()
    stacks: list[list[int]] = nested()  # per Age (index 0 unused), top is the end
    initiative: list[list[int]] = nested()
    dock: list[list[int]] = nested()
    tg_box: list[list[int]] = nested()
    shipping: list[list[int]] = nested()
    cb_box: list[list[int]] = nested()
    warfare: list[list[int]] = nested()
    battles: list[list[int]] = nested()  # fights declared, not begun: [attacker, defender, region]
    # casualty choices still owed: [chooser, victim, region, count, militia soldier present]
    casualties: list[list[int]] = nested()
    mayflower: list[list[int]] = nested()  # workers carried by Mayflower ships, after Y
    # Scouting: peeks[p][r] = counter p saw in region r (-1 none); deck_peeks[p] = cards seen
    # at [top, bottom] of the Discovery deck (-1 none)
    peeks: list[list[int]] = nested()
    deck_peeks: list[list[int]] = nested()
    # ---- what every engine's state has (empires.core.fields)
    options: Options = options_field(Options)
    rng: Rng = rng_field()
    actions: list[Action] = actions_field(parse)
    pending: list[dict] = pending_field()
    events: list[dict] = events_field()
    narrate: bool = field(True, save=False)
    # ---- deeper
    used: list[int] = flat(from_json=list)  # one-time buildings already used (tile indices)
    # region_workers[r][p][t]: player p's workers of type t in region r
    region_workers: list[list[list[int]]] = field(list, copy=_copy_region_workers)
    specialists: dict[int, list[int]] = field(  # space -> [player, worker]
        dict, copy=_copy_specialists, to_json=_specialists_to_json, from_json=_specialists_from_json
    )

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
