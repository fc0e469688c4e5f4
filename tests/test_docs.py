"""The documentation site builds with ``mkdocs build --strict``: every page in the navigation,
every link and anchor resolved, every API reference page generated from the docstrings without a
warning.

MkDocs comes with the ``docs`` extra (in ``test``). Without it the test is skipped, naming the
extra, except under ``CI=true``, where a missing MkDocs fails the run.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NEEDED = ("mkdocs", "material", "mkdocstrings", "mkdocstrings_handlers.python")


def _missing() -> list[str]:
    missing = []
    for name in NEEDED:
        try:
            found = importlib.util.find_spec(name) is not None
        except ModuleNotFoundError:
            found = False
        if not found:
            missing.append(name)
    return missing


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    missing = _missing()
    if missing:
        why = f"{', '.join(missing)} not installed: pip install -e '.[docs]'"
        if os.environ.get("CI") == "true":
            pytest.fail(why)
        pytest.skip(why)
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(ROOT / "mkdocs.yml"),
         "-d", str(tmp_path / "site")],
        cwd=ROOT, capture_output=True, text=True, timeout=300, env=env, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stdout}\n{done.stderr}"
    assert "WARNING" not in done.stderr, done.stderr
    site = tmp_path / "site"
    for page in ("index.html", "benchmarks/index.html", "api/adapter/index.html"):
        assert (site / page).is_file(), f"{page} was not built"
    # The API reference was generated: make_bot's docstring is on the bots page.
    assert "make_bot" in (site / "api/bots/index.html").read_text(encoding="utf-8")


def test_every_page_is_in_the_navigation() -> None:
    """mkdocs --strict warns of a page left out of ``nav``; this says which, without MkDocs."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in sorted((ROOT / "docs").rglob("*.md")):
        rel = page.relative_to(ROOT / "docs").as_posix()
        assert rel in config, f"docs/{rel} is not in mkdocs.yml's nav"
