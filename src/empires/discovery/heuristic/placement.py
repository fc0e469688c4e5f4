"""Worker placement (Phase 1): the value of each box for each worker type."""

from __future__ import annotations

from empires.discovery.data import (
    CAP_BUILDINGS,
    COLONIST,
    DISCOVERY,
    DOCK,
    INITIATIVE,
    MISSIONARY,
    SHIPPING,
    SPACE_GIVES,
    TRADE_GOODS,
    TRAINING,
    TURNS,
    WARFARE,
)
from empires.discovery.heuristic.events import EventScorers
from empires.discovery.heuristic.view import _View


class PlacementScorers(EventScorers):
    """Phase 1: each worker goes where its value is highest (the value of each box is asked of
    the scorers of the classes it extends)."""

    def _place(self, v: _View, d: dict, legal: list) -> list[float]:
        box_cache: dict[int, float] = {}
        values: dict[tuple[int, int], float] = {}
        for a in legal:
            if a.kind == "place":
                values[(a.a, a.b)] = self._box_value(v, a.a, a.b, box_cache)
        best_for: dict[int, float] = {}
        for (w, _), x in values.items():
            best_for[w] = max(best_for.get(w, -1e9), x)
        scores = []
        for a in legal:
            if a.kind != "place":
                scores.append(-1e9)  # the University is kept (5 VP) rather than spent here
                continue
            x = values[(a.a, a.b)]
            if a.a != COLONIST:
                x -= 0.7 * (best_for[a.a] - x)
            scores.append(x)
        return scores

    def _box_value(self, v: _View, w: int, box: int, cache: dict[int, float]) -> float:
        if box == DOCK:
            return self._dock_place_value(v, w)
        if box == DISCOVERY:
            return self._discovery_place_value(v, w)
        if box == SHIPPING:
            return self._shipping_place_value(v, w)
        if box not in cache:
            cache[box] = self._box_value_once(v, box)
        return cache[box]

    def _box_value_once(self, v: _View, box: int) -> float:
        """The value of a box whatever the worker. Those whose inputs Phase 1 leaves alone (or
        that read only the part of a box named in their key) are kept in ``v.shared.values``
        for the next decision of this seat (see :mod:`.memo`)."""
        if box == INITIATIVE:
            return self._initiative_value(v)
        if box == TRADE_GOODS:
            key: tuple = ("tg", tuple(v.tg_offer), sum(1 for p, _ in v.tg_box if p == v.me))
            key += (len(v.tg_box),)
        elif box == CAP_BUILDINGS:
            key = ("cb", self._expected_money(v), sum(1 for p, _ in v.cb_box if p == v.me))
            key += (len(v.cb_box), tuple(v.cb_offer), v.avail[v.me][MISSIONARY])
        elif box == WARFARE:
            key = ("warfare", sum(1 for p, _ in v.warfare if p == v.me))
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
            order_bonus = {1: 1.2, 2: 0.6, 3: 0.3}.get(k, 0.1)
            if v.order and v.order[0] == v.me and k > 1:
                order_bonus *= 0.3
        return k * v.m + order_bonus
