"""What a player may see, and words for actions.

Hidden: every hand but the viewer's (only the cards everybody saw being taken from a face-up draft
are shown, and the hand sizes), the order of every deck (only sizes), the cards a player drew to
choose among (Alternate Lookout, "draw 2 keep 1"), the face of Foundations, of the cards under a
Gate and of Trade Route markers. Everything else is public: Empires, Deals, supplies, discard piles,
face-up draft cards, the solo game's Target line. The observation is built from public fields and
the viewer's own, so nothing hidden can leak into it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from empires.settlers import scoring
from empires.settlers.actions import DECK_CHOICES, SHRINE_GOODS, TAKE_GOODS, Action
from empires.settlers.cards import GOODS, Card
from empires.settlers.decision_table import PROMPTS
from empires.settlers.flow import PHASES
from empires.settlers.rules import owner_of, taken_by
from empires.settlers.solo import achievement

if TYPE_CHECKING:
    from empires.settlers.game import SettlersGame


def effects_text(effects) -> str:
    """Short words for a list of effects (the options of a choice)."""
    parts = []
    for e in effects:
        ((key, arg),) = e.items()
        if key == "gain":
            parts += [f"{n} {g}" for g, n in arg.items()]
        else:
            parts.append(key.replace("_", " "))
    return ", ".join(parts)


# card_view's dict of each card, made once (a Card is frozen): (the card, its view), by the
# card's id(); a hit is checked to be the same card. Bounded: cleared when full (card files).
_VIEWS: dict[int, tuple[Card, dict[str, Any]]] = {}
_VIEWS_MAX = 4096


def card_view(card: Card) -> dict:
    """What a face-up card is and does, in a new dict with its own lists."""
    entry = _VIEWS.get(id(card))
    if entry is None or entry[0] is not card:
        if len(_VIEWS) >= _VIEWS_MAX:
            _VIEWS.clear()
        entry = (card, _card_view(card))
        _VIEWS[id(card)] = entry
    out = dict(entry[1])
    out["colors"] = list(card.colors)
    out["raze"] = list(card.raze)
    return out


def _card_view(card: Card) -> dict:
    cost = [f"{n} {g}" for g, n in zip(("wood", "stone", "food"), card.cost, strict=True) if n]
    if card.cost_location:
        cost.append("a Location")
    kind = [*card.colors, card.deck] if card.is_faction else list(card.colors)
    out: dict[str, Any] = {
        "id": card.id,
        "name": card.name,
        "card": " ".join([*kind, card.type]),
        "colors": list(card.colors),
        "type": card.type,
        "cost": ", ".join(cost) or "free",
        "raze": list(card.raze),
        "deal": card.deal,
        "text": card.text,
        # printed (verified built-in ability), unverified (played without its ability) or
        # house (the ability comes from a user's card file, not from the printed card)
        "source": card.source,
    }
    if card.unverified:
        out["unverified"] = True
    if card.known_text:
        out["known_text"] = card.known_text
    return out


def _location(s, c: int, owner: int | None = None) -> dict:
    card = s.db[c]
    out = {"id": card.id, "name": card.name}
    if owner is not None:
        out["owner"] = owner
    out["card"] = " ".join([*card.colors, card.type])
    # face up on the table: what the card is and does (the web table draws it), as card_view
    out["colors"] = list(card.colors)
    out["type"] = card.type
    out["text"] = card.text
    if card.is_faction:
        out["faction"] = card.deck
    if card.unverified:
        out["unverified"] = True
    out["source"] = card.source
    if card.known_text:
        out["known_text"] = card.known_text
    if card.action is not None:
        out["activations"] = f"{s.activations[c]}/{card.action.limit}"
    if c in s.defended:
        out["defense"] = True
    if c in s.samurai:
        out["samurai"] = True
    q = taken_by(s, c)
    if q is not None:
        out["taken_over_by"] = q
    if c in s.blocked:
        out["blocked"] = True
    for card_, n in s.shrine:
        if card_ == c:
            out["resources_on_it"] = n
    for entry in s.gate:
        if entry[0] == c:
            out["cards_under_it"] = len(entry) - 1
    return out


def _decision(d: dict | None, db) -> dict | None:
    if d is None:
        return None
    out = {"kind": d["kind"], "player": d["player"], "prompt": PROMPTS.get(d["kind"], d["kind"])}
    for k, v in d.items():
        if k not in ("kind", "player"):
            out[k] = v
    # the card a decision is about (being built, activated, giving a choice) is face up: named
    card = d.get("card", d.get("by"))
    if isinstance(card, int) and card >= 0:
        out["card_name"] = db[card].name
    return out


def _player_view(s, db, p: int) -> dict:
    """Seat ``p``'s holdings as everybody sees them: of its hand, its size and the cards
    everybody saw it take (:func:`observe` shows the viewer its own)."""
    return {
        "seat": p,
        "faction": db.factions[s.factions[p]]["name"],
        "vp": s.vp[p],
        "goods": {g: s.supply[p][i] for i, g in enumerate(GOODS) if s.supply[p][i]},
        "passed": s.passed[p],
        "hand_size": len(s.hand[p]),
        "hand": [db[c].name for c in s.known[p]],
        "locations": [db[c].name for c in s.empire[p]],
        "foundations": len(s.foundations[p]),
        "deals": [{"id": db[c].id, "name": db[c].name, "deal": db[c].deal} for c in s.deals[p]],
        "trade_route_deals": [
            {"id": db[loc].id, "name": db[loc].name, "deal": db[loc].deal}
            for q, loc, _ in s.trade_deals
            if q == p
        ],
        "faction_deck": len(s.faction_deck[p]),
        "faction_discard": [db[c].id for c in s.faction_discard[p]],
    }


def public_part(game: SettlersGame) -> dict:
    """What the observation shows every viewer alike, built once for several viewers of one
    state (``SettlersGame.shared_observation``): everything but the viewer's seat, hand and
    secret choices, with every player's hand as the public knows it."""
    s = game.s
    db = s.db
    n = s.num_players
    terminal = game.is_terminal()
    out = {
        "num_players": n,
        "options": s.options.to_json(),
        "round": s.round,
        "phase": PHASES.get(s.step, s.step),
        "step": s.step,
        "first_player": s.first,
        "current_player": game.current_player,
        "decision": _decision(game.decision, db),
        "draft": [card_view(db[c]) for c in s.draft],
        "locations": [_location(s, c, p) for p in range(n) for c in s.empire[p]],
        "common_deck": len(s.common_deck),
        "common_discard": [db[c].id for c in s.common_discard],
        "players": [_player_view(s, db, p) for p in range(n)],
        "scores": scoring.scores(s),
        "terminal": terminal,
    }
    if s.solo:
        out["virtual_player"] = {
            "locations": [_location(s, c, -1) for c in s.vlocs],
            "collection": len(s.collection),
            "target_line": [db[c].target for c in s.attack_line],
            "attack_deck": len(s.attack_deck),
        }
    if terminal:
        out["ranking"] = scoring.ranking(s)
        if s.solo:
            row = out["scores"][0]
            out["result"] = (
                f"won: {achievement(row['total'])[1]}"
                if row["won"]
                else "lost to the virtual player"
            )
    return out


def observe(game: SettlersGame, player: Any, public: dict | None = None) -> dict:
    """What seat ``player`` (None: a spectator) may see. ``public``: :func:`public_part` of
    this state, shared with other viewers (its parts are put in as they are); else made here."""
    s = game.s
    db = s.db
    n = s.num_players
    if player is not None and not (isinstance(player, int) and 0 <= player < n):
        raise ValueError(f"no seat {player!r} in a {n}-player game")
    p = public_part(game) if public is None else public
    players = p["players"]
    if player is not None:  # the viewer's own hand, in a new list and dict
        players = list(players)
        players[player] = {**players[player], "hand": [db[c].name for c in s.hand[player]]}
    obs = {
        "game": "settlers",
        "player": player,
        "num_players": p["num_players"],
        "options": p["options"],
        "round": p["round"],
        "phase": p["phase"],
        "step": p["step"],
        "first_player": p["first_player"],
        "current_player": p["current_player"],
        "decision": p["decision"],
        "draft": p["draft"],
        "your_hand": [card_view(db[c]) for c in s.hand[player]] if player is not None else [],
        # cards the viewer is choosing among in secret (Alternate Lookout, "draw 2 keep 1")
        "your_choices": (
            [card_view(db[c]) for c in s.alt[player] + s.looking[player]]
            if player is not None
            else []
        ),
        "locations": p["locations"],
        "common_deck": p["common_deck"],
        "common_discard": p["common_discard"],
        "players": players,
        "scores": p["scores"],
        "terminal": p["terminal"],
    }
    for key in ("virtual_player", "ranking", "result"):
        if key in p:
            obs[key] = p[key]
    return obs


def _goods_words(goods) -> str:
    """``("wood", "wood", "vp")`` as "2 Wood, 1 VP" (the printed words of the Goods)."""
    counts: dict[str, int] = {}
    for g in goods:
        counts[g] = counts.get(g, 0) + 1
    return ", ".join(f"{n} {GOOD_NAMES.get(g, g)}" for g, n in counts.items())


# Each good as printed (the terminal screen uses these names too).
GOOD_NAMES = {
    "wood": "Wood",
    "stone": "Stone",
    "food": "Food",
    "gold": "Gold",
    "worker": "Worker",
    "raze": "Raze token",
    "defense": "Defense token",
    "vp": "VP",
    "card": "card",
    "common_card": "Common card",
    "faction_card": "Faction card",
    "samurai": "Samurai",
}


def _cost_words(card: Card) -> str:
    """A card's building cost as printed: "2 Wood, 1 Stone", "1 Stone, a Location", "free"."""
    cost = card_view(card)["cost"]
    if cost == "free":
        return cost
    return ", ".join(
        _goods_words([g] * int(n)) if n.isdigit() else part
        for part in cost.split(", ")
        for n, _, g in [part.partition(" ")]
    )


def _build_words(s, action: Action, kind: str, name: str) -> str:
    how = " (ability)" if kind == "ability" else ""
    return f"Build {name}{how} ({_cost_words(s.db[action.a])})"


def _pick_words(card: Card) -> str:
    """A face-up card on offer: "Sawmill (brown Action, cost 1 Wood, 1 Stone)"."""
    kind = " ".join([*card.colors, card.type.capitalize()])
    return f"Take {card.name} ({kind}, cost {_cost_words(card)})"


def _deal_words(s, action: Action, kind: str, name: str) -> str:
    deal = s.db[action.a].deal
    gain = _goods_words([deal]) if deal else "nothing"
    return f"Make a Deal with {name} (1 Food: {gain} now and each Production phase)"


def _raze_words(s, action: Action, kind: str, name: str) -> str:
    gain = _goods_words(s.db[action.a].raze) or "nothing"
    return f"Raze {name} from hand (1 Raze token: gain {gain})"


def _raze_location_words(s, action: Action, kind: str, name: str) -> str:
    owner = owner_of(s, action.a)
    whose = (
        "" if owner is None else "the virtual player's " if owner < 0 else f"Player {owner + 1}'s "
    )
    gain = _goods_words(s.db[action.a].raze) or "nothing"
    return f"Raze {whose}{name} (gain {gain})"


def _activate_words(s, action: Action, kind: str, name: str) -> str:
    text = s.db[action.a].text
    what = ""
    if text.startswith("Action: ") and not s.db[action.a].unverified:
        what = f": {text[len('Action: ') :].split('.')[0]}"
    return f"Activate {name}" + (" twice" if action.b == 2 else "") + what


_CARD_ACTIONS = {
    "build": _build_words,
    "deal": _deal_words,
    "raze": _raze_words,
    "raze-location": _raze_location_words,
    "activate": _activate_words,
}


def describe(game: SettlersGame, action: Action, viewer: int | None = -2) -> str:
    """Words for an action in the context of the decision it answers. With a ``viewer`` (a seat,
    or None for a spectator) other than the deciding player, a card chosen in secret is not
    named."""
    s = game.s
    d = game.decision or {}
    kind = d.get("kind", "")
    secret = viewer != -2 and viewer != d.get("player")
    k = action.kind

    def name(c: int) -> str:
        for _, loc, marker in s.trade_deals:  # a Trade Route marker's face is never shown
            if marker == c:
                return f"the Trade Route Deal with {s.db[loc].name}"
        return s.db[c].name

    if k == "pick":
        if secret and s.draft_stage.startswith("alt"):
            return "Keep one of the cards drawn"
        return _pick_words(s.db[action.a])
    if k in _CARD_ACTIONS:
        return _CARD_ACTIONS[k](s, action, kind, name(action.a))
    if k == "defend":
        return f"Place a Defense token on {name(action.a)}"
    if k == "samurai":
        return f"Deploy a Samurai on {name(action.a)}"
    if k == "gate":
        return "Put a card under the Gate" if secret else f"Put {name(action.a)} under the Gate"
    if k == "shrine":
        return f"Put 1 {GOOD_NAMES[SHRINE_GOODS[action.a]]} on the Shrine"
    if k == "discard":
        if kind == "build_discard":  # the card being built is face up; so is what pays for it
            what = "the Foundation " if action.a in s.foundations[d["player"]] else ""
            return f"Discard {what}{name(action.a)} to build {s.db[d['card']].name}"
        return f"Discard {name(action.a)}"
    if k == "target":
        if secret and d.get("special") == "sanctuary":
            return "Put a card from hand as a Foundation"
        return f"Choose {name(action.a)}"
    if k == "draw":
        verb = "Spend 2 Workers for a card from" if kind == "workers" else "Draw from"
        return f"{verb} the {DECK_CHOICES[action.a].capitalize()} deck"
    if k == "take":
        verb = "Spend 2 Workers for" if kind == "workers" else "Take"
        return f"{verb} {_goods_words([TAKE_GOODS[action.a]])}"
    if k == "player":
        return f"Choose Player {action.a + 1}"  # seats count from 1 in words
    if k == "option":
        options = d.get("options")
        if isinstance(options, list):
            return "Gain " + effects_text(options[action.a])
        if kind == "exchange":
            trig = s.db[d["card"]].triggers("build")[0]
            option = trig["options"][action.a]
            return (
                f"Spend {', '.join(f'{n} {g}' for g, n in option.get('spend', {}).items())} "
                f"for {effects_text(option.get('effects', []))}"
            )
        return f"Option {action.a}"
    return {
        "pass": "Pass",
        "workers": "Spend Workers in pairs",
        "done": "Done",
        "skip": "Skip",
    }.get(k, str(action))


def describe_msg(game: Any, act: Any, viewer: Any = -2) -> dict:
    """The words of ``act`` as a message (empires.core.messages) as ``viewer`` may read them.
    (Transitional: the English of :func:`describe` shown as it is.)"""
    return {"msg": "{text}", "args": {"text": {"text": describe(game, act, viewer)}}}
