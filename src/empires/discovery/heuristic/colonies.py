"""Scorers for the Dock: landing workers in the New World's colonies."""

from __future__ import annotations

from empires.discovery.data import (
    COLONIST,
    MERCHANT,
    MISSIONARY,
    NUM_REGIONS,
    SOLDIER,
)
from empires.discovery.heuristic.view import _View
from empires.discovery.heuristic.weights import NW

# The Dock lands a Missionary, a Merchant and a Soldier each its own way, the others as a
# Colonist: worker -> the worker whose landing it shares.
_DOCK_KIND = tuple(w if w in (MISSIONARY, MERCHANT, SOLDIER) else COLONIST for w in range(NW))


class ColonyScorers:
    """The Dock: which worker lands where."""

    # dock ------------------------------------------------------------------------------------
    def _landing(self, v: _View, counts, w: int) -> tuple[float, int]:
        """Best (value, region) for a worker of type w landing given ``counts``."""
        me = v.me
        extra = 0
        if w == MISSIONARY:
            extra = min(2 if "cathedral" in v.mine else 1, v.supply[me][COLONIST])
        bonus = 0.0
        if w == MERCHANT:
            bonus += 5 * v.m
        if w == SOLDIER:
            bonus += v.vp_per.get("new_world_soldier", 0)
        best, where = -1e9, -1
        for r in range(NUM_REGIONS):
            if not v.discovered[r]:
                continue
            x = v.add_value(r, 1 + extra, counts) + bonus
            if w == SOLDIER:
                x += 0.2 * sum(1 for q in range(v.n) if q != me and counts[r][q])
            if x > best:
                best, where = x, r
        return best, where

    def _planned_counts(self, v: _View) -> list[list[int]]:
        """Board counts after our own queued dock workers land where they are worth most."""
        counts = [row[:] for row in v.counts]
        me = v.me
        queue = [w for p, w in v.dock if p == me]
        if v.dock_x == me:
            queue.append(COLONIST)
        if v.dock_y == me:
            queue.append(COLONIST)
        for w in queue:
            _, r = self._landing(v, counts, w)
            if r >= 0:
                counts[r][me] += 2 if w == MISSIONARY else 1
        return counts

    def _dock_plan_key(self, v: _View) -> tuple:
        """What :meth:`_planned_counts` reads of the Dock (the board is in the view's stable
        key): our queued workers and whether the X and Y spaces are ours."""
        me = v.me
        queue = tuple([x for p, x in v.dock if p == me])
        return (queue, v.dock_x == me, v.dock_y == me)

    def _dock_place_value(self, v: _View, w: int) -> float:
        values = v._dock_values  # this decision's, by worker class (see _DOCK_KIND)
        if values is None:
            plan_key = self._dock_plan_key(v)
            values = v.shared.dock.get(plan_key)
            if values is None:
                values = v.shared.dock[plan_key] = {}
            v._dock_values = values
        kind = _DOCK_KIND[w]
        value = values.get(kind)
        if value is None:
            plan_key = self._dock_plan_key(v)
            planned = v.shared.planned.get(plan_key)
            if planned is None:
                planned = v.shared.planned[plan_key] = self._planned_counts(v)
            best, _ = self._landing(v, planned, w)
            value = values[kind] = max(best, 0.0)
        return value

    def _dock(self, v: _View, d: dict, legal: list) -> list[float]:
        w = d.get("worker", COLONIST)
        me = v.me
        extra = 0
        if w == MISSIONARY:
            extra = min(2 if "cathedral" in v.mine else 1, v.supply[me][COLONIST])
        bonus = 5 * v.m if w == MERCHANT else 0.0
        scores = []
        for a in legal:
            if a.kind == "skip":
                scores.append(bonus - 0.5 if w == MERCHANT else -0.5)
                continue
            r = a.a
            x = v.add_value(r, 1 + extra) + bonus
            if w == SOLDIER:
                x += 0.2 * sum(1 for q in range(v.n) if q != me and v.counts[r][q])
                x += v.vp_per.get("new_world_soldier", 0)
            scores.append(x)
        return scores
