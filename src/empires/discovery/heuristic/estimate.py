"""The estimate ISMCTS values a search leaf by: a (determinized) game's final totals."""

from __future__ import annotations

from typing import Any

from empires.discovery.data import NUM_REGIONS, SCORING_TURNS, TURNS
from empires.discovery.income import set_income
from empires.discovery.scoring import region_scores, scores


def discovery_estimate(d: Any) -> list[float] | None:
    """Estimated final totals of a (determinized) Discovery game: ``scores()`` plus the colony
    scorings still to come at the current majorities (a region short of 3 workers counts in
    proportion to its largest colony; scorings after the next weigh 0.8), plus money and the
    set income still to be paid, valued like the heuristic values money. ``None`` for anything
    but a Discovery engine state."""
    s = getattr(d, "s", None)
    if s is None or not hasattr(s, "region_workers"):
        return None
    n = s.num_players
    totals = [float(row["total"]) for row in scores(s)]
    t = s.turn
    if s.step == "over":
        return totals
    done_now = s.step in ("buy_vp", "refresh")
    pending = [x for x in SCORING_TURNS if x > t or (x == t and not done_now)]
    if pending:
        _add_colony_scorings(s, totals, pending, t)
    m = 0.35 if t < 7 else 0.3 if t == 7 else 0.05
    left = TURNS - t
    for p in range(n):
        totals[p] += m * (s.money[p] + left * set_income(s.goods[p], s.ships[p]))
    return totals


def _add_colony_scorings(s: Any, totals: list[float], pending: list[int], t: int) -> None:
    n = s.num_players
    w_rest = 0.8 * (len(pending) - 1)
    now = pending[0] == t
    for r in range(NUM_REGIONS):
        rw = s.region_workers[r]
        counts = [sum(rw[p]) for p in range(n)]
        top = max(counts)
        if top <= 0:
            continue
        if top >= 3:
            vp = region_scores(counts)
            f = 1.0 + w_rest
        else:
            vp = region_scores([c * 3 for c in counts])
            f = ((0.0 if now else 1.0) + w_rest) * top / 3.0
        for p in range(n):
            if vp[p]:
                totals[p] += f * vp[p]
