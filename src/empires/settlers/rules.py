"""The shared mechanics: moving cards, paying and gaining Goods, Locations and who controls them,
building, razing. Phase modules and card abilities are written with these.

Conventions: ``p`` is a seat; ``c`` a card index. The virtual player of the solo game is seat -1
(its Locations are ``state.vlocs``, its Deals the revealed Attack cards).
"""

from __future__ import annotations

from empires.settlers.cards import (
    FOOD,
    GOLD,
    GOOD_INDEX,
    RAZE,
    STONE,
    WOOD,
    WORKER,
    Card,
)
from empires.settlers.decisions import push
from empires.settlers.narration import card_ref, delta, emit, snap
from empires.settlers.state import State

VIRTUAL = -1
# The effects of the card vocabulary beyond gaining goods (``gain_per``, ``pay``, ``steal``...):
# name -> handler(state, player, argument, card), registered by
# :mod:`empires.settlers.card_effects` (the rules modules gathered by the decision table).
MORE_EFFECTS: dict = {}

# ---- cards --------------------------------------------------------------------------------------


def seat_of_deck(s: State, deck: str) -> int:
    """The seat playing faction ``deck`` (-1 if nobody does)."""
    try:
        return s.factions.index(deck)
    except ValueError:
        return -1


def discard(s: State, c: int) -> None:
    """Put card ``c`` on its own discard pile (each deck has its own)."""
    deck = s.db[c].deck
    if deck == "common":
        s.common_discard.append(c)
    elif deck == "attack":
        s.attack_discard.append(c)
    else:
        s.faction_discard[seat_of_deck(s, deck)].append(c)


def can_draw(s: State, p: int, deck: str) -> bool:
    if deck == "common":
        return bool(s.common_deck or s.common_discard)
    return bool(
        s.faction_deck[p] or (s.options.reshuffle_faction_discards and s.faction_discard[p])
    )


def draw_from(s: State, p: int, deck: str) -> int | None:
    """The top card of the Common deck or of ``p``'s Faction deck (reshuffling the Common discard
    pile, and the Faction one only with the ``reshuffle_faction_discards`` option, when empty)."""
    if deck == "common":
        if not s.common_deck and s.common_discard:
            s.common_deck, s.common_discard = s.common_discard, []
            s.rng.shuffle(s.common_deck)
            emit(s, "reshuffled", player=p, deck="common", cards=len(s.common_deck))
        return s.common_deck.pop() if s.common_deck else None
    pile = s.faction_deck[p]
    if not pile and s.options.reshuffle_faction_discards and s.faction_discard[p]:
        s.faction_deck[p], s.faction_discard[p] = s.faction_discard[p], []
        s.rng.shuffle(s.faction_deck[p])
        pile = s.faction_deck[p]
        emit(s, "reshuffled", player=p, deck="faction", cards=len(pile))
    return pile.pop() if pile else None


def put(s: State, p: int, c: int, dest: str) -> None:
    (s.hand if dest == "hand" else s.looking)[p].append(c)


def gain_cards(s: State, p: int, n: int, deck: str = "any", dest: str = "hand") -> None:
    """``p`` draws ``n`` cards; with ``deck="any"`` the player chooses the deck of each card (a
    ``draw`` decision) when both can be drawn from."""
    drawn: list[tuple[int, str]] = []
    while n > 0:
        if deck == "any":
            can = [d for d in ("common", "faction") if can_draw(s, p, d)]
            if len(can) == 2:
                push(s, "draw", p, n=n, dest=dest)
                break
            if not can:
                break
            which = can[0]
        else:
            which = deck
        c = draw_from(s, p, which)
        if c is None:
            break
        put(s, p, c, dest)
        drawn.append((c, which))
        n -= 1
    if drawn and s.narrate:
        tell_drawn(s, p, drawn, dest)


def tell_drawn(s: State, p: int, drawn: list[tuple[int, str]], dest: str) -> None:
    """The "drew" event: how many cards from which deck is public; which cards, only ``p``'s."""
    decks: dict[str, int] = {}
    for _, which in drawn:
        decks[which] = decks.get(which, 0) + 1
    emit(
        s,
        "drew",
        secret={"to": [p], "cards": [card_ref(s, c) for c, _ in drawn]},
        player=p,
        decks=decks,
        count=len(drawn),
        to=dest,
        cards=None,
    )


def take_from_hand(s: State, p: int, c: int) -> None:
    s.hand[p].remove(c)
    if c in s.known[p]:
        s.known[p].remove(c)


# ---- Locations ----------------------------------------------------------------------------------


def owner_of(s: State, c: int) -> int | None:
    """The seat whose Empire holds Location ``c`` (VIRTUAL for the virtual player's)."""
    for p, locs in enumerate(s.empire):
        if c in locs:
            return p
    if c in s.vlocs:
        return VIRTUAL
    return None


def taken_by(s: State, c: int) -> int | None:
    for card, p in s.takeover:
        if card == c:
            return p
    return None


def controller(s: State, c: int) -> int | None:
    q = taken_by(s, c)
    return owner_of(s, c) if q is None else q


def controlled(s: State, p: int) -> list[int]:
    """The Locations ``p`` has this moment: their own, less any taken over by an Egyptian, plus the
    ones ``p`` took over."""
    if not s.takeover:
        return s.empire[p]
    taken = {c for c, _ in s.takeover}
    return [c for c in s.empire[p] if c not in taken] + [c for c, q in s.takeover if q == p]


def color_count(s: State, p: int, color: str) -> int:
    db = s.db
    return sum(1 for c in controlled(s, p) if color in db[c].colors)


def samurai_count(s: State, p: int) -> int:
    return sum(1 for c in s.samurai if c in s.empire[p])


def leave_play(s: State, c: int) -> None:
    """Clear everything attached to a Location that leaves play (Defense token, Samurai, Goods on
    it, Temple of Ra marker, cards under it, Trade Route Deals made with it)."""
    if c in s.defended:
        s.defended.remove(c)
    if c in s.samurai:
        s.samurai.remove(c)
    if c in s.blocked:
        s.blocked.remove(c)
    s.takeover = [t for t in s.takeover if t[0] != c]
    s.shrine = [x for x in s.shrine if x[0] != c]
    for entry in [x for x in s.gate if x[0] == c]:
        s.gate.remove(entry)
        for under in entry[1:]:
            discard(s, under)
    for deal in [d for d in s.trade_deals if d[1] == c]:
        s.trade_deals.remove(deal)
        discard(s, deal[2])


def remove_location(s: State, c: int) -> int | None:
    """Take Location ``c`` out of its Empire (or the virtual player's area); returns its owner."""
    owner = owner_of(s, c)
    if owner == VIRTUAL:
        s.vlocs.remove(c)
    elif owner is not None:
        s.empire[owner].remove(c)
    leave_play(s, c)
    return owner


def discardable_for_build(s: State, p: int) -> list[int]:
    """Locations (not taken over) and Foundations ``p`` may discard to build a Faction Location."""
    taken = {c for c, _ in s.takeover}
    return [c for c in s.empire[p] if c not in taken] + s.foundations[p]


# ---- Goods --------------------------------------------------------------------------------------


def can_pay(
    s: State, p: int, wsf: tuple[int, int, int], extra: dict | None = None, times: int = 1
) -> bool:
    """Can ``p`` pay ``times`` × (Wood, Stone, Food ``wsf`` + other goods)? Gold replaces any
    Resource."""
    sup = s.supply[p]
    gold = sup[GOLD]
    if extra:
        for g, n in extra.items():
            n *= times
            if g == "gold":
                gold -= n
            elif g == "card":
                if len(s.hand[p]) < n:
                    return False
            elif g == "deal":
                if len(own_deals(s, p)) < n:
                    return False
            elif sup[GOOD_INDEX[g]] < n:
                return False
    short = 0
    for i, need in zip((WOOD, STONE, FOOD), wsf, strict=True):
        need *= times
        if need > sup[i]:
            short += need - sup[i]
    return short <= gold


def pay_resources(s: State, p: int, wsf: tuple[int, int, int]) -> None:
    """Pay Wood, Stone, Food: each with its own Resource first, Gold for the shortfall (Gold can
    replace any Resource but not the other way round, so this never leaves a worse supply)."""
    sup = s.supply[p]
    for i, need in zip((WOOD, STONE, FOOD), wsf, strict=True):
        use = min(need, sup[i])
        sup[i] -= use
        sup[GOLD] -= need - use
    if sup[GOLD] < 0:
        raise AssertionError("paid more than the player has")


def gain_goods(s: State, p: int, goods: dict, triggers: bool = True) -> None:
    """``p`` gains goods (of :data:`~empires.settlers.cards.GAIN_GOODS`); then each "each time
    you gain" feature (whose extra gain does not trigger again)."""
    sup = s.supply[p]
    for g, n in goods.items():
        if n <= 0:
            continue
        if g == "vp":
            s.vp[p] += n
        elif g == "card":
            gain_cards(s, p, n)
        elif g == "common_card":
            gain_cards(s, p, n, "common")
        elif g == "faction_card":
            gain_cards(s, p, n, "faction")
        elif g == "samurai":
            push_samurai(s, p, n)
        else:
            sup[GOOD_INDEX[g]] += n
    if triggers:
        for loc in controlled(s, p):
            for trig in s.db[loc].triggers("gain"):
                if goods.get(trig["good"], 0) >= trig.get("at_least", 1):
                    before = snap(s, p) if s.narrate else None
                    gain_goods(s, p, {trig["good"]: trig.get("extra", 1)}, triggers=False)
                    if before is not None:
                        tell_feature(s, p, loc, "gain", before)


def tell_feature(s: State, p: int, loc: int, on: str, before: tuple[int, ...]) -> None:
    """The "feature" event: a Feature of ``p``'s (``loc``) triggered ``on`` something and gave
    what ``p`` has more than ``before`` (:func:`~empires.settlers.narration.snap`)."""
    emit(s, "feature", player=p, card=card_ref(s, loc), on=on, gained=delta(s, p, before))


def push_samurai(s: State, p: int, n: int) -> None:
    """``n`` Workers from the general supply deployed at once as Samurai (lost when no Location
    can take one)."""
    if samurai_spots(s, p):
        push(s, "samurai_place", p, n=n)


def samurai_spots(s: State, p: int) -> list[int]:
    db = s.db
    return [c for c in s.empire[p] if db[c].deck == "japanese" and c not in s.samurai]


def gain_effects(s: State, p: int, effects, card: int | None = None) -> None:
    """Apply a list of effects (see :mod:`empires.settlers.cards`) for ``p``."""
    for e in effects:
        ((key, arg),) = e.items()
        if key == "gain":
            gain_goods(s, p, arg)
        elif key == "gain_per_color":
            n = min(color_count(s, p, arg["color"]), arg["max"])
            gain_goods(s, p, {arg["good"]: n})
        elif key == "gain_per_samurai":
            gain_goods(s, p, {arg["good"]: min(samurai_count(s, p), arg["max"])})
        elif key == "choose_one":
            push(s, "choose_one", p, card=-1 if card is None else card, options=arg)
        elif key == "draw_keep":
            push(s, "keep", p, keep=arg["keep"])
            gain_cards(
                s, p, arg["draw"], "any" if arg["deck"] == "any" else arg["deck"], dest="look"
            )
        elif key == "production_copy":
            if copy_targets(s, p, card):
                push(s, "copy_production", p, card=-1 if card is None else card)
        else:
            MORE_EFFECTS[key](s, p, arg, card)


def copy_targets(s: State, p: int, card: int | None) -> list[int]:
    """Production Locations of ``p`` whose production can be copied (not one that copies)."""
    db = s.db
    return [
        c
        for c in controlled(s, p)
        if c != card
        and db[c].type == "production"
        and not any("production_copy" in e for e in db[c].production)
    ]


def deal_good(s: State, c: int) -> str | None:
    """The Good a Deal gives: the Deal field of its card (an Attack card: its Target)."""
    return s.db[c].deal


def own_deals(s: State, p: int) -> list[int]:
    """``p``'s Deals: cards under the faction board, then Trade Route markers."""
    return s.deals[p] + [m for q, _, m in s.trade_deals if q == p]


def trade_deal_good(s: State, marker: int) -> str | None:
    for _, loc, m in s.trade_deals:
        if m == marker:
            return s.db[loc].deal
    return None


def deal_good_of(s: State, p: int, c: int) -> str | None:
    return deal_good(s, c) if c in s.deals[p] else trade_deal_good(s, c)


def remove_deal(s: State, c: int) -> None:
    """Cancel a Deal (a card under a faction board, a Trade Route marker or an Attack card)."""
    for deals in s.deals:
        if c in deals:
            deals.remove(c)
            discard(s, c)
            return
    for deal in s.trade_deals:
        if deal[2] == c:
            s.trade_deals.remove(deal)
            discard(s, c)
            return
    if c in s.attack_line:
        s.attack_line.remove(c)
        s.attack_discard.append(c)


def gain_deal_good(s: State, p: int, good: str | None) -> None:
    if good is not None:
        gain_goods(s, p, {good: 1})


# ---- building -----------------------------------------------------------------------------------


def can_build(s: State, p: int, c: int, ignore_location: bool = False) -> bool:
    card = s.db[c]
    if not can_pay(s, p, card.cost):
        return False
    return ignore_location or not card.cost_location or bool(discardable_for_build(s, p))


def start_build(
    s: State, p: int, c: int, source: str = "hand", ignore_location: bool = False
) -> None:
    """Pay the building cost of ``c`` (from the hand, or a Deal for the Negotiator) and build it,
    asking which Location or Foundation to discard when its cost needs one."""
    card = s.db[c]
    before = snap(s, p) if s.narrate else None
    pay_resources(s, p, card.cost)
    paid = None if before is None else {g: -n for g, n in delta(s, p, before).items()}
    if card.cost_location and not ignore_location:
        if paid is None:
            push(s, "build_discard", p, card=c, source=source)
        else:  # narrated: the decision remembers what was paid, for the "built" event
            push(s, "build_discard", p, card=c, source=source, paid=paid)
    else:
        finish_build(s, p, c, source, paid)


def finish_build(
    s: State, p: int, c: int, source: str, paid: dict | None = None, discarded: dict | None = None
) -> None:
    """Put ``c`` in ``p``'s Empire, then its immediate effects and the Features it triggers.
    ``paid`` and ``discarded`` (the Location or Foundation discarded for its cost) are told in
    the "built" event."""
    card = s.db[c]
    if source == "hand":
        take_from_hand(s, p, c)
    else:
        s.deals[p].remove(c)
    s.empire[p].append(c)
    before = snap(s, p) if s.narrate else None
    if card.type == "production":
        gain_effects(s, p, card.production, c)
    gain_effects(s, p, card.bonus, c)
    if before is not None:
        emit(
            s,
            "built",
            player=p,
            card=card_ref(s, c),
            source=source,
            spent=paid or {},
            discarded=discarded,
            gained=delta(s, p, before),
            vp=card.vp,
        )
    for loc in controlled(s, p):
        for trig in s.db[loc].triggers("build"):
            if _matches(trig, card):
                if "options" in trig:
                    push(s, "exchange", p, card=loc)
                else:
                    before = snap(s, p) if s.narrate else None
                    gain_effects(s, p, trig["effects"], loc)
                    if before is not None:
                        tell_feature(s, p, loc, "build", before)


def _matches(trig: dict, card: Card) -> bool:
    if "deck" in trig and card.deck != trig["deck"]:
        return False
    return "colors" not in trig or any(col in card.colors for col in trig["colors"])


def discard_location(s: State, c: int) -> None:
    """Discard Location or Foundation ``c`` of its owner (to build, or when an ability removes it)."""
    for f in s.foundations:
        if c in f:
            f.remove(c)
            discard(s, c)
            return
    remove_location(s, c)
    discard(s, c)


# ---- razing -------------------------------------------------------------------------------------


def raze_cost(s: State, c: int) -> int:
    """Raze tokens needed to raze an enemy Location: 2, +1 for a Defense token, +1 for a
    Samurai."""
    return 2 + (c in s.defended) + (c in s.samurai)


def is_razeable(s: State, c: int) -> bool:
    card = s.db[c]
    return card.razeable and (card.is_common or card.deck == "japanese")


def enemy_locations(s: State, p: int) -> list[int]:
    """Locations of enemies who have not passed (and of the virtual player), that ``p`` does not
    control."""
    out = []
    for q in range(s.num_players):
        if q != p and not s.passed[q]:
            out += [c for c in controlled(s, q)]
    taken = {c for c, _ in s.takeover}
    out += [c for c in s.vlocs if c not in taken]
    return out


def raze_targets(s: State, p: int, free: bool = False) -> list[int]:
    """Enemy Locations ``p`` can raze now (``free``: Defense and Samurai do not count and the cost
    is paid elsewhere)."""
    have = s.supply[p][RAZE]
    out = [
        c for c in enemy_locations(s, p) if is_razeable(s, c) and (free or raze_cost(s, c) <= have)
    ]
    return [c for c in out if not protected(s, c, "raze")] if s.db.protections else out


def protected(s: State, c: int, against: str) -> bool:
    """Whether a "protection" Feature keeps enemies from doing ``against`` (raze, take_over,
    remove, block) to Location ``c``: the Feature itself (``scope`` self) or any Location of the
    Empire it is in (``scope`` empire)."""
    if not s.db.protections:
        return False
    owner = controller(s, c)
    if owner is None or owner == VIRTUAL:
        return False
    for loc in controlled(s, owner):
        for trig in s.db[loc].triggers("protection"):
            if against in trig["against"] and (loc == c or trig.get("scope") == "empire"):
                return True
    return False


def raze_gain(s: State, p: int, c: int, event: dict | None = None) -> None:
    """``p`` takes the Goods of ``c``'s Raze field; then each "each time you raze" feature.
    ``event`` (narrated games): the fields of the "razed" event, told once the Goods are taken
    (its ``gained``)."""
    goods: dict[str, int] = {}
    for g in s.db[c].raze:
        goods[g] = goods.get(g, 0) + 1
    before = snap(s, p) if event is not None and s.narrate else None
    gain_goods(s, p, goods)
    if before is not None and event is not None:
        emit(s, "razed", gained=delta(s, p, before), **event)
    on_raze(s, p)


def on_raze(s: State, p: int) -> None:
    fire(s, p, "raze")


def fire(s: State, p: int, on: str) -> None:
    """Each of ``p``'s Features that triggers ``on`` an event (raze, deal, razed) gives its
    effects."""
    if on not in s.db.trigger_kinds:
        return
    for loc in controlled(s, p):
        for trig in s.db[loc].triggers(on):
            before = snap(s, p) if s.narrate else None
            gain_effects(s, p, trig["effects"], loc)
            if before is not None:
                tell_feature(s, p, loc, on, before)


def raze_event(s: State, p: int, c: int, where: str, spent: dict | None) -> dict | None:
    """The fields of a "razed" event (None when narration is off): ``where`` is ``hand``,
    ``location`` (an enemy's) or ``own``; ``result`` what becomes of the card."""
    if not s.narrate:
        return None
    card = s.db[c]
    owner = None if where == "hand" else owner_of(s, c)
    if where == "hand":
        result, back = "discarded", None
    elif owner == VIRTUAL or not card.is_common:
        result, back = "discarded", None
    else:
        q = taken_by(s, c)
        result, back = "foundation", (owner if q is None or where == "own" else q)
    return {
        "player": p,
        "card": card_ref(s, c),
        "where": where,
        "owner": owner,
        "spent": spent or {},
        "result": result,
        "wood_to": back,
    }


def raze_location(s: State, p: int, c: int, spent: dict | None = None) -> None:
    """``p`` razes Location ``c`` (the tokens are already paid): a Common Location becomes a
    Foundation of its owner, who takes 1 Wood (the Egyptian player does, and gets the Temple of Ra
    token back, when it was taken over); a Japanese Faction Location and a virtual player's
    Location are discarded."""
    card = s.db[c]
    egyptian = taken_by(s, c)
    raze_gain(s, p, c, raze_event(s, p, c, "location", spent))
    owner = razed_away(s, c)
    if owner is None:  # already gone (an effect of the raze removed it)
        return
    if owner == VIRTUAL or not card.is_common:
        discard(s, c)
        return
    s.foundations[owner].append(c)
    s.supply[owner if egyptian is None else egyptian][WOOD] += 1


def razed_away(s: State, c: int) -> int | None:
    """Location ``c`` is razed out of its Empire (or the virtual player's area), by a player or by
    the virtual player: then each of its owner's Features that triggers on ``razed`` (each time one
    of your Locations is razed) gives its effects, any choice they offer pushed as a decision of the
    owner's. Returns the owner (None: ``c`` was no longer in play, and nothing happens)."""
    owner = owner_of(s, c)
    if owner is None:
        return None
    remove_location(s, c)
    if owner != VIRTUAL:
        fire(s, owner, "razed")
    return owner


def raze_from_hand(s: State, p: int, c: int, spent: dict | None = None) -> None:
    take_from_hand(s, p, c)
    discard(s, c)
    raze_gain(s, p, c, raze_event(s, p, c, "hand", spent))


# ---- small helpers ------------------------------------------------------------------------------


def resources_left(s: State, p: int) -> int:
    sup = s.supply[p]
    return sup[WOOD] + sup[STONE] + sup[FOOD] + sup[WORKER]
