"""ISMCTS with heuristic rollouts: iterations per CPU second of this tree against an earlier commit.

    python benchmarks/ismcts_speedup.py [--before SHA] [--after DIR] [--players 2,4]
                                        [--iterations 40] [--positions 3] [--repeat 3]

Runs the same measurement in two source trees, each in its own process (``PYTHONPATH=TREE/src``,
alternating, best of ``--repeat`` to damp a shared machine's noise): ``--before`` is a commit,
checked out once with ``git worktree add`` under the system's temporary directory (default: the
commit before issue #20's cheap heuristic), ``--after`` a tree (default: this checkout; give
a compiled tree's directory to measure a mypyc build). For each player count, random games are
stopped at ``--positions`` points (as in benchmarks/ismcts.py) and an ``ISMCTSBot`` searches each
with ``--iterations`` heuristic-rollout iterations (``gap=None``: always search). Prints each
tree's iterations per CPU second (iterations actually run over the process's CPU time), the
ratio, and whether both trees' searches ended with the same root statistics (visits and value of
every root action: the same choices for the same seeds).
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

BEFORE = "3119f8fb01606a7e835201a522554c64f9e396fb"  # the last commit before the cheap heuristic
ROOT = Path(__file__).resolve().parent.parent


def worker(players: list[int], iterations: int, count: int) -> dict:
    """Measure in this process (its ``empires`` is the tree's): per player count, iterations per
    CPU second and a digest of the searches' root statistics."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from ismcts import positions

    import empires
    from empires.bots.ismcts import ISMCTSBot
    from empires.core.adapter import get_adapter

    module = get_adapter("discovery")
    out: dict = {"empires": str(Path(empires.__file__).parent)}
    for n in players:
        states = positions(module, n, n, count)
        ISMCTSBot(1, iterations=3, rollout="heuristic", gap=None).search(states[0])  # warm-up
        done = 0
        roots = []
        cpu = time.process_time()
        for i, state in enumerate(states):
            bot = ISMCTSBot(1000 + i, iterations=iterations, rollout="heuristic", gap=None)
            root = bot.search(state)
            done += bot.last_iterations
            roots.append(sorted((str(a), c.visits, c.total) for a, c in root.children.items()))
        cpu = time.process_time() - cpu
        digest = hashlib.sha256(json.dumps(roots).encode()).hexdigest()[:16]
        out[str(n)] = {"rate": done / cpu, "iterations": done, "digest": digest}
    return out


def run_in(tree: Path, args: argparse.Namespace) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    cmd = [sys.executable, __file__, "--worker", "--players", args.players]
    cmd += ["--iterations", str(args.iterations), "--positions", str(args.positions)]
    done = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--before", default=BEFORE, help="commit to compare with")
    ap.add_argument("--after", default=str(ROOT), help="tree to measure (default: this one)")
    ap.add_argument("--players", default="2,4")
    ap.add_argument("--iterations", type=int, default=40)
    ap.add_argument("--positions", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    counts = [int(p) for p in args.players.split(",") if p.strip()]
    if args.worker:
        print(json.dumps(worker(counts, args.iterations, args.positions)))
        return 0
    trees = {"before": kept_worktree(args.before), "after": Path(args.after)}
    best: dict[str, dict] = {}
    for _ in range(args.repeat):
        for name, tree in trees.items():
            got = run_in(tree, args)
            kept = best.setdefault(name, got)
            for n in counts:
                if got[str(n)]["rate"] > kept[str(n)]["rate"]:
                    kept[str(n)] = got[str(n)]
    print(
        f"ISMCTS, heuristic rollouts, {args.iterations} iterations x {args.positions} positions, "
        f"best of {args.repeat}; iterations per CPU second"
    )
    for name in trees:
        print(f"  {name}: {best[name]['empires']}")
    print(f"{'players':>7} {'before':>9} {'after':>9} {'ratio':>7}  same choices")
    for n in counts:
        b, a = best["before"][str(n)], best["after"][str(n)]
        same = "yes" if a["digest"] == b["digest"] else "NO"
        print(f"{n:>7} {b['rate']:>9.1f} {a['rate']:>9.1f} {a['rate'] / b['rate']:>6.2f}x  {same}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
