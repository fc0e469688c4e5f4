"""Reading a saved game safely: JSON text or an already parsed value, refused with a
:class:`SaveFileError` when it is not JSON, holds a number too long to read, or is nested deeper
than any save (a file of 100,000 ``[`` must not end in a RecursionError)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from empires.core.errors import SaveFileError

# Saves are at most about 8 levels deep (state, events, their fields); far more is never a save.
MAX_DEPTH = 64


def parse(data: Any) -> Any:
    """``data`` itself, or its parsed value when it is JSON text; checked by :func:`check_depth`."""
    if isinstance(data, (str, bytes, bytearray)):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as e:
            raise SaveFileError(f"not a JSON save file: {e}") from None
        except RecursionError:
            raise SaveFileError(too_deep()) from None
        except ValueError as e:  # e.g. an integer of more than 4300 digits
            raise SaveFileError(f"not a readable JSON save file: {e}") from None
    check_depth(data)
    return data


def too_deep() -> str:
    return f"save file is nested too deeply (more than {MAX_DEPTH} levels): not a saved game"


def check_depth(data: Any, limit: int = MAX_DEPTH) -> None:
    """Raise SaveFileError if lists / dicts in ``data`` nest more than ``limit`` levels (an
    iterative walk: no recursion, however deep the value)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        children: Iterable[Any]
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, (list, tuple)):
            children = value
        else:
            continue
        if depth > limit:
            raise SaveFileError(too_deep())
        stack.extend((child, depth + 1) for child in children)
