"""Event box: Capital Buildings. In space order each worker's owner may buy one of the buildings
on offer at the Age's price ($10 / $14 / $20; Spoils of War are free). Immediate buildings act at
once (their effects are in :mod:`empires.discovery.buildings`)."""

from __future__ import annotations

from empires.core.decisions import DecisionTable
from empires.discovery.actions import BUILDING, Action
from empires.discovery.buildings import ON_BUY
from empires.discovery.data import BUILDINGS, OnBuy
from empires.discovery.decisions import SKIP, push
from empires.discovery.mechanics import price
from empires.discovery.narration import building_of, emit, emit_gains, holdings
from empires.discovery.setup import draw_good
from empires.discovery.state import State
from empires.discovery.university import offer_before

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)


def step_buildings(s: State) -> None:
    if s.uni_offered != "buildings":
        s.uni_offered = "buildings"
        if offer_before(s, "buildings"):
            return
    if s.cb_box:
        p, w = s.cb_box[0]
        push(s, "buy_building", p, worker=w)
        return
    s.step = "stables"


@DECISIONS.decision("buy_building", "Capital Buildings: buy one of the buildings on offer")
def _buy_legal(s: State, d: dict) -> list[Action]:
    p, w = d["player"], d["worker"]
    acts = [BUILDING[b] for b in s.cb_offer if price(s, b, w) <= s.money[p]]
    return [*acts, SKIP]


@_buy_legal.choose
def _buy_choose(s: State, d: dict, action: Action) -> None:
    p, w = s.cb_box.pop(0)
    s.supply[p][w] += 1
    if action.kind == "building":
        buy(s, p, action.a, price(s, action.a, w))


def buy(s: State, p: int, b: int, cost: int) -> None:
    s.money[p] -= cost
    s.cb_offer.remove(b)
    s.owned[p].append(b)
    info = BUILDINGS[b]
    if s.narrate:
        emit(
            s,
            "building_bought",
            player=p,
            **building_of(b),
            price=cost,
            age=info.age,
            type=info.type,
            vp=info.vp,
            effect=info.text,
        )
    effect = ON_BUY.get(info.id)
    shape = s.options.rules.buildings[b].on_buy
    if effect is not None or shape is not None:
        before = holdings(s, p) if s.narrate else None
        if shape is not None:
            on_buy(s, p, shape)
        if effect is not None:
            effect(s, p)
        if before is not None:
            emit_gains(s, p, b, before, "bought")


def on_buy(s: State, p: int, shape: OnBuy) -> None:
    """An Immediate tile's ``on_buy`` field: money, Merchant Ships from the supply (while it
    lasts), random Trade Goods from the pool (while it lasts)."""
    s.money[p] += shape.money
    for _ in range(shape.merchant_ships):
        if s.ship_supply > 0:
            s.ship_supply -= 1
            s.ships[p] += 1
    for _ in range(shape.goods):
        g = draw_good(s)
        if g >= 0:
            s.goods[p][g] += 1
