"""Event box: Trade Goods. In space order each worker's owner takes one of the goods still on the
box (those laid out at the start of the turn), or declines."""

from __future__ import annotations

from empires.core.decisions import DecisionTable
from empires.discovery import nations
from empires.discovery.actions import GOOD, Action
from empires.discovery.decisions import SKIP, push
from empires.discovery.narration import emit, good_of
from empires.discovery.state import State
from empires.discovery.university import offer_before

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)


def step_trade_goods(s: State) -> None:
    if s.uni_offered != "trade_goods":
        s.uni_offered = "trade_goods"
        if offer_before(s, "trade_goods"):
            return
    if nations.offer_before(s, "trade_goods"):  # French Trade with the Native Americans
        return
    while s.tg_box:
        p, w = s.tg_box[0]
        if s.tg_offer:
            push(s, "trade_good", p)
            return
        s.tg_box.pop(0)
        s.supply[p][w] += 1
    s.step = "shipping"


@DECISIONS.decision("trade_good", "Trade Goods: take one of the goods on offer")
def _tg_legal(s: State, d: dict) -> list[Action]:
    return [*(GOOD[g] for g in sorted(set(s.tg_offer))), SKIP]


@_tg_legal.choose
def _tg_choose(s: State, d: dict, action: Action) -> None:
    p, w = s.tg_box.pop(0)
    s.supply[p][w] += 1
    if action.kind == "good":
        s.tg_offer.remove(action.a)
        s.goods[p][action.a] += 1
        if s.narrate:
            emit(s, "trade_good", player=p, **good_of(action.a), source="trade_goods")
    elif s.narrate:
        emit(s, "trade_good", player=p, good=None, source="trade_goods")
