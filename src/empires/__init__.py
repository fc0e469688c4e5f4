"""empires: rules engines, bots and tools for *Empires: Age of Discovery* and *Imperial
Settlers*.

Importing ``empires`` registers both games with the research libraries that are installed (the
``research`` extra), so that their own entry points find them:

* OpenSpiel: ``python_empires_discovery`` and ``python_empires_settlers`` for
  ``pyspiel.load_game`` (OpenSpiel's documented way for a Python game: it registers itself when
  its module is imported; :mod:`empires.interop.openspiel`);
* Gymnasium: ``empires/Discovery-v0``, ``empires/Settlers-v0``, ``empires/SettlersSolo-v0`` for
  ``gymnasium.make``, and PettingZoo's registry (:mod:`empires.envs`).

Each library is registered with when it is imported, before or after ``empires`` (a post-import
hook: :func:`empires.envs.when_imported`), so ``import empires`` imports none of them, nor numpy:
the command line, the server and worker processes start without them. Set
``EMPIRES_NO_REGISTER=1`` to skip this.
"""

from __future__ import annotations

import os


def _register_openspiel_games() -> None:
    import empires.interop.openspiel  # noqa: F401  (registers the games on import)


def _register_research_interfaces() -> None:
    from empires.envs import register_when_imported, when_imported

    register_when_imported()
    when_imported("pyspiel", _register_openspiel_games)


if not os.environ.get("EMPIRES_NO_REGISTER"):
    _register_research_interfaces()
