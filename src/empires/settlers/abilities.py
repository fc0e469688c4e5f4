"""Action Locations: whether one can be activated, paying for it, and its ability: the effects of
the card data, then its ``special`` (the abilities that are more than Goods for Goods), each a
small decision keyed by the special's name.

A special's decision is ``{"kind": "ability", "card": c, "special": name, "stage": k, ...}``; its
legal actions and its choice are the functions registered in :data:`SPECIALS`.
"""

from __future__ import annotations

from collections.abc import Callable

from empires.core.decisions import DecisionTable, with_choose
from empires.settlers.actions import SKIP, TAKE, TAKE_GOODS, Action
from empires.settlers.cards import FOOD, GOOD_INDEX, RAZE, STONE, WOOD
from empires.settlers.decisions import push
from empires.settlers.narration import card_ref, delta, emit, snap
from empires.settlers.rules import (
    can_build,
    can_draw,
    can_pay,
    controlled,
    copy_targets,
    deal_good_of,
    discard,
    discard_location,
    draw_from,
    enemy_locations,
    gain_deal_good,
    gain_effects,
    gain_goods,
    is_razeable,
    own_deals,
    owner_of,
    pay_resources,
    protected,
    raze_cost,
    raze_event,
    raze_from_hand,
    raze_gain,
    raze_location,
    raze_targets,
    remove_deal,
    remove_location,
    start_build,
    take_from_hand,
    trade_deal_good,
)
from empires.settlers.state import State

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)

RESOURCE_NAMES = ("wood", "stone", "food")


def split_spend(spend) -> tuple[tuple[int, int, int], dict]:
    d = dict(spend)
    wsf = (d.pop("wood", 0), d.pop("stone", 0), d.pop("food", 0))
    return wsf, d


def can_activate(s: State, p: int, c: int, times: int = 1, ignore_limit: bool = False) -> bool:
    a = s.db[c].action
    if a is None or c in s.blocked:
        return False
    if not ignore_limit and s.activations[c] + times > a.limit:
        return False
    wsf, extra = split_spend(a.spend)
    if not can_pay(s, p, wsf, extra, times):
        return False
    return a.special is None or bool(SPECIALS[a.special][0](s, _context(s, p, c)))


def activatable(s: State, p: int) -> list[tuple[int, int]]:
    """``(card, times)`` pairs ``p`` may activate now."""
    out = []
    for c in controlled(s, p):
        a = s.db[c].action
        if a is None:
            continue
        for times in (1, 2) if a.limit == 2 else (1,):
            if can_activate(s, p, c, times):
                out.append((c, times))
    return out


def activate(s: State, p: int, c: int, times: int = 1) -> None:
    """Activate Action Location ``c`` once, or twice at once spending twice the Goods."""
    s.activations[c] += times
    for _ in range(times):
        run_once(s, p, c)


def run_once(s: State, p: int, c: int) -> None:
    a = s.db[c].ability
    wsf, extra = split_spend(a.spend)
    before = snap(s, p) if s.narrate else None
    pay_resources(s, p, wsf)
    pay_other(s, p, extra, c, then=c, before=before)


def pay_other(
    s: State, p: int, extra: dict, card: int, then: int | None, before: tuple | None = None
) -> None:
    """Pay Workers, Gold, Raze tokens at once; a card from hand or a Deal is chosen (a ``spend``
    decision). Then resolve the ability of ``then`` (if not None). ``before`` (narrated games):
    ``p``'s goods before paying, so that the "activated" event tells what was spent."""
    sup = s.supply[p]
    for g, n in extra.items():
        if g in ("card", "deal"):
            continue
        sup[GOOD_INDEX[g]] -= n
    paid = None if before is None else {g: -n for g, n in delta(s, p, before).items()}
    choose = [(g, extra[g]) for g in ("card", "deal") if extra.get(g)]
    if choose:
        g, n = choose[0]
        rest = {k: v for k, v in choose[1:]}
        then = -1 if then is None else then
        if paid is None:
            push(s, "spend", p, card=card, what=g, n=n, rest=rest, then=then)
        else:
            push(s, "spend", p, card=card, what=g, n=n, rest=rest, then=then, paid=paid)
    elif then is not None:
        resolve(s, p, then, paid)


def resolve(s: State, p: int, c: int, paid: dict | None = None) -> None:
    a = s.db[c].ability
    before = snap(s, p) if s.narrate else None
    gain_effects(s, p, a.effects, c)
    if before is not None:
        emit(
            s,
            "activated",
            player=p,
            card=card_ref(s, c),
            spent=paid or {},
            gained=delta(s, p, before),
            special=a.special,
        )
    if a.special is not None:
        s.pending.append(_context(s, p, c))


def _context(s: State, p: int, c: int) -> dict:
    a = s.db[c].ability
    return {"kind": "ability", "player": p, "card": c, "special": a.special, "stage": 0, **a.params}


@DECISIONS.decision("spend", "Choose what to spend")
def _spend_legal(s: State, d: dict) -> list[Action]:
    p = d["player"]
    if d["what"] == "card":
        return [Action("discard", c) for c in s.hand[p]] or [SKIP]
    return [Action("discard", c) for c in own_deals(s, p)] or [SKIP]


@_spend_legal.choose
def _spend_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    if action.kind == "discard":
        if s.narrate:
            _tell_discard(s, p, action.a, d["what"], d["card"])
            if "paid" in d:
                d = {**d, "paid": {**d["paid"], d["what"]: d["paid"].get(d["what"], 0) + 1}}
        if d["what"] == "card":
            take_from_hand(s, p, action.a)
            discard(s, action.a)
        else:
            remove_deal(s, action.a)
    if d["n"] > 1:
        s.pending.append({**d, "n": d["n"] - 1})
    elif d["rest"]:
        g, n = next(iter(d["rest"].items()))
        rest = {k: v for k, v in d["rest"].items() if k != g}
        if "paid" in d:
            push(
                s,
                "spend",
                p,
                card=d["card"],
                what=g,
                n=n,
                rest=rest,
                then=d["then"],
                paid=d["paid"],
            )
        else:
            push(s, "spend", p, card=d["card"], what=g, n=n, rest=rest, then=d["then"])
    elif d["then"] >= 0:
        resolve(s, p, d["then"], d.get("paid"))


def _tell_discard(s: State, p: int, c: int, what: str, card: int) -> None:
    """A card from hand, or a Deal, discarded to pay (face up on its discard pile; a Trade Route
    marker is named by the Location it trades with, its own face is never shown)."""
    if what == "card":
        emit(
            s,
            "discarded",
            player=p,
            card=card_ref(s, c),
            source="hand",
            reason="spend",
            for_card=card_ref(s, card),
        )
        return
    loc = trade_location(s, c)
    emit(
        s,
        "discarded",
        player=p,
        card=card_ref(s, c if loc is None else loc),
        source="deal" if loc is None else "trade_route",
        reason="spend",
        for_card=card_ref(s, card),
    )


def trade_location(s: State, marker: int) -> int | None:
    """The enemy Location a Trade Route Deal (marked by ``marker``) is made with."""
    for _, loc, m in s.trade_deals:
        if m == marker:
            return loc
    return None


def tell(s: State, d: dict, before: tuple | None, target: int | None = None, **fields) -> None:
    """The "ability" event: what the special ability of Action Location ``d["card"]`` did
    (``target`` a public card) and what its user gained since ``before``."""
    if before is None:
        return
    p = d["player"]
    emit(
        s,
        "ability",
        player=p,
        card=card_ref(s, d["card"]),
        special=d["special"],
        target=None if target is None else card_ref(s, target),
        gained=delta(s, p, before),
        **fields,
    )


def mark(s: State, d: dict) -> tuple | None:
    return snap(s, d["player"]) if s.narrate else None


@DECISIONS.decision("ability", "Use the ability of the Location")
def _ability_legal(s: State, d: dict) -> list[Action]:
    return SPECIALS[d["special"]][0](s, d) or [SKIP]


@_ability_legal.choose
def _ability_choose(s: State, d: dict, action: Action) -> None:
    if action.kind != "skip":
        SPECIALS[d["special"]][1](s, d, action)


def _next(s: State, d: dict, **changes) -> None:
    """Push the next stage of a special's decision."""
    s.pending.append({**d, "stage": d["stage"] + 1, **changes})


# ---- the specials --------------------------------------------------------------------------------

Targets = Callable[[State, dict], list[Action]]
Choose = Callable[[State, dict, Action], None]
SPECIALS: dict[str, tuple[Targets, Choose]] = {}


def special(name: str):
    def register(targets: Targets):
        def set_choose(choose: Choose) -> Choose:
            SPECIALS[name] = (targets, choose)
            return choose

        return with_choose(targets, set_choose)

    return register


def _enemies(s: State, p: int) -> list[int]:
    return [q for q in range(s.num_players) if q != p and not s.passed[q]]


# Settlers (Common): build a Faction Location without discarding the Location its cost requires.
@special("build_faction")
def _build_faction(s: State, d: dict) -> list[Action]:
    p = d["player"]
    return [
        Action("build", c)
        for c in s.hand[p]
        if s.db[c].is_faction and can_build(s, p, c, ignore_location=True)
    ]


@_build_faction.choose
def _build_faction_choose(s: State, d: dict, action: Action) -> None:
    start_build(s, d["player"], action.a, "hand", ignore_location=True)


# Acting Troupe (Common): activate another of your Action Locations once more, paying its cost.
@special("activate_other")
def _activate_other(s: State, d: dict) -> list[Action]:
    p = d["player"]
    out = []
    for c in controlled(s, p):
        a = s.db[c].action
        if (
            c != d["card"]
            and a is not None
            and a.special != "activate_other"
            and can_activate(s, p, c, ignore_limit=True)
        ):
            out.append(Action("target", c))
    return out


@_activate_other.choose
def _activate_other_choose(s: State, d: dict, action: Action) -> None:
    run_once(s, d["player"], action.a)


# Porters (Common): gain what one of your Production Locations produces.
@special("production_copy")
def _production_copy(s: State, d: dict) -> list[Action]:
    return [Action("target", c) for c in copy_targets(s, d["player"], None)]


@_production_copy.choose
def _production_copy_choose(s: State, d: dict, action: Action) -> None:
    before = mark(s, d)
    gain_effects(s, d["player"], s.db[action.a].production, action.a)
    tell(s, d, before, action.a)


# Imperial Messenger (Common): gain the Good of one of your Deals (a Trade Route Deal too).
@special("deal_good")
def _deal_good(s: State, d: dict) -> list[Action]:
    return [Action("target", c) for c in own_deals(s, d["player"])]


@_deal_good.choose
def _deal_good_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    before = mark(s, d)
    gain_deal_good(s, p, deal_good_of(s, p, action.a))
    loc = trade_location(s, action.a)  # a Trade Route Deal: the marker's face stays hidden
    tell(s, d, before, action.a if loc is None else loc, trade_route=loc is not None)


# Saboteurs (Barbarians): take 1 Resource from an enemy's supply (not a passed one).
@special("steal_resource")
def _steal(s: State, d: dict) -> list[Action]:
    p = d["player"]
    if d["stage"] == 0:
        return [
            Action("player", q)
            for q in _enemies(s, p)
            if any(s.supply[q][i] for i in (WOOD, STONE, FOOD))
        ]
    q = d["victim"]
    return [
        TAKE[g] for g, i in zip(RESOURCE_NAMES, (WOOD, STONE, FOOD), strict=True) if s.supply[q][i]
    ]


@_steal.choose
def _steal_choose(s: State, d: dict, action: Action) -> None:
    if d["stage"] == 0:
        _next(s, d, victim=action.a)
        return
    i = (WOOD, STONE, FOOD)[action.a]
    before = mark(s, d)
    s.supply[d["victim"]][i] -= 1
    s.supply[d["player"]][i] += 1
    tell(s, d, before, victim=d["victim"])


# Chariot Builder (Egyptians): raze an enemy Location; Defense tokens and Samurai do not count.
@special("raze_enemy")
def _raze_enemy(s: State, d: dict) -> list[Action]:
    return [Action("target", c) for c in raze_targets(s, d["player"], free=True)]


@_raze_enemy.choose
def _raze_enemy_choose(s: State, d: dict, action: Action) -> None:
    raze_location(s, d["player"], action.a)


# Temple of Ra (Egyptians): an enemy Location is the Egyptian's for the rest of the round.
@special("take_over")
def _take_over(s: State, d: dict) -> list[Action]:
    return [
        Action("target", c)
        for c in enemy_locations(s, d["player"])
        if not protected(s, c, "take_over")
    ]


@_take_over.choose
def _take_over_choose(s: State, d: dict, action: Action) -> None:
    before = mark(s, d)
    victim = owner_of(s, action.a)
    s.takeover.append([action.a, d["player"]])
    tell(s, d, before, action.a, victim=victim)


# Engineers (Romans), Garrison (Japanese): discard an enemy Location (not razing it).
@special("remove_enemy_location")
def _remove(s: State, d: dict) -> list[Action]:
    return [
        Action("target", c)
        for c in enemy_locations(s, d["player"])
        if not protected(s, c, "remove")
    ]


@_remove.choose
def _remove_choose(s: State, d: dict, action: Action) -> None:
    before = mark(s, d)
    victim = owner_of(s, action.a)
    discard_location(s, action.a)
    tell(s, d, before, action.a, victim=victim)


# Rabble (Barbarians): raze one of your own Common Locations (Foundation, 1 Wood, its Goods).
@special("raze_own_common")
def _raze_own(s: State, d: dict) -> list[Action]:
    p = d["player"]
    return [
        Action("target", c)
        for c in s.empire[p]
        if s.db[c].is_common and is_razeable(s, c) and c in controlled(s, p)
    ]


@_raze_own.choose
def _raze_own_choose(s: State, d: dict, action: Action) -> None:
    p, c = d["player"], action.a
    raze_gain(s, p, c, raze_event(s, p, c, "own", None))
    if c in s.empire[p]:
        remove_location(s, c)
        s.foundations[p].append(c)
        s.supply[p][WOOD] += 1


# Pack (Barbarians): gain one Good of an enemy Location's Raze field (not razing it).
@special("raze_gain_one")
def _pack(s: State, d: dict) -> list[Action]:
    if d["stage"] == 0:
        return [Action("target", c) for c in enemy_locations(s, d["player"]) if s.db[c].raze]
    return [TAKE[g] for g in dict.fromkeys(s.db[d["target"]].raze)]


@_pack.choose
def _pack_choose(s: State, d: dict, action: Action) -> None:
    if d["stage"] == 0:
        _next(s, d, target=action.a)
    else:
        before = mark(s, d)
        gain_goods(s, d["player"], {TAKE_GOODS[action.a]: 1})
        tell(s, d, before, d["target"], victim=owner_of(s, d["target"]))


# Dark Chapel (Barbarians): pay 1 / 2 Raze tokens (+ Defense, + Samurai) to raze a card from hand
# / an enemy Location, then discard any of the Goods gained for ``reward`` each (params).
CONVERTIBLE = ("wood", "stone", "food", "gold", "worker", "raze")


@special("raze_and_convert")
def _dark_chapel(s: State, d: dict) -> list[Action]:
    p = d["player"]
    if d["stage"] == 0:
        have = s.supply[p][RAZE]
        out = []
        if have >= d.get("hand_cost", 1):
            out += [Action("raze", c) for c in s.hand[p] if s.db[c].raze]
        if have:
            extra = d.get("location_cost", 2) - 2
            out += [
                Action("raze-location", c)
                for c in raze_targets(s, p)
                if raze_cost(s, c) + extra <= have
            ]
        return out
    left = d["gained"]
    return [TAKE[g] for g in dict.fromkeys(left) if s.supply[p][GOOD_INDEX[g]]] + [Action("done")]


@_dark_chapel.choose
def _dark_chapel_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    if d["stage"] == 0:
        c = action.a
        gained = [g for g in s.db[c].raze if g in CONVERTIBLE]
        if action.kind == "raze":
            cost = d.get("hand_cost", 1)
            s.supply[p][RAZE] -= cost
            _next(s, d, gained=gained)
            raze_from_hand(s, p, c, {"raze": cost})
        else:
            cost = raze_cost(s, c) + d.get("location_cost", 2) - 2
            s.supply[p][RAZE] -= cost
            _next(s, d, gained=gained)
            raze_location(s, p, c, {"raze": cost})
        return
    if action.kind == "done":
        return
    g = TAKE_GOODS[action.a]
    before = mark(s, d)
    s.supply[p][GOOD_INDEX[g]] -= 1
    gain_goods(s, p, d.get("reward", {}))
    tell(s, d, before, converted=g)
    left = list(d["gained"])
    left.remove(g)
    if left:
        s.pending.append({**d, "gained": left})


# Robbers (Barbarians), Ninjas (Japanese): discard an enemy Deal (Ninjas: gaining its Good).
def _enemy_deals(s: State, p: int, trade: bool) -> list[int]:
    out = []
    for q in _enemies(s, p):
        out += own_deals(s, q) if trade else s.deals[q]
    return out + list(s.attack_line)


@special("discard_enemy_deal")
def _discard_deal(s: State, d: dict) -> list[Action]:
    return [Action("target", c) for c in _enemy_deals(s, d["player"], trade=True)]


@_discard_deal.choose
def _discard_deal_choose(s: State, d: dict, action: Action) -> None:
    c = action.a
    good = trade_deal_good(s, c) if any(m == c for _, _, m in s.trade_deals) else s.db[c].deal
    before = mark(s, d)
    if before is not None:
        loc = trade_location(s, c)  # a Trade Route Deal: the marker's face stays hidden
        victim = _deal_holder(s, c)
    if d.get("gain_deal"):
        gain_deal_good(s, d["player"], good)
    remove_deal(s, c)
    if before is not None:
        tell(
            s,
            d,
            before,
            c if loc is None else loc,
            victim=victim,
            trade_route=loc is not None,
            good=good,
        )


def _deal_holder(s: State, c: int) -> int | None:
    """Whose Deal ``c`` is (the virtual player's: a revealed Attack card)."""
    for q, deals in enumerate(s.deals):
        if c in deals:
            return q
    for q, _, m in s.trade_deals:
        if m == c:
            return q
    return -1 if c in s.attack_line else None


# Spies (Romans): add an enemy Deal (from under a faction board) to your own Deals.
@special("steal_deal")
def _steal_deal(s: State, d: dict) -> list[Action]:
    return [Action("target", c) for c in _enemy_deals(s, d["player"], trade=False)]


@_steal_deal.choose
def _steal_deal_choose(s: State, d: dict, action: Action) -> None:
    c = action.a
    before = mark(s, d)
    victim = _deal_holder(s, c) if before is not None else None
    for deals in s.deals:
        if c in deals:
            deals.remove(c)
    if c in s.attack_line:
        s.attack_line.remove(c)
    s.deals[d["player"]].append(c)
    tell(s, d, before, c, victim=victim, good=s.db[c].deal)


# Negotiator (Japanese): build one of your Deals (not a Trade Route Deal) without discarding the
# Location its cost requires.
@special("build_from_deal")
def _negotiator(s: State, d: dict) -> list[Action]:
    p = d["player"]
    return [
        Action("build", c)
        for c in s.deals[p]
        if s.db[c].is_faction and can_build(s, p, c, ignore_location=True)
    ]


@_negotiator.choose
def _negotiator_choose(s: State, d: dict, action: Action) -> None:
    start_build(s, d["player"], action.a, "deal", ignore_location=True)


# Trade Route (Japanese): a Deal with an enemy Faction Location, marked by a Japanese card drawn
# face down under it; the Deal gives that Location's Deal Good.
@special("trade_route")
def _trade_route(s: State, d: dict) -> list[Action]:
    p = d["player"]
    if not can_draw(s, p, "faction"):
        return []
    return [
        Action("target", c)
        for c in enemy_locations(s, p)
        if s.db[c].is_faction and s.db[c].deal is not None
    ]


@_trade_route.choose
def _trade_route_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    marker = draw_from(s, p, "faction")
    if marker is None:
        return
    before = mark(s, d)
    s.trade_deals.append([p, action.a, marker])
    gain_deal_good(s, p, s.db[action.a].deal)
    tell(s, d, before, action.a, victim=owner_of(s, action.a), good=s.db[action.a].deal)


# Sanctuary (Egyptians): a card from hand becomes a Foundation of your Empire; gain 1 Stone.
@special("sanctuary")
def _sanctuary(s: State, d: dict) -> list[Action]:
    return [Action("target", c) for c in s.hand[d["player"]]]


@_sanctuary.choose
def _sanctuary_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    take_from_hand(s, p, action.a)
    s.foundations[p].append(action.a)
    before = mark(s, d)
    s.supply[p][STONE] += 1
    if before is not None:  # face down: only its owner reads which card it is
        emit(
            s,
            "foundation",
            secret={"to": [p], "card": card_ref(s, action.a)},
            player=p,
            card=None,
            source="hand",
            by=card_ref(s, d["card"]),
            gained=delta(s, p, before),
        )


# Desert (Egyptians): an enemy of your choice discards a card from hand (of their choice).
@special("enemy_discard")
def _desert(s: State, d: dict) -> list[Action]:
    p = d["player"]
    return [Action("player", q) for q in _enemies(s, p) if s.hand[q]]


@_desert.choose
def _desert_choose(s: State, d: dict, action: Action) -> None:
    tell(s, d, mark(s, d), victim=action.a)
    push(s, "forced_discard", action.a, by=d["card"])


@DECISIONS.decision("forced_discard", "Discard a card from your hand")
def _forced_legal(s: State, d: dict) -> list[Action]:
    return [Action("discard", c) for c in s.hand[d["player"]]] or [SKIP]


@_forced_legal.choose
def _forced_choose(s: State, d: dict, action: Action) -> None:
    if action.kind == "discard":
        take_from_hand(s, d["player"], action.a)
        discard(s, action.a)
        if s.narrate:
            by = d.get("by")
            emit(
                s,
                "discarded",
                player=d["player"],
                card=card_ref(s, action.a),
                source="hand",
                reason="forced",
                for_card=None if by is None else card_ref(s, by),
            )


# Scorpion Breeder (Egyptians): an enemy Action Location cannot be activated this round.
@special("block_action")
def _block(s: State, d: dict) -> list[Action]:
    return [
        Action("target", c)
        for c in enemy_locations(s, d["player"])
        if s.db[c].type == "action" and c not in s.blocked and not protected(s, c, "block")
    ]


@_block.choose
def _block_choose(s: State, d: dict, action: Action) -> None:
    s.blocked.append(action.a)
    tell(s, d, mark(s, d), action.a, victim=owner_of(s, action.a))
