"""What every browser test shares: Debian's Chromium, a live server on a loopback port, the
axe-core accessibility check and screenshots kept as test artifacts.

    from tests.server.browser_support import BROWSER_MARKS, LiveServer, axe_violations, keep_shot
    pytestmark = BROWSER_MARKS

and use the ``browser`` fixture (tests/server/conftest.py). Chromium is Debian's
(/usr/bin/chromium, never a download); axe-core comes from the npm registry (``npm ci`` at the
repository's root, as .ci/run does). Without either (or the playwright package) a test skips
saying how to get it, and fails under ``CI=true`` (tests/parts.py).
"""

from __future__ import annotations

import json
import os
import re
import socket
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.parts import AXE, CHROMIUM, ROOT, require  # noqa: F401 (CHROMIUM: for conftest.py)

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Screenshots kept by the tests (CI keeps the directory as its artifacts).
ARTIFACTS = Path(os.environ.get("EMPIRES_TEST_ARTIFACTS", ROOT / "test-artifacts"))
VIEWPORTS = {"phone": (390, 844), "tablet": (820, 1180), "laptop": (1366, 768)}

BROWSER_MARKS = [pytest.mark.browser, pytest.mark.needs("playwright", "chromium")]


# The game page is ready for a click: the end screen, or the action tray shown and enabled.
READY = """() => {
  if (document.querySelector('#scores')) return true;
  const box = document.querySelector('#actions-box');
  return box && !box.hidden && !document.querySelector('#actions button:disabled');
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """The web app under uvicorn in a thread (``create_app(db_url, **app_options)``)."""

    def __init__(self, db_url: str, **app_options: Any) -> None:
        import uvicorn

        from empires.server import create_app

        self.app = create_app(db_url, **app_options)
        self.port = free_port()
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            ws_max_size=4096,
            access_log=False,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def manager(self) -> Any:
        return self.app.state.manager

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(20)


def axe_violations(page: Any, impacts: tuple[str, ...] = ("serious", "critical")) -> list[dict]:
    """The axe-core violations of ``page`` at ``impacts`` (WCAG 2.0/2.1/2.2 A and AA rules), each
    as {id, impact, help, nodes: [css selectors]}. Without axe-core (``npm ci``) the test skips
    from here on, saying so, and fails under ``CI=true``: an accessibility check that silently
    does not run is a defect."""
    require("axe-core")
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        # Evaluated through the devtools protocol: the page's Content-Security-Policy (no inline
        # script) stays in force for the page itself.
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;void 0")
    result = page.evaluate(
        """async () => {
          const r = await axe.run(document, {runOnly: {type: 'tag', values:
            ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']}});
          return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => n.target.join(' '))}));
        }"""
    )
    return [v for v in result if v["impact"] in impacts]


def keep_shot(page: Any, name: str) -> Path:
    """Save a full-page screenshot of ``page`` as test-artifacts/<name>.png and return its path."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-") or "shot"
    path = ARTIFACTS / f"{safe}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def play_to_the_end(page, limit: int = 300) -> None:
    """Click the tray's first action until the end screen shows (at most ``limit`` clicks)."""
    for _ in range(limit):
        page.wait_for_function(READY, timeout=20_000)
        if page.locator("#scores").count():
            return
        before = page.locator("#log-count").inner_text()
        page.locator("#actions button").first.click()
        page.wait_for_function(
            "(b) => document.querySelector('#scores') || "
            "document.querySelector('#log-count').textContent !== b",
            arg=before,
            timeout=20_000,
        )
    raise AssertionError("the game did not end")


def watch_frames(page: Any, frames: list) -> None:
    """Append every WebSocket frame ``page`` receives (decoded JSON) to ``frames``."""

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
