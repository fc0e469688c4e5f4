"""What the operator gives ``empires serve``: card sets offered by name, and durations."""

from __future__ import annotations

import re
import stat
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from empires.core.adapter import game_names, get_adapter
from empires.server.manager import CARD_SET_NAME, Limits

MAX_CARD_FILE = 4 * 1024 * 1024  # bytes
DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*$")
UNITS = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_duration(text: str) -> float:
    """Seconds in ``text``: a number with an optional unit s, m, h or d (``24h``, ``7d``)."""
    match = DURATION.match(text or "")
    if not match or float(match.group(1)) <= 0:
        raise ValueError(f"{text!r} is not a duration such as 90s, 30m, 24h or 7d")
    return float(match.group(1)) * UNITS[match.group(2)]


def parse_card_sets(specs: list[str] | None) -> dict[str, str]:
    """``NAME=FILE`` specs as {name: absolute path}, each file checked and loaded now, so that a
    bad one stops the server at start-up rather than a game later (ValueError says which)."""
    out: dict[str, str] = {}
    for spec in specs or []:
        name, sep, file = spec.partition("=")
        name = name.strip()
        if not sep or not file:
            raise ValueError(f"--cards takes NAME=FILE, not {spec!r}")
        if not CARD_SET_NAME.match(name):
            raise ValueError(f"card set name {name!r}: use 1 to 32 of a-z, 0-9, '-' and '_'")
        if name in out:
            raise ValueError(f"card set {name!r} is given twice")
        path = Path(file).expanduser().resolve()
        try:
            info = path.stat()
        except OSError as exc:
            raise ValueError(f"card set {name!r}: cannot read {file}: {exc.strerror}") from None
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_CARD_FILE:
            raise ValueError(
                f"card set {name!r}: {file} is not a regular file of at most {MAX_CARD_FILE} bytes"
            )
        error = _card_file_error(str(path))
        if error is not None:
            raise ValueError(f"card set {name!r}: {error}")
        out[name] = str(path)
    return out


def _card_file_error(path: str) -> str | None:
    """Why no game can play with the card file at ``path`` (None: a game can), in the words of
    the game whose options take card files (``cards``)."""
    errors = []
    for name in game_names():
        game = get_adapter(name)
        if "cards" in game.catalogue()["options"].get("defaults", {}):
            error = game.card_file_error(path)
            if error is None:
                return None
            errors.append(error)
    return "; ".join(errors) or "no game here takes card files"


def parse_limits(specs: list[str] | None, base: Limits | None = None) -> Limits:
    """``NAME=VALUE`` specs (``create_burst=50``, ``message_rate=20``) over ``base``: any field of
    :class:`~empires.server.manager.Limits`; durations may carry a unit (``sweep_every=5m``)."""
    base = base or Limits()
    known = {f.name: f for f in fields(Limits)}
    changes: dict[str, Any] = {}
    for spec in specs or []:
        name, sep, value = spec.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or name not in known:
            raise ValueError(
                f"--limit takes NAME=VALUE with NAME one of: {', '.join(known)}; not {spec!r}"
            )
        number = parse_duration(value)
        changes[name] = int(number) if isinstance(getattr(base, name), int) else number
    return replace(base, **changes)
