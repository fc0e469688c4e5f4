"""``empires tournament GAME``: seat-rotated bot games rated with OpenSkill."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.text import Text

from empires.cli import common
from empires.cli.batch import (
    add_backend_flags,
    add_export_flags,
    backend_of,
    export_writer,
    record_of,
    run_with_progress,
    workers_text,
)
from empires.cli.common import HUMAN, CliError
from empires.cli.plots import add_plot_flags, check_plot_flags, write_plots
from empires.cli.render import field_title, new_table


def add_parser(sub) -> None:
    tour = common.subcommand(
        sub,
        "tournament",
        "seat-rotated bot tournament with OpenSkill ratings",
        [
            "empires tournament discovery --bots ismcts:1s,heuristic,random --games 120",
            "empires tournament settlers --players 2 --bots heuristic,random --games 50",
        ],
    )
    common.add_game_parsers(tour, _add_flags, cmd_tournament, game_examples)


def game_examples(game) -> list[str]:
    """``empires tournament GAME --help``'s examples (any game: from its player counts)."""
    n = max(game.min_players, 2)
    lineup = ",".join(["heuristic", *["random"] * (n - 1)])
    return [
        f"empires tournament {game.name} --players {n} --bots ismcts:1s,heuristic,random "
        "--games 120",
        f"empires tournament {game.name} --players {n} --lineup {lineup} --games 100 "
        "--out ratings.json",
        f"empires tournament {game.name} --players {n} --bots heuristic,random --games 1000 "
        "--results games.jsonl   # stop and run again: it goes on",
    ]


def _add_flags(tour: argparse.ArgumentParser) -> None:
    tour.add_argument(
        "--bots",
        help=(
            "comma-separated, different bots to rate, e.g. ismcts:1s,heuristic,random; seats rotate "
            "so each bot plays each seat equally often"
        ),
    )
    tour.add_argument(
        "--lineup",
        help=(
            "instead of --bots: one bot per seat, the same table every game with seats rotated, "
            "e.g. ismcts:1s,heuristic,heuristic,heuristic"
        ),
    )
    tour.add_argument(
        "--results",
        metavar="FILE",
        help=(
            "append each finished game to FILE (JSON Lines) and, if FILE already holds games of "
            "the same tournament, play only the rest: a long tournament survives being stopped"
        ),
    )
    tour.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    tour.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    tour.add_argument("--seed", type=int, default=0, help="game i uses seed SEED+i (default 0)")
    tour.add_argument("--jobs", type=int, help="worker processes (default: number of CPUs)")
    tour.add_argument(
        "--json",
        action="store_true",
        help=f"print one JSON object, no progress bar; {common.SEATS_FROM_0_HELP}",
    )
    tour.add_argument(
        "--out",
        metavar="FILE",
        help="also write the JSON report to FILE (an existing FILE is kept unless --overwrite; "
        "seats numbered from 0, as --json)",
    )
    add_backend_flags(tour)
    add_export_flags(tour)
    add_plot_flags(tour)


def _check_bot_specs(bots: list[str], game: str) -> list[str]:
    for spec in bots:
        if spec == HUMAN:
            raise CliError("a tournament is between bots; human cannot play")
        common.check_bot(spec, game)
    return bots


def _bots_and_lineup(args, game: str, players: int) -> tuple[list[str], list[str] | None]:
    """The bots to rate and, with --lineup, the table (one bot per seat)."""
    from empires.sim.tournament import distinct, parse_bots, parse_lineup

    if (args.bots is None) == (args.lineup is None):
        raise CliError(
            "give either --bots (bots to rotate through the seats) or --lineup "
            "(one bot per seat, the same table every game)"
        )
    try:
        if args.lineup is not None:
            lineup = parse_lineup(args.lineup, players)
            return _check_bot_specs(distinct(lineup), game), lineup
        return _check_bot_specs(parse_bots(args.bots), game), None
    except ValueError as exc:
        raise CliError(str(exc)) from None


def _maybe(value: float | None, spec: str, scale: float = 1.0) -> str:
    return "–" if value is None else format(value * scale, spec)


def cmd_tournament(args, console: Console) -> int:
    from empires.sim.report import tournament_data
    from empires.sim.tournament import matches as tournament_matches
    from empires.sim.tournament import summarize_tournament

    game = common.adapter(args.game)
    players = args.players
    common.check_players(game, players)
    bots, lineup = _bots_and_lineup(args, game.name, players)
    if args.games < 1:
        raise CliError("--games must be at least 1")
    backend, jobs = backend_of(args)
    options = common.options(game, args)
    common.new_game(game, players, args.seed, options)  # bad options fail before any work
    check_plot_flags(args)
    try:
        work = tournament_matches(bots, players, args.games, args.seed, lineup=lineup)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    run = {
        "command": "tournament",
        "game": game.name,
        "players": players,
        "seed": args.seed,
        "bots": None if lineup else bots,
        "lineup": lineup,
        "options": options.to_json(),
    }
    if args.out and Path(args.out).exists() and not args.overwrite:
        print(_kept_notice(args.out), file=sys.stderr)  # said before a long run, and after
    start = time.perf_counter()
    done, played = _play(console, args, run, work, options, jobs, backend)
    seconds = time.perf_counter() - start
    by_seed = {**done, **{r["seed"]: r for r in played}}
    results = [by_seed[s] for s, _ in work]
    summary = summarize_tournament(results, bots, players, lineup=lineup)
    report = {
        "game": game.name,
        "players": players,
        "bots": summary.pop("bots"),
        "seed": args.seed,
        "games": summary.pop("games"),
        "cycle": summary.pop("cycle"),
        "balanced": summary.pop("balanced"),
        "options": run["options"],
        "backend": backend,
        "jobs": jobs,
        "seconds": seconds if played else None,  # this run's, for the games it played
        "games_per_second": len(played) / seconds if seconds > 0 and played else None,
        "mean_decisions": sum(r["decisions"] for r in results) / len(results),
        "resumed": len(done),
        "played": len(played),
        common.SEATS_KEY: 0,
        **summary,
    }
    written = _write_out(args.out, report, args.overwrite)
    charts = write_plots(args, None, tournament_data, report, results)
    if args.json:
        print(json.dumps(report))
        return 0
    _print_heading(console, args, report, lineup, len(done))
    _print_tables(console, report["standings"])
    if written:
        console.print(Text(f"Report written to {args.out}.", style="dim"))
    for path in charts:
        console.print(Text(f"Charts written to {path}.", style="dim"))
    return 0


def _play(console: Console, args, run: dict, work, options, jobs, backend):
    """``(done, played)``: the results read back from --results FILE by seed, and those of the
    games played now (each appended to FILE as it ends)."""
    from empires.sim import results_log

    done: dict[int, dict] = {}
    appender = None
    writer = export_writer(args, {**run, "seeds": [args.seed, args.seed + args.games - 1]})
    if args.results:
        try:
            done = results_log.load(args.results, run, work)
            appender = results_log.Appender(args.results, run)
        except results_log.ResultsFileError as exc:
            raise CliError(str(exc)) from None
    todo = [m for m in work if m[0] not in done]
    try:
        played = (
            run_with_progress(
                console,
                args,
                run["game"],
                run["players"],
                todo,
                options,
                jobs,
                backend,
                on_results=_chain(writer, appender),
                record=record_of(writer),
            )
            if todo
            else []
        )
    finally:
        if appender is not None:
            appender.close()
        if writer is not None:
            writer.close()
    return done, played


def _chain(*steps):
    """One ``on_results`` calling each step in turn (the export writer first: it takes each
    game's record out of its result before the results file gets it)."""
    steps = tuple(s for s in steps if s is not None)

    def run(batch: list[dict]) -> None:
        for step in steps:
            step(batch)

    return run if steps else None


def _kept_notice(path: str) -> str:
    return (
        f"empires: {path} exists and is kept: the report is not written (--overwrite replaces it)"
    )


def _write_out(path: str | None, report: dict, overwrite: bool) -> bool:
    """Write the report to ``path`` unless it exists (a results file is never replaced by a
    re-run unless asked); whether it was written."""
    if not path:
        return False
    if Path(path).exists() and not overwrite:
        print(_kept_notice(path), file=sys.stderr)
        return False
    try:
        Path(path).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror or exc}", 1) from None
    return True


def _print_heading(console: Console, args, report: dict, lineup, resumed: int) -> None:
    bots = report["bots"]
    console.print(
        Text(
            f"Tournament: {report['games']} games of {report['game']}, {report['players']} "
            "players, "
            + (f"lineup {','.join(lineup)}" if lineup else f"{len(bots)} bots")
            + f", seeds {args.seed}..{args.seed + args.games - 1}, "
            + (
                f"{workers_text(report['backend'], report['jobs'])}: {report['seconds']:.2f} s"
                if report["played"]
                else "nothing left to play"
            )
            + (f" ({resumed} games read from {args.results})" if resumed else ""),
            style="bold",
        )
    )
    if not report["balanced"]:
        console.print(
            Text(
                f"Seats are balanced every {report['cycle']} games; {report['games']} is not a "
                "multiple, so the last cycle is partial.",
                style="yellow",
            )
        )


def _print_tables(console: Console, standings: list[dict]) -> None:
    table = new_table("Ratings (OpenSkill Plackett-Luce, best ordinal μ - 3σ first)")
    for name in ("#", "Bot", "Ordinal", "μ", "μ ± 2σ", "Seats", "Win rate", "Mean place"):
        table.add_column(
            name,
            justify="left" if name == "Bot" else "right",
            style="cyan" if name == "Bot" else None,
            no_wrap=True,
        )
    for row in standings:
        win_rate = _maybe(row["win_rate"], ".1f", 100) + (
            "%" if row["win_rate"] is not None else ""
        )
        table.add_row(
            str(row["rank"]),
            row["bot"],
            f"{row['ordinal']:.2f}",
            f"{row['mu']:.2f}",
            f"{row['low']:.1f}–{row['high']:.1f}",
            str(row["seats"]),
            win_rate,
            _maybe(row["mean_place"], ".2f"),
        )
    console.print(table)
    categories: list[str] = []
    for row in standings:
        categories += [c for c in row["mean"] if c not in categories]
    if categories:
        scores = new_table("Mean score per seat played")
        scores.add_column("", style="cyan", no_wrap=True)
        for row in standings:
            scores.add_column(row["bot"], justify="right")
        for c in categories:
            style = "bold" if c == "total" else ""
            scores.add_row(
                Text(field_title(c), style=style),
                *(Text(_maybe(row["mean"].get(c), ".2f"), style=style) for row in standings),
            )
        console.print(scores)
