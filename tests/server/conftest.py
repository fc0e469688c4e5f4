"""Fixtures for the web app: databases (SQLite files; PostgreSQL schemas), app clients and
helpers that play through the API."""

from __future__ import annotations

import uuid
import warnings

import pytest

# Starlette's TestClient still works with httpx but warns about it on import.
warnings.filterwarnings("ignore", message=r".*httpx.*", category=DeprecationWarning)
warnings.filterwarnings("ignore", message=r".*httpx2.*")

from starlette.testclient import TestClient  # noqa: E402

from empires.server import create_app  # noqa: E402
from tests.parts import PG_URL, require  # noqa: E402  (EMPIRES_TEST_PG)


def pytest_configure(config):
    config.addinivalue_line("filterwarnings", "ignore::DeprecationWarning:starlette.testclient")


@pytest.fixture
def sqlite_url(tmp_path):
    return f"sqlite:///{tmp_path / 'empires.db'}"


@pytest.fixture
def pg_url():
    """A PostgreSQL URL whose search_path is a fresh schema, dropped afterwards."""
    require("postgresql")
    import psycopg

    schema = f"t_{uuid.uuid4().hex[:12]}"
    plain = PG_URL.replace("+psycopg", "")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield f"{PG_URL}?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(plain, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """Each persistence test runs on SQLite and on the real PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'empires.db'}"
    return request.getfixturevalue("pg_url")


@pytest.fixture
def client(sqlite_url):
    with TestClient(create_app(sqlite_url)) as c:
        yield c


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium driven by Playwright, one per test module (browser_support.py)."""
    require("playwright", "chromium")
    from playwright import sync_api

    from tests.server.browser_support import CHROMIUM, CHROMIUM_ARGS

    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield _SendAtOnce(b)
        b.close()


# The game page holds a move that ends the turn for Confirm (js/confirm.js, issue #31); a player
# may choose "Send at once" (localStorage "empires.confirm" = "off"). The tests that play games by
# clicking play that way unless a page chose otherwise first; test_player_panels_browser tests
# the confirm step itself.
SEND_AT_ONCE = """try {
  if (!localStorage.getItem('empires.confirm')) localStorage.setItem('empires.confirm', 'off');
} catch (e) { /* a page without storage (about:blank) */ }"""


class _SendAtOnce:
    """The browser, its new pages and contexts starting with SEND_AT_ONCE."""

    def __init__(self, browser):
        self._browser = browser

    def new_page(self, **kwargs):
        page = self._browser.new_page(**kwargs)
        page.add_init_script(SEND_AT_ONCE)
        return page

    def new_context(self, **kwargs):
        context = self._browser.new_context(**kwargs)
        context.add_init_script(SEND_AT_ONCE)
        return context

    def __getattr__(self, name):
        return getattr(self._browser, name)
