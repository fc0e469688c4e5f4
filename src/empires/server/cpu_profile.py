"""Profiling a server process's event loop, for the benchmarks (``benchmarks/cluster_load.py
--profile``).

Off unless the environment names a file prefix in ``EMPIRES_PROFILE``: then ``SIGUSR2`` starts
:mod:`cProfile` on the event loop's thread, and the next ``SIGUSR2`` stops it and writes its
statistics (:mod:`pstats`'s format) to ``<prefix>.<pid>.prof``, timed by the CPU time of the
loop's thread (``time.thread_time``: neither waiting nor the other processes on the same cores
count). Only the loop's thread is seen (the database's and the bots' worker threads are not):
what the asynchronous server does per move. The profiler's own cost grows with the number of
calls, so small functions called often look dearer than they are.
"""

from __future__ import annotations

import asyncio
import contextlib
import cProfile
import os
import signal
import time

ENV = "EMPIRES_PROFILE"


def install(loop: asyncio.AbstractEventLoop) -> None:
    """Toggle profiling on ``SIGUSR2`` when ``EMPIRES_PROFILE`` is set (else nothing)."""
    prefix = os.environ.get(ENV)
    if not prefix:
        return
    running: list[cProfile.Profile] = []

    def toggle() -> None:
        if not running:
            profile = cProfile.Profile(time.thread_time)  # CPU time of the loop's thread
            running.append(profile)
            profile.enable()
            return
        profile = running.pop()
        profile.disable()
        profile.dump_stats(f"{prefix}.{os.getpid()}.prof")

    with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
        loop.add_signal_handler(signal.SIGUSR2, toggle)
