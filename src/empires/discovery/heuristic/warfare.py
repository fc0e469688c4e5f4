"""Scorers for warfare: the Warfare box, battles, wars and the Stables."""

from __future__ import annotations

from empires.discovery.data import (
    ADJACENT,
    NUM_REGIONS,
)
from empires.discovery.heuristic.specialists import SpecialistScorers
from empires.discovery.heuristic.view import _View
from empires.discovery.heuristic.weights import (
    WAR_COST,
)


class WarfareScorers(SpecialistScorers):
    """Warfare, battles, wars and the Stables."""

    # warfare ---------------------------------------------------------------------------------
    def _warfare_place_value(self, v: _View) -> float:
        me = v.me
        if not any(v.counts[r][me] and v.soldiers_in(r) for r in range(NUM_REGIONS)):
            return 0.0
        # Our workers already in the box fight first: plan their battles, then value the next
        # (on a copy of the board; without them it is only read).
        ours = any(p == me for p, _ in v.warfare)
        rw = [[w[:] for w in row] for row in v.rw_read] if ours else v.rw_read
        for p, _ in v.warfare:
            if p == me:
                value, r, d = v.best_battle(rw)
                if value <= 0:
                    return 0.0
                v.fight(d, r, rw)
        best = v.best_battle(rw)[0]
        if v.money[me] >= WAR_COST:
            for q in range(v.n):
                if q != me:
                    best = max(best, v.war_value(q, rw))
        return max(0.0, 0.7 * best)

    def _warfare(self, v: _View, d: dict, legal: list) -> list[float]:
        scores = []
        for a in legal:
            if a.kind == "skip":
                scores.append(0.0)
            elif a.kind == "battle":
                scores.append(v.best_battle()[0])
            else:
                scores.append(max(v.war_value(q) for q in range(v.n) if q != v.me))
        return scores

    def _battle_region(self, v: _View, d: dict, legal: list) -> list[float]:
        return [max(v.battle_value(q, a.a) for q in range(v.n) if q != v.me) for a in legal]

    def _battle_player(self, v: _View, d: dict, legal: list) -> list[float]:
        return [v.battle_value(a.a, d["region"]) for a in legal]

    def _war_player(self, v: _View, d: dict, legal: list) -> list[float]:
        return [v.war_value(a.a) for a in legal]

    # buildings' decisions --------------------------------------------------------------------
    def _stables_from(self, v: _View, d: dict, legal: list) -> list[float]:
        scores = []
        for a in legal:
            if a.kind == "skip":
                scores.append(0.0)
            else:
                scores.append(
                    max(
                        (self._stables_move(v, a.a, r) for r in ADJACENT[a.a] if v.discovered[r]),
                        default=-1.0,
                    )
                )
        return scores

    def _stables_move(self, v: _View, src: int, dst: int) -> float:
        counts = [row[:] for row in v.counts]
        before = v.region_util(counts[src])
        counts[src][v.me] -= 1
        x = v.region_util(counts[src]) - before
        x += v.add_value(dst, 1, counts)
        return x - 0.05

    def _stables_to(self, v: _View, d: dict, legal: list) -> list[float]:
        return [self._stables_move(v, d["source"], a.a) for a in legal]
