"""What several benchmarks share: the code of another git commit, checked out for the length of a
measurement (``worktree``) or kept for the next run (``kept_worktree``), so that a benchmark can
compare this checkout with that commit."""

from __future__ import annotations

import contextlib
import os
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path


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


def kept_worktree(ref: str) -> Path:
    """A checkout of git commit ``ref`` in the temporary folder, made once and kept for the next
    run (its folder is named by the commit)."""
    root = Path(__file__).resolve().parent.parent
    commit = subprocess.run(
        ["git", "-C", str(root), "rev-parse", ref], check=True, capture_output=True, text=True
    ).stdout.strip()
    path = Path(tempfile.gettempdir()) / f"empires-bench-{commit[:12]}"
    if not (path / "src" / "empires").is_dir():
        subprocess.run(
            ["git", "-C", str(root), "worktree", "add", "--detach", str(path), commit],
            check=True,
            capture_output=True,
        )
    return path
