"""The browser's message catalogues: every text the pages show (t("...") in static/js, data-i18n
marks in the static pages) is translated in es/it/pt, with the same {placeholders}; the
extractor itself finds what it should; printed names match each language's rulebook."""

from __future__ import annotations

from pathlib import Path

import pytest

from empires.server import web_messages as wm

SEEDS = Path("/work/shared/seeds")


@pytest.mark.parametrize("lang", wm.LANGUAGES)
def test_no_catalogue_misses_a_key(lang):
    lacking = wm.missing(lang)
    assert not lacking, f"{lang}.json lacks {len(lacking)} texts, e.g. {lacking[:5]}"


@pytest.mark.parametrize("lang", wm.LANGUAGES)
def test_translations_keep_the_placeholders(lang):
    catalogue = wm.load(lang)
    wrong = {k: v for k, v in catalogue.items() if v and wm.placeholders(v) != wm.placeholders(k)}
    assert not wrong


def test_every_t_call_has_a_literal_text():
    """A t(variable) call escapes the extractor: only the two translating helpers may do it."""
    for path in sorted((wm.STATIC / "js").glob("*.js")):
        if path.name in {"i18n.js", "page-language.js"}:
            continue
        calls = wm.js_non_literal_calls(path.read_text(encoding="utf-8"))
        assert not calls, f"{path.name}: {calls}"


def test_the_extractor_reads_js_calls_and_marked_html():
    js = 'x = t("Seat {n}", { n }); y = t( "Say \\"hi\\"" );\n  // t("not this")\n'
    js += 'const at = cat("no"); t(name);'
    assert wm.js_keys(js) == ["Seat {n}", 'Say "hi"']
    assert wm.js_non_literal_calls(js) == ["t(n"]
    html = (
        '<label data-i18n>Seed   (optional) <input placeholder="random" '
        'data-i18n-attrs="placeholder"></label><p>left alone</p>'
        '<button title="First (Home)" data-i18n data-i18n-attrs="title">« First</button>'
    )
    assert wm.html_keys(html) == ["Seed (optional)", "random", "First (Home)", "« First"]


def test_the_pages_use_the_catalogue_keys_the_lobby_and_game_need():
    keys = wm.page_keys()
    for text in (
        "Create game",
        "Your choices",
        "Game log",
        "Language",
        "Colonist Dock",
        "Replay (spectator view)",
        "Waiting for {name}",
    ):
        assert text in keys


# Printed names: the catalogue's word for a board box, a worker or a good, as the rulebook of
# that language prints it (Discovery: es 2015; it/pt the 2007 edition; Settlers: es).
PRINTED = {
    "es": (
        "empires-age-of-discovery.es.txt",
        [
            "Colonist Dock",
            "Merchant Shipping",
            "Capital Buildings",
            "Trade Goods",
            "Initiative",
            "Warfare",
            "Specialists",
            "Training",
            "Missionary",
            "Indigo",
            "New France",
            "New Granada",
            "National Advantages",
            "VP",
        ],
    ),
    "it": (
        "age-of-empires-iii-2007.it.txt",
        [
            "Colonist Dock",
            "Capital Buildings",
            "Trade Goods",
            "Initiative",
            "Discovery",
            "Captain",
            "Missionary",
            "Cocoa",
            "Furs",
            "Cattle",
            "Caribbean",
        ],
    ),
    "pt": (
        "age-of-empires-iii-2007.pt.txt",
        [
            "Colonist Dock",
            "Merchant Shipping",
            "Capital Buildings",
            "Trade Goods",
            "Initiative",
            "Merchant",
            "Missionary",
            "Training",
            "Cattle",
            "Furs",
            "Indigo",
            "VP",
        ],
    ),
}
SETTLERS_ES = [
    "Wood",
    "Stone",
    "Food",
    "Workers",
    "Production",
    "Feature",
    "Shrine",
    "Trade Route",
    "Samurai",
    "The virtual player",
    "Imperial Settlers",
    # the cards' decks, factions, colours and costs (the web table's card kinds and costs)
    "Common",
    "Romans",
    "Barbarians",
    "Egyptians",
    "Japanese",
    "Attack",
    "a Location",
    "Brown",
    "Gray",
    "Pink",
    "Red",
]


@pytest.mark.parametrize("lang", sorted(PRINTED))
def test_printed_names_are_the_rulebooks(lang):
    book, names = PRINTED[lang]
    path = SEEDS / book
    if not path.is_file():
        pytest.skip(f"no rulebook text at {path}")
    text = path.read_text(encoding="utf-8").lower()
    catalogue = wm.load(lang)
    absent = [(n, catalogue[n]) for n in names if catalogue[n].lower() not in text]
    assert not absent


def test_settlers_names_are_the_spanish_rulebooks():
    path = SEEDS / "imperial-settlers.es.txt"
    if not path.is_file():
        pytest.skip(f"no rulebook text at {path}")
    text = path.read_text(encoding="utf-8").lower()
    catalogue = wm.load("es")
    absent = [(n, catalogue[n]) for n in SETTLERS_ES if catalogue[n].lower() not in text]
    assert not absent
