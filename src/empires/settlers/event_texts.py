"""The sentence for each kind of Imperial Settlers event as a message (:mod:`empires.core.messages`:
a message id and its arguments, made into text in the reader's language only where it is read),
built only from the fields the viewer may read (see :mod:`empires.core.events`), so a redacted
event's message never holds a secret card. One function per kind, listed in :data:`TEXTS`; an
"action" event carries its own message and needs none. Cards are named by id
(``part("card", id)``), seats by :func:`~empires.core.messages.seat`, counts of goods by plural
messages; optional parts of a sentence are slots that hold a clause (a message) or "".

Every event has ``kind``, ``turn`` (the round), ``phase``, and when a seat is concerned
``player`` (a 0-based seat; -1 is the solo game's virtual player). A card is ``{"id", "name"}``;
goods are ``{good: count}`` over wood, stone, food, gold, worker, raze, defense, vp and card
(cards in hand), only the goods that changed; ``gained`` and ``spent`` are measured on the
player's supply, so they add up to what it gained and lost. Fields marked *secret* are None for
every seat but the one(s) in the event's secret part, who read the card(s) (the others read
``"redacted": True``).

Lookout
  ``revealed``: ``cards`` turned face up for the draft, ``draft`` (cards now in it).
  ``drew``: ``decks`` ({deck: count}), ``count``, ``to`` (hand, look: cards to keep some of,
  lookout: Alternate Lookout cards), ``cards`` *secret*.
  ``passed``: Alternate Lookout, ``player`` passes ``count`` cards to ``to``; ``cards`` *secret*
  (to both).
  ``pick``: ``card`` (*secret* when kept from Alternate Lookout cards), ``source`` (draft,
  lookout cards), ``how`` (chosen; the virtual player's: random, left).
  ``draft_discarded``: ``cards`` left over (``player``: whose Alternate Lookout cards, or None).
Production
  ``production``: ``goods`` (what the supply gained in all) and ``sources``, a list of
  ``{"source": faction | deal | trade_route | location, "card", "goods", "decision"?}`` whose
  goods add up to ``goods`` (``decision``: a choice that source asks for, told when decided).
Action (``action`` events tell every decision; these tell what it did)
  ``built``: ``card``, ``source`` (hand, deal), ``spent``, ``discarded`` (the Location or
  Foundation discarded for the cost: a card with ``foundation``; None), ``gained`` (immediate
  production and bonus), ``vp`` (printed).
  ``deal``: ``card``, ``good`` (its Deal good), ``spent``, ``gained``.
  ``razed``: ``card``, ``where`` (hand, location: an enemy's, own), ``owner``, ``spent``,
  ``gained`` (the Raze field), ``result`` (discarded, foundation), ``wood_to`` (who takes 1 Wood
  for a Common Location that becomes a Foundation).
  ``activated``: ``card`` (an Action Location), ``spent``, ``gained``, ``special`` (an ability
  to come, told in an ``ability`` event).
  ``ability``: ``card``, ``special``, ``target`` (a card or None), ``gained``, and as the
  ability needs: ``victim`` (a seat), ``good``, ``trade_route`` (the target is the Location a
  Trade Route Deal is made with: its marker is never named), ``converted`` (a good).
  ``foundation``: a card from hand put face down (``card`` *secret*), ``by`` (the Location),
  ``gained``.
  ``discarded``: ``card`` (face up on its pile), ``source`` (hand, drawn, deal, trade_route),
  ``reason`` (spend, forced, not kept), ``for_card`` (what it paid for / who forced it).
  ``kept``: ``count`` cards kept of those drawn, ``cards`` *secret*.
  ``chose``: ``card`` (or None), ``option`` (index), ``gained``.
  ``copied``: ``card`` (or None), ``target`` (the Production Location copied), ``gained``.
  ``exchanged``: ``card`` (the Feature), ``option``, ``spent``, ``gained``.
  ``workers``: a pair of Workers ``spent`` for what was ``gained``.
  ``defended``: Defense token on ``card``. ``samurai``: a Samurai on ``card``, ``spent``.
  ``shrine``: 1 ``good`` on ``card``, ``on_it`` (Resources on it now).
  ``gate``: ``card`` *secret* put under ``gate``, ``under`` (cards under it now), ``gained``.
  ``feature``: a Feature ``card`` triggered ``on`` (build, raze, gain, enemy_worker_pair) and
  gave ``gained`` (on gain: already counted in the event whose gain triggered it).
  ``reshuffled``: a discard pile becomes the ``deck`` (common, faction) again, ``cards``.
Cleanup and the end
  ``cleanup``: ``kept`` and ``lost`` goods, ``storage`` (``{"card": None (faction board) or a
  card, "goods": [...]}`` that keep goods).
  ``collected``: the virtual player's ``cards`` go to its Collection (``collection``: its size).
  ``attack``: the virtual player's (``player`` -1) ``attack`` card on ``target_player`` (0),
  with its ``target`` (None when no Attack card is left), ``targets`` (the line), ``used`` (the
  two Targets that matched), ``razed`` (a card or None), ``reason``.
  ``round_end``: ``round``, ``last``, ``vp`` (per seat), ``first`` (First player next).
  ``final_scoring``: ``scores``, one :func:`~empires.settlers.scoring.scores` row per seat.
  ``game_over``: ``ranking`` (groups of seats, best first), ``decided_by`` (per place:
  ``{"above", "below", "by": vp | resources | cards, "values"}``); solo: ``won``, ``built``
  (Faction Locations), ``collection``, ``total``, ``achievement`` (title, or None when lost).
"""

from __future__ import annotations

from collections.abc import Callable

from empires.core.messages import Msg, items, msg, part, plural, seat

# Each counted good as event texts count it (singular, plural: "{n} wood", "{n} Workers").
NAMES = {
    "wood": ("{n} wood", "{n} wood"),
    "stone": ("{n} stone", "{n} stone"),
    "food": ("{n} food", "{n} food"),
    "gold": ("{n} gold", "{n} gold"),
    "worker": ("{n} Worker", "{n} Workers"),
    "raze": ("{n} Raze token", "{n} Raze tokens"),
    "defense": ("{n} Defense token", "{n} Defense tokens"),
    "vp": ("{n} VP", "{n} VP"),
    "card": ("{n} card", "{n} cards"),
    "deal": ("{n} deal", "{n} deals"),
}
# Losses (a negative count in ``gained``): "-1 card".
LOST = {g: ("-" + one, "-" + many) for g, (one, many) in NAMES.items()}
# Each good as a word (singular, plural), for what a sentence names without a count.
WORDS = {
    "wood": ("wood", "wood"),
    "stone": ("stone", "stone"),
    "food": ("food", "food"),
    "gold": ("gold", "gold"),
    "worker": ("Worker", "Workers"),
    "raze": ("Raze token", "Raze tokens"),
    "defense": ("Defense token", "Defense tokens"),
    "vp": ("VP", "VP"),
    "card": ("card", "cards"),
}
ASKED = {
    "draw": "a card (from a deck of their choice)",
    "keep": "cards to keep some of",
    "choose_one": "a choice",
    "copy_production": "a production to copy",
    "samurai_place": "Samurai to deploy",
}
FROM = {
    "faction": "{goods} from the faction board",
    "deal": "{goods} from {card} (Deal)",
    "trade_route": "{goods} from {card} (Trade Route Deal)",
    "location": "{goods} from {card}",
}
DECKS = {"common": " from the Common deck", "faction": " from the Faction deck"}
DECK_COUNTS = {"common": "{n} from the Common deck", "faction": "{n} from the Faction deck"}
SPENDING = " (spending {cost})"
GAINS = " and gains {gain}"


def count(n: int, good: str) -> Msg:
    """``n`` of ``good`` ("2 wood", "1 Worker"; a loss "-1 card")."""
    one, many = (LOST if n < 0 else NAMES).get(good, ("{n} " + good, "{n} " + good))
    return plural(one, many, abs(n))


def listing(parts: list) -> str | dict:
    return items(parts) if parts else "nothing"


def goods(g: dict | None) -> str | dict:
    """``{"wood": 2, "vp": 1}`` as "2 wood and 1 VP" (losses as "-1 card"); "nothing"."""
    return listing([count(n, k) for k, n in (g or {}).items()])


def card(c: dict) -> dict:
    return part("card", c["id"])


def cards(cs: list[dict] | None) -> str | dict:
    return listing([card(c) for c in cs or []])


def gains(e: dict) -> str | Msg:
    g = e.get("gained")
    return msg(GAINS, gain=goods(g)) if g else ""


def spends(e: dict) -> str | Msg:
    g = e.get("spent")
    return msg(SPENDING, cost=goods(g)) if g else ""


def faction_built(e: dict) -> Msg:
    return plural("{n} Faction Location", "{n} Faction Locations", e["built"])


def seats(group: list[int]) -> dict:
    return items([seat(p) for p in group])


def chain(parts: list) -> object:
    """Clauses joined with "; ", one message per joint ("{first}; {rest}")."""
    out = parts[-1]
    for i in range(len(parts) - 2, -1, -1):  # (an index: mypyc fails on reversed(list[Any]))
        out = msg("{first}; {rest}", first=parts[i], rest=out)
    return out


def joined(parts: list) -> object:
    """Clauses joined with ", " (left to right, as "{items}, {item}")."""
    out = parts[0]
    for clause in parts[1:]:
        out = msg("{items}, {item}", items=out, item=clause)
    return out


# ---- Lookout ---------------------------------------------------------------------------------


def revealed(e: dict) -> Msg:
    return msg("Revealed for the draft: {cards}.", cards=cards(e["cards"]))


WHY_DRAWN = {
    "look": " to keep some of them",
    "lookout": " for the Alternate Lookout",
}


def drew(e: dict) -> Msg:
    if len(e["decks"]) == 1:
        decks: object = msg(DECKS[next(iter(e["decks"]))])
    else:
        decks = msg(
            " ({decks})", decks=items([msg(DECK_COUNTS[d], n=n) for d, n in e["decks"].items()])
        )
    what = msg(": {cards}", cards=cards(e["cards"])) if e.get("cards") else ""
    why = msg(WHY_DRAWN[e["to"]]) if e["to"] in WHY_DRAWN else ""
    return msg(
        "{player} draws {what}{decks}{why}{cards}.",
        player=seat(e["player"]),
        what=count(e["count"], "card"),
        decks=decks,
        why=why,
        cards=what,
    )


def passed(e: dict) -> Msg:
    args = {"player": seat(e["player"]), "what": count(e["count"], "card"), "other": seat(e["to"])}
    if e.get("cards"):
        return msg("{player} passes {what} ({cards}) to {other}.", cards=cards(e["cards"]), **args)
    return msg("{player} passes {what} to {other}.", **args)


def pick(e: dict) -> Msg:
    c = e.get("card")
    if e["player"] == -1:  # the virtual player's pick always names its card
        if e.get("how") == "random":
            return msg("The virtual player takes {card} at random.", card=card(e["card"]))
        return msg("The virtual player takes {card} as the card left over.", card=card(e["card"]))
    who = seat(e["player"])
    if c is None:
        return msg("{player} keeps one of the Lookout cards.", player=who)
    if e["source"] == "draft":
        return msg("{player} takes {card} from the draft.", player=who, card=card(c))
    return msg("{player} keeps {card} of the Lookout cards.", player=who, card=card(c))


def draft_discarded(e: dict) -> Msg:
    if e.get("player") is None:
        return msg("Discarded: {cards}.", cards=cards(e["cards"]))
    return msg(
        "Discarded from {player}'s Lookout cards: {cards}.",
        player=seat(e["player"]),
        cards=cards(e["cards"]),
    )


# ---- Production ------------------------------------------------------------------------------


def _source(src: dict) -> Msg | None:
    """One source of a production: "2 wood from Farm" (None when it gave nothing)."""
    got: object = goods(src["goods"]) if src["goods"] else ""
    if src.get("decision"):
        asked = ASKED.get(src["decision"], "a choice")
        got = msg("{goods} and {asked}", goods=got, asked=asked) if got else asked
    if not got:
        return None
    c = src["card"]
    if c is None:
        return msg(FROM["faction"], goods=got)
    template = FROM["location"] if src["source"] == "faction" else FROM.get(src["source"])
    return msg(template or FROM["location"], goods=got, card=card(c))


def production(e: dict) -> Msg:
    parts = [m for m in map(_source, e["sources"]) if m is not None]
    who = seat(e["player"])
    if len(parts) == 1 and not e["sources"][0].get("decision"):  # "2 wood from X": all of it
        return msg("{player} produces {goods}.", player=who, goods=parts[0])
    if not parts:
        return msg("{player} produces {goods}.", player=who, goods=goods(e["goods"]))
    return msg(
        "{player} produces {goods}: {detail}.",
        player=who,
        goods=goods(e["goods"]),
        detail=chain(parts),
    )


# ---- Action ----------------------------------------------------------------------------------


def built(e: dict) -> Msg:
    gone = e.get("discarded")
    discarding: object = ""
    if gone:
        what = (
            " (discarding the Foundation {other})"
            if gone.get("foundation")
            else (" (discarding the Location {other})")
        )
        discarding = msg(what, other=card(gone))
    return msg(
        "{player} builds {card}{how}{cost}{discarding}{gain}.",
        player=seat(e["player"]),
        card=card(e["card"]),
        how=msg(" from a Deal") if e.get("source") == "deal" else "",
        cost=spends(e),
        discarding=discarding,
        gain=gains(e),
    )


def deal(e: dict) -> Msg:
    each = count(1, e["good"]) if e.get("good") else "nothing"
    return msg(
        "{player} makes a Deal with {card}{cost}{gain}; it gives {each} each Production phase.",
        player=seat(e["player"]),
        card=card(e["card"]),
        cost=spends(e),
        gain=gains(e),
        each=each,
    )


def razed(e: dict) -> Msg:
    c = card(e["card"])
    if e["where"] == "hand":
        what = msg("{card} from hand", card=c)
    elif e["where"] == "own":
        what = msg("their own {card}", card=c)
    else:
        what = msg("{owner}'s {card}", owner=seat(e["owner"]), card=c)
    then: object = ""
    if e["where"] != "hand":
        if e["result"] == "foundation":
            then = msg(
                "; it becomes a Foundation and {other} takes 1 wood", other=seat(e["wood_to"])
            )
        else:
            then = msg("; it is discarded")
    return msg(
        "{player} razes {what}{cost}{gain}{then}.",
        player=seat(e["player"]),
        what=what,
        cost=spends(e),
        gain=msg(" and takes {gain}", gain=goods(e["gained"])) if e.get("gained") else "",
        then=then,
    )


def activated(e: dict) -> Msg:
    return msg(
        "{player} activates {card}{cost}{gain}{then}.",
        player=seat(e["player"]),
        card=card(e["card"]),
        cost=spends(e),
        gain=gains(e),
        then=msg("; its ability follows") if e.get("special") else "",
    )


ABILITY = {
    "production_copy": "copies the production of {target}",
    "deal_good": "uses the Deal with {target}",
    "steal_resource": "takes a Resource from {victim}",
    "take_over": "takes over {victim}'s {target} for the round",
    "remove_enemy_location": "discards {victim}'s {target}",
    "raze_gain_one": "takes a good from the Raze field of {victim}'s {target}",
    "raze_and_convert": "discards 1 {converted} for a reward",
    "discard_enemy_deal": "discards {victim}'s Deal with {target}",
    "steal_deal": "takes {victim}'s Deal with {target}",
    "trade_route": "makes a Trade Route Deal with {victim}'s {target}",
    "enemy_discard": "makes {victim} discard a card",
    "block_action": "blocks {victim}'s {target} for the round",
    # the effects of card files (house cards)
    "pay": "pays for its effect",
    "steal": "takes goods from {victim}",
    "enemies_lose": "makes {victim} lose goods",
}


def ability(e: dict) -> Msg:
    template = ABILITY.get(e["special"], "uses its ability")
    target = e.get("target")
    victim = e.get("victim")
    args: dict = {}
    if "{target}" in template:
        args["target"] = card(target) if target else "a card"
    if "{victim}" in template:
        args["victim"] = seat(victim) if isinstance(victim, int) else "a player"
    if "{converted}" in template:
        args["converted"] = WORDS.get(e.get("converted") or "", ("good", "goods"))[0]
    return msg(
        "{player} uses {card}: {what}{marker}{gain}.",
        player=seat(e["player"]),
        card=card(e["card"]),
        what=msg(template, **args),
        marker=msg(" (its marker stays face down)") if e["special"] == "trade_route" else "",
        gain=gains(e),
    )


def foundation(e: dict) -> Msg:
    c = e.get("card")
    return msg(
        "{player} puts {what} face down as a Foundation{by}{gain}.",
        player=seat(e["player"]),
        what=card(c) if c else "a card from hand",
        by=msg(" with {card}", card=card(e["by"])) if e.get("by") else "",
        gain=gains(e),
    )


DISCARDED = {
    "deal": "the Deal with {card}",
    "trade_route": "the Trade Route Deal with {card}",
}


def discarded(e: dict) -> Msg:
    c = card(e["card"])
    source = e.get("source", "")
    what = msg(DISCARDED[source], card=c) if source in DISCARDED else c
    reason = e.get("reason")
    for_card = e.get("for_card")
    who = seat(e["player"])
    if reason == "spend" and for_card:
        return msg(
            "{player} discards {card} to pay for {other}.",
            player=who,
            card=what,
            other=card(for_card),
        )
    if reason == "forced" and for_card:
        return msg(
            "{player} discards {card} (forced by {other}).",
            player=who,
            card=what,
            other=card(for_card),
        )
    if reason == "forced":
        return msg("{player} discards {card} (forced).", player=who, card=what)
    if reason == "not kept":
        return msg("{player} discards {card} (not kept).", player=who, card=what)
    return msg("{player} discards {card}.", player=who, card=what)


def kept(e: dict) -> Msg:
    what = count(e["count"], "card")
    if e.get("cards"):
        return msg(
            "{player} keeps {what}: {cards}.",
            player=seat(e["player"]),
            what=what,
            cards=cards(e["cards"]),
        )
    return msg("{player} keeps {kept}.", player=seat(e["player"]), kept=what)


def chose(e: dict) -> Msg:
    return msg(
        "{player} chooses option {n}{of}{gain}.",
        player=seat(e["player"]),
        n=e["option"] + 1,
        of=msg(" of {card}", card=card(e["card"])) if e.get("card") else "",
        gain=gains(e),
    )


def copied(e: dict) -> Msg:
    return msg(
        "{player} copies the production of {card}{by}{gain}.",
        player=seat(e["player"]),
        card=card(e["target"]),
        by=msg(" with {card}", card=card(e["card"])) if e.get("card") else "",
        gain=gains(e),
    )


def exchanged(e: dict) -> Msg:
    return msg(
        "{player} uses the exchange of {card}{cost}{gain}.",
        player=seat(e["player"]),
        card=card(e["card"]),
        cost=spends(e),
        gain=gains(e),
    )


def workers(e: dict) -> Msg:
    return msg(
        "{player} spends 2 Workers for {what}.",
        player=seat(e["player"]),
        what=goods(e.get("gained")),
    )


def defended(e: dict) -> Msg:
    return msg(
        "{player} places a Defense token on {card}.", player=seat(e["player"]), card=card(e["card"])
    )


def samurai(e: dict) -> Msg:
    return msg(
        "{player} deploys a Samurai on {card}.", player=seat(e["player"]), card=card(e["card"])
    )


def shrine(e: dict) -> Msg:
    return msg(
        "{player} puts 1 {good} on {card} ({n} on it now).",
        player=seat(e["player"]),
        good=WORDS.get(e["good"], (e["good"], e["good"]))[0],
        card=card(e["card"]),
        n=e["on_it"],
    )


def gate(e: dict) -> Msg:
    return msg(
        "{player} puts {what} under {card} ({n} under it now){gain}.",
        player=seat(e["player"]),
        what=card(e["card"]) if e.get("card") else "a card",
        card=card(e["gate"]),
        n=e["under"],
        gain=gains(e),
    )


FEATURE = {
    "build": "{player}'s {card} answers a build: {gain}.",
    "raze": "{player}'s {card} answers a raze: {gain}.",
    "gain": "{player}'s {card} answers a gain: {gain}.",
    "enemy_worker_pair": "{player}'s {card} answers an enemy's pair of Workers: {gain}.",
}


def feature(e: dict) -> Msg:
    return msg(
        FEATURE.get(e["on"], "{player}'s {card} answers: {gain}."),
        player=seat(e["player"]),
        card=card(e["card"]),
        gain=goods(e.get("gained")),
    )


def reshuffled(e: dict) -> Msg:
    if e["deck"] == "common":
        return msg(
            "The Common discard pile is shuffled into a new deck of {n} cards.", n=e["cards"]
        )
    return msg(
        "{player}'s Faction discard pile is shuffled into a new deck of {n} cards.",
        player=seat(e["player"]),
        n=e["cards"],
    )


# ---- Cleanup and the end ---------------------------------------------------------------------


def cleanup(e: dict) -> Msg:
    who = seat(e["player"])
    if not e["lost"]:
        if not e["kept"]:
            return msg("{player} keeps nothing.", player=who)
        return msg("{player} keeps {kept}.", player=who, kept=goods(e["kept"]))
    keep = list(dict.fromkeys(g for s in e["storage"] for g in s["goods"]))
    stores = [card(s["card"]) for s in e["storage"] if s["card"]]
    args = {
        "player": who,
        "lost": goods(e["lost"]),
        "where": items(["the faction board", *stores]),
        "stored": listing([WORDS.get(g, (g, g))[1] for g in keep]),
    }
    if not e["kept"]:
        return msg(LOST_ALL[bool(stores)], **args)
    return msg(LOST_SOME[bool(stores)], kept=goods(e["kept"]), **args)


# "{where} stores": the faction board alone; "store": it and cards.
LOST_ALL = {
    False: "{player} keeps nothing and loses {lost} ({where} stores {stored} only).",
    True: "{player} keeps nothing and loses {lost} ({where} store {stored} only).",
}
LOST_SOME = {
    False: "{player} keeps {kept} and loses {lost} ({where} stores {stored} only).",
    True: "{player} keeps {kept} and loses {lost} ({where} store {stored} only).",
}


def collected(e: dict) -> Msg:
    return plural(
        "The virtual player adds {cards} to its Collection ({n} card).",
        "The virtual player adds {cards} to its Collection ({n} cards).",
        e["collection"],
        cards=cards(e["cards"]),
    )


ATTACK_REASONS = {
    "no Attack card left",
    "VP is the first Target and another revealed Attack card shows VP",
    "its Raze field holds the first Target and another Target of the line",
}
NO_TARGET = (
    "no Common Location of the player shows {target} with another Target of the line in its "
    "Raze field"
)


def attack(e: dict) -> Msg:
    c = e.get("attack")
    if c is None:
        return msg("The virtual player has no Attack card left.")
    razed_ = e.get("razed")
    line = listing(list(e["targets"]))
    if razed_ is None:
        reason: object = e["reason"]
        if reason not in ATTACK_REASONS:
            reason = msg(NO_TARGET, target=c["target"])
        return msg(
            "The virtual player attacks (Target {target}; line: {line}) and razes nothing: {reason}.",
            target=c["target"],
            line=line,
            reason=reason,
        )
    return msg(
        "The virtual player attacks (Target {target}; line: {line}) and razes {card} into its "
        "Collection ({used} matched).",
        target=c["target"],
        line=line,
        card=card(razed_),
        used=listing(list(e["used"])),
    )


def round_end(e: dict) -> Msg:
    vp = items([msg("{player} {n}", player=seat(p), n=v) for p, v in enumerate(e["vp"])])
    nxt = "" if e.get("last") else msg("; {player} plays first next round", player=seat(e["first"]))
    return msg("Round {n} ends (VP: {vp}){next}.", n=e["round"], vp=vp, next=nxt)


def _score_row(p: int, row: dict) -> Msg:
    parts: list = [
        msg("{n} during the game", n=row["vp"]),
        msg("{n} Common", n=row["common_locations"]),
        plural("{n} Faction Location", "{n} Faction Locations", row["faction_locations"]),
    ]
    parts += [msg("{n} " + k.capitalize(), n=row[k]) for k in ("shrine", "gate") if row.get(k)]
    return msg("{player} {vp} VP ({parts})", player=seat(p), vp=row["total"], parts=joined(parts))


def final_scoring(e: dict) -> Msg:
    rows = [_score_row(p, row) for p, row in enumerate(e["scores"])]
    return msg("Final scoring: {rows}.", rows=chain(rows))


TIE_BREAKS = {"resources": "more Workers and Resources left", "cards": "more cards in hand"}


def _solo_over(e: dict) -> Msg:
    what = count(e["collection"], "card")
    if e["won"]:
        return msg(
            "Game over: {player} wins with {vp} VP, achievement {name} ({built} built, more "
            "than the {what} of the virtual player's Collection).",
            player=seat(0),
            vp=e["total"],
            name=e["achievement"],
            built=faction_built(e),
            what=what,
        )
    return msg(
        "Game over: the virtual player wins: its Collection of {what} is not smaller than the "
        "{built} built.",
        what=what,
        built=faction_built(e),
    )


def game_over(e: dict) -> Msg:
    if "won" in e:
        return _solo_over(e)
    if not e["ranking"]:
        return msg("Game over.")
    first = e["ranking"][0]
    if len(first) > 1:
        head = msg("{players} share the win", players=seats(first))
    else:
        head = msg("{player} wins", player=seat(first[0]))
    why = [
        msg(
            "{upper} ahead of {lower} on {reason}",
            upper=seats(step["above"]),
            lower=seats(step["below"]),
            reason=TIE_BREAKS[step["by"]],
        )
        for step in e.get("decided_by", [])
        if step["by"] != "vp"
    ]
    tail = msg("; tie-breaks: {ties}", ties=joined(why)) if why else ""
    order = chain([seats(g) for g in e["ranking"]])
    return msg("Game over: {head} (ranking: {ranking}){tail}.", head=head, ranking=order, tail=tail)


TEXTS: dict[str, Callable[[dict], Msg]] = {
    "revealed": revealed,
    "drew": drew,
    "passed": passed,
    "pick": pick,
    "draft_discarded": draft_discarded,
    "production": production,
    "built": built,
    "deal": deal,
    "razed": razed,
    "activated": activated,
    "ability": ability,
    "foundation": foundation,
    "discarded": discarded,
    "kept": kept,
    "chose": chose,
    "copied": copied,
    "exchanged": exchanged,
    "workers": workers,
    "defended": defended,
    "samurai": samurai,
    "shrine": shrine,
    "gate": gate,
    "feature": feature,
    "reshuffled": reshuffled,
    "cleanup": cleanup,
    "collected": collected,
    "attack": attack,
    "round_end": round_end,
    "final_scoring": final_scoring,
    "game_over": game_over,
}
