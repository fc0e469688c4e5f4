"""empires: rules engines, bots and tools for *Empires: Age of Discovery* and *Imperial
Settlers*.

Importing ``empires`` registers both games with the research libraries that are installed (the
``research`` extra), so that their own entry points find them:

* OpenSpiel: ``python_empires_discovery`` and ``python_empires_settlers`` for
  ``pyspiel.load_game`` (OpenSpiel's documented way for a Python game: it registers itself when
  its module is imported; :mod:`empires.interop.openspiel`);
* Gymnasium: ``empires/Discovery-v0``, ``empires/Settlers-v0``, ``empires/SettlersSolo-v0`` for
  ``gymnasium.make``, and PettingZoo's registry (:mod:`empires.envs`).

Set ``EMPIRES_NO_REGISTER=1`` to skip this (the command line and the server need none of it).
"""

from __future__ import annotations

import os


def _register_research_interfaces() -> None:
    import warnings

    from empires.envs import installed, register_installed

    try:
        register_installed()
        if installed("pyspiel"):
            import empires.interop.openspiel  # noqa: F401  (registers the games on import)
    except ImportError as exc:  # an installed but broken library must not break empires
        warnings.warn(f"empires: research interfaces not registered: {exc}", stacklevel=2)


if not os.environ.get("EMPIRES_NO_REGISTER"):
    _register_research_interfaces()
