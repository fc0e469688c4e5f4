"""The Action phase: one action per turn, clockwise from the First player, until all have passed.

Actions: build a Location, make a Deal, raze a card from hand, raze an enemy Location (not in the
Peaceful variant), activate an Action Location (once, or twice at once), spend Workers in pairs
(one ``workers`` decision per pair), pass. At any moment of their turn, without using it up, a
player may also place their Defense token on a Common Location of their Empire, deploy Samurai
(Japanese), put Resources on the Shrine or cards under the Gate.
"""

from __future__ import annotations

from empires.core.decisions import DecisionTable
from empires.settlers.abilities import activatable, activate
from empires.settlers.actions import (
    DONE,
    DRAW,
    PASS,
    SHRINE_GOODS,
    TAKE,
    TAKE_GOODS,
    WORKERS,
    Action,
    card_action,
    card_actions,
)
from empires.settlers.cards import DEFENSE, FOOD, GOLD, GOOD_INDEX, RAZE, STONE, WOOD, WORKER
from empires.settlers.decisions import push
from empires.settlers.narration import card_ref, delta, emit, snap
from empires.settlers.rules import (
    can_draw,
    controlled,
    discardable_for_build,
    draw_from,
    fire,
    gain_deal_good,
    gain_effects,
    gain_goods,
    pay_resources,
    raze_cost,
    raze_from_hand,
    raze_location,
    raze_targets,
    samurai_spots,
    start_build,
    take_from_hand,
    taken_by,
    tell_drawn,
    tell_feature,
)
from empires.settlers.state import State

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)

FREE = ("defend", "samurai", "shrine", "gate")
PAIR_GOODS = ("wood", "stone", "food")


def shrines(s: State, p: int) -> list[int]:
    return [c for c in controlled(s, p) if s.db[c].triggers("shrine")]


def gates(s: State, p: int) -> list[int]:
    return [c for c in controlled(s, p) if s.db[c].triggers("gate")]


def turn_actions(s: State, p: int) -> list[Action]:
    db = s.db
    sup = s.supply[p]
    acts: list[Action] = []
    hand = s.hand[p]
    wood, stone, food, gold = sup[WOOD], sup[STONE], sup[FOOD], sup[GOLD]
    can_deal = food + gold >= 1
    raze = sup[RAZE]
    can_discard = bool(s.empire[p] or s.foundations[p]) and bool(discardable_for_build(s, p))
    build, deal, raze_hand = card_actions("build"), card_actions("deal"), card_actions("raze")
    for c in hand:
        card = db[c]
        w, st, f = card.cost
        short = (w > wood) * (w - wood) + (st > stone) * (st - stone) + (f > food) * (f - food)
        if short <= gold and (can_discard or not card.cost_location):
            acts.append(build[c])
        if can_deal and card.deal is not None and card.is_faction:
            acts.append(deal[c])
        if raze and card.raze:
            acts.append(raze_hand[c])
    if raze >= 2 and not s.options.has("peaceful"):
        acts += [card_actions("raze-location")[c] for c in raze_targets(s, p)]
    acts += [card_action("activate", c, t) for c, t in activatable(s, p)]
    if sup[WORKER] >= 2:
        acts.append(WORKERS)
    acts.append(PASS)
    # moves that do not use up the turn
    if sup[DEFENSE]:
        acts += [
            Action("defend", c)
            for c in s.empire[p]
            if db[c].is_common and c not in s.defended and taken_by(s, c) is None
        ]
    if sup[WORKER] and s.db.factions[s.factions[p]].get("samurai"):
        acts += [Action("samurai", c) for c in samurai_spots(s, p) if taken_by(s, c) is None]
    if shrines(s, p):
        acts += [Action("shrine", i) for i, g in enumerate(SHRINE_GOODS) if sup[GOOD_INDEX[g]]]
    if hand and gates(s, p):
        acts += [Action("gate", c) for c in hand]
    return acts


@DECISIONS.decision("turn", "Your turn: take an action or pass")
def _turn_legal(s: State, d: dict) -> list[Action]:
    return turn_actions(s, d["player"])


@_turn_legal.choose
def _turn_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    k = action.kind
    sup = s.supply[p]
    if k in FREE:
        push(s, "turn", p)  # the turn goes on once this is done
        free_move(s, p, action)
        return
    s.cursor = (p + 1) % s.num_players
    if k == "pass":
        s.passed[p] = True
    elif k == "build":
        start_build(s, p, action.a)
    elif k == "deal":
        make_deal(s, p, action.a)
    elif k == "raze":
        sup[RAZE] -= 1
        raze_from_hand(s, p, action.a, {"raze": 1})
    elif k == "raze-location":
        cost = raze_cost(s, action.a)
        sup[RAZE] -= cost
        raze_location(s, p, action.a, {"raze": cost})
    elif k == "activate":
        activate(s, p, action.a, 2 if action.b == 2 else 1)
    elif k == "workers":
        push(s, "workers", p, pairs=0)


def make_deal(s: State, p: int, c: int) -> None:
    """Discard 1 Food (or Gold), put the Faction card under the board, gain its Deal Good."""
    before = snap(s, p) if s.narrate else None
    pay_resources(s, p, (0, 0, 1))
    take_from_hand(s, p, c)
    s.deals[p].append(c)
    if before is None:
        gain_deal_good(s, p, s.db[c].deal)
        fire(s, p, "deal")
        return
    spent = {g: -n for g, n in delta(s, p, before).items() if g != "card"}
    before = snap(s, p)
    gain_deal_good(s, p, s.db[c].deal)
    emit(
        s,
        "deal",
        player=p,
        card=card_ref(s, c),
        good=s.db[c].deal,
        spent=spent,
        gained=delta(s, p, before),
    )
    fire(s, p, "deal")


def free_move(s: State, p: int, action: Action) -> None:
    k, c = action.kind, action.a
    sup = s.supply[p]
    if k == "defend":
        sup[DEFENSE] -= 1
        s.defended.append(c)
        if s.narrate:
            emit(s, "defended", player=p, card=card_ref(s, c))
    elif k == "samurai":
        sup[WORKER] -= 1
        s.samurai.append(c)
        if s.narrate:
            emit(s, "samurai", player=p, card=card_ref(s, c), spent={"worker": 1})
    elif k == "shrine":
        sup[GOOD_INDEX[SHRINE_GOODS[c]]] -= 1
        card = shrines(s, p)[0]
        for entry in s.shrine:
            if entry[0] == card:
                entry[1] += 1
                break
        else:
            s.shrine.append([card, 1])
        if s.narrate:
            on_it = next(n for card_, n in s.shrine if card_ == card)
            emit(s, "shrine", player=p, card=card_ref(s, card), good=SHRINE_GOODS[c], on_it=on_it)
    elif k == "gate":
        take_from_hand(s, p, c)
        gate = _gate_for(s, p)
        for entry in s.gate:
            if entry[0] == gate:
                entry.append(c)
                break
        else:
            s.gate.append([gate, c])
        (trig,) = s.db[gate].triggers("gate")
        before = snap(s, p) if s.narrate else None
        gain_effects(s, p, trig.get("per_card", []), gate)
        if before is not None:  # the card goes face down: only its owner reads which it is
            under = next(len(e) - 1 for e in s.gate if e[0] == gate)
            emit(
                s,
                "gate",
                secret={"to": [p], "card": card_ref(s, c)},
                player=p,
                gate=card_ref(s, gate),
                card=None,
                under=under,
                gained=delta(s, p, before),
            )


def _gate_for(s: State, p: int) -> int:
    """The Gate a card goes under: the first one still short of its end-game bonus."""
    counts = {e[0]: len(e) - 1 for e in s.gate}
    own = gates(s, p)
    for g in own:
        (trig,) = s.db[g].triggers("gate")
        if counts.get(g, 0) < trig.get("end", [0, 0])[0]:
            return g
    return own[0]


@DECISIONS.decision("workers", "Spend 2 Workers for 1 Resource or 1 card (or stop)")
def _workers_legal(s: State, d: dict) -> list[Action]:
    p = d["player"]
    acts = [TAKE[g] for g in PAIR_GOODS]
    acts += [DRAW[i] for i, deck in enumerate(("common", "faction")) if can_draw(s, p, deck)]
    if d["pairs"]:
        acts.append(DONE)
    return acts


@_workers_legal.choose
def _workers_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    if action.kind == "done":
        return
    sup = s.supply[p]
    sup[WORKER] -= 2
    before = snap(s, p) if s.narrate else None
    if action.kind == "take":
        gain_goods(s, p, {TAKE_GOODS[action.a]: 1})
    else:
        deck = ("common", "faction")[action.a]
        c = draw_from(s, p, deck)
        if c is not None:
            s.hand[p].append(c)
            if before is not None:
                tell_drawn(s, p, [(c, deck)], "hand")
    if before is not None:
        emit(s, "workers", player=p, spent={"worker": 2}, gained=delta(s, p, before))
    for q in range(s.num_players):  # Oasis: each time an enemy spends a pair of Workers
        if q != p:
            for loc in controlled(s, q):
                for trig in s.db[loc].triggers("enemy_worker_pair"):
                    before = snap(s, q) if s.narrate else None
                    gain_effects(s, q, trig["effects"], loc)
                    if before is not None:
                        tell_feature(s, q, loc, "enemy_worker_pair", before)
    if sup[WORKER] >= 2:
        push(s, "workers", p, pairs=d["pairs"] + 1)
