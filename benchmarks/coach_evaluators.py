"""Cheaper evaluators for the coach's paired rounds (issue #32), against full rollouts: at positions
with a known better move (``coach_time.clear_positions``: the heuristic's worst move trails its
best by 3 VP or more), the difference between the two moves' values over paired rounds (one
determinization and the same rollout seeds for both), each move's playout cut after ``N``
heuristic actions and valued by the shipped ``az`` network (:mod:`empires.bots.net`), ``N = 0``
right after the move, ``full`` played to the end as the coach does. Printed per position: the
mean difference, its standard deviation over the rounds, and the CPU milliseconds a round.

    python benchmarks/coach_evaluators.py discovery --players 2 --positions 8
    python benchmarks/coach_evaluators.py settlers --players 2 --positions 6 --depths full,0,30
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.coach_time import clear_positions  # noqa: E402
from empires.bots import net as netmod  # noqa: E402
from empires.bots.ismcts import ISMCTSBot, _Search, adapter_or_none  # noqa: E402
from empires.core.rng import Rng  # noqa: E402


def value(search, x, net, adapter, depth: int | None) -> list[float]:
    """The reward vector of ``x`` after the rollout: played to the end (``depth`` None), or cut
    after ``depth`` actions and valued by the network from the seat to move there."""
    search.depth_cap = depth
    search.rollout(x)
    if depth is None or x.is_terminal() or net is None:
        return search.evaluate(x)
    seat = x.current_player
    _, v = net.forward(adapter.observation_tensor(x, seat))
    return netmod.absolute_values(v[0], seat)


def paired(
    state, a, b, depth: int | None, rounds: int, seed: int, net
) -> tuple[list[float], float]:
    """Per round, the value of ``a`` less that of ``b`` for the seat to move; CPU seconds."""
    adapter = adapter_or_none(state)
    bot = ISMCTSBot(seed, gap=None, early_stop=None)
    search = _Search(bot, state, adapter)
    policy, me = search.policy, state.current_player
    diffs = []
    t0 = time.process_time()
    for _ in range(rounds):
        d = state.determinize(me, bot.rng)
        d.narrate = False
        s, kept = bot.rng.next_u64(), policy.rng.state
        vals = []
        for act in (a, b):
            x = d.clone()
            x.apply(act)
            search.fast = random.Random(s).random
            policy.rng = Rng(kept)
            vals.append(value(search, x, net, adapter, depth)[me])
        diffs.append(vals[0] - vals[1])
    return diffs, time.process_time() - t0


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("game")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--positions", type=int, default=8)
    p.add_argument("--rounds", type=int, default=48)
    p.add_argument("--depths", default="full,0,10,30", help="full or actions before the network")
    args = p.parse_args(argv)
    depths = [None if x == "full" else int(x) for x in args.depths.split(",")]
    net = netmod.load_net(args.game, args.players)
    if net is None:
        print(f"no shipped network for {args.game} with {args.players} players")
    found = 0
    for state, bad in clear_positions(args.game, args.players, range(1, 40), 4, 3.0):
        scores = adapter_or_none(state).action_scores(state)
        best = state.legal_actions()[scores.index(max(scores))]
        line = [repr(state.describe(bad))[:40]]
        for depth in depths:
            diffs, cpu = paired(state, best, bad, depth, args.rounds, 99, net)
            line.append(
                f"{'full' if depth is None else depth}: {statistics.mean(diffs):+.3f} "
                f"sd {statistics.stdev(diffs):.2f} {cpu / args.rounds * 1000:.0f} ms"
            )
        print(" | ".join(line), flush=True)
        found += 1
        if found >= args.positions:
            break


if __name__ == "__main__":
    main()
