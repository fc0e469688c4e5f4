"""Imperial Settlers random-playout throughput on one core (a single process).

    python benchmarks/settlers_playouts.py [--games N] [--players 2,4] [--seed S] [--variant V] [--quiet]

A random playout: from ``new_game(n, seed)``, while the game is not over, pick uniformly among
``legal_actions()`` with an :class:`~empires.core.rng.Rng` and apply it. Prints games per second
and decisions per second per player count (factions: the first n of romans, barbarians,
egyptians, japanese).
"""

from __future__ import annotations

import argparse
import sys
import time

from empires.core.rng import Rng
from empires.settlers import Options, new_game


def playout(num_players: int, seed: int, options: Options, narrate: bool = True) -> int:
    """Play one random game; returns the number of decisions."""
    state = new_game(num_players, seed=seed, options=options)
    state.narrate = narrate  # the event log: on as players see it, off as bots and batch runs
    rng = Rng(seed ^ 0x5E771E5)
    decisions = 0
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        decisions += 1
    return decisions


def bench(
    num_players: int, games: int, seed: int, options: Options, narrate: bool = True
) -> tuple[float, int]:
    start = time.perf_counter()
    decisions = 0
    for i in range(games):
        decisions += playout(num_players, seed + i, options, narrate=narrate)
    return time.perf_counter() - start, decisions


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--players", default="2,4", help="player counts (default 2,4)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--quiet", action="store_true", help="no event log (as bots' searches and simulate play)"
    )
    parser.add_argument("--variant", action="append", default=[], help="a variant, repeatable")
    args = parser.parse_args(argv)
    options = Options(variants=tuple(args.variant))
    counts = [int(p) for p in args.players.split(",") if p.strip()]
    print(
        f"settlers: random playouts, {args.games} games per player count, one process"
        + (", no event log" if args.quiet else "")
        + (f", variants {', '.join(options.variants)}" if options.variants else "")
    )
    print(
        f"{'players':>7} {'games/s':>10} {'decisions/s':>12} {'decisions/game':>15} {'seconds':>8}"
    )
    for n in counts:
        bench(n, 2, args.seed, options)  # warm-up: imports, caches
        seconds, decisions = bench(n, args.games, args.seed, options, narrate=not args.quiet)
        print(
            f"{n:>7} {args.games / seconds:>10.1f} {decisions / seconds:>12.0f} "
            f"{decisions / args.games:>15.1f} {seconds:>8.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
