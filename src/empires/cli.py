"""The ``empires`` command: play in the terminal, simulate bot games, replay saved games.

    empires play discovery --players 4 --seats human,heuristic,heuristic,random --seed 7
    empires simulate discovery --players 4 --bots heuristic,random,random,random --games 1000
    empires replay game.save.json --step

Everything here is written against the game-agnostic contract of :mod:`empires.core.game`; the
board is drawn generically from the JSON-ready ``state.observation(seat)`` of the human seat
(``observation(None)`` when only bots play), so hidden information never reaches the screen.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from empires.bots import bot_names, make_bot
from empires.core.errors import IllegalActionError, SaveFileError
from empires.core.game import game_names, get_game
from empires.sim.local import (
    BACKENDS,
    GameFailed,
    bot_seeds,
    expand_seats,
    run_games,
    summarize,
)
from empires.sim.ray_backend import RayUnavailable

HUMAN = "human"
HISTORY_KEYS = frozenset({"game", "config", "seed", "actions"})
# Errors that mean "this file is not a readable save" (engines should raise SaveFileError, but a
# corrupt file must never end in a traceback).
LOAD_ERRORS = (SaveFileError, ValueError, KeyError, TypeError, IndexError, AttributeError)


class CliError(Exception):
    """A user error: printed as one line, exit code ``code``."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


# ---- helpers ---------------------------------------------------------------------------------


def _module(name: str):
    try:
        module = get_game(name)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    if not hasattr(module, "new_game"):
        raise CliError(f"the {name} engine is not available yet (no new_game)", 1)
    return module


OPTION_FLAGS = ("builders", "buy_vp", "nations", "variant", "edition")


def _add_option_flags(parser: argparse.ArgumentParser) -> None:
    """Rules options (Empires: Age of Discovery); recorded in saved games and replays."""
    group = parser.add_argument_group("rules options (discovery)")
    group.add_argument(
        "--edition",
        choices=("2015", "2007"),
        help=(
            "rules edition (default 2015); 2007 starts in random order, its starting-order auction "
            "is --variant order-auction"
        ),
    )
    group.add_argument("--builders", action="store_true", help="the Builder expansion")
    group.add_argument("--buy-vp", action="store_true", help="buy VP after each colony scoring")
    group.add_argument(
        "--nations", choices=("off", "random", "auction"), help="National Advantages (default off)"
    )
    group.add_argument(
        "--variant",
        action="append",
        metavar="NAME",
        help=(
            "optional rule, repeatable: two-player, reduced-luck, no-survivors, scouting, "
            "advanced-reconnaissance, order-auction (2007 only) (discovery); alternate-lookout, advanced-lookout, peaceful "
            "(settlers)"
        ),
    )
    group = parser.add_argument_group("rules options (settlers)")
    group.add_argument(
        "--factions",
        metavar="LIST",
        help="factions per seat, e.g. romans,barbarians (default: in that order)",
    )
    group.add_argument(
        "--cards", metavar="FILE", help="a complete card file instead of the built-in card data"
    )
    group.add_argument(
        "--reshuffle-faction-discards",
        action="store_true",
        help="reshuffle a Faction discard pile into an empty Faction deck",
    )


def _options(module, args) -> Any:
    """The game's Options from the command line (the defaults when no flag is given)."""
    given = {
        "edition": args.edition,
        "builders": args.builders or None,
        "buy_vp": args.buy_vp or None,
        "nations": args.nations,
        "variants": tuple(args.variant) if args.variant else None,
        "factions": args.factions,
        "cards": args.cards,
        "reshuffle_faction_discards": args.reshuffle_faction_discards or None,
    }
    given = {k: v for k, v in given.items() if v is not None}
    options_type = getattr(module, "Options", None)
    if options_type is None:
        if given:
            raise CliError(f"{module.NAME} has no rules options")
        return None
    known = getattr(options_type, "__dataclass_fields__", None)
    unknown = sorted(set(given) - set(known)) if known is not None else []
    if unknown:  # only pass the fields this game's Options has
        flags = ", ".join(
            {"variants": "--variant"}.get(k, "--" + k.replace("_", "-")) for k in unknown
        )
        raise CliError(f"{module.NAME} has no option {flags}")
    build = getattr(options_type, "from_json", None) or (lambda kw: options_type(**kw))
    try:
        return build(given)
    except (TypeError, ValueError) as exc:
        raise CliError(str(exc)) from None


def _check_players(module, players: int) -> None:
    lo, hi = module.MIN_PLAYERS, module.MAX_PLAYERS
    if not lo <= players <= hi:
        raise CliError(f"{module.NAME} takes {lo} to {hi} players, not {players}")


def _seat_specs(text: str, players: int, allow_human: bool) -> list[str]:
    try:
        specs = expand_seats(text, players)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    known = set(bot_names()) | ({HUMAN} if allow_human else set())
    for spec in specs:
        if spec not in known and spec.partition(":")[0] not in known - {HUMAN}:
            raise CliError(f"unknown seat {spec!r}; choose from: {', '.join(sorted(known))}")
    for spec in set(specs) - {HUMAN}:
        try:
            make_bot(spec, 0)  # fail now, with a clear message, if the bot is unavailable
        except ValueError as exc:
            raise CliError(str(exc)) from None
    return specs


def _read_json(path: str) -> dict:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise CliError(f"cannot read {path}: not a text file") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(
            f"cannot read {path}: not valid JSON ({exc.msg} at line {exc.lineno})"
        ) from None
    except RecursionError:
        raise CliError(f"cannot read {path}: JSON nested too deeply to be a saved game") from None
    except ValueError as exc:  # e.g. a number of more than 4300 digits
        raise CliError(f"cannot read {path}: not a readable JSON file ({exc})") from None
    if not isinstance(data, dict):
        raise CliError(f"cannot read {path}: expected a JSON object, got {type(data).__name__}")
    return data


def _is_history(data: dict) -> bool:
    """A bare ``state.history`` (as opposed to ``state.to_json()`` output, which may hold more)."""
    keys = set(data)
    return {"config", "seed", "actions"} <= keys <= HISTORY_KEYS | {"format", "version"}


def load_saved(path: str, game: str | None = None):
    """``(module, state)`` from a file holding ``state.to_json()`` or a ``state.history``."""
    data = _read_json(path)
    name = data.get("game", game)
    if name is None:
        raise CliError(f"cannot read {path}: the file does not say which game it is")
    if not isinstance(name, str) or name not in game_names():
        raise CliError(f"cannot read {path}: unknown game {name!r}")
    if game is not None and name != game:
        raise CliError(f"{path} is a {name} game, not {game}")
    module = _module(name)
    try:
        state = module.replay(data) if _is_history(data) else module.from_json(data)
    except LOAD_ERRORS as exc:
        raise CliError(f"cannot load {path}: {_one_line(exc)}") from None
    return module, state


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().replace("\n", " ") or type(exc).__name__
    if isinstance(exc, KeyError | TypeError | IndexError | AttributeError):
        text = f"corrupt or incomplete data ({type(exc).__name__}: {text})"
    return text


def _history_seed(state) -> int:
    try:
        seed = state.history.get("seed", 0)
    except Exception:
        return 0
    return seed if isinstance(seed, int) else 0


def _labels(seats: Sequence[str], human_seat: int | None = None) -> list[str]:
    out = []
    for i, spec in enumerate(seats):
        who = "you" if i == human_seat else spec
        out.append(f"P{i + 1} ({who})")  # seats are counted from 1, as the event texts do
    return out


def _describe(state, action) -> str:
    try:
        return state.describe(action)
    except Exception:  # a description must never stop the game
        return str(action)


# ---- generic rendering of observations ----------------------------------------------------------
#
# Observations are JSON-ready dicts; nothing below knows a particular game. Conventions that make
# the result readable: a list with one dict per seat (``players``, ``scores``, or records with a
# ``seat`` key) becomes a table with one column per seat; other lists of records (regions, offers)
# become tables with one row per record, labelled by ``name`` or ``id``; a dict with an integer
# ``player`` key is shown as that seat's piece ("P2 soldier": seats are counted from 1);
# ``decision`` is drawn last.

_EMPTY = (None, 0, False, "", [], {})
_PER_SEAT_KEYS = {"players", "seats", "scores"}
_SEAT_KEYS = {"current_player", "player", "viewer", "seat", "active_player"}
_HEADER_NAMES = {"player": "Viewing as", "current_player": "To play"}
_SEAT_LIST_KEYS = {"order", "player_order", "turn_order", "initiative_order", "winners"}


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _is_record_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _named(rec: dict) -> bool:
    return any(k in rec for k in ("name", "id", "player", "seat"))


def _fmt(value: Any, n: int = 0) -> str:
    """A compact, readable one-cell rendering of a JSON value (``n``: number of seats)."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str | int):
        return str(value)
    if isinstance(value, list):
        if not value:
            return "-"
        if all(_is_scalar(v) for v in value):
            return ", ".join(_fmt(v, n) for v in value)
        if len(value) == n and _is_record_list(value) and not any(_named(v) for v in value):
            # one dict per seat, e.g. the workers of each player in a region
            parts = [f"P{i + 1}: {_fmt(v, n)}" for i, v in enumerate(value) if v not in _EMPTY]
            return "; ".join(parts) if parts else "-"
        return ", ".join(_fmt(v, n) for v in value)
    if isinstance(value, dict):
        if isinstance(value.get("player"), int) and not isinstance(value["player"], bool):
            rest = " ".join(_fmt(v, n) for k, v in value.items() if k != "player")
            return f"P{value['player'] + 1} {rest}".strip()
        if "name" in value or "id" in value:
            name = str(value.get("name", value.get("id")))
            return f"{name} ({value['vp']} VP)" if isinstance(value.get("vp"), int) else name
        if value and all(str(k).isdigit() for k in value):  # e.g. a count per age
            return ", ".join(f"{k}: {_fmt(v, n)}" for k, v in value.items())
        parts = []
        for k, v in value.items():
            if v in _EMPTY:
                continue  # zero counts are noise on a board
            if v is True:
                parts.append(str(k))
            elif _is_scalar(v):
                parts.append(f"{k} {_fmt(v, n)}")
            else:
                parts.append(f"{k}: {_fmt(v, n)}")
        return ", ".join(parts) if parts else "-"
    return str(value)


def _title(key: str) -> str:
    return str(key).replace("_", " ").capitalize()


def _seat_label(labels: Sequence[str], i: Any) -> str:
    if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(labels):
        return labels[i]
    return "-" if i in (None, -1) else _fmt(i)


def _new_table(title: str) -> Table:
    return Table(title=Text(title, style="bold"), title_justify="left", expand=False)


def _per_seat_table(title: str, records: list[dict], labels: Sequence[str]) -> Table:
    """One column per seat, one row per field (fields empty for every seat are left out)."""
    n = len(labels)
    table = _new_table(title)
    table.add_column("", style="cyan", no_wrap=True)
    for label in labels:
        seat, _, who = label.partition(" ")
        table.add_column(f"{seat}\n{who.strip('()')}" if who else seat, overflow="fold")
    fields: list[str] = []
    for rec in records:
        fields += [k for k in rec if k not in fields and k != "seat"]
    for f in fields:
        values = [rec.get(f) for rec in records]
        if all(v in _EMPTY for v in values) and f not in ("money", "total"):
            continue
        table.add_row(Text(_title(f)), *(Text(_fmt(v, n)) for v in values))
    return table


def _records_table(title: str, rows: list[tuple[str, dict]], n: int) -> Table:
    """One row per record; the first column is its label."""
    columns: list[str] = []
    for _, rec in rows:
        columns += [k for k in rec if k not in columns]
    table = _new_table(title)
    table.add_column("", style="cyan", no_wrap=True)
    for c in columns:
        table.add_column(_title(c), overflow="fold")
    for label, rec in rows:
        table.add_row(Text(label), *(Text(_fmt(rec.get(c), n)) for c in columns))
    return table


def _record_rows(records: list[dict]) -> list[tuple[str, dict]]:
    rows = []
    for i, rec in enumerate(records):
        label = rec.get("name", rec.get("id", i))
        rows.append((str(label), {k: v for k, v in rec.items() if k not in ("name", "id")}))
    return rows


def _decision_text(decision: Any, labels: Sequence[str]) -> str:
    if isinstance(decision, dict):
        prompt = (
            decision.get("prompt") or decision.get("text") or _title(str(decision.get("kind", "")))
        )
        player = decision.get("player")
        extra = {k: v for k, v in decision.items() if k not in {"prompt", "text", "kind", "player"}}
        line = f"{_seat_label(labels, player)}: {prompt}" if player is not None else str(prompt)
        if extra:
            line += f"  ({_fmt(extra, len(labels))})"
        return line
    return _fmt(decision, len(labels))


def _seat_list(value: Any, labels: Sequence[str]) -> str:
    if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
        return "; ".join(", ".join(_seat_label(labels, s) for s in group) for group in value)
    if isinstance(value, list):
        return ", ".join(_seat_label(labels, s) for s in value)
    return _fmt(value, len(labels))


def render_observation(
    console: Console, obs: dict, labels: Sequence[str], title: str, skip: Sequence[str] = ()
) -> None:
    """Draw any JSON-ready observation readably (see the conventions above); ``skip``: keys not
    to draw."""
    n = len(labels)
    header: list[str] = []
    lines: list[str] = []
    blocks: list[Table] = []
    decision = None

    def add_block(key: str, value: Any) -> None:
        if (
            _is_record_list(value)
            and len(value) == n
            and (key in _PER_SEAT_KEYS or all(rec.get("seat") == i for i, rec in enumerate(value)))
        ):
            blocks.append(_per_seat_table(_title(key), value, labels))
        elif _is_record_list(value):
            blocks.append(_records_table(_title(key), _record_rows(value), n))
        elif isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
            blocks.append(_records_table(_title(key), [(str(k), v) for k, v in value.items()], n))
        elif isinstance(value, dict) and any(not _is_scalar(v) for v in value.values()):
            # a mixed group (e.g. the event boxes): a name/contents table, big record lists apart
            table = _new_table(_title(key))
            table.add_column("", style="cyan", no_wrap=True)
            table.add_column("", overflow="fold")
            later = []
            for k, v in value.items():
                if _is_record_list(v) and all(len(r) > 2 and ("name" in r or "id" in r) for r in v):
                    later.append((k, v))
                else:
                    table.add_row(Text(_title(k)), Text(_fmt(v, n)))
            table.show_header = False
            blocks.append(table)
            for k, v in later:
                blocks.append(_records_table(_title(k), _record_rows(v), n))
        elif key in _SEAT_LIST_KEYS or key == "ranking":
            lines.append(f"{_title(key)}: {_seat_list(value, labels)}")
        else:
            lines.append(f"{_title(key)}: {_fmt(value, n)}")

    for key, value in obs.items():
        if key in {"game", "num_players"} or key in skip:
            continue
        if key in {"decision", "prompt"}:
            decision = value
        elif _is_scalar(value):
            name = _HEADER_NAMES.get(key, _title(key))
            shown = _seat_label(labels, value) if key in _SEAT_KEYS else _fmt(value, n)
            if key in _SEAT_KEYS and value is None:
                shown = "spectator" if key == "player" else "-"
            header.append(f"{name}: {shown}")
        else:
            add_block(key, value)
    console.rule(Text(title, style="bold"))
    if header:
        console.print(Text("  ·  ".join(header)))
    for line in lines:
        console.print(Text(line))
    for block in blocks:
        console.print(block)
    if decision is not None:
        console.print(
            Panel(
                Text(_decision_text(decision, labels)),
                title="Decision",
                title_align="left",
                expand=False,
            )
        )


def _seat_columns(table: Table, labels: Sequence[str]) -> None:
    table.add_column("", style="cyan", no_wrap=True)
    for label in labels:
        seat, _, who = label.partition(" ")
        table.add_column(f"{seat}\n{who.strip('()')}" if who else seat, justify="right")


def render_scores(console: Console, state, labels: Sequence[str]) -> None:
    """The final scores (one column per seat, one row per category) and the ranking."""
    scores = state.scores()
    categories: list[str] = []
    for row in scores:
        categories += [k for k in row if k not in categories and k != "total"]
    categories.append("total")
    table = _new_table("Final scores")
    _seat_columns(table, labels)
    for c in categories:
        style = "bold" if c == "total" else ""
        table.add_row(
            Text(_title(c), style=style),
            *(Text(_fmt(row.get(c, 0)), style=style) for row in scores),
        )
    place, places = 1, [""] * len(labels)
    for group in state.ranking():
        for seat in group:
            places[seat] = _ordinal(place) + ("=" if len(group) > 1 else "")
        place += len(group)
    table.add_row(Text("Place"), *(Text(p) for p in places))
    console.print(table)
    place = 1
    for group in state.ranking():
        names = ", ".join(labels[s] for s in group)
        tie = " (shared)" if len(group) > 1 else ""
        console.print(Text(f"{_ordinal(place)}: {names}{tie}"))
        place += len(group)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# ---- narration: the engine's event log -------------------------------------------------------
#
# Engines keep an event log (empires.core.events): what every action did and how the rules
# resolved it, told to each seat as that seat may know it. The terminal prints it compactly,
# grouped under a turn/phase heading whenever that changes; "action" events (the imperative text
# of a player's choice) are prefixed with who chose, the resolutions that follow are indented.

EVENT_STYLES = {"final_scoring": "bold", "game_over": "bold"}


def has_events(state) -> bool:
    """Whether the engine keeps an event log (a game without one is narrated action by action)."""
    return callable(getattr(state, "events", None))


def _turn_word(state, viewer: int | None) -> str:
    """What the game calls a turn in headings ("Round" in a game that counts rounds), from what
    ``viewer`` sees."""
    try:
        obs = state.observation(viewer)
    except Exception:
        return "Turn"
    return "Round" if "round" in obs and "turn" not in obs else "Turn"


def _actor(event: dict, you: int | None) -> str:
    p = event.get("player")
    if not isinstance(p, int) or isinstance(p, bool):
        return ""
    return f"Player {p + 1}" + (" (you)" if p == you else "")


class Narrator:
    """Prints the events one viewer (a seat, None: a spectator) may read, each once: every call of
    :meth:`flush` prints those logged since the previous one."""

    def __init__(
        self,
        console: Console,
        viewer: int | None,
        turn_word: str = "Turn",
        you: int | None = None,
        recap: bool = False,
    ) -> None:
        self.console = console
        self.recap = recap  # every flush starts with its heading (the board came in between)
        self.viewer = viewer
        self.turn_word = turn_word
        self.you = viewer if you is None else you
        self.since = 0  # the seq of the next event to print
        self.number_width = 1  # a replay's step numbers are this wide
        self.heading: tuple | None = None
        self.last: list[dict] = []  # what the latest flush printed

    def pending(self, state) -> list[dict]:
        return state.events(self.viewer, self.since)

    def flush(self, state, number: int | None = None) -> list[dict]:
        """Print the new events; ``number``: show the first action event as that numbered step
        (a replay) instead of with a bullet."""
        events = self.pending(state)
        if events:
            self.since = events[-1]["seq"] + 1
            if self.recap:
                self.heading = None
            self.print(events, number)
        self.last = events
        return events

    def skip(self, state) -> None:
        """Mark every event logged so far as already told."""
        events = self.pending(state)
        if events:
            self.since = events[-1]["seq"] + 1

    def print(self, events: list[dict], number: int | None = None) -> None:
        grid = None
        for event in events:
            key = (event.get("turn"), event.get("phase"))
            if grid is None or key != self.heading:
                if grid is not None:
                    self.console.print(grid)
                if key != self.heading:
                    self._heading(key)
                grid = _event_grid(self.number_width + 1)
            marker, text = self._line(event, number)
            if event.get("kind") == "action":
                number = None  # only the first action event is the numbered step
            grid.add_row(marker, text)
        if grid is not None:
            self.console.print(grid)

    def _heading(self, key: tuple) -> None:
        self.heading = key
        turn, phase = key
        title = " · ".join(
            str(x) for x in (f"{self.turn_word} {turn}" if turn is not None else None, phase) if x
        )
        self.console.rule(Text(title or "Events", style="bold"), align="left", style="dim")

    def _line(self, event: dict, number: int | None) -> tuple[Text, Text]:
        text = str(event.get("text", ""))
        if event.get("kind") == "action":
            mine = event.get("player") == self.you and self.you is not None
            line = Text(f"{_actor(event, self.you)}: ", style="bold green" if mine else "bold")
            line.append(text, style="green" if mine else None)
            return Text(f"{number}." if number is not None else "•"), line
        return Text("›", style="dim"), Text(text, style=EVENT_STYLES.get(event.get("kind"), ""))


def _event_grid(marker_width: int) -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", no_wrap=True, min_width=marker_width)
    grid.add_column(overflow="fold")
    return grid


# ---- play ------------------------------------------------------------------------------------

HELP = """\
Type the number of an action to play it (or the action itself, e.g. its exact text).
  board        draw the board again
  log          what happened since your previous decision, again
  list         list the legal actions again
  save FILE    save the game as JSON (load it with --load FILE, or `empires replay FILE`)
  help         this help
  quit         leave the game (Ctrl-D too)"""

QUIT = object()


def _print_actions(console: Console, state, actions: list) -> None:
    width = len(str(len(actions)))
    for i, action in enumerate(actions, 1):
        line = Text(f"  {i:>{width}}. ")
        line.append(_describe(state, action))
        if str(action) not in line.plain:
            line.append(f"   [{action}]", style="dim")
        console.print(line)


def _save(console: Console, state, path: str) -> None:
    try:
        Path(path).write_text(json.dumps(state.to_json()), encoding="utf-8")
    except OSError as exc:
        console.print(Text(f"Could not save to {path}: {exc.strerror or exc}", style="red"))
    else:
        console.print(Text(f"Saved to {path}.", style="green"))


def _human_turn(
    console: Console, state, seat: int, labels: Sequence[str], narrator: Narrator | None = None
):
    """Ask the human at ``seat`` for an action; returns the action or QUIT. ``narrator`` (the
    seat's own view of the event log) tells what happened since its previous decision, between
    the board and the legal actions so that both stay in sight."""
    render_observation(console, state.observation(seat), labels, f"{labels[seat]} to play")
    if narrator is not None:
        narrator.flush(state)
    actions = state.legal_actions()
    console.print(Text("Legal actions:", style="bold"))
    _print_actions(console, state, actions)
    n = len(actions)
    while True:
        try:
            line = input(f"P{seat + 1} [1-{n}, help]> ")
        except EOFError:
            console.print()
            return QUIT
        text = line.strip()
        if not text:
            console.print(Text(f"Please type a number from 1 to {n}, or help.", style="yellow"))
            continue
        word, _, rest = text.partition(" ")
        word = word.lower()
        if text.isdigit() or (text.startswith("-") and text[1:].isdigit()):
            k = int(text)
            if 1 <= k <= n:
                return actions[k - 1]
            console.print(Text(f"{k} is not an action number; choose 1 to {n}.", style="yellow"))
        elif word in {"help", "h", "?"}:
            console.print(Text(HELP))
        elif word in {"quit", "exit", "q"}:
            return QUIT
        elif word == "save":
            if rest.strip():
                _save(console, state, rest.strip())
            else:
                console.print(Text("Usage: save FILE", style="yellow"))
        elif word in {"board", "b"}:
            render_observation(console, state.observation(seat), labels, f"{labels[seat]} to play")
        elif word in {"list", "l", "ls"}:
            _print_actions(console, state, actions)
        elif word in {"log", "events"}:
            _retell(console, narrator)
        else:
            wanted = " ".join(text.lower().split())
            match = [a for a in actions if str(a).lower() == wanted]
            if match:
                return match[0]
            console.print(
                Text(
                    f"Not understood: {text!r}. Type a number from 1 to {n}, help, save FILE or quit.",
                    style="yellow",
                )
            )


def _retell(console: Console, narrator: Narrator | None) -> None:
    if narrator is None:
        console.print(Text("This game keeps no event log.", style="yellow"))
    elif not narrator.last:
        console.print(Text("Nothing has happened since your previous decision.", style="dim"))
    else:
        narrator.heading = None  # draw the headings again
        narrator.print(narrator.last)


def cmd_play(args, console: Console) -> int:
    module, state, seats, seed = _start_play(args)
    players = state.num_players
    humans = [i for i, s in enumerate(seats) if s == HUMAN]
    viewer = humans[0] if len(humans) == 1 else None
    labels = _labels(seats, viewer)
    bots = {
        i: make_bot(spec, s)
        for i, (spec, s) in enumerate(zip(seats, bot_seeds(seed, players), strict=True))
        if spec != HUMAN
    }
    source = f"loaded from {args.load}" if args.load else f"seed {seed}"
    console.print(
        Text(f"{module.NAME}: {players} players ({source}): " + ", ".join(labels), style="bold")
    )
    notes = getattr(module, "startup_notes", None)  # a game may have something to say first
    for line in notes(state) if notes is not None else ():
        console.print(Text(line, style="yellow"))
    narrators: dict[int | None, Narrator] = {}
    if has_events(state):  # each human hears the log as that seat; bots alone: as a spectator
        narrators = {
            p: Narrator(console, p, _turn_word(state, p), recap=p is not None)
            for p in humans or [None]
        }
        for narrator in narrators.values():
            _resume(narrator, state)
    if not humans:
        render_observation(console, state.observation(None), labels, "Start")
        if None in narrators:
            narrators[None].flush(state)
    if not _play_loop(console, state, seats, bots, labels, narrators, viewer):
        console.print(Text("Game abandoned."))
        return 0
    if humans and narrators:  # what happened after the (last) human's last decision
        last = (
            narrators[viewer]
            if viewer is not None
            else Narrator(console, None, narrators[humans[0]].turn_word)
        )
        last.since = max(n.since for n in narrators.values())
        last.flush(state)
    final_view = state.observation(viewer) if viewer is not None else state.observation(None)
    render_observation(
        console, final_view, labels, "Game over", skip=("scores", "ranking", "decision")
    )
    render_scores(console, state, labels)
    return 0


def _start_play(args):
    """``(module, state, seats, seed)`` for ``empires play``: a new game or a loaded one."""
    if args.load:
        module, state = load_saved(args.load, args.game)
        if args.players is not None and args.players != state.num_players:
            raise CliError(f"{args.load} is a {state.num_players}-player game, not {args.players}")
        players = state.num_players
        seed = args.seed if args.seed is not None else _history_seed(state)
    else:
        module = _module(args.game)
        parts = [s for s in args.seats.split(",") if s.strip()] if args.seats else []
        players = args.players or (len(parts) if len(parts) > 1 else 4)
        _check_players(module, players)
        seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
        state = None
    seats_text = args.seats or ",".join([HUMAN] + ["heuristic"] * (players - 1))
    seats = _seat_specs(seats_text, players, allow_human=True)
    if state is None:
        try:
            state = module.new_game(players, seed=seed, options=_options(module, args))
        except ValueError as exc:
            raise CliError(str(exc)) from None
    return module, state, seats, seed


def _resume(narrator: Narrator, state) -> None:
    """A loaded game is told from the viewer's own last action (a spectator: the last action)."""
    actions = [
        e
        for e in state.events(narrator.viewer)
        if e.get("kind") == "action"
        and (narrator.viewer is None or e.get("player") == narrator.viewer)
    ]
    narrator.since = actions[-1]["seq"] if actions else 0


def _play_loop(console: Console, state, seats, bots, labels, narrators, viewer) -> bool:
    """Play until the game ends (True) or the human quits (False). With an event log, bots'
    moves are told by the narrators; without one, each action is printed as it is played."""
    spectator = narrators.get(None) if len(narrators) == 1 else None
    while not state.is_terminal():
        seat = state.current_player
        if seat in bots:
            action = _bot_choice(
                console, bots[seat], state, labels[seat], show=bool(narrators) and spectator is None
            )
        else:
            action = _human_turn(console, state, seat, labels, narrators.get(seat))
            if action is QUIT:
                return False
        text = None
        if not narrators:
            describe_for = getattr(state, "describe_for", None)  # words the viewer may read
            text = (
                _describe(state, action) if describe_for is None else describe_for(action, viewer)
            )
        try:
            state.apply(action)
        except IllegalActionError as exc:  # only a bot or engine bug gets here
            if seat in bots:
                raise CliError(
                    f"bot {seats[seat]} at P{seat + 1} chose an illegal action: {exc}", 1
                ) from None
            console.print(Text(f"Illegal: {exc}", style="red"))
            continue
        if spectator is not None:
            spectator.flush(state)
        elif text is not None:
            console.print(Text(f"{labels[seat]}: {text}", style=None if seat in bots else "green"))
    return True


def _bot_choice(console: Console, bot, state, label: str, show: bool):
    """The bot's action; on a terminal a human waiting for it sees who is thinking."""
    if show and console.is_terminal:
        with console.status(Text(f"{label} is thinking…"), spinner="dots"):
            return bot.choose(state)
    return bot.choose(state)


# ---- simulate --------------------------------------------------------------------------------


def cmd_simulate(args, console: Console) -> int:
    module = _module(args.game)
    players = args.players
    _check_players(module, players)
    bots = _seat_specs(args.bots, players, allow_human=False)
    if args.games < 1:
        raise CliError("--games must be at least 1")
    backend, jobs = _backend(args)
    options = _options(module, args)
    try:
        module.new_game(players, seed=args.seed, options=options)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    start = time.perf_counter()
    matches = [(s, bots) for s in range(args.seed, args.seed + args.games)]
    results = _run_games(console, args, module, players, matches, options, jobs, backend)
    seconds = time.perf_counter() - start
    seats = summarize(results, players)
    decisions = sum(r["decisions"] for r in results)
    report = {
        "game": module.NAME,
        "players": players,
        "seed": args.seed,
        "games": len(results),
        "options": options.to_json() if hasattr(options, "to_json") else None,
        "backend": backend,
        "jobs": jobs,
        "seconds": seconds,
        "games_per_second": len(results) / seconds if seconds > 0 else float("inf"),
        "mean_decisions": decisions / len(results),
        "seats": seats,
    }
    if args.json:
        print(json.dumps(report))
        return 0
    console.print(
        Text(
            f"{report['games']} games of {module.NAME}, {players} players, seeds {args.seed}.."
            f"{args.seed + args.games - 1}, {_workers_text(backend, jobs)}: {seconds:.2f} s, "
            f"{report['games_per_second']:.1f} games/s, {report['mean_decisions']:.0f} decisions/game",
            style="bold",
        )
    )
    categories = list(seats[0]["mean"]) if seats else []
    table = _new_table("Results per seat (mean ± sd)")
    _seat_columns(table, [f"P{x['seat']} ({x['bot']})" for x in seats])
    table.add_row(Text("Wins"), *(Text(f"{x['wins']:g}") for x in seats))
    table.add_row(Text("Win rate"), *(Text(f"{100 * x['win_rate']:.1f}%") for x in seats))
    for c in categories:
        style = "bold" if c == "total" else ""
        table.add_row(
            Text(_title(c), style=style),
            *(Text(f"{x['mean'][c]:.2f} ± {x['stdev'][c]:.2f}", style=style) for x in seats),
        )
    console.print(table)
    return 0


def _backend(args) -> tuple[str, int | None]:
    """``(backend, jobs)`` from --backend/--address/--jobs (jobs None: a Ray cluster's CPUs)."""
    backend = args.backend or ("ray" if args.address else "process")
    if backend != "ray" and args.address:
        raise CliError("--address is for --backend ray")
    if args.jobs is not None and args.jobs < 1:
        raise CliError("--jobs must be at least 1")
    if args.jobs is not None:
        return backend, args.jobs
    return backend, None if args.address else (os.cpu_count() or 1)


def _workers_text(backend: str, jobs: int | None) -> str:
    where = f"{jobs} job(s)" if jobs is not None else "all CPUs"
    return where if backend == "process" else f"Ray ({where})"


def _run_games(
    console: Console, args, module, players: int, matches, options, jobs, backend, on_results=None
):
    """Play ``matches`` on ``backend``, with a progress bar on a terminal (not with --json)."""

    def run(on_progress=None):
        return run_games(
            module.NAME,
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


# ---- tournament ------------------------------------------------------------------------------


def _tournament_bots(text: str) -> list[str]:
    from empires.sim.tournament import parse_bots

    try:
        bots = parse_bots(text)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    return _check_bot_specs(bots)


def _check_bot_specs(bots: list[str]) -> list[str]:
    for spec in bots:
        if spec == HUMAN:
            raise CliError("a tournament is between bots; human cannot play")
        try:
            make_bot(spec, 0)  # unknown or unavailable bots (and bad ismcts:... specs) fail now
        except ValueError as exc:
            raise CliError(str(exc)) from None
    return bots


def _maybe(value: float | None, spec: str, scale: float = 1.0) -> str:
    return "–" if value is None else format(value * scale, spec)


def cmd_tournament(args, console: Console) -> int:
    from empires.sim.tournament import distinct, parse_lineup, summarize_tournament
    from empires.sim.tournament import matches as tournament_matches

    module = _module(args.game)
    players = args.players
    _check_players(module, players)
    if (args.bots is None) == (args.lineup is None):
        raise CliError(
            "give either --bots (bots to rotate through the seats) or --lineup "
            "(one bot per seat, the same table every game)"
        )
    lineup = None
    if args.lineup is not None:
        try:
            lineup = parse_lineup(args.lineup, players)
        except ValueError as exc:
            raise CliError(str(exc)) from None
        bots = _check_bot_specs(distinct(lineup))
    else:
        bots = _tournament_bots(args.bots)
    if args.games < 1:
        raise CliError("--games must be at least 1")
    backend, jobs = _backend(args)
    options = _options(module, args)
    try:
        module.new_game(players, seed=args.seed, options=options)
        work = tournament_matches(bots, players, args.games, args.seed, lineup=lineup)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    done: dict[int, dict] = {}
    appender = None
    if args.results:
        from empires.sim import results_log

        run = {
            "command": "tournament",
            "game": module.NAME,
            "players": players,
            "seed": args.seed,
            "bots": None if lineup else bots,
            "lineup": lineup,
            "options": options.to_json() if hasattr(options, "to_json") else None,
        }
        try:
            done = results_log.load(args.results, run, work)
            appender = results_log.Appender(args.results, run)
        except results_log.ResultsFileError as exc:
            raise CliError(str(exc)) from None
    todo = [m for m in work if m[0] not in done]
    start = time.perf_counter()
    try:
        played = (
            _run_games(
                console, args, module, players, todo, options, jobs, backend, on_results=appender
            )
            if todo
            else []
        )
    finally:
        if appender is not None:
            appender.close()
    seconds = time.perf_counter() - start
    by_seed = {**done, **{r["seed"]: r for r in played}}
    results = [by_seed[s] for s, _ in work]
    summary = summarize_tournament(results, bots, players, lineup=lineup)
    report = {
        "game": module.NAME,
        "players": players,
        "bots": summary.pop("bots"),
        "seed": args.seed,
        "games": summary.pop("games"),
        "cycle": summary.pop("cycle"),
        "balanced": summary.pop("balanced"),
        "options": options.to_json() if hasattr(options, "to_json") else None,
        "backend": backend,
        "jobs": jobs,
        "seconds": seconds,
        "games_per_second": len(played) / seconds if seconds > 0 and played else None,
        "mean_decisions": sum(r["decisions"] for r in results) / len(results),
        "resumed": len(done),
        **summary,
    }
    if args.out:
        try:
            Path(args.out).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            raise CliError(f"cannot write {args.out}: {exc.strerror or exc}", 1) from None
    if args.json:
        print(json.dumps(report))
        return 0
    console.print(
        Text(
            f"Tournament: {report['games']} games of {module.NAME}, {players} players, "
            + (f"lineup {','.join(lineup)}" if lineup else f"{len(bots)} bots")
            + f", seeds {args.seed}..{args.seed + args.games - 1}, "
            f"{_workers_text(backend, jobs)}: {seconds:.2f} s"
            + (f" ({len(done)} games read from {args.results})" if done else ""),
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
    standings = report["standings"]
    table = _new_table("Ratings (OpenSkill Plackett-Luce, best ordinal μ - 3σ first)")
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
        scores = _new_table("Mean score per seat played")
        scores.add_column("", style="cyan", no_wrap=True)
        for row in standings:
            scores.add_column(row["bot"], justify="right")
        for c in categories:
            style = "bold" if c == "total" else ""
            scores.add_row(
                Text(_title(c), style=style),
                *(Text(_maybe(row["mean"].get(c), ".2f"), style=style) for row in standings),
            )
        console.print(scores)
    if args.out:
        console.print(Text(f"Report written to {args.out}.", style="dim"))
    return 0


# ---- replay ----------------------------------------------------------------------------------


def _match(state, action: Any) -> Any:
    """The legal action whose string is ``action`` (so describe() sees the engine's value)."""
    for legal in state.legal_actions():
        if legal == action or str(legal) == str(action):
            return legal
    return action


def cmd_replay(args, console: Console) -> int:
    data = _read_json(args.file)
    name = data.get("game")
    if not isinstance(name, str) or name not in game_names():
        raise CliError(f"cannot read {args.file}: unknown or missing game {name!r}")
    module = _module(name)
    try:
        history = data if _is_history(data) else module.from_json(data).history
        actions = list(history["actions"])
        final = module.replay(history)
        state = module.replay({**history, "actions": []})
    except LOAD_ERRORS as exc:
        raise CliError(f"cannot load {args.file}: {_one_line(exc)}") from None
    viewer = _replay_viewer(args.seat, state.num_players)
    labels = [f"P{i + 1}" + (" (you)" if i == viewer else "") for i in range(state.num_players)]
    narrator = None
    if has_events(state):
        narrator = Narrator(console, viewer, _turn_word(state, viewer))
        narrator.number_width = len(str(len(actions)))
    who = "as a spectator" if viewer is None else f"as seen by Player {viewer + 1}"
    console.print(
        Text(
            f"{module.NAME}: {state.num_players} players, seed {history.get('seed')}, "
            f"{len(actions)} actions, {who}",
            style="bold",
        )
    )
    if args.step:
        console.print(Text("Press Enter for each action; q (or Ctrl-D) stops.", style="dim"))
    if narrator is not None:
        narrator.flush(state)  # what happened before the first action (setup)
    if not _replay_actions(console, state, actions, args.step, labels, narrator):
        console.print(Text("Replay stopped."))
        return 0
    observer = final.observation(viewer)
    if not final.is_terminal():
        console.print(Text(f"The game is not over (after {len(actions)} actions).", style="yellow"))
        render_observation(console, observer, labels, "Current position")
        return 0
    render_scores(console, final, labels)
    return 0


def _replay_viewer(seat: int | None, players: int) -> int | None:
    """``--seat N`` (counted from 1) as a 0-based seat; None (no --seat): a spectator."""
    if seat is None:
        return None
    if not 1 <= seat <= players:
        raise CliError(
            f"--seat must be from 1 to {players} (this is a {players}-player game), not {seat}"
        )
    return seat - 1


def _replay_actions(console: Console, state, actions: list, step: bool, labels, narrator) -> bool:
    """Apply and print each action (with the events it caused, when the game keeps an event
    log); False if the reader stopped a ``--step`` replay."""
    width = len(str(len(actions)))
    for i, raw in enumerate(actions, 1):
        if step:
            try:
                answer = input("")
            except EOFError:
                answer = "q"
            if answer.strip().lower() in {"q", "quit", "exit"}:
                return False
        seat = state.current_player
        action = _match(state, raw)
        text = _describe(state, action) if narrator is None else None
        try:
            state.apply(action)
        except LOAD_ERRORS as exc:  # replay() accepted it, so this is an engine inconsistency
            raise CliError(f"action {i} ({raw}) cannot be applied: {_one_line(exc)}", 1) from None
        if narrator is not None:
            narrator.flush(state, number=i)
        else:
            who = labels[seat] if 0 <= seat < len(labels) else "?"
            console.print(Text(f"{i:>{width}}. {who}: {text}"))
    return True


# ---- serve -----------------------------------------------------------------------------------


def cmd_serve(args, console: Console) -> int:
    try:
        from empires.server import serve
    except ImportError as exc:  # the web dependencies are not installed
        raise CliError(
            f"the web app needs its dependencies ({exc.name}): pip install -e .", 1
        ) from None
    if not 0 <= args.port <= 65535:
        raise CliError("--port must be from 0 to 65535")
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
    )
    return 0


# ---- entry point -----------------------------------------------------------------------------


def _add_backend_flags(parser: argparse.ArgumentParser) -> None:
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


def _add_replay_parser(sub) -> None:
    rep = sub.add_parser(
        "replay", help=("replay a saved game or history: each action and the events it caused")
    )
    rep.add_argument("file", metavar="FILE")
    rep.add_argument("--step", action="store_true", help="wait for Enter between actions")
    rep.add_argument(
        "--seat",
        type=int,
        metavar="N",
        help=(
            "tell the game as player N (counted from 1) saw it, their secrets included "
            "(default: as a spectator, who sees no hidden card)"
        ),
    )
    rep.set_defaults(func=cmd_replay)


def build_parser() -> argparse.ArgumentParser:
    games = list(game_names())
    parser = argparse.ArgumentParser(
        prog="empires", description="Play, simulate and replay Empires games."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("game", choices=games)
    play.add_argument("--players", type=int, help="number of players (default: from --seats, or 4)")
    play.add_argument(
        "--seats",
        help=(
            "comma-separated seat list, one per player: human or a bot "
            f"({', '.join(bot_names())}); one name fills every seat "
            "(default: human then heuristic bots)"
        ),
    )
    play.add_argument("--seed", type=int, help="game seed (default: a random one, printed)")
    play.add_argument("--load", metavar="FILE", help="continue a game saved with `save FILE`")
    _add_option_flags(play)
    play.set_defaults(func=cmd_play)

    sim = sub.add_parser("simulate", help="play many bot games and report statistics")
    sim.add_argument("game", choices=games)
    sim.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    sim.add_argument(
        "--bots",
        default="random",
        help=(
            f"comma-separated bots, one per seat, or one for every seat ({', '.join(bot_names())})"
        ),
    )
    sim.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="game i uses seed SEED+i (default 0)")
    sim.add_argument("--jobs", type=int, help="worker processes (default: number of CPUs)")
    sim.add_argument("--json", action="store_true", help="print one JSON object, no progress bar")
    _add_backend_flags(sim)
    _add_option_flags(sim)
    sim.set_defaults(func=cmd_simulate)

    tour = sub.add_parser("tournament", help="seat-rotated bot tournament with OpenSkill ratings")
    tour.add_argument("game", choices=games)
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
    tour.add_argument("--json", action="store_true", help="print one JSON object, no progress bar")
    tour.add_argument("--out", metavar="FILE", help="also write the JSON report to FILE")
    _add_backend_flags(tour)
    _add_option_flags(tour)
    tour.set_defaults(func=cmd_tournament)

    _add_replay_parser(sub)

    srv = sub.add_parser("serve", help="run the web app (lobby, games, replays) in a browser")
    srv.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    srv.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    srv.add_argument(
        "--db",
        default="sqlite:///empires.db",
        help=("database URL: sqlite:///FILE (default sqlite:///empires.db) or postgresql://..."),
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
    srv.add_argument(
        "--log-level",
        default="info",
        choices=["critical", "error", "warning", "info", "debug"],
        help="server log level (default info)",
    )
    srv.set_defaults(func=cmd_serve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    console = Console(highlight=False)
    try:
        return args.func(args, console)
    except CliError as exc:
        print(f"empires: error: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 1


if __name__ == "__main__":
    sys.exit(main())
