"""Worker placement (Phase 1): the value of each box for each worker type."""

from __future__ import annotations

from empires.discovery.data import (
    BOXES,
    CAP_BUILDINGS,
    CAPTAIN,
    COLONIST,
    DISCOVERY,
    DOCK,
    INITIATIVE,
    MERCHANT,
    MISSIONARY,
    SHIPPING,
    SOLDIER,
    SPACE_GIVES,
    TRADE_GOODS,
    TRAINING,
    TURNS,
    WARFARE,
)
from empires.discovery.heuristic.events import EventScorers
from empires.discovery.heuristic.view import _View
from empires.discovery.heuristic.weights import NW, SHIP_VALUE

# The boxes where workers of some types are worth the same: worker -> its class there (what the
# box's scorer reads of the worker: the Dock lands a Missionary, a Merchant and a Soldier each
# its own way, the others as a Colonist; Discovery counts a Captain twice and a Soldier's
# strength; Shipping counts SHIP_VALUE).
_BY_CLASS: dict[int, tuple[int, ...]] = {
    DOCK: tuple(w if w in (MISSIONARY, MERCHANT, SOLDIER) else COLONIST for w in range(NW)),
    DISCOVERY: tuple(1 if w == CAPTAIN else 2 if w == SOLDIER else 0 for w in range(NW)),
    SHIPPING: tuple(SHIP_VALUE.get(w, 1) for w in range(NW)),
}
# [worker][box] -> the key of its value within a decision: the box, or for the boxes above a
# negative number naming the box and the worker's class there
_KEYS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        box if box not in _BY_CLASS else -1 - box * NW - _BY_CLASS[box][w]
        for box in range(len(BOXES))
    )
    for w in range(NW)
)
_ORDER_BONUS = {1: 1.2, 2: 0.6, 3: 0.3}  # Initiative: the worth of the k-th space taken


def _mine(box: list[tuple[int, int]], me: int) -> int:
    """How many of the (player, worker) pairs of ``box`` are ``me``'s."""
    k = 0
    for p, _ in box:
        if p == me:
            k += 1
    return k


class PlacementScorers(EventScorers):
    """Phase 1: each worker goes where its value is highest (the value of each box is asked of
    the scorers of the classes it extends)."""

    def _place(self, v: _View, d: dict, legal: list) -> list[float]:
        # each value is asked once per decision: the Dock, Discovery and Shipping boxes by the
        # class of workers worth the same there, the other boxes whatever the worker (_KEYS)
        values: dict[int, float] = {}
        best_for = [-1e9] * NW
        xs: list[float] = []  # per legal action: its box's value (placements only)
        ws: list[int] = []  # per legal action: its worker, -1 for what is not a placement
        for a in legal:
            if a.kind != "place":
                xs.append(0.0)
                ws.append(-1)
                continue
            w, box = a.a, a.b
            key = _KEYS[w][box]
            x = values.get(key)
            if x is None:
                x = values[key] = self._box_value(v, w, box)
            if x > best_for[w]:
                best_for[w] = x
            xs.append(x)
            ws.append(w)
        scores = []
        for x, w in zip(xs, ws, strict=True):
            if w < 0:
                scores.append(-1e9)  # the University is kept (5 VP) rather than spent here
            elif w == COLONIST:
                scores.append(x)
            else:
                scores.append(x - 0.7 * (best_for[w] - x))
        return scores

    def _box_value(self, v: _View, w: int, box: int) -> float:
        if box == DOCK:
            return self._dock_place_value(v, w)
        if box == DISCOVERY:
            return self._discovery_place_value(v, w)
        if box == SHIPPING:
            return self._shipping_place_value(v, w)
        return self._box_value_once(v, box)

    def _box_value_once(self, v: _View, box: int) -> float:
        """The value of a box whatever the worker. Those whose inputs Phase 1 leaves alone (or
        that read only the part of a box named in their key) are kept in ``v.shared.values``
        for the next decision of this seat (see :mod:`.memo`)."""
        if box == INITIATIVE:
            return self._initiative_value(v)
        me = v.me
        if box == TRADE_GOODS:
            tg_box = v.tg_box
            key: tuple = ("tg", tuple(v.tg_offer), _mine(tg_box, me), len(tg_box))
        elif box == CAP_BUILDINGS:
            cb_box = v.cb_box
            key = ("cb", self._expected_money(v), _mine(cb_box, me), len(cb_box))
            key += (tuple(v.cb_offer), v.avail[me][MISSIONARY])
        elif box == WARFARE:
            key = ("warfare", _mine(v.warfare, me))
        elif box == TRAINING:
            key = ("training", self._expected_money(v))
        elif box in SPACE_GIVES:
            key = ("specialist", SPACE_GIVES[box])
        else:
            return 0.0
        values = v.shared.values
        value = values.get(key)
        if value is None:
            if box == TRADE_GOODS:
                value = self._tg_place_value(v)
            elif box == CAP_BUILDINGS:
                value = self._cb_place_value(v)
            elif box == WARFARE:
                value = self._warfare_place_value(v)
            elif box == TRAINING:
                value = self._training_value(v, self._expected_money(v))
            else:
                value = self._specialist_value(v, SPACE_GIVES[box])
            values[key] = value
        return value

    def _initiative_value(self, v: _View) -> float:
        k = len(v.initiative) + 1
        order_bonus = 0.0
        if v.turn < TURNS:
            order_bonus = _ORDER_BONUS.get(k, 0.1)
            if v.order and v.order[0] == v.me and k > 1:
                order_bonus *= 0.3
        return k * v.m + order_bonus
