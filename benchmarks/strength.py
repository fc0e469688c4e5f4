"""Strength of an ISMCTS time budget against the heuristic bot, next to the committed figures.

    python benchmarks/strength.py [--budget 0.2s] [--clock cpu] [--players 2] [--games 200]
                                  [--seed 1000]
                                  [--compare benchmarks/results/ismcts-1s-vs-heuristic-2p.jsonl]

Plays (or resumes) the tournament ``ismcts:BUDGET`` against the heuristic bot, Discovery 2015
rules, seeds SEED.., seats rotated, exactly as the committed ``ismcts:1s`` figures were measured
(2 players: ``--bots ismcts:B,heuristic``; more: ``--lineup ismcts:B,heuristic,...``), one game
at a time through ``empires tournament --results FILE`` (default
``benchmarks/results/ismcts-BUDGET-vs-heuristic-Np.jsonl``), so a stopped run picks up where it
was. The budget is counted in CPU seconds by default (``ismcts:B:clock=cpu``: the iterations a
free core gives in B seconds, whatever else the machine runs; ``--clock wall`` for wall-clock
seconds, as the committed 1 s figures were, measured on a lightly loaded machine).
``--report`` only reads the files. Prints, for this budget and for the ``--compare`` file
(default: the committed ``ismcts:1s`` results for this player count; also restricted to the
seeds played so far: the same deals), the games, the searching bot's wins (a shared first
place counts 1/k, as the tournament counts it), the win rate with its 95% Wilson interval, and
the mean margin over the best other seat.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"
BASELINE = {2: "ismcts-1s-vs-heuristic-2p.jsonl", 4: "ismcts-1s-vs-3-heuristic-4p.jsonl"}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (``wins`` of ``n``)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    den = 1 + z * z / n
    return (centre - spread) / den, (centre + spread) / den


def tally(path: Path, seeds: set[int] | None = None, bot: str | None = None) -> dict:
    """Games, wins (a shared first place counts 1/k) and mean margin of the ISMCTS seat (or of
    the seat ``bot`` plays) in a tournament results file (only the games of ``seeds``, if
    given), and the seeds of those games."""
    games = 0
    played: set[int] = set()
    wins = margin = 0.0
    spec = ""
    with path.open() as f:
        for line in f:
            row = json.loads(line)
            if "run" in row or "ranking" not in row:
                continue
            if seeds is not None and row["seed"] not in seeds:
                continue
            played.add(row["seed"])
            if bot is not None:
                seat = row["bots"].index(bot)
            else:
                seat = next(i for i, b in enumerate(row["bots"]) if b.startswith("ismcts"))
            spec = row["bots"][seat]
            totals = [s["total"] for s in row["scores"]]
            first = row["ranking"][0]
            wins += 1.0 / len(first) if seat in first else 0.0
            margin += totals[seat] - max(t for i, t in enumerate(totals) if i != seat)
            games += 1
    margin /= max(1, games)
    return {"spec": spec, "games": games, "wins": wins, "margin": margin, "seeds": played}


def play(args: argparse.Namespace, path: Path) -> None:
    spec = f"ismcts:{args.budget}" + (":clock=cpu" if args.clock == "cpu" else "")
    table = ["--bots", f"{spec},heuristic"]
    if args.players > 2:
        table = ["--lineup", ",".join([spec] + ["heuristic"] * (args.players - 1))]
    cmd = ["empires", "tournament", "discovery", "--players", str(args.players), *table]
    cmd += ["--games", str(args.games), "--seed", str(args.seed), "--jobs", "1"]
    cmd += ["--results", str(path), "--json"]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--budget", default="0.2s", help="ISMCTS budget (default 0.2s)")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--results", help="results file (JSON Lines; resumed if present)")
    ap.add_argument("--compare", help="results file to compare with (default: ismcts:1s)")
    ap.add_argument("--report", action="store_true", help="only report from the files")
    args = ap.parse_args(argv)
    opponents = "heuristic" if args.players == 2 else f"{args.players - 1}-heuristic"
    clock = "-cpu" if args.clock == "cpu" else ""
    name = f"ismcts-{args.budget}{clock}-vs-{opponents}-{args.players}p.jsonl"
    path = Path(args.results) if args.results else RESULTS / name
    if not args.report:
        play(args, path)
    rows = [tally(path)]
    compare = args.compare or (
        RESULTS / BASELINE[args.players] if args.players in BASELINE else None
    )
    if compare:
        rows.append(tally(Path(compare)))
        same = tally(Path(compare), rows[0]["seeds"])  # the same deals
        same["spec"] += " (same seeds)"
        rows.append(same)
    print(f"Discovery, {args.players} players, ISMCTS seat vs heuristic, seats rotated")
    print(f"{'bot':<22} {'games':>5} {'wins':>7} {'rate':>6}  {'95% Wilson':<13} {'margin':>7}")
    for r in rows:
        low, high = wilson(r["wins"], r["games"])
        rate = r["wins"] / max(1, r["games"])
        print(
            f"{r['spec']:<22} {r['games']:>5} {r['wins']:>7.1f} {rate:>6.1%}  "
            f"{low:>5.1%}-{high:<6.1%} {r['margin']:>+7.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
