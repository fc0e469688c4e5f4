"""What a player may see (ruling 19) and words for actions.

Hidden from everyone: face-down Discovery counters (on the board and unused), the Discovery deck
order, the Capital Building stacks and the Trade Goods pool; only their sizes are shown. A counter
revealed by a failed expedition is public. Everything players hold is public. The observation is
built only from public fields, so nothing hidden can leak into it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from empires.discovery import nations, scoring
from empires.discovery.actions import UNIVERSITY_TARGETS, WORKER_CHOICES, Action
from empires.discovery.colonist_dock import CATHEDRAL, MERCHANT_INCOME, reformed
from empires.discovery.data import (
    BOXES,
    BUILDINGS,
    CARDS,
    COLONIST,
    COUNTERS,
    GOOD_IDS,
    MERCHANT,
    MISSIONARY,
    NATION_IDS,
    REGION_IDS,
    REGION_NAMES,
    WORKERS,
    age_of_turn,
)
from empires.discovery.decision_table import PROMPTS
from empires.discovery.discovery_box import expedition_value, resistance_for
from empires.discovery.flow import phase_name
from empires.discovery.mechanics import price

if TYPE_CHECKING:
    from empires.discovery.game import DiscoveryGame


@lru_cache(maxsize=64)
def _options_json(options) -> dict:
    return options.to_json()


# observe() runs at every decision of a bot playing through the observation (the heuristic bot,
# the rollouts of ISMCTS), so the pieces that never change are built once and copied.
_BUILDING_IDS = tuple(b.id for b in BUILDINGS)
_last_options: tuple = (None, {})  # the Options last observed and its JSON (never handed out)


def _options(options) -> dict:
    global _last_options
    last = _last_options
    if last[0] is not options:
        last = _last_options = (options, _options_json(options))
    return {**last[1], "variants": list(options.variants)}


def _counts(row) -> dict[str, int]:
    if not any(row):  # most rows (a region, a player) are empty
        return {}
    return {WORKERS[w]: n for w, n in enumerate(row) if n}


def _pairs(items) -> list[dict]:
    return [{"player": p, "worker": WORKERS[w]} for p, w in items]


def _discovery(info) -> dict:
    return {
        "id": info.id,
        "name": info.name,
        "plunder": info.plunder,
        "per_soldier": info.per_soldier,
        "resistance": info.resistance,
        "vp": info.vp,
    }


_COUNTER_JSON = tuple(_discovery(c) for c in COUNTERS)  # copied, never handed out
_CARD_JSON = tuple(_discovery(c) for c in CARDS)


def _decision(d: dict | None) -> dict | None:
    if d is None:
        return None
    out = {"kind": d["kind"], "player": d["player"], "prompt": PROMPTS.get(d["kind"], d["kind"])}
    for k, v in d.items():
        if k in ("kind", "player", "queue"):
            continue
        if k in ("region", "source", "dest") and isinstance(v, int) and v >= 0:
            v = REGION_IDS[v]
        elif k == "target" and isinstance(v, int):
            v = "deck" if v < 0 else REGION_IDS[v]
        elif k == "worker":
            v = WORKERS[v]
        elif k == "members":
            v = _counts(v)
        out[k] = v
    return out


def visible_counter(s, player: int | None, r: int) -> int | None:
    """The Discovery counter in region ``r`` as ``player`` sees it: None if there is none, -1 if
    it is face-down to them, else its index (revealed to everyone, or scouted by them)."""
    c = s.counter[r]
    if c < 0:
        return None
    if s.revealed[r] or (player is not None and s.peeks[player][r] == c):
        return c
    return -1


def _deck_knowledge(s, player: int | None) -> dict | None:
    """The Discovery cards ``player`` saw by Scouting and knows to be on top / at the bottom."""
    if player is None or not s.deck:
        return None
    top, bottom = s.deck_peeks[player]
    known = {}
    if top >= 0 and s.deck[-1] == top:
        known["top"] = _discovery(CARDS[top])
    if bottom >= 0 and s.deck[0] == bottom:
        known["bottom"] = _discovery(CARDS[bottom])
    return known or None


def _player_view(s, p: int) -> dict:
    """Seat ``p``'s holdings (all public)."""
    owned = s.owned[p]
    used = s.used
    return {
        "seat": p,
        "money": s.money[p],
        "available": _counts(s.avail[p]),
        "supply": _counts(s.supply[p]),
        "goods": {GOOD_IDS[g]: c for g, c in enumerate(s.goods[p]) if c},
        "merchant_ships": s.ships[p],
        "buildings": [_BUILDING_IDS[b] for b in owned],
        "buildings_used": [_BUILDING_IDS[b] for b in used if b in owned],
        "discoveries": [_COUNTER_JSON[c].copy() for c in s.found[p]]
        + [_CARD_JSON[c].copy() for c in s.cards_won[p]],
        "colony_vp": list(s.colony_vp[p]),
        "discovery_box": _counts(s.discovery_box[p]),
        # National Advantages: the board held (None: not in use / not yet auctioned) and how
        # many more times its power can be used this game
        "nation": NATION_IDS[s.nation[p]] if s.nation[p] >= 0 else None,
        "advantage_uses_left": nations.uses_left(s, p),
    }


def _region_view(s, player: int | None, r: int, rid: str) -> dict:
    """Region ``r`` as ``player`` sees it: its counter face-down unless revealed or scouted."""
    n = s.num_players
    counter: dict | str | None = None
    c = visible_counter(s, player, r)
    if c is not None:
        if c < 0:
            counter = "face-down"
        elif s.revealed[r]:
            counter = _COUNTER_JSON[c].copy()
        else:
            counter = {**_COUNTER_JSON[c], "scouted": True}
    workers = s.region_workers[r]
    return {
        "id": rid,
        "name": REGION_NAMES[r],
        "discovered": s.discovered[r],
        "trade_good": GOOD_IDS[s.region_good[r]] if s.region_good[r] >= 0 else None,
        "counter": counter,
        "workers": [_counts(workers[p]) if any(workers[p]) else {} for p in range(n)],
    }


def _boxes(s) -> dict:
    """The boxes of the board: who is where, and what is on offer."""
    return {
        "initiative": _pairs(s.initiative),
        "dock": _pairs(s.dock),
        "dock_x": s.dock_x if s.dock_x >= 0 else None,
        "dock_y": s.dock_y if s.dock_y >= 0 else None,
        "trade_goods": _pairs(s.tg_box),
        "trade_goods_offer": [GOOD_IDS[g] for g in s.tg_offer],
        "shipping": _pairs(s.shipping),
        "merchant_ship_waiting": s.ship_in_box,
        "buildings": _pairs(s.cb_box),
        "buildings_offer": [
            {
                "id": BUILDINGS[b].id,
                "name": BUILDINGS[b].name,
                "price": price(s, b),
                "type": BUILDINGS[b].type,
                "text": BUILDINGS[b].text,
            }
            for b in s.cb_offer
        ],
        "specialists": {
            BOXES[k]: {"player": v[0], "worker": WORKERS[v[1]]}
            for k, v in sorted(s.specialists.items())
        },
        "warfare": _pairs(s.warfare),
        "mayflower": _pairs(s.mayflower),
    }


def _hidden(s) -> dict:
    """How many cards, goods and counters are hidden (never which)."""
    return {
        "trade_goods_pool": len(s.pool),
        "discovery_deck": len(s.deck),
        "unused_counters": len(s.unused_counters),
        "counters_removed": len(s.counters_out),
        "building_stacks": {str(a): len(s.stacks[a]) for a in (1, 2, 3)},
    }


def public_part(game: DiscoveryGame) -> dict:
    """What the observation shows every viewer alike, built once for several viewers of one
    state (``DiscoveryGame.shared_observation``): everything but the viewer's seat, the
    counters it scouted and the Discovery cards it saw, with the regions as a spectator sees
    them (:func:`observe` turns over the counters the viewer scouted)."""
    s = game.s
    terminal = game.is_terminal()
    return {
        "num_players": s.num_players,
        "options": _options(s.options),
        "turn": s.turn,
        "age": age_of_turn(s.turn),
        "phase": phase_name(s.step),
        "step": s.step,
        "current_player": game.current_player,
        "decision": _decision(game.decision),
        "order": list(s.order),
        # 2007 starting-order auction: last bid per seat ($0 none) and seats in passing order
        "auction": (
            {"bids": list(s.bids), "passed": list(s.passed)}
            if s.options.has("order-auction")
            else None
        ),
        # National Advantages auction: bid per seat in the current auction (once a seat has a
        # board: what it paid) and the seats out of the current auction
        "nations_auction": (
            {"bids": list(s.nation_bids), "passed": list(s.nation_passed)}
            if s.options.nations == "auction"
            else None
        ),
        "players": [_player_view(s, p) for p in range(s.num_players)],
        "regions": [_region_view(s, None, r, rid) for r, rid in enumerate(REGION_IDS)],
        "boxes": _boxes(s),
        "hidden": _hidden(s),
        "merchant_ships_in_supply": s.ship_supply,
        "age_iii_buildings": (
            sorted(BUILDINGS[b].id for b in s.stacks[3])
            if s.options.has("reduced-luck") and s.turn <= 6
            else None
        ),
        "scores": scoring.scores(s),
        "terminal": terminal,
        "ranking": scoring.ranking(s) if terminal else None,
    }


def _scouted_regions(s, player: int, regions: list[dict]) -> list[dict]:
    """The public ``regions`` with those whose face-down counter ``player`` scouted as it sees
    them (:func:`_region_view`, in a new list; the others are the public dicts)."""
    out = regions
    peeks = s.peeks[player]
    for r, c in enumerate(s.counter):
        if c >= 0 and peeks[r] == c and not s.revealed[r]:  # scouted: known to this seat alone
            if out is regions:
                out = list(regions)
            out[r] = _region_view(s, player, r, REGION_IDS[r])
    return out


def observe(game: DiscoveryGame, player: Any, public: dict | None = None) -> dict:
    """What seat ``player`` (None: a spectator) may see. ``public``: :func:`public_part` of
    this state, shared with other viewers (its parts are put in as they are); else made here."""
    s = game.s
    n = s.num_players
    if player is not None and not (isinstance(player, int) and 0 <= player < n):
        raise ValueError(f"no seat {player!r} in a {n}-player game")
    p = public_part(game) if public is None else public
    regions = p["regions"] if player is None else _scouted_regions(s, player, p["regions"])
    obs = {
        "game": "discovery",
        "player": player,
        "num_players": p["num_players"],
        "options": p["options"],
        "turn": p["turn"],
        "age": p["age"],
        "phase": p["phase"],
        "step": p["step"],
        "current_player": p["current_player"],
        "decision": p["decision"],
        "order": p["order"],
        "auction": p["auction"],
        "nations_auction": p["nations_auction"],
        "players": p["players"],
        "regions": regions,
        "boxes": p["boxes"],
        "hidden": p["hidden"],
        "merchant_ships_in_supply": p["merchant_ships_in_supply"],
        "scouted_deck": _deck_knowledge(s, player),
        "age_iii_buildings": p["age_iii_buildings"],
        "scores": p["scores"],
        "terminal": p["terminal"],
    }
    if p["terminal"]:
        obs["ranking"] = p["ranking"]
    return obs


def describe(game: DiscoveryGame, action: Action, viewer: int | None = None) -> str:
    """Words for an action in the context of the decision it answers (English): the text of
    :func:`describe_msg`. A Discovery counter is described only as ``viewer`` (a seat, or None:
    the public) knows it: face up, or scouted by that seat."""
    return game.render(describe_msg(game, action, viewer), "en")


# ---- the words of an action, as a message (empires.core.messages) ---------------------------
# Every function below builds small dicts of ids and ints: no text is made here (see
# empires.i18n.render); components are named by id (narration.component_name).
_TRAINING_PRICE = 5
_WAR_PRICE = 10
_DONE = {
    "battle": "Declare a Battle",
    "done": "Done",
    "skip": "Skip",
}
_REGION_VERBS = {
    "cartography": "Discover {region} (New World Cartography)",
    "stables_from": "Move a Soldier out of {region}",
    "stables_to": "Move the Soldier to {region}",
    "battle_region": "Battle in {region}",
    "indian_allies": "Indian Allies: 2 Soldiers to {region}",
    "plague_3_region": "Plague in {region}",
    "trade_out": "Trade out the specialist in {region}",
    "allies_trade_out": "Trade out the Soldier in {region} for a Colonist",
    "migration_from": "Migrate Colonists from {region}",
    "migration_to": "Migrate them to {region}",
}
_WORKER_VERBS = {
    "plague_2": "Lose a {worker}",
    "place": "Trade a {worker} in the New World for a Colonist",
    "order_specialist": "Take a free {worker}",
}
_PUT_BACK = {
    "top": "Put the card back on the top of the deck",
    "bottom": "Put the card back on the bottom of the deck",
}
_QUEUES = {"trade_goods": "tg_box", "buildings": "cb_box", "dock": "dock", "warfare": "warfare"}
_NATION_INDEX = {nid: k for k, nid in enumerate(NATION_IDS)}


def _m(msg_id_: str, /, **args: Any) -> dict:
    # (a name no argument takes: compiled, a keyword ``text=`` would bind to the parameter)
    return {"msg": msg_id_, "args": args}


def _worker(w: int) -> dict:
    return {"worker": WORKER_CHOICES[w]}


def _track(target: str) -> Any:
    """A University target by its printed name: an event box, or the Player Order."""
    return "the Player Order" if target == "order" else {"box": target}


def _region(r: int) -> dict:
    return {"region": REGION_IDS[r]}


def describe_msg(game: Any, act: Any, viewer: Any = -2) -> dict:
    """The words of legal action ``act`` as a message (empires.core.messages), in the context of
    the decision it answers, with what the choice costs or gains where the rules make it plain,
    as ``viewer`` may read them (-2: the seat deciding; None: a spectator; a seat): a Discovery
    counter or card is described only as that viewer knows it (face up, or scouted by them)."""
    d = game.decision or {}
    if viewer == -2:
        viewer = d.get("player")
    k = act.kind
    out = _nations_msg(game, act, d)
    if out is not None:
        return out
    if k == "place":
        return _place_msg(game, act)
    if k == "region":
        return _region_msg(game, act, d, viewer)
    if k == "worker":
        return _worker_msg(game, act, d, viewer)
    return _other_msg(game, act, d, viewer)


def _place_msg(game: DiscoveryGame, action: Action) -> dict:
    s = game.s
    box = BOXES[action.b]
    worker = _worker(action.a)
    if box == "initiative":
        n = len(s.initiative) + 1
        text = "Place a {worker} on Initiative (${money}, place {place} in the Player Order)"
        return _m(text, worker=worker, money=n, place=n)
    if box in _QUEUES:
        space = len(getattr(s, _QUEUES[box])) + 1
        return _m(
            "Place a {worker} on {box} (space {space})",
            worker=worker,
            box={"box": box},
            space=space,
        )
    if box == "training":
        text = "Place a {worker} on Specialists: Training (${money} for any Specialist)"
        return _m(text, worker=worker, money=_TRAINING_PRICE)
    return _m("Place a {worker} on {box}", worker=worker, box={"box": box})


def _region_msg(game: DiscoveryGame, action: Action, d: dict, viewer: Any) -> dict:
    r = action.a
    kind = d.get("kind", "")
    if kind == "expedition_target":
        c = visible_counter(game.s, viewer, r)
        if c is None or c < 0:
            return _m("Explore {region} (counter face down)", region=_region(r))
        info = COUNTERS[c]
        return _m(
            "Explore {region} (Resistance {resistance}; ${plunder} + ${per_soldier} per "
            "Soldier, {vp} VP)",
            region=_region(r),
            resistance=info.resistance,
            plunder=info.plunder,
            per_soldier=info.per_soldier,
            vp=info.vp,
        )
    if kind == "dock":
        return _dock_msg(game, d, r)
    if kind == "trade_specialist":
        worker = _worker(d["worker"]) if "worker" in d else "worker"
        return _m("Trade the {worker} in {region} for a Colonist", worker=worker, region=_region(r))
    return _m(_REGION_VERBS.get(kind, "Choose {region}"), region=_region(r))


def _dock_msg(game: DiscoveryGame, d: dict, r: int) -> dict:
    """Sending a worker from the Colonist Dock: the colony it grows, what it brings."""
    s = game.s
    p, w = d["player"], d["worker"]
    before = sum(s.region_workers[r][p])
    bonus = 0
    if w == MISSIONARY and not reformed(s, p, r):
        bonus = min(2 if CATHEDRAL in s.owned[p] else 1, s.supply[p][COLONIST])
    after = before + 1 + bonus
    args: dict[str, Any] = {
        "worker": _worker(w),
        "region": _region(r),
        "before": before,
        "after": after,
    }
    good = s.region_good[r] >= 0 and after >= 3
    if good:
        args["good"] = {"good": GOOD_IDS[s.region_good[r]]}
    if w == MERCHANT:
        args["money"] = MERCHANT_INCOME
    head = "Send the {worker} to {region} (workers there {before} -> {after}"
    if good and w == MERCHANT:
        return _m(head + ", takes {good}, +${money})", **args)
    if good:
        return _m(head + ", takes {good})", **args)
    if w == MERCHANT:
        return _m(head + ", +${money})", **args)
    return _m(head + ")", **args)


def _expedition(game: DiscoveryGame, d: dict, viewer: Any) -> tuple[int, int | None]:
    """The strength of the expedition being formed and the Resistance it meets, as ``viewer``
    knows it (None when unknown)."""
    s = game.s
    p = d["player"]
    strength = expedition_value(s, p, d["members"])
    if "resistance" in d:  # Portuguese Explorers
        return strength, d["resistance"]
    target = d["target"]
    if target < 0:
        top = s.deck[-1] if s.deck and viewer is not None else -1
        if top >= 0 and s.deck_peeks[viewer][0] == top:
            return strength, resistance_for(s, p, CARDS[top].resistance)
        return strength, None
    c = visible_counter(s, viewer, target)
    if c is None or c < 0:
        return strength, None
    return strength, resistance_for(s, p, COUNTERS[c].resistance)


def _worker_msg(game: DiscoveryGame, action: Action, d: dict, viewer: Any) -> dict:
    kind = d.get("kind", "")
    worker = _worker(action.a)
    if kind == "expedition_members":
        strength, _ = _expedition(game, d, viewer)
        members = list(d["members"])
        members[action.a] += 1
        after = expedition_value(game.s, d["player"], members)
        return _m(
            "Send a {worker} (strength {before} -> {after})",
            worker=worker,
            before=strength,
            after=after,
        )
    if kind == "casualty":
        return _m(
            "Remove {player}'s {worker} in {region}",
            player={"seat": d["victim"]},
            worker=worker,
            region=_region(d["region"]),
        )
    if kind == "training":
        return _m("Train a {worker} (${money})", worker=worker, money=_TRAINING_PRICE)
    return _m(_WORKER_VERBS.get(kind, "Choose {worker}"), worker=worker)


def _other_msg(game: DiscoveryGame, action: Action, d: dict, viewer: Any) -> dict:
    k, kind, a = action.kind, d.get("kind", ""), action.a
    if k == "deck":
        return _m("Explore with the Discovery deck")
    if k == "scout":
        what = (
            _m("the top Discovery card")
            if a >= len(REGION_IDS)
            else _m("the counter in {region}", region=_region(a))
        )
        return _m("Scout {what} (${money})", what=what, money=age_of_turn(game.s.turn))
    if k in _PUT_BACK:
        return _m(_PUT_BACK[k])
    if k == "player":
        return _m("Choose {player}", player={"seat": a})
    if kind == "order_bid" and k in ("bid", "skip"):
        if k == "bid":
            return _m("Bid ${money} for the first place", money=a)
        return _m("Pass (take the last free place)")
    if k == "good":
        return _m("Take {good}", good={"good": GOOD_IDS[a]})
    if k == "building":
        b = BUILDINGS[a]
        cost = price(game.s, a, d.get("worker", -1))
        return _m(
            "Buy {building} (${money}): {text}",
            building={"building": b.id},
            money=cost,
            text=b.text,
        )
    if k == "use":
        return _m("Use {building}", building={"building": BUILDINGS[a].id})
    if k == "target":
        return _m("Move a worker to the front of {track}", track=_track(UNIVERSITY_TARGETS[a]))
    if k == "index":
        if kind == "migration_count":
            return {"msg": "Move {n} Colonist", "plural": "Move {n} Colonists", "args": {"n": a}}
        return _m("Move the worker at position {n} to the front", n=a + 1)
    if k == "done" and kind == "expedition_members":
        strength, resistance = _expedition(game, d, viewer)
        if resistance is None:
            return _m("Launch the expedition (strength {strength})", strength=strength)
        text = "Launch the expedition (strength {strength} against Resistance {resistance})"
        return _m(text, strength=strength, resistance=resistance)
    if k == "war":
        return _m("Declare a War (${money})", money=_WAR_PRICE)
    if k in _DONE:
        return _m(_DONE[k])
    return _m("{action}", action={"text": str(action)})


def _nations_msg(game: DiscoveryGame, action: Action, d: dict) -> dict | None:
    """The National Advantage decisions' words (None: not one of them)."""
    s = game.s
    k, kind, a = action.kind, d.get("kind", ""), action.a
    if k == "nation":
        nation, power = {"nation": NATION_IDS[a]}, nations.POWERS[a]
        if "price" in d:
            text = "Take the {nation} board for ${money}: {power}"
            return _m(text, nation=nation, money=d["price"], power=power)
        return _m("Take the {nation} board: {power}", nation=nation, power=power)
    if kind == "nation_bid":
        if k == "bid":
            text = "Bid ${money} for a board and place {place} of the Player Order"
            return _m(text, money=a, place=d["place"])
        return _m("Pass (out of this auction)")
    if kind == "advantage":
        nid = d["nation"]
        nation, k_nation = {"nation": nid}, _NATION_INDEX[nid]
        if k == "advantage":
            text = "Use {nation}'s National Advantage: {power}"
            return _m(text, nation=nation, power=nations.POWERS[k_nation])
        if k_nation == nations.SPAIN:
            return _m("Do not use {nation}'s National Advantage now (it is lost)", nation=nation)
        return _m("Do not use {nation}'s National Advantage now", nation=nation)
    return _nations_more(s, action, d, kind)


def _nations_more(s, action: Action, d: dict, kind: str) -> dict | None:
    k, a = action.kind, action.a
    if kind == "advantage_order":
        if k == "done":
            return _m("Keep the other workers on the Colonist Dock in their order")
        q, w = s.dock[d["placed"] + a]
        text = "{player}'s {worker} goes next on the Colonist Dock"
        return _m(text, player={"seat": q}, worker=_worker(w))
    if kind == "advantage_replace" and k == "place":
        q, w = s.specialists[action.b]
        return _m(
            "Replace {owner}'s {worker} on {box} with a {other}",
            owner={"seat": q},
            worker=_worker(w),
            box={"box": BOXES[action.b]},
            other=_worker(a),
        )
    if kind == "advantage_region" and k == "region":
        text = "Discover {region} with a Soldier (Spanish Conquistadors)"
        return _m(text, region=_region(a))
    if kind == "advantage_good" and k == "good":
        text = "Take {good} (French Trade with the Native Americans)"
        return _m(text, good={"good": GOOD_IDS[a]})
    if kind == "expedition_target" and k == "deck" and not all(s.discovered):
        text = "Explore with the Discovery deck at Resistance {resistance} (Portuguese Explorers)"
        return _m(text, resistance=nations.PORTUGAL_RESISTANCE)
    return None
