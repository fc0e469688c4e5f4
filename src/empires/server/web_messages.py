"""The browser's message keys and catalogues: what the pages show, per language.

Every text the browser shows is written ``t("English text {x}", {x})`` in static/js/*.js, or
marked in a static .html page (``data-i18n``: the element's own text pieces;
``data-i18n-attrs="title aria-label"``: those attributes), see static/js/page-language.js. The
catalogues are static/i18n/<lang>.json, keyed by the English text.

``python -m empires.server.web_messages`` lists the keys a catalogue lacks (and the ones it has
that no page uses); ``--update`` writes each catalogue back with the lacking keys added as empty
strings (to be translated: an empty translation falls back to the English) and the unused ones
kept, sorted by key.
"""

from __future__ import annotations

import argparse
import json
import re
from html.parser import HTMLParser
from pathlib import Path

STATIC = Path(__file__).parent / "static"
LANGUAGES = ("es", "it", "pt")

# t("...") with a double-quoted literal (JSON string escapes); the helpers that translate a
# variable (page-language.js, i18n.js itself) are the only other callers.
_CALL = re.compile(r'(?<![\w.$])t\(\s*"((?:[^"\\\n]|\\.)*)"')
_ANY_CALL = re.compile(r"(?<![\w.$])t\(\s*(?!\))(.)")
_TRANSLATES_VARIABLES = {"i18n.js", "page-language.js"}


def _space(text: str) -> str:
    return " ".join(text.split())


def _code(source: str) -> str:
    """The source without its whole-line // comments (which show how to call t())."""
    return "\n".join(line for line in source.splitlines() if not line.lstrip().startswith("//"))


def js_keys(source: str) -> list[str]:
    """The English texts of the t("...") calls in a JavaScript source."""
    return [json.loads(f'"{m.group(1)}"') for m in _CALL.finditer(_code(source))]


def js_non_literal_calls(source: str) -> list[str]:
    """The t(...) calls whose text is not a double-quoted literal (the extractor misses them)."""
    return [m.group(0) for m in _ANY_CALL.finditer(_code(source)) if m.group(1) != '"']


class _MarkedText(HTMLParser):
    """Collects the texts of data-i18n elements and data-i18n-attrs attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.keys: list[str] = []
        self._stack: list[bool] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for name in (found.get("data-i18n-attrs") or "").split():
            if found.get(name):
                self.keys.append(_space(found[name] or ""))
        if tag not in {"input", "meta", "link", "br", "img", "hr"}:
            self._stack.append("data-i18n" in found)

    def handle_endtag(self, tag: str) -> None:
        if self._stack and tag not in {"input", "meta", "link", "br", "img", "hr"}:
            self._stack.pop()

    def handle_data(self, data: str) -> None:
        if self._stack and self._stack[-1] and _space(data):
            self.keys.append(_space(data))


def html_keys(source: str) -> list[str]:
    """The English texts a static page marks for translation."""
    parser = _MarkedText()
    parser.feed(source)
    return parser.keys


def page_keys(static: Path = STATIC) -> dict[str, list[str]]:
    """Every key the pages use -> the files using it."""
    found: dict[str, list[str]] = {}
    files = sorted(static.glob("js/*.js")) + sorted(static.glob("*.html"))
    for path in files:
        source = path.read_text(encoding="utf-8")
        keys = js_keys(source) if path.suffix == ".js" else html_keys(source)
        for key in keys:
            found.setdefault(key, []).append(path.name)
    return found


def load(lang: str, static: Path = STATIC) -> dict[str, str]:
    path = static / "i18n" / f"{lang}.json"
    data = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return {str(k): str(v) for k, v in data.items()}


def missing(lang: str, static: Path = STATIC) -> list[str]:
    """The keys the pages use that ``lang``'s catalogue does not translate."""
    catalogue = load(lang, static)
    return sorted(k for k in page_keys(static) if not catalogue.get(k))


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def update(lang: str, static: Path = STATIC) -> int:
    """Adds the lacking keys to ``lang``'s catalogue (empty); returns how many were added."""
    catalogue = load(lang, static)
    added = [k for k in page_keys(static) if k not in catalogue]
    catalogue.update({k: "" for k in added})
    path = static / "i18n" / f"{lang}.json"
    text = json.dumps(dict(sorted(catalogue.items())), ensure_ascii=False, indent=1)
    path.write_text(text + "\n", encoding="utf-8")
    return len(added)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--update", action="store_true", help="add the lacking keys to each catalogue, untranslated"
    )
    args = parser.parse_args(argv)
    keys = page_keys()
    print(f"{len(keys)} texts in the pages")
    for lang in LANGUAGES:
        if args.update:
            print(f"{lang}: {update(lang)} added")
        lacking = missing(lang)
        unused = sorted(set(load(lang)) - set(keys))
        print(f"{lang}: {len(lacking)} untranslated, {len(unused)} unused")
        for key in lacking:
            print(f"  missing: {key}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
