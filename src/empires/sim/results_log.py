"""A resumable results file for long simulations and tournaments (JSON Lines).

The first line describes the run (``{"run": {...}}``: game, players, options, seed and seating
plan); each further line is one finished game's result, appended (and flushed) as soon as the
game finishes, so a run that is cut off keeps every finished game. Running again with the same
file and the same run skips the games already in it and appends the rest; the final report is
computed over all of them, exactly as if the run had never stopped.

A file written by a different run (other game, players, options, seed or bots) is refused with an
error saying what differs, and so is a malformed line — except an unfinished last line (no
newline: the writer was killed mid-line), which is dropped and played again; a last line that is
a whole JSON object whose newline was lost is kept.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any


class ResultsFileError(ValueError):
    """The results file cannot be used for this run (names the file and the reason)."""


def load(
    path: str | os.PathLike, run: dict, matches: Sequence[tuple[int, Sequence[str]]]
) -> dict[int, dict]:
    """Finished results in ``path`` for this ``run``, by game seed (empty if there is no file).

    Checks the header against ``run`` and every result against the planned ``matches``; drops an
    unfinished last line from the file.
    """
    p = Path(path)
    if not p.exists():
        return {}
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise ResultsFileError(f"cannot read {p}: {exc.strerror or exc}") from None
    lines = raw.split(b"\n")
    complete, tail = lines[:-1], lines[-1]
    if tail.strip():
        try:
            if _is_complete(tail):
                # A whole line whose newline was lost (e.g. the file was copied): keep it.
                with p.open("ab") as f:
                    f.write(b"\n")
                complete.append(tail)
            else:
                # The writer died mid-line: forget the fragment (its game is played again).
                with p.open("r+b") as f:
                    f.truncate(len(raw) - len(tail))
        except OSError as exc:
            raise ResultsFileError(f"cannot repair {p}: {exc.strerror or exc}") from None
    if not complete:
        return {}
    planned = {seed: list(bots) for seed, bots in matches}
    header = _parse(p, 1, complete[0])
    if not isinstance(header, dict) or set(header) != {"run"}:
        raise ResultsFileError(f"{p} is not a results file (line 1 has no run description)")
    if header["run"] != run:
        diff = sorted(
            k for k in set(run) | set(header["run"]) if header["run"].get(k) != run.get(k)
        )
        raise ResultsFileError(
            f"{p} holds results of a different run ({', '.join(diff)} differ); "
            "use another file or the same settings"
        )
    done: dict[int, dict] = {}
    for n, line in enumerate(complete[1:], 2):
        if not line.strip():
            continue
        result = _parse(p, n, line)
        seed = result.get("seed") if isinstance(result, dict) else None
        if not isinstance(seed, int) or seed not in planned:
            raise ResultsFileError(f"{p} line {n}: a result for a game this run does not play")
        if (
            result.get("bots") != planned[seed]
            or not isinstance(result.get("ranking"), list)
            or not isinstance(result.get("scores"), list)
        ):
            raise ResultsFileError(
                f"{p} line {n}: the result for seed {seed} does not match the "
                "planned seating or lacks its scores"
            )
        done[seed] = result
    return done


def _is_complete(line: bytes) -> bool:
    try:
        return isinstance(json.loads(line), dict)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return False


def _parse(p: Path, n: int, line: bytes) -> Any:
    try:
        return json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ResultsFileError(f"{p} line {n} is not valid JSON: {exc}") from None


class Appender:
    """Appends results to ``path`` (writing the header first if the file is new or empty)."""

    def __init__(self, path: str | os.PathLike, run: dict) -> None:
        self.path = Path(path)
        try:
            new = not self.path.exists() or self.path.stat().st_size == 0
            self._file = self.path.open("a", encoding="utf-8")
            if new:
                self._write({"run": run})
        except OSError as exc:
            raise ResultsFileError(f"cannot write {self.path}: {exc.strerror or exc}") from None

    def _write(self, obj: Any) -> None:
        self._file.write(json.dumps(obj, separators=(",", ":")) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def __call__(self, results: Sequence[dict]) -> None:
        for r in results:
            self._write(r)

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> Appender:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
