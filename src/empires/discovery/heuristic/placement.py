"""Worker placement (Phase 1): the value of each box for each worker type."""

from __future__ import annotations

from empires.discovery.data import (
    CAP_BUILDINGS,
    COLONIST,
    DISCOVERY,
    DOCK,
    INITIATIVE,
    SHIPPING,
    SPACE_GIVES,
    TRADE_GOODS,
    TRAINING,
    TURNS,
    WARFARE,
)
from empires.discovery.heuristic.colonies import ColonyScorers
from empires.discovery.heuristic.expeditions import ExpeditionScorers
from empires.discovery.heuristic.goods import GoodsScorers
from empires.discovery.heuristic.specialists import SpecialistScorers
from empires.discovery.heuristic.view import _View
from empires.discovery.heuristic.warfare import WarfareScorers


class PlacementScorers(
    ColonyScorers, GoodsScorers, ExpeditionScorers, SpecialistScorers, WarfareScorers
):
    """Phase 1: each worker goes where its value is highest."""

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
            if box == INITIATIVE:
                cache[box] = self._initiative_value(v)
            elif box == TRADE_GOODS:
                cache[box] = self._tg_place_value(v)
            elif box == CAP_BUILDINGS:
                cache[box] = self._cb_place_value(v)
            elif box == WARFARE:
                cache[box] = self._warfare_place_value(v)
            elif box == TRAINING:
                cache[box] = self._training_value(v, self._expected_money(v))
            elif box in SPACE_GIVES:
                cache[box] = self._specialist_value(v, SPACE_GIVES[box])
            else:
                cache[box] = 0.0
        return cache[box]

    def _initiative_value(self, v: _View) -> float:
        k = len(v.initiative) + 1
        order_bonus = 0.0
        if v.turn < TURNS:
            order_bonus = {1: 1.2, 2: 0.6, 3: 0.3}.get(k, 0.1)
            if v.order and v.order[0] == v.me and k > 1:
                order_bonus *= 0.3
        return k * v.m + order_bonus
