"""Random-playout throughput on one core (a single process), with the event log on and off.

    python benchmarks/playouts.py [--game discovery] [--games N] [--players 2,4,6] [--seed S] [--quiet]

A random playout: from ``new_game(n, seed)``, while the game is not over, pick uniformly among
``legal_actions()`` with an :class:`~empires.core.rng.Rng` and apply it. Prints, per player
count, decisions per second with the event log on (as a web table and the terminal play) and
off (as bots' searches and ``simulate`` play), side by side, and their ratio: what narration
costs (issue #30's target: on/off at least 0.75). The two runs alternate in rounds of a few
games, so a busy machine slows both alike. ``--quiet``: the log off only.
"""

from __future__ import annotations

import argparse
import sys
import time

from empires.core.adapter import get_adapter
from empires.core.rng import Rng


def playout(adapter, num_players: int, seed: int, options=None, narrate: bool = True) -> int:
    """Play one random game; returns the number of decisions."""
    state = adapter.new_game(num_players, seed, options)
    state.narrate = narrate  # the event log: on as players see it, off as bots and batch runs
    rng = Rng(seed ^ 0x5EED_0F_B0B)
    decisions = 0
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        decisions += 1
    return decisions


def bench(
    adapter, num_players: int, games: int, seed: int, narrate: bool = True
) -> tuple[float, int]:
    options = adapter.options_type()
    start = time.perf_counter()
    decisions = 0
    for i in range(games):
        decisions += playout(adapter, num_players, seed + i, options, narrate=narrate)
    return time.perf_counter() - start, decisions


def compare(adapter, num_players: int, games: int, seed: int, rounds: int = 5) -> dict:
    """Decisions per second with the log on and off, the runs alternating in ``rounds``."""
    took = {True: 0.0, False: 0.0}
    decisions = 0
    per = max(1, games // rounds)
    for r in range(rounds):
        for narrate in (True, False):
            seconds, decisions_run = bench(adapter, num_players, per, seed + r * per, narrate)
            took[narrate] += seconds
        decisions += decisions_run
    on, off = decisions / took[True], decisions / took[False]
    return {"players": num_players, "on": on, "off": off, "ratio": on / off}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="discovery")
    parser.add_argument("--games", type=int, default=50, help="games per player count (default 50)")
    parser.add_argument("--players", default="2,4,6", help="player counts (default 2,4,6)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--quiet",
        action="store_true",
        help="no event log only (as bots' searches and simulate play)",
    )
    args = parser.parse_args(argv)
    adapter = get_adapter(args.game)
    counts = [int(p) for p in args.players.split(",") if p.strip()]
    if args.quiet:
        return quiet(adapter, counts, args)
    print(f"{adapter.name}: random playouts, {args.games} games per player count, one process")
    print(f"{'players':>7} {'log on dec/s':>13} {'log off dec/s':>14} {'on/off':>7}")
    for n in counts:
        if not _ready(adapter, n, args.seed):
            continue
        row = compare(adapter, n, args.games, args.seed)
        print(f"{n:>7} {row['on']:>13.0f} {row['off']:>14.0f} {row['ratio']:>6.2f}x")
    return 0


def _ready(adapter, n: int, seed: int) -> bool:
    """False (and a line saying so) for a player count the game does not take; else one
    warm-up game (imports, caches)."""
    if not adapter.min_players <= n <= adapter.max_players:
        print(f"{n:>7} (skipped: {adapter.name} takes {adapter.min_players}-{adapter.max_players})")
        return False
    bench(adapter, n, 1, seed)
    return True


def quiet(adapter, counts: list[int], args) -> int:
    print(
        f"{adapter.name}: random playouts, {args.games} games per player count, one process"
        + ", no event log"
    )
    print(
        f"{'players':>7} {'games/s':>10} {'decisions/s':>12} {'decisions/game':>15} {'seconds':>8}"
    )
    for n in counts:
        if not _ready(adapter, n, args.seed):
            continue
        seconds, decisions = bench(adapter, n, args.games, args.seed, narrate=False)
        print(
            f"{n:>7} {args.games / seconds:>10.1f} {decisions / seconds:>12.0f} "
            f"{decisions / args.games:>15.1f} {seconds:>8.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
