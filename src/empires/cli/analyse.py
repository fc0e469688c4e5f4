"""``empires analyse SAVE_OR_GAME_ID``: the post-game analysis of a saved game or of a game in the
web app's database (:mod:`empires.bots.analysis`): every decision of the chosen seats searched
from what that seat could see then, the moves that lost clearly against the best found, a
summary per player, and optionally the JSON and a graph of each player's chance to win."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from empires import i18n
from empires.bots import analysis as coach
from empires.cli import common
from empires.cli.common import LOAD_ERRORS, CliError
from empires.cli.plots import check_writable
from empires.core import messages
from empires.i18n import N_, translate

DEFAULT_DB = "sqlite:///empires.db"  # as `empires serve` uses
SAVE_SEATS_KEY = "seats"  # a save's seat specs (see empires.cli.tui.session)


def add_parser(sub) -> None:
    p = common.subcommand(
        sub,
        "analyse",
        "analyse a finished game: chance to win over the game, mistakes, better moves",
        [
            "empires analyse mygame.json   # a game saved with `save mygame.json`",
            "empires analyse mygame.json --seats 1 --iterations 400 --plot chances.png",
            "empires analyse 3f9c2a7b --db sqlite:///empires.db --json analysis.json",
        ],
    )
    p.add_argument("source", metavar="SAVE_OR_GAME_ID", help="a saved game file or a web game id")
    p.add_argument(
        "--db",
        default=DEFAULT_DB,
        help=f"the web app's database, for a game id (default {DEFAULT_DB}, as empires serve)",
    )
    p.add_argument(
        "--iterations",
        type=int,
        default=100,
        metavar="N",
        help="search iterations per decision (default 100; more is slower and steadier)",
    )
    p.add_argument(
        "--seats",
        metavar="1,2,...",
        help="the players whose decisions are analysed, counted from 1 (default: the human "
        "players when the game records them, else everyone)",
    )
    p.add_argument(
        "--cpu-per-decision",
        type=float,
        default=coach.CPU_PER_DECISION,
        metavar="S",
        help="a ceiling of S CPU-seconds per decision on average for the whole analysis, shared "
        f"among the decisions (default {coach.CPU_PER_DECISION}: an 86-decision game in under 2 "
        "minutes; 0: none); below it the iterations alone decide",
    )
    p.add_argument("--seed", type=int, default=0, help="search seed (default 0)")
    p.add_argument(
        "--json",
        metavar="OUT",
        help=f"write the analysis as JSON to OUT ('-': stdout); {common.SEATS_FROM_0_HELP}",
    )
    p.add_argument("--plot", metavar="FILE.png", help="write the chance-to-win graph as a PNG")
    p.add_argument(
        "--lang",
        metavar="LANG",
        type=common.language,
        help=f"the language of its progress and report: {', '.join(i18n.LANGUAGES)} (default: "
        "the terminal's locale, else en)",
    )
    p.set_defaults(func=cmd_analyse)


@dataclass
class Source:
    game: str
    history: dict
    humans: list[int]  # the human seats, when the game records them
    names: list[str]  # one label per seat


def cmd_analyse(args, console: Console) -> int:
    if args.iterations < 1:
        raise CliError(f"--iterations must be at least 1, not {args.iterations}")
    cpu = args.cpu_per_decision
    if not (cpu >= 0 and math.isfinite(cpu)):
        raise CliError(f"--cpu-per-decision must be a number of seconds, 0 or more, not {cpu}")
    if args.plot:
        _check_plots(args.plot)
    source = load_source(args.source, args.db)
    players = len(source.names)
    seats = _seats(args.seats, players) if args.seats else (source.humans or list(range(players)))
    lang = _language(args)
    analysis = _run(source, seats, args.iterations, args.seed, lang, cpu or None)
    data = {
        **analysis.to_json(),
        common.SEATS_KEY: 0,  # "player" and the "win" lists; "seats" are the names shown
        "seats": [source.names[p] for p in range(players)],
    }
    if args.json == "-":
        print(json.dumps(data))
    else:
        show(console, analysis, source.names, lang)
        if args.json:
            _write(args.json, json.dumps(data, indent=1))
            written = translate("Analysis written to {path}.", lang, path=args.json)
            console.print(Text(written, style="dim"))
    if args.plot:
        from empires.sim.analysis_plot import write_analysis_plot

        try:
            write_analysis_plot(args.plot, data, source.names)
        except OSError as exc:
            raise CliError(f"cannot write {args.plot}: {exc.strerror or exc}", 1) from None
        if args.json != "-":
            written = translate("Graph written to {path}.", lang, path=args.plot)
            console.print(Text(written, style="dim"))
    return 0


def _language(args) -> str:
    """``--lang``, else the terminal's locale (English where it is none we offer)."""
    lang = getattr(args, "lang", None)
    return i18n.normalize(lang) if lang else i18n.from_environment()


def _check_plots(path: str) -> None:
    from empires.sim.report import PlotsUnavailable, _pyplot

    try:
        _pyplot()
    except PlotsUnavailable as exc:
        raise CliError(str(exc)) from None
    check_writable(path)


def _write(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror or exc}", 1) from None


def _seats(text: str, players: int) -> list[int]:
    out = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or not 1 <= int(part) <= players:
            raise CliError(
                f"--seats takes player numbers from 1 to {players} separated by commas, "
                f"not {part!r}"
            )
        out.append(int(part) - 1)
    return sorted(set(out))


# ---- where the game comes from ----------------------------------------------------------------
def load_source(source: str, db: str) -> Source:
    """A saved game file when ``source`` is a file, else a game id in the database ``db``."""
    if Path(source).expanduser().is_file():
        return _from_save(str(Path(source).expanduser()))
    return _from_db(source, db)


def _from_save(path: str) -> Source:
    game, state = common.load_saved(path)
    data = common.read_json(path)
    specs = data.get(SAVE_SEATS_KEY)
    n = state.num_players
    if not (isinstance(specs, list) and len(specs) == n and all(isinstance(s, str) for s in specs)):
        specs = None
    humans = [p for p in range(n) if specs and specs[p] == common.HUMAN]
    names = [f"P{p + 1}" + (f" ({specs[p]})" if specs else "") for p in range(n)]
    return Source(game.name, state.history, humans, names)


def _from_db(game_id: str, url: str) -> Source:
    """A finished game of the web app's store, read through its persistence API."""
    from empires.cli.serve import db_url_problem
    from empires.server.db import CorruptRow, Store
    from empires.server.manager import restore

    problem = db_url_problem(url) or _missing_sqlite(url)
    if problem:
        raise CliError(f"{game_id} is not a file, and {problem}")
    store = Store(url)
    try:
        row = store.load_game(game_id)
    except CorruptRow as exc:
        raise CliError(f"cannot read game {game_id}: {exc}") from None
    except Exception as exc:  # e.g. a database without the tables of empires serve
        raise CliError(f"cannot read game {game_id} from {url}: {common.one_line(exc)}") from None
    finally:
        store.close()
    if row is None:
        raise CliError(f"no file {game_id!r} and no game {game_id!r} in {url}")
    if row.status != "finished":
        raise CliError(
            f"game {game_id} is not finished ({row.status}): only a finished game is analysed"
        )
    try:
        state, _ = restore(row)
    except LOAD_ERRORS as exc:
        raise CliError(f"cannot replay game {game_id}: {common.one_line(exc)}") from None
    humans = [s.seat for s in row.seats if s.kind == common.HUMAN]
    names = [f"P{s.seat + 1} ({s.name or s.bot or s.kind})" for s in row.seats]
    return Source(row.game, state.history, humans, names)


def _missing_sqlite(url: str) -> str | None:
    from sqlalchemy.engine import make_url

    try:
        parsed = make_url(url)
    except Exception:
        return f"{url!r} is not a database URL"
    db = parsed.database
    if parsed.drivername.startswith("sqlite") and db and db != ":memory:":
        if not Path(db).is_file():
            return f"there is no database file {db} (give --db)"
    return None


# ---- running and showing ------------------------------------------------------------------------
def _run(
    source: Source,
    seats: list[int],
    iterations: int,
    seed: int,
    lang: str = i18n.DEFAULT,
    cpu_per_decision: float | None = None,
) -> coach.GameAnalysis:
    """The analysis, its progress on stderr in ``lang``: a bar at a terminal (with the time
    spent and an estimate of the time left), else a line now and then ("analysed 4 of 18
    decisions")."""
    err = progress_console()
    columns = (
        TextColumn(translate("Analysing", lang).replace("[", r"\[")),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(translate("decisions", lang).replace("[", r"\[")),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    bar = Progress(*columns, console=err, transient=True, disable=not err.is_terminal)
    with bar:
        task = bar.add_task("analyse", total=None)
        said = [-1]  # the tenth of the work last said (not at a terminal)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)
            tenth = done * 10 // max(total, 1)
            if not err.is_terminal and done and (tenth > said[0] or done == total):
                said[0] = tenth
                said_now = translate(PROGRESS, lang, done=done, total=total)
                err.print(Text(said_now), highlight=False)

        try:
            return coach.analyse_history(
                source.game,
                source.history,
                seats=seats,
                iterations=iterations,
                seed=seed,
                progress=progress,
                cpu_per_decision=cpu_per_decision,
            )
        except LOAD_ERRORS as exc:
            raise CliError(f"cannot analyse the game: {common.one_line(exc)}") from None


PROGRESS = N_("analysed {done} of {total} decisions")


def progress_console() -> Console:
    """Where the analysis says how far it got: stderr (stdout keeps the analysis, or its
    JSON)."""
    return Console(stderr=True)


# The report's words (the verdicts as the analysis names them, the summary's columns).
VERDICTS = {"inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}
COLUMNS = (
    N_("player"), N_("analysed"), N_("inaccuracies"), N_("mistakes"), N_("blunders"),
    N_("mean loss"),
)  # fmt: skip
LEGEND = N_(
    "Chance to win lost against the best move found: inaccuracy 5%, mistake 10%, blunder 20% or"
    " more."
)


def show(
    console: Console, analysis: coach.GameAnalysis, names: list[str], lang: str = i18n.DEFAULT
) -> None:
    """The moves that lost clearly, then the summary per player (in ``lang``)."""
    flagged = [d for d in analysis.decisions if d.verdict != "ok"]
    heading = i18n.render(
        messages.plural(
            "{game}: {n} decision analysed ({iterations} search iterations each, seed {seed})",
            "{game}: {n} decisions analysed ({iterations} search iterations each, seed {seed})",
            len(analysis.decisions),
            game=messages.verbatim(analysis.game),
            iterations=analysis.iterations,
            seed=messages.verbatim(str(analysis.seed)),
        ),
        lang,
    )
    console.print(Text(heading, style="bold"))
    for d in flagged:
        console.print(_line(d, names, lang))
    if not flagged:
        none_lost = "No move lost 5% or more chance to win against the best found."
        console.print(Text(translate(none_lost, lang)))
    table = Table(title=translate("Summary", lang), title_justify="left")
    for head in COLUMNS:
        table.add_column(translate(head, lang), justify="left" if head == "player" else "right")
    for row in analysis.summary:
        if row["analysed"]:
            table.add_row(
                names[row["player"]],
                str(row["analysed"]),
                str(row["inaccuracies"]),
                str(row["mistakes"]),
                str(row["blunders"]),
                f"{row['mean_loss']:.1%}",
            )
    console.print(table)
    console.print(Text(translate(LEGEND, lang), style="dim"))


STYLES: dict[str, Any] = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def _line(d: coach.DecisionAnalysis, names: list[str], lang: str = i18n.DEFAULT) -> Text:
    text = Text(f"#{d.index + 1} {names[d.player]}: ")
    text.append(
        translate(VERDICTS.get(d.verdict, d.verdict), lang), style=STYLES.get(d.verdict, "")
    )
    text.append(
        " "
        + translate(
            "(-{loss}): played {chosen} ({chosen_chance}); better {best} ({best_chance})",
            lang,
            loss=f"{d.loss:.0%}",
            chosen=_move_words(d.chosen, lang),
            chosen_chance=f"{d.chosen.value:.0%}",
            best=_move_words(d.best, lang),
            best_chance=f"{d.best.value:.0%}",
        )
    )
    return text


def _move_words(move: coach.MoveValue, lang: str) -> str:
    """A move's words in ``lang``: its message (the engine's, components already named)
    rendered there; an analysis without one: its English description."""
    message = getattr(move, "message", None)
    return i18n.render(message, lang) if isinstance(message, dict) else move.description
