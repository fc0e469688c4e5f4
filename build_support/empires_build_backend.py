"""The PEP 517 build backend of ``empires``: setuptools' own, plus mypy when a compiled build is asked.

``EMPIRES_COMPILE=1 pip install .`` (or ``-e .``) compiles the engines and bots with mypyc, which
ships with mypy. pip builds in an isolated environment holding only the build requirements, so
mypy must be one of them, but only for that build: the default, pure install stays as light as
before. This is setuptools' documented way to add build requirements (a thin in-tree wrapper of
``setuptools.build_meta``); ``setup.py`` decides what is compiled.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from setuptools import build_meta as _orig
from setuptools.build_meta import *  # noqa: F401,F403  (the backend's hooks, unchanged)

# The mypy the project type-checks with (pyproject's `test` extra): mypyc compiles what it accepts.
MYPY_REQUIREMENT = "mypy~=2.4.1"


def compile_requested() -> bool:
    """Whether ``EMPIRES_COMPILE`` asks for the mypyc build ("1", "true", "yes")."""
    return os.environ.get("EMPIRES_COMPILE", "").strip().lower() in {"1", "true", "yes"}


# What mypyc reads besides our sources: the dependencies' own type information (numpy, rich,
# wrapt, babel ... ship their annotations; so does gymnasium, of the `research` extra, which the
# interop modules that mypy follows import). pip's isolated build environment holds only the build
# requirements, so for a compiled build these join them, and mypyc types our calls into them
# exactly as `mypy` does in the developer's environment. OpenSpiel and PettingZoo ship no types
# (pyproject's mypy overrides ignore them), so they are not fetched for the build.
TYPED_EXTRA_PACKAGES = {"research": ("gymnasium",)}


def _name(requirement: str) -> str:
    return requirement.split(";")[0].split("[")[0].split("<")[0].split(">")[0].split("=")[0]


def typing_requirements(root: Path | None = None) -> list[str]:
    """The base dependencies and the typed packages of ``TYPED_EXTRA_PACKAGES``, as
    pyproject.toml lists them (the source tree being built is the current directory)."""
    project = tomllib.loads(((root or Path.cwd()) / "pyproject.toml").read_text())["project"]
    found = list(project["dependencies"])
    for extra, names in TYPED_EXTRA_PACKAGES.items():
        extras = project["optional-dependencies"][extra]
        found += [r for r in extras if _name(r).strip().lower() in names]
    return found


def _extra() -> list[str]:
    return [MYPY_REQUIREMENT, *typing_requirements()] if compile_requested() else []


def get_requires_for_build_wheel(config_settings=None):  # type: ignore[no-untyped-def]
    return _orig.get_requires_for_build_wheel(config_settings) + _extra()


def get_requires_for_build_editable(config_settings=None):  # type: ignore[no-untyped-def]
    return _orig.get_requires_for_build_editable(config_settings) + _extra()
