"""The card data: loading, validating and indexing ``data/cards.json`` or a user's card file
(complete, or an overlay filling in some cards over the built-in data).

Every physical card has an index: the 204 cards of the data file in file order (84 Common, then the
Faction decks as the file lists them), then the 16 Attack cards (indices 204..219). Cards are
immutable :class:`Card` values; their abilities are written in the effect vocabulary below and
interpreted by :mod:`empires.settlers.rules`, :mod:`empires.settlers.abilities` and
:mod:`empires.settlers.card_effects`. The JSON Schema ``data/cards.schema.json`` describes every
key (a test keeps it and the names here in step); a user's file is checked against it first.

Effect vocabulary (a list of effects is applied in order):

* ``{"gain": {good: n}}``: goods from :data:`GAIN_GOODS` (``card``: a card from the deck of the
  player's choice; ``samurai``: Workers deployed at once as Samurai);
* ``{"gain_per_color": {"color", "good", "max"}}``: 1 good per Location of the colour (the card
  counts itself), at most ``max``;
* ``{"gain_per_samurai": {"good", "max"}}``: 1 good per Samurai in the Empire, at most ``max``;
* ``{"gain_per": {"count", "per", "good", "max"}}``: 1 good per ``per`` of :data:`COUNTS`;
* ``{"choose_one": [[effects], [effects]]}``: the player picks one list;
* ``{"draw_keep": {"deck", "draw", "keep"}}``: draw cards (``deck``: ``common``, ``faction`` or
  ``any`` card by card) and keep ``keep`` of them, discarding the rest;
* ``{"production_copy": {}}``: gain what one of the player's other Production Locations produces;
* ``{"pay": {"spend", "effects"}}``: the player may spend goods for the effects;
* ``{"steal": {"goods", "n"}}``: take goods from an enemy's supply;
* ``{"place_defense": {"n"}}``: Defense tokens on the player's Common Locations;
* ``{"enemies_lose": {good: n}}``: every enemy who has not passed loses goods;
* ``{"special": {"name", "params"}}``: an Action special (below) from any card.

Feature triggers (``"feature": [...]``, key ``on``): ``build`` (each time you build a Location of
one of ``colors`` / of ``deck``: ``effects``, or an optional exchange among ``options``), ``raze``
(each time you raze), ``razed`` (each time an enemy, or the solo game's virtual player, razes one
of your Locations), ``deal`` (each time you make a Deal), ``enemy_worker_pair`` (each pair of
Workers an enemy spends), ``gain`` (each time you gain at least ``at_least`` of ``good`` at once,
gain ``extra`` more), ``storage`` (``goods`` kept in the Cleanup phase), ``shrine`` (``thresholds``
of end-game VP for Resources placed on it), ``gate`` (cards from hand placed under it: ``per_card``
effects and ``end`` = ``[cards, vp]`` at the end of the game) and ``protection`` (enemies cannot do
what ``against`` lists of :data:`PROTECTIONS` to it, or with ``scope`` empire to any Location of
its Empire).

Action Locations (``"action"``): ``limit`` activations per round, ``spend`` (goods; ``card`` is a
card discarded from hand, ``deal`` one of the player's Deals), then ``effects`` and/or a
``special`` from :data:`SPECIALS` (with ``params``).

Where an ability comes from is each card's ``source``: ``printed`` (the built-in data),
``unverified`` (played without it) or ``house`` (a user's file; its text says so).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

# The player's supply, by index.
GOODS: tuple[str, ...] = ("wood", "stone", "food", "gold", "worker", "raze", "defense")
WOOD, STONE, FOOD, GOLD, WORKER, RAZE, DEFENSE = range(7)
RESOURCES = (WOOD, STONE, FOOD)
GOOD_INDEX = {g: i for i, g in enumerate(GOODS)}
GAIN_GOODS = (*GOODS, "vp", "card", "common_card", "faction_card", "samurai")
SPEND_GOODS = ("wood", "stone", "food", "gold", "worker", "raze", "card", "deal")
RAZE_GOODS = ("wood", "stone", "food", "gold", "worker", "raze", "vp", "card")
COLORS = ("brown", "gray", "red", "pink", "blue", "black", "gold", "purple")
FACTIONS: tuple[str, ...] = ("romans", "barbarians", "egyptians", "japanese")
DECKS = ("common", *FACTIONS)
TYPES = ("production", "feature", "action")
TRIGGERS = (
    "build",
    "raze",
    "enemy_worker_pair",
    "gain",
    "storage",
    "shrine",
    "gate",
    "deal",
    "razed",
    "protection",
)
EFFECTS = (
    "gain",
    "gain_per_color",
    "gain_per_samurai",
    "choose_one",
    "draw_keep",
    "production_copy",
    "gain_per",
    "pay",
    "steal",
    "place_defense",
    "enemies_lose",
    "special",
)
# What ``gain_per`` counts (the player's own, this moment).
COUNTS = (
    "locations",
    "common_locations",
    "faction_locations",
    "production_locations",
    "feature_locations",
    "action_locations",
    "deals",
    "foundations",
    "defense_tokens",
    "samurai",
    "cards_in_hand",
)
# What a "protection" Feature keeps enemies from doing to a Location.
PROTECTIONS = ("raze", "take_over", "remove", "block")
# The goods of a supply that can be taken or lost (not VP, cards or Defense tokens).
CONVERTIBLE = ("wood", "stone", "food", "gold", "worker", "raze")
SPECIALS = (
    "build_faction",
    "activate_other",
    "production_copy",
    "deal_good",
    "steal_resource",
    "raze_enemy",
    "take_over",
    "remove_enemy_location",
    "raze_own_common",
    "raze_gain_one",
    "raze_and_convert",
    "discard_enemy_deal",
    "steal_deal",
    "build_from_deal",
    "trade_route",
    "sanctuary",
    "enemy_discard",
    "block_action",
    "pay",
    "steal",
    "place_defense",
)
NUM_CARDS = 204
NUM_ATTACK = 16


def _by_fields(value: Any) -> tuple[Any, tuple[Any, ...]]:
    """How a frozen dataclass of the card data pickles (a game's state holds them): rebuilt from
    its fields by its constructor. A compiled (mypyc) frozen dataclass cannot be unpickled by
    pickle's default, which sets each attribute."""
    return type(value), tuple(getattr(value, f.name) for f in fields(value))


@dataclass(frozen=True, slots=True)
class ActionSpec:
    limit: int
    spend: tuple[tuple[str, int], ...]
    effects: tuple
    special: str | None
    params: dict

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _by_fields(self)


@dataclass(frozen=True, slots=True)
class Card:
    idx: int
    id: str
    name: str
    deck: str  # "common", a faction, or "attack"
    type: str
    colors: tuple[str, ...]
    cost: tuple[int, int, int]  # Wood, Stone, Food
    cost_location: bool
    raze: tuple[str, ...]
    razeable: bool
    deal: str | None
    vp: int
    production: tuple
    bonus: tuple
    feature: tuple
    action: ActionSpec | None
    unverified: bool
    text: str
    known_text: str | None = None
    target: str | None = None  # Attack cards: the Target good
    # where the ability comes from: "printed" (the built-in data, verified), "unverified" (played
    # without its ability) or "house" (a user's card file: never presented as printed)
    source: str = "printed"
    by_trigger: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def is_common(self) -> bool:
        return self.deck == "common"

    @property
    def is_faction(self) -> bool:
        return self.deck in FACTIONS

    @property
    def ability(self) -> ActionSpec:
        """The Action of an Action Location (asking it of any other card is an error)."""
        if self.action is None:
            raise ValueError(f"card {self.id!r} has no Action ability")
        return self.action

    def triggers(self, on: str) -> list[dict]:
        return self.by_trigger.get(on, [])

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _by_fields(self)


@dataclass(frozen=True)
class CardDB:
    cards: tuple[Card, ...]
    by_id: dict[str, int]
    factions: dict[str, dict]
    path: str | None
    complete: bool
    attack_distribution: dict = field(default_factory=dict)
    trigger_kinds: frozenset = frozenset()  # the Feature triggers some card of the data has

    @property
    def protections(self) -> bool:
        return "protection" in self.trigger_kinds

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _by_fields(self)

    def __getitem__(self, idx: int) -> Card:
        return self.cards[idx]

    def deck_cards(self, deck: str) -> list[int]:
        return [c.idx for c in self.cards if c.deck == deck]

    def unverified(self, decks) -> list[Card]:
        return [c for c in self.cards if c.unverified and c.deck in decks]


class CardFileError(ValueError):
    """A card file that cannot be used; the message names the card and the field (also given
    apart as ``card`` and ``field`` when known)."""

    def __init__(self, message: str, card: str | None = None, field: str | None = None):
        super().__init__(message)
        self.card = card
        self.field = field


def _check_effects(where: str, effects: Any) -> tuple:
    if not isinstance(effects, list):
        raise CardFileError(f"{where}: effects must be a list")
    for e in effects:
        if not isinstance(e, dict) or len(e) != 1 or next(iter(e)) not in EFFECTS:
            raise CardFileError(
                f"{where}: unknown effect {e!r}; expected one of {', '.join(EFFECTS)}"
            )
        ((key, arg),) = e.items()
        if key == "gain":
            _check_goods(where, arg, GAIN_GOODS)
        elif key in _EFFECT_CHECKS and not _EFFECT_CHECKS[key](where, arg):
            raise CardFileError(f"{where}: bad {key} {arg!r}")
    return tuple(effects)


def _is_count(n: Any, least: int = 0) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and n >= least


def _per_good(arg: Any) -> bool:
    return isinstance(arg, dict) and arg.get("good") in GAIN_GOODS and _is_count(arg.get("max"))


def _check_choose_one(where: str, arg: Any) -> bool:
    if not isinstance(arg, list) or len(arg) < 2:
        raise CardFileError(f"{where}: choose_one needs at least two options")
    for option in arg:
        _check_effects(where, option)
    return True


def _check_pay(where: str, arg: Any) -> bool:
    if not isinstance(arg, dict) or not arg.get("spend"):
        return False
    _check_goods(where, arg["spend"], SPEND_GOODS)
    _check_effects(where, arg.get("effects"))
    return True


def _check_special(where: str, arg: Any) -> bool:
    return (
        isinstance(arg, dict)
        and arg.get("name") in SPECIALS
        and arg["name"] != "pay"
        and isinstance(arg.get("params", {}), dict)
    )


_EFFECT_CHECKS = {
    "gain_per_color": lambda w, a: _per_good(a) and a.get("color") in COLORS,
    "gain_per_samurai": lambda w, a: _per_good(a),
    "gain_per": lambda w, a: (
        _per_good(a) and a.get("count") in COUNTS and _is_count(a.get("per", 1), 1)
    ),
    "choose_one": _check_choose_one,
    "draw_keep": lambda w, a: (
        isinstance(a, dict)
        and a.get("deck") in ("common", "faction", "any")
        and 1 <= a.get("keep", 0) <= a.get("draw", 0)
    ),
    "pay": _check_pay,
    "steal": lambda w, a: (
        isinstance(a, dict)
        and _is_count(a.get("n", 1), 1)
        and bool(a.get("goods"))
        and all(g in CONVERTIBLE for g in a["goods"])
    ),
    "place_defense": lambda w, a: isinstance(a, dict) and _is_count(a.get("n", 1), 1),
    "enemies_lose": lambda w, a: bool(_check_goods(w, a, CONVERTIBLE)),
    "special": _check_special,
}


def _check_goods(where: str, goods: Any, allowed) -> dict:
    if not isinstance(goods, dict):
        raise CardFileError(f"{where}: goods must be an object, got {goods!r}")
    for g, n in goods.items():
        if g not in allowed or not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise CardFileError(f"{where}: bad good {g!r}: {n!r}")
    return goods


def _check_feature(where: str, f: Any) -> None:
    if not isinstance(f, dict) or f.get("on") not in TRIGGERS:
        raise CardFileError(f"{where}: unknown feature trigger {f!r}")
    for key in ("effects", "per_card"):
        if key in f:
            _check_effects(where, f[key])
    for option in f.get("options", []):
        _check_goods(where, option.get("spend", {}), SPEND_GOODS)
        _check_effects(where, option.get("effects", []))
    if f["on"] == "build" and "effects" not in f and "options" not in f:
        raise CardFileError(f"{where}: a 'build' feature needs 'effects' or 'options'")
    if f["on"] in ("deal", "razed", "raze") and "effects" not in f:
        raise CardFileError(f"{where}: a {f['on']!r} feature needs its 'effects'")
    if f["on"] == "protection":
        against = f.get("against")
        if not against or not all(a in PROTECTIONS for a in against):
            raise CardFileError(
                f"{where}: a protection feature lists 'against' among {', '.join(PROTECTIONS)}"
            )
        if f.get("scope", "self") not in ("self", "empire"):
            raise CardFileError(f"{where}: a protection's scope is 'self' or 'empire'")


def _card(idx: int, raw: dict) -> Card:
    cid = raw["id"]  # present: parse_cards sorted the cards by it
    where = f"card {cid!r}"
    try:
        deck = raw["deck"]
        if deck not in DECKS:
            raise CardFileError(f"{where}: unknown deck {deck!r}")
        if raw["type"] not in TYPES:
            raise CardFileError(f"{where}: unknown type {raw['type']!r}")
        colors = tuple(raw["colors"])
        if any(c not in COLORS for c in colors):
            raise CardFileError(f"{where}: unknown colour in {colors!r}")
        cost = _check_goods(where, raw.get("cost", {}), ("wood", "stone", "food"))
        raze = tuple(raw.get("raze", []))
        if any(g not in RAZE_GOODS for g in raze):
            raise CardFileError(f"{where}: unknown good in Raze field {raze!r}")
        deal = raw.get("deal")
        if deal is not None and deal not in RAZE_GOODS:
            raise CardFileError(f"{where}: unknown Deal good {deal!r}")
        unverified = bool(raw.get("unverified", False))
        feature = raw.get("feature") or []
        for f in feature:
            _check_feature(where, f)
        action = None
        if raw.get("action"):
            a = raw["action"]
            special = a.get("special")
            if special is not None and special not in SPECIALS:
                raise CardFileError(f"{where}: unknown special {special!r}")
            limit = a.get("limit", 1)
            if limit not in (1, 2):
                raise CardFileError(f"{where}: limit must be 1 or 2")
            spend = _check_goods(where, a.get("spend", {}), SPEND_GOODS)
            action = ActionSpec(
                limit,
                tuple(spend.items()),
                _check_effects(where, a.get("effects", [])),
                special,
                dict(a.get("params", {})),
            )
        if unverified:  # played without its ability: only the known fields are used
            feature, action = [], None
        return Card(
            idx=idx,
            id=cid,
            name=raw["name"],
            deck=deck,
            type=raw["type"],
            colors=colors,
            cost=(cost.get("wood", 0), cost.get("stone", 0), cost.get("food", 0)),
            cost_location=bool(raw.get("cost_location", False)),
            raze=raze,
            razeable=bool(raw.get("razeable", bool(raze))),
            deal=deal,
            vp=int(raw.get("vp", 1 if deck == "common" else 2)),
            production=_check_effects(where, raw.get("production", [])),
            bonus=_check_effects(where, raw.get("bonus", [])),
            feature=tuple(feature),
            action=action,
            unverified=unverified,
            text=raw.get("text", ""),
            known_text=raw.get("known_text"),
            source="unverified" if unverified else "printed",
            by_trigger={on: [f for f in feature if f["on"] == on] for on in TRIGGERS},
        )
    except KeyError as exc:
        raise CardFileError(f"{where}: missing field {exc.args[0]!r}", cid) from None
    except CardFileError as exc:
        exc.card = exc.card or cid
        raise


def parse_cards(data: dict, path: str | None = None, reference: CardDB | None = None) -> CardDB:
    """A :class:`CardDB` from a complete card file's data (the built-in data has no
    ``reference``; a user's file is checked against the built-in data and its cards whose
    ability is not the printed one are marked as house cards)."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise CardFileError("a card file is a JSON object with a 'cards' list")
    raw_cards = data["cards"]
    raw_attacks = data.get("attack_cards", [])
    if len(raw_cards) != NUM_CARDS or len(raw_attacks) != NUM_ATTACK:
        raise CardFileError(
            f"a card file holds {NUM_CARDS} cards and {NUM_ATTACK} Attack cards, "
            f"not {len(raw_cards)} and {len(raw_attacks)}"
        )
    # Canonical order (Common, then the factions of FACTIONS; by id): the same indices, hence the
    # same action codes, for every card file.
    try:
        raw_cards = sorted(raw_cards, key=lambda r: (DECKS.index(r["deck"]), str(r["id"])))
        raw_attacks = sorted(raw_attacks, key=lambda r: str(r["id"]))
    except (KeyError, ValueError, TypeError, AttributeError):
        raise CardFileError("every card needs an 'id' and a known 'deck'") from None
    cards = [_card(i, raw) for i, raw in enumerate(raw_cards)]
    cards += [_attack_card(NUM_CARDS + i, raw) for i, raw in enumerate(raw_attacks)]
    by_id = {c.id: c.idx for c in cards}
    if len(by_id) != len(cards):
        raise CardFileError("card ids must be unique")
    if reference is not None:
        if set(by_id) != set(reference.by_id):
            missing = sorted(set(reference.by_id) - set(by_id))[:5]
            raise CardFileError(
                f"the card file must hold the same card ids as the game's data; "
                f"missing e.g. {', '.join(missing)}"
            )
        cards = [_house(c, reference[reference.by_id[c.id]]) for c in cards]
    factions = data.get("factions") or (reference.factions if reference else None)
    if not isinstance(factions, dict) or set(factions) != set(FACTIONS):
        raise CardFileError(f"'factions' must describe {', '.join(FACTIONS)}")
    for f in FACTIONS:
        if sorted(c.idx for c in cards if c.deck == f) == []:
            raise CardFileError(f"no {f} cards in the card file")
    return CardDB(
        tuple(cards),
        by_id,
        factions,
        path,
        not any(c.unverified for c in cards),
        data.get("attack_distribution", {}),
        frozenset(f["on"] for c in cards for f in c.feature),
    )


def _attack_card(idx: int, raw: dict) -> Card:
    if raw.get("target") not in RAZE_GOODS:
        raise CardFileError(
            f"attack card {raw.get('id')!r}: unknown target {raw.get('target')!r}",
            raw.get("id"),
            "target",
        )
    return Card(
        idx=idx,
        id=raw["id"],
        name=raw.get("name", "Attack card"),
        deck="attack",
        type="attack",
        colors=(),
        cost=(0, 0, 0),
        cost_location=False,
        raze=(),
        razeable=False,
        deal=raw["target"],
        vp=0,
        production=(),
        bonus=(),
        feature=(),
        action=None,
        unverified=bool(raw.get("unverified", False)),
        text=f"Target: {raw['target']}",
        target=raw["target"],
        source="unverified" if raw.get("unverified") else "printed",
    )


HOUSE = "House rule (not the printed text): "


def _house(card: Card, printed: Card) -> Card:
    """``card`` of a user's file, marked as a house card (its text labelled so) when its ability
    is not the built-in printed one: an unverified card filled in, or a printed one changed."""
    if card.unverified:
        return card
    ability = (card.feature, card.action, card.production, card.bonus, card.target)
    if not printed.unverified and ability == (
        printed.feature,
        printed.action,
        printed.production,
        printed.bonus,
        printed.target,
    ):
        return card
    return replace(card, source="house", text=HOUSE + (card.text or "(no text given)"))


# ---- overlays: a user's file that fills in some cards over the built-in data -------------------

# The fields of the built-in data an overlay may repeat (then they must match) but not change.
KNOWN_FIELDS = (
    "name",
    "deck",
    "type",
    "colors",
    "cost",
    "cost_location",
    "raze",
    "razeable",
    "deal",
    "vp",
    "production",
    "bonus",
    "copies",
    "known_text",
)
_ABSENT = {"production": [], "bonus": [], "raze": [], "cost": {}, "cost_location": False}


def builtin_data() -> dict:
    """The built-in card data as JSON (a fresh copy)."""
    return json.loads(_builtin_text())


@lru_cache(maxsize=1)
def _builtin_text() -> str:
    return resources.files("empires.settlers").joinpath("data/cards.json").read_text("utf-8")


def is_overlay(data: dict) -> bool:
    """A file that does not list every card (204 and the 16 Attack cards) fills in some."""
    cards, attacks = data.get("cards"), data.get("attack_cards", [])
    return not (
        isinstance(cards, list)
        and isinstance(attacks, list)
        and len(cards) == NUM_CARDS
        and len(attacks) == NUM_ATTACK
    )


def filled_in(entry: dict, kind: str) -> bool:
    """Whether an overlay entry gives an ability (a template's entries give none yet)."""
    if entry.get("unverified"):
        return False
    if kind == "attack":
        return entry.get("target") is not None
    return bool(entry.get("feature")) if kind == "feature" else bool(entry.get("action"))


def merge_overlay(data: dict) -> dict:
    """The built-in data with the overlay's cards filled in (a card filled in loses
    ``unverified``); CardFileError naming the card and field for an unknown id, a known field
    that differs from the built-in data, or a printed card's ability."""
    base = builtin_data()
    for key, kind in (("cards", None), ("attack_cards", "attack")):
        entries = data.get(key, [])
        if not isinstance(entries, list):
            raise CardFileError(f"'{key}' must be a list")
        known = {c["id"]: c for c in base[key]}
        seen: set[str] = set()
        for entry in entries:
            cid = entry.get("id") if isinstance(entry, dict) else None
            if not isinstance(cid, str) or cid not in known:
                raise CardFileError(f"{key}: no card {cid!r} in the game's data", cid, "id")
            if cid in seen:
                raise CardFileError(f"card {cid!r} is listed twice", cid, "id")
            seen.add(cid)
            _merge_card(known[cid], entry, kind or known[cid]["type"])
    return base


def _merge_card(card: dict, entry: dict, kind: str) -> None:
    cid = card["id"]
    wrong = {"action": "feature", "feature": "action"}.get(kind)
    if wrong and entry.get(wrong):
        raise CardFileError(
            f"card {cid!r}: {wrong}: a {kind!r} card's ability is its {kind!r} field", cid, wrong
        )
    for k in KNOWN_FIELDS:
        if k in entry and entry[k] != card.get(k, _ABSENT.get(k)):
            raise CardFileError(
                f"card {cid!r}: {k} is {card.get(k, _ABSENT.get(k))!r} in the game's data, "
                f"not {entry[k]!r} (an overlay fills in abilities only)",
                cid,
                k,
            )
    if not filled_in(entry, kind):
        return
    if not card.get("unverified"):
        if all(entry.get(k) == card.get(k) for k in ("feature", "action") if k in entry):
            return  # the printed ability repeated: nothing to fill in
        raise CardFileError(
            f"card {cid!r}: its printed ability is in the game's data; an overlay fills in "
            f"unverified cards only (a complete card file may change any card)",
            cid,
            "id",
        )
    card.pop("unverified")
    if kind == "attack":
        card["target"] = entry["target"]
        return
    for k in ("feature", "action", "text"):
        if k in entry:
            card[k] = entry[k]


# ---- loading ----------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def default_cards() -> CardDB:
    return parse_cards(json.loads(_builtin_text()))


@lru_cache(maxsize=1)
def card_schema() -> dict:
    """The JSON Schema of a card file (``data/cards.schema.json``), the vocabulary's reference."""
    text = resources.files("empires.settlers").joinpath("data/cards.schema.json").read_text("utf-8")
    return json.loads(text)


def schema_problems(data: Any) -> list[CardFileError]:
    """Where ``data`` breaks the card-file schema: one error per place, naming the card (by id,
    when the place is in a card) and the field."""
    from jsonschema import Draft202012Validator

    out = []
    validator = Draft202012Validator(card_schema())
    for err in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        where = list(err.absolute_path)
        cid = None
        if len(where) >= 2 and where[0] in ("cards", "attack_cards"):
            entry = data[where[0]][where[1]]
            cid = entry.get("id") if isinstance(entry, dict) else None
            where = where[2:]
        field_name = ".".join(map(str, where)) or None
        at = f"card {cid!r}" if cid else "the card file"
        where_text = f"{at}: {field_name}" if field_name else at
        out.append(CardFileError(f"{where_text}: {err.message}", cid, field_name))
    return out


def parse_card_file(data: Any, path: str | None = None) -> CardDB:
    """A user's card file, complete or an overlay, checked against the schema, then merged and
    checked by the engine; CardFileError (the first problem) when it cannot be used."""
    problems = schema_problems(data)
    if problems:
        raise problems[0]
    if is_overlay(data):
        data = merge_overlay(data)
    return parse_cards(data, path, default_cards())


@lru_cache(maxsize=16)
def _load_file(path: str, mtime: float) -> CardDB:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise CardFileError(f"cannot read card file {path}: {exc.strerror or exc}") from None
    except json.JSONDecodeError as exc:
        raise CardFileError(f"card file {path} is not valid JSON: {exc.msg}") from None
    return parse_card_file(data, path)


def load_cards(path: str | None) -> CardDB:
    """The default card data (``path`` None) or a user's card file (complete or an overlay)."""
    if path is None:
        return default_cards()
    try:
        mtime = Path(path).stat().st_mtime
    except OSError as exc:
        raise CardFileError(f"cannot read card file {path}: {exc.strerror or exc}") from None
    return _load_file(str(path), mtime)
