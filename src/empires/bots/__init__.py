"""Bots that play any game written against :mod:`empires.core.game`, and their registry.

``make_bot("random", seed)`` builds a bot by name. Bots are imported lazily so that a bot whose
module is not installed (or not written yet) only fails when it is asked for.
"""

from __future__ import annotations

import importlib

from empires.bots.base import Bot

# name -> "module:Class"; the class is called with the seed.
_REGISTRY: dict[str, str] = {
    "random": "empires.bots.random_bot:RandomBot",
    "heuristic": "empires.bots.heuristic:HeuristicBot",
    "ismcts": "empires.bots.ismcts:ISMCTSBot",
}


# Game-specific classes of a bot name: (name, game) -> "module:Class". ``heuristic`` is the
# Discovery bot; on another game its class hands each decision to the one registered here.
_BY_GAME: dict[tuple[str, str], str] = {
    ("heuristic", "settlers"): "empires.bots.settlers_heuristic:SettlersHeuristicBot",
}


def bot_for_game(name: str, game: str, seed: int) -> Bot | None:
    """The bot registered as ``name`` for ``game`` (built with ``seed``), or None."""
    target = _BY_GAME.get((name, game))
    return None if target is None else _load_class(name, target)(seed)


def bot_names() -> tuple[str, ...]:
    """Names accepted by :func:`make_bot` (a bot may still be unavailable; see make_bot)."""
    return tuple(_REGISTRY)


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


def make_bot(spec: str, seed: int) -> Bot:
    """Build the bot named ``spec`` (e.g. ``"random"``, ``"heuristic"``) seeded with ``seed``."""
    if not isinstance(spec, str):
        raise ValueError(f"a bot name must be a string, got {type(spec).__name__}")
    name = spec.strip().lower()
    if name.startswith("ismcts:"):  # "ismcts:500", "ismcts:1s:heuristic", ...
        from empires.bots.ismcts import from_spec

        return from_spec(name, seed)
    try:
        target = _REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown bot {spec!r}; known bots: {', '.join(_REGISTRY)}") from None
    return _load_class(name, target)(seed)


__all__ = ["Bot", "bot_for_game", "bot_names", "make_bot", "register_bot"]
