"""What the whole suite shares: the optional machine parts a test may need (tests/parts.py, the
``needs`` mark) and Hypothesis's settings.

Hypothesis runs every property test without a deadline: the code under test is CPU-bound, and a
per-example time limit fails on a busy machine (another job on the same cores) what passes on an
idle one. For the same reason its "too slow" health check (a wall-clock measure of generating
examples) is off. Each test's own ``max_examples`` is kept. The profile builds on the one
Hypothesis loaded itself (its ``ci`` profile under CI: derandomized, no example database);
``--hypothesis-profile NAME`` still chooses another.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from tests.parts import require

settings.register_profile(
    "empires",
    parent=settings.default,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("empires")


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives Debian's Chromium with Playwright")
    config.addinivalue_line(
        "markers",
        "needs(*parts): the optional machine parts the test needs (tests/parts.py: chromium, "
        "axe-core, postgresql, redis, ...); missing ones skip it, or fail it under CI=true",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    for mark in item.iter_markers("needs"):
        try:
            require(*mark.args)
        except pytest.skip.Exception as skip:
            skip._use_item_location = True  # `-rs` names the test's file, as a fixture's skip does
            raise
