"""``empires bot-worker``: play the bot moves that ``empires serve --bots queue`` processes ask
for through Redis (see :mod:`empires.server.bot_worker`)."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from empires.cli import common
from empires.cli.common import CliError


def add_parser(sub) -> None:
    wrk = common.subcommand(
        sub,
        "bot-worker",
        "play bot moves for empires serve --bots queue (a worker process)",
        [
            "empires bot-worker --broker redis://127.0.0.1:6379/0 "
            "--db postgresql://empires:secret@localhost/empires",
            "empires bot-worker --broker redis://127.0.0.1:6379/0 "
            "--db postgresql://empires:secret@localhost/empires --jobs 4 --cards mine=mine.json",
        ],
    )
    wrk.add_argument(
        "--broker", required=True, metavar="URL", help="Redis URL (redis://HOST:PORT/N)"
    )
    wrk.add_argument(
        "--db", required=True, metavar="URL", help="the web processes' database (postgresql://...)"
    )
    wrk.add_argument(
        "--broker-channel",
        default="empires",
        metavar="NAME",
        help="the web processes' --broker-channel; the queue is NAME:bots (default empires)",
    )
    wrk.add_argument(
        "--jobs",
        type=int,
        default=8,
        help="bot moves handled at once (default 8; at most one per CPU core thinks at a time)",
    )
    wrk.add_argument(
        "--job-timeout",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help=(
            "longest a move may take (default 60); a killed worker's move is given to another "
            "worker this long plus 10 s after it began"
        ),
    )
    wrk.add_argument(
        "--cards",
        action="append",
        metavar="NAME=FILE",
        help="the card sets the web processes offer (as empires serve --cards)",
    )
    wrk.set_defaults(func=cmd_bot_worker)


def cmd_bot_worker(args, console: Console) -> int:
    from empires.cli.serve import check_broker, db_url_problem
    from empires.server.serve_options import parse_card_sets

    if not 1 <= args.jobs <= 64:
        raise CliError("--jobs must be from 1 to 64")
    if not 1.0 <= args.job_timeout <= 3600.0:
        raise CliError("--job-timeout must be from 1 to 3600 seconds")
    why = db_url_problem(args.db) or check_broker(args.broker, args.broker_channel, args.db)
    if why:
        raise CliError(why)
    try:
        card_sets = parse_card_sets(args.cards)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    try:
        import arq  # noqa: F401
    except ImportError:
        raise CliError("bot-worker needs arq: pip install 'empires[broker]'") from None
    from empires.server.bot_worker import run_worker

    console.print(Text(f"Empires bot worker on queue {args.broker_channel}:bots", style="bold"))
    run_worker(
        args.broker,
        args.db,
        prefix=args.broker_channel,
        jobs=args.jobs,
        job_timeout=args.job_timeout,
        card_sets=card_sets,
    )
    return 0
