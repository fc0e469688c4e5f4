"""What the event log costs, counted in instructions (steady on a busy machine, unlike seconds).

    python benchmarks/narration_cost.py [--games 20] [--compare REF]

Random playouts (those of benchmarks/playouts.py) run under ``valgrind --tool=callgrind``: the
same games with the event log off and on, the start-up's count (imports) taken off each. Prints
instructions off and on and their ratio (issue #30's target: at least 0.75) per game and player
count; with ``--compare REF`` the same for git commit REF (a kept worktree) side by side. Needs
valgrind. A few minutes.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from _support import kept_worktree

HERE = Path(__file__).resolve().parent
CONFIGS = (("discovery", 2, 1), ("discovery", 4, 2), ("settlers", 1, 1), ("settlers", 2, 1))
CONFIGS += (("settlers", 4, 2),)  # (game, players, games per unit: fewer for long games)
PLAY = """
import sys
sys.path.insert(0, {bench!r})
from playouts import bench
from empires.core.adapter import get_adapter
game, players, games, narrate = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "on"
if games:
    bench(get_adapter(game), players, games, 0, narrate=narrate)
else:
    get_adapter(game).new_game(players, 0)
"""


def instructions(src: Path, game: str, players: int, games: int, narrate: str) -> int:
    """Instructions of one run (valgrind's "Collected")."""
    code = PLAY.format(bench=str(HERE))
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable]
        + ["-c", code, game, str(players), str(games), narrate],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"},  # same paths each run
        check=True,
    )
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise SystemExit(f"no instruction count from valgrind:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def row(src: Path, game: str, players: int, games: int) -> tuple[float, float]:
    """Millions of instructions with the log off and on, start-up taken off."""
    start = instructions(src, game, players, 0, "off")
    off = instructions(src, game, players, games, "off") - start
    on = instructions(src, game, players, games, "on") - start
    return off / 1e6, on / 1e6


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games of the shortest (default 20)")
    parser.add_argument("--compare", metavar="REF", help="also measure git commit REF")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is needed (apt install valgrind)")
    trees = {"this tree": HERE.parent / "src"}
    if args.compare:
        trees[args.compare] = kept_worktree(args.compare) / "src"
    heads = "".join(f" {name[:12]:>12} off/on" for name in trees)
    print(f"instructions (millions), log off / log on and their ratio\n{'game':>14}{heads}")
    for game, players, unit in CONFIGS:
        games = max(1, args.games // unit)
        cells = []
        for src in trees.values():
            off, on = row(src, game, players, games)
            cells.append(f" {off:>5.0f}/{on:<5.0f} {off / on:.2f}")
        print(f"{game:>10} {players}p" + "".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
