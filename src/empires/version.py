"""Which ``empires`` is running: the installed package's version and its build.

``BUILD`` names how the engines are built: ``"pure Python"`` (no compiled extension yet).
``empires --version`` prints both.
"""

from __future__ import annotations

from importlib import metadata

BUILD = "pure Python"


def package_version() -> str:
    """The installed distribution's version (``"unknown"`` when run from a bare source tree)."""
    try:
        return metadata.version("empires")
    except metadata.PackageNotFoundError:
        return "unknown"


def version_text() -> str:
    """``"empires 0.1.0 (pure Python, Python 3.11.7)"``."""
    import platform

    return f"empires {package_version()} ({BUILD}, Python {platform.python_version()})"
