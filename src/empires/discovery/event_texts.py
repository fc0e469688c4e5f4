"""The sentence for each kind of Discovery event, written only from the fields the viewer may
read (see :mod:`empires.core.events`). One function per kind, listed in :data:`TEXTS`; an event
that carries its own ``text`` (an "action" event) needs none.

Every event has ``kind``, ``turn``, ``phase`` (and, when read, ``seq`` and ``text``). Seats are
0-based ints in fields (``player``: who it happened to) and "Player 1".. in texts. Things are
named by id and printed name: ``region`` / ``region_name`` (``source`` / ``source_name`` for where
a move starts), ``building`` / ``building_name``, ``good`` / ``good_name``, ``nation`` /
``nation_name``; workers by id (``"colonist"``...); ``workers``-like fields are ``{worker: n}``.
A Discovery counter is ``counter`` (id) with ``resistance``, ``plunder``, ``per_soldier`` and
``vp``; a Discovery card adds ``card`` / ``card_name``.

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
- ``smuggled``: ``player``, ``other``, ``took`` / ``gave`` ({``good``, ``good_name``}).
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
- ``age``: ``age``, ``name``, ``first_turn``.
- ``final_scoring``: ``player``, the score categories of :mod:`.scoring`, ``total``,
  ``buildings_vp`` [{``building``, ``vp``}].
- ``game_over``: ``ranking`` (groups of seats), ``winners``, ``totals``, ``colonies_turn_8``,
  ``money``, ``decided_by`` (per neighbouring places: "total", "colonies_turn_8", "money",
  "goods_and_ships" or, 2007, "goods").
- ``order_auction`` (2007): ``order``, ``bids``, ``winner``, ``paid``, ``second``,
  ``second_paid``, ``free_specialist``.
- ``nation_boards``: ``boards`` [{``player``, ``nation``, ``nation_name``}] (dealt at random).
- ``nation_taken``: ``player``, ``nation``, ``money``, ``place`` (auctioned).
- ``advantage``: ``player``, ``nation``, and what it did: ``colonists`` (England), ``good``
  (France), ``ships`` (Holland), ``other`` / ``replaced`` / ``worker`` / ``space`` (Italy),
  ``resistance`` (Portugal); Spain's Discovery follows as ``discovered``.
"""

from __future__ import annotations

from collections.abc import Callable

from empires.core.events import seat_name
from empires.discovery.data import BOX_NAMES, BUILDING_INDEX, BUILDINGS, REGION_IDS, REGION_NAMES

_GOOD_NAME = str.capitalize
_WORKER_NAME = {"militia": "temporary Militia Soldier"}


def _who(e: dict, key: str = "player") -> str:
    return seat_name(e[key])


def _seats(seats) -> str:
    return _join([seat_name(p) for p in seats])


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _worker(w: str, n: int = 1) -> str:
    name = _WORKER_NAME.get(w, w.capitalize())
    return f"a {name}" if n == 1 else f"{n} {name}s"


def _workers(counts: dict) -> str:
    return _join([_worker(w, n) for w, n in counts.items()]) or "nobody"


def _goods(ids) -> str:
    return _join([_GOOD_NAME(g) for g in ids]) or "nothing"


def _region_name(region_id: str) -> str:
    return REGION_NAMES[REGION_IDS.index(region_id)]


def _building_name(building_id: str) -> str:
    return BUILDINGS[BUILDING_INDEX[building_id]].name


def _counter(e: dict, resistance: str = "resistance") -> str:
    """A counter or card by its printed name and numbers ("a Discovery counter" unseen)."""
    if e.get(resistance) is None:
        return "a Discovery counter"
    reward = f"${e['plunder']} + ${e['per_soldier']} per Soldier, {e['vp']} VP"
    if e.get("card_name"):
        return f"{e['card_name']} (Resistance {e[resistance]}; {reward})"
    return f"a Discovery counter of Resistance {e[resistance]} ({reward})"


def _initiative(e: dict) -> str:
    paid = _join([f"{seat_name(x['player'])} takes ${x['money']}" for x in e["payouts"]])
    return f"Initiative: {paid}; next turn's Player Order starts with {_seats(e['order'])}."


def _dock_arrival(e: dict) -> str:
    if e["region"] is None:
        return f"{_who(e)}'s {e['worker'].capitalize()} goes back to supply from the Colonist Dock."
    extra = []
    if e["money"]:
        extra.append(f"earns ${e['money']}")
    if e["colonists"]:
        extra.append(f"brings {_worker('colonist', e['colonists'])} along")
    tail = f" and {_join(extra)}" if extra else ""
    return f"{_who(e)}'s {e['worker'].capitalize()} lands in {e['region_name']}{tail}."


def _region_good(e: dict) -> str:
    return (
        f"{_who(e)} is first to have 3 workers in {e['region_name']} and takes its "
        f"{e['good_name']}."
    )


def _trade_good(e: dict) -> str:
    if e["good"] is None:
        return f"{_who(e)} takes no Trade Good."
    return f"{_who(e)} takes {e['good_name']} from the Trade Goods box."


def _merchant_ship(e: dict) -> str:
    if not e["taken"]:
        return (
            f"{_who(e)} has the highest worker value in Merchant Shipping ({e['value']}) "
            "but no Merchant Ship is waiting."
        )
    return (
        f"{_who(e)} takes the Merchant Ship with a worker value of {e['value']} "
        f"and now has {e['ships']}."
    )


def _building_bought(e: dict) -> str:
    effect = e["effect"].rstrip(".")  # the printed text may end its own sentence
    return f"{_who(e)} buys {e['building_name']} for ${e['price']}: {effect}."


def _building_effect(e: dict) -> str:
    if e["others"]:  # Privateers
        taken = _join([f"${-x['money']} from {seat_name(x['player'])}" for x in e["others"]])
        return f"{e['building_name']}: {_who(e)} takes {taken} (${e['money']} in all)."
    got = []
    if e["money"] > 0:
        got.append(f"${e['money']}")
    if e["workers"]:
        where = {
            "available": "for next turn",
            "discovery": "in the Discovery box",
            "x": "on the Colonist Dock's X space",
            "y": "on the Colonist Dock's Y space",
        }
        got.append(f"{_workers(e['workers'])} {where[e['to']]}")
    if e["goods"]:
        got.append(_goods(e["goods"]))
    if e["ships"]:
        got.append(f"{e['ships']} Merchant Ship{'s' if e['ships'] > 1 else ''}")
    return f"{e['building_name']}: {_who(e)} gains {_join(got) or 'nothing'}."


def _workers_placed(e: dict) -> str:
    return (
        f"{e['building_name']}: {_who(e)} places {_worker(e['worker'], e['count'])} in "
        f"{e['region_name']}."
        if e["count"]
        else f"{e['building_name']}: {_who(e)} has no {e['worker'].capitalize()} left to place."
    )


def _plague(e: dict) -> str:
    return f"Plague: {_who(e)} loses {_worker(e['worker'], e['count'])} in {e['region_name']}."


def _migration(e: dict) -> str:
    return (
        f"Migration: {_who(e)} moves {_worker('colonist', e['count'])} from "
        f"{e['source_name']} to {e['region_name']}."
    )


def _smuggled(e: dict) -> str:
    return (
        f"Smuggler: {_who(e)} takes {e['took']['good_name']} from {_who(e, 'other')} and "
        f"gives {e['gave']['good_name']} in exchange."
    )


def _good_sold(e: dict) -> str:
    return f"Trading House: {_who(e)} sells {e['good_name']} for ${e['money']}."


def _counter_taken(e: dict) -> str:
    return f"Re-Write History: {_who(e)} takes {_counter(e)} from {_who(e, 'other')}."


_SOURCES = {
    "new_world_cartography": "New World Cartography",
    "spain": "Spanish Conquistadors",
    "auction": "the starting-order auction",
}


def _discovered(e: dict) -> str:
    landed = f" and lands {_worker(e['worker'])} there" if e["landed"] else ""
    return (
        f"{_who(e)} discovers {e['region_name']} ({_SOURCES[e['source']]}): "
        f"{_counter(e)}, ${e['money']}{landed}."
    )


def _expedition(e: dict) -> str:
    where = "the Discovery deck" if e["target"] == "deck" else e["region_name"]
    head = f"{_who(e)}'s expedition to {where} ({_workers(e['members'])}, strength {e['strength']})"
    if e["resistance"] is None:  # No Survivors, read by another seat
        return f"{head} fails; the counter leaves the game unseen (No Survivors)."
    met = f"{head} meets {_counter(e, 'printed_resistance')}"
    if e["resistance"] != e["printed_resistance"]:  # the owner's Plague I
        met += f", {e['resistance']} needed with the Plague,"
    if e["success"]:
        landed = ", a Colonist lands there" if e["landed"] else ""
        return f"{met} and succeeds: ${e['money']}{landed}; the workers return to supply."
    after = (
        "the card is shuffled back into the deck"
        if e["shuffled_back"]
        else "the counter leaves the game (No Survivors)"
        if e["removed"]
        else "the counter stays face up"
    )
    return f"{met} and fails; {after}; the workers return to supply."


def _scouted(e: dict) -> str:
    what = (
        "the top Discovery card"
        if e["target"] == "deck"
        else (f"the counter in {e['region_name']}")
    )
    seen = ""
    if e.get("resistance") is not None:
        seen = f" and sees {_counter(e)}"
    return f"{_who(e)} pays ${e['money']} to scout {what}{seen}."


def _specialist_trained(e: dict) -> str:
    source = e["source"]
    why = BOX_NAMES.get(source) or (
        "Training"
        if source == "training"
        else "Spoils of War"
        if source == "spoils_specialists"
        else "Starting-order auction"
    )
    if not e["gained"]:
        return f"{_who(e)} gets no {e['worker'].capitalize()} ({why}): none left in supply."
    paid = f" for ${e['money']}" if e["money"] else ""
    return f"{_who(e)} gains {_worker(e['worker'])}{paid} for next turn ({why})."


def _specialist_traded(e: dict) -> str:
    return (
        f"{_who(e)} trades {_worker(e['worker'])} in {e['region_name']} back to supply; "
        "a Colonist takes its place."
    )


def _stables(e: dict) -> str:
    return f"Stables: {_who(e)} moves a Soldier from {e['source_name']} to {e['region_name']}."


_TRACKS = {
    "dock": "the Colonist Dock",
    "trade_goods": "the Trade Goods box",
    "warfare": "the Warfare box",
    "initiative": "the Initiative box",
    "order": "the Player Order",
    "buildings": "the Capital Buildings box",
}


def _university(e: dict) -> str:
    what = "their Player Order marker" if e["worker"] is None else _worker(e["worker"])
    return (
        f"University: {_who(e)} moves {what} from position {e['position']} to the front "
        f"of {_TRACKS[e['track']]}."
    )


def _war(e: dict) -> str:
    regions = _join([_region_name(r) for r in e["regions"]])
    return (
        f"{_who(e)} pays ${e['money']} to declare War on {_who(e, 'defender')}: battles in "
        f"{regions}."
    )


def _battle(e: dict) -> str:
    militia = " (with a Militia Soldier)" if e["militia"] else ""
    return (
        f"Battle in {e['region_name']}: {_who(e)} ({_workers(e['attackers'])}) attacks "
        f"{_who(e, 'defender')} ({_workers(e['defenders'])}){militia}; the attacker removes "
        f"{e['attacker_kills']}, the defender {e['defender_kills']}."
    )


def _casualties(e: dict) -> str:
    return (
        f"{_who(e)} loses {_worker(e['worker'], e['count'])} in {e['region_name']} "
        f"to {_who(e, 'by')}."
    )


def _income(e: dict) -> str:
    parts = [f"${e['sets']} from Trade Good sets"]
    if e["mint"]:
        parts.append(f"${e['mint']} from the Mint")
    if e["rum"]:
        parts.append(f"${e['rum']} from the Rum Distillery")
    economy = f" (Economy: {e['economy']} VP)" if e["economy"] is not None else ""
    return f"Income: {_who(e)} earns ${e['money']}: {_join(parts)}{economy}."


def _region_scored(e: dict) -> str:
    vp, workers = e["vp"], e["workers"]
    first = _join([f"{seat_name(p)} ({workers[p]} workers, {vp[p]} VP)" for p in e["first"]])
    second = _join([f"{seat_name(p)} ({workers[p]} workers, {vp[p]} VP)" for p in e["second"]])
    lead = "first" if len(e["first"]) == 1 else "tied first"
    tail = f"; second: {second}" if second else ""
    return f"{e['region_name']}: {lead}: {first}{tail}."


def _colony_scoring(e: dict) -> str:
    vp = _join([f"{seat_name(p)} {v} VP" for p, v in enumerate(e["vp"])])
    return f"Age {'I' * e['age']} colony scoring: {vp}."


def _vp_bought(e: dict) -> str:
    return f"{_who(e)} buys {e['vp']} VP for ${e['money']} (${e['price']} each)."


def _refresh(e: dict) -> str:
    added = _join([_building_name(b) for b in e["added"]]) or "no new buildings"
    ship = "; a new Merchant Ship waits" if e["ship"] else ""
    return (
        f"Turn {e['next_turn']} is prepared: {_goods(e['goods'])} on the Trade Goods box, "
        f"{added} among the Capital Buildings{ship}; Player Order: "
        f"{', '.join(seat_name(p) for p in e['order'])}."
    )


def _age(e: dict) -> str:
    return f"{e['name']} begins with turn {e['first_turn']}."


def _final_scoring(e: dict) -> str:
    return (
        f"Final score of {_who(e)}: {e['total']} VP (colonies {e['colonies_age1']} + "
        f"{e['colonies_age2']} + {e['colonies_age3']}, discoveries {e['discoveries']}, "
        f"buildings {e['buildings']}, economy {e['economy']}, bought {e['bought_vp']})."
    )


_TIEBREAK = {
    "colonies_turn_8": "colony VP of turn 8",
    "money": "money",
    "goods_and_ships": "Trade Goods and Merchant Ships",
    "goods": "Trade Goods",
}


def _game_over(e: dict) -> str:
    totals, ranking = e["totals"], e["ranking"]
    verb = "win" if len(ranking[0]) > 1 else "wins"
    head = f"Game over: {_seats(ranking[0])} {verb} with {totals[ranking[0][0]]} VP"
    ties = [
        f"{_seats(upper)} ahead of {_seats(lower)} on {_TIEBREAK[key]}"
        for upper, lower, key in zip(ranking, ranking[1:], e["decided_by"], strict=False)
        if key != "total"
    ]
    if len(ranking[0]) > 1:
        ties.insert(0, "a shared win: tied on every tie-break")
    return head + (f" ({'; '.join(ties)})" if ties else "") + "."


def _order_auction(e: dict) -> str:
    extra = " and a free specialist" if e["free_specialist"] else ""
    return (
        f"Starting-order auction: {_who(e, 'winner')} wins for ${e['paid']}; "
        f"{_who(e, 'second')} is second and pays ${e['second_paid']}{extra}; "
        f"Player Order: {', '.join(seat_name(p) for p in e['order'])}."
    )


def _nation_boards(e: dict) -> str:
    return (
        "National Advantages dealt: "
        + _join([f"{seat_name(x['player'])} {x['nation_name']}" for x in e["boards"]])
        + "."
    )


def _nation_taken(e: dict) -> str:
    return (
        f"{_who(e)} takes the {e['nation_name']} board for ${e['money']} and place "
        f"{e['place']} of the Player Order."
    )


def _advantage(e: dict) -> str:
    head = f"{_who(e)} uses {e['nation_name']}'s National Advantage"
    if "colonists" in e:
        return f"{head}: {_worker('colonist', e['colonists'])} join the Colonist Dock."
    if "good" in e:
        return f"{head}: takes {e['good_name']} from the Trade Goods box."
    if "ships" in e:
        return f"{head}: takes the Merchant Ship."
    if "replaced" in e:
        return (
            f"{head}: replaces {_who(e, 'other')}'s {e['replaced'].capitalize()} on "
            f"{BOX_NAMES[e['space']]} with {_worker(e['worker'])}."
        )
    if "resistance" in e:
        return f"{head}: explores with the Discovery deck at Resistance {e['resistance']}."
    return f"{head}."


TEXTS: dict[str, Callable[[dict], str]] = {
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
