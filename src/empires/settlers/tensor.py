"""A fixed-size float observation tensor for Imperial Settlers.

The tensor is built **only** from ``game.observation(player)`` (the view redacted for that
seat), so it never holds anything the observer may not know: a determinized copy of the game
(``game.determinize(player, rng)``) gives the same tensor.

Seats are **relative to the observer**: relative seat ``q`` is absolute seat
``(observer + q) % num_players``, so the observer is always relative seat 0. Every "player" axis
below is in relative seats; ``seat`` alone holds the observer's absolute seat. A spectator's
observation is encoded from seat 0 with an all-zero ``seat`` block.

Cards are counted **by name** (cards of one name are alike): ``C`` is the number of distinct
card names of the default card file (:data:`CARD_NAMES`, sorted); a name the default file does
not know (a custom card file) is not counted. Every value is a scaled count, never negative.

Layout
======
One flat ``float32`` vector; :func:`tensor_layout` gives each named block's offset and shape.
With ``n`` players, ``G`` goods (``cards.GOODS``), ``F`` factions, ``K`` decision kinds:

=====================  ============  ===========================================================
block                  shape         content
=====================  ============  ===========================================================
seat                   (n,)          observer's absolute seat, one-hot
rules                  (V+1,)        variants multi-hot (``options.VARIANTS``), then the
                                     reshuffle-faction-discards rule
round                  (5,)          round 1..5, one-hot
step                   (S+1,)        engine step (``narration.PHASES``), one-hot; last: unknown
terminal               (1,)          1 once the game is over
current_player         (n,)          seat to act, one-hot
first_player           (n,)          the round's first player, one-hot
decision_kind          (K+1,)        kind of the pending decision (sorted), one-hot; last: unknown
decision_card          (C,)          the card the decision is about, one-hot
decision_count         (1,)          its ``n`` (how many to choose) / 5
decision_victim        (n,)          its ``victim`` seat, one-hot
hand                   (C,)          the observer's hand, counts
choices                (C,)          cards the observer is choosing among in secret, counts
draft                  (C,)          the face-up draft (Lookout) cards, counts
faction                (n, F)        each seat's faction, one-hot
vp                     (n,)          VP tokens / 50
goods                  (n, G)        supply (resources, gold, workers, raze, defense) / 10
passed                 (n,)          has passed this round
hand_size              (n,)          cards in hand / 10
known_hand             (n, C)        cards known in a seat's hand (all of the observer's; the
                                     face-up cards others were seen taking), counts
empire                 (n, C)        Locations built, counts
empire_state           (n, 7)        of a seat's Locations: defended, with a Samurai, taken over
                                     by someone, blocked, resources on them / 5, cards under
                                     them / 5, activations used / 10
foundations            (n,)          Foundations / 10
deals                  (n, C)        Deals, counts
trade_route_deals      (n, C)        Trade Route Deals, counts
faction_deck           (n,)          cards left in the faction deck / 30
faction_discard        (n, C)        faction discard pile, counts
common_deck            (1,)          cards left in the common deck / 100
common_discard         (C,)          common discard pile, counts
scores                 (n, 6)        score categories (``SCORE_KEYS``) / 50
solo                   (4,)          solo game: faction Locations built / 20, the virtual
                                     player's collection / 20, won, achievement level + 1 / 7
virtual_locations      (C,)          solo: the virtual player's Locations, counts
virtual_collection     (1,)          solo: cards in its collection / 20
target_line            (T,)          solo: Target goods showing on the attack line, counts
attack_deck            (1,)          solo: attack cards left / 16
=====================  ============  ===========================================================

Keys the engine adds to the observation later are ignored; missing ones read as zeros.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from empires.core.layout import block_layout, block_views, layout_size
from empires.settlers.cards import FACTIONS, GOODS, default_cards
from empires.settlers.decision_table import PROMPTS
from empires.settlers.flow import ROUNDS
from empires.settlers.narration import PHASES
from empires.settlers.options import VARIANTS

MIN_PLAYERS, MAX_PLAYERS = 1, 4
_DB = default_cards()
CARD_NAMES: tuple[str, ...] = tuple(sorted({c.name for c in _DB.cards if c.deck != "attack"}))
TARGETS: tuple[str, ...] = tuple(sorted({c.target for c in _DB.cards if c.target}))
STEPS: tuple[str, ...] = tuple(PHASES)
DECISION_KINDS: tuple[str, ...] = tuple(sorted(PROMPTS))
SCORE_KEYS: tuple[str, ...] = ("vp", "common_locations", "faction_locations", "shrine", "gate")
SCORE_KEYS += ("total",)
EMPIRE_STATE: tuple[str, ...] = (
    "defense",
    "samurai",
    "taken_over_by",
    "blocked",
    "resources_on_it",
    "cards_under_it",
    "activations",
)

_NAME = {name: i for i, name in enumerate(CARD_NAMES)}
_ID = {c.id: _NAME[c.name] for c in _DB.cards if c.name in _NAME}
_STEP = {s: i for i, s in enumerate(STEPS)}
_KIND = {k: i for i, k in enumerate(DECISION_KINDS)}
_FACTION_NAME = {_DB.factions[f]["name"]: i for i, f in enumerate(FACTIONS) if f in _DB.factions}
_VARIANT = {v: i for i, v in enumerate(VARIANTS)}
_TARGET = {t: i for i, t in enumerate(TARGETS)}


def _blocks(n: int) -> list[tuple[str, tuple[int, ...]]]:
    C = len(CARD_NAMES)
    return [
        ("seat", (n,)),
        ("rules", (len(VARIANTS) + 1,)),
        ("round", (ROUNDS,)),
        ("step", (len(STEPS) + 1,)),
        ("terminal", (1,)),
        ("current_player", (n,)),
        ("first_player", (n,)),
        ("decision_kind", (len(DECISION_KINDS) + 1,)),
        ("decision_card", (C,)),
        ("decision_count", (1,)),
        ("decision_victim", (n,)),
        ("hand", (C,)),
        ("choices", (C,)),
        ("draft", (C,)),
        ("faction", (n, len(FACTIONS))),
        ("vp", (n,)),
        ("goods", (n, len(GOODS))),
        ("passed", (n,)),
        ("hand_size", (n,)),
        ("known_hand", (n, C)),
        ("empire", (n, C)),
        ("empire_state", (n, len(EMPIRE_STATE))),
        ("foundations", (n,)),
        ("deals", (n, C)),
        ("trade_route_deals", (n, C)),
        ("faction_deck", (n,)),
        ("faction_discard", (n, C)),
        ("common_deck", (1,)),
        ("common_discard", (C,)),
        ("scores", (n, len(SCORE_KEYS))),
        ("solo", (4,)),
        ("virtual_locations", (C,)),
        ("virtual_collection", (1,)),
        ("target_line", (len(TARGETS),)),
        ("attack_deck", (1,)),
    ]


@cache
def tensor_layout(num_players: int) -> dict[str, tuple[int, tuple[int, ...]]]:
    """``{block name: (offset, shape)}`` in tensor order for ``num_players``."""
    if not isinstance(num_players, int) or not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise ValueError(f"num_players must be {MIN_PLAYERS}..{MAX_PLAYERS}, not {num_players!r}")
    return block_layout(_blocks(num_players))


@cache
def tensor_size(num_players: int) -> int:
    return layout_size(tensor_layout(num_players))


def tensor_shape(num_players: int) -> tuple[int]:
    """Shape of the observation tensor for ``num_players`` (a flat vector)."""
    return (tensor_size(num_players),)


def views(tensor: np.ndarray, num_players: int) -> dict[str, np.ndarray]:
    """Named, reshaped views (no copies) of a flat tensor's blocks."""
    return block_views(tensor, tensor_layout(num_players))


class _Blocks:
    """The block views of the tensor being written, and the observer's seat arithmetic."""

    def __init__(self, out: np.ndarray, n: int, observer) -> None:
        self.v = views(out, n)
        self.n = n
        self.base = observer if isinstance(observer, int) else 0

    def rel(self, p) -> int:
        """Relative seat of absolute seat p (-1 for None / not a seat)."""
        if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < self.n:
            return -1
        return (p - self.base) % self.n

    def seat_hot(self, name: str, p) -> None:
        q = self.rel(p)
        if q >= 0:
            self.v[name][q] = 1.0


def _count(row: np.ndarray, cards, by=_NAME) -> None:
    """Add one to ``row`` for each card (a name, an id or a card view, looked up in ``by``)."""
    for card in cards or ():
        key = card.get("name") if isinstance(card, dict) else card
        i = by.get(key) if isinstance(key, str) else None
        if i is not None:
            row[i] += 1.0


def _encode_global(obs: dict, b: _Blocks) -> None:
    """seat, rules, round, step, terminal, current and first player."""
    v = b.v
    observer = obs.get("player")
    if b.rel(observer) >= 0:  # the absolute seat (the only block not relative to it)
        v["seat"][observer] = 1.0
    rules = obs.get("options") or {}
    for variant in rules.get("variants") or ():
        i = _VARIANT.get(variant)
        if i is not None:
            v["rules"][i] = 1.0
    if rules.get("reshuffle_faction_discards"):
        v["rules"][len(VARIANTS)] = 1.0
    rnd = obs.get("round", 0)
    if isinstance(rnd, int) and 1 <= rnd <= ROUNDS:
        v["round"][rnd - 1] = 1.0
    v["step"][_STEP.get(obs.get("step", ""), len(STEPS))] = 1.0
    if obs.get("terminal"):
        v["terminal"][0] = 1.0
    b.seat_hot("current_player", obs.get("current_player"))
    b.seat_hot("first_player", obs.get("first_player"))


def _encode_decision(obs: dict, b: _Blocks) -> None:
    """The decision_* blocks (a decision's ``card`` is an index of the default card file)."""
    decision = obs.get("decision")
    if not isinstance(decision, dict):
        return
    v = b.v
    v["decision_kind"][_KIND.get(decision.get("kind", ""), len(DECISION_KINDS))] = 1.0
    card = decision.get("card")
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < len(_DB.cards):
        _count(v["decision_card"], [_DB.cards[card].name])
    count = decision.get("n")
    if isinstance(count, int) and count > 0:
        v["decision_count"][0] = count / 5.0
    b.seat_hot("decision_victim", decision.get("victim"))


def _encode_cards(obs: dict, b: _Blocks) -> None:
    """The observer's hand and secret choices, the draft and the common deck and discard."""
    v = b.v
    _count(v["hand"], obs.get("your_hand"))
    _count(v["choices"], obs.get("your_choices"))
    _count(v["draft"], obs.get("draft"))
    v["common_deck"][0] = obs.get("common_deck", 0) / 100.0
    _count(v["common_discard"], obs.get("common_discard"), _ID)


def _encode_player(player: dict, q: int, v: dict[str, np.ndarray]) -> None:
    """One seat's row of the per-player blocks."""
    faction = _FACTION_NAME.get(player.get("faction"))
    if faction is not None:
        v["faction"][q, faction] = 1.0
    v["vp"][q] = player.get("vp", 0) / 50.0
    for g, c in (player.get("goods") or {}).items():
        if g in GOODS:
            v["goods"][q, GOODS.index(g)] = c / 10.0
    v["passed"][q] = 1.0 if player.get("passed") else 0.0
    v["hand_size"][q] = player.get("hand_size", 0) / 10.0
    _count(v["known_hand"][q], player.get("hand"))
    _count(v["empire"][q], player.get("locations"))
    v["foundations"][q] = player.get("foundations", 0) / 10.0
    _count(v["deals"][q], player.get("deals"))
    _count(v["trade_route_deals"][q], player.get("trade_route_deals"))
    v["faction_deck"][q] = player.get("faction_deck", 0) / 30.0
    _count(v["faction_discard"][q], player.get("faction_discard"), _ID)


def _location_state(row: np.ndarray, location: dict) -> None:
    """Add one Location's marks to its owner's ``empire_state`` row."""
    for k, key in enumerate(EMPIRE_STATE[:4]):
        if location.get(key) is not None and location.get(key) is not False:
            row[k] += 1.0
    row[4] += location.get("resources_on_it", 0) / 5.0
    row[5] += location.get("cards_under_it", 0) / 5.0
    used = str(location.get("activations", "0/")).split("/")[0]
    if used.isdigit():
        row[6] += int(used) / 10.0


def _encode_players(obs: dict, b: _Blocks) -> None:
    """The per-player blocks, the Locations' marks and the scores."""
    v = b.v
    for player in obs.get("players", ()):
        q = b.rel(player.get("seat"))
        if q >= 0:
            _encode_player(player, q, v)
    for location in obs.get("locations", ()):
        q = b.rel(location.get("owner"))
        if q >= 0:
            _location_state(v["empire_state"][q], location)
    for p, row in enumerate(obs.get("scores", ())):
        q = b.rel(p)
        if q >= 0:
            for k, key in enumerate(SCORE_KEYS):
                v["scores"][q, k] = max(row.get(key, 0), 0) / 50.0


def _encode_solo(obs: dict, b: _Blocks) -> None:
    """The solo blocks: the player's standing and the virtual player."""
    virtual = obs.get("virtual_player")
    if not isinstance(virtual, dict):
        return
    v = b.v
    scores = obs.get("scores") or [{}]
    row = scores[0]
    v["solo"][:] = (
        row.get("faction_locations_built", 0) / 20.0,
        row.get("collection", 0) / 20.0,
        1.0 if row.get("won") else 0.0,
        (row.get("achievement", -1) + 1) / 7.0,
    )
    _count(v["virtual_locations"], virtual.get("locations"))
    v["virtual_collection"][0] = virtual.get("collection", 0) / 20.0
    _count(v["target_line"], virtual.get("target_line"), _TARGET)
    v["attack_deck"][0] = virtual.get("attack_deck", 0) / 16.0


ENCODERS = (_encode_global, _encode_decision, _encode_cards, _encode_players, _encode_solo)


def encode(obs: dict, out: np.ndarray | None = None) -> np.ndarray:
    """The tensor of an observation (``game.observation(player)``), written into ``out`` when
    given (a float32 vector of :func:`tensor_shape`), else into a new array."""
    n = obs["num_players"]
    if out is None:
        out = np.zeros(tensor_size(n), np.float32)
    else:
        out.fill(0.0)
    blocks = _Blocks(out, n, obs.get("player"))
    for encoder in ENCODERS:
        encoder(obs, blocks)
    return out


def observation_tensor(game, player: int, out: np.ndarray | None = None) -> np.ndarray:
    """``encode(game.observation(player))``: the tensor of what ``player`` may know."""
    return encode(game.observation(player), out)
