"""Scorers for discovery: the Discovery box, expeditions (target and members) and
Cartography."""

from __future__ import annotations

from itertools import product

from empires.discovery.data import (
    CAPTAIN,
    COLONIST,
    COUNTERS,
    MERCHANT,
    MISSIONARY,
    SOLDIER,
    TURNS,
)
from empires.discovery.heuristic.goods import GoodsScorers
from empires.discovery.heuristic.view import _View
from empires.discovery.heuristic.weights import (
    KEEP_IN_BOX,
    NW,
)


class ExpeditionScorers(GoodsScorers):
    """Discovery, expeditions and Cartography."""

    # discovery -------------------------------------------------------------------------------
    def _discovery_place_value(self, v: _View, w: int) -> float:
        values = v._discovery_values  # this decision's, by worker class
        if values is None:
            if not v.discovery_targets():
                return 0.0
            me = v.me
            avail = v.avail[me]
            spare = -1
            for x in avail:
                spare += x
            # what _discovery_gain reads of the Discovery box and the available workers
            key = (tuple(v.dbox[me]), min(4, spare))
            values = v.shared.discovery.get(key)
            if values is None:
                values = v.shared.discovery[key] = {}
            v._discovery_values = values
        cls = 2 if w == CAPTAIN else 1 if w == SOLDIER else 0
        value = values.get(cls)
        if value is None:
            add_v = 2 if w == CAPTAIN else 1
            add_s = 1 if w == SOLDIER else 0
            value = values[cls] = self._discovery_gain(v, add_v, add_s)
        return value

    def _discovery_gain(self, v: _View, add_v: int, add_s: int) -> float:
        me = v.me
        box = v.dbox[me]
        value = sum(box) + box[CAPTAIN]  # a Captain counts twice
        soldiers = box[SOLDIER]
        base = v.best_expedition(value, soldiers)
        spare = min(4, sum(v.avail[me]) - 1)
        best = 0.0
        for k in range(spare + 1):
            gain = v.best_expedition(value + add_v + k, soldiers + add_s) - base
            best = max(best, gain / (k + 1))
        keep = 0.15 if v.turn < TURNS else 0.0
        return best + keep

    def _expedition_plans(self, v: _View, box: list[int], floor: list[int]):
        """Every member vector between ``floor`` and ``box`` (component-wise), in lexicographic
        order."""
        ranges = [range(floor[w], box[w] + 1) for w in range(NW)]
        return [p for p in product(*ranges) if any(p)]

    def _plan_score(
        self, v: _View, plan: tuple[int, ...], dist: list, gain: float, memo: dict | None = None
    ) -> tuple[float, float]:
        """(value, success probability) of a plan; ``memo`` keeps the expedition values of
        ``dist`` and ``gain`` by (value, soldiers) across the plans of one search."""
        value = sum(plan) + plan[CAPTAIN]  # a Captain counts twice
        if memo is None:
            ev, prob = v.expedition_ev(value, plan[SOLDIER], dist, gain)
        else:
            key = (value, plan[SOLDIER])
            got = memo.get(key)
            if got is None:
                got = memo[key] = v.expedition_ev(value, plan[SOLDIER], dist, gain)
            ev, prob = got
        if v.turn < TURNS:
            ev -= sum(n * KEEP_IN_BOX.get(x, 0.5) for x, n in enumerate(plan))
        return ev, prob

    def _target_dist(self, v: _View, target: int) -> tuple[list, float]:
        if target < 0:
            return v.deck, 0.0
        c = v.counter[target]
        dist = [COUNTERS[c]] if c is not None and c >= 0 else v.unseen
        return dist, v.first_colonist_value()

    def _best_plan(self, v: _View, target: int, floor: list[int]):
        # kept for this seat's next decisions (see .memo) under what it reads besides the
        # stable key: which distribution (the deck, one known counter, the unseen ones), the
        # Discovery box and the floor
        c = v.counter[target] if target >= 0 else None
        which = -1 if target < 0 else c if c is not None and c >= 0 else -2
        box = v.dbox[v.me]
        key = (which, tuple(box), tuple(floor))
        best = v.shared.plans.get(key)
        if best is not None:
            return best
        dist, gain = self._target_dist(v, target)
        best = (-1e9, 0.0, None)
        memo: dict[tuple[int, int], tuple[float, float]] = {}
        for plan in self._expedition_plans(v, box, floor):
            ev, prob = self._plan_score(v, plan, dist, gain, memo)
            if ev > best[0] + 1e-9:
                best = (ev, prob, plan)
        v.shared.plans[key] = best
        return best

    def _expedition_target(self, v: _View, d: dict, legal: list) -> list[float]:
        threshold = 0.5 if v.turn < TURNS else 0.0
        floor = [0] * NW
        scores = []
        for a in legal:
            if a.kind == "skip":
                scores.append(0.0)
                continue
            if a.kind not in ("region", "deck"):  # e.g. the Scouting variant: not used
                scores.append(-2.0)
                continue
            target = a.a if a.kind == "region" else -1
            ev, prob, plan = self._best_plan(v, target, floor)
            scores.append(ev if plan is not None and prob >= threshold and ev > 0 else -1.0)
        return scores

    def _expedition_members(self, v: _View, d: dict, legal: list) -> list[float]:
        members = list(d["members"])
        target = d["target"]
        _, _, plan = self._best_plan(v, target, members)
        want = None
        if plan is not None:
            for w in (SOLDIER, CAPTAIN, COLONIST, MERCHANT, MISSIONARY, 5):
                if plan[w] > members[w]:
                    want = w
                    break
        scores = []
        for a in legal:
            if a.kind == "done":
                scores.append(1.0 if want is None else 0.0)
            else:
                scores.append(2.0 if a.a == want else -KEEP_IN_BOX.get(a.a, 0.5))
        return scores

    def _cartography(self, v: _View, d: dict, legal: list) -> list[float]:
        scores = []
        for a in legal:
            if a.kind == "skip":
                scores.append(0.0)
                continue
            dist, gain = self._target_dist(v, a.a)
            ev, _ = v.expedition_ev(99, 0, dist, gain)
            scores.append(ev + 0.01)
        return scores
