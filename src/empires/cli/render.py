"""Drawing any game's JSON-ready observation and final scores in the terminal with rich.

Observations are JSON-ready dicts; nothing here knows a particular game. Conventions that make
the result readable: a list with one dict per seat (``players``, ``scores``, or records with a
``seat`` key) becomes a table with one column per seat; other lists of records (regions, offers)
become tables with one row per record, labelled by ``name`` or ``id``; a dict with an integer
``player`` key is shown as that seat's piece ("P2 soldier": seats are counted from 1);
``decision`` is drawn last.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from empires.i18n import DEFAULT, N_, translate

_EMPTY: tuple[Any, ...] = (None, 0, False, "", [], {})
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


def fmt(value: Any, n: int = 0) -> str:
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
            return ", ".join(fmt(v, n) for v in value)
        if len(value) == n and _is_record_list(value) and not any(_named(v) for v in value):
            # one dict per seat, e.g. the workers of each player in a region
            parts = [f"P{i + 1}: {fmt(v, n)}" for i, v in enumerate(value) if v not in _EMPTY]
            return "; ".join(parts) if parts else "-"
        return ", ".join(fmt(v, n) for v in value)
    if isinstance(value, dict):
        if isinstance(value.get("player"), int) and not isinstance(value["player"], bool):
            rest = " ".join(fmt(v, n) for k, v in value.items() if k != "player")
            return f"P{value['player'] + 1} {rest}".strip()
        if "name" in value or "id" in value:
            name = str(value.get("name", value.get("id")))
            return f"{name} ({value['vp']} VP)" if isinstance(value.get("vp"), int) else name
        if value and all(str(k).isdigit() for k in value):  # e.g. a count per age
            return ", ".join(f"{k}: {fmt(v, n)}" for k, v in value.items())
        parts = []
        for k, v in value.items():
            if v in _EMPTY:
                continue  # zero counts are noise on a board
            if v is True:
                parts.append(str(k))
            elif _is_scalar(v):
                parts.append(f"{k} {fmt(v, n)}")
            else:
                parts.append(f"{k}: {fmt(v, n)}")
        return ", ".join(parts) if parts else "-"
    return str(value)


def field_title(key: str) -> str:
    """``"common_locations"`` -> ``"Common locations"``; ``"vp"`` -> ``"VP"``."""
    words = str(key).replace("_", " ").capitalize().split(" ")
    return " ".join("VP" if w.lower() == "vp" else w for w in words)


def _seat_label(labels: Sequence[str], i: Any) -> str:
    if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(labels):
        return labels[i]
    return "-" if i in (None, -1) else fmt(i)


def new_table(title: str) -> Table:
    return Table(title=Text(title, style="bold"), title_justify="left", expand=False)


def _per_seat_table(title: str, records: list[dict], labels: Sequence[str]) -> Table:
    """One column per seat, one row per field (fields empty for every seat are left out)."""
    n = len(labels)
    table = new_table(title)
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
        table.add_row(Text(field_title(f)), *(Text(fmt(v, n)) for v in values))
    return table


def _records_table(title: str, rows: list[tuple[str, dict]], n: int) -> Table:
    """One row per record; the first column is its label."""
    columns: list[str] = []
    for _, rec in rows:
        columns += [k for k in rec if k not in columns]
    table = new_table(title)
    table.add_column("", style="cyan", no_wrap=True)
    for c in columns:
        table.add_column(field_title(c), overflow="fold")
    for label, rec in rows:
        table.add_row(Text(label), *(Text(fmt(rec.get(c), n)) for c in columns))
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
            decision.get("prompt")
            or decision.get("text")
            or field_title(str(decision.get("kind", "")))
        )
        player = decision.get("player")
        extra = {k: v for k, v in decision.items() if k not in {"prompt", "text", "kind", "player"}}
        line = f"{_seat_label(labels, player)}: {prompt}" if player is not None else str(prompt)
        if extra:
            line += f"  ({fmt(extra, len(labels))})"
        return line
    return fmt(decision, len(labels))


def _seat_list(value: Any, labels: Sequence[str]) -> str:
    if isinstance(value, list) and value and all(isinstance(v, list) for v in value):
        return "; ".join(", ".join(_seat_label(labels, s) for s in group) for group in value)
    if isinstance(value, list):
        return ", ".join(_seat_label(labels, s) for s in value)
    return fmt(value, len(labels))


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
            blocks.append(_per_seat_table(field_title(key), value, labels))
        elif _is_record_list(value):
            blocks.append(_records_table(field_title(key), _record_rows(value), n))
        elif isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
            blocks.append(
                _records_table(field_title(key), [(str(k), v) for k, v in value.items()], n)
            )
        elif isinstance(value, dict) and any(not _is_scalar(v) for v in value.values()):
            # a mixed group (e.g. the event boxes): a name/contents table, big record lists apart
            table = new_table(field_title(key))
            table.add_column("", style="cyan", no_wrap=True)
            table.add_column("", overflow="fold")
            later = []
            for k, v in value.items():
                if _is_record_list(v) and all(len(r) > 2 and ("name" in r or "id" in r) for r in v):
                    later.append((k, v))
                else:
                    table.add_row(Text(field_title(k)), Text(fmt(v, n)))
            table.show_header = False
            blocks.append(table)
            for k, v in later:
                blocks.append(_records_table(field_title(k), _record_rows(v), n))
        elif key in _SEAT_LIST_KEYS or key == "ranking":
            lines.append(f"{field_title(key)}: {_seat_list(value, labels)}")
        else:
            lines.append(f"{field_title(key)}: {fmt(value, n)}")

    for key, value in obs.items():
        if key in {"game", "num_players"} or key in skip:
            continue
        if key in {"decision", "prompt"}:
            decision = value
        elif _is_scalar(value):
            name = _HEADER_NAMES.get(key, field_title(key))
            shown = _seat_label(labels, value) if key in _SEAT_KEYS else fmt(value, n)
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


def seat_columns(table: Table, labels: Sequence[str]) -> None:
    table.add_column("", style="cyan", no_wrap=True)
    for label in labels:
        seat, _, who = label.partition(" (")  # "P1 (you)", "Player 1 (random)"
        table.add_column(f"{seat}\n{who.strip('()')}" if who else seat, justify="right")


def render_scores(console: Console, state, labels: Sequence[str]) -> None:
    """The final scores (one column per seat, one row per category) and the ranking."""
    console.print(scores_table(state, labels))
    for line in ranking_lines(state, labels):
        console.print(Text(line))


def ranking_lines(state, labels: Sequence[str], lang: str = DEFAULT) -> list[str]:
    """``["1st: P2 (random)", ...]``: the places, shared ones marked (in ``lang``)."""
    out, place = [], 1
    for group in state.ranking():
        names = ", ".join(labels[s] for s in group)
        tie = " " + translate("(shared)", lang) if len(group) > 1 else ""
        out.append(f"{ordinal(place, lang)}: {names}{tie}")
        place += len(group)
    return out


# The games' score categories as field_title writes them (for the catalogues).
SCORE_TITLES = (
    N_("Colonies age1"),
    N_("Colonies age2"),
    N_("Colonies age3"),
    N_("Discoveries"),
    N_("Buildings"),
    N_("Economy"),
    N_("Bought VP"),
    N_("VP"),
    N_("Common locations"),
    N_("Faction locations"),
    N_("Shrine"),
    N_("Gate"),
    N_("Faction locations built"),
    N_("Collection"),
    N_("Won"),
    N_("Achievement"),
    N_("Total"),
)


def scores_table(state, labels: Sequence[str], lang: str = DEFAULT) -> Table:
    """The final scores: one column per seat, one row per category, the total and the place
    (in ``lang``: the score categories and words of :data:`SCORE_TITLES`)."""
    scores = state.scores()
    categories: list[str] = []
    for row in scores:
        categories += [k for k in row if k not in categories and k != "total"]
    categories.append("total")
    table = new_table(translate("Final scores", lang))
    seat_columns(table, labels)
    for c in categories:
        style = "bold" if c == "total" else ""
        table.add_row(
            Text(translate(field_title(c), lang), style=style),
            *(Text(_score_cell(c, row.get(c, 0), lang), style=style) for row in scores),
        )
    place, places = 1, [""] * len(labels)
    for group in state.ranking():
        for seat in group:
            places[seat] = ordinal(place, lang) + ("=" if len(group) > 1 else "")
        place += len(group)
    table.add_row(Text(translate("Place", lang)), *(Text(p) for p in places))
    return table


def _score_cell(category: str, value: Any, lang: str = DEFAULT) -> str:
    """A score table cell: a flag (``won``) as yes / no, a category that does not apply
    (negative, as a solo game's achievement when it was lost) as a dash."""
    if category == "won":
        return translate("yes", lang) if value else translate("no", lang)
    if isinstance(value, int | float) and value < 0:
        return "–"
    return fmt(value)


def ordinal(n: int, lang: str = DEFAULT) -> str:
    """``1st``, ``2nd``... (``1.º`` in Spanish and Portuguese, ``1º`` in Italian)."""
    if lang != DEFAULT:
        return translate("{n}th", lang, n=n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
