"""A state message in its reader's language, made from data: the events and choices are
messages (:mod:`empires.core.messages`: a message id and its arguments) rendered in the
reader's language with the table's player names (:func:`seat_namer`); the phase, the
decision's prompt and the printed names and texts of the components are exact catalogue
entries (:func:`empires.i18n.translate`). Nothing here reads English back.

The manager makes each seat's message once per game version and language (a cache per
``(seat, lang)``): every connection that asks for the same one shares it. An unknown language
is English (:func:`empires.i18n.normalize`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import orjson

from empires import i18n
from empires.bots.analysis import analysis_in, hint_in
from empires.core.messages import message_in

MAX_TAG = 64  # a client's language tag longer than this is not read

# The keys of a message (empires.core.messages) where an event, choice or log entry carries one.

Teller = Callable[[dict], str]  # a message -> its text (one language, one table's names)


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


# ---- the table's names for its seats ---------------------------------------------------------
@cache
def _web_words(lang: str) -> dict[str, str]:
    """The web page's catalogue of ``lang`` (static/i18n/<lang>.json): the bots' names."""
    from empires.server.web_messages import STATIC

    path = STATIC / "i18n" / f"{lang}.json"
    try:
        table = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in table.items() if isinstance(v, str) and v}


_BOT_NAME = re.compile(r"(Random|Heuristic|Ismcts|Az) bot( \d+)?\Z")
_BOT_WORDS = {
    "Random": "Random bot",
    "Heuristic": "Heuristic bot",
    "Ismcts": "ISMCTS bot",
    "Az": "Neural-network bot",
}


def seat_name(name: str, seat: int, lang: str) -> str | None:
    """A seat's name as the page shows it to a reader of ``lang`` (board.js ``seatName``): None
    for the name the server gives an unnamed seat ("Player 2": the message names it in the
    reader's language), a bot's name in that language, any other name as its player wrote it."""
    if name == f"Player {seat + 1}":
        return None
    bot = _BOT_NAME.match(name)
    if bot is None:
        return name
    word = _BOT_WORDS[bot.group(1)]
    if lang != i18n.DEFAULT:
        word = _web_words(lang).get(word, word)
    return word + (bot.group(2) or "")


def seat_namer(names: Sequence[str], lang: str) -> Callable[[int], str | None]:
    """``seats(p)`` for :func:`empires.i18n.render`: seat ``p`` by its player's name (``names``,
    one per seat), None (the default "Player 2" in ``lang``) for an unnamed seat."""
    shown = [seat_name(name, p, lang) for p, name in enumerate(names)]

    def seats(p: int) -> str | None:
        return shown[p] if 0 <= p < len(shown) else None

    return seats


# ---- messages --------------------------------------------------------------------------------
def with_message(message: dict, text: str, **fields: Any) -> dict:
    """An item for the page: ``fields``, the message's data and its ``text``."""
    return {**fields, **message_in(message), "text": text}


def retold(events: list[dict], lang: str, tell: Teller) -> list[dict]:
    """Copies of ``events`` (as a game's ``events`` gave them, in English) with their text told
    again from their message by ``tell`` and their phase in ``lang``; the events unchanged."""
    out = []
    for event in events:
        copy = dict(event)
        if "msg" in event:
            copy["text"] = tell(message_in(event))
        if lang != i18n.DEFAULT and isinstance(event.get("phase"), str):
            copy["phase"] = i18n.translate(event["phase"], lang)
        out.append(copy)
    return out


# ---- the observation's words (exact catalogue entries) ---------------------------------------
def _word(item: Any, key: str, lang: str) -> None:
    if isinstance(item, dict) and isinstance(item.get(key), str):
        item[key] = i18n.translate(item[key], lang)


def _components(item: Any, lang: str, depth: int = 0) -> None:
    """The printed names and texts of the components in an observation, wherever they are: a
    dict with a string ``id`` is a component, its ``name`` and ``text`` catalogue entries (or,
    where the engine gives one, its ``name_msg`` / ``text_msg`` message)."""
    if depth > 8:  # observations are shallow; never walk further
        return
    values: list = []
    if isinstance(item, dict):
        if isinstance(item.get("id"), str):
            for key in ("name", "text"):
                told = item.get(f"{key}_msg")
                if isinstance(told, dict) and "msg" in told:
                    item[key] = i18n.render(told, lang)
                else:
                    _word(item, key, lang)
        values = list(item.values())
    elif isinstance(item, list):
        values = item
    for value in values:
        if isinstance(value, dict | list):
            _components(value, lang, depth + 1)


def observation_in(obs: Any, lang: str) -> Any:
    """``obs`` (an observation, JSON-like, the caller's own copy) with its words in ``lang``, in
    place: the phase, the decision's prompt (its ``prompt_msg`` when it has one), every
    component's name and text. Ids stay as they are."""
    if lang == i18n.DEFAULT or not isinstance(obs, dict):
        return obs
    _word(obs, "phase", lang)
    decision = obs.get("decision")
    if isinstance(decision, dict):
        prompt = decision.get("prompt_msg")
        if isinstance(prompt, dict) and "msg" in prompt:
            decision["prompt"] = i18n.render(prompt, lang)
        else:
            _word(decision, "prompt", lang)
    _components(obs, lang)
    return obs


def localize(view: dict, lang: str, tell: Teller | None = None) -> dict:
    """``view`` (a state or replay message as a dict, the caller's own) with its words in
    ``lang``, in place: the observation's, the printed names it carries (``names``), the
    coach's hints; with ``tell`` (a message -> its text in ``lang``: a game's
    :meth:`~empires.server.manager.LiveGame.teller`), the events, choices and log entries told
    again from their messages (without it they are left as they are)."""
    if lang == i18n.DEFAULT and tell is None:
        return view
    observation_in(view.get("observation"), lang)
    names = view.get("names")  # the printed names of what the observation shows by id
    if isinstance(names, dict):
        for table in names.values():
            if isinstance(table, dict):
                for key, name in table.items():
                    if isinstance(name, str):
                        table[key] = i18n.translate(name, lang)
    if tell is not None:
        for key in ("legal", "log"):
            for item in view.get(key) or ():
                if isinstance(item, dict) and "msg" in item:
                    item["text"] = tell(message_in(item))
        if isinstance(view.get("events"), list):
            view["events"] = retold(view["events"], lang, tell)
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


def localized(data: dict, lang: str, tell: Teller | None = None) -> dict:
    """A copy of ``data`` (a state or replay answer) in ``lang``; ``data`` itself unchanged (its
    events may be the engine's own)."""
    if lang == i18n.DEFAULT and tell is None:
        return data
    return localize(orjson.loads(orjson.dumps(data)), lang, tell)
