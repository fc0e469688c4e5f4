"""The log's entries and how a viewer may read them: an action's words, what a seat sees of
another's move, and the JSON the server sends (no engine object leaves the server)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import orjson

from empires.server.view_language import (
    with_message,
)

log = logging.getLogger("empires.server")


def dumps(value: Any) -> str:
    """``value`` as compact JSON text (orjson: several times faster than ``json``; keys that
    are not strings are written as ``json`` would, e.g. ``null`` for None). orjson's option
    for such keys makes it slower on every dict, so it is asked for only when a key needs it."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:  # a key that is not a string (or a value orjson cannot write: raised)
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def describe_action(state, action, viewer: Any = -2) -> dict:
    """The words of ``action`` (before it is applied) as a message
    (:mod:`empires.core.messages`): as its decider reads them (-2), or as ``viewer`` (a seat,
    None: a spectator) may (``describe_msg``)."""
    try:
        return state.describe_msg(action, viewer)
    except Exception:  # words for an action must never stop a game
        if viewer == -2:
            return {"msg": "{text}", "args": {"text": {"text": str(action)}}}
        return {"msg": "A move.", "args": {}}


def checked_action(state, action: str) -> Any:
    """``action`` (words) as the engine's check reads it (the words themselves if it cannot:
    ``apply`` says why)."""
    try:
        return state.check(action)
    except Exception:
        return action


def log_entry(state, index: int, seat: int, action: str, value: Any = None) -> dict:
    """The server's log entry for ``action`` (canonical, about to be applied by ``seat``). Its
    ``message`` is the actor's words (a message: empires.core.messages); when a spectator would
    read other words (a secret pick), ``views`` holds each other viewer's own. Never sent as
    is: see :func:`entry_for`. ``value``: the action as the engine's check returned it, when
    known (described without reading the words again)."""
    named = checked_action(state, action) if value is None else value
    mine = describe_action(state, named)
    entry = {"index": index, "seat": seat, "action": action, "message": mine}
    public = describe_action(state, named, None)
    if public != mine:
        views: dict[int | None, dict] = {None: public}
        for q in range(state.num_players):
            if q != seat:
                views[q] = describe_action(state, named, q)
        entry["views"] = views
    return entry


def entry_for(entry: dict, viewer: int | None, tell: Callable[[dict], str]) -> dict:
    """``entry`` as ``viewer`` may read it: the raw action only for its actor; its message
    (``msg``, ``args``) as that viewer may read it and its ``text`` told by ``tell`` (in the
    reader's language, with the table's names: :meth:`LiveGame.teller`)."""
    if viewer is not None and viewer == entry["seat"]:
        out = {"index": entry["index"], "seat": entry["seat"], "action": entry["action"]}
        message = entry["message"]
    else:
        views = entry.get("views")
        message = entry["message"] if views is None else views.get(viewer, views[None])
        out = {"index": entry["index"], "seat": entry["seat"]}
    out = with_message(message, tell(message), **out)
    if entry.get("stand_in"):  # played by the table's bot for an absent human (table_clock)
        out["stand_in"] = entry["stand_in"]
    return out


def public_config(config: dict) -> dict:
    """A stored game config as clients may see it: an operator's card set by its name, never
    its file."""
    options = config.get("options")
    if not isinstance(options, dict) or options.get("cards") is None:
        return config
    return {**config, "options": {**options, "cards": config.get("card_set")}}


def hide_path(value: Any, path: str | None, name: str | None) -> Any:
    """``value`` (an engine view) with every string equal to ``path`` (an operator's card file)
    replaced by the card set's ``name``: a server-side path never reaches a client."""
    if path is None:
        return value
    if isinstance(value, dict):
        return {k: hide_path(v, path, name) for k, v in value.items()}
    if isinstance(value, list):
        return [hide_path(v, path, name) for v in value]
    return name if value == path else value
