"""The sentence for each kind of Imperial Settlers event, written only from the fields the viewer may
read (see :mod:`empires.core.events`). One function per kind, listed in :data:`TEXTS`; an event
that carries its own ``text`` (an "action" event) needs none.

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

from empires.core.events import seat_name
from empires.settlers.narration import name_of_seat, who

NAMES = {
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
SOURCES = {"faction": "the faction board", "deal": "Deal", "trade_route": "Trade Route Deal"}


def plural(n: int, good: str) -> str:
    one, many = NAMES.get(good, (good, good))
    return f"{n} {one if abs(n) == 1 else many}"


def listing(parts: list[str]) -> str:
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def goods(g: dict | None) -> str:
    """``{"wood": 2, "vp": 1}`` as "2 wood and 1 VP" (losses as "-1 card")."""
    return listing([plural(n, k) for k, n in (g or {}).items()])


def cards(cs: list[dict] | None) -> str:
    return listing([c["name"] for c in cs or []])


def gains(e: dict) -> str:
    g = e.get("gained")
    return f" and gains {goods(g)}" if g else ""


def spends(e: dict) -> str:
    g = e.get("spent")
    return f" (spending {goods(g)})" if g else ""


def faction_built(e: dict) -> str:
    n = e["built"]
    return f"{n} Faction Location{'' if n == 1 else 's'}"


def seats(group: list[int]) -> str:
    return listing([seat_name(p) for p in group])


# ---- Lookout ---------------------------------------------------------------------------------


def revealed(e: dict) -> str:
    return f"Revealed for the draft: {cards(e['cards'])}."


def drew(e: dict) -> str:
    if len(e["decks"]) == 1:
        decks = f" from the {next(iter(e['decks'])).capitalize()} deck"
    else:
        decks = (
            " ("
            + listing([f"{n} from the {d.capitalize()} deck" for d, n in e["decks"].items()])
            + ")"
        )
    what = f": {cards(e['cards'])}" if e.get("cards") else ""
    why = {"look": " to keep some of them", "lookout": " for the Alternate Lookout"}.get(
        e["to"], ""
    )
    return f"{who(e)} draws {plural(e['count'], 'card')}{decks}{why}{what}."


def passed(e: dict) -> str:
    what = f" ({cards(e['cards'])})" if e.get("cards") else ""
    return f"{who(e)} passes {plural(e['count'], 'card')}{what} to {name_of_seat(e['to'])}."


def pick(e: dict) -> str:
    card = e.get("card")
    if e["player"] == -1:  # the virtual player's pick always names its card
        how = "at random" if e.get("how") == "random" else "as the card left over"
        return f"The virtual player takes {e['card']['name']} {how}."
    if card is None:
        return f"{who(e)} keeps one of the Lookout cards."
    if e["source"] == "draft":
        return f"{who(e)} takes {card['name']} from the draft."
    return f"{who(e)} keeps {card['name']} of the Lookout cards."


def draft_discarded(e: dict) -> str:
    whose = "" if e.get("player") is None else f" from {who(e)}'s Lookout cards"
    return f"Discarded{whose}: {cards(e['cards'])}."


# ---- Production ------------------------------------------------------------------------------


def production(e: dict) -> str:
    parts = []
    for part in e["sources"]:
        name = SOURCES.get(part["source"], "")
        if part["card"] is not None:
            name = part["card"]["name"] + (f" ({name})" if name else "")
        got = goods(part["goods"]) if part["goods"] else ""
        if part.get("decision"):
            asked = ASKED.get(part["decision"], "a choice")
            got = (got + " and " if got else "") + asked
        if got:
            parts.append(f"{got} from {name}")
    if len(parts) == 1 and not e["sources"][0].get("decision"):  # "2 wood from X": all of it
        return f"{who(e)} produces {parts[0]}."
    detail = f": {'; '.join(parts)}" if parts else ""
    return f"{who(e)} produces {goods(e['goods'])}{detail}."


# ---- Action ----------------------------------------------------------------------------------


def built(e: dict) -> str:
    gone = e.get("discarded")
    cost = spends(e)
    if gone:
        what = "Foundation" if gone.get("foundation") else "Location"
        cost += f" (discarding the {what} {gone['name']})"
    how = " from a Deal" if e.get("source") == "deal" else ""
    return f"{who(e)} builds {e['card']['name']}{how}{cost}{gains(e)}."


def deal(e: dict) -> str:
    each = plural(1, e["good"]) if e.get("good") else "nothing"
    return (
        f"{who(e)} makes a Deal with {e['card']['name']}{spends(e)}{gains(e)}; it gives "
        f"{each} each Production phase."
    )


def razed(e: dict) -> str:
    card = e["card"]["name"]
    if e["where"] == "hand":
        what = f"{card} from hand"
    elif e["where"] == "own":
        what = f"their own {card}"
    else:
        what = f"{name_of_seat(e['owner'])}'s {card}"
    got = f" and takes {goods(e['gained'])}" if e.get("gained") else ""
    then = ""
    if e["where"] != "hand":
        if e["result"] == "foundation":
            then = f"; it becomes a Foundation and {name_of_seat(e['wood_to'])} takes 1 wood"
        else:
            then = "; it is discarded"
    return f"{who(e)} razes {what}{spends(e)}{got}{then}."


def activated(e: dict) -> str:
    then = "; its ability follows" if e.get("special") else ""
    return f"{who(e)} activates {e['card']['name']}{spends(e)}{gains(e)}{then}."


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


def ability(e: dict) -> str:
    template = ABILITY.get(e["special"], "uses its ability")
    target = e.get("target")
    victim = e.get("victim")
    phrase = template.format(
        target=target["name"] if target else "a card",
        victim="the virtual player"
        if victim == -1
        else (seat_name(victim) if isinstance(victim, int) else "a player"),
        converted=plural(1, e.get("converted") or "good").removeprefix("1 "),
    )
    if e["special"] == "trade_route":
        phrase += " (its marker stays face down)"
    return f"{who(e)} uses {e['card']['name']}: {phrase}{gains(e)}."


def foundation(e: dict) -> str:
    card = e.get("card")
    what = card["name"] if card else "a card from hand"
    by = f" with {e['by']['name']}" if e.get("by") else ""
    return f"{who(e)} puts {what} face down as a Foundation{by}{gains(e)}."


def discarded(e: dict) -> str:
    card = e["card"]["name"]
    what = {
        "deal": f"the Deal with {card}",
        "trade_route": f"the Trade Route Deal with {card}",
    }.get(e.get("source", ""), card)
    reason = e.get("reason")
    for_card = e.get("for_card")
    if reason == "spend" and for_card:
        why = f" to pay for {for_card['name']}"
    elif reason == "forced":
        why = " (forced" + (f" by {for_card['name']})" if for_card else ")")
    elif reason == "not kept":
        why = " (not kept)"
    else:
        why = ""
    return f"{who(e)} discards {what}{why}."


def kept(e: dict) -> str:
    what = f": {cards(e['cards'])}" if e.get("cards") else ""
    return f"{who(e)} keeps {plural(e['count'], 'card')}{what}."


def chose(e: dict) -> str:
    of = f" of {e['card']['name']}" if e.get("card") else ""
    return f"{who(e)} chooses option {e['option'] + 1}{of}{gains(e)}."


def copied(e: dict) -> str:
    by = f" with {e['card']['name']}" if e.get("card") else ""
    return f"{who(e)} copies the production of {e['target']['name']}{by}{gains(e)}."


def exchanged(e: dict) -> str:
    return f"{who(e)} uses the exchange of {e['card']['name']}{spends(e)}{gains(e)}."


def workers(e: dict) -> str:
    return f"{who(e)} spends 2 Workers for {goods(e.get('gained'))}."


def defended(e: dict) -> str:
    return f"{who(e)} places a Defense token on {e['card']['name']}."


def samurai(e: dict) -> str:
    return f"{who(e)} deploys a Samurai on {e['card']['name']}."


def shrine(e: dict) -> str:
    return f"{who(e)} puts 1 {e['good']} on {e['card']['name']} ({e['on_it']} on it now)."


def gate(e: dict) -> str:
    what = e["card"]["name"] if e.get("card") else "a card"
    return f"{who(e)} puts {what} under {e['gate']['name']} ({e['under']} under it now){gains(e)}."


def feature(e: dict) -> str:
    on = {
        "build": "a build",
        "raze": "a raze",
        "gain": "a gain",
        "enemy_worker_pair": "an enemy's pair of Workers",
    }.get(e["on"], e["on"])
    return f"{who(e)}'s {e['card']['name']} answers {on}: {goods(e.get('gained'))}."


def reshuffled(e: dict) -> str:
    if e["deck"] == "common":
        return f"The Common discard pile is shuffled into a new deck of {e['cards']} cards."
    return f"{who(e)}'s Faction discard pile is shuffled into a new deck of {e['cards']} cards."


# ---- Cleanup and the end ---------------------------------------------------------------------


def cleanup(e: dict) -> str:
    keep = list(dict.fromkeys(g for s in e["storage"] for g in s["goods"]))
    stores = [s["card"]["name"] for s in e["storage"] if s["card"]]
    where = listing(["the faction board", *stores])
    kept_ = f"keeps {goods(e['kept'])}" if e["kept"] else "keeps nothing"
    lost = f" and loses {goods(e['lost'])}" if e["lost"] else ""
    stored = listing([NAMES.get(g, (g, g))[1] for g in keep])
    why = f" ({where} store{'s' if len(stores) == 0 else ''} {stored} only)" if lost else ""
    return f"{who(e)} {kept_}{lost}{why}."


def collected(e: dict) -> str:
    return (
        f"The virtual player adds {cards(e['cards'])} to its Collection ({e['collection']} cards)."
    )


def attack(e: dict) -> str:
    card = e.get("attack")
    if card is None:
        return "The virtual player has no Attack card left."
    razed_ = e.get("razed")
    line = listing(e["targets"])
    if razed_ is None:
        return (
            f"The virtual player attacks (Target {card['target']}; line: {line}) "
            f"and razes nothing: {e['reason']}."
        )
    return (
        f"The virtual player attacks (Target {card['target']}; line: {line}) and razes "
        f"{razed_['name']} into its Collection ({listing(e['used'])} matched)."
    )


def round_end(e: dict) -> str:
    vp = listing([f"{seat_name(p)} {v}" for p, v in enumerate(e["vp"])])
    nxt = "" if e.get("last") else f"; {seat_name(e['first'])} plays first next round"
    return f"Round {e['round']} ends (VP: {vp}){nxt}."


def final_scoring(e: dict) -> str:
    rows = []
    for p, row in enumerate(e["scores"]):
        parts = [
            f"{row['vp']} during the game",
            f"{row['common_locations']} Common",
            f"{row['faction_locations']} Faction Locations",
        ]
        parts += [f"{row[k]} {k.capitalize()}" for k in ("shrine", "gate") if row.get(k)]
        rows.append(f"{seat_name(p)} {row['total']} VP ({', '.join(parts)})")
    return "Final scoring: " + "; ".join(rows) + "."


def game_over(e: dict) -> str:
    if "won" in e:
        if e["won"]:
            return (
                f"Game over: Player 1 wins with {e['total']} VP, achievement "
                f"{e['achievement']} ({faction_built(e)} built, more than the "
                f"{plural(e['collection'], 'card')} of the virtual player's Collection)."
            )
        return (
            f"Game over: the virtual player wins: its Collection of "
            f"{plural(e['collection'], 'card')} is not smaller than the {faction_built(e)} "
            "built."
        )
    if not e["ranking"]:
        return "Game over."
    first = e["ranking"][0]
    head = f"{seats(first)} share the win" if len(first) > 1 else f"{seats(first)} wins"
    why = []
    for step in e.get("decided_by", []):
        if step["by"] != "vp":
            reason = {
                "resources": "more Workers and Resources left",
                "cards": "more cards in hand",
            }[step["by"]]
            why.append(f"{seats(step['above'])} ahead of {seats(step['below'])} on {reason}")
    order = "; ".join(seats(g) for g in e["ranking"])
    tail = f"; tie-breaks: {', '.join(why)}" if why else ""
    return f"Game over: {head} (ranking: {order}){tail}."


TEXTS: dict[str, Callable[[dict], str]] = {
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
