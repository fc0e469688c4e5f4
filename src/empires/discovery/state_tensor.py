"""The observation tensor of a seat straight from the game state: the same numbers as
``tensor.encode(game.observation(player))`` (a property test holds them equal over random
games), without building the JSON observation first, which costs more than the encoding.

It reads only what the seat may know, by the observation's own rules: the public fields of the
state, a Discovery counter through :func:`observation.visible_counter` (face-down unless revealed
or scouted by this seat) and the top / bottom of the deck through the seat's own Scouting. The
decision and the rules blocks are encoded from the observation's small pieces by the encoders of
:mod:`empires.discovery.tensor`; the layout (:func:`tensor.tensor_layout`) is that module's.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from empires.discovery import observation, scoring
from empires.discovery.data import BOXES, COUNTERS, SPECIALIST_SPACES, age_of_turn
from empires.discovery.mechanics import price
from empires.discovery.tensor import (
    COUNTER_KEYS,
    COUNTER_SCALE,
    GOODS,
    GOODS_SCALE,
    MONEY_SCALE,
    NUM_BUILDINGS,
    PRICE_SCALE,
    QUEUE_BOXES,
    SCORE_KEYS,
    SHIPS_SCALE,
    STACK_SCALE,
    VP_SCALE,
    WORKER_SCALE,
    WORKERS,
    _encode_decision,
    _encode_global,
    _Writer,
    queue_capacity,
    tensor_size,
)

_W = len(WORKERS)
_COUNTER_VALUES = tuple(tuple(getattr(c, key) for key in COUNTER_KEYS) for c in COUNTERS)
_CARD_VP = scoring._CARD_VP
_COUNTER_VP = scoring._COUNTER_VP
# The state's field of each queued box, in tensor order.
_QUEUE_FIELDS = {
    "initiative": "initiative",
    "dock": "dock",
    "trade_goods": "tg_box",
    "shipping": "shipping",
    "buildings": "cb_box",
    "warfare": "warfare",
}
assert tuple(_QUEUE_FIELDS) == QUEUE_BOXES
assert all(BOXES[i] for i in SPECIALIST_SPACES)


def _counts(buf, start: int, row) -> None:
    """Worker counts of one row (each index written once: set, not added)."""
    for w, c in enumerate(row):
        if c:
            buf[start + w] = c / WORKER_SCALE


def _global(game, s, player: int | None, e: _Writer) -> None:
    """seat .. order and the decision, by the observation-based encoders on small pieces."""
    terminal = game.is_terminal()
    small = {
        "player": player,
        "options": observation._options(s.options),
        "turn": s.turn,
        "age": age_of_turn(s.turn),
        "step": s.step,
        "terminal": terminal,
        "current_player": game.current_player,
        "order": s.order,
        "decision": observation._decision(game.decision),
    }
    _encode_global(small, e)
    _encode_decision(small, e)


def _players(s, e: _Writer) -> None:
    """The per-player blocks (money .. discovery_box) and the scores."""
    buf, off, rel = e.buf, e.off, e.rel_map
    money, available, supply = off("money"), off("available"), off("supply")
    goods, ships, owned_at = off("goods"), off("merchant_ships"), off("buildings")
    used_at, found_at, found_vp = off("buildings_used"), off("discoveries"), off("discoveries_vp")
    colony, box = off("colony_vp"), off("discovery_box")
    G, B = len(GOODS), NUM_BUILDINGS
    used = s.used
    for p in range(s.num_players):
        q = rel[p]
        buf[money + q] = s.money[p] / MONEY_SCALE
        for start, row in (
            (available, s.avail[p]),
            (supply, s.supply[p]),
            (box, s.discovery_box[p]),
        ):
            if any(row):
                _counts(buf, start + q * _W, row)
        start = goods + q * G
        for g, c in enumerate(s.goods[p]):
            if c:
                buf[start + g] = c / GOODS_SCALE
        buf[ships + q] = s.ships[p] / SHIPS_SCALE
        owned = s.owned[p]
        if owned:
            start = owned_at + q * B
            for b in owned:
                buf[start + b] = 1.0
            start = used_at + q * B
            for b in used:
                if b in owned:
                    buf[start + b] = 1.0
        found, won = s.found[p], s.cards_won[p]
        buf[found_at + q] = (len(found) + len(won)) / 10.0
        vp = sum([_COUNTER_VP[c] for c in found]) + sum([_CARD_VP[c] for c in won])
        buf[found_vp + q] = vp / VP_SCALE
        for a, v in enumerate(s.colony_vp[p][:3]):
            buf[colony + q * 3 + a] = v / VP_SCALE
    start, nk = off("scores"), len(SCORE_KEYS)
    for p, row in enumerate(scoring.scores(s)):
        if row["total"]:
            for k, key in enumerate(SCORE_KEYS):
                v = row[key]
                if v:
                    buf[start + rel[p] * nk + k] = v / VP_SCALE


def _regions(s, player: int | None, e: _Writer) -> None:
    """The region_* blocks: a counter only as the seat sees it (as
    :func:`observation.visible_counter` says: revealed, or scouted by this seat)."""
    buf, off, rel, n = e.buf, e.off, e.rel_map, e.n
    discovered, good = off("region_discovered"), off("region_good")
    counter_at, values_at, workers_at = (
        off("region_counter"),
        off("region_counter_values"),
        off("region_workers"),
    )
    counters, revealed, goods = s.counter, s.revealed, s.region_good
    peeks = s.peeks[player] if player is not None else None
    for r, rows in enumerate(s.region_workers):
        if s.discovered[r]:
            buf[discovered + r] = 1.0
        if goods[r] >= 0:
            buf[good + r] = 1.0
        c = counters[r]
        if c >= 0:
            buf[counter_at + 3 * r] = 1.0
            shown = revealed[r]
            if shown or (peeks is not None and peeks[r] == c):
                buf[counter_at + 3 * r + 1] = 1.0
                if not shown:
                    buf[counter_at + 3 * r + 2] = 1.0
                for k, v in enumerate(_COUNTER_VALUES[c]):
                    buf[values_at + 4 * r + k] = v / COUNTER_SCALE
        start = workers_at + r * n * _W
        for p, row in enumerate(rows):
            if any(row):
                _counts(buf, start + rel[p] * _W, row)


def _boxes(s, e: _Writer) -> None:
    """The queued boxes, the specialists, the docks, the ships and the offers."""
    buf, off, rel, n = e.buf, e.off, e.rel_map, e.n
    for box, name in _QUEUE_FIELDS.items():
        cap = queue_capacity(box, n)
        slots, counts = off(f"box_{box}_slots"), off(f"box_{box}_counts")
        for i, (p, w) in enumerate(getattr(s, name)):
            q = rel[p]
            if i < cap:
                buf[slots + i * (n + _W) + q] = 1.0
                buf[slots + i * (n + _W) + n + w] = 1.0
            buf[counts + q * _W + w] += 1.0 / WORKER_SCALE
    start = off("specialists")
    for k, space in enumerate(SPECIALIST_SPACES):
        item = s.specialists.get(space)
        if item is not None:
            buf[start + k * (n + _W) + rel[item[0]]] = 1.0
            buf[start + k * (n + _W) + n + item[1]] = 1.0
    if s.dock_x >= 0:
        buf[off("dock_x") + rel[s.dock_x]] = 1.0
    if s.dock_y >= 0:
        buf[off("dock_y") + rel[s.dock_y]] = 1.0
    if s.ship_in_box:
        buf[off("merchant_ship_waiting")] = 1.0
    buf[off("merchant_ships_in_supply")] = s.ship_supply / 10.0
    start = off("trade_goods_offer")
    for g in s.tg_offer:
        buf[start + g] += 1.0
    offer, prices = off("buildings_offer"), off("buildings_offer_price")
    for b in s.cb_offer:
        buf[offer + b] = 1.0
        buf[prices + b] = price(s, b) / PRICE_SCALE


def _hidden(s, player: int | None, e: _Writer) -> None:
    """hidden_sizes, scouted_deck, age_iii_buildings and the 2007 auction."""
    buf, off, rel = e.buf, e.off, e.rel_map
    start = off("hidden_sizes")
    buf[start] = len(s.pool) / 40.0
    buf[start + 1] = len(s.deck) / 16.0
    buf[start + 2] = len(s.unused_counters) / 16.0
    for a in (1, 2, 3):
        buf[start + 2 + a] = len(s.stacks[a]) / STACK_SCALE
    scouted = observation._deck_knowledge(s, player) or {}
    start = off("scouted_deck")
    for k, where in enumerate(("top", "bottom")):
        card = scouted.get(where)
        if card is not None:
            buf[start + 5 * k] = 1.0
            for j, key in enumerate(COUNTER_KEYS):
                buf[start + 5 * k + 1 + j] = card[key] / COUNTER_SCALE
    if s.options.has("reduced-luck") and s.turn <= 6:
        start = off("age_iii_buildings")
        for b in s.stacks[3]:
            buf[start + b] = 1.0
    if s.options.has("order-auction"):
        for p, bid in enumerate(s.bids):
            if bid:
                buf[off("auction_bids") + rel[p]] = bid / MONEY_SCALE
        for p in s.passed:
            buf[off("auction_passed") + rel[p]] = 1.0


def observation_tensor(game, player: Any, out: np.ndarray | None = None) -> np.ndarray:
    """The tensor of what ``player`` may know, equal to
    ``tensor.observation_tensor(game, player, out)`` and several times faster."""
    s = game.s
    n = s.num_players
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
        raise ValueError(f"no seat {player!r} in a {n}-player game")
    e = _Writer(n, player)
    _global(game, s, player, e)
    _players(s, e)
    _regions(s, player, e)
    _boxes(s, e)
    _hidden(s, player, e)
    buf = e.buf
    if out is None:
        out = np.zeros(tensor_size(n), np.float32)
    else:
        out.fill(0.0)
    if buf:
        out[np.fromiter(buf.keys(), np.intp, len(buf))] = np.fromiter(
            buf.values(), np.float32, len(buf)
        )
    return out
