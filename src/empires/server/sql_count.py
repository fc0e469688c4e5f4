"""Counting the SQL statements a process sends, for the benchmarks (``benchmarks/cluster_load.py``).

Off unless the environment names a file prefix in ``EMPIRES_COUNT_SQL``: then every engine made by
:func:`empires.server.db.make_engine` counts the statements it executes (an ``executemany`` counts
once, as the database receives it), and on ``SIGUSR1`` the process writes its count so far to
``<prefix>.<pid>`` (the benchmark reads it before and after its load).
"""

from __future__ import annotations

import os
import signal
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine

ENV = "EMPIRES_COUNT_SQL"
_count = [0]


def _counted(*args: Any) -> None:
    _count[0] += 1


def _write(signum: int, frame: Any) -> None:
    prefix = os.environ.get(ENV)
    if prefix:
        with open(f"{prefix}.{os.getpid()}", "w") as out:
            out.write(str(_count[0]))


def watch(engine: Engine) -> None:
    """Count ``engine``'s statements when ``EMPIRES_COUNT_SQL`` is set (else nothing)."""
    if not os.environ.get(ENV):
        return
    event.listen(engine, "before_cursor_execute", _counted)
    if signal.getsignal(signal.SIGUSR1) is not _write:
        try:
            signal.signal(signal.SIGUSR1, _write)
        except ValueError:  # not the main thread: the engine counts, nobody can ask yet
            pass
