"""What several benchmarks share: the code of another git commit, checked out for the length of a
measurement (``worktree``), so that a benchmark can compare this checkout with that commit."""

from __future__ import annotations

import contextlib
import os
import subprocess
import tempfile
from collections.abc import Iterator


@contextlib.contextmanager
def worktree(ref: str | None) -> Iterator[str | None]:
    """The ``src`` folder of git commit ``ref``, checked out in a temporary worktree for the
    duration; None (this checkout, as it is on disk) when ``ref`` is None."""
    if ref is None:
        yield None
        return
    root = subprocess.run(
        ["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True
    ).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        tree = os.path.join(tmp, "tree")
        subprocess.run(
            ["git", "-C", root, "worktree", "add", "--detach", tree, ref],
            capture_output=True,
            check=True,
        )
        try:
            yield os.path.join(tree, "src")
        finally:
            subprocess.run(
                ["git", "-C", root, "worktree", "remove", "--force", tree], capture_output=True
            )
