"""What ``simulate`` and ``tournament`` share: where games run (processes or Ray) and a
progress bar while they do."""

from __future__ import annotations

import argparse
import os

from rich.console import Console

from empires.cli.common import CliError
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
):
    """Play ``matches`` on ``backend``, with a progress bar on a terminal (not with --json)."""

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
