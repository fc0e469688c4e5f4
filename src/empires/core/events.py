"""The event log: what happened, in order, as the rules resolved it, told to each seat as that
seat may know it.

An engine appends events to its state's log with :func:`emit` while ``apply`` resolves the rules;
the log is part of the state, so clone, save/load and replay reproduce it. A stored event is a
small JSON-ready dict that is never changed once written::

    {"kind": "income", "turn": 3, "phase": "Phase 3: Income", "player": 1, "money": 12, ...,
     "secret": {"to": [1], ...fields only these seats may read...}}   # optional

:func:`view` turns the log into what one viewer (a seat, or ``None`` for a spectator) may read:
each event gets its ``seq`` (position in the game's event stream) and, when it has a ``secret``
part, either that part's fields (a seat in ``to``) or ``"redacted": True`` (everybody else). The
raw ``action`` string of an "action" event is its actor's alone (it may name a card nobody
else knows); withholding only that does not mark the event redacted, its text says what others may
know. The ``text`` of an event, one plain sentence naming things by their printed names, is written by the
game's text function for its kind from the *viewer's* fields only, so a redacted event can never
name what was hidden. An event may also carry its own ``text`` (and its secret part another one).

Narration can be switched off on a state (``narrate = False``) for bot search and batch
simulation, where nobody reads it; it never changes the rules' outcome.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from empires.core.messages import message_in

TextFn = Callable[[dict], Any]  # an event -> its message (empires.core.messages)

RESERVED = frozenset(
    {"seq", "kind", "turn", "phase", "secret", "redacted", "text", "msg", "args", "plural", "ctx"}
)


def emit(
    log: list[dict], kind: str, turn: int, phase: str, secret: dict | None = None, **fields: Any
) -> dict:
    """Append one event to ``log`` and return it. ``secret`` is ``{"to": [seats], **fields}``:
    the fields only those seats may read (each of its keys overrides the public field of the
    same name for them)."""
    event = {"kind": kind, "turn": turn, "phase": phase, **fields}
    if secret is not None:
        to = secret.get("to")
        if type(to) is not list or any(type(q) is not int for q in to):
            raise ValueError(f"an event's secret part needs 'to': a list of seats, not {to!r}")
        event["secret"] = secret
    log.append(event)
    return event


def visible(event: dict, viewer: int | None) -> dict:
    """``event`` as ``viewer`` may read it (a fresh dict: the log is never handed out)."""
    secret = event.get("secret")
    out = {k: v for k, v in event.items() if k != "secret"}
    if secret is not None:
        if viewer is not None and viewer in secret["to"]:
            out.update((k, v) for k, v in secret.items() if k != "to")
        elif any(k not in ("to", "action") for k in secret):
            out["redacted"] = True
    return out


def view(
    log: list[dict],
    viewer: int | None,
    texts: Mapping[str, TextFn],
    since: Any = 0,
    lang: str = "en",
    names: Any = None,
    seats: Any = None,
    end: int | None = None,
) -> list[dict]:
    """The events from position ``since`` on, as ``viewer`` may read them, each with its
    ``seq``, its message (``msg`` and ``args``, and ``plural`` for a plural one: see
    :mod:`empires.core.messages`) and its ``text``: that message in ``lang``, components named by
    ``names(kind, id)`` and seats by ``seats(p)`` (see :func:`empires.i18n.render`). The result
    is a deep copy: callers may keep or change it freely. The log is ``log[:end]`` (all of
    ``log`` when ``end`` is None)."""
    if isinstance(since, bool) or not isinstance(since, int) or since < 0:
        raise ValueError(f"'since' is a position in the event log (0 or more), not {since!r}")
    from empires import i18n  # (the layer that writes text; the engines only store data)

    out = []
    for seq in range(since, len(log) if end is None else end):
        event = visible(log[seq], viewer)  # a fresh dict: only its values need copying
        for key, value in event.items():
            if type(value) not in _ATOMS:
                event[key] = copied(value)
        event["seq"] = seq
        if "msg" not in event:
            event.update(message_of(event, texts))
        event["text"] = i18n.render(message_in(event), lang, names=names, seats=seats)
        if lang != "en" and isinstance(event.get("phase"), str):
            event["phase"] = i18n.translate(event["phase"], lang)
        out.append(event)
    return out


def message_of(event: dict, texts: Mapping[str, TextFn]) -> dict:
    """The message of an event that does not carry its own: its kind's text function's
    (an old-style function that returns English is kept as text shown as it is)."""
    if isinstance(event.get("text"), str):  # an event written with its own English text
        return {"msg": "{text}", "args": {"text": {"text": event["text"]}}}  # (an old save)
    fn = texts.get(event["kind"])
    if fn is None:
        return {"msg": event["kind"].replace("_", " ").capitalize() + ".", "args": {}}
    made: Any = fn(event)
    if isinstance(made, str):
        return {"msg": "{text}", "args": {"text": {"text": made}}}
    return made


_ATOMS = (str, int, float, bool, type(None))


def copied(value: Any) -> Any:
    """A deep copy of an event's JSON-ready value (dicts, lists, tuples, atoms), several times
    faster than ``copy.deepcopy``; anything else is copied by ``copy.deepcopy``."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is dict:
        return {k: copied(v) for k, v in value.items()}
    if kind is list:
        return [copied(v) for v in value]
    if kind is tuple:
        return tuple(copied(v) for v in value)
    return copy.deepcopy(value)


def check_viewer(viewer: Any, num_players: int) -> None:
    if viewer is not None and (
        isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < num_players
    ):
        raise ValueError(f"no seat {viewer!r} in a {num_players}-player game (None: a spectator)")


def seat_name(p: int) -> str:
    """How event texts name a seat: counted from 1, as players count."""
    return f"Player {p + 1}"
