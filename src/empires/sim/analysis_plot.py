"""The graph of a game's analysis (``empires analyse --plot``): each player's estimated chance to
win at every analysed decision, with the mistakes marked, drawn with matplotlib (Agg) from the
JSON of :meth:`empires.bots.analysis.GameAnalysis.to_json` (plain data: nothing here imports a
game or the search)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from empires.sim.report import _pyplot

MARKS = {"inaccuracy": ("o", 5), "mistake": ("o", 8), "blunder": ("X", 10)}


def win_series(analysis: dict) -> list[tuple[list[int], list[float]]]:
    """Per seat: the action numbers (counted from 1) of the analysed decisions and that seat's estimated chance
    to win there (decisions without an estimate are skipped)."""
    n = analysis["num_players"]
    out: list[tuple[list[int], list[float]]] = [([], []) for _ in range(n)]
    for d in analysis["decisions"]:
        win = d.get("win") or []
        if len(win) != n:
            continue
        for p in range(n):
            out[p][0].append(d["index"] + 1)
            out[p][1].append(win[p])
    return out


def draw_analysis(ax: Any, analysis: dict, labels: Sequence[str] | None = None) -> None:
    """Each seat's chance to win over the game; a decision judged an inaccuracy, mistake or
    blunder is marked on its player's line (bigger for worse)."""
    n = analysis["num_players"]
    names = list(labels) if labels else [f"Player {p + 1}" for p in range(n)]
    colours = [f"C{p}" for p in range(n)]
    for p, (xs, ys) in enumerate(win_series(analysis)):
        ax.plot(xs, ys, color=colours[p], label=names[p], linewidth=1.6)
    for d in analysis["decisions"]:
        mark = MARKS.get(d["verdict"])
        win = d.get("win") or []
        if mark is None or len(win) != n:
            continue
        ax.plot(
            [d["index"] + 1],
            [win[d["player"]]],
            marker=mark[0],
            markersize=mark[1],
            color=colours[d["player"]],
            markeredgecolor="black",
            linestyle="none",
        )
    ax.set_ylim(0, 1)
    ax.set_xlabel("action number in the game")
    ax.set_ylabel("estimated chance to win")
    ax.set_title(
        f"{analysis['game']}: chance to win per player "
        f"(search {analysis['iterations']} iterations per decision; "
        "marks: inaccuracy, mistake, blunder)",
        fontsize=9,
    )
    ax.grid(True, alpha=0.3)
    ax.legend(loc="best", fontsize=8)


def write_analysis_plot(
    path: str | Path, analysis: dict, labels: Sequence[str] | None = None
) -> None:
    """The graph as a PNG (PlotsUnavailable without matplotlib, OSError if it cannot write)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(9, 4))
    try:
        draw_analysis(ax, analysis, labels)
        fig.tight_layout()
        fig.savefig(path, format="png", dpi=100)
    finally:
        plt.close(fig)
