"""Both games under the names the reinforcement-learning ecosystem looks for.

PettingZoo-style versioned modules (AEC environments, with PettingZoo's standard wrappers)::

    from empires.envs import discovery_v0, settlers_v0
    env = discovery_v0.env(num_players=4)        # wrapped, as every PettingZoo game's env()
    raw = settlers_v0.raw_env(num_players=1)     # the environment itself (the solo game)

Gymnasium ids (single agent; the other seats are bots)::

    import gymnasium, empires
    env = gymnasium.make("empires/Discovery-v0", num_players=4, opponents="heuristic")
    env = gymnasium.make("empires/Settlers-v0")       # 2 players
    env = gymnasium.make("empires/SettlersSolo-v0")   # the solo game against the virtual player

How the ids get registered: gymnasium 0.26-0.29 call the ``gymnasium.envs`` entry point this
package declares (``register_gymnasium_envs``) when gymnasium is imported; gymnasium 1.x dropped
that plugin mechanism, so ``import empires`` registers them (once gymnasium is imported, before or
after empires), as does
``gymnasium.make("empires.envs:empires/Discovery-v0")``, gymnasium's documented
``"module:id"`` form, which imports this package first. The same ids are registered in
PettingZoo's registry (``pettingzoo.make("aec", "empires/Discovery-v0")``) where it has one
(PettingZoo 1.27+).

Nothing here imports gymnasium or PettingZoo until asked: they come with the ``research`` extra
(``pip install 'empires[research]'``). The ids are registered when each library is imported
(:func:`register_when_imported`: at once if it already is, else by a post-import hook), so
``import empires`` stays light whatever is installed.
"""

from __future__ import annotations

import importlib.util
import sys
import warnings
from collections.abc import Callable
from typing import Any

import wrapt

# gymnasium id -> (entry point, default keyword arguments)
GYMNASIUM_IDS: dict[str, tuple[str, dict]] = {
    "empires/Discovery-v0": ("empires.interop.gym_env:EmpiresDiscoverySingleAgentEnv", {}),
    "empires/Settlers-v0": (
        "empires.interop.gym_env:EmpiresSettlersSingleAgentEnv",
        {"num_players": 2},
    ),
    "empires/SettlersSolo-v0": (
        "empires.interop.gym_env:EmpiresSettlersSingleAgentEnv",
        {"num_players": 1},
    ),
}
# PettingZoo registry id -> entry point (the wrapped env() of the versioned module)
PETTINGZOO_IDS: dict[str, str] = {
    "empires/Discovery-v0": "empires.envs.discovery_v0:env",
    "empires/Settlers-v0": "empires.envs.settlers_v0:env",
}


def installed(module: str) -> bool:
    """Whether ``module`` can be imported (without importing it)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def register_gymnasium_envs() -> None:
    """Register :data:`GYMNASIUM_IDS` with gymnasium (again is harmless)."""
    import gymnasium
    from gymnasium.envs.registration import registry

    namespace = gymnasium.envs.registration.current_namespace  # set by gymnasium 0.2x plugins
    for env_id, (entry_point, kwargs) in GYMNASIUM_IDS.items():
        if namespace is not None:
            env_id = env_id.partition("/")[2]  # the plugin's namespace is added by gymnasium
        full = f"{namespace}/{env_id}" if namespace else env_id
        if full not in registry:
            gymnasium.register(id=env_id, entry_point=entry_point, kwargs=dict(kwargs))


def register_pettingzoo_envs() -> None:
    """Register :data:`PETTINGZOO_IDS` in PettingZoo's registry, where it has one."""
    import pettingzoo

    register = getattr(pettingzoo, "register", None)
    if register is None:  # PettingZoo before 1.27: no registry
        return
    for env_id, entry_point in PETTINGZOO_IDS.items():
        if env_id not in pettingzoo.aec_registry:
            register("aec", env_id, entry_point=entry_point)


def when_imported(module: str, register: Callable[[], None]) -> None:
    """Call ``register`` once ``module`` is imported: now if it already is, else right after
    its import (wrapt's post-import hook), never when it is not installed. A library that is
    installed but fails to register warns instead of breaking empires or the import."""
    if module not in sys.modules and not installed(module):
        return

    def hook(_module: Any) -> None:
        try:
            register()
        except ImportError as exc:
            warnings.warn(f"empires: not registered with {module}: {exc}", stacklevel=2)

    wrapt.register_post_import_hook(hook, module)


def register_when_imported() -> None:
    """Register the ids with gymnasium and PettingZoo as each is imported, so that importing
    empires imports neither (nor numpy)."""
    when_imported("gymnasium", register_gymnasium_envs)
    when_imported("pettingzoo", register_pettingzoo_envs)


register_when_imported()
