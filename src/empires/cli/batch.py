"""What ``simulate`` and ``tournament`` share: where games run (processes or Ray) and a
progress bar while they do."""

from __future__ import annotations

import argparse
import os

from rich.console import Console

from empires.cli.common import CliError
from empires.sim.export import FORMATS, ExportError, ExportWriter
from empires.sim.local import BACKENDS, GameFailed, run_games
from empires.sim.ray_backend import RayUnavailable


def add_backend_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        help=(
            "process: worker processes on this machine (default); ray: Ray tasks, on a local "
            "instance with --jobs CPUs or on the cluster at --address"
        ),
    )
    parser.add_argument(
        "--address",
        metavar="ADDR",
        help=("Ray cluster to use (HOST:PORT or auto; implies --backend ray)"),
    )


def add_export_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--export",
        metavar="DIR",
        help=(
            "write every game played (config, seed, bots, actions, events, scores) to DIR as a "
            "data set: run.json and games.jsonl (or games.parquet); seats in it are numbered "
            "from 0"
        ),
    )
    parser.add_argument(
        "--export-format",
        choices=FORMATS,
        default="jsonl",
        help="jsonl (default) or parquet (needs pyarrow: pip install 'empires[export]')",
    )
    parser.add_argument(
        "--export-features",
        action="store_true",
        help=(
            "with --export: also one row per decision (seat, action, legal codes and the "
            "seat's observation tensor) in decisions.jsonl / decisions.parquet"
        ),
    )
    parser.add_argument(
        "--overwrite",
        action="store_true",
        help="replace the files that --export (and --out) would otherwise refuse to overwrite",
    )


def export_writer(args, run: dict) -> ExportWriter | None:
    """The writer of ``--export DIR`` (None without it); CliError when it cannot be written."""
    if not args.export:
        if args.export_features or args.export_format != "jsonl":
            raise CliError("--export-format and --export-features need --export DIR")
        return None
    try:
        return ExportWriter(
            args.export,
            run,
            fmt=args.export_format,
            features=args.export_features,
            overwrite=args.overwrite,
        )
    except ExportError as exc:
        raise CliError(str(exc)) from None


def record_of(writer: ExportWriter | None) -> str | None:
    """What the games must record for ``writer`` (see :func:`empires.sim.local.play_game`)."""
    if writer is None:
        return None
    return "features" if writer.features else "games"


def backend_of(args) -> tuple[str, int | None]:
    """``(backend, jobs)`` from --backend/--address/--jobs (jobs None: a Ray cluster's CPUs)."""
    backend = args.backend or ("ray" if args.address else "process")
    if backend != "ray" and args.address:
        raise CliError("--address is for --backend ray")
    if args.jobs is not None and args.jobs < 1:
        raise CliError("--jobs must be at least 1")
    if args.jobs is not None:
        return backend, args.jobs
    return backend, None if args.address else (os.cpu_count() or 1)


def workers_text(backend: str, jobs: int | None) -> str:
    where = f"{jobs} job(s)" if jobs is not None else "all CPUs"
    return where if backend == "process" else f"Ray ({where})"


def run_with_progress(
    console: Console,
    args,
    game: str,
    players: int,
    matches,
    options,
    jobs,
    backend,
    on_results=None,
    record=None,
):
    """Play ``matches`` on ``backend``, with a progress bar on a terminal (not with --json);
    ``record``: what each game records for an export (:func:`record_of`)."""

    def run(on_progress=None):
        return run_games(
            game,
            players,
            matches,
            options=options,
            jobs=jobs,
            backend=backend,
            address=args.address,
            on_progress=on_progress,
            on_results=on_results,
            record=record,
        )

    try:
        if args.json or not console.is_terminal:
            return run()
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        with Progress(
            TextColumn("[progress.description]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=console,
            transient=True,
        ) as progress:
            task = progress.add_task("games", total=len(matches))
            return run(lambda k: progress.advance(task, k))
    except (GameFailed, RayUnavailable) as exc:
        raise CliError(str(exc), 1) from None
