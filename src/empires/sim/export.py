"""Played games as a data set: ``empires simulate/tournament ... --export DIR``.

``DIR`` receives (JSON Lines by default, ``--export-format parquet`` for Parquet, which needs
pyarrow: ``pip install 'empires[export]'``):

* ``run.json``: the run (command, game, players, options, seeds, bots, format, ``schema``
  version, whether features were recorded).
* ``games.jsonl`` / ``games.parquet``: one row per game, in game order. Columns: ``game`` (name),
  ``players``, ``seed`` (the game seed), ``bots`` (one spec per seat), ``config`` (the engine's
  config: player count and options), ``actions`` (every action's words, in order: ``{"game",
  "config", "seed", "actions"}`` is the game's history, which ``adapter.replay`` reproduces),
  ``scores`` (per seat, per category), ``ranking`` (groups of seats, best first), ``decisions``
  and ``events`` (the engine's event log as a spectator may read it: dicts with ``seq``, ``turn``,
  ``phase``, ``kind``, ``text`` and the fields of their kind). In Parquet ``config``, ``scores``,
  ``ranking`` and ``events`` are JSON strings; ``bots`` and ``actions`` are lists of strings.
* with ``--export-features``, ``decisions.jsonl`` / ``decisions.parquet``: one row per decision.
  Columns: ``seed`` (the game's), ``ply`` (0-based decision number in the game), ``player`` (the
  seat deciding), ``action`` (its words), ``code`` (its integer code in the game's fixed action
  space), ``legal`` (the codes of every legal action) and ``features`` (the deciding seat's
  observation tensor, float32, built only from what that seat may see: the layouts are in
  ``empires.discovery.tensor`` and ``empires.settlers.tensor``; needs numpy, ``empires[research]``).

A directory that already holds an export is refused unless ``overwrite`` is given.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

SCHEMA = 1
FORMATS = ("jsonl", "parquet")
FILES = ("run.json", "games.jsonl", "decisions.jsonl", "games.parquet", "decisions.parquet")
_JSON_COLUMNS = ("config", "scores", "ranking", "events")


class ExportError(ValueError):
    """An export that cannot be written; the message says why."""


class Recorder:
    """What one game adds to its result for an export: its actions, events and (if asked) one
    row of features per decision."""

    def __init__(self, adapter: Any, features: bool) -> None:
        self.adapter = adapter
        self.features = features
        self.rows: list[dict] = []

    def decision(self, state: Any, action: Any) -> None:
        if not self.features:
            return
        legal = state.legal_actions()
        codes = state.legal_action_codes()
        seat = state.current_player
        tensor = self.adapter.observation_tensor(state, seat)
        self.rows.append(
            {
                "ply": len(self.rows),
                "player": seat,
                "action": str(action),
                "code": codes[legal.index(action)] if action in legal else None,
                "legal": codes,
                "features": tensor.tolist(),
            }
        )

    def finish(self, state: Any) -> dict:
        history = state.history
        record = {
            "game": self.adapter.name,
            "config": history.get("config"),
            "actions": [str(a) for a in history.get("actions", [])],
            "events": state.events(None),
        }
        if self.features:
            record["decision_rows"] = self.rows
        return record


def check_features_available() -> None:
    """ExportError naming the extra when per-decision features cannot be computed."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        raise ExportError(
            "--export-features needs numpy: pip install 'empires[research]'"
        ) from None


def _pyarrow():
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise ExportError(
            "--export-format parquet needs pyarrow: pip install 'empires[export]'"
        ) from None
    return pyarrow


class ExportWriter:
    """Writes the games of one run to ``directory`` as they finish (``write(results)`` with
    results holding a ``"record"``, see :class:`Recorder`), then ``close()``."""

    def __init__(
        self,
        directory: str | Path,
        run: dict,
        *,
        fmt: str = "jsonl",
        features: bool = False,
        overwrite: bool = False,
    ) -> None:
        if fmt not in FORMATS:
            raise ExportError(f"unknown export format {fmt!r}; choose {' or '.join(FORMATS)}")
        if fmt == "parquet":
            _pyarrow()
        if features:
            check_features_available()
        self.dir = Path(directory)
        self.fmt, self.features = fmt, features
        self._open_directory(overwrite)
        run = {**run, "schema": SCHEMA, "format": fmt, "features": features}
        (self.dir / "run.json").write_text(json.dumps(run, indent=1) + "\n", encoding="utf-8")
        self.games: list[dict] = []
        self.decisions: list[dict] = []
        self._files = {}
        if fmt == "jsonl":
            names = ["games"] + (["decisions"] if features else [])
            self._files = {n: open(self.dir / f"{n}.jsonl", "w", encoding="utf-8") for n in names}

    def _open_directory(self, overwrite: bool) -> None:
        if self.dir.exists() and not self.dir.is_dir():
            raise ExportError(f"{self.dir} is not a directory")
        present = [f for f in FILES if (self.dir / f).exists()]
        if present and not overwrite:
            raise ExportError(
                f"{self.dir} already holds an export ({', '.join(present)}); choose another "
                "directory or give --overwrite"
            )
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ExportError(f"cannot create {self.dir}: {exc.strerror or exc}") from None
        for f in present:
            (self.dir / f).unlink()

    def write(self, results: Sequence[dict]) -> None:
        for result in results:
            game, rows = game_row(result)
            if self.fmt == "jsonl":
                self._files["games"].write(json.dumps(game) + "\n")
                for row in rows if self.features else ():
                    self._files["decisions"].write(json.dumps(row) + "\n")
            else:
                self.games.append(game)
                self.decisions.extend(rows)
        for f in self._files.values():
            f.flush()

    __call__ = write

    def close(self) -> None:
        for f in self._files.values():
            f.close()
        self._files = {}
        if self.fmt == "parquet":
            _write_parquet(self.dir, self.games, self.decisions if self.features else None)


def game_row(result: dict) -> tuple[dict, list[dict]]:
    """``(the game's row, its decision rows)`` from a result played with a recorder (the record
    is taken out of the result, which keeps the rest)."""
    record = result.pop("record", None) or {}
    game = {
        "game": record.get("game"),
        "players": len(result["scores"]),
        "seed": result["seed"],
        "bots": list(result["bots"]),
        "config": record.get("config"),
        "actions": record.get("actions", []),
        "scores": result["scores"],
        "ranking": result["ranking"],
        "decisions": result["decisions"],
        "events": record.get("events", []),
    }
    rows = [{"seed": result["seed"], **row} for row in record.get("decision_rows", [])]
    return game, rows


def _write_parquet(directory: Path, games: list[dict], decisions: list[dict] | None) -> None:
    pa = _pyarrow()
    import pyarrow.parquet as pq

    table = {k: [g[k] for g in games] for k in _games_schema(pa).names}
    for key in _JSON_COLUMNS:
        table[key] = [json.dumps(v) for v in table[key]]
    pq.write_table(pa.table(table, schema=_games_schema(pa)), directory / "games.parquet")
    if decisions is not None:
        columns = {k: [d[k] for d in decisions] for k in _decision_schema(pa).names}
        pq.write_table(
            pa.table(columns, schema=_decision_schema(pa)), directory / "decisions.parquet"
        )


def _games_schema(pa):
    return pa.schema(
        [
            ("game", pa.string()),
            ("players", pa.int8()),
            ("seed", pa.int64()),
            ("bots", pa.list_(pa.string())),
            ("config", pa.string()),
            ("actions", pa.list_(pa.string())),
            ("scores", pa.string()),
            ("ranking", pa.string()),
            ("decisions", pa.int32()),
            ("events", pa.string()),
        ]
    )


def _decision_schema(pa):
    return pa.schema(
        [
            ("seed", pa.int64()),
            ("ply", pa.int32()),
            ("player", pa.int8()),
            ("action", pa.string()),
            ("code", pa.int32()),
            ("legal", pa.list_(pa.int32())),
            ("features", pa.list_(pa.float32())),
        ]
    )
