"""The optional machine parts (tests/parts.py): a missing one skips a test with one line naming
how to get it, and fails it under ``CI=true``; each part is looked for once a run. Every part
here is made missing on purpose (a path or a port where there is none), whatever the machine has.
"""

from __future__ import annotations

import socket
import sys
from types import SimpleNamespace

import pytest
from hypothesis import settings

import tests.parts as parts
from tests.conftest import pytest_runtest_setup
from tests.server.browser_support import axe_violations


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    """Each test looks for the parts again (its own cache) and runs outside CI unless it says."""
    monkeypatch.setattr(parts, "_found", {})
    monkeypatch.delenv("CI", raising=False)


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # nothing listens there once closed


def outcome(*names: str) -> tuple[str, str]:
    """('skipped' or 'failed', the message) of ``require(*names)``."""
    try:
        parts.require(*names)
    except pytest.skip.Exception as exc:
        return "skipped", exc.msg
    except pytest.fail.Exception as exc:
        return "failed", exc.msg
    raise AssertionError(f"{names} did not stop the test")


def test_a_missing_chromium_skips_with_one_line_naming_how_to_get_it(monkeypatch, tmp_path):
    monkeypatch.setattr(parts, "CHROMIUM", str(tmp_path / "chromium"))
    kind, line = outcome("chromium")
    assert kind == "skipped"
    assert line == f"Chromium not found at {tmp_path / 'chromium'}: apt-get install chromium"


@pytest.mark.parametrize("value", ["true", "TRUE", "True", " true\n"])
def test_under_ci_a_missing_part_fails_with_the_same_line(monkeypatch, tmp_path, value):
    monkeypatch.setattr(parts, "CHROMIUM", str(tmp_path / "chromium"))
    monkeypatch.setenv("CI", value)
    kind, line = outcome("chromium")
    assert kind == "failed" and line.startswith(f"Chromium not found at {tmp_path / 'chromium'}")
    assert "apt-get install chromium" in line and "\n" not in line


@pytest.mark.parametrize("value", ["", "1", "false", "yes"])
def test_only_ci_true_is_ci(monkeypatch, tmp_path, value):
    monkeypatch.setattr(parts, "CHROMIUM", str(tmp_path / "chromium"))
    monkeypatch.setenv("CI", value)
    assert outcome("chromium")[0] == "skipped"


def test_axe_core_without_npm_ci_skips_even_where_chromium_is(monkeypatch, tmp_path):
    """Chromium present, no ``npm ci``: the accessibility check skips (it used to fail)."""
    monkeypatch.setattr(parts, "AXE", tmp_path / "node_modules" / "axe-core" / "axe.min.js")
    monkeypatch.setattr(parts, "CHROMIUM", sys.executable)  # some executable file
    assert parts.missing("chromium") is None
    with pytest.raises(pytest.skip.Exception) as caught:
        axe_violations(page=None)  # stops before it touches the page
    assert caught.value.msg == (
        f"axe-core not installed ({parts.AXE} is missing): run `npm ci` in the repository root"
    )
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="run `npm ci` in the repository root"):
        axe_violations(page=None)
    parts.AXE.parent.mkdir(parents=True)
    parts.AXE.write_text("window.axe = {};")
    assert parts.check_axe() is None


def test_an_unreachable_postgresql_skips_naming_how_to_get_it(monkeypatch):
    port = closed_port()
    monkeypatch.setattr(parts, "PG_URL", f"postgresql+psycopg://postgres@127.0.0.1:{port}/test")
    kind, line = outcome("postgresql")
    assert kind == "skipped" and "\n" not in line
    assert line.startswith(f"PostgreSQL not reachable at 127.0.0.1:{port} (")
    assert line.endswith("install postgresql and create database test with trust auth, or set "
                         "EMPIRES_TEST_PG")  # fmt: skip


def test_an_unreachable_redis_skips_naming_how_to_get_it(monkeypatch):
    port = closed_port()
    monkeypatch.setattr(parts, "REDIS_URL", f"redis://127.0.0.1:{port}/0")
    kind, line = outcome("redis")
    assert kind == "skipped" and "\n" not in line
    assert line.startswith(f"Redis not reachable at 127.0.0.1:{port} (")
    assert line.endswith("apt-get install redis-server, or set EMPIRES_TEST_REDIS")


@pytest.mark.parametrize(
    "part, module, needs",
    [
        ("playwright", "playwright.sync_api", ["playwright", "chromium"]),
        ("psycopg", "psycopg", ["postgresql"]),
        ("redis-py", "redis", ["redis"]),
        ("arq", "arq", ["arq"]),
    ],
)
def test_a_missing_python_package_names_the_extra(monkeypatch, part, module, needs):
    monkeypatch.setitem(sys.modules, module, None)  # importing it raises ImportError
    monkeypatch.setattr(parts, "CHROMIUM", sys.executable)
    name = module.split(".")[0]
    assert parts.missing(part).startswith(f"Python package {name} not installed (")
    kind, line = outcome(*needs)
    assert kind == "skipped" and line.startswith(f"Python package {name} not installed (")
    assert line.endswith("): pip install -e '.[test]'")


def test_each_part_is_looked_for_once_a_run(monkeypatch):
    looks = []
    monkeypatch.setitem(parts.PARTS, "chromium", lambda: looks.append(1) or "gone: get it")
    assert [outcome("chromium") for _ in range(3)] == [("skipped", "gone: get it")] * 3
    assert looks == [1]
    with pytest.raises(ValueError, match="unknown part 'chrome'"):
        parts.missing("chrome")


def test_the_needs_mark_requires_its_parts_before_the_test_runs(monkeypatch):
    monkeypatch.setitem(parts.PARTS, "axe-core", lambda: "axe-core not installed: npm ci")
    monkeypatch.setitem(parts.PARTS, "chromium", lambda: None)
    item = SimpleNamespace(iter_markers=lambda name: [pytest.mark.needs("chromium").mark])
    pytest_runtest_setup(item)  # present: the test runs
    item = SimpleNamespace(
        iter_markers=lambda name: [pytest.mark.needs("chromium", "axe-core").mark]
    )
    with pytest.raises(pytest.skip.Exception, match="axe-core not installed: npm ci"):
        pytest_runtest_setup(item)


def test_property_tests_run_without_a_deadline():
    """A busy machine failed test_rng's 200 ms default deadline: the suite's profile has none."""
    assert settings.default.deadline is None
    assert settings().deadline is None
