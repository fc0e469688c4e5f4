"""Measure the heuristic bot against random bots (not a test; run it by hand).

    python benchmarks/measure_heuristic.py --players 4 --games 200
    python benchmarks/measure_heuristic.py --players 2 --games 200

The heuristic bot sits in seat ``game % players`` (seats rotate), the other seats are random.
A shared first place counts as a fraction of a win.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from empires.bots.random_bot import RandomBot
from empires.discovery.game import new_game
from empires.discovery.heuristic import HeuristicBot


def play(players: int, seed: int, seat: int, all_heuristic: bool = False):
    game = new_game(players, seed=seed)
    bots = [
        HeuristicBot(seed * 10 + i) if (i == seat or all_heuristic) else RandomBot(seed * 10 + i)
        for i in range(players)
    ]
    while not game.is_terminal():
        game.apply(bots[game.current_player].choose(game))
    return game


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--speed", action="store_true", help="time all-heuristic games instead")
    args = ap.parse_args(argv)
    n = args.players
    if args.speed:
        t0 = time.perf_counter()
        for g in range(args.games):
            play(n, args.seed + g, 0, all_heuristic=True)
        dt = (time.perf_counter() - t0) / args.games
        print(f"{n} heuristic bots: {dt:.3f} s per game over {args.games} games")
        return 0
    wins = 0.0
    margins, mine, best_other = [], [], []
    t0 = time.perf_counter()
    for g in range(args.games):
        seat = g % n
        game = play(n, args.seed + g, seat)
        first = game.ranking()[0]
        if seat in first:
            wins += 1 / len(first)
        totals = [row["total"] for row in game.scores()]
        mine.append(totals[seat])
        best_other.append(max(t for i, t in enumerate(totals) if i != seat))
        margins.append(mine[-1] - best_other[-1])
    dt = time.perf_counter() - t0
    print(
        f"{n}p: heuristic won {wins:.1f}/{args.games} = {100 * wins / args.games:.1f}%; "
        f"mean score {statistics.mean(mine):.1f} vs best random {statistics.mean(best_other):.1f}; "
        f"min margin {min(margins)}; {dt:.1f}s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
