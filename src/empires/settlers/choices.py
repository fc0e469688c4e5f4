"""The small decisions effects ask for: which deck to draw from, where to deploy Samurai, which
option of a choice, which drawn cards to keep, which Production to copy, which Location to
discard to build, and an optional exchange of a Feature."""

from __future__ import annotations

from empires.core.decisions import DecisionTable
from empires.settlers.abilities import pay_other
from empires.settlers.actions import DONE, DRAW, SKIP, Action
from empires.settlers.decisions import push
from empires.settlers.narration import COUNTED, card_ref, delta, emit, snap
from empires.settlers.rules import (
    can_draw,
    can_pay,
    copy_targets,
    discard,
    discard_location,
    discardable_for_build,
    draw_from,
    finish_build,
    gain_cards,
    gain_effects,
    pay_resources,
    put,
    samurai_spots,
    tell_drawn,
)
from empires.settlers.state import State

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)

DECKS = ("common", "faction")


@DECISIONS.decision("draw", "Draw a card: from the Common deck or your Faction deck?")
def _draw_legal(s: State, d: dict) -> list[Action]:
    p = d["player"]
    return [DRAW[i] for i, deck in enumerate(DECKS) if can_draw(s, p, deck)]


@_draw_legal.choose
def _draw_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    c = draw_from(s, p, DECKS[action.a])
    if c is not None:
        put(s, p, c, d["dest"])
        if s.narrate:
            tell_drawn(s, p, [(c, DECKS[action.a])], d["dest"])
    gain_cards(s, p, d["n"] - 1, "any", d["dest"])


@DECISIONS.decision("samurai_place", "Deploy a Samurai in front of one of your Faction Locations")
def _samurai_legal(s: State, d: dict) -> list[Action]:
    return [Action("target", c) for c in samurai_spots(s, d["player"])]


@_samurai_legal.choose
def _samurai_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    s.samurai.append(action.a)
    if s.narrate:
        emit(s, "samurai", player=p, card=card_ref(s, action.a), spent={})
    if d["n"] > 1 and samurai_spots(s, p):
        push(s, "samurai_place", p, n=d["n"] - 1)


@DECISIONS.decision("choose_one", "Choose one")
def _choose_one_legal(s: State, d: dict) -> list[Action]:
    return [Action("option", i) for i in range(len(d["options"]))]


@_choose_one_legal.choose
def _choose_one_choose(s: State, d: dict, action: Action) -> None:
    card, p = d["card"], d["player"]
    before = snap(s, p) if s.narrate else None
    gain_effects(s, p, d["options"][action.a], None if card < 0 else card)
    if before is not None:
        emit(
            s,
            "chose",
            player=p,
            card=None if card < 0 else card_ref(s, card),
            option=action.a,
            gained=delta(s, p, before),
        )


@DECISIONS.decision("keep", "Discard the cards you do not keep")
def _keep_legal(s: State, d: dict) -> list[Action]:
    looking = s.looking[d["player"]]
    if len(looking) <= d["keep"]:
        return [DONE]
    return [Action("discard", c) for c in looking]


@_keep_legal.choose
def _keep_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    looking = s.looking[p]
    if action.kind == "discard":
        looking.remove(action.a)
        discard(s, action.a)
        if s.narrate:  # face up on its discard pile
            emit(
                s,
                "discarded",
                player=p,
                card=card_ref(s, action.a),
                source="drawn",
                reason="not kept",
                for_card=None,
            )
    if len(looking) > d["keep"]:
        push(s, "keep", p, keep=d["keep"])
    else:
        s.hand[p] += looking
        if s.narrate:
            emit(
                s,
                "kept",
                secret={"to": [p], "cards": [card_ref(s, c) for c in looking]},
                player=p,
                count=len(looking),
                cards=None,
            )
        s.looking[p] = []


@DECISIONS.decision("copy_production", "Choose a Production Location whose production you gain")
def _copy_legal(s: State, d: dict) -> list[Action]:
    card = d["card"]
    targets = copy_targets(s, d["player"], None if card < 0 else card)
    return [Action("target", c) for c in targets] or [SKIP]


@_copy_legal.choose
def _copy_choose(s: State, d: dict, action: Action) -> None:
    if action.kind == "target":
        p = d["player"]
        before = snap(s, p) if s.narrate else None
        gain_effects(s, p, s.db[action.a].production, action.a)
        if before is not None:
            card = d["card"]
            emit(
                s,
                "copied",
                player=p,
                card=None if card < 0 else card_ref(s, card),
                target=card_ref(s, action.a),
                gained=delta(s, p, before),
            )


@DECISIONS.decision("build_discard", "Discard a Location or Foundation of your Empire to build")
def _build_discard_legal(s: State, d: dict) -> list[Action]:
    return [Action("discard", c) for c in discardable_for_build(s, d["player"])]


@_build_discard_legal.choose
def _build_discard_choose(s: State, d: dict, action: Action) -> None:
    gone = None
    if s.narrate:  # a Foundation discarded goes face up to its discard pile: public from now
        c = action.a
        gone = {**card_ref(s, c), "foundation": c in s.foundations[d["player"]]}
    discard_location(s, action.a)
    finish_build(s, d["player"], d["card"], d["source"], d.get("paid"), gone)


@DECISIONS.decision("exchange", "Use the optional exchange of a Feature, or skip it")
def _exchange_legal(s: State, d: dict) -> list[Action]:
    p = d["player"]
    options = [t for t in s.db[d["card"]].triggers("build") if "options" in t][0]["options"]
    out = []
    for i, o in enumerate(options):
        spend = o.get("spend", {})
        wsf = (spend.get("wood", 0), spend.get("stone", 0), spend.get("food", 0))
        extra = {g: n for g, n in spend.items() if g not in ("wood", "stone", "food")}
        if can_pay(s, p, wsf, extra):
            out.append(Action("option", i))
    return out + [SKIP]


@_exchange_legal.choose
def _exchange_choose(s: State, d: dict, action: Action) -> None:
    if action.kind != "option":
        return
    p = d["player"]
    option = [t for t in s.db[d["card"]].triggers("build") if "options" in t][0]["options"][
        action.a
    ]
    spend = option.get("spend", {})
    before = snap(s, p) if s.narrate else None
    pay_resources(s, p, (spend.get("wood", 0), spend.get("stone", 0), spend.get("food", 0)))
    pay_other(
        s,
        p,
        {g: n for g, n in spend.items() if g not in ("wood", "stone", "food")},
        d["card"],
        then=None,
    )
    paid = None if before is None else snap(s, p)
    gain_effects(s, p, option.get("effects", []), d["card"])
    if before is not None and paid is not None:  # (both or neither)
        spent = {g: a - b for g, a, b in zip(COUNTED, before, paid, strict=True) if a > b}
        emit(
            s,
            "exchanged",
            player=p,
            card=card_ref(s, d["card"]),
            option=action.a,
            spent=spent,
            gained=delta(s, p, paid),
        )
