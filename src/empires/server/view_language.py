"""A state message in its reader's language: the words the engines wrote in English (the phase,
the decision's prompt, each choice, log entry and event, the printed names sent with the
observation, :mod:`empires.server.view_names`) through empires.i18n.translate_text; everything
else (ids, actions, numbers) as it was.

The manager makes and caches one English message per seat (the engines' own words); a client
that asked for another language (websocket auth ``"lang"``, ``?lang=`` on GET) gets a
translated copy of each message (the translated words themselves are remembered by
translate_text). An unknown language is English (:func:`empires.i18n.normalize`).
"""

from __future__ import annotations

from typing import Any

import orjson

from empires import i18n
from empires.bots.analysis import analysis_in, hint_in

MAX_TAG = 64  # a client's language tag longer than this is not read


def language(value: Any) -> str:
    """The language a client asked for, validated: one we offer, else English."""
    if not isinstance(value, str) or len(value) > MAX_TAG:
        return i18n.DEFAULT
    return i18n.normalize(value)


def request_language(request: Any) -> str:
    """The language of an HTTP request's answer: its ``?lang=``, else the first language of its
    Accept-Language header (the web page sends the one its reader chose), else English."""
    asked = request.query_params.get("lang")
    if asked is None:
        header = request.headers.get("accept-language") or ""
        asked = header[:MAX_TAG].split(",")[0].split(";")[0].strip()
    return language(asked)


def _words(item: Any, key: str, lang: str) -> None:
    if isinstance(item, dict) and isinstance(item.get(key), str):
        item[key] = i18n.translate_text(item[key], lang)


def localize(view: dict, lang: str) -> dict:
    """``view`` (a state message as a dict) with its English words in ``lang``, in place."""
    if lang == i18n.DEFAULT:
        return view
    obs = view.get("observation")
    if isinstance(obs, dict):  # phase, prompt; the components' names and texts
        i18n.localize_observation(obs, lang)
    names = view.get("names")  # the printed names of what the observation shows by id
    if isinstance(names, dict):
        for table in names.values():
            if isinstance(table, dict):
                for key, name in table.items():
                    if isinstance(name, str):
                        table[key] = i18n.translate_text(name, lang)
    for key in ("legal", "log"):
        for item in view.get(key) or ():
            _words(item, "text", lang)
    for event in view.get("events") or ():
        _words(event, "text", lang)
        _words(event, "phase", lang)
    for record in view.get("hints") or ():  # the coach's recorded hints: moves and reason
        if isinstance(record, dict) and isinstance(record.get("hint"), dict):
            record["hint"] = hint_in(record["hint"], lang)
    return view


def localized_hint(record: dict, lang: str) -> dict:
    """A coach hint record (``{"index", "seat", "hint"}``) for a reader of ``lang``; a copy."""
    if lang == i18n.DEFAULT:
        return record
    return {**record, "hint": hint_in(record["hint"], lang)}


def localized_analysis(answer: dict, lang: str) -> dict:
    """The coach's analysis answer (``status`` and, once done, ``analysis``) in ``lang``."""
    if lang == i18n.DEFAULT or not isinstance(answer.get("analysis"), dict):
        return answer
    return {**answer, "analysis": analysis_in(answer["analysis"], lang)}


def localized(data: dict, lang: str) -> dict:
    """A copy of ``data`` (a state or replay answer) in ``lang``; ``data`` itself unchanged (its
    events may be the engine's own)."""
    if lang == i18n.DEFAULT:
        return data
    return localize(orjson.loads(orjson.dumps(data)), lang)


def localize_json(message: str, lang: str) -> str:
    """A state message's JSON text in ``lang`` (the same text for English)."""
    if lang == i18n.DEFAULT:
        return message
    return orjson.dumps(localize(orjson.loads(message), lang)).decode()
