"""Issue #32's strength targets: plays (or resumes) its four tables and says which are met.

    python benchmarks/strength_targets.py [--bot az:0.2s:clock=cpu] [--solo-bot ismcts:1s:clock=cpu]
                                          [--games 200] [--seed 1000] [--jobs 1]
                                          [--only discovery-2p,...] [--report] [--dir DIR]

The tables, each at equal CPU time per decision (``clock=cpu``), seats rotated, seeds SEED..:

* ``discovery-2p``: BOT against ``ismcts:1s:clock=cpu``, Discovery 2015 rules, 2 players: BOT wins
  at least 55%;
* ``discovery-4p``: BOT against three ``heuristic`` seats, 4 players: BOT wins at least as often as
  ``ismcts:1s`` did on the same seeds (the committed
  ``benchmarks/results/ismcts-1s-vs-3-heuristic-4p.jsonl``, 200 games from seed 1000);
* ``settlers-2p``: BOT against ``ismcts:1s:clock=cpu``, Imperial Settlers, 2 players: at least 60%;
* ``settlers-solo``: SOLO_BOT alone against the virtual player: at least 60% of games won.

A table is played through ``empires tournament --results FILE`` (solo: ``empires simulate``, in
chunks of ``--chunk`` games, one JSON line each), so a stopped run picks up where it was; its
files are ``DIR/targets-TABLE-BOT.jsonl`` (default DIR: ``benchmarks/results``). ``--report``
only reads them. A target counts as met only over at least 200 games (the issue's measure) with
its point estimate at the target; "no" when even the 95% Wilson interval's top is below it.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from strength import RESULTS, tally, wilson  # noqa: E402

REFERENCE = "ismcts:1s:clock=cpu"
FOUR_PLAYER_BASELINE = RESULTS / "ismcts-1s-vs-3-heuristic-4p.jsonl"
ENOUGH = 200  # games a table needs before its target can count as met


@dataclass(frozen=True)
class Table:
    name: str
    game: str
    players: int
    target: float | None  # a win rate; None: that of ismcts:1s on the same seeds (4 players)
    what: str


TABLES = (
    Table("discovery-2p", "discovery", 2, 0.55, "BOT vs ismcts:1s, Discovery 2 players"),
    Table("discovery-4p", "discovery", 4, None, "BOT vs 3 heuristic, Discovery 4 players"),
    Table("settlers-2p", "settlers", 2, 0.60, "BOT vs ismcts:1s, Imperial Settlers 2 players"),
    Table("settlers-solo", "settlers", 1, 0.60, "SOLO_BOT vs the virtual player"),
)


def results_file(directory: Path, table: Table, bot: str) -> Path:
    slug = re.sub(r"[^A-Za-z0-9.]+", "-", bot).strip("-")
    return directory / f"targets-{table.name}-{slug}.jsonl"


def tournament_command(table: Table, bot: str, args: argparse.Namespace, path: Path) -> list:
    if table.players == 2:
        seats = ["--bots", f"{bot},{REFERENCE}"]
    else:
        seats = ["--lineup", ",".join([bot] + ["heuristic"] * (table.players - 1))]
    return [
        "empires", "tournament", table.game, "--players", str(table.players), *seats,
        "--games", str(args.games), "--seed", str(args.seed), "--jobs", str(args.jobs),
        "--results", str(path), "--json",
    ]  # fmt: skip


def play_solo(bot: str, args: argparse.Namespace, path: Path) -> None:
    """Solo games in chunks, one JSON line each (first seed, games, wins), resumed: a chunk
    plays the seeds from its first up to the next one already played."""
    done = {row["seed"] + i for row in read_lines(path) for i in range(row["games"])}
    end = args.seed + args.games
    first = args.seed
    while first < end:
        if first in done:
            first += 1
            continue
        n = 1
        while n < args.chunk and first + n < end and first + n not in done:
            n += 1
        cmd = ["empires", "simulate", "settlers", "--players", "1", "--bots", bot]
        cmd += ["--games", str(n), "--seed", str(first), "--jobs", str(args.jobs), "--json"]
        out = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
        seat = out["seats"][0]
        row = {"seed": first, "games": n, "bot": bot, "wins": seat["wins"]}
        row["total"] = seat["mean"]["total"] * n
        with path.open("a") as f:
            f.write(json.dumps(row) + "\n")
        first += n


def read_lines(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def tally_games(path: Path, bot: str, seeds: set[int] | None = None) -> dict:
    """:func:`strength.tally` of ``bot``'s seat; no game yet when the file is not there."""
    if not path.exists():
        return {"games": 0, "wins": 0.0, "seeds": set()}
    return tally(path, seeds, bot)


def tally_solo(path: Path) -> dict:
    rows = read_lines(path)
    return {"games": sum(r["games"] for r in rows), "wins": sum(r["wins"] for r in rows)}


def verdict(rate: float, high: float, games: int, target: float) -> str:
    if games >= ENOUGH and rate >= target:
        return "yes"
    if games and high < target:
        return "no"
    return "not yet"


def report(args: argparse.Namespace, directory: Path, names: list[str]) -> list[dict]:
    rows = []
    for table in TABLES:
        if table.name not in names:
            continue
        bot = args.solo_bot if table.players == 1 else args.bot
        path = results_file(directory, table, bot)
        if table.players == 1:
            t = tally_solo(path)
        else:
            t = tally_games(path, bot)
        target = table.target
        if target is None:  # ismcts:1s's rate on the seeds played
            ref = tally_games(FOUR_PLAYER_BASELINE, "ismcts:1s", t.get("seeds") or None)
            target = ref["wins"] / max(1, ref["games"])
        rate = t["wins"] / max(1, t["games"])
        low, high = wilson(t["wins"], t["games"])
        rows.append(
            {"table": table.name, "bot": bot, "games": t["games"], "wins": t["wins"],
             "rate": rate, "low": low, "high": high, "target": target,
             "met": verdict(rate, high, t["games"], target)}
        )  # fmt: skip
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="az:0.2s:clock=cpu", help="the bot of the three tables")
    ap.add_argument("--solo-bot", default=REFERENCE, help="the bot of the solo table")
    ap.add_argument("--games", type=int, default=ENOUGH)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--chunk", type=int, default=10, help="solo games per line (default 10)")
    ap.add_argument("--only", default="", help="comma-separated tables (default: all four)")
    ap.add_argument("--dir", default=str(RESULTS), help="results directory")
    ap.add_argument("--report", action="store_true", help="only report from the files")
    ap.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = ap.parse_args(argv)
    names = [t.name for t in TABLES]
    only = [x for x in args.only.split(",") if x] or names
    unknown = sorted(set(only) - set(names))
    if unknown:
        ap.error(f"unknown table(s) {', '.join(unknown)}; expected any of: {', '.join(names)}")
    directory = Path(args.dir)
    directory.mkdir(parents=True, exist_ok=True)
    if not args.report:
        for table in TABLES:
            if table.name in only:
                play_table(table, args, directory)
    rows = report(args, directory, only)
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    print(f"{'table':<14} {'bot':<22} {'games':>5} {'wins':>6} {'rate':>6}  "
          f"{'95% Wilson':<13} {'target':>6}  met")  # fmt: skip
    for r in rows:
        print(
            f"{r['table']:<14} {r['bot']:<22} {r['games']:>5} {r['wins']:>6.1f} {r['rate']:>6.1%}"
            f"  {r['low']:>5.1%}-{r['high']:<6.1%} {r['target']:>6.1%}  {r['met']}"
        )
    return 0


def play_table(table: Table, args: argparse.Namespace, directory: Path) -> None:
    if table.players == 1:
        play_solo(args.solo_bot, args, results_file(directory, table, args.solo_bot))
        return
    path = results_file(directory, table, args.bot)
    cmd = tournament_command(table, args.bot, args, path)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


if __name__ == "__main__":
    sys.exit(main())
