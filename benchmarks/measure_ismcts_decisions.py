"""Decision quality of ISMCTS specs against the heuristic, offline (not a test; run it by hand).

    python benchmarks/measure_ismcts_decisions.py build --out gt.json --games 16 --keep 150
    python benchmarks/measure_ismcts_decisions.py eval --data gt.json ismcts:40 ismcts:40:plies=none

``build`` plays heuristic-vs-heuristic games (2 players by default), keeps positions where the
seat to move has a real choice and the heuristic's two best scores are within ``--max-gap``
(``--keep`` of them, picked at random), and values the heuristic's ``--top`` best actions there:
each by ``--samples`` playouts (a determinization for the seat to move, the action, then the
heuristic for every seat to the end), with common random numbers across the actions. The value
is the final score margin of the seat (own total minus the best other) and its win share.

``eval`` runs each spec on every position (seeded, so repeatable with an iteration budget),
values any action it picks outside the stored ones the same way, and prints the mean gain over
the heuristic's choice in margin (with its standard error) and in wins, how often it agreed
with the heuristic, how often it left the decision to it (``gap``), iterations and CPU seconds
per decision, and the gain per decision kind. It is one-step policy improvement measured under
heuristic continuation: a spec that gains here plays better moves against the heuristic.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import statistics
import sys
import time

from empires.bots.ismcts import from_spec
from empires.core.rng import Rng
from empires.discovery.game import new_game, replay
from empires.discovery.heuristic import HeuristicBot


def collect(games: int, players: int, seed0: int, max_gap: float | None) -> list[dict]:
    out = []
    for gi in range(games):
        seed = seed0 + gi
        game = new_game(players, seed=seed)
        bots = [HeuristicBot(seed * 10 + i) for i in range(players)]
        while not game.is_terminal():
            bot = bots[game.current_player]
            if len(game.legal_actions()) > 1:
                best, second = sorted(bot.action_scores(game), reverse=True)[:2]
                if max_gap is None or best - second < max_gap:
                    out.append(
                        {
                            "history": game.history,
                            "kind": game.decision["kind"],
                            "turn": game.s.turn,
                        }
                    )
            game.apply(bot.choose(game))
    return out


def values(game, action, samples: int, pos: int) -> list[list[float]]:
    """[margins, wins] of ``samples`` heuristic playouts after ``action`` (common random numbers:
    sample j uses the same determinization and bot seeds whatever the action)."""
    me = game.current_player
    margins, wins = [], []
    for j in range(samples):
        d = game.determinize(me, Rng(1_000_003 * j + pos))
        d.apply(action)
        bots = [HeuristicBot(7919 * j + 31 * i + pos) for i in range(d.num_players)]
        while not d.is_terminal():
            d.apply(bots[d.current_player].choose(d))
        totals = [row["total"] for row in d.scores()]
        first = d.ranking()[0]
        margins.append(totals[me] - max(t for q, t in enumerate(totals) if q != me))
        wins.append(1 / len(first) if me in first else 0.0)
    return [margins, wins]


def build(args) -> None:
    import random

    if os.path.exists(args.out) and not args.overwrite:
        sys.exit(f"{args.out} exists: give another --out, or --overwrite to replace it")

    positions = collect(args.games, args.players, args.seed, args.max_gap)
    random.Random(args.seed).shuffle(positions)
    positions = positions[: args.keep]
    t0 = time.perf_counter()
    for i, p in enumerate(positions):
        game = replay(p["history"])
        legal = game.legal_actions()
        scores = HeuristicBot(0).action_scores(game)
        order = sorted(range(len(legal)), key=lambda k: -scores[k])[: args.top]
        p["heuristic"] = str(legal[order[0]])
        p["values"] = {str(legal[k]): values(game, legal[k], args.samples, i) for k in order}
        print(f"{i + 1}/{len(positions)} {p['kind']} ({time.perf_counter() - t0:.0f}s)", flush=True)
    with open(args.out, "w") as f:
        json.dump({"samples": args.samples, "positions": positions}, f)


def evaluate(args) -> None:
    with open(args.data) as f:
        data = json.load(f)
    samples, positions = data["samples"], data["positions"][: args.limit]
    mean = statistics.mean
    for spec in args.specs:
        gains, win_gains, kinds = [], [], collections.defaultdict(list)
        agree = fallback = iterations = 0
        cpu = 0.0
        for i, p in enumerate(positions):
            game = replay(p["history"])
            bot = from_spec(spec, 1000 + i)
            c0 = time.process_time()
            action = bot.choose(game)
            cpu += time.process_time() - c0
            iterations += bot.last_iterations
            fallback += bot.last_fallback
            key = str(action)
            if key not in p["values"]:
                p["values"][key] = values(game, action, samples, i)
            mine, theirs = p["values"][key], p["values"][p["heuristic"]]
            gains.append(mean(mine[0]) - mean(theirs[0]))
            win_gains.append(mean(mine[1]) - mean(theirs[1]))
            agree += key == p["heuristic"]
            kinds[p["kind"]].append(gains[-1])
        n = len(positions)
        se = statistics.stdev(gains) / n**0.5 if n > 1 else 0.0
        by_kind = " ".join(
            f"{k}:{mean(x):+.2f}({len(x)})"
            for k, x in sorted(kinds.items(), key=lambda kv: -len(kv[1]))
        )
        print(
            f"{spec}: {n} positions, gain {mean(gains):+.2f} +- {se:.2f} VP margin, "
            f"{mean(win_gains):+.3f} wins; agrees {agree / n:.0%}, gap fallback "
            f"{fallback / n:.0%}; {iterations / n:.0f} iterations, {cpu / n:.2f} CPU s per "
            f"decision | {by_kind}",
            flush=True,
        )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build")
    b.add_argument("--out", required=True)
    b.add_argument("--overwrite", action="store_true", help="replace an existing --out file")
    b.add_argument("--games", type=int, default=16)
    b.add_argument("--players", type=int, default=2)
    b.add_argument("--seed", type=int, default=777)
    b.add_argument("--keep", type=int, default=150)
    b.add_argument("--max-gap", type=float, default=2.0)
    b.add_argument("--top", type=int, default=4)
    b.add_argument("--samples", type=int, default=32)
    e = sub.add_parser("eval")
    e.add_argument("--data", required=True)
    e.add_argument("--limit", type=int, default=None)
    e.add_argument("specs", nargs="+")
    args = ap.parse_args(argv)
    build(args) if args.command == "build" else evaluate(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
