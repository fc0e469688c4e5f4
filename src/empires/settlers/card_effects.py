"""The effects of the card vocabulary beyond gaining goods: counted gains (``gain_per``), optional
pay-to-gain (``pay``), taking goods from an enemy (``steal``), Defense tokens placed by an ability
(``place_defense``), losses of every enemy (``enemies_lose``) and any Action Location special used
from another card (``special``). See :mod:`empires.settlers.cards` and
``data/cards.schema.json`` for the vocabulary.

Each effect is a small function registered by name in :data:`empires.settlers.rules.MORE_EFFECTS`.
An effect that asks for a choice pushes an ``ability`` decision (the same kind as an Action
Location's special, see :mod:`empires.settlers.abilities`) whose special is registered here:
``pay``, ``steal`` and ``place_defense`` are also specials an Action Location may name.
"""

from __future__ import annotations

from collections.abc import Callable

from empires.core.decisions import DecisionTable
from empires.settlers.abilities import SPECIALS, mark, pay_other, special, split_spend, tell
from empires.settlers.actions import SKIP, TAKE, TAKE_GOODS, Action
from empires.settlers.cards import GOOD_INDEX
from empires.settlers.narration import card_ref, emit
from empires.settlers.rules import (
    MORE_EFFECTS,
    can_pay,
    controlled,
    gain_effects,
    gain_goods,
    own_deals,
    pay_resources,
    samurai_count,
)
from empires.settlers.state import State

DECISIONS = DecisionTable()  # no kind of its own: choices are "ability" decisions

Effect = Callable[[State, int, object, "int | None"], None]


def effect(name: str) -> Callable[[Effect], Effect]:
    def register(fn: Effect) -> Effect:
        MORE_EFFECTS[name] = fn
        return fn

    return register


def _ask(s: State, p: int, name: str, card: int | None, **params) -> None:
    """Push the ``ability`` decision of special ``name`` for ``p`` (from ``card``) when it has a
    choice to offer."""
    d = {"kind": "ability", "player": p, "card": -1 if card is None else card, "special": name}
    d.update(stage=0, **params)
    if SPECIALS[name][0](s, d):
        s.pending.append(d)


# ---- counted gains ------------------------------------------------------------------------------

_COUNTERS: dict[str, Callable[[State, int], int]] = {
    "locations": lambda s, p: len(controlled(s, p)),
    "common_locations": lambda s, p: sum(s.db[c].is_common for c in controlled(s, p)),
    "faction_locations": lambda s, p: sum(s.db[c].is_faction for c in controlled(s, p)),
    "production_locations": lambda s, p: _typed(s, p, "production"),
    "feature_locations": lambda s, p: _typed(s, p, "feature"),
    "action_locations": lambda s, p: _typed(s, p, "action"),
    "deals": lambda s, p: len(own_deals(s, p)),
    "foundations": lambda s, p: len(s.foundations[p]),
    "defense_tokens": lambda s, p: sum(1 for c in s.defended if c in s.empire[p]),
    "samurai": samurai_count,
    "cards_in_hand": lambda s, p: len(s.hand[p]),
}


def _typed(s: State, p: int, kind: str) -> int:
    return sum(1 for c in controlled(s, p) if s.db[c].type == kind)


def count(s: State, p: int, what: str) -> int:
    """What ``gain_per`` counts for ``p`` (one of :data:`empires.settlers.cards.COUNTS`)."""
    return _COUNTERS[what](s, p)


@effect("gain_per")
def _gain_per(s: State, p: int, arg, card: int | None) -> None:
    n = min(count(s, p, arg["count"]) // arg.get("per", 1), arg["max"])
    gain_goods(s, p, {arg["good"]: n})


@effect("enemies_lose")
def _enemies_lose(s: State, p: int, arg, card: int | None) -> None:
    for q in range(s.num_players):
        if q == p or s.passed[q]:
            continue
        sup = s.supply[q]
        lost = {}
        for g, n in arg.items():
            i = GOOD_INDEX[g]
            lost[g] = min(n, sup[i])
            sup[i] -= lost[g]
        if s.narrate and card is not None and any(lost.values()):
            d = {"player": p, "card": card, "special": "enemies_lose"}
            tell(s, d, mark(s, d), victim=q)


@effect("special")
def _special(s: State, p: int, arg, card: int | None) -> None:
    _ask(s, p, arg["name"], card, **arg.get("params", {}))


# ---- pay-to-gain --------------------------------------------------------------------------------


@effect("pay")
def _pay_effect(s: State, p: int, arg, card: int | None) -> None:
    _ask(s, p, "pay", card, spend=arg["spend"], effects=arg["effects"])


@special("pay")
def _pay(s: State, d: dict) -> list[Action]:
    wsf, extra = split_spend(d.get("spend", {}).items())
    return [Action("option", 0), SKIP] if can_pay(s, d["player"], wsf, extra) else []


@_pay.choose
def _pay_choose(s: State, d: dict, action: Action) -> None:
    p, card = d["player"], d["card"]
    wsf, extra = split_spend(d.get("spend", {}).items())
    pay_resources(s, p, wsf)
    pay_other(s, p, extra, card, then=None)
    before = mark(s, d)  # after paying: the event tells what the effects gave
    gain_effects(s, p, d.get("effects", []), None if card < 0 else card)
    if card >= 0:
        tell(s, d, before)


# ---- steal --------------------------------------------------------------------------------------


@effect("steal")
def _steal_effect(s: State, p: int, arg, card: int | None) -> None:
    _ask(s, p, "steal", card, goods=list(arg["goods"]), n=arg.get("n", 1))


def _has(s: State, q: int, goods: list[str]) -> list[str]:
    return [g for g in goods if s.supply[q][GOOD_INDEX[g]]]


@special("steal")
def _steal(s: State, d: dict) -> list[Action]:
    p, goods = d["player"], d.get("goods", ["wood", "stone", "food"])
    if d["stage"] == 0:
        return [
            Action("player", q)
            for q in range(s.num_players)
            if q != p and not s.passed[q] and _has(s, q, goods)
        ]
    return [TAKE[g] for g in _has(s, d["victim"], goods)]


@_steal.choose
def _steal_choose(s: State, d: dict, action: Action) -> None:
    if d["stage"] == 0:
        s.pending.append({**d, "stage": 1, "victim": action.a})
        return
    g = TAKE_GOODS[action.a]
    before = mark(s, d)
    s.supply[d["victim"]][GOOD_INDEX[g]] -= 1
    s.supply[d["player"]][GOOD_INDEX[g]] += 1
    if d["card"] >= 0:
        tell(s, d, before, victim=d["victim"])
    left = d.get("n", 1) - 1
    if left > 0 and _has(s, d["victim"], d.get("goods", ["wood", "stone", "food"])):
        s.pending.append({**d, "n": left})


# ---- Defense tokens -----------------------------------------------------------------------------


@effect("place_defense")
def _place_defense_effect(s: State, p: int, arg, card: int | None) -> None:
    _ask(s, p, "place_defense", card, n=arg.get("n", 1))


@special("place_defense")
def _place_defense(s: State, d: dict) -> list[Action]:
    p = d["player"]
    return [
        Action("target", c)
        for c in s.empire[p]
        if s.db[c].is_common and c not in s.defended and c in controlled(s, p)
    ]


@_place_defense.choose
def _place_defense_choose(s: State, d: dict, action: Action) -> None:
    s.defended.append(action.a)
    if s.narrate:
        emit(s, "defended", player=d["player"], card=card_ref(s, action.a))
    if d.get("n", 1) > 1 and _place_defense(s, d):
        s.pending.append({**d, "n": d["n"] - 1})
