"""The PEP 517 build backend of ``empires``: setuptools' own, plus mypy when a compiled build is asked.

``EMPIRES_COMPILE=1 pip install .`` (or ``-e .``) compiles the engines and bots with mypyc, which
ships with mypy. pip builds in an isolated environment holding only the build requirements, so
mypy must be one of them, but only for that build: the default, pure install stays as light as
before. This is setuptools' documented way to add build requirements (a thin in-tree wrapper of
``setuptools.build_meta``); ``setup.py`` decides what is compiled.
"""

from __future__ import annotations

import os

from setuptools import build_meta as _orig
from setuptools.build_meta import *  # noqa: F401,F403  (the backend's hooks, unchanged)

# The mypy the project type-checks with (pyproject's `test` extra): mypyc compiles what it accepts.
MYPY_REQUIREMENT = "mypy~=2.4.1"


def compile_requested() -> bool:
    """Whether ``EMPIRES_COMPILE`` asks for the mypyc build ("1", "true", "yes")."""
    return os.environ.get("EMPIRES_COMPILE", "").strip().lower() in {"1", "true", "yes"}


def _extra() -> list[str]:
    return [MYPY_REQUIREMENT] if compile_requested() else []


def get_requires_for_build_wheel(config_settings=None):  # type: ignore[no-untyped-def]
    return _orig.get_requires_for_build_wheel(config_settings) + _extra()


def get_requires_for_build_editable(config_settings=None):  # type: ignore[no-untyped-def]
    return _orig.get_requires_for_build_editable(config_settings) + _extra()
