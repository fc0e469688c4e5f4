"""Measure the ISMCTS bot against another bot (not a test; run it by hand, one core).

    python benchmarks/measure_ismcts.py --spec ismcts:300 --opponent random --games 40
    python benchmarks/measure_ismcts.py --spec ismcts:1s --opponent heuristic --minutes 25
    python benchmarks/measure_ismcts.py --spec ismcts:1s --players 4 --minutes 25

The ISMCTS bot sits in seat ``game % players`` (seats rotate), every other seat plays
``--opponent``. Game ``g`` is played with game seed ``--seed + g`` and bot seeds from
:func:`empires.sim.bot_seeds`. Stops after ``--games`` games or once ``--minutes`` have passed
(a started game is finished). A shared first place counts as a fraction of a win. Besides the
result, it reports how the ISMCTS bot spent its time: decisions with a real choice, how many of
them it left to the heuristic (``gap``), iterations and wall seconds per searched decision.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time

from empires.bots import make_bot
from empires.discovery.game import new_game
from empires.sim import bot_seeds


class Stats:
    def __init__(self) -> None:
        self.decisions = 0  # with two or more legal actions
        self.fallbacks = 0
        self.searched = 0
        self.iterations = 0
        self.search_seconds = 0.0
        self.longest = 0.0


def play(players: int, seed: int, seat: int, spec: str, opponent: str, stats: Stats):
    game = new_game(players, seed=seed)
    seeds = bot_seeds(seed, players)
    bots = [
        make_bot(spec if i == seat else opponent, "discovery", seeds[i]) for i in range(players)
    ]
    while not game.is_terminal():
        bot = bots[game.current_player]
        if game.current_player == seat and len(game.legal_actions()) > 1:
            start = time.perf_counter()
            action = bot.choose(game)
            elapsed = time.perf_counter() - start
            stats.decisions += 1
            if getattr(bot, "last_fallback", False):
                stats.fallbacks += 1
            else:
                stats.searched += 1
                stats.iterations += getattr(bot, "last_iterations", 0)
                stats.search_seconds += elapsed
                stats.longest = max(stats.longest, elapsed)
        else:
            action = bot.choose(game)
        game.apply(action)
    return game


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--spec", default="ismcts:300")
    ap.add_argument("--opponent", default="random")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--minutes", type=float, default=None)
    ap.add_argument("--seed", type=int, default=5000)
    args = ap.parse_args(argv)
    n = args.players
    wins = 0.0
    margins: list[int] = []
    mine: list[int] = []
    other: list[int] = []
    stats = Stats()
    t0 = time.perf_counter()
    c0 = time.process_time()
    g = 0
    while g < args.games:
        if args.minutes is not None and time.perf_counter() - t0 > 60 * args.minutes:
            break
        seat = g % n
        game = play(n, args.seed + g, seat, args.spec, args.opponent, stats)
        first = game.ranking()[0]
        won = 1 / len(first) if seat in first else 0.0
        wins += won
        totals = [row["total"] for row in game.scores()]
        mine.append(totals[seat])
        other.append(max(t for i, t in enumerate(totals) if i != seat))
        margins.append(mine[-1] - other[-1])
        g += 1
        print(
            f"game {g} seed {args.seed + g - 1} seat {seat}: {totals} "
            f"{'won' if won == 1 else 'shared' if won else 'lost'} "
            f"(running {wins:.1f}/{g}; {time.perf_counter() - t0:.0f}s)",
            flush=True,
        )
    if not g:
        print("no game finished")
        return 1
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0
    rate = wins / g
    half = 1.96 * math.sqrt(rate * (1 - rate) / g)
    searched = max(1, stats.searched)
    print(
        f"{n}p {args.spec} vs {args.opponent}: won {wins:.1f}/{g} = {100 * rate:.1f}% "
        f"(+-{100 * half:.1f} at 95%); mean score {statistics.mean(mine):.1f} vs best other "
        f"{statistics.mean(other):.1f}; mean margin {statistics.mean(margins):+.1f}; "
        f"{dt:.0f}s wall, {dt / g:.1f}s per game ({cpu / g:.1f} CPU s per game)"
    )
    print(
        f"ismcts seat: {stats.decisions / g:.1f} real decisions per game, "
        f"{100 * stats.fallbacks / max(1, stats.decisions):.0f}% left to the heuristic; "
        f"searched: {stats.iterations / searched:.0f} iterations and "
        f"{stats.search_seconds / searched:.2f}s wall on average (longest {stats.longest:.2f}s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
