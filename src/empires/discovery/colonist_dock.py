"""Event box: Colonist Dock. Workers go, one at a time in space order (numbered spaces, then X and
Y, then Mayflower), to any discovered region, or back to supply if the player declines (ruling 2).

On arrival a Merchant earns $5 and a Missionary brings a Colonist from supply (two with the
Cathedral). The first player with 3 workers in a region takes its Trade Good (ruling 4)."""

from __future__ import annotations

from empires.core.decisions import DecisionTable
from empires.discovery import nations
from empires.discovery.actions import REGION, Action
from empires.discovery.colonies import arrive, arrive_from_supply
from empires.discovery.data import (
    COLONIST,
    MERCHANT,
    MISSIONARY,
    WORKERS,
    building,
)
from empires.discovery.decisions import SKIP, push
from empires.discovery.mechanics import discovered_regions
from empires.discovery.narration import emit, region_of
from empires.discovery.state import State
from empires.discovery.university import offer_before

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)

CATHEDRAL = building("cathedral")
REFORMATION = building("reformation")
MERCHANT_INCOME = 5


def step_dock(s: State) -> None:
    if s.uni_offered != "dock":
        s.uni_offered = "dock"
        if offer_before(s, "dock"):
            return
    if nations.offer_before(s, "dock"):  # England Empties her Jails
        return
    if s.dock:
        p, w = s.dock[0]
        push(s, "dock", p, worker=w)
        return
    if s.dock_x >= 0:
        push(s, "dock", s.dock_x, worker=COLONIST, space="x")
        return
    if s.dock_y >= 0:
        push(s, "dock", s.dock_y, worker=COLONIST, space="y")
        return
    if s.mayflower:
        p, w = s.mayflower[0]
        push(s, "dock", p, worker=w, space="mayflower")
        return
    s.step = "trade_goods"


@DECISIONS.decision("dock", "Colonist Dock: send the worker to a discovered region")
def _dock_legal(s: State, d: dict) -> list[Action]:
    return [*(REGION[r] for r in discovered_regions(s)), SKIP]


@_dock_legal.choose
def _dock_choose(s: State, d: dict, action: Action) -> None:
    p, w = d["player"], d["worker"]
    space = d.get("space")
    if space == "x":
        s.dock_x = -1
    elif space == "y":
        s.dock_y = -1
    elif space == "mayflower":
        s.mayflower.pop(0)
    else:
        s.dock.pop(0)
    if action.kind == "skip":
        s.supply[p][w] += 1
        if s.narrate:
            emit(
                s,
                "dock_arrival",
                player=p,
                worker=WORKERS[w],
                space=space,
                region=None,
                money=0,
                colonists=0,
            )
        return
    land(s, p, action.a, w, space)


def land(s: State, p: int, region: int, worker: int, space: str | None = None) -> None:
    """A worker from the Colonist Dock arrives in a region, with its specialist effect: a
    Merchant earns $5, a Missionary brings Colonists from supply (unless Reformed there)."""
    money = MERCHANT_INCOME if worker == MERCHANT else 0
    bonus = 0
    if worker == MISSIONARY and not reformed(s, p, region):
        bonus = min(2 if CATHEDRAL in s.owned[p] else 1, s.supply[p][COLONIST])
    if s.narrate:
        emit(
            s,
            "dock_arrival",
            player=p,
            worker=WORKERS[worker],
            space=space,
            **region_of(region),
            money=money,
            colonists=bonus,
        )
    arrive(s, p, region, worker)
    s.money[p] += money
    if bonus:
        arrive_from_supply(s, p, region, COLONIST, bonus)


def reformed(s: State, p: int, region: int) -> bool:
    """Reformation: other players' Missionaries give no bonus where its owner already has a
    Missionary."""
    return any(
        REFORMATION in s.owned[q] and s.region_workers[region][q][MISSIONARY] > 0
        for q in range(s.num_players)
        if q != p
    )
