"""What a player may see (ruling 19) and words for actions.

Hidden from everyone: face-down Discovery counters (on the board and unused), the Discovery deck
order, the Capital Building stacks and the Trade Goods pool; only their sizes are shown. A counter
revealed by a failed expedition is public. Everything players hold is public. The observation is
built only from public fields, so nothing hidden can leak into it.
"""

from __future__ import annotations

from typing import Any

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from empires.core.events import seat_name
from empires.discovery import nations, scoring
from empires.discovery.actions import MILITIA, UNIVERSITY_TARGETS, WORKER_CHOICES, Action
from empires.discovery.colonist_dock import CATHEDRAL, MERCHANT_INCOME, reformed
from empires.discovery.data import (
    BOX_NAMES,
    BOXES,
    BUILDINGS,
    CARDS,
    COLONIST,
    COUNTERS,
    GOOD_IDS,
    MERCHANT,
    MISSIONARY,
    NATION_IDS,
    NATION_NAMES,
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
    """Words for an action in the context of the decision it answers, with what the choice
    costs or gains where the rules make it plain. A Discovery counter is described only as
    ``viewer`` (a seat, or None: the public) knows it: face up, or scouted by that seat."""
    k = action.kind
    d = game.decision or {}
    text = _describe_nations(game, action, d)
    if text is None and k == "place":
        text = _describe_place(game, action)
    if text is None and k == "region":
        text = _describe_region(game, action, d, viewer)
    if text is None and k == "worker":
        text = _describe_worker(game, action, d, viewer)
    if text is None:
        text = _describe_other(game, action, d, viewer)
    return text


def _worker_name(w: int) -> str:
    return "temporary Militia Soldier" if w == MILITIA else WORKER_CHOICES[w].capitalize()


def _good_name(g: int) -> str:
    return GOOD_IDS[g].capitalize()


def _reward(info) -> str:
    return (
        f"Resistance {info.resistance}; ${info.plunder} + ${info.per_soldier} per Soldier, "
        f"{info.vp} VP"
    )


def _describe_place(game: DiscoveryGame, action: Action) -> str:
    s = game.s
    box = BOXES[action.b]
    text = f"Place a {_worker_name(action.a)} on {BOX_NAMES[box]}"
    if box == "initiative":
        n = len(s.initiative) + 1
        return f"{text} (${n}, place {n} in the Player Order)"
    queues = {"trade_goods": s.tg_box, "buildings": s.cb_box, "dock": s.dock, "warfare": s.warfare}
    if box in queues:
        return f"{text} (space {len(queues[box]) + 1})"
    if box == "training":
        return f"{text} ($5 for any Specialist)"
    return text


def _describe_region(game: DiscoveryGame, action: Action, d: dict, viewer: int | None) -> str:
    s = game.s
    r = action.a
    name = REGION_NAMES[r]
    kind = d.get("kind", "")
    if kind == "expedition_target":
        c = visible_counter(s, viewer, r)
        if c is None or c < 0:
            return f"Explore {name} (counter face down)"
        return f"Explore {name} ({_reward(COUNTERS[c])})"
    if kind == "dock":
        return _describe_dock(game, d, r)
    verbs = {
        "cartography": "Discover {1} (New World Cartography)",
        "stables_from": "Move a Soldier out of {1}",
        "stables_to": "Move the Soldier to {1}",
        "battle_region": "Battle in {1}",
        "indian_allies": "Indian Allies: 2 Soldiers to {1}",
        "plague_3_region": "Plague in {1}",
        "trade_out": "Trade out the specialist in {1}",
        "allies_trade_out": "Trade out the Soldier in {1} for a Colonist",
        "trade_specialist": "Trade the {} in {} for a Colonist",
        "migration_from": "Migrate Colonists from {1}",
        "migration_to": "Migrate them to {1}",
    }
    worker = _worker_name(d["worker"]) if "worker" in d else "worker"
    return verbs.get(kind, "Choose {1}").format(worker, name)


def _describe_dock(game: DiscoveryGame, d: dict, r: int) -> str:
    """Sending a worker from the Colonist Dock: the colony it grows, what it brings."""
    s = game.s
    p, w = d["player"], d["worker"]
    before = sum(s.region_workers[r][p])
    bonus = 0
    if w == MISSIONARY and not reformed(s, p, r):
        bonus = min(2 if CATHEDRAL in s.owned[p] else 1, s.supply[p][COLONIST])
    after = before + 1 + bonus
    gains = [f"workers there {before} -> {after}"]
    if s.region_good[r] >= 0 and after >= 3:
        gains.append(f"takes {_good_name(s.region_good[r])}")
    if w == MERCHANT:
        gains.append(f"+${MERCHANT_INCOME}")
    return f"Send the {_worker_name(w)} to {REGION_NAMES[r]} ({', '.join(gains)})"


def _expedition(game: DiscoveryGame, d: dict, viewer: int | None) -> tuple[int, str]:
    """The strength of the expedition being formed and the Resistance it meets, as ``viewer``
    knows it ("" when unknown)."""
    s = game.s
    p = d["player"]
    strength = expedition_value(s, p, d["members"])
    if "resistance" in d:  # Portuguese Explorers
        return strength, str(d["resistance"])
    target = d["target"]
    if target < 0:
        known = _deck_knowledge(s, viewer) or {}
        top = known.get("top")
        return strength, str(resistance_for(s, p, top["resistance"])) if top else ""
    c = visible_counter(s, viewer, target)
    if c is None or c < 0:
        return strength, ""
    return strength, str(resistance_for(s, p, COUNTERS[c].resistance))


def _describe_worker(game: DiscoveryGame, action: Action, d: dict, viewer: int | None) -> str:
    kind = d.get("kind", "")
    w = _worker_name(action.a)
    if kind == "expedition_members":
        strength, _ = _expedition(game, d, viewer)
        members = list(d["members"])
        members[action.a] += 1
        after = expedition_value(game.s, d["player"], members)
        return f"Send a {w} (strength {strength} -> {after})"
    if kind == "casualty":
        return f"Remove {seat_name(d['victim'])}'s {w} in {REGION_NAMES[d['region']]}"
    verbs = {
        "training": "Train a {} ($5)",
        "plague_2": "Lose a {}",
        "place": "Trade a {} in the New World for a Colonist",
        "order_specialist": "Take a free {}",
    }
    return verbs.get(kind, "Choose {}").format(w)


def _describe_other(game: DiscoveryGame, action: Action, d: dict, viewer: int | None) -> str:
    k, kind = action.kind, d.get("kind", "")
    if k == "deck":
        return "Explore with the Discovery deck"
    if k == "scout":
        what = (
            "the top Discovery card"
            if action.a >= len(REGION_IDS)
            else (f"the counter in {REGION_NAMES[action.a]}")
        )
        return f"Scout {what} (${age_of_turn(game.s.turn)})"
    if k in ("top", "bottom"):
        return f"Put the card back on the {k} of the deck"
    if k == "player":
        return f"Choose {seat_name(action.a)}"  # seats count from 1 in words
    if k == "bid" and kind == "order_bid":
        return f"Bid ${action.a} for the first place"
    if k == "skip" and kind == "order_bid":
        return "Pass (take the last free place)"
    if k == "good":
        return f"Take {_good_name(action.a)}"
    if k == "building":
        b = BUILDINGS[action.a]
        cost = price(game.s, action.a, d.get("worker", -1))
        return f"Buy {b.name} (${cost}): {b.text}"
    if k == "use":
        return f"Use {BUILDINGS[action.a].name}"
    if k == "target":
        return f"Move a worker to the front of {UNIVERSITY_TARGETS[action.a]}"
    if k == "index":
        if kind == "migration_count":
            return f"Move {action.a} Colonist{'s' if action.a > 1 else ''}"
        return f"Move the worker at position {action.a + 1} to the front"
    if k == "done" and kind == "expedition_members":
        return _describe_launch(game, d, viewer)
    return {
        "battle": "Declare a Battle",
        "war": "Declare a War ($10)",
        "done": "Done",
        "skip": "Skip",
    }.get(k, str(action))


def _describe_launch(game: DiscoveryGame, d: dict, viewer: int | None) -> str:
    strength, resistance = _expedition(game, d, viewer)
    against = f" against Resistance {resistance}" if resistance else ""
    return f"Launch the expedition (strength {strength}{against})"


def _describe_nations(game: DiscoveryGame, action: Action, d: dict) -> str | None:
    """Words for the National Advantage decisions (None: not one of them)."""
    s = game.s
    k, kind = action.kind, d.get("kind", "")
    if k == "nation":
        price = f" for ${d['price']}" if "price" in d else ""
        return f"Take the {NATION_NAMES[action.a]} board{price}: {nations.POWERS[action.a]}"
    if kind == "nation_bid":
        if k == "bid":
            return f"Bid ${action.a} for a board and place {d['place']} of the Player Order"
        return "Pass (out of this auction)"
    if kind == "advantage":
        k_nation = NATION_IDS.index(d["nation"])
        if k == "advantage":
            return f"Use {NATION_NAMES[k_nation]}'s National Advantage: {nations.POWERS[k_nation]}"
        lost = " (it is lost)" if k_nation == nations.SPAIN else ""
        return f"Do not use {NATION_NAMES[k_nation]}'s National Advantage now{lost}"
    if kind == "advantage_order":
        if k == "done":
            return "Keep the other workers on the Colonist Dock in their order"
        q, w = s.dock[d["placed"] + action.a]
        return f"{seat_name(q)}'s {WORKERS[w]} goes next on the Colonist Dock"
    if kind == "advantage_replace" and k == "place":
        q, w = s.specialists[action.b]
        return (
            f"Replace {seat_name(q)}'s {WORKERS[w]} on {BOX_NAMES[BOXES[action.b]]} "
            f"with a {WORKERS[action.a]}"
        )
    if kind == "advantage_region" and k == "region":
        return f"Discover {REGION_NAMES[action.a]} with a Soldier (Spanish Conquistadors)"
    if kind == "advantage_good" and k == "good":
        return f"Take {GOOD_IDS[action.a]} (French Trade with the Native Americans)"
    if kind == "expedition_target" and k == "deck" and not all(s.discovered):
        return (
            "Explore with the Discovery deck at Resistance "
            f"{nations.PORTUGAL_RESISTANCE} (Portuguese Explorers)"
        )
    return None


def describe_msg(game: Any, act: Any, viewer: Any = -2) -> dict:
    """The words of ``act`` as a message (empires.core.messages) as ``viewer`` may read them.
    (Transitional: the English of :func:`describe` shown as it is.)"""
    return {"msg": "{text}", "args": {"text": {"text": describe(game, act)}}}
