"""Measure the ISMCTS bot against another bot (not a test; run it by hand, one core).

    python tests/bots/measure_ismcts.py --spec ismcts:300 --opponent random --games 40
    python tests/bots/measure_ismcts.py --spec ismcts:300 --opponent heuristic --minutes 20

The ISMCTS bot sits in seat ``game % players`` (seats rotate), every other seat plays
``--opponent``. Game ``g`` is played with game seed ``--seed + g`` and bot seeds from
:func:`empires.sim.bot_seeds`. Stops after ``--games`` games or once ``--minutes`` have passed
(a started game is finished). A shared first place counts as a fraction of a win.
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


def play(players: int, seed: int, seat: int, spec: str, opponent: str):
    game = new_game(players, seed=seed)
    seeds = bot_seeds(seed, players)
    bots = [make_bot(spec if i == seat else opponent, seeds[i]) for i in range(players)]
    while not game.is_terminal():
        game.apply(bots[game.current_player].choose(game))
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
    t0 = time.perf_counter()
    c0 = time.process_time()
    g = 0
    while g < args.games:
        if args.minutes is not None and time.perf_counter() - t0 > 60 * args.minutes:
            break
        seat = g % n
        game = play(n, args.seed + g, seat, args.spec, args.opponent)
        first = game.ranking()[0]
        won = 1 / len(first) if seat in first else 0.0
        wins += won
        totals = [row["total"] for row in game.scores()]
        mine.append(totals[seat])
        other.append(max(t for i, t in enumerate(totals) if i != seat))
        margins.append(mine[-1] - other[-1])
        g += 1
        print(f"game {g} seed {args.seed + g - 1} seat {seat}: {totals} "
              f"{'won' if won == 1 else 'shared' if won else 'lost'} "
              f"({time.perf_counter() - t0:.0f}s)", flush=True)
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0
    rate = wins / g
    half = 1.96 * math.sqrt(rate * (1 - rate) / g) if g else 0.0
    print(
        f"{n}p {args.spec} vs {args.opponent}: won {wins:.1f}/{g} = {100 * rate:.1f}% "
        f"(+-{100 * half:.1f} at 95%); mean score {statistics.mean(mine):.1f} vs best other "
        f"{statistics.mean(other):.1f}; mean margin {statistics.mean(margins):+.1f}; "
        f"{dt:.0f}s wall, {dt / g:.1f}s per game ({cpu / g:.1f} CPU s per game)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
