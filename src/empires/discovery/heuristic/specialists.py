"""Scorers for Specialists: the specialist spaces, Training and trading a worker out."""

from __future__ import annotations

from empires.discovery.data import (
    CAPTAIN,
    COLONIST,
    MERCHANT,
    MISSIONARY,
    SOLDIER,
    TURNS,
)
from empires.discovery.heuristic.expeditions import ExpeditionScorers
from empires.discovery.heuristic.view import _View
from empires.discovery.heuristic.weights import (
    NEXT_WORKER,
    TRAINING_COST,
)


class SpecialistScorers(ExpeditionScorers):
    """Specialist spaces, Training and trading out."""

    # specialists -----------------------------------------------------------------------------
    def _can_gain(self, v: _View, w: int) -> bool:
        me = v.me
        return v.supply[me][w] > 0 or (v.supply[me][COLONIST] > 0 and v.nw_workers(me, w) > 0)

    def _specialist_value(self, v: _View, w: int) -> float:
        if v.turn >= TURNS or not self._can_gain(v, w):
            return 0.0
        x = NEXT_WORKER.get(w, 1.0)
        if w == CAPTAIN and not v.discovery_targets():
            x -= 0.6
        if w == MISSIONARY and "cathedral" in v.mine:
            x += 1.0
        return x

    def _training_value(self, v: _View, money: int) -> float:
        if money < TRAINING_COST or v.turn >= TURNS:
            return 0.0
        best = max(
            (self._specialist_value(v, w) for w in (CAPTAIN, MERCHANT, MISSIONARY, SOLDIER)),
            default=0.0,
        )
        return max(0.0, best - TRAINING_COST * v.m)

    def _training(self, v: _View, d: dict, legal: list) -> list[float]:
        return [
            0.0 if a.kind == "skip" else self._specialist_value(v, a.a) - TRAINING_COST * v.m
            for a in legal
        ]

    def _trade_out(self, v: _View, d: dict, legal: list) -> list[float]:
        me = v.me
        w = d.get("worker", COLONIST)
        scores = []
        for a in legal:
            if a.kind == "skip":
                scores.append(0.0)
            else:
                x = 0.5 if v.turn < TURNS else -0.1
                if w == SOLDIER:
                    x -= 0.2 * sum(1 for q in range(v.n) if q != me and v.counts[a.a][q])
                    x -= v.vp_per.get("new_world_soldier", 0)
                scores.append(x + 0.01 * v.rw[a.a][me][w])
        return scores
