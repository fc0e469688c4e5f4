"""Languages: English (the source), Spanish, Italian and Portuguese, as the rulebooks are.

The catalogues are gettext ``.po`` files (every ``empires/locale/<lang>/LC_MESSAGES/*.po``, one
per part of the project, merged) keyed by the English text, read with Babel. The engines say
everything as data, messages (:mod:`empires.core.messages`): :func:`render` makes one into text
in a reader's language (each catalogue's plural rule, Babel's list patterns and number format),
only where a person reads it. :func:`translate` gives one exact text of the interface in a
language (falling back to the English when a catalogue lacks it), with ``{name}`` placeholders
filled in. Nothing here parses English back.
"""

from __future__ import annotations

import gettext
import locale as _locale
import os
import re
from collections.abc import Callable
from functools import cache, lru_cache
from importlib import resources
from typing import Any

LANGUAGES = {"en": "English", "es": "Español", "it": "Italiano", "pt": "Português"}
DEFAULT = "en"


def _po_files(lang: str) -> list:
    """The catalogue files of ``lang``: every ``.po`` in its LC_MESSAGES folder (one per part of
    the project: the interface, each game's events and actions...), in name order."""
    folder = resources.files("empires").joinpath("locale", lang, "LC_MESSAGES")
    if not folder.is_dir():
        return []
    return sorted((f for f in folder.iterdir() if f.name.endswith(".po")), key=lambda f: f.name)


@cache
def _catalog(lang: str) -> Any:
    """``lang``'s catalogues read with Babel and merged into one (None for English or a
    language we do not offer)."""
    if lang not in LANGUAGES or lang == DEFAULT:
        return None
    from babel.messages.pofile import read_po

    merged = None
    for path in _po_files(lang):
        with path.open("rb") as handle:
            cat = read_po(handle, locale=lang)
        if merged is None:
            merged = cat
            continue
        for m in cat:
            if not m.id:
                continue
            kept = merged.get(m.id, m.context)
            if kept is not None and kept.pluralizable and not m.pluralizable:
                continue  # a plural entry is never replaced by a plain one of the same msgid
            merged[m.id] = m  # (a msgctxt entry is kept apart by Babel's key)
    return merged


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The translations of ``lang`` (English text -> translated text); {} for English. A
    message with a context (msgctxt) is keyed as gettext keys it: "context\x04text"; a plural
    message by its singular (its first form; :func:`plural_forms` has them all)."""
    cat = _catalog(lang)
    if cat is None:
        return {}
    out = {}
    for m in cat:
        if not m.id or not m.string or m.fuzzy:
            continue
        ident = m.id[0] if isinstance(m.id, tuple | list) else m.id
        string = m.string[0] if isinstance(m.string, tuple | list) else m.string
        if string:
            out[f"{m.context}\x04{ident}" if m.context else str(ident)] = str(string)
    return out


@cache
def plural_forms(lang: str) -> dict[str, tuple[str, ...]]:
    """``lang``'s plural messages: singular English (with "context\x04" when it has one) ->
    the language's forms, in the order its Plural-Forms rule numbers them."""
    cat = _catalog(lang)
    if cat is None:
        return {}
    out = {}
    for m in cat:
        if isinstance(m.id, tuple | list) and not m.fuzzy and all(m.string):
            key = f"{m.context}\x04{m.id[0]}" if m.context else str(m.id[0])
            out[key] = tuple(str(s) for s in m.string)
    return out


@cache
def _plural_rule(lang: str) -> Callable[[int], int]:
    """Which of ``lang``'s plural forms a count takes (its catalogue's Plural-Forms header, the
    expression gettext evaluates)."""
    cat = _catalog(lang)
    expr = cat.plural_expr if cat is not None else "(n != 1)"
    return gettext.c2py(expr)


def translate(text_: str, lang_: str = DEFAULT, /, **values: object) -> str:
    """``text_`` (English) in ``lang_``, its ``{name}`` placeholders filled from ``values``.
    (The positional-only parameters have names no placeholder takes: compiled by mypyc, a
    keyword argument of a positional-only parameter's name binds to that parameter.)"""
    out = catalogue(lang_).get(text_, text_) if lang_ != DEFAULT else text_
    if values:
        try:
            out = out.format(**values)
        except (KeyError, IndexError, ValueError):
            out = text_.format(**values)
    return out


def translate_in(context_: str, text_: str, lang_: str = DEFAULT, /, **values: object) -> str:
    """``text_`` in ``lang_`` as said of ``context_`` (gettext's msgctxt: Italian "none" of
    Trade Goods is "nessuna", of buildings "nessuno"); the text without context where the
    catalogue has no entry for that context."""
    key = f"{context_}\x04{text_}"
    if lang_ != DEFAULT and key in catalogue(lang_):
        text_in = catalogue(lang_)[key]
        return text_in.format(**values) if values else text_in
    return translate(text_, lang_, **values)


def N_(text: str) -> str:
    """Marks ``text`` for the catalogues (Babel extracts it) without translating it: the
    engines' English sentence shapes and printed names (see empires.sentences)."""
    return text


# A value no language changes: a number, a seat's default name, a sum of money (never a
# catalogue miss when a message shows it as a word).
_NEUTRAL = re.compile(r"(?:Player \d+|-?\$?\d+(?:[-/]\d+)*|[A-Z]?\d+|[ivxIVX]+)\Z")


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


# ---- messages as data (empires.core.messages) made into text in a reader's language ---------
SeatNames = Callable[[int], str]
ComponentNames = Callable[[str, Any], Any]

# Babel's locale for each language's list and number patterns (British English: "A, B and C",
# as the rulebook writes lists).
_BABEL_LOCALE = {"en": "en_GB", "es": "es", "it": "it", "pt": "pt"}


def _gettext(text: str, lang: str, context: str | None, missing: list | None) -> str:
    if lang == DEFAULT:
        return text
    table = catalogue(lang)
    if context is not None:
        found = table.get(f"{context}\x04{text}")
        if found:
            return found
    found = table.get(text)
    if found is None:
        if missing is not None and not _NEUTRAL.match(text):
            missing.append(text)
        return text
    return found


def _ngettext(m: dict, n: int, lang: str, missing: list | None) -> str:
    singular, plural_text = m["msg"], m["plural"]
    if lang != DEFAULT:
        context = m.get("ctx")
        forms = plural_forms(lang)
        found = forms.get(f"{context}\x04{singular}") if context else None
        found = found or forms.get(singular)
        if found:
            index = _plural_rule(lang)(n)
            return found[index] if 0 <= index < len(found) else found[-1]
        if missing is not None:
            missing.append(singular)
    return singular if n == 1 else plural_text


@lru_cache(maxsize=4096)
def number(value: int | float, lang: str = DEFAULT) -> str:
    """A number written the reader's way (Babel: "1,234", "1.234")."""
    from babel.numbers import format_decimal

    return format_decimal(value, locale=_BABEL_LOCALE.get(lang, "en_GB"))


def join(words: list[str], lang: str = DEFAULT, style: str = "standard") -> str:
    """Words joined as ``lang`` joins a list (Babel's list patterns): "A, B and C", "A, B y C";
    style "or" for alternatives."""
    if len(words) < 2:
        return "".join(words)
    from babel.lists import format_list

    return format_list(words, style=style, locale=_BABEL_LOCALE.get(lang, "en_GB"))  # type: ignore[arg-type]


def seat_label(p: int, lang: str = DEFAULT) -> str:
    """A seat's default name: "Player 2" (seats from 0 in data, from 1 in words); -1 is the
    Imperial Settlers virtual player."""
    if p == -1:
        return translate("the virtual player", lang)
    return translate("Player {n}", lang, n=p + 1)


class _Render:
    """One rendering: the reader's language, how it names seats and components, and where
    catalogue misses are noted."""

    __slots__ = ("lang", "names", "seats", "missing")

    def __init__(self, lang: str, names: Any, seats: Any, missing: list | None) -> None:
        self.lang, self.names, self.seats, self.missing = lang, names, seats, missing

    def message(self, m: dict) -> str:
        args = m.get("args") or {}
        if "plural" in m:
            template = _ngettext(m, int(args.get("n", 1)), self.lang, self.missing)
        else:
            template = _gettext(m["msg"], self.lang, m.get("ctx"), self.missing)
        values = _Values({k: self.arg(v) for k, v in args.items()})
        if template.startswith("{") and values:  # a sentence opens with its first argument
            first = template[1 : template.find("}")]
            if args.get(first) == {"seat": -1} and first in values:
                values[first] = translate("The virtual player", self.lang)
        try:
            return template.format_map(values)
        except (IndexError, ValueError, AttributeError):
            if self.missing is not None:
                self.missing.append(f"(bad template) {template}")
            return m["msg"].format_map(values)

    def arg(self, value: Any) -> str:
        kind = type(value)
        if kind is str:
            return _gettext(value, self.lang, None, self.missing) if value else ""
        if kind is int or kind is float:
            return number(value, self.lang)
        if kind is dict:
            return self.part(value)
        if kind is list or kind is tuple:
            return join([self.arg(v) for v in value], self.lang)
        return "" if value is None else str(value)

    def part(self, value: dict) -> str:
        if "msg" in value:
            return self.message(value)
        if "seat" in value:
            p = value["seat"]
            named = self.seats(p) if self.seats is not None and p >= 0 else None
            return named if named is not None else seat_label(p, self.lang)
        if "list" in value:
            words = [self.arg(v) for v in value["list"]]
            return join(words, self.lang, value.get("style", "standard"))
        if "text" in value:
            return str(value["text"])
        for kind, ident in value.items():  # a component by id: {"card": "com007"}
            name = self.names(kind, ident) if self.names is not None else None
            if name is None:
                if self.missing is not None:
                    self.missing.append(f"(no name) {kind} {ident}")
                return str(ident)
            return self.arg(name)
        return ""


class _Values(dict):
    """A template's values; a placeholder with no value stays as written."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def render(
    m: Any,
    lang: str = DEFAULT,
    *,
    names: ComponentNames | None = None,
    seats: SeatNames | None = None,
    missing: list | None = None,
) -> str:
    """A message (:mod:`empires.core.messages`) as text in ``lang``. ``names(kind, id)`` gives a
    component's printed name in English (or a message); ``seats(p)`` a seat's name as the
    reader's table has it (None: "Player 2" in ``lang``). Catalogue entries ``lang`` lacks are
    appended to ``missing`` (when given) and written in English. A plain string is a word of
    the catalogue; anything else is written as it is."""
    r = _Render(lang if lang in LANGUAGES else DEFAULT, names, seats, missing)
    if isinstance(m, dict):
        return r.part(m)
    return r.arg(m)
