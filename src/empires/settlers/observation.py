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


# A count of each good as printed, singular and plural (catalogue entries: msgid_plural).
GOOD_COUNTS = {
    "wood": ("{n} Wood", "{n} Wood"),
    "stone": ("{n} Stone", "{n} Stone"),
    "food": ("{n} Food", "{n} Food"),
    "gold": ("{n} Gold", "{n} Gold"),
    "worker": ("{n} Worker", "{n} Workers"),
    "raze": ("{n} Raze token", "{n} Raze tokens"),
    "defense": ("{n} Defense token", "{n} Defense tokens"),
    "vp": ("{n} VP", "{n} VP"),
    "card": ("{n} card", "{n} cards"),
    "common_card": ("{n} Common card", "{n} Common cards"),
    "faction_card": ("{n} Faction card", "{n} Faction cards"),
    "samurai": ("{n} Samurai", "{n} Samurais"),
}
# The words of an effect other than a gain, as the options of a choice name it.
EFFECT_WORDS = {
    "draw_keep": "draw keep",
    "production_copy": "production copy",
    "pay": "pay",
    "steal": "steal",
    "place_defense": "place defense",
    "enemies_lose": "enemies lose",
    "special": "special",
    "choose_one": "choose one",
}
_RESOURCES = ("wood", "stone", "food")
_FREE = "free"
_NOTHING = "nothing"
_A_LOCATION = "a Location"


def good_count(good: str, n: int) -> dict:
    """``n`` of ``good`` as a plural message ("1 Wood", "2 Workers"); an unknown good by its
    key."""
    forms = GOOD_COUNTS.get(good)
    if forms is None:
        return {"msg": "{n} {good}", "args": {"n": n, "good": {"text": good}}}
    return {"msg": forms[0], "plural": forms[1], "args": {"n": n}}


def commas(parts: list) -> Any:
    """Parts joined with commas, as the printed fields list them ("1 Wood, 1 Stone")."""
    out = parts[0]
    for item in parts[1:]:
        out = {"msg": "{items}, {item}", "args": {"items": out, "item": item}}
    return out


def goods_msg(goods) -> Any:
    """``("wood", "wood", "vp")`` as "2 Wood, 1 VP" (a message); "nothing" when empty."""
    counts: dict[str, int] = {}
    for g in goods:
        counts[g] = counts.get(g, 0) + 1
    if not counts:
        return _NOTHING
    return commas([good_count(g, n) for g, n in counts.items()])


def cost_msg(card: Card) -> Any:
    """A card's building cost as printed: "2 Wood, 1 Stone", "1 Stone, a Location", "free"."""
    parts: list = [good_count(g, n) for g, n in zip(_RESOURCES, card.cost, strict=True) if n]
    if card.cost_location:
        parts.append(_A_LOCATION)
    return commas(parts) if parts else _FREE


def effects_msg(effects) -> Any:
    """The effects of an option of a choice ("1 VP, 1 Wood", "draw keep")."""
    parts: list = []
    for e in effects:
        ((key, arg),) = e.items()
        if key == "gain":
            parts += [good_count(g, n) for g, n in arg.items()]
        else:
            parts.append(EFFECT_WORDS.get(key) or {"text": key.replace("_", " ")})
    return commas(parts) if parts else _NOTHING


def _card(s, c: int) -> Any:
    """A card as an action names it: by id, or a Trade Route marker (its face never shown)."""
    for _, loc, marker in s.trade_deals:
        if marker == c:
            return {
                "msg": "the Trade Route Deal with {card}",
                "args": {"card": {"card": s.db[loc].id}},
            }
    return {"card": s.db[c].id}


def _build_msg(s, action: Action, d: dict, viewer: Any) -> dict:
    card = s.db[action.a]
    text = (
        "Build {card} (ability) ({cost})" if d.get("kind") == "ability" else "Build {card} ({cost})"
    )
    return {"msg": text, "args": {"card": _card(s, action.a), "cost": cost_msg(card)}}


def _pick_msg(s, action: Action, d: dict, viewer: Any) -> dict:
    """A face-up card on offer: "Take Sawmill (brown Action, cost 1 Wood, 1 Stone)"; a card
    drawn in secret (Alternate Lookout) is not named to the others."""
    if viewer != -2 and viewer != d.get("player") and s.draft_stage.startswith("alt"):
        return {"msg": "Keep one of the cards drawn", "args": {}}
    card = s.db[action.a]
    kind = " ".join([*card.colors, card.type.capitalize()])
    args = {"card": {"card": card.id}, "kind": kind, "cost": cost_msg(card)}
    return {"msg": "Take {card} ({kind}, cost {cost})", "args": args}


def _deal_msg(s, action: Action, d: dict, viewer: Any) -> dict:
    deal = s.db[action.a].deal
    args = {
        "card": _card(s, action.a),
        "cost": good_count("food", 1),
        "gain": good_count(deal, 1) if deal else _NOTHING,
    }
    return {
        "msg": "Make a Deal with {card} ({cost}: {gain} now and each Production phase)",
        "args": args,
    }


def _raze_msg(s, action: Action, d: dict, viewer: Any) -> dict:
    args = {
        "card": _card(s, action.a),
        "cost": good_count("raze", 1),
        "gain": goods_msg(s.db[action.a].raze),
    }
    return {"msg": "Raze {card} from hand ({cost}: gain {gain})", "args": args}


def _raze_location_msg(s, action: Action, d: dict, viewer: Any) -> dict:
    owner = owner_of(s, action.a)
    args: dict[str, Any] = {"card": _card(s, action.a), "gain": goods_msg(s.db[action.a].raze)}
    if owner is None:
        return {"msg": "Raze {card} (gain {gain})", "args": args}
    if owner < 0:
        return {"msg": "Raze the virtual player's {card} (gain {gain})", "args": args}
    args["player"] = {"seat": owner}
    return {"msg": "Raze {player}'s {card} (gain {gain})", "args": args}


def _activate_msg(s, action: Action, d: dict, viewer: Any) -> dict:
    card = s.db[action.a]
    twice = action.b == 2
    args: dict[str, Any] = {"card": _card(s, action.a)}
    what = None if card.unverified else action_words(card.text)
    if what is None:
        return {"msg": "Activate {card} twice" if twice else "Activate {card}", "args": args}
    args["what"] = what
    return {
        "msg": "Activate {card} twice: {what}" if twice else "Activate {card}: {what}",
        "args": args,
    }


def action_words(text: str) -> str | None:
    """What an Action Location's printed text says it does ("spend 1 Worker to gain 1 Gold"),
    a catalogue entry of its own; None when its text is not an Action's."""
    found = _ACTION_WORDS.get(text, 0)
    if found == 0:
        found = text[len("Action: ") :].split(".")[0] if text.startswith("Action: ") else None
        if len(_ACTION_WORDS) >= 4096:
            _ACTION_WORDS.clear()
        _ACTION_WORDS[text] = found
    return found  # type: ignore[return-value]


_ACTION_WORDS: dict[str, str | None] = {}


def _one_card(text: str) -> Any:
    def words(s, action: Action, d: dict, viewer: Any) -> dict:
        return {"msg": text, "args": {"card": _card(s, action.a)}}

    return words


def _gate_msg(s, action: Action, d: dict, viewer: Any) -> dict:
    if viewer != -2 and viewer != d.get("player"):
        return {"msg": "Put a card under the Gate", "args": {}}
    return {"msg": "Put {card} under the Gate", "args": {"card": _card(s, action.a)}}


def _shrine_msg(s, action: Action, d: dict, viewer: Any) -> dict:
    return {
        "msg": "Put {goods} on the Shrine",
        "args": {"goods": good_count(SHRINE_GOODS[action.a], 1)},
    }


def _discard_msg(s, action: Action, d: dict, viewer: Any) -> dict:
    args: dict[str, Any] = {"card": _card(s, action.a)}
    if d.get("kind") != "build_discard":
        return {"msg": "Discard {card}", "args": args}
    # the card being built is face up; so is what pays for it
    args["built"] = {"card": s.db[d["card"]].id}
    if action.a in s.foundations[d["player"]]:
        args["card"] = {"msg": "the Foundation {card}", "args": {"card": args["card"]}}
    return {"msg": "Discard {card} to build {built}", "args": args}


def _target_msg(s, action: Action, d: dict, viewer: Any) -> dict:
    if viewer != -2 and viewer != d.get("player") and d.get("special") == "sanctuary":
        return {"msg": "Put a card from hand as a Foundation", "args": {}}
    return {"msg": "Choose {card}", "args": {"card": _card(s, action.a)}}


_DRAW: dict[tuple[bool, int], dict[str, Any]] = {
    (True, 0): {"msg": "Spend {n} Workers for a card from the Common deck", "args": {"n": 2}},
    (True, 1): {"msg": "Spend {n} Workers for a card from the Faction deck", "args": {"n": 2}},
    (False, 0): {"msg": "Draw from the Common deck", "args": {}},
    (False, 1): {"msg": "Draw from the Faction deck", "args": {}},
}
assert tuple(DECK_CHOICES) == ("common", "faction")


def _draw_msg(s, action: Action, d: dict, viewer: Any) -> dict:
    m = _DRAW[d.get("kind") == "workers", action.a]
    return {"msg": m["msg"], "args": dict(m["args"])}


def _take_msg(s, action: Action, d: dict, viewer: Any) -> dict:
    good = good_count(TAKE_GOODS[action.a], 1)
    if d.get("kind") == "workers":
        return {"msg": "Spend {n} Workers for {goods}", "args": {"n": 2, "goods": good}}
    return {"msg": "Take {good}", "args": {"good": good}}


def _player_msg(s, action: Action, d: dict, viewer: Any) -> dict:
    return {"msg": "Choose {player}", "args": {"player": {"seat": action.a}}}


def _option_msg(s, action: Action, d: dict, viewer: Any) -> dict:
    options = d.get("options")
    if isinstance(options, list):
        return {"msg": "Gain {what}", "args": {"what": effects_msg(options[action.a])}}
    if d.get("kind") == "exchange":
        trig = [t for t in s.db[d["card"]].triggers("build") if "options" in t][0]
        option = trig["options"][action.a]
        spend = [good_count(g, n) for g, n in option.get("spend", {}).items()]
        args = {
            "spend": commas(spend) if spend else _NOTHING,
            "what": effects_msg(option.get("effects", [])),
        }
        return {"msg": "Spend {spend} for {what}", "args": args}
    return {"msg": "Option {n}", "args": {"n": action.a}}


_SIMPLE = {
    "pass": "Pass",
    "workers": "Spend Workers in pairs",
    "done": "Done",
    "skip": "Skip",
}
_WORDS = {
    "pick": _pick_msg,
    "build": _build_msg,
    "deal": _deal_msg,
    "raze": _raze_msg,
    "raze-location": _raze_location_msg,
    "activate": _activate_msg,
    "defend": _one_card("Place a Defense token on {card}"),
    "samurai": _one_card("Deploy a Samurai on {card}"),
    "gate": _gate_msg,
    "shrine": _shrine_msg,
    "discard": _discard_msg,
    "target": _target_msg,
    "draw": _draw_msg,
    "take": _take_msg,
    "player": _player_msg,
    "option": _option_msg,
}


def describe_msg(game: Any, act: Action, viewer: Any = -2) -> dict:
    """The words of legal action ``act`` in the context of the decision it answers, as a message
    (empires.core.messages) as ``viewer`` may read them: -2 the deciding player; a seat, or None
    for a spectator, other than the decider is never told a card chosen in secret (Alternate
    Lookout, Gate, Sanctuary). Small dicts of ids and ints: made for every applied action while
    the event log is on."""
    k = act.kind
    words = _WORDS.get(k)
    if words is not None:
        return words(game.s, act, game.decision or {}, viewer)
    text = _SIMPLE.get(k)
    if text is not None:
        return {"msg": text, "args": {}}
    return {"msg": "{text}", "args": {"text": {"text": str(act)}}}


def describe(game: SettlersGame, action: Action, viewer: Any = -2) -> str:
    """Words for an action in the context of the decision it answers (English): the message of
    :func:`describe_msg`."""
    return game.render(describe_msg(game, action, viewer), "en")
