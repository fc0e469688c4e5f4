"""Languages: English (the source), Spanish, Italian and Portuguese, as the rulebooks are.

The catalogues are gettext ``.po`` files (``empires/locale/<lang>/LC_MESSAGES/empires.po``) keyed
by the English text, read with Babel. :func:`translate` gives a text in a language (falling back to
the English when a catalogue lacks it), with ``{name}`` placeholders filled in. The engines stay in
English and pure; the layers above (terminal, server) translate what they show.
"""

from __future__ import annotations

import locale as _locale
import os
import re
from functools import cache, lru_cache
from importlib import resources

LANGUAGES = {"en": "English", "es": "Español", "it": "Italiano", "pt": "Português"}
DEFAULT = "en"


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The translations of ``lang`` (English text -> translated text); {} for English."""
    if lang not in LANGUAGES or lang == DEFAULT:
        return {}
    from babel.messages.pofile import read_po

    path = resources.files("empires").joinpath("locale", lang, "LC_MESSAGES", "empires.po")
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        cat = read_po(handle, locale=lang)
    # a message with a context (msgctxt) is keyed as gettext keys it: "context\x04text"
    return {
        (f"{m.context}\x04{m.id}" if m.context else str(m.id)): str(m.string)
        for m in cat
        if m.id and m.string and not m.fuzzy
    }


def translate(text: str, lang: str = DEFAULT, /, **values: object) -> str:
    """``text`` (English) in ``lang``, its ``{name}`` placeholders filled from ``values``."""
    out = catalogue(lang).get(text, text) if lang != DEFAULT else text
    if values:
        try:
            out = out.format(**values)
        except (KeyError, IndexError, ValueError):
            out = text.format(**values)
    return out


def translate_in(context: str, text: str, lang: str = DEFAULT, /, **values: object) -> str:
    """``text`` in ``lang`` as said of ``context`` (gettext's msgctxt: Italian "none" of Trade
    Goods is "nessuna", of buildings "nessuno"); the text without context where the catalogue
    has no entry for that context."""
    if lang != DEFAULT and f"{context}\x04{text}" in catalogue(lang):
        text_in = catalogue(lang)[f"{context}\x04{text}"]
        return text_in.format(**values) if values else text_in
    return translate(text, lang, **values)


def N_(text: str) -> str:
    """Marks ``text`` for the catalogues (Babel extracts it) without translating it: the
    engines' English sentence shapes and printed names (see empires.sentences)."""
    return text


_PLACEHOLDER = re.compile(r"(\{\w+\})")
# Placeholders that stand for a number in the engines' sentences: they match digits only, so a
# short template ("{n} Food") never swallows a sentence it was not written for.
_NUMBERS = frozenset(
    "n m count money vp space before after strength resistance value ships sets plunder "
    "per_soldier place a b c d e f g".split()
)


# Placeholders that stand for clauses joined with "; " (the others never span one), and for one
# name (a seat, card, building...: never a list, so a list is split before it is matched).
_CLAUSES = frozenset({"rest", "detail", "rows", "ranking", "text", "ties", "counter"})
_NAMES = frozenset("player owner other card region worker good".split())


def _slot(name: str) -> str:
    if name in _NUMBERS:
        return f"(?P<{name}>-?\\d+)"
    if name in _CLAUSES:
        return f"(?P<{name}>.+?)"
    if name in _NAMES:
        return f"(?P<{name}>(?:(?!; |, | and |: ).)+?)"
    return f"(?P<{name}>(?:(?!; ).)+?)"


# How a language joins a list the engines wrote ("A, B and C"): the catalogue's entries for these.
_COMMA, _AND = "{items}, {item}", "{items} and {item}"
_JOINERS = frozenset((_COMMA, _AND))


def _list_items(text: str) -> list[str]:
    """The items of an English list "A, B and C" (split outside brackets only); [text] if it
    is not one."""
    items, depth, start, i = [], 0, 0, 0
    while i < len(text):
        ch = text[i]
        depth += (ch in "([") - (ch in ")]")
        if depth == 0 and text.startswith(", ", i) and " and " not in text[start:i]:
            items.append(text[start:i])
            start = i = i + 2
            continue
        if depth == 0 and text.startswith(" and ", i):
            items.append(text[start:i])
            items.append(text[i + 5 :])
            return items if all(items) and " and " not in items[-1] else [text]
        i += 1
    if items:  # "A, B, C" (the Player Order)
        items.append(text[start:])
        return [*items, ""] if all(items) else [text]
    return [text]


def _comma_items(text: str) -> list[str]:
    """``text`` split at its commas outside brackets (a last "" item), when an item holds an
    "and" of its own ("A ahead of B on Trade Goods and Merchant Ships, C ahead of D...")."""
    items, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch in "([") - (ch in ")]")
        if depth == 0 and text.startswith(", ", i):
            items.append(text[start:i])
            start = i + 2
    return [*items, text[start:], ""] if items and all(items) and text[start:] else [text]


def _list(items: list[str], lang: str, left: list[str] | None) -> str:
    """The items in ``lang`` joined as it joins them (a last "" item: commas only)."""
    words = [_render(item, lang, left) for item in items if item]
    comma = catalogue(lang).get(_COMMA, _COMMA)
    out = words[0]
    for word in words[1:-1]:
        out = comma.format(items=out, item=word)
    joiner = comma if not items[-1] else catalogue(lang).get(_AND, _AND)
    return joiner.format(items=out, item=words[-1])


@cache
def _patterns(lang: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """The catalogue's texts with placeholders as patterns matching the English they make, the
    most specific (most fixed text) first, each with its translation."""
    out = []
    for english, translated in catalogue(lang).items():
        if english in _JOINERS:  # lists are split by _list, never by a pattern
            continue
        parts = _PLACEHOLDER.split(english)
        names = [p[1:-1] for p in parts if _PLACEHOLDER.fullmatch(p)]
        if not names or len(set(names)) != len(names):
            continue
        regex = "".join(
            _slot(p[1:-1]) if _PLACEHOLDER.fullmatch(p) else re.escape(p) for p in parts
        )
        fixed = len(_PLACEHOLDER.sub("", english))
        out.append((fixed, re.compile(regex + r"\Z", re.S), translated))
    out.sort(key=lambda item: -item[0])
    return tuple((pattern, translated) for _, pattern, translated in out)


@lru_cache(maxsize=65536)
def translate_text(text: str, lang: str) -> str:
    """An English text the engines made (an action, an event, a prompt, a name) in ``lang``: the
    catalogue's translation when it has the text itself, else the first template whose English
    shape matches it, its values translated the same way; unchanged when nothing matches."""
    if lang == DEFAULT or not text or lang not in LANGUAGES:
        return text
    return _render(text, lang, None)


# A value no language changes: a number, a seat's default name ("Player 2", "the virtual
# player" is in the catalogues), a sum of money.
_NEUTRAL = re.compile(r"(?:Player \d+|-?\$?\d+(?:[-/]\d+)*|[A-Z]?\d+|[ivxIVX]+)\Z")


def _render(text: str, lang: str, left: list[str] | None) -> str:
    """``text`` in ``lang``; the parts no catalogue entry or template covers are added to
    ``left`` (when given) unless they are numbers or default seat names."""
    found = catalogue(lang).get(text)
    if found:
        return found
    if _NEUTRAL.match(text):
        return text
    for pattern, translated in _patterns(lang):
        match = pattern.match(text)
        if match:
            values = {k: _render(v, lang, left) for k, v in match.groupdict().items()}
            try:
                return translated.format(**values)
            except (KeyError, IndexError, ValueError):
                continue
    tries = [items for items in (_list_items(text), _comma_items(text)) if len(items) > 1]
    for n, items in enumerate(tries):  # a list; the first way of splitting it that covers it
        missing: list[str] = []
        out = _list(items, lang, missing)
        if not missing or n == len(tries) - 1:
            if left is not None:
                left.extend(missing)
            return out
    if left is not None and not _NEUTRAL.match(text):
        left.append(text)
    return text


_SEAT_NAME = re.compile(r"\bPlayer (\d+)\b")


def seat_names(text: str, lang: str) -> str:
    """``text`` with the engines' default seat names ("Player 2") in ``lang`` ("Jugador 2"): for
    the terminal, whose seats have no other names (the server puts its players' names in
    their place, so :func:`translate_text` keeps them)."""
    if lang == DEFAULT or "Player " not in text:
        return text
    return _SEAT_NAME.sub(lambda m: translate("Player {n}", lang, n=m.group(1)), text)


def untranslated(text: str, lang: str) -> list[str]:
    """The parts of ``text`` (English from an engine) that stay English in ``lang``: [] when
    every word of it is the catalogue's (numbers and default seat names aside)."""
    if lang == DEFAULT or lang not in LANGUAGES:
        return []
    left: list[str] = []
    _render(text, lang, left)
    return left


def _words(item: object, key: str, lang: str) -> None:
    if isinstance(item, dict) and isinstance(item.get(key), str):
        item[key] = translate_text(item[key], lang)


def _components(item: object, lang: str, depth: int = 0) -> None:
    """The printed names and texts of the components in an observation, wherever they are: a
    dict with a string ``id`` is a component (a Discovery counter, card, region or building on
    offer, a Settlers card), its ``name`` and ``text`` the engine's English."""
    if depth > 8:  # observations are shallow; never walk further
        return
    values: list = []
    if isinstance(item, dict):
        if isinstance(item.get("id"), str):
            _words(item, "name", lang)
            _words(item, "text", lang)
        values = list(item.values())
    elif isinstance(item, list):
        values = item
    for value in values:
        if isinstance(value, dict | list):
            _components(value, lang, depth + 1)


def localize_observation(obs: dict, lang: str) -> dict:
    """``obs`` (an observation, JSON-like) with the engine's words in ``lang``, in place: the
    phase, the decision's prompt, every component's name and text. Ids stay as they are."""
    if lang == DEFAULT or not isinstance(obs, dict):
        return obs
    _words(obs, "phase", lang)
    _words(obs.get("decision"), "prompt", lang)
    _components(obs, lang)
    return obs


def normalize(tag: str | None) -> str:
    """The language we offer for a locale or Accept-Language tag ("pt_BR.UTF-8", "es-ES;q=0.8,
    en" ...): its first language we have, else English."""
    for part in (tag or "").replace("_", "-").split(","):
        base = part.split(";")[0].strip().split("-")[0].split(".")[0].lower()
        if base in LANGUAGES:
            return base
    return DEFAULT


def from_environment() -> str:
    """The terminal's language: LANGUAGE, LC_ALL, LC_MESSAGES or LANG, as gettext reads them."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return normalize(value.split(":")[0])
    with_locale = _locale.getlocale()[0]
    return normalize(with_locale)
