"""Phase 1: Place Workers. In player order, one worker at a time, until nobody has any left.

Placement rules per box (rulebook and ruling 1): Initiative one worker per player on spaces 1..N;
Colonist Dock 2N-1 numbered spaces; Trade Goods 4; Merchant Shipping unlimited; Capital Buildings
5; Discovery unlimited; Specialists one worker per space (the player picks the space; the Builder
space only with the Builder expansion); Warfare 4. The Mayflower's owner may load up to 3 of their
Merchant Ships, one worker each, after the Y space of the Colonist Dock.
A worker always goes on the lowest free space of its box.
2007: at each placement turn a player may also trade a specialist in the New World for a colonist
(``worker W``, then ``region R``; see :mod:`.colonies`), which does not use up the turn.
"""

from __future__ import annotations

from empires.core.decisions import DecisionTable
from empires.discovery import scouting, university
from empires.discovery.actions import PLACE, Action
from empires.discovery.colonies import begin_trade, trade_offer
from empires.discovery.data import (
    CAP_BUILDINGS,
    CAPITAL_BUILDING_SPACES,
    DISCOVERY,
    DOCK,
    INITIATIVE,
    MAYFLOWER,
    SHIPPING,
    SPEC_BUILDER,
    SPECIALIST_SPACES,
    TRADE_GOODS,
    TRADE_GOODS_SPACES,
    WARFARE,
    WARFARE_SPACES,
    WORKERS,
    building,
)
from empires.discovery.decisions import push
from empires.discovery.setup import dock_spaces
from empires.discovery.state import State

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)

NW = len(WORKERS)
MAYFLOWER_BUILDING = building("mayflower")
MAYFLOWER_SHIPS = 3


def open_boxes(s: State, player: int) -> list[int]:
    """Boxes where ``player`` may place a worker now."""
    n = s.num_players
    boxes = []
    if len(s.initiative) < n and all(p != player for p, _ in s.initiative):
        boxes.append(INITIATIVE)
    if len(s.dock) < dock_spaces(n):
        boxes.append(DOCK)
    if len(s.tg_box) < TRADE_GOODS_SPACES:
        boxes.append(TRADE_GOODS)
    boxes.append(SHIPPING)
    if len(s.cb_box) < CAPITAL_BUILDING_SPACES:
        boxes.append(CAP_BUILDINGS)
    boxes.append(DISCOVERY)
    builders = s.options.builders
    for space in SPECIALIST_SPACES:
        if space not in s.specialists and (builders or space != SPEC_BUILDER):
            boxes.append(space)
    if len(s.warfare) < WARFARE_SPACES:
        boxes.append(WARFARE)
    if mayflower_ships_free(s, player):
        boxes.append(MAYFLOWER)
    return boxes


def mayflower_ships_free(s: State, player: int) -> int:
    """Merchant Ships the Mayflower owner can still load this turn (at most 3)."""
    if MAYFLOWER_BUILDING not in s.owned[player]:
        return 0
    return min(MAYFLOWER_SHIPS, s.ships[player]) - s.mayflower_ships[player]


def step_place(s: State) -> None:
    n = s.num_players
    for i in range(n):
        idx = (s.place_idx + i) % n
        p = s.order[idx]
        if any(s.avail[p]):
            s.place_idx = idx
            push(s, "place", p)
            return
    s.step = "initiative"


@DECISIONS.decision("place", "Place a worker in an event box")
def _place_legal(s: State, d: dict) -> list[Action]:
    p = d["player"]
    boxes = open_boxes(s, p)
    avail = s.avail[p]
    acts = [PLACE[w][b] for w in range(NW) if avail[w] for b in boxes]
    acts += university.offer_anytime(s, p)
    acts += scouting.offer(s, p)
    acts += trade_offer(s, p)  # 2007: trade a specialist in the New World for a colonist
    return acts


@_place_legal.choose
def _place_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    if action.kind == "use":
        university.begin(s, p, then="place")
        return
    if action.kind == "scout":
        scouting.scout(s, p, action.a, then=d)
        return
    if action.kind == "worker":
        begin_trade(s, p, action.a, then=d)
        return
    worker, box = action.a, action.b
    s.avail[p][worker] -= 1
    item = [p, worker]
    if box == INITIATIVE:
        s.initiative.append(item)
    elif box == DOCK:
        s.dock.append(item)
    elif box == TRADE_GOODS:
        s.tg_box.append(item)
    elif box == SHIPPING:
        s.shipping.append(item)
    elif box == CAP_BUILDINGS:
        s.cb_box.append(item)
    elif box == DISCOVERY:
        s.discovery_box[p][worker] += 1
    elif box == WARFARE:
        s.warfare.append(item)
    elif box == MAYFLOWER:
        s.mayflower.append(item)
        s.mayflower_ships[p] += 1
    else:
        s.specialists[box] = item
    s.place_idx = (s.place_idx + 1) % s.num_players
