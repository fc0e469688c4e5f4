"""``empires serve``: the web app (lobby, games, replays)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.text import Text

from empires.cli import common
from empires.cli.common import CliError


def add_parser(sub) -> None:
    srv = common.subcommand(
        sub,
        "serve",
        "run the web app (lobby, games, replays) in a browser",
        [
            "empires serve   # http://127.0.0.1:8000/, games in ./empires.db",
            "empires serve --host 0.0.0.0 --port 8080 --db sqlite:///games.db",
            "empires serve --db postgresql://empires:secret@localhost/empires "
            "--broker redis://127.0.0.1:6379/0",
            "empires serve --cards mine=mine.json --expire-after 2h",
        ],
    )
    srv.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    srv.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    srv.add_argument(
        "--db",
        default="sqlite:///empires.db",
        help=(
            "database URL: sqlite:///FILE (default sqlite:///empires.db) or "
            "postgresql://USER:PASSWORD@HOST/NAME (needs pip install 'empires[postgres]')"
        ),
    )
    srv.add_argument(
        "--bot-delay",
        type=float,
        default=0.4,
        metavar="SECONDS",
        help="pause after each bot move so people can follow (default 0.4)",
    )
    srv.add_argument(
        "--cards",
        action="append",
        metavar="NAME=FILE",
        help=(
            "offer an Imperial Settlers card file to players as the card set NAME (repeatable); "
            "players choose card sets by name only"
        ),
    )
    srv.add_argument(
        "--expire-after",
        default="24h",
        metavar="DURATION",
        help=(
            "expire an active game no human has acted in, untouched this long (default 24h; "
            "units s, m, h, d)"
        ),
    )
    srv.add_argument(
        "--keep-finished",
        default="7d",
        metavar="DURATION",
        help=("keep finished and expired games for replays this long (default 7d)"),
    )
    srv.add_argument(
        "--limit",
        action="append",
        metavar="NAME=VALUE",
        help=(
            "change one per-client limit (repeatable), e.g. create_burst=50 or message_rate=20; "
            "the names are the fields of empires.server.manager.Limits"
        ),
    )
    _add_cluster_arguments(srv)
    srv.set_defaults(func=cmd_serve)


def _add_cluster_arguments(srv) -> None:
    """The log level, and the options of several processes sharing the games."""
    srv.add_argument(
        "--log-level",
        default="info",
        choices=["critical", "error", "warning", "info", "debug"],
        help="server log level (default info)",
    )
    srv.add_argument(
        "--broker",
        metavar="URL",
        help=(
            "share games with other empires serve processes through Redis (redis://HOST:PORT/N); "
            "needs --db postgresql://... (default: this process alone serves its games)"
        ),
    )
    srv.add_argument(
        "--broker-channel",
        default="empires",
        metavar="NAME",
        help="the Redis pub/sub channel the processes of one site share (default empires)",
    )
    srv.add_argument(
        "--bots",
        choices=["threads", "queue"],
        default="threads",
        help=(
            "who thinks for the bots: this process's threads (default) or empires bot-worker "
            "processes through the broker's queue (needs --broker)"
        ),
    )


def cmd_serve(args, console: Console) -> int:
    problem = db_url_problem(args.db)  # before anything starts
    if problem:
        raise CliError(problem)
    from empires.server import serve  # imported here: the other commands start without it

    if not 0 <= args.port <= 65535:
        raise CliError(f"--port must be from 0 to 65535, not {args.port}")
    if args.bot_delay < 0:
        raise CliError("--bot-delay must not be negative")
    from empires.server.manager import Limits
    from empires.server.serve_options import parse_card_sets, parse_duration, parse_limits

    try:
        card_sets = parse_card_sets(args.cards)
        limits = parse_limits(
            args.limit,
            Limits(
                expire_after=parse_duration(args.expire_after),
                keep_finished=parse_duration(args.keep_finished),
            ),
        )
    except ValueError as exc:
        raise CliError(str(exc)) from None
    broker_error = check_broker(args.broker, args.broker_channel, args.db)
    if broker_error:
        raise CliError(broker_error)
    if args.bots == "queue" and args.broker is None:
        raise CliError("--bots queue hands bot moves to empires bot-worker: give --broker too")
    try:
        from sqlalchemy.engine import make_url

        where = make_url(args.db).render_as_string(hide_password=True)
    except Exception:
        where = "the database given"
    console.print(
        Text(f"Empires web app on http://{args.host}:{args.port}/ (games in {where})", style="bold")
    )
    serve(
        host=args.host,
        port=args.port,
        db=args.db,
        bot_delay=args.bot_delay,
        card_sets=card_sets,
        limits=limits,
        log_level=args.log_level,
        broker=args.broker,
        broker_channel=args.broker_channel,
        bots=args.bots,
    )
    return 0


# The databases the web app's store runs on (empires.server.db), as SQLAlchemy names them.
DATABASES = {"sqlite": "sqlite:///FILE", "postgresql": "postgresql://USER:PASSWORD@HOST/NAME"}


def db_url_problem(url: str, flag: str = "--db") -> str | None:
    """Why ``url`` cannot be the web app's database (not a URL, a database the store does not
    run on, a driver that is not installed, a SQLite file in no folder), or None. Nothing is
    opened."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    from empires.server.db import driver_error, normalize_url

    supported = " or ".join(f"{name} ({form})" for name, form in DATABASES.items())
    try:
        parsed = make_url(normalize_url(url))
        backend = parsed.get_backend_name()
    except (ArgumentError, ValueError):
        return f"{flag} {url!r} is not a database URL; give {supported}"
    if backend not in DATABASES:
        shown = parsed.render_as_string(hide_password=True)
        return f"{flag} {shown!r}: {backend} is not supported; give {supported}"
    missing = driver_error(url)
    if missing:
        return missing
    db = parsed.database
    if backend == "sqlite" and db and db != ":memory:" and not db.startswith("file:"):
        folder = Path(db).expanduser().absolute().parent
        if not folder.is_dir():
            return f"{flag} {url!r}: there is no folder {folder} for the database file"
    return None


def check_broker(broker: str | None, channel: str, db: str) -> str | None:
    """Why ``--broker`` cannot be used as given (None: it can, or it is not given)."""
    if broker is None:
        return None
    if not broker.startswith(("redis://", "rediss://", "unix://")):
        return f"--broker takes a Redis URL such as redis://127.0.0.1:6379/0, not {broker!r}"
    if not db.startswith("postgresql"):
        return "--broker shares games through PostgreSQL: give --db postgresql://... too"
    try:
        import redis.asyncio  # noqa: F401
    except ImportError:
        return "--broker needs redis-py: pip install 'empires[broker]'"
    from empires.server.shared_log import check_channel

    try:
        check_channel(channel)
    except ValueError as exc:
        return str(exc)
    return None
