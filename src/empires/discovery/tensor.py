"""A fixed-size float observation tensor for Empires: Age of Discovery.

The tensor is built **only** from ``game.observation(player)`` (the JSON view redacted for that
seat), so it never holds anything the observer may not know: a determinized copy of the game
(``game.determinize(player, rng)``) gives the same tensor.

Seats are **relative to the observer**: relative seat ``q`` is absolute seat
``(observer + q) % num_players``, so the observer is always relative seat 0. Every "player" axis
below is in relative seats; ``seat`` alone holds the observer's absolute seat.

Layout
======
One flat ``float32`` vector; :func:`tensor_layout` gives each named block's offset and shape (the
OpenSpiel observer exposes the same blocks as reshaped views). With ``n`` players, ``W`` worker
types (``data.WORKERS``), ``G`` goods, ``R`` regions, ``B`` Capital Buildings (indices of
``data.BUILDINGS``), in this order:

=========================  ================  ==============================================
block                      shape             content
=========================  ================  ==============================================
seat                       (n,)              observer's absolute seat, one-hot
rules                      (E+N+2+V,)        the options: edition one-hot (``EDITIONS``),
                                             nations mode one-hot (``NATIONS``), Builder
                                             expansion, buying VP, variants multi-hot
turn                       (8,)              turn 1..8, one-hot
age                        (3,)              Age I..III, one-hot
step                       (S+1,)            engine step (``flow.STEPS`` + ``over``), one-hot;
                                             last slot: a step this table does not know
terminal                   (1,)              1 once the game is over
current_player             (n,)              seat to act, one-hot (all 0 when none)
decision_kind              (K+1,)            kind of the pending decision (sorted kinds of
                                             ``decisions.PROMPTS``), one-hot; last: unknown
decision_region            (3, R)            the decision's ``region``, ``source``, ``dest``
decision_target            (R+1+U,)          its ``target``: a region, ``deck`` or a
                                             University target
decision_worker            (W,)              its ``worker``, one-hot
decision_members           (W,)              expedition members so far, counts / 10
decision_victim            (n,)              its ``victim`` seat, one-hot
order                      (n, n)            [seat, position in player order], one-hot rows
money                      (n,)              money / 50
available                  (n, W)            workers available to place / 10
supply                     (n, W)            workers in supply / 10
goods                      (n, G)            Trade Goods held / 5
merchant_ships             (n,)              Merchant Ships / 5
buildings                  (n, B)            Capital Buildings owned, multi-hot
buildings_used             (n, B)            one-time buildings already used, multi-hot
discoveries                (n,)              discoveries won (counters and cards) / 10
discoveries_vp             (n,)              their VP / 50
colony_vp                  (n, 3)            colony VP scored per Age / 50
discovery_box              (n, W)            workers in the Discovery box / 10
scores                     (n, C+1)          score categories (``scoring.CATEGORIES``) and
                                             total, / 50
region_discovered          (R,)              region discovered
region_good                (R,)              the region's Trade Good is still on it
region_counter             (R, 3)            [a counter lies on the region, its value is known
                                             to the observer, known by the observer's own
                                             Scouting only]
region_counter_values      (R, 4)            known counter's plunder, per-soldier, resistance,
                                             VP / 10 (0 while face-down and unknown)
region_workers             (R, n, W)         workers per region, seat and type / 10
box_<b>_slots              (cap_b, n+W)      for each queued box ``b`` (initiative, dock,
                                             trade_goods, shipping, buildings, warfare): its
                                             first ``cap_b`` spaces in order, each a seat
                                             one-hot then a worker one-hot
box_<b>_counts             (n, W)            all workers in box ``b`` per seat and type / 10
specialists                (6, n+W)          Specialists spaces (missionary, merchant,
                                             soldier, captain, builder, training): occupant
                                             seat one-hot then worker one-hot
dock_x, dock_y             (n,), (n,)        owner of the Colonist Dock X / Y space
merchant_ship_waiting      (1,)              a Merchant Ship waits in the Shipping box
merchant_ships_in_supply   (1,)              ships left in supply / 10
trade_goods_offer          (G,)              goods on the Trade Goods box, counts
buildings_offer            (B,)              Capital Buildings on offer, multi-hot
buildings_offer_price      (B,)              their current price / 20
hidden_sizes               (6,)              sizes of the hidden piles (goods pool / 40,
                                             Discovery deck / 16, unused counters / 16,
                                             building stacks I..III / 16)
scouted_deck               (2, 5)            Discovery cards the observer scouted on top /
                                             at the bottom of the deck: [known, plunder,
                                             per-soldier, resistance, VP / 10]
age_iii_buildings          (B,)              Age III buildings shown in advance (reduced-luck
                                             variant), multi-hot
auction_bids               (n,)              2007 starting-order auction: last bid / 50
auction_passed             (n,)              2007 auction: seat has passed
=========================  ================  ==============================================

``cap_b`` is ``n`` for initiative, ``2n-1`` for the dock, 4 for Trade Goods, ``n`` for shipping,
5 for Capital Buildings and 4 for Warfare. The sizes come from the engine's data tables when
this module is imported, so :func:`tensor_shape` is the only source of truth for a size.
Keys the engine adds to the observation later are ignored; missing ones read as zeros.
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from typing import Any

import numpy as np

from empires.core.layout import block_layout, block_views, layout_size
from empires.discovery import data, scoring
from empires.discovery import options as options_module
from empires.discovery.actions import UNIVERSITY_TARGETS
from empires.discovery.decision_table import PROMPTS
from empires.discovery.flow import STEPS as _FLOW_STEPS

WORKERS: tuple[str, ...] = data.WORKERS
GOODS: tuple[str, ...] = data.GOOD_IDS
REGIONS: tuple[str, ...] = data.REGION_IDS
NUM_BUILDINGS = len(data.BUILDINGS)
STEPS: tuple[str, ...] = (*_FLOW_STEPS, "over")
DECISION_KINDS: tuple[str, ...] = tuple(sorted(PROMPTS))
TARGETS: tuple[str, ...] = (*REGIONS, "deck", *UNIVERSITY_TARGETS)
SCORE_KEYS: tuple[str, ...] = (*scoring.CATEGORIES, "total")
QUEUE_BOXES: tuple[str, ...] = (
    "initiative",
    "dock",
    "trade_goods",
    "shipping",
    "buildings",
    "warfare",
)
SPECIALIST_BOXES: tuple[str, ...] = tuple(data.BOXES[i] for i in data.SPECIALIST_SPACES)
DECISION_REGION_KEYS: tuple[str, ...] = ("region", "source", "dest")
COUNTER_KEYS: tuple[str, ...] = ("plunder", "per_soldier", "resistance", "vp")
RULE_FLAGS: tuple[str, ...] = (
    *(f"edition:{e}" for e in options_module.EDITIONS),
    *(f"nations:{m}" for m in options_module.NATIONS),
    "builders",
    "buy_vp",
    *(f"variant:{v}" for v in options_module.VARIANTS),
)

# Divisors that bring counts to roughly [0, 1] (values are never negative).
MONEY_SCALE = 50.0
WORKER_SCALE = 10.0
GOODS_SCALE = 5.0
SHIPS_SCALE = 5.0
VP_SCALE = 50.0
COUNTER_SCALE = 10.0
PRICE_SCALE = 20.0
HIDDEN_SCALES: tuple[tuple[str, float], ...] = (
    ("trade_goods_pool", 40.0),
    ("discovery_deck", 16.0),
    ("unused_counters", 16.0),
)
STACK_SCALE = 16.0

_W = {w: i for i, w in enumerate(WORKERS)}
_G = {g: i for i, g in enumerate(GOODS)}
_R = {r: i for i, r in enumerate(REGIONS)}
_B = dict(data.BUILDING_INDEX)
_STEP = {s: i for i, s in enumerate(STEPS)}
_KIND = {k: i for i, k in enumerate(DECISION_KINDS)}
_TARGET = {t: i for i, t in enumerate(TARGETS)}
_RULE = {f: i for i, f in enumerate(RULE_FLAGS)}


def queue_capacity(box: str, num_players: int) -> int:
    """How many spaces of a queued box the tensor shows one by one."""
    n = num_players
    return {
        "initiative": n,
        "dock": 2 * n - 1,
        "trade_goods": data.TRADE_GOODS_SPACES,
        "shipping": n,
        "buildings": data.CAPITAL_BUILDING_SPACES,
        "warfare": data.WARFARE_SPACES,
    }[box]


def _blocks(n: int) -> list[tuple[str, tuple[int, ...]]]:
    W, G, R, B = len(WORKERS), len(GOODS), len(REGIONS), NUM_BUILDINGS
    blocks: list[tuple[str, tuple[int, ...]]] = [
        ("seat", (n,)),
        ("rules", (len(RULE_FLAGS),)),
        ("turn", (data.TURNS,)),
        ("age", (3,)),
        ("step", (len(STEPS) + 1,)),
        ("terminal", (1,)),
        ("current_player", (n,)),
        ("decision_kind", (len(DECISION_KINDS) + 1,)),
        ("decision_region", (len(DECISION_REGION_KEYS), R)),
        ("decision_target", (len(TARGETS),)),
        ("decision_worker", (W,)),
        ("decision_members", (W,)),
        ("decision_victim", (n,)),
        ("order", (n, n)),
        ("money", (n,)),
        ("available", (n, W)),
        ("supply", (n, W)),
        ("goods", (n, G)),
        ("merchant_ships", (n,)),
        ("buildings", (n, B)),
        ("buildings_used", (n, B)),
        ("discoveries", (n,)),
        ("discoveries_vp", (n,)),
        ("colony_vp", (n, 3)),
        ("discovery_box", (n, W)),
        ("scores", (n, len(SCORE_KEYS))),
        ("region_discovered", (R,)),
        ("region_good", (R,)),
        ("region_counter", (R, 3)),
        ("region_counter_values", (R, 4)),
        ("region_workers", (R, n, W)),
    ]
    for box in QUEUE_BOXES:
        blocks.append((f"box_{box}_slots", (queue_capacity(box, n), n + W)))
        blocks.append((f"box_{box}_counts", (n, W)))
    blocks += [
        ("specialists", (len(SPECIALIST_BOXES), n + W)),
        ("dock_x", (n,)),
        ("dock_y", (n,)),
        ("merchant_ship_waiting", (1,)),
        ("merchant_ships_in_supply", (1,)),
        ("trade_goods_offer", (G,)),
        ("buildings_offer", (B,)),
        ("buildings_offer_price", (B,)),
        ("hidden_sizes", (len(HIDDEN_SCALES) + 3,)),
        ("scouted_deck", (2, 5)),
        ("age_iii_buildings", (B,)),
        ("auction_bids", (n,)),
        ("auction_passed", (n,)),
    ]
    return blocks


@cache
def tensor_layout(num_players: int) -> dict[str, tuple[int, tuple[int, ...]]]:
    """``{block name: (offset, shape)}`` in tensor order for ``num_players``."""
    if not isinstance(num_players, int) or not 2 <= num_players <= 6:
        raise ValueError(f"num_players must be 2..6, not {num_players!r}")
    return block_layout(_blocks(num_players))


@cache
def tensor_size(num_players: int) -> int:
    return layout_size(tensor_layout(num_players))


@cache
def _offsets(num_players: int) -> dict[str, int]:
    return {name: off for name, (off, _) in tensor_layout(num_players).items()}


def tensor_shape(num_players: int) -> tuple[int]:
    """Shape of the observation tensor for ``num_players`` (a flat vector)."""
    return (tensor_size(num_players),)


def views(tensor: np.ndarray, num_players: int) -> dict[str, np.ndarray]:
    """Named, reshaped views (no copies) of a flat tensor's blocks."""
    return block_views(tensor, tensor_layout(num_players))


class _Writer:
    """The sparse buffer an observation is encoded into, and the seat arithmetic every block
    encoder shares: relative seats and block offsets for ``num_players``."""

    __slots__ = ("buf", "n", "rel_map", "seats", "off")

    def __init__(self, n: int, base: int, buf=None) -> None:
        # sparse (index -> value), or a float32 memoryview of the tensor itself
        self.buf: Any = defaultdict(float) if buf is None else buf
        self.n = n
        self.rel_map = {p: (p - base) % n for p in range(n)}
        self.seats = tuple((base + q) % n for q in range(n))  # relative seat q's absolute seat
        self.off = _offsets(n).__getitem__

    def rel(self, p) -> int:
        """Relative seat of absolute seat p (-1 for None / not a seat)."""
        return -1 if p is None or isinstance(p, bool) else self.rel_map.get(p, -1)

    def one_hot(self, name: str, index: int) -> None:
        if index >= 0:
            self.buf[self.off(name) + index] = 1.0

    def worker_counts(self, start: int, counts) -> None:
        if counts:
            for w, c in counts.items():
                i = _W.get(w)
                if i is not None:
                    self.buf[start + i] += c / WORKER_SCALE


def _encode_rules(obs: dict, e: _Writer) -> None:
    """seat and rules."""
    observer = obs.get("player")
    if isinstance(observer, int):
        e.one_hot("seat", observer)
    rules = obs.get("options") or {}
    for flag in (
        f"edition:{rules.get('edition')}",
        f"nations:{rules.get('nations')}",
        "builders" if rules.get("builders") else "",
        "buy_vp" if rules.get("buy_vp") else "",
        *(f"variant:{v}" for v in rules.get("variants", ())),
    ):
        e.one_hot("rules", _RULE.get(flag, -1))


def _encode_turn(obs: dict, e: _Writer) -> None:
    """turn, age, step, terminal, current_player and order."""
    turn = obs.get("turn", 0)
    if 1 <= turn <= data.TURNS:
        e.one_hot("turn", turn - 1)
    age = obs.get("age", 0)
    if 1 <= age <= 3:
        e.one_hot("age", age - 1)
    e.one_hot("step", _STEP.get(obs.get("step", ""), len(STEPS)))
    if obs.get("terminal"):
        e.buf[e.off("terminal")] = 1.0
    e.one_hot("current_player", e.rel(obs.get("current_player")))
    start, n = e.off("order"), e.n
    for pos, p in enumerate(obs.get("order", ())):
        q = e.rel(p)
        if q >= 0 and pos < n:
            e.buf[start + q * n + pos] = 1.0


def _encode_decision(obs: dict, e: _Writer) -> None:
    """The decision_* blocks."""
    decision = obs.get("decision")
    if not decision:
        return
    e.one_hot("decision_kind", _KIND.get(decision.get("kind"), len(DECISION_KINDS)))
    start = e.off("decision_region")
    for k, key in enumerate(DECISION_REGION_KEYS):
        r = _R.get(decision.get(key), -1) if isinstance(decision.get(key), str) else -1
        if r >= 0:
            e.buf[start + k * len(REGIONS) + r] = 1.0
    target = decision.get("target")
    if isinstance(target, str):
        e.one_hot("decision_target", _TARGET.get(target, -1))
    worker = decision.get("worker")
    if isinstance(worker, str):
        e.one_hot("decision_worker", _W.get(worker, -1))
    e.worker_counts(e.off("decision_members"), decision.get("members"))
    e.one_hot("decision_victim", e.rel(decision.get("victim")))


def _encode_player(player: dict, q: int, e: _Writer) -> None:
    """One seat's row of the per-player blocks (money .. discovery_box)."""
    buf, off, W, B = e.buf, e.off, len(WORKERS), NUM_BUILDINGS
    buf[off("money") + q] = player.get("money", 0) / MONEY_SCALE
    e.worker_counts(off("available") + q * W, player.get("available"))
    e.worker_counts(off("supply") + q * W, player.get("supply"))
    start = off("goods") + q * len(GOODS)
    for g, c in (player.get("goods") or {}).items():
        i = _G.get(g)
        if i is not None:
            buf[start + i] = c / GOODS_SCALE
    buf[off("merchant_ships") + q] = player.get("merchant_ships", 0) / SHIPS_SCALE
    for name in ("buildings", "buildings_used"):
        start = off(name) + q * B
        for b in player.get(name, ()):
            i = _B.get(b)
            if i is not None:
                buf[start + i] = 1.0
    found = player.get("discoveries", ())
    buf[off("discoveries") + q] = len(found) / 10.0
    buf[off("discoveries_vp") + q] = sum(d.get("vp", 0) for d in found) / VP_SCALE
    start = off("colony_vp") + q * 3
    for a, v in enumerate(player.get("colony_vp", ())[:3]):
        buf[start + a] = v / VP_SCALE
    e.worker_counts(off("discovery_box") + q * W, player.get("discovery_box"))


def _encode_players(obs: dict, e: _Writer) -> None:
    """The per-player blocks and the scores."""
    for player in obs.get("players", ()):
        q = e.rel(player.get("seat"))
        if q >= 0:
            _encode_player(player, q, e)
    start = e.off("scores")
    nk = len(SCORE_KEYS)
    for p, row in enumerate(obs.get("scores", ())):
        q = e.rel_map.get(p, -1)
        if q >= 0 and row.get("total"):
            for k, key in enumerate(SCORE_KEYS):
                v = row.get(key)
                if v:
                    e.buf[start + q * nk + k] = v / VP_SCALE


def _encode_regions(obs: dict, e: _Writer) -> None:
    """The region_* blocks."""
    buf, off, n, W = e.buf, e.off, e.n, len(WORKERS)
    for region in obs.get("regions", ()):
        r = _R.get(region.get("id"))
        if r is None:
            continue
        if region.get("discovered"):
            buf[off("region_discovered") + r] = 1.0
        if region.get("trade_good"):
            buf[off("region_good") + r] = 1.0
        counter = region.get("counter")
        if counter is not None:
            buf[off("region_counter") + 3 * r] = 1.0
            if isinstance(counter, dict):
                buf[off("region_counter") + 3 * r + 1] = 1.0
                if counter.get("scouted"):
                    buf[off("region_counter") + 3 * r + 2] = 1.0
                start = off("region_counter_values") + 4 * r
                for k, key in enumerate(COUNTER_KEYS):
                    buf[start + k] = counter.get(key, 0) / COUNTER_SCALE
        start = off("region_workers") + r * n * W
        for p, counts in enumerate(region.get("workers", ())):
            if counts:
                q = e.rel_map.get(p, -1)
                if q >= 0:
                    e.worker_counts(start + q * W, counts)


def _encode_queues(boxes: dict, e: _Writer) -> None:
    """The box_<b>_slots / box_<b>_counts blocks and the specialists."""
    buf, off, n, W = e.buf, e.off, e.n, len(WORKERS)
    for box in QUEUE_BOXES:
        cap = queue_capacity(box, n)
        slots, counts = off(f"box_{box}_slots"), off(f"box_{box}_counts")
        for i, item in enumerate(boxes.get(box, ())):
            q, w = e.rel(item.get("player")), _W.get(item.get("worker", ""), -1)
            if q < 0:
                continue
            if i < cap:
                buf[slots + i * (n + W) + q] = 1.0
                if w >= 0:
                    buf[slots + i * (n + W) + n + w] = 1.0
            if w >= 0:
                buf[counts + q * W + w] += 1.0 / WORKER_SCALE
    start = off("specialists")
    specialists = boxes.get("specialists") or {}
    for k, space in enumerate(SPECIALIST_BOXES):
        item = specialists.get(space)
        if isinstance(item, dict):
            q, w = e.rel(item.get("player")), _W.get(item.get("worker", ""), -1)
            if q >= 0:
                buf[start + k * (n + W) + q] = 1.0
            if w >= 0:
                buf[start + k * (n + W) + n + w] = 1.0


def _encode_boxes(obs: dict, e: _Writer) -> None:
    """The boxes: queues, specialists, docks, ships and the offers."""
    buf, off = e.buf, e.off
    boxes = obs.get("boxes", {})
    _encode_queues(boxes, e)
    e.one_hot("dock_x", e.rel(boxes.get("dock_x")))
    e.one_hot("dock_y", e.rel(boxes.get("dock_y")))
    if boxes.get("merchant_ship_waiting"):
        buf[off("merchant_ship_waiting")] = 1.0
    buf[off("merchant_ships_in_supply")] = obs.get("merchant_ships_in_supply", 0) / 10.0
    start = off("trade_goods_offer")
    for g in boxes.get("trade_goods_offer", ()):
        i = _G.get(g)
        if i is not None:
            buf[start + i] += 1.0
    for item in boxes.get("buildings_offer", ()):
        i = _B.get(item.get("id"))
        if i is not None:
            buf[off("buildings_offer") + i] = 1.0
            buf[off("buildings_offer_price") + i] = item.get("price", 0) / PRICE_SCALE


def _encode_hidden(obs: dict, e: _Writer) -> None:
    """hidden_sizes, scouted_deck and age_iii_buildings."""
    buf, off = e.buf, e.off
    hidden = obs.get("hidden", {})
    start = off("hidden_sizes")
    for k, (key, scale) in enumerate(HIDDEN_SCALES):
        buf[start + k] = hidden.get(key, 0) / scale
    stacks = hidden.get("building_stacks") or {}
    for a in (1, 2, 3):
        buf[start + len(HIDDEN_SCALES) + a - 1] = stacks.get(str(a), 0) / STACK_SCALE
    start = off("scouted_deck")
    for k, where in enumerate(("top", "bottom")):
        card = (obs.get("scouted_deck") or {}).get(where)
        if isinstance(card, dict):
            buf[start + 5 * k] = 1.0
            for j, key in enumerate(COUNTER_KEYS):
                buf[start + 5 * k + 1 + j] = card.get(key, 0) / COUNTER_SCALE
    for b in obs.get("age_iii_buildings") or ():
        i = _B.get(b)
        if i is not None:
            buf[off("age_iii_buildings") + i] = 1.0


def _encode_auction(obs: dict, e: _Writer) -> None:
    """The 2007 starting-order auction's bids and passes."""
    auction = obs.get("auction")
    if not isinstance(auction, dict):
        return
    for p, bid in enumerate(auction.get("bids", ())):
        q = e.rel_map.get(p, -1)
        if q >= 0 and bid:
            e.buf[e.off("auction_bids") + q] = bid / MONEY_SCALE
    for p in auction.get("passed", ()):
        q = e.rel(p)
        if q >= 0:
            e.buf[e.off("auction_passed") + q] = 1.0


# One encoder per group of blocks, in tensor order.
ENCODERS = (
    _encode_rules,
    _encode_turn,
    _encode_decision,
    _encode_players,
    _encode_regions,
    _encode_boxes,
    _encode_hidden,
    _encode_auction,
)


def encode(obs: dict, out: np.ndarray | None = None) -> np.ndarray:
    """The tensor of an observation (``game.observation(player)``), written into ``out`` when
    given (a float32 vector of :func:`tensor_shape`), else into a new array. A spectator's
    observation (``player`` None) is encoded from seat 0 with an all-zero ``seat`` block."""
    n = obs["num_players"]
    observer = obs.get("player")
    writer = _Writer(n, observer if isinstance(observer, int) else 0)
    for encoder in ENCODERS:
        encoder(obs, writer)
    buf = writer.buf
    if out is None:
        out = np.zeros(tensor_size(n), np.float32)
    else:
        out.fill(0.0)
    if buf:
        out[np.fromiter(buf.keys(), np.intp, len(buf))] = np.fromiter(
            buf.values(), np.float32, len(buf)
        )
    return out


def observation_tensor(game, player: int, out: np.ndarray | None = None) -> np.ndarray:
    """``encode(game.observation(player))``: the tensor of what ``player`` may know."""
    return encode(game.observation(player), out)
