"""The decision stack of Imperial Settlers (see :mod:`empires.core.decisions`).

A decision is a small dict ``{"kind": ..., "player": p, ...context}`` whose context holds only
what the deciding player may know; what only that player may see (cards drawn to choose among)
lives in the state's private fields. Each rules module declares its kinds in its own
``DECISIONS`` table; :mod:`empires.settlers.decision_table` gathers them from an explicit list
of modules.
"""

from __future__ import annotations

from empires.core.decisions import push

__all__ = ["push"]
