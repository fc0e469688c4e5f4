"""Action Locations: whether one can be activated, paying for it, and its ability: the effects of
the card data, then its ``special`` (the abilities that are more than Goods for Goods), each a
small decision keyed by the special's name.

A special's decision is ``{"kind": "ability", "card": c, "special": name, "stage": k, ...}``; its
legal actions and its choice are the functions registered in :data:`SPECIALS`.
"""

from __future__ import annotations

from collections.abc import Callable

from empires.settlers.actions import SKIP, TAKE, TAKE_GOODS, Action
from empires.settlers.cards import FOOD, GOOD_INDEX, RAZE, STONE, WOOD
from empires.settlers.decisions import decision, push
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
    pay_resources,
    raze_cost,
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
    a = s.db[c].action
    wsf, extra = split_spend(a.spend)
    pay_resources(s, p, wsf)
    pay_other(s, p, extra, c, then=c)


def pay_other(s: State, p: int, extra: dict, card: int, then: int | None) -> None:
    """Pay Workers, Gold, Raze tokens at once; a card from hand or a Deal is chosen (a ``spend``
    decision). Then resolve the ability of ``then`` (if not None)."""
    sup = s.supply[p]
    for g, n in extra.items():
        if g in ("card", "deal"):
            continue
        sup[GOOD_INDEX[g]] -= n
    choose = [(g, extra[g]) for g in ("card", "deal") if extra.get(g)]
    if choose:
        g, n = choose[0]
        rest = {k: v for k, v in choose[1:]}
        push(s, "spend", p, card=card, what=g, n=n, rest=rest, then=-1 if then is None else then)
    elif then is not None:
        resolve(s, p, then)


def resolve(s: State, p: int, c: int) -> None:
    a = s.db[c].action
    gain_effects(s, p, a.effects, c)
    if a.special is not None:
        s.pending.append(_context(s, p, c))


def _context(s: State, p: int, c: int) -> dict:
    a = s.db[c].action
    return {"kind": "ability", "player": p, "card": c, "special": a.special, "stage": 0,
            **a.params}


@decision("spend", "Choose what to spend")
def _spend_legal(s: State, d: dict) -> list[Action]:
    p = d["player"]
    if d["what"] == "card":
        return [Action("discard", c) for c in s.hand[p]] or [SKIP]
    return [Action("discard", c) for c in own_deals(s, p)] or [SKIP]


@_spend_legal.choose
def _spend_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    if action.kind == "discard":
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
        push(s, "spend", p, card=d["card"], what=g, n=n, rest=rest, then=d["then"])
    elif d["then"] >= 0:
        resolve(s, p, d["then"])


@decision("ability", "Use the ability of the Location")
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

        targets.choose = set_choose  # type: ignore[attr-defined]
        return targets

    return register


def _enemies(s: State, p: int) -> list[int]:
    return [q for q in range(s.num_players) if q != p and not s.passed[q]]


# Settlers (Common): build a Faction Location without discarding the Location its cost requires.
@special("build_faction")
def _build_faction(s: State, d: dict) -> list[Action]:
    p = d["player"]
    return [Action("build", c) for c in s.hand[p]
            if s.db[c].is_faction and can_build(s, p, c, ignore_location=True)]


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
        if c != d["card"] and a is not None and a.special != "activate_other" and can_activate(
                s, p, c, ignore_limit=True):
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
    gain_effects(s, d["player"], s.db[action.a].production, action.a)


# Imperial Messenger (Common): gain the Good of one of your Deals (a Trade Route Deal too).
@special("deal_good")
def _deal_good(s: State, d: dict) -> list[Action]:
    return [Action("target", c) for c in own_deals(s, d["player"])]


@_deal_good.choose
def _deal_good_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    gain_deal_good(s, p, deal_good_of(s, p, action.a))


# Saboteurs (Barbarians): take 1 Resource from an enemy's supply (not a passed one).
@special("steal_resource")
def _steal(s: State, d: dict) -> list[Action]:
    p = d["player"]
    if d["stage"] == 0:
        return [Action("player", q) for q in _enemies(s, p)
                if any(s.supply[q][i] for i in (WOOD, STONE, FOOD))]
    q = d["victim"]
    return [TAKE[g] for g, i in zip(RESOURCE_NAMES, (WOOD, STONE, FOOD), strict=True)
            if s.supply[q][i]]


@_steal.choose
def _steal_choose(s: State, d: dict, action: Action) -> None:
    if d["stage"] == 0:
        _next(s, d, victim=action.a)
        return
    i = (WOOD, STONE, FOOD)[action.a]
    s.supply[d["victim"]][i] -= 1
    s.supply[d["player"]][i] += 1


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
    return [Action("target", c) for c in enemy_locations(s, d["player"])]


@_take_over.choose
def _take_over_choose(s: State, d: dict, action: Action) -> None:
    s.takeover.append([action.a, d["player"]])


# Engineers (Romans), Garrison (Japanese): discard an enemy Location (not razing it).
@special("remove_enemy_location")
def _remove(s: State, d: dict) -> list[Action]:
    return [Action("target", c) for c in enemy_locations(s, d["player"])]


@_remove.choose
def _remove_choose(s: State, d: dict, action: Action) -> None:
    discard_location(s, action.a)


# Rabble (Barbarians): raze one of your own Common Locations (Foundation, 1 Wood, its Goods).
@special("raze_own_common")
def _raze_own(s: State, d: dict) -> list[Action]:
    p = d["player"]
    return [Action("target", c) for c in s.empire[p]
            if s.db[c].is_common and is_razeable(s, c) and c in controlled(s, p)]


@_raze_own.choose
def _raze_own_choose(s: State, d: dict, action: Action) -> None:
    p, c = d["player"], action.a
    raze_gain(s, p, c)
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
        gain_goods(s, d["player"], {TAKE_GOODS[action.a]: 1})


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
            out += [Action("raze-location", c) for c in raze_targets(s, p)
                    if raze_cost(s, c) + extra <= have]
        return out
    left = d["gained"]
    return [TAKE[g] for g in dict.fromkeys(left) if s.supply[p][GOOD_INDEX[g]]] + [
        Action("done")]


@_dark_chapel.choose
def _dark_chapel_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    if d["stage"] == 0:
        c = action.a
        gained = [g for g in s.db[c].raze if g in CONVERTIBLE]
        if action.kind == "raze":
            s.supply[p][RAZE] -= d.get("hand_cost", 1)
            _next(s, d, gained=gained)
            raze_from_hand(s, p, c)
        else:
            s.supply[p][RAZE] -= raze_cost(s, c) + d.get("location_cost", 2) - 2
            _next(s, d, gained=gained)
            raze_location(s, p, c)
        return
    if action.kind == "done":
        return
    g = TAKE_GOODS[action.a]
    s.supply[p][GOOD_INDEX[g]] -= 1
    gain_goods(s, p, d.get("reward", {}))
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
    if d.get("gain_deal"):
        gain_deal_good(s, d["player"], good)
    remove_deal(s, c)


# Spies (Romans): add an enemy Deal (from under a faction board) to your own Deals.
@special("steal_deal")
def _steal_deal(s: State, d: dict) -> list[Action]:
    return [Action("target", c) for c in _enemy_deals(s, d["player"], trade=False)]


@_steal_deal.choose
def _steal_deal_choose(s: State, d: dict, action: Action) -> None:
    c = action.a
    for deals in s.deals:
        if c in deals:
            deals.remove(c)
    if c in s.attack_line:
        s.attack_line.remove(c)
    s.deals[d["player"]].append(c)


# Negotiator (Japanese): build one of your Deals (not a Trade Route Deal) without discarding the
# Location its cost requires.
@special("build_from_deal")
def _negotiator(s: State, d: dict) -> list[Action]:
    p = d["player"]
    return [Action("build", c) for c in s.deals[p]
            if s.db[c].is_faction and can_build(s, p, c, ignore_location=True)]


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
    return [Action("target", c) for c in enemy_locations(s, p)
            if s.db[c].is_faction and s.db[c].deal is not None]


@_trade_route.choose
def _trade_route_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    marker = draw_from(s, p, "faction")
    if marker is None:
        return
    s.trade_deals.append([p, action.a, marker])
    gain_deal_good(s, p, s.db[action.a].deal)


# Sanctuary (Egyptians): a card from hand becomes a Foundation of your Empire; gain 1 Stone.
@special("sanctuary")
def _sanctuary(s: State, d: dict) -> list[Action]:
    return [Action("target", c) for c in s.hand[d["player"]]]


@_sanctuary.choose
def _sanctuary_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    take_from_hand(s, p, action.a)
    s.foundations[p].append(action.a)
    s.supply[p][STONE] += 1


# Desert (Egyptians): an enemy of your choice discards a card from hand (of their choice).
@special("enemy_discard")
def _desert(s: State, d: dict) -> list[Action]:
    p = d["player"]
    return [Action("player", q) for q in _enemies(s, p) if s.hand[q]]


@_desert.choose
def _desert_choose(s: State, d: dict, action: Action) -> None:
    push(s, "forced_discard", action.a)


@decision("forced_discard", "Discard a card from your hand")
def _forced_legal(s: State, d: dict) -> list[Action]:
    return [Action("discard", c) for c in s.hand[d["player"]]] or [SKIP]


@_forced_legal.choose
def _forced_choose(s: State, d: dict, action: Action) -> None:
    if action.kind == "discard":
        take_from_hand(s, d["player"], action.a)
        discard(s, action.a)


# Scorpion Breeder (Egyptians): an enemy Action Location cannot be activated this round.
@special("block_action")
def _block(s: State, d: dict) -> list[Action]:
    return [Action("target", c) for c in enemy_locations(s, d["player"])
            if s.db[c].type == "action" and c not in s.blocked]


@_block.choose
def _block_choose(s: State, d: dict, action: Action) -> None:
    s.blocked.append(action.a)

