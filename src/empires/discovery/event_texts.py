"""The message for each kind of Discovery event (:mod:`empires.core.messages`: a message id and
its arguments, made into text in the reader's language only when read), built only from the
fields the viewer may read (see :mod:`empires.core.events`). One function per kind, listed in
:data:`TEXTS`; an event that carries its own message (an "action" event) needs none.

Every event has ``kind``, ``turn``, ``phase`` (and, when read, ``seq`` and ``text``). Seats are
0-based ints in fields (``player``: who it happened to) and "Player 1".. in texts. Things are
named by id (their printed names: :func:`empires.discovery.narration.component_name`):
``region`` (``source`` for where a move starts), ``building``, ``good``, ``nation``; workers by id
(``"colonist"``...); ``workers``-like fields are ``{worker: n}``.
A Discovery counter is ``counter`` (id) with ``resistance``, ``plunder``, ``per_soldier`` and
``vp``; a Discovery card adds ``card``.

Kinds and their fields:

- ``action`` (own ``text``): ``player``, ``decision``, ``action``.
- ``initiative``: ``payouts`` [{``player``, ``worker``, ``space``, ``money``}], ``order`` (they
  lead the next turn's Player Order in this order).
- ``dock_arrival``: ``player``, ``worker``, ``space`` (None: a numbered space; "x", "y",
  "mayflower"), ``region`` (None: sent back to supply), ``money`` (Merchant $5), ``colonists``
  (Missionary bonus).
- ``region_good``: ``player``, ``region``, ``good``: the first colony of 3 takes the region's good.
- ``trade_good``: ``player``, ``good`` (None: declined), ``source`` ("trade_goods").
- ``merchant_ship``: ``player`` (highest worker value), ``value``, ``taken`` (False: no ship was
  waiting), ``ships`` (now held).
- ``building_bought``: ``player``, ``building``, ``price``, ``age``, ``type``, ``vp``, ``effect``.
- ``building_effect``: ``player``, ``building``, ``when`` ("bought" | "benefit"), ``money``,
  ``workers``, ``to`` ("available" | "discovery" | "x" | "y" | None), ``goods`` [ids], ``ships``,
  ``others`` [{``player``, ``money``}] (Privateers: what each other player lost).
- ``workers_placed``: ``player``, ``region``, ``worker``, ``count``, ``building`` (Indian
  Allies, Overpopulation, Papal Edict).
- ``plague``: ``player`` (who loses), ``region``, ``worker``, ``count``, ``building``.
- ``migration``: ``player``, ``source``, ``region``, ``count``.
- ``smuggled``: ``player``, ``other``, ``took`` / ``gave`` ({``good``}).
- ``good_sold``: ``player``, ``good``, ``money`` (Trading House).
- ``counter_taken``: ``player``, ``other``, the counter (Re-Write History).
- ``discovered``: ``player``, ``region``, the counter, ``money``, ``worker``, ``landed``,
  ``source`` ("new_world_cartography" | "spain" | "auction"): a Discovery without expedition.
- ``expedition``: ``player``, ``target`` (region id or "deck"), ``region``, ``members``,
  ``strength``, ``soldiers``, the counter or card, ``printed_resistance``, ``resistance`` (what
  the strength had to reach), ``success``, ``money``, ``landed`` ("colonist" | None),
  ``returned`` (every member returns to supply), ``removed`` (No Survivors: the counter left the
  game; its identity is secret to ``player``), ``shuffled_back`` (a failed card), ``portugal``.
- ``scouted``: ``player``, ``target`` ("region" | "deck"), ``region``, ``money``; secret to
  ``player``: the counter or card seen.
- ``specialist_trained``: ``player``, ``worker``, ``source`` (a Specialists space, "training",
  "spoils_specialists", "auction"), ``money`` (paid), ``gained`` (False: supply empty).
- ``specialist_traded``: ``player``, ``worker``, ``region``: back to supply, a Colonist in its place.
- ``stables``: ``player``, ``source``, ``region``.
- ``university``: ``player``, ``track``, ``position``, ``worker``.
- ``war``: ``player``, ``defender``, ``money``, ``regions`` [ids].
- ``battle``: ``player`` (attacker), ``defender``, ``region``, ``attackers`` / ``defenders``
  (workers there), ``militia``, ``attacker_kills``, ``defender_kills``.
- ``casualties``: ``player`` (who loses), ``by``, ``region``, ``worker`` ("militia": the
  temporary Soldier), ``count``.
- ``income``: ``player``, ``sets``, ``mint``, ``rum``, ``money`` (= their sum), ``goods``,
  ``ships`` (wild this turn), ``economy`` (turn 8: the Economy VP, else None).
- ``region_scored``: ``region``, ``workers`` and ``vp`` (per seat), ``builders``, ``first``,
  ``second`` (seats).
- ``colony_scoring``: ``age``, ``vp`` (per seat, this scoring), ``totals`` (colony VP so far).
- ``vp_bought``: ``player``, ``vp``, ``price``, ``money``, ``total``.
- ``refresh``: ``next_turn``, ``discarded`` / ``goods`` [good ids], ``returned_to_pool``, ``ship``
  (one waits), ``removed`` / ``added`` [building ids of the offer], ``colonists`` (per seat),
  ``order``.
- ``age``: ``age``, ``first_turn``.
- ``final_scoring``: ``player``, the score categories of :mod:`.scoring`, ``total``,
  ``buildings_vp`` [{``building``, ``vp``}].
- ``game_over``: ``ranking`` (groups of seats), ``winners``, ``totals``, ``colonies_turn_8``,
  ``money``, ``decided_by`` (per neighbouring places: "total", "colonies_turn_8", "money",
  "goods_and_ships" or, 2007, "goods").
- ``order_auction`` (2007): ``order``, ``bids``, ``winner``, ``paid``, ``second``,
  ``second_paid``, ``free_specialist``.
- ``nation_boards``: ``boards`` [{``player``, ``nation``}] (dealt at random).
- ``nation_taken``: ``player``, ``nation``, ``money``, ``place`` (auctioned).
- ``advantage``: ``player``, ``nation``, and what it did: ``colonists`` (England), ``good``
  (France), ``ships`` (Holland), ``other`` / ``replaced`` / ``worker`` / ``space`` (Italy),
  ``resistance`` (Portugal); Spain's Discovery follows as ``discovered``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from empires.core.messages import Msg, items, msg, part, plural, seat
from empires.discovery.data import BOX_NAMES

# A worker and a count of them ("a Colonist", "2 Colonists"); "militia": the temporary Soldier a
# region without Soldiers defends itself with.
_WORKER_FORMS = {
    "colonist": ("a Colonist", "{n} Colonists"),
    "captain": ("a Captain", "{n} Captains"),
    "merchant": ("a Merchant", "{n} Merchants"),
    "missionary": ("a Missionary", "{n} Missionaries"),
    "soldier": ("a Soldier", "{n} Soldiers"),
    "builder": ("a Builder", "{n} Builders"),
    "militia": ("a temporary Militia Soldier", "{n} temporary Militia Soldiers"),
}
_ROMAN = ("", "I", "II", "III")


def _who(e: dict, key: str = "player") -> dict:
    return seat(e[key])


def _seats(seats) -> dict:
    return items([seat(p) for p in seats])


def _in_order(seats) -> Any:
    """Seats in order, joined by commas only ("Player 2, Player 1, Player 3": the Player
    Order)."""
    out: Any = seat(seats[0]) if seats else ""
    for p in seats[1:]:
        out = msg("{items}, {item}", items=out, item=seat(p))
    return out


def _worker(w: str, n: int = 1) -> Msg:
    one, many = _WORKER_FORMS[w]
    return plural(one, many, n)


def _workers(counts: dict) -> Any:
    return items([_worker(w, n) for w, n in counts.items()]) if counts else "nobody"


def _goods(ids) -> Any:
    return items([part("good", g) for g in ids]) if ids else "nothing"


def _money(n: int) -> Msg:
    return msg("${money}", money=n)


def _counter(e: dict, resistance: str = "resistance") -> Any:
    """A counter or card by its printed name and numbers ("a Discovery counter" unseen)."""
    if e.get(resistance) is None:
        return "a Discovery counter"
    numbers = {
        "resistance": e[resistance],
        "plunder": e["plunder"],
        "per_soldier": e["per_soldier"],
        "vp": e["vp"],
    }
    if e.get("card"):
        return msg(
            "{card} (Resistance {resistance}; ${plunder} + ${per_soldier} per Soldier, {vp} VP)",
            card=part("card", e["card"]),
            **numbers,
        )
    return msg(
        "a Discovery counter of Resistance {resistance} (${plunder} + ${per_soldier} per "
        "Soldier, {vp} VP)",
        **numbers,
    )


def _initiative(e: dict) -> Msg:
    paid = [
        msg("{player} takes ${money}", player=seat(x["player"]), money=x["money"])
        for x in e["payouts"]
    ]
    return msg(
        "Initiative: {paid}; next turn's Player Order starts with {order}.",
        paid=items(paid),
        order=_seats(e["order"]),
    )


def _dock_arrival(e: dict) -> Msg:
    worker = part("worker", e["worker"])
    if e["region"] is None:
        return msg(
            "{player}'s {worker} goes back to supply from the Colonist Dock.",
            player=_who(e),
            worker=worker,
        )
    extra = []
    if e["money"]:
        extra.append(msg("earns ${money}", money=e["money"]))
    if e["colonists"]:
        extra.append(msg("brings {what} along", what=_worker("colonist", e["colonists"])))
    region = part("region", e["region"])
    if not extra:
        return msg(
            "{player}'s {worker} lands in {region}.", player=_who(e), worker=worker, region=region
        )
    return msg(
        "{player}'s {worker} lands in {region} and {extra}.",
        player=_who(e),
        worker=worker,
        region=region,
        extra=items(extra),
    )


def _region_good(e: dict) -> Msg:
    return msg(
        "{player} is first to have {n} workers in {region} and takes its {good}.",
        player=_who(e),
        n=3,
        region=part("region", e["region"]),
        good=part("good", e["good"]),
    )


def _trade_good(e: dict) -> Msg:
    if e["good"] is None:
        return msg("{player} takes no Trade Good.", player=_who(e))
    return msg(
        "{player} takes {good} from the Trade Goods box.",
        player=_who(e),
        good=part("good", e["good"]),
    )


def _merchant_ship(e: dict) -> Msg:
    if not e["taken"]:
        return msg(
            "{player} has the highest worker value in Merchant Shipping ({value}) but no "
            "Merchant Ship is waiting.",
            player=_who(e),
            value=e["value"],
        )
    return msg(
        "{player} takes the Merchant Ship with a worker value of {value} and now has {ships}.",
        player=_who(e),
        value=e["value"],
        ships=e["ships"],
    )


def _building_bought(e: dict) -> Msg:
    return msg(
        "{player} buys {building} for ${money}: {text}.",
        player=_who(e),
        building=part("building", e["building"]),
        money=e["price"],
        text=e["effect"].rstrip("."),  # the printed text (may end its own sentence)
    )


_WHERE = {
    "available": "{what} for next turn",
    "discovery": "{what} in the Discovery box",
    "x": "{what} on the Colonist Dock's X space",
    "y": "{what} on the Colonist Dock's Y space",
}


def _building_effect(e: dict) -> Msg:
    building = part("building", e["building"])
    if e["others"]:  # Privateers
        taken = [
            msg("${money} from {player}", money=-x["money"], player=seat(x["player"]))
            for x in e["others"]
        ]
        return msg(
            "{building}: {player} takes {taken} (${money} in all).",
            building=building,
            player=_who(e),
            taken=items(taken),
            money=e["money"],
        )
    got: list = []
    if e["money"] > 0:
        got.append(_money(e["money"]))
    if e["workers"]:
        got.append(msg(_WHERE[e["to"]], what=_workers(e["workers"])))
    if e["goods"]:
        got.append(_goods(e["goods"]))
    if e["ships"]:
        got.append(plural("{n} Merchant Ship", "{n} Merchant Ships", e["ships"]))
    return msg(
        "{building}: {player} gains {what}.",
        building=building,
        player=_who(e),
        what=items(got) if got else "nothing",
    )


def _workers_placed(e: dict) -> Msg:
    building, region = part("building", e["building"]), part("region", e["region"])
    if not e["count"]:
        return msg(
            "{building}: {player} has no {worker} left to place.",
            building=building,
            player=_who(e),
            worker=part("worker", e["worker"]),
        )
    return msg(
        "{building}: {player} places {what} in {region}.",
        building=building,
        player=_who(e),
        what=_worker(e["worker"], e["count"]),
        region=region,
    )


def _plague(e: dict) -> Msg:
    return msg(
        "Plague: {player} loses {what} in {region}.",
        player=_who(e),
        what=_worker(e["worker"], e["count"]),
        region=part("region", e["region"]),
    )


def _migration(e: dict) -> Msg:
    return msg(
        "Migration: {player} moves {what} from {source} to {region}.",
        player=_who(e),
        what=_worker("colonist", e["count"]),
        source=part("region", e["source"]),
        region=part("region", e["region"]),
    )


def _smuggled(e: dict) -> Msg:
    return msg(
        "Smuggler: {player} takes {good} from {other} and gives {given} in exchange.",
        player=_who(e),
        good=part("good", e["took"]["good"]),
        other=_who(e, "other"),
        given=part("good", e["gave"]["good"]),
    )


def _good_sold(e: dict) -> Msg:
    return msg(
        "Trading House: {player} sells {good} for ${money}.",
        player=_who(e),
        good=part("good", e["good"]),
        money=e["money"],
    )


def _counter_taken(e: dict) -> Msg:
    return msg(
        "Re-Write History: {player} takes {counter} from {other}.",
        player=_who(e),
        counter=_counter(e),
        other=_who(e, "other"),
    )


_SOURCES = {
    "new_world_cartography": "New World Cartography",
    "spain": "Spanish Conquistadors",
    "auction": "the starting-order auction",
}


def _discovered(e: dict) -> Msg:
    fields = {
        "player": _who(e),
        "region": part("region", e["region"]),
        "source": _SOURCES[e["source"]],
        "counter": _counter(e),
        "money": e["money"],
    }
    if e["landed"]:
        return msg(
            "{player} discovers {region} ({source}): {counter}, ${money} and lands {what} there.",
            what=_worker(e["worker"]),
            **fields,
        )
    return msg("{player} discovers {region} ({source}): {counter}, ${money}.", **fields)


def _expedition(e: dict) -> Msg:
    where = "the Discovery deck" if e["target"] == "deck" else part("region", e["region"])
    head = msg(
        "{player}'s expedition to {where} ({members}, strength {strength})",
        player=_who(e),
        where=where,
        members=_workers(e["members"]),
        strength=e["strength"],
    )
    if e["resistance"] is None:  # No Survivors, read by another seat
        return msg("{head} fails; the counter leaves the game unseen (No Survivors).", head=head)
    met = _counter(e, "printed_resistance")
    if e["resistance"] != e["printed_resistance"]:  # the owner's Plague I
        met = msg(
            "{counter}, {resistance} needed with the Plague,",
            counter=met,
            resistance=e["resistance"],
        )
    if e["success"]:
        if e["landed"]:
            return msg(
                "{head} meets {counter} and succeeds: ${money}, a Colonist lands there; the "
                "workers return to supply.",
                head=head,
                counter=met,
                money=e["money"],
            )
        return msg(
            "{head} meets {counter} and succeeds: ${money}; the workers return to supply.",
            head=head,
            counter=met,
            money=e["money"],
        )
    outcome = (
        "the card is shuffled back into the deck"
        if e["shuffled_back"]
        else "the counter leaves the game (No Survivors)"
        if e["removed"]
        else "the counter stays face up"
    )
    return msg(
        "{head} meets {counter} and fails; {outcome}; the workers return to supply.",
        head=head,
        counter=met,
        outcome=outcome,
    )


def _scouted(e: dict) -> Msg:
    what = (
        "the top Discovery card"
        if e["target"] == "deck"
        else msg("the counter in {region}", region=part("region", e["region"]))
    )
    if e.get("resistance") is not None:
        return msg(
            "{player} pays ${money} to scout {what} and sees {counter}.",
            player=_who(e),
            money=e["money"],
            what=what,
            counter=_counter(e),
        )
    return msg(
        "{player} pays ${money} to scout {what}.", player=_who(e), money=e["money"], what=what
    )


_TRAINED_BY = {"training": "Training", "spoils_specialists": "Spoils of War"}


def _specialist_trained(e: dict) -> Msg:
    source = e["source"]
    why = BOX_NAMES.get(source) or _TRAINED_BY.get(source, "Starting-order auction")
    if not e["gained"]:
        return msg(
            "{player} gets no {worker} ({why}): none left in supply.",
            player=_who(e),
            worker=part("worker", e["worker"]),
            why=why,
        )
    what = _worker(e["worker"])
    if e["money"]:
        return msg(
            "{player} gains {what} for ${money} for next turn ({why}).",
            player=_who(e),
            what=what,
            money=e["money"],
            why=why,
        )
    return msg("{player} gains {what} for next turn ({why}).", player=_who(e), what=what, why=why)


def _specialist_traded(e: dict) -> Msg:
    return msg(
        "{player} trades {what} in {region} back to supply; a Colonist takes its place.",
        player=_who(e),
        what=_worker(e["worker"]),
        region=part("region", e["region"]),
    )


def _stables(e: dict) -> Msg:
    return msg(
        "Stables: {player} moves a Soldier from {source} to {region}.",
        player=_who(e),
        source=part("region", e["source"]),
        region=part("region", e["region"]),
    )


_TRACKS = {
    "dock": "the Colonist Dock",
    "trade_goods": "the Trade Goods box",
    "warfare": "the Warfare box",
    "initiative": "the Initiative box",
    "order": "the Player Order",
    "buildings": "the Capital Buildings box",
}


def _university(e: dict) -> Msg:
    what = "their Player Order marker" if e["worker"] is None else _worker(e["worker"])
    return msg(
        "University: {player} moves {what} from position {n} to the front of {track}.",
        player=_who(e),
        what=what,
        n=e["position"],
        track=_TRACKS[e["track"]],
    )


def _war(e: dict) -> Msg:
    return msg(
        "{player} pays ${money} to declare War on {other}: battles in {regions}.",
        player=_who(e),
        money=e["money"],
        other=_who(e, "defender"),
        regions=items([part("region", r) for r in e["regions"]]),
    )


def _battle(e: dict) -> Msg:
    text = (
        "Battle in {region}: {player} ({attackers}) attacks {other} ({defenders}) (with a "
        "Militia Soldier); the attacker removes {a}, the defender {b}."
        if e["militia"]
        else "Battle in {region}: {player} ({attackers}) attacks {other} ({defenders}); the "
        "attacker removes {a}, the defender {b}."
    )
    return msg(
        text,
        region=part("region", e["region"]),
        player=_who(e),
        attackers=_workers(e["attackers"]),
        other=_who(e, "defender"),
        defenders=_workers(e["defenders"]),
        a=e["attacker_kills"],
        b=e["defender_kills"],
    )


def _casualties(e: dict) -> Msg:
    return msg(
        "{player} loses {what} in {region} to {other}.",
        player=_who(e),
        what=_worker(e["worker"], e["count"]),
        region=part("region", e["region"]),
        other=_who(e, "by"),
    )


def _income(e: dict) -> Msg:
    parts = [msg("${money} from Trade Good sets", money=e["sets"])]
    if e["mint"]:
        parts.append(msg("${money} from the Mint", money=e["mint"]))
    if e["rum"]:
        parts.append(msg("${money} from the Rum Distillery", money=e["rum"]))
    fields = {"player": _who(e), "money": e["money"], "parts": items(parts)}
    if e["economy"] is not None:
        return msg(
            "Income: {player} earns ${money}: {parts} (Economy: {vp} VP).",
            vp=e["economy"],
            **fields,
        )
    return msg("Income: {player} earns ${money}: {parts}.", **fields)


def _region_scored(e: dict) -> Msg:
    vp, workers = e["vp"], e["workers"]

    def rows(seats) -> dict:
        return items(
            [
                plural(
                    "{player} ({n} worker, {vp} VP)",
                    "{player} ({n} workers, {vp} VP)",
                    workers[p],
                    player=seat(p),
                    vp=vp[p],
                )
                for p in seats
            ]
        )

    tied = len(e["first"]) > 1
    fields = {"region": part("region", e["region"]), "first": rows(e["first"])}
    if e["second"]:
        text = (
            "{region}: tied first: {first}; second: {second}."
            if tied
            else "{region}: first: {first}; second: {second}."
        )
        return msg(text, second=rows(e["second"]), **fields)
    return msg("{region}: tied first: {first}." if tied else "{region}: first: {first}.", **fields)


def _colony_scoring(e: dict) -> Msg:
    scores = [msg("{player} {vp} VP", player=seat(p), vp=v) for p, v in enumerate(e["vp"])]
    return msg("Age {age} colony scoring: {scores}.", age=_ROMAN[e["age"]], scores=items(scores))


def _vp_bought(e: dict) -> Msg:
    return msg(
        "{player} buys {vp} VP for ${money} (${n} each).",
        player=_who(e),
        vp=e["vp"],
        money=e["money"],
        n=e["price"],
    )


def _refresh(e: dict) -> Msg:
    added = items([part("building", b) for b in e["added"]]) if e["added"] else "no new buildings"
    text = (
        "Turn {n} is prepared: {goods} on the Trade Goods box, {added} among the Capital "
        "Buildings; a new Merchant Ship waits; Player Order: {order}."
        if e["ship"]
        else "Turn {n} is prepared: {goods} on the Trade Goods box, {added} among the Capital "
        "Buildings; Player Order: {order}."
    )
    return msg(
        text, n=e["next_turn"], goods=_goods(e["goods"]), added=added, order=_in_order(e["order"])
    )


def _age(e: dict) -> Msg:
    return msg("Age {age} begins with turn {n}.", age=_ROMAN[e["age"]], n=e["first_turn"])


def _final_scoring(e: dict) -> Msg:
    return msg(
        "Final score of {player}: {vp} VP (colonies {a} + {b} + {c}, discoveries {d}, "
        "buildings {e}, economy {f}, bought {g}).",
        player=_who(e),
        vp=e["total"],
        a=e["colonies_age1"],
        b=e["colonies_age2"],
        c=e["colonies_age3"],
        d=e["discoveries"],
        e=e["buildings"],
        f=e["economy"],
        g=e["bought_vp"],
    )


_TIEBREAK = {
    "colonies_turn_8": "colony VP of turn 8",
    "money": "money",
    "goods_and_ships": "Trade Goods and Merchant Ships",
    "goods": "Trade Goods",
}


def _game_over(e: dict) -> Msg:
    totals, ranking = e["totals"], e["ranking"]
    ties: list = [
        msg(
            "{upper} ahead of {lower} on {reason}",
            upper=_seats(upper),
            lower=_seats(lower),
            reason=_TIEBREAK[key],
        )
        for upper, lower, key in zip(ranking, ranking[1:], e["decided_by"], strict=False)
        if key != "total"
    ]
    shared = len(ranking[0]) > 1
    if shared:
        ties.insert(0, "a shared win: tied on every tie-break")
    vp = totals[ranking[0][0]]
    if not ties:
        return msg("Game over: {player} wins with {vp} VP.", player=seat(ranking[0][0]), vp=vp)
    joined = ties[-1]
    for i in range(len(ties) - 2, -1, -1):  # (an index: mypyc fails on reversed(list[Any]))
        joined = msg("{first}; {rest}", first=ties[i], rest=joined)
    text = (
        "Game over: {winners} win with {vp} VP ({ties})."
        if shared
        else "Game over: {winners} wins with {vp} VP ({ties})."
    )
    return msg(text, winners=_seats(ranking[0]), vp=vp, ties=joined)


def _order_auction(e: dict) -> Msg:
    text = (
        "Starting-order auction: {winner} wins for ${paid}; {second} is second and pays "
        "${second_paid} and a free specialist; Player Order: {order}."
        if e["free_specialist"]
        else "Starting-order auction: {winner} wins for ${paid}; {second} is second and pays "
        "${second_paid}; Player Order: {order}."
    )
    return msg(
        text,
        winner=_who(e, "winner"),
        paid=e["paid"],
        second=_who(e, "second"),
        second_paid=e["second_paid"],
        order=_in_order(e["order"]),
    )


def _nation_boards(e: dict) -> Msg:
    boards = [
        msg("{player} {nation}", player=seat(x["player"]), nation=part("nation", x["nation"]))
        for x in e["boards"]
    ]
    return msg("National Advantages dealt: {boards}.", boards=items(boards))


def _nation_taken(e: dict) -> Msg:
    return msg(
        "{player} takes the {nation} board for ${money} and place {place} of the Player Order.",
        player=_who(e),
        nation=part("nation", e["nation"]),
        money=e["money"],
        place=e["place"],
    )


def _advantage_what(e: dict) -> Any:
    """What a National Advantage did (None: nothing to say beyond its use)."""
    if "colonists" in e:
        return msg("{what} join the Colonist Dock", what=_worker("colonist", e["colonists"]))
    if "good" in e:
        return msg("takes {good} from the Trade Goods box", good=part("good", e["good"]))
    if "ships" in e:
        return "takes the Merchant Ship"
    if "replaced" in e:
        return msg(
            "replaces {owner}'s {worker} on {box} with {what}",
            owner=_who(e, "other"),
            worker=part("worker", e["replaced"]),
            box=part("box", e["space"]),
            what=_worker(e["worker"]),
        )
    if "resistance" in e:
        return msg(
            "explores with the Discovery deck at Resistance {resistance}",
            resistance=e["resistance"],
        )
    return None


def _advantage(e: dict) -> Msg:
    what = _advantage_what(e)
    nation = part("nation", e["nation"])
    if what is None:
        return msg("{player} uses {nation}'s National Advantage.", player=_who(e), nation=nation)
    return msg(
        "{player} uses {nation}'s National Advantage: {what}.",
        player=_who(e),
        nation=nation,
        what=what,
    )


TEXTS: dict[str, Callable[[dict], Msg]] = {
    "initiative": _initiative,
    "dock_arrival": _dock_arrival,
    "region_good": _region_good,
    "trade_good": _trade_good,
    "merchant_ship": _merchant_ship,
    "building_bought": _building_bought,
    "building_effect": _building_effect,
    "workers_placed": _workers_placed,
    "plague": _plague,
    "migration": _migration,
    "smuggled": _smuggled,
    "good_sold": _good_sold,
    "counter_taken": _counter_taken,
    "discovered": _discovered,
    "expedition": _expedition,
    "scouted": _scouted,
    "specialist_trained": _specialist_trained,
    "specialist_traded": _specialist_traded,
    "stables": _stables,
    "university": _university,
    "war": _war,
    "battle": _battle,
    "casualties": _casualties,
    "income": _income,
    "region_scored": _region_scored,
    "colony_scoring": _colony_scoring,
    "vp_bought": _vp_bought,
    "refresh": _refresh,
    "age": _age,
    "final_scoring": _final_scoring,
    "game_over": _game_over,
    "order_auction": _order_auction,
    "nation_boards": _nation_boards,
    "nation_taken": _nation_taken,
    "advantage": _advantage,
}
