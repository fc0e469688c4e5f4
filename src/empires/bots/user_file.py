"""Bots from a user's own Python file: ``empires simulate ... --bot-file my_bot.py:MyBot``.

The contract a file's bot class follows (the same as the built-in bots, :mod:`empires.bots.base`):

* ``MyBot(seed)`` builds it: one argument, the integer seed the bot draws all its randomness
  from (a class whose constructor takes no argument is built as ``MyBot()``);
* ``bot.choose(state)`` returns one of ``state.legal_actions()`` for ``state.current_player``,
  reading only what that seat may see (``state.observation(state.current_player)``,
  ``state.legal_actions()``, ``state.describe(action)``) and never applying anything to
  ``state``;
* ``bot.name`` (optional) names it; the name the bot is registered under is used otherwise.

:func:`load_bot_file` imports the file (it runs the user's code: only the command line may name
one, never a client of the web server) and :func:`register_bot_file` makes the class a bot name
of :func:`empires.bots.make_bot` in this process (and in the worker processes
:mod:`empires.sim.local` starts, which are given the registrations).
"""

from __future__ import annotations

import importlib.util
import inspect
import re
import sys
from pathlib import Path
from typing import Any

# name -> (absolute path, class name)
_FILE_BOTS: dict[str, tuple[str, str]] = {}
_CLASSES: dict[tuple[str, str], type] = {}
_NAME = re.compile(r"^[a-z][a-z0-9_\-]*$")


class BotFileError(ValueError):
    """A bot file that cannot be used; the message says what is wrong."""


def parse_bot_file(text: str) -> tuple[str | None, str, str]:
    """``[NAME=]PATH:Class`` -> ``(name or None, path, class name)``."""
    name, eq, rest = text.partition("=")
    if not eq:
        name, rest = "", text
    path, colon, cls = rest.rpartition(":")
    if not colon or not path or not cls.isidentifier():
        raise BotFileError(
            f"--bot-file takes FILE.py:ClassName (or NAME=FILE.py:ClassName), not {text!r}"
        )
    return (name.strip().lower() or None), path, cls


def load_bot_file(path: str, class_name: str) -> type:
    """The bot class ``class_name`` defined in the Python file ``path`` (BotFileError saying
    what is wrong otherwise). The file is imported once per process."""
    file = Path(path).expanduser().resolve()
    key = (str(file), class_name)
    if key in _CLASSES:
        return _CLASSES[key]
    if not file.is_file():
        raise BotFileError(f"bot file {path} does not exist")
    module = _import_file(file, path)
    found = getattr(module, class_name, None)
    if found is None:
        classes = sorted(n for n, v in vars(module).items() if inspect.isclass(v))
        raise BotFileError(
            f"{path} defines no {class_name}"
            + (f" (its classes: {', '.join(classes)})" if classes else " (it defines no class)")
        )
    if not inspect.isclass(found):
        raise BotFileError(f"{class_name} in {path} is not a class")
    if not callable(getattr(found, "choose", None)):
        raise BotFileError(f"{class_name} in {path} has no choose(state) method")
    _CLASSES[key] = found
    return found


def _import_file(file: Path, shown: str):
    module_name = "empires_user_bot_" + re.sub(r"\W", "_", file.stem)
    spec = importlib.util.spec_from_file_location(module_name, file)
    if spec is None or spec.loader is None:
        raise BotFileError(f"{shown} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module  # dataclasses and pickling look a class's module up
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # the user's code: report it, whatever it raised
        del sys.modules[module_name]
        raise BotFileError(f"cannot import {shown}: {type(exc).__name__}: {exc}") from None
    return module


def build(cls: type, name: str, seed: int) -> Any:
    """An instance of a file's bot class, seeded (see the contract above)."""
    try:
        params = inspect.signature(cls).parameters.values()
    except (TypeError, ValueError):
        params = None
    takes_seed = params is None or any(
        p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.VAR_POSITIONAL) for p in params
    )
    bot = cls(seed) if takes_seed else cls()
    if not isinstance(getattr(bot, "name", None), str):
        try:
            bot.name = name
        except AttributeError:
            pass
    return bot


def register_bot_file(text: str, taken: set[str] | frozenset[str] = frozenset()) -> str:
    """Register the bot class of ``[NAME=]PATH:Class`` under NAME (default: the class name in
    lower case) and return the name; ``taken``: names it may not use (the built-in bots)."""
    given, path, class_name = parse_bot_file(text)
    name = given or class_name.lower()
    if not _NAME.match(name):
        raise BotFileError(f"bot name {name!r}: use letters, digits, '_' and '-'")
    if name in taken:
        fix = "choose another NAME" if given else f"name it: NAME={text}"
        raise BotFileError(f"bot name {name!r} is taken by a built-in bot; {fix}")
    cls = load_bot_file(path, class_name)
    try:
        build(cls, name, 0)
    except Exception as exc:
        raise BotFileError(
            f"{class_name}(seed) from {path} failed: {type(exc).__name__}: {exc}"
        ) from None
    _FILE_BOTS[name] = (str(Path(path).expanduser().resolve()), class_name)
    return name


def file_bot(name: str, seed: int) -> Any | None:
    """The registered file bot ``name`` seeded with ``seed``, or None if there is none."""
    if name not in _FILE_BOTS:
        return None
    path, class_name = _FILE_BOTS[name]
    return build(load_bot_file(path, class_name), name, seed)


def file_bot_names() -> tuple[str, ...]:
    return tuple(_FILE_BOTS)


def registrations() -> dict[str, tuple[str, str]]:
    """What :func:`restore` needs to register the same file bots in another process."""
    return dict(_FILE_BOTS)


def restore(saved: dict[str, tuple[str, str]]) -> None:
    """Register the file bots of :func:`registrations` (a worker process's initializer)."""
    _FILE_BOTS.update(saved)
