"""ISMCTS search throughput on one core (a single process).

    python benchmarks/ismcts.py [--game discovery] [--players 2,4] [--iterations 200]
                                [--heuristic-iterations 40] [--positions 3] [--seed S]

For each player count, random games are stopped at ``--positions`` points spread over the game
(the first decision, then evenly up to about 80% of the way), and an :class:`ISMCTSBot` searches
each position with a fixed iteration budget (otherwise the bot's defaults: heuristic prior, flat
bandit over the root's actions, but never the heuristic fallback). Prints iterations per second
for random rollouts and for heuristic rollouts (the game's heuristic through its adapter; the bot's default; much slower, hence the smaller budget). Early positions are the slowest:
their rollouts are the longest. The last column divides by the process's CPU time instead of
wall time: on a shared machine it is the rate one free core would give. Both count the iterations
actually run (a search stops early once its choice is settled), not the budget.
"""

from __future__ import annotations

import argparse
import sys
import time

from empires.bots.ismcts import ISMCTSBot
from empires.core.adapter import get_adapter
from empires.core.rng import Rng


def random_game_length(module, num_players: int, seed: int) -> int:
    state = module.new_game(num_players, seed=seed)
    rng = Rng(seed)
    n = 0
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        n += 1
    return n


def positions(module, num_players: int, seed: int, count: int) -> list:
    """``count`` states of one random game with at least two legal actions, spread over it."""
    length = random_game_length(module, num_players, seed)
    marks = [int(0.8 * length * i / max(1, count - 1)) for i in range(count)] if count > 1 else [0]
    state = module.new_game(num_players, seed=seed)
    rng = Rng(seed)
    out = []
    step = 0
    for mark in marks:
        while step < mark or len(state.legal_actions()) < 2:
            state.apply(rng.choice(state.legal_actions()))
            step += 1
        out.append(state.clone())
    return out


def bench(states: list, iterations: int, rollout: str) -> tuple[list[float], float]:
    """Iterations per wall-clock second at each position, and per CPU second overall (the
    latter is what one core gives when other processes share the machine)."""
    rates = []
    cpu = 0.0
    done = 0  # iterations actually run: a search may stop before its budget once settled
    for i, state in enumerate(states):
        # gap=None: always search (the default would leave clear-cut decisions to the heuristic).
        bot = ISMCTSBot(1000 + i, iterations=iterations, rollout=rollout, gap=None)
        start, cstart = time.perf_counter(), time.process_time()
        bot.search(state)
        rates.append(bot.last_iterations / (time.perf_counter() - start))
        cpu += time.process_time() - cstart
        done += bot.last_iterations
    return rates, done / cpu


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="discovery")
    parser.add_argument("--players", default="2,4", help="player counts (default 2,4)")
    parser.add_argument(
        "--iterations",
        type=int,
        default=200,
        help="iterations per position, random rollouts (default 200)",
    )
    parser.add_argument(
        "--heuristic-iterations",
        type=int,
        default=40,
        help="iterations per position, heuristic rollouts (default 40, the bot's "
        "default budget; 0: skip)",
    )
    parser.add_argument("--positions", type=int, default=3, help="positions per game (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    module = get_adapter(args.game)
    counts = [int(p) for p in args.players.split(",") if p.strip()]
    heuristic = args.heuristic_iterations > 0
    print(
        f"{module.name}: ISMCTS iterations per second, one process; positions at 0-80% of a "
        f"random game"
    )
    rollouts = [("random", args.iterations)] + (
        [("heuristic", args.heuristic_iterations)] if heuristic else []
    )
    header = (
        f"{'players':>7} {'rollout':>9} {'iters':>5}  {'per position (it/s)':<28} "
        f"{'mean it/s':>9} {'it/CPU s':>9}"
    )
    print(header)
    for n in counts:
        if not module.min_players <= n <= module.max_players:
            print(
                f"{n:>7} (skipped: {module.name} takes {module.min_players}-{module.max_players})"
            )
            continue
        states = positions(module, n, args.seed + n, args.positions)
        bench(states[:1], 5, "random")  # warm-up: imports, caches
        for rollout, iters in rollouts:
            rates, per_cpu = bench(states, iters, rollout)
            per = " ".join(f"{r:8.1f}" for r in rates)
            # Harmonic mean: the rate of running every position's budget back to back.
            mean = len(rates) / sum(1 / r for r in rates)
            print(f"{n:>7} {rollout:>9} {iters:>5}  {per:<28} {mean:>9.1f} {per_cpu:>9.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
