"""How an ISMCTS bot spends its budget in real games (wall time, searches, early stops).

    python benchmarks/ismcts_time.py [--spec ismcts:1s] [--players 2] [--games 3] [--seed 1000]

Plays ``--games`` games of the bot against ``players - 1`` heuristic bots (the bot in seat
``game % players``) and prints, over all of the bot's decisions: the mean and maximum wall time
per decision, the share of decisions taken without search (a single legal action, or the
heuristic's move when it leads by the ``gap``), the share of searches that stopped early because
their choice was settled, and the mean iterations per search. A ``1s`` budget is an upper bound:
these figures say how much of it the bot actually uses.
"""

from __future__ import annotations

import argparse
import statistics
import time

from empires.bots import make_bot
from empires.core.adapter import get_adapter


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="discovery")
    ap.add_argument("--spec", default="ismcts:1s")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args()
    module = get_adapter(args.game)
    times: list[float] = []
    iterations: list[int] = []
    unsearched = early = 0
    for g in range(args.games):
        seat = g % args.players
        bots = [
            make_bot(args.spec if s == seat else "heuristic", args.game, args.seed + 31 * g + s)
            for s in range(args.players)
        ]
        state = module.new_game(args.players, seed=args.seed + g)
        while not state.is_terminal():
            p = state.current_player
            if p != seat:
                state.apply(bots[p].choose(state))
                continue
            start = time.perf_counter()
            action = bots[p].choose(state)
            times.append(time.perf_counter() - start)
            bot = bots[p]
            if bot.last_iterations == 0:  # a forced move or the heuristic's clear favourite
                unsearched += 1
            else:
                iterations.append(bot.last_iterations)
                early += bool(bot.last_early_stop)
            state.apply(action)
    n = len(times)
    print(
        f"{args.spec} vs heuristic, {args.players} players, {args.games} games, "
        f"{n} decisions by the bot"
    )
    print(
        f"  wall time per decision: mean {statistics.fmean(times):.3f} s, "
        f"max {max(times):.3f} s, total {sum(times):.0f} s"
    )
    print(f"  taken without search:   {unsearched / n:.0%}")
    if iterations:
        print(
            f"  searches: {len(iterations)}, stopped early {early / len(iterations):.0%}, "
            f"mean iterations {statistics.fmean(iterations):.1f}"
        )


if __name__ == "__main__":
    main()
