"""Buying Victory Points (option ``buy_vp``, Builder expansion rules): right after each colony
scoring, in Player Order, players may buy any number of VP at $1 (Age I), $3 (Age II) or $10
(Age III) each. At the end of the game a Wealth owner's VP are fixed first, on the money held
before buying."""

from __future__ import annotations

from empires.core.decisions import DecisionTable
from empires.discovery.actions import MAX_INDEX, Action
from empires.discovery.data import TURNS, age_of_turn, building
from empires.discovery.decisions import DONE, push
from empires.discovery.narration import emit
from empires.discovery.state import State

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)

VP_PRICE = {1: 1, 2: 3, 3: 10}
WEALTH = building("wealth")


def step_buy_vp(s: State) -> None:
    if s.cursor == 0 and s.turn == TURNS:
        for p in range(s.num_players):
            if WEALTH in s.owned[p]:
                s.wealth_locked[p] = s.money[p] // 5
    while s.cursor < s.num_players:
        p = s.order[s.cursor]
        s.cursor += 1
        if s.money[p] >= VP_PRICE[age_of_turn(s.turn)]:
            push(s, "buy_vp", p)
            return
    s.cursor = 0
    s.step = "refresh"


@DECISIONS.decision("buy_vp", "Buy Victory Points: choose how many to buy now, or done")
def _buy_vp_legal(s: State, d: dict) -> list[Action]:
    price = VP_PRICE[age_of_turn(s.turn)]
    most = min(s.money[d["player"]] // price, MAX_INDEX - 1)
    return [*(Action("index", k) for k in range(1, most + 1)), DONE]


@_buy_vp_legal.choose
def _buy_vp_choose(s: State, d: dict, action: Action) -> None:
    if action.kind == "done":
        return
    p = d["player"]
    price = VP_PRICE[age_of_turn(s.turn)]
    s.money[p] -= action.a * price
    s.vp_bought[p] += action.a
    if s.narrate:
        emit(
            s,
            "vp_bought",
            player=p,
            vp=action.a,
            price=price,
            money=action.a * price,
            total=s.vp_bought[p],
        )
    if s.money[p] >= VP_PRICE[age_of_turn(s.turn)]:
        push(s, "buy_vp", p)
