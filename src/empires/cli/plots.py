"""``--report FILE.html`` and ``--plot FILE.png`` of ``empires simulate`` and ``empires
tournament`` (the charts: :mod:`empires.sim.report`)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.text import Text

from empires.cli.common import CliError


def add_plot_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--report",
        metavar="FILE.html",
        help="write an HTML report with charts (score distributions, win rate by seat with 95%% "
        "intervals, game length; ratings over the games for a tournament) and the data as JSON",
    )
    parser.add_argument(
        "--plot", metavar="FILE.png", help="write the main charts as one PNG picture"
    )


def check_plot_flags(args) -> None:
    """Before any game is played: matplotlib is there and the files can be written."""
    if not (args.report or args.plot):
        return
    from empires.sim.report import PlotsUnavailable, _pyplot

    try:
        _pyplot()
    except PlotsUnavailable as exc:
        raise CliError(str(exc)) from None
    for path in (args.report, args.plot):
        if path:
            check_writable(path)


def check_writable(path: str) -> None:
    """CliError unless ``path`` can be written; creates nothing (a run that fails later leaves
    no empty file behind)."""
    target = os.path.abspath(path)
    folder = os.path.dirname(target)
    if os.path.isdir(target):
        why = "it is a folder"
    elif not os.path.isdir(folder):
        why = "no such folder"
    elif not os.access(target if os.path.exists(target) else folder, os.W_OK):
        why = "permission denied"
    else:
        return
    raise CliError(f"cannot write {path}: {why}", 1)


def write_plots(
    args,
    console: Console | None,
    build: Callable[[dict, Sequence[dict]], dict],
    report: dict,
    results: Sequence[dict],
) -> list[str]:
    """Write ``--report`` and ``--plot`` from the command's JSON report and its results (said on
    ``console`` unless it is None); the paths written."""
    if not (args.report or args.plot):
        return []
    from empires.sim import report as charts

    data = build(report, results)
    written = []
    for path, write in ((args.report, charts.write_report), (args.plot, charts.write_plot)):
        if not path:
            continue
        try:
            write(path, data)
        except OSError as exc:
            raise CliError(f"cannot write {path}: {exc.strerror or exc}", 1) from None
        written.append(path)
        if console is not None and not args.json:
            console.print(Text(f"Charts written to {path}.", style="dim"))
    return written
