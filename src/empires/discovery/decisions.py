"""The decision stack of Empires: Age of Discovery (see :mod:`empires.core.decisions`).

A decision is a small dict ``{"kind": ..., "player": p, ...context}`` whose context holds only
public information. Each rules module declares its kinds in its own ``DECISIONS`` table;
:mod:`empires.discovery.decision_table` gathers them from an explicit list of modules.
"""

from __future__ import annotations

from empires.core.decisions import push
from empires.discovery.actions import Action

__all__ = ["DONE", "SKIP", "push"]

SKIP = Action("skip")
DONE = Action("done")
