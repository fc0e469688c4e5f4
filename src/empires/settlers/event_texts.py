"""The sentence for each kind of Imperial Settlers event, written only from the fields the viewer may
read (see :mod:`empires.core.events`). One function per kind, listed in :data:`TEXTS`; an event
that carries its own ``text`` (an "action" event) needs none."""

from __future__ import annotations

from collections.abc import Callable

from empires.core.events import seat_name  # noqa: F401  (used by the functions below)

TEXTS: dict[str, Callable[[dict], str]] = {}
