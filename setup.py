"""Build hook: the pure-Python package by default, the engines and bots compiled with mypyc on request.

``pip install .`` / ``pip install -e .``: pure Python, no compiler, nothing to wait for.
``EMPIRES_COMPILE=1 pip install .`` (or ``-e .``): the modules of ``COMPILED`` below are compiled
to C extensions with mypyc (mypy is added to the build requirements by
``build_support/empires_build_backend.py``), needing a C compiler. ``empires --version`` says which
build is running. Everything else (the project's metadata) is in pyproject.toml.
"""

from __future__ import annotations

import glob
import os
import shutil
import sys
import sysconfig

from setuptools import setup

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "build_support"))
from empires_build_backend import compile_requested  # noqa: E402

# What is compiled: the engine shell, both games' rules, states and heuristics, and the bots that
# play them (random, ISMCTS). Globs are relative to this file.
COMPILED = [
    "src/empires/core/*.py",
    "src/empires/discovery/*.py",
    "src/empires/discovery/heuristic/*.py",
    "src/empires/settlers/*.py",
    "src/empires/bots/base.py",
    "src/empires/bots/random_bot.py",
    "src/empires/bots/ismcts.py",
]

# Left pure, and why. Package __init__ modules stay pure so each package's import is unchanged.
EXCLUDED = {
    "src/empires/core/screen.py": "terminal panels (rich renderables); not on any engine path",
    "src/empires/discovery/screen.py": "terminal panels (rich renderables); not on any engine path",
    "src/empires/settlers/screen.py": "terminal panels (rich renderables); not on any engine path",
    "src/empires/settlers/card_files.py": "reads and validates card files (I/O, jsonschema), not the engine",
    "src/empires/core/errors.py": "the error classes stay the very same Python classes on both builds",
    "src/empires/core/game.py": "runtime-checkable Protocol classes (no code to speed up)",
    "src/empires/bots/base.py": "a runtime-checkable Protocol class (no code to speed up)",
    # mypyc rejects these two patterns; neither module is on a playout's hot path.
    "src/empires/discovery/actions.py": "Action subclasses a NamedTuple (unsupported by mypyc)",
    "src/empires/settlers/actions.py": "Action subclasses a NamedTuple (unsupported by mypyc)",
    "src/empires/core/adapter.py": "EngineAdapter's attributes are redefined with narrower types by "
    "each game's adapter (rejected by mypyc); the adapters are thin glue",
    "src/empires/discovery/adapter.py": "subclasses core.adapter.EngineAdapter (left pure)",
    "src/empires/settlers/adapter.py": "subclasses core.adapter.EngineAdapter (left pure)",
    # The options are the games' public boundary: a compiled dataclass's typed __init__ raises
    # TypeError before __post_init__ can name the bad option (ValueError), and a compiled frozen
    # dataclass cannot be unpickled (the process pools of `simulate`/`tournament` send them).
    "src/empires/discovery/options.py": "the options dataclass: checked by __post_init__, pickled",
    "src/empires/settlers/options.py": "the options dataclass: checked by __post_init__, pickled",
}


def compiled_paths(root: str | None = None) -> list[str]:
    """The source files mypyc compiles (``COMPILED`` minus ``EXCLUDED`` and package inits),
    relative to ``root`` (the current directory by default)."""
    found = {path for pattern in COMPILED for path in glob.glob(pattern, root_dir=root)}
    return sorted(
        path for path in found if path not in EXCLUDED and not path.endswith("__init__.py")
    )


def _c_compiler() -> str | None:
    """The C compiler setuptools would call ($CC, else Python's configured one), if on PATH."""
    command = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(command.split()[0])


# The setuptools commands that build extensions; any other (egg_info, dist_info: pip asking for
# the build requirements or the metadata, before mypy is installed) needs no extension.
BUILD_COMMANDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop"}


def ext_modules(argv: list[str] | None = None) -> list:  # type: ignore[type-arg]
    """No extension for the pure build, nor while pip only asks for requirements or metadata;
    the mypyc extensions for ``EMPIRES_COMPILE=1`` when something is built."""
    if not compile_requested():
        return []
    if not BUILD_COMMANDS & set(sys.argv[1:] if argv is None else argv):
        return []
    if _c_compiler() is None:
        sys.exit(
            "EMPIRES_COMPILE=1 needs a C compiler, and none was found ($CC or cc on PATH). "
            "Install one (Debian: apt-get install gcc python3-dev) or unset EMPIRES_COMPILE "
            "for the pure-Python build."
        )
    try:
        from mypyc.build import mypycify
    except ImportError:
        sys.exit(
            "EMPIRES_COMPILE=1 needs mypy (which ships mypyc) at build time: build with pip's "
            "isolation (the default), or `pip install 'mypy~=2.4.1'` first when using "
            "--no-build-isolation."
        )
    return mypycify(compiled_paths(), debug_level="0", **build_options())


# How the C is built: what the speed figures use by default; ``EMPIRES_COMPILE_PROFILE=ci``
# trades run-time speed for compile time (CI checks correctness, not speed; README "The
# compiled build (mypyc)" has both compile times).
PROFILES = {
    "release": {"opt_level": "3", "separate": False},
    "ci": {"opt_level": "1", "separate": True},
}


def build_options() -> dict[str, object]:
    """mypycify's options for ``EMPIRES_COMPILE_PROFILE`` ("release" when unset); an unknown
    profile stops the build naming the ones there are."""
    name = os.environ.get("EMPIRES_COMPILE_PROFILE", "").strip().lower() or "release"
    if name not in PROFILES:
        sys.exit(
            f"EMPIRES_COMPILE_PROFILE={name!r} is not a build profile; use one of "
            + ", ".join(sorted(PROFILES))
        )
    return dict(PROFILES[name])


def command_options() -> dict[str, dict[str, object]]:
    """setuptools command options: a profile of one extension per module (``ci``) compiles them on
    every core, as ``build_ext --parallel`` would, also when pip builds the wheel."""
    if compile_requested() and build_options().get("separate"):
        return {"build_ext": {"parallel": os.cpu_count() or 1}}
    return {}


if __name__ == "__main__":  # pip's backend runs this file as __main__; tests import it
    setup(ext_modules=ext_modules(), options=command_options())
