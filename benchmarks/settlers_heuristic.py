"""Imperial Settlers heuristic bot: decisions per CPU second of this tree, optionally side by side
with an earlier commit.

    python benchmarks/settlers_heuristic.py [--compare REF] [--games 6] [--players 2]
                                            [--seed 0] [--repeat 3] [--tree DIR]

In each source tree (its own process, ``PYTHONPATH=TREE/src``): ``--games`` seeded random games
(``new_game(n, seed + i)``, uniform choices from an :class:`~empires.core.rng.Rng`) are played to
the end and a ``clone()`` of every position with more than one legal action is kept; then the
heuristic bot (seed 7) chooses once on each kept position (a fresh clone, so no tree reuses a
cached legal-action list), timed in CPU seconds. Prints decisions per CPU second and a digest of
the chosen actions (the same digest in two trees: the same positions and the same choices).

``--compare REF`` checks REF out once with ``git worktree add`` under the system's temporary
directory and measures REF and this tree alternately, ``--repeat`` times (best of), printing both
rates and the ratio (this tree / REF). The heuristic is looked up where REF has it
(``empires.settlers.heuristic`` or, before the adapters, ``empires.bots.settlers_heuristic``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from _support import kept_worktree

ROOT = Path(__file__).resolve().parent.parent


def _bot_class():
    try:
        from empires.settlers.heuristic import SettlersHeuristicBot
    except ImportError:  # before the adapters moved the heuristics into their games
        from empires.bots.settlers_heuristic import SettlersHeuristicBot  # type: ignore
    return SettlersHeuristicBot


def positions(players: int, games: int, seed: int) -> list:
    """Clones of every position with a real choice in ``games`` seeded random games."""
    from empires.core.rng import Rng
    from empires.settlers import new_game

    kept = []
    for i in range(games):
        state = new_game(players, seed=seed + i)
        if hasattr(state, "narrate"):
            state.narrate = False  # as bots and batch runs play
        rng = Rng((seed + i) ^ 0x5E771E5)
        while not state.is_terminal():
            snapshot = state.clone()
            legal = state.legal_actions()
            if len(legal) > 1:
                kept.append(snapshot)
            state.apply(rng.choice(legal))
    return kept


def worker(players: int, games: int, seed: int) -> dict:
    """Measure in this process (its ``empires`` is the tree's)."""
    import empires

    bot_class = _bot_class()
    states = positions(players, games, seed)
    copies = [s.clone() for s in states[:50]]
    warm = bot_class(7)
    for s in copies:  # warm-up: imports, card database caches
        warm.choose(s)
    copies = [s.clone() for s in states]
    bot = bot_class(7)
    chosen = []
    cpu = time.process_time()
    for s in copies:
        chosen.append(bot.choose(s))
    cpu = time.process_time() - cpu
    digest = hashlib.sha256(json.dumps([str(a) for a in chosen]).encode()).hexdigest()[:16]
    return {
        "empires": str(Path(empires.__file__).parent),
        "decisions": len(copies),
        "rate": len(copies) / cpu,
        "digest": digest,
    }


def run_in(tree: Path, args: argparse.Namespace) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    cmd = [sys.executable, __file__, "--worker", "--players", str(args.players)]
    cmd += ["--games", str(args.games), "--seed", str(args.seed)]
    done = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--compare", metavar="REF", help="commit to measure side by side")
    ap.add_argument("--tree", default=str(ROOT), help="tree to measure (default: this one)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(args.players, args.games, args.seed)))
        return 0
    trees = {"this tree": Path(args.tree)}
    if args.compare:
        trees = {args.compare: kept_worktree(args.compare), **trees}
    best: dict[str, dict] = {}
    for _ in range(args.repeat):
        for name, tree in trees.items():
            got = run_in(tree, args)
            if name not in best or got["rate"] > best[name]["rate"]:
                best[name] = got
    print(
        f"settlers heuristic: {args.players} players, {args.games} random games, "
        f"best of {args.repeat}; decisions per CPU second"
    )
    for name, got in best.items():
        print(
            f"  {name:>12}: {got['rate']:>9.1f}/s  {got['decisions']} decisions  "
            f"digest {got['digest']}  ({got['empires']})"
        )
    if args.compare:
        old, new = best[args.compare], best["this tree"]
        same = "same choices" if old["digest"] == new["digest"] else "DIFFERENT choices"
        print(f"  ratio (this tree / {args.compare}): {new['rate'] / old['rate']:.2f}x  {same}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
