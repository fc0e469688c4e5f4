"""Every word the engines write is translated: random-bot games of each game, every event (each
seat's view and a spectator's) and every choice, fully matched by the catalogues in es/it/pt
(numbers and default seat names aside); the components' printed names and texts (Discovery's
buildings and cards, Imperial Settlers' cards) in each language, as the rulebooks print them."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from empires import i18n
from empires.core.adapter import get_adapter
from empires.server import language_coverage as lc
from empires.server.view_language import localize

SEEDS = Path("/work/shared/seeds")
LANGS = ["es", "it", "pt"]


@cache
def texts(game: str) -> tuple[tuple[str, str], ...]:
    return tuple(lc.sample_texts(game, games=3, seed=0))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["discovery", "settlers"])
def test_random_games_are_fully_translated(game, lang):
    sample = texts(game)
    assert {kind for kind, _ in sample} == {"event", "choice"} and len(sample) > 1000
    left = {text: i18n.untranslated(text, lang) for _, text in sample}
    left = {text: parts for text, parts in left.items() if parts}
    assert not left, f"{len(left)} texts keep English parts, e.g. {list(left.items())[:3]}"


def test_exploring_with_the_discovery_deck_is_translated():
    """A choice few random games reach (every region discovered): the heuristic bots get there."""
    from empires.bots import make_bot
    from empires.server.manager import _describe

    state = get_adapter("discovery").new_game(3, seed=0)
    bots = [make_bot("heuristic", "discovery", i) for i in range(3)]
    text = None
    while text is None and not state.is_terminal():
        deck = [a for a in state.legal_actions() if str(a) == "deck"]
        if deck:
            text = _describe(state, deck[0])
        else:
            state.apply(bots[state.current_player].choose(state))
    assert text == "Explore with the Discovery deck"
    for lang in LANGS:
        assert not i18n.untranslated(text, lang), lang


# The rules' options bring their own sentences: the Builder expansion, National Advantages (dealt
# and auctioned), Scouting, Buying VP, No Survivors, the 2007 edition's specialist trade.
OPTIONS = [
    ({"builders": True, "nations": "random", "variants": ["scouting"]}, 4),
    ({"edition": "2007"}, 3),
    ({"builders": True, "buy_vp": True, "nations": "auction"}, 5),
    (
        {
            "builders": True,
            "nations": "random",
            "variants": ["advanced-reconnaissance", "no-survivors"],
        },
        6,
    ),
]


@pytest.mark.parametrize(("options", "players"), OPTIONS)
def test_discovery_with_its_options_is_fully_translated(options, players):
    sample = lc.sample_texts("discovery", games=1, seed=11, options=options, players=players)
    for lang in LANGS:
        left = {text for _, text in sample if i18n.untranslated(text, lang)}
        assert not left, f"{lang}: {len(left)} texts keep English parts, e.g. {sorted(left)[:3]}"


def test_coverage_counts_what_stays_english():
    assert i18n.untranslated("Use University", "es") == []
    assert i18n.untranslated("Player 2 takes $3", "it") == []  # seat names and sums stay
    assert i18n.untranslated("Something no template knows", "es") == ["Something no template knows"]
    assert i18n.untranslated("Anything at all", "en") == []
    cov = lc.coverage("settlers", "pt", games=1, seed=1)
    assert cov.seen["event"] > 0 and cov.share("event") == 1.0


@pytest.mark.parametrize(
    ("english", "lang", "expected"),
    [
        ("Indigo, Fish, Cocoa and Silver", "es", "Añil, Pescado, Cacao y Plata"),
        ("Player 1, Player 3, Player 2", "it", "Player 1, Player 3, Player 2"),
        (
            "Player 1 (1 workers, 0 VP), Player 3 (2 workers, 6 VP) and Player 4 (1 workers, 0 VP)",
            "es",
            "Player 1 (1 trabajadores, 0 PV), Player 3 (2 trabajadores, 6 PV) y "
            "Player 4 (1 trabajadores, 0 PV)",
        ),
        (
            "3 Colonists, a Captain and 2 Missionarys",
            "pt",
            "3 Colonos, um Capitão e 2 Missionários",
        ),
        (
            "Production: 1 Raze token and 1 Worker.",
            "es",
            "Producción: 1 ficha de Saqueo y 1 Trabajador.",
        ),
        (
            "Take Meeting Place (pink Feature, cost 2 Wood, 1 Stone)",
            "es",
            "Tomar Lugar de reunión (Apoyo rosa, coste 2 Madera, 1 Piedra)",
        ),
    ],
)
def test_lists_and_card_words(english, lang, expected):
    assert i18n.translate_text(english, lang) == expected


# Printed names as each rulebook prints them (Discovery: es 2015, it/pt 2007; Settlers: es).
PRINTED = {
    "empires-age-of-discovery.es.txt": (
        "es",
        [
            "Militia",
            "Prosperity",
            "Factory",
            "Age of Reason",
            "Re-Write History",
            "Spice Islands",
            "Circumnavigate the Globe",
            "Chipongu (Japan)",
            "New World Capital City",
        ],
    ),
    "age-of-empires-iii-2007.it.txt": (
        "it",
        ["Power", "Factory", "Wealth", "Migration", "The Great Lakes", "Chipongu (Japan)"],
    ),
    "age-of-empires-iii-2007.pt.txt": (
        "pt",
        ["Navy", "Factory", "Glory", "Population", "Militia", "Prosperity"],
    ),
    "imperial-settlers.es.txt": (
        "es",
        ["Gate", "Shrine", "Trade Route", "Warehouses", "Hanseatic League", "Imperial Messenger"],
    ),
}


@pytest.mark.parametrize("book", sorted(PRINTED))
def test_component_names_are_the_rulebooks(book):
    path = SEEDS / book
    if not path.is_file():
        pytest.skip(f"no rulebook text at {path}")
    lang, names = PRINTED[book]
    text = path.read_text(encoding="utf-8").lower()
    absent = [
        (n, i18n.translate(n, lang)) for n in names if i18n.translate(n, lang).lower() not in text
    ]
    assert not absent


def _played(game: str, steps: int):
    import random

    state = get_adapter(game).new_game(2, seed=1)
    rng = random.Random(1)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_view_carries_card_names_and_texts_in_the_language():
    obs = _played("settlers", 40).observation(0)
    view = localize({"observation": json.loads(json.dumps(obs))}, "es")["observation"]
    english = {c["id"]: c for c in obs["your_hand"]}
    assert view["your_hand"]
    for card in view["your_hand"]:
        assert card["name"] == i18n.translate_text(english[card["id"]]["name"], "es")
        assert card["text"] != english[card["id"]]["text"]
        assert not i18n.untranslated(english[card["id"]]["text"], "es")


def test_the_view_carries_building_texts_in_the_language():
    obs = _played("discovery", 10).observation(0)
    view = localize({"observation": json.loads(json.dumps(obs))}, "it")["observation"]
    offer = obs["boxes"]["buildings_offer"]
    assert offer
    for english, italian in zip(offer, view["boxes"]["buildings_offer"], strict=True):
        assert italian["text"] == i18n.translate_text(english["text"], "it") != english["text"]
    assert view["regions"][0]["name"] == i18n.translate(obs["regions"][0]["name"], "it")
