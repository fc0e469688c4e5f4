"""Scorers for the decisions of event and discovery cards: Overpopulation, Spoils,
Indian Allies, the Plague and Migration."""

from __future__ import annotations

from empires.discovery.data import (
    COLONIST,
    NUM_REGIONS,
    SOLDIER,
)
from empires.discovery.heuristic.view import _View
from empires.discovery.heuristic.warfare import WarfareScorers
from empires.discovery.heuristic.weights import (
    NEXT_WORKER,
)


class EventScorers(WarfareScorers):
    """Event and card decisions that move or gain workers."""

    def _overpopulation(self, v: _View, d: dict, legal: list) -> list[float]:
        return [v.add_value(a.a, 1) if a.kind == "region" else 0.0 for a in legal]

    def _spoils_specialist(self, v: _View, d: dict, legal: list) -> list[float]:
        return [NEXT_WORKER.get(a.a, 1.0) if a.kind == "worker" else 0.0 for a in legal]

    def _indian_allies(self, v: _View, d: dict, legal: list) -> list[float]:
        n = min(2, v.supply[v.me][SOLDIER])
        return [v.add_value(a.a, n) for a in legal]

    def _plague_3_region(self, v: _View, d: dict, legal: list) -> list[float]:
        opts = v.plague_3_options()
        return [max((x for x, r, _ in opts if r == a.a), default=-1e6) for a in legal]

    def _plague_3_player(self, v: _View, d: dict, legal: list) -> list[float]:
        opts = {(r, q): x for x, r, q in v.plague_3_options()}
        return [opts.get((d["region"], a.a), -1e6) for a in legal]

    def _migration_move(self, v: _View, src: int, dst: int, k: int) -> float:
        counts = [row[:] for row in v.counts]
        before = v.region_util(counts[src])
        counts[src][v.me] -= k
        x = v.region_util(counts[src]) - before
        return x + v.add_value(dst, k, counts) - 0.05

    def _migration_moves(self, v: _View, src: int) -> list[tuple[float, int, int]]:
        out = []
        have = v.rw[src][v.me][COLONIST]
        for dst in range(NUM_REGIONS):
            if dst != src and v.discovered[dst]:
                for k in (1, 2):
                    if k <= have:
                        out.append((self._migration_move(v, src, dst, k), dst, k))
        return out

    def _migration_from(self, v: _View, d: dict, legal: list) -> list[float]:
        return [
            0.0
            if a.kind == "skip"
            else max((x for x, _, _ in self._migration_moves(v, a.a)), default=-1.0)
            for a in legal
        ]

    def _migration_to(self, v: _View, d: dict, legal: list) -> list[float]:
        moves = self._migration_moves(v, d["source"])
        return [max((x for x, dst, _ in moves if dst == a.a), default=-1.0) for a in legal]

    def _migration_count(self, v: _View, d: dict, legal: list) -> list[float]:
        return [self._migration_move(v, d["source"], d["dest"], a.a) for a in legal]
