"""The decision stack (after TAG): every choice a player makes is a decision on ``state.pending``.

A decision is a small dict ``{"kind": ..., "player": p, ...context}`` whose context holds only
what the deciding player may know and is never mutated in place (replace it instead); what only
that player may see (cards drawn to choose among) lives in the state's private fields. Each kind
registers a ``legal(state, decision) -> list[Action]`` and a ``choose(state, decision, action)``;
the engine pops the top decision before calling ``choose``, which may push follow-up decisions.
"""

from __future__ import annotations

from collections.abc import Callable

from empires.settlers.actions import Action
from empires.settlers.state import State

Legal = Callable[[State, dict], list[Action]]
Choose = Callable[[State, dict, Action], None]
HANDLERS: dict[str, tuple[Legal, Choose]] = {}
# Human-readable prompt per decision kind.
PROMPTS: dict[str, str] = {}


def decision(kind: str, prompt: str):
    """Register the ``legal`` function; the ``choose`` function is registered by ``.choose``."""

    def register(legal: Legal):
        PROMPTS[kind] = prompt

        def set_choose(choose: Choose) -> Choose:
            HANDLERS[kind] = (legal, choose)
            return choose

        legal.choose = set_choose  # type: ignore[attr-defined]
        return legal

    return register


def push(state: State, kind: str, player: int, **context) -> None:
    d = {"kind": kind, "player": player}
    d.update(context)
    state.pending.append(d)
