"""Which ``empires`` is running: the installed package's version and its build.

The build is ``"compiled (mypyc)"`` when the engines were compiled to C extensions
(``EMPIRES_COMPILE=1 pip install .``, see setup.py) and ``"pure Python"`` otherwise; it is read
from the module actually imported (:data:`PROBE_MODULE`), so a copy compiled elsewhere and put
first on ``sys.path`` reports itself. ``empires --version`` prints both.
"""

from __future__ import annotations

import importlib
from importlib import machinery, metadata

# A module of the engine that the compiled build always compiles (setup.py's COMPILED).
PROBE_MODULE = "empires.discovery.mechanics"
COMPILED = "compiled (mypyc)"
PURE = "pure Python"


def package_version() -> str:
    """The installed distribution's version (``"unknown"`` when run from a bare source tree)."""
    try:
        return metadata.version("empires")
    except metadata.PackageNotFoundError:
        return "unknown"


def build() -> str:
    """``"compiled (mypyc)"`` when the engine's modules are extension modules, else ``"pure Python"``."""
    path = getattr(importlib.import_module(PROBE_MODULE), "__file__", None) or ""
    return COMPILED if path.endswith(tuple(machinery.EXTENSION_SUFFIXES)) else PURE


def is_compiled() -> bool:
    """Whether the compiled (mypyc) build is running."""
    return build() == COMPILED


def version_text() -> str:
    """``"empires 0.1.0 (pure Python, Python 3.11.7)"`` or ``"... (compiled (mypyc), ...)"``."""
    import platform

    return f"empires {package_version()} ({build()}, Python {platform.python_version()})"
