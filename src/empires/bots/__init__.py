"""Bots that play any game reached through :mod:`empires.core.adapter`, and their registry.

``make_bot(spec, game, seed)`` builds a bot by spec for a game (by name): ``random``,
``ismcts`` (``ismcts:1s``, ...) and ``az`` (``az:0.2s``, ...: the search guided by the learned
network of :mod:`empires.bots.net`) are written against the core game protocol and play every game;
``heuristic`` is the game's own heuristic (its adapter's ``heuristic_bot``). A bot registered with
:func:`register_bot` is imported lazily, so that a bot whose module is not installed only fails
when it is asked for. No module here imports a game package.
"""

from __future__ import annotations

import importlib

from empires.bots.base import Bot
from empires.core.adapter import get_adapter

# name -> "module:Class" (the class is called with the seed), or None for the game's heuristic.
_REGISTRY: dict[str, str | None] = {
    "random": "empires.bots.random_bot:RandomBot",
    "heuristic": None,
    "ismcts": "empires.bots.ismcts:ISMCTSBot",
    "az": "empires.bots.az:AZBot",
}


def bot_names() -> tuple[str, ...]:
    """Names accepted by :func:`make_bot` (a bot may still be unavailable; see make_bot), the
    bots registered from a user's file in this process (:mod:`empires.bots.user_file`) last."""
    from empires.bots.user_file import file_bot_names

    return tuple(_REGISTRY) + file_bot_names()


def register_bot(name: str, target: str) -> None:
    """Register ``name`` as ``"package.module:Class"``; the class is called with the seed."""
    if ":" not in target:
        raise ValueError(f"bot target must look like 'package.module:Class', got {target!r}")
    _REGISTRY[name.strip().lower()] = target


def _load_class(name: str, target: str):
    module_name, _, class_name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            raise ValueError(
                f"bot {name!r} is not available (cannot import {module_name})"
            ) from None
        raise
    try:
        return getattr(module, class_name)
    except AttributeError:
        raise ValueError(
            f"bot {name!r} is not available: {module_name} does not define {class_name}"
        ) from None


def make_bot(spec: str, game: str, seed: int) -> Bot:
    """Build the bot ``spec`` (``"random"``, ``"heuristic"``, ``"ismcts:1s"``...) for ``game``
    (a game name, see :func:`empires.core.adapter.game_names`) seeded with ``seed``."""
    if not isinstance(spec, str):
        raise ValueError(f"a bot name must be a string, got {type(spec).__name__}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"a bot seed must be an integer, got {type(seed).__name__}")
    adapter = get_adapter(game)  # ValueError naming the known games
    name = spec.strip().lower()
    if name.startswith("ismcts:"):  # "ismcts:500", "ismcts:1s:heuristic", ...
        from empires.bots.ismcts import from_spec

        return from_spec(name, seed)
    if name.startswith("az:"):  # "az:200", "az:0.2s:clock=cpu", ...
        from empires.bots.az import from_spec as az_from_spec

        return az_from_spec(name, seed)
    if name not in _REGISTRY:
        from empires.bots.user_file import file_bot

        bot = file_bot(name, seed)
        if bot is not None:
            return bot
        raise ValueError(f"unknown bot {spec!r}; known bots: {', '.join(bot_names())}")
    target = _REGISTRY[name]
    if target is None:
        return adapter.heuristic_bot(seed)
    return _load_class(name, target)(seed)


__all__ = ["Bot", "bot_names", "make_bot", "register_bot"]
