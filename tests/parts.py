"""The optional parts of a test machine, and what a test does when one is missing.

Some tests need more than the Python packages: Debian's Chromium (the browser tests, through
Playwright), axe-core (their accessibility checks, from ``npm ci``), a PostgreSQL server and a
Redis server (the web app's shared database and broker). A test names what it needs:

    from tests.parts import require
    require("postgresql")                   # in a test or a fixture

    @pytest.mark.needs("chromium", "axe-core")  # or as a mark (tests/conftest.py applies it)

A missing part skips the test with one line that says what is missing and how to get it; with
``CI=true`` in the environment (as CI services set it) the same line fails the test instead, so
that CI never passes by skipping what it was meant to run. Each part is looked for once a run
(a file that exists, a connection with a short timeout), whatever the number of tests asking.

The parts (``PARTS``): ``chromium``, ``axe-core``, ``postgresql``, ``redis``, and the Python
packages the test extra brings for them (``playwright``, ``psycopg``, ``redis-py``, ``arq``).
"""

from __future__ import annotations

import importlib
import os
import socket
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"  # Debian's; the tests never download a browser
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PG_URL = os.environ.get("EMPIRES_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("EMPIRES_TEST_REDIS", "redis://127.0.0.1:6379/0")
TIMEOUT = 2.0  # seconds to wait for a server that does not answer

_EXTRA = "pip install -e '.[test]'"


def in_ci() -> bool:
    """Whether this run is CI's (``CI=true``, any case), where a missing part is a failure."""
    return os.environ.get("CI", "").strip().lower() == "true"


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return (text[0] if text else type(exc).__name__)[:160]


def _package(module: str, name: str, wanted_by: str) -> str | None:
    try:
        importlib.import_module(module)
    except ImportError:
        return f"Python package {name} not installed ({wanted_by}): {_EXTRA}"
    return None


def _host_port(url: str, default_port: int) -> tuple[str, int]:
    parts = urlsplit(url)
    return parts.hostname or "127.0.0.1", parts.port or default_port


def _connect(host: str, port: int) -> None:
    with socket.create_connection((host, port), timeout=TIMEOUT):
        pass


def check_chromium() -> str | None:
    if os.access(CHROMIUM, os.X_OK):
        return None
    return f"Chromium not found at {CHROMIUM}: apt-get install chromium"


def check_axe() -> str | None:
    if Path(AXE).is_file():
        return None
    return f"axe-core not installed ({AXE} is missing): run `npm ci` in the repository root"


def check_postgresql() -> str | None:
    missing = _package("psycopg", "psycopg", "the PostgreSQL tests")
    if missing:
        return missing
    import psycopg

    host, port = _host_port(PG_URL, 5432)
    try:
        _connect(host, port)
        with psycopg.connect(PG_URL.replace("+psycopg", ""), connect_timeout=3) as conn:
            conn.execute("SELECT 1")
    except Exception as exc:  # whatever the failure, the server is not usable here
        return (
            f"PostgreSQL not reachable at {host}:{port} ({_first_line(exc)}): install postgresql "
            "and create database test with trust auth, or set EMPIRES_TEST_PG"
        )
    return None


def check_redis() -> str | None:
    missing = _package("redis", "redis", "the Redis tests")
    if missing:
        return missing
    import redis

    host, port = _host_port(REDIS_URL, 6379)
    try:
        _connect(host, port)
        client = redis.Redis.from_url(
            REDIS_URL, socket_connect_timeout=TIMEOUT, socket_timeout=TIMEOUT
        )
        try:
            client.ping()
        finally:
            client.close()
    except Exception as exc:  # whatever the failure, the server is not usable here
        return (
            f"Redis not reachable at {host}:{port} ({_first_line(exc)}): "
            "apt-get install redis-server, or set EMPIRES_TEST_REDIS"
        )
    return None


PARTS: dict[str, Callable[[], str | None]] = {
    "playwright": lambda: _package("playwright.sync_api", "playwright", "the browser tests"),
    "chromium": check_chromium,
    "axe-core": check_axe,
    "psycopg": lambda: _package("psycopg", "psycopg", "the PostgreSQL tests"),
    "postgresql": check_postgresql,
    "redis-py": lambda: _package("redis", "redis", "the Redis tests"),
    "arq": lambda: _package("arq", "arq", "the bot worker's tests"),
    "redis": check_redis,
}

_found: dict[str, str | None] = {}  # part -> None (present) or why it is missing; once a run


def missing(part: str) -> str | None:
    """None when ``part`` is on this machine, else one line: what is missing, how to get it."""
    if part not in PARTS:
        raise ValueError(f"unknown part {part!r}; the parts are {', '.join(PARTS)}")
    if part not in _found:
        _found[part] = PARTS[part]()
    return _found[part]


def absent(line: str) -> NoReturn:
    """Skip the test with ``line``; fail it instead under ``CI=true``."""
    if in_ci():
        pytest.fail(f"{line} [CI=true: a missing part fails]", pytrace=False)
    pytest.skip(line, allow_module_level=True)


def require(*parts: str) -> None:
    """Go on only when every one of ``parts`` is here (see :func:`absent` otherwise)."""
    for part in parts:
        why = missing(part)
        if why:
            absent(why)
