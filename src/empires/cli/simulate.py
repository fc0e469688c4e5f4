"""``empires simulate GAME``: many bot games, win rates and score statistics per seat."""

from __future__ import annotations

import argparse
import json
import time

from rich.console import Console
from rich.text import Text

from empires.bots import bot_names
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
from empires.cli.common import CliError
from empires.cli.plots import add_plot_flags, check_plot_flags, write_plots
from empires.cli.render import field_title, new_table, seat_columns
from empires.sim.local import summarize
from empires.sim.report import seat_label, simulation_data


def add_parser(sub) -> None:
    sim = common.subcommand(
        sub,
        "simulate",
        "play many bot games and report statistics",
        [
            "empires simulate discovery --bots heuristic,random --games 1000",
            "empires simulate settlers --players 2 --bots heuristic,random --json",
        ],
    )
    common.add_game_parsers(sim, _add_flags, cmd_simulate, game_examples)


def game_examples(game) -> list[str]:
    """``empires simulate GAME --help``'s examples (any game: from its player counts)."""
    n = max(game.min_players, 2)
    return [
        f"empires simulate {game.name} --players {n} --bots heuristic,random --games 1000",
        f"empires simulate {game.name} --players {n} --bots heuristic --games 200 --json",
        f"empires simulate {game.name} --players {n} --games 500 --report report.html",
        f"empires simulate {game.name} --players {n} --games 100 --export games/",
    ]


def _add_flags(sim: argparse.ArgumentParser) -> None:
    sim.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    sim.add_argument(
        "--bots",
        default="random",
        help=(
            "comma-separated bots, one per seat; fewer repeat in order (heuristic,random for 4 "
            f"players: heuristic,random,heuristic,random) ({', '.join(bot_names())})"
        ),
    )
    sim.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="game i uses seed SEED+i (default 0)")
    sim.add_argument("--jobs", type=int, help="worker processes (default: number of CPUs)")
    sim.add_argument(
        "--json",
        action="store_true",
        help=f"print one JSON object, no progress bar; {common.SEATS_FROM_0_HELP}",
    )
    add_backend_flags(sim)
    add_export_flags(sim)
    add_plot_flags(sim)


def cmd_simulate(args, console: Console) -> int:
    game = common.adapter(args.game)
    players = args.players
    common.check_players(game, players)
    bots = common.seat_specs(args.bots, players, game.name, allow_human=False)
    if args.games < 1:
        raise CliError("--games must be at least 1")
    backend, jobs = backend_of(args)
    options = common.options(game, args)
    common.new_game(game, players, args.seed, options)  # bad options fail before any work
    check_plot_flags(args)
    matches = [(s, bots) for s in range(args.seed, args.seed + args.games)]
    run = {
        "command": "simulate",
        "game": game.name,
        "players": players,
        "seeds": [args.seed, args.seed + args.games - 1],
        "bots": bots,
        "options": options.to_json(),
    }
    writer = export_writer(args, run)
    start = time.perf_counter()
    try:
        results = run_with_progress(
            console, args, game.name, players, matches, options, jobs, backend,
            on_results=writer, record=record_of(writer),
        )  # fmt: skip
    finally:
        if writer is not None:
            writer.close()
    seconds = time.perf_counter() - start
    seats = summarize(results, players)
    decisions = sum(r["decisions"] for r in results)
    report = {
        "game": game.name,
        "players": players,
        "seed": args.seed,
        "games": len(results),
        "options": options.to_json(),
        "backend": backend,
        "jobs": jobs,
        "seconds": seconds,
        "games_per_second": len(results) / seconds if seconds > 0 else float("inf"),
        "mean_decisions": decisions / len(results),
        common.SEATS_KEY: 0,
        "seats": seats,
    }
    if args.json:
        print(json.dumps(report))
    else:
        _print_report(console, report, args.seed)
        if writer is not None:
            console.print(Text(f"Games exported to {args.export}.", style="dim"))
    write_plots(args, console, simulation_data, report, results)
    return 0


def _print_report(console: Console, report: dict, seed: int) -> None:
    seats = report["seats"]
    console.print(
        Text(
            f"{report['games']} games of {report['game']}, {report['players']} players, seeds "
            f"{seed}..{seed + report['games'] - 1}, "
            f"{workers_text(report['backend'], report['jobs'])}: {report['seconds']:.2f} s, "
            f"{report['games_per_second']:.1f} games/s, {report['mean_decisions']:.0f} decisions/game",
            style="bold",
        )
    )
    categories = list(seats[0]["mean"]) if seats else []
    table = new_table("Results per seat (mean ± sd)")
    seat_columns(table, [f"{seat_label(x['seat'])} ({x['bot']})" for x in seats])
    table.add_row(Text("Wins"), *(Text(f"{x['wins']:g}") for x in seats))
    table.add_row(Text("Win rate"), *(Text(f"{100 * x['win_rate']:.1f}%") for x in seats))
    for c in categories:
        style = "bold" if c == "total" else ""
        table.add_row(
            Text(field_title(c), style=style),
            *(Text(f"{x['mean'][c]:.2f} ± {x['stdev'][c]:.2f}", style=style) for x in seats),
        )
    console.print(table)
