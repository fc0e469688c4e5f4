"""The Discovery heuristic bot of this tree against the one of an earlier commit, in games.

    python benchmarks/heuristic_vs_old.py [--ref REF] [--players 2] [--games 400] [--seed 0]
                                          [--options JSON]

The earlier heuristic (``src/empires/discovery/heuristic/`` at REF; default: the last commit
before the blind-spot scorers, found by its message) is copied out of git into a temporary package ``_old_heuristic`` (its imports of the package
renamed), so both bots play the same engine in one process. Game i (seed SEED + i) puts this
tree's bot in seat ``i % players`` and the earlier bot in every other seat (seats rotated); each
bot is seeded with its seat and the game. Options (JSON, as ``empires play --options``) default to
every rule that asks the decisions issue #32 scored: Builders, buying VP, the National
Advantages auction and Scouting. Prints the games, the new bot's wins (a shared first place
counts 1/k), its win rate with the 95% Wilson interval next to the even share 1/players, and the
mean score margin over the best other seat.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "src/empires/discovery/heuristic"
DEFAULT_OPTIONS = {
    "builders": True,
    "buy_vp": True,
    "nations": "auction",
    "variants": ["scouting"],
}


def old_package(ref: str, into: Path) -> None:
    """Write the heuristic package of ``ref`` as ``into/_old_heuristic``."""
    names = subprocess.run(
        ["git", "ls-tree", "--name-only", f"{ref}:{PACKAGE}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    pkg = into / "_old_heuristic"
    pkg.mkdir()
    for name in names:
        if not name.endswith(".py"):
            continue
        text = subprocess.run(
            ["git", "show", f"{ref}:{PACKAGE}/{name}"],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        (pkg / name).write_text(text.replace("empires.discovery.heuristic", "_old_heuristic"))


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    den = 1 + z * z / n
    return (centre - spread) / den, (centre + spread) / den


def play(new_cls, old_cls, players: int, seed: int, options) -> tuple[float, float]:
    """One game; (the new bot's share of first place, its margin over the best other seat)."""
    from empires.discovery.game import new_game

    seat = seed % players
    game = new_game(players, seed=seed, options=options)
    game.s.narrate = False
    bots = [
        (new_cls if p == seat else old_cls)(seed * 10 + p, remember=True) for p in range(players)
    ]
    while not game.is_terminal():
        game.apply(bots[game.current_player].choose(game))
    totals = [row["total"] for row in game.scores()]
    firsts = game.ranking()[0]  # the seats sharing first place
    share = 1 / len(firsts) if seat in firsts else 0.0
    best_other = max(t for p, t in enumerate(totals) if p != seat)
    return share, totals[seat] - best_other


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ref", default=":/^empires replay --lang")  # before the scorers
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--options", default=json.dumps(DEFAULT_OPTIONS))
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT / "src"))
    from empires.discovery.heuristic import HeuristicBot
    from empires.discovery.options import Options

    options = Options.from_json(json.loads(args.options))
    with tempfile.TemporaryDirectory() as tmp:
        old_package(args.ref, Path(tmp))
        sys.path.insert(0, tmp)
        old_cls = importlib.import_module("_old_heuristic").HeuristicBot
        cpu = time.process_time()
        wins = margin = 0.0
        for i in range(args.games):
            share, diff = play(HeuristicBot, old_cls, args.players, args.seed + i, options)
            wins += share
            margin += diff
        cpu = time.process_time() - cpu
    lo, hi = wilson(wins, args.games)
    print(
        f"{args.players} players, {args.games} games, options {args.options}, new vs {args.ref}: "
        f"new wins {wins:g} = {wins / args.games:.1%} (95% {lo:.1%}-{hi:.1%}; even share "
        f"{1 / args.players:.1%}), mean margin {margin / args.games:+.2f} VP, {cpu:.1f} CPU s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
