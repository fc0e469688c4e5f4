"""The decision stack (after TAG) and the tables of its decision kinds, for every game.

A decision is a small dict ``{"kind": ..., "player": p, ...context}`` on ``state.pending``; its
context is never mutated in place (replace it instead). Each kind has a
``legal(state, decision) -> list[action]`` and a ``choose(state, decision, action)``; the engine
pops the top decision before calling ``choose``, which may push follow-up decisions.

Registration is explicit: every rules module that declares decisions holds its own
:class:`DecisionTable` named ``DECISIONS``, filled by decorators as the module is defined, and
each game gathers them with :meth:`DecisionTable.gather` from an explicit list of modules. Nothing
lands in a shared table because some module happened to be imported.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

Legal = Callable[[Any, dict], list]
Choose = Callable[[Any, dict, Any], None]


class DecisionTable:
    """Decision kinds -> ``(legal, choose)`` and their prompts."""

    __slots__ = ("handlers", "prompts")

    def __init__(self) -> None:
        self.handlers: dict[str, tuple[Legal, Choose]] = {}
        # human-readable prompt per kind (context keys may be interpolated by the caller)
        self.prompts: dict[str, str] = {}

    def decision(self, kind: str, prompt: str) -> Callable[[Legal], Any]:
        """Decorator declaring ``kind`` by its ``legal`` function; the ``choose`` function is
        declared by decorating it with ``<legal>.choose`` (the decorated function gains that
        attribute, hence ``Any``)."""
        if kind in self.prompts:
            raise ValueError(f"decision kind {kind!r} is declared twice")

        def register(legal: Legal) -> Any:
            self.prompts[kind] = prompt

            def set_choose(choose: Choose) -> Choose:
                self.handlers[kind] = (legal, choose)
                return choose

            return with_choose(legal, set_choose)

        return register

    def kinds(self) -> tuple[str, ...]:
        return tuple(self.prompts)

    @classmethod
    def merged(cls, tables: Iterable[DecisionTable]) -> DecisionTable:
        """One table holding every kind of ``tables``; ValueError when a kind is declared twice
        or has no ``choose``."""
        out = cls()
        for table in tables:
            for kind, prompt in table.prompts.items():
                if kind in out.prompts:
                    raise ValueError(f"decision kind {kind!r} is declared twice")
                if kind not in table.handlers:
                    raise ValueError(f"decision kind {kind!r} has no choose function")
                out.prompts[kind] = prompt
                out.handlers[kind] = table.handlers[kind]
        return out

    @classmethod
    def gather(cls, modules: Iterable[Any]) -> DecisionTable:
        """The merged ``DECISIONS`` tables of ``modules`` (each must have one)."""
        tables = []
        for module in modules:
            table = getattr(module, "DECISIONS", None)
            if not isinstance(table, DecisionTable):
                raise ValueError(f"module {module.__name__} declares no DECISIONS table")
            tables.append(table)
        return cls.merged(tables)


class Declared:
    """A declared function that takes no attributes (one compiled by mypyc) with its ``choose``
    decorator beside it; calling it calls the function."""

    __slots__ = ("fn", "choose")

    def __init__(self, fn: Callable[..., Any], choose: Callable[[Any], Any]) -> None:
        self.fn = fn
        self.choose = choose

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.fn(*args, **kwargs)


def with_choose(fn: Any, set_choose: Callable[[Any], Any]) -> Any:
    """``fn`` given the attribute ``choose`` (the decorator declaring its choose function); a
    compiled function, which takes no attributes, comes back wrapped in :class:`Declared`."""
    try:
        fn.choose = set_choose
    except AttributeError:
        return Declared(fn, set_choose)
    return fn


def push(state: Any, kind: str, player: int, **context: Any) -> None:
    """Put a decision of ``kind`` for ``player`` on top of ``state.pending``."""
    d = {"kind": kind, "player": player}
    d.update(context)
    state.pending.append(d)
