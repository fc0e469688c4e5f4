"""Every word the engines say is translated: random-bot games of each game, every event (each
seat's view and a spectator's) and every choice, messages rendered in es/it/pt with no
catalogue miss (:func:`empires.i18n.render` notes each one: a template, a word, a component's
name); the components' printed names and texts (Discovery's buildings and cards, Imperial
Settlers' cards) in each language, as the rulebooks print them."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from empires import i18n
from empires.core.adapter import get_adapter
from empires.core.messages import items, msg, plural, seat
from empires.server import language_coverage as lc
from empires.server.view_language import localize

SEEDS = Path("/work/shared/seeds")
LANGS = ["es", "it", "pt"]


@cache
def sample(game: str) -> tuple[lc.Sample, ...]:
    return tuple(lc.sample_messages(game, games=3, seed=0))


def _left(messages, lang: str) -> dict[str, list[str]]:
    """The English of each message with catalogue misses in ``lang``, and what it missed."""
    out = {}
    for _, message, names in messages:
        missed = lc.misses(message, lang, names)
        if missed:
            out[i18n.render(message, names=names)] = missed
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["discovery", "settlers"])
def test_random_games_are_fully_translated(game, lang):
    messages = sample(game)
    assert {kind for kind, _, _ in messages} == {"event", "choice"} and len(messages) > 1000
    left = _left(messages, lang)
    assert not left, f"{len(left)} messages keep English parts, e.g. {list(left.items())[:3]}"


def test_exploring_with_the_discovery_deck_is_translated():
    """A choice few random games reach (every region discovered): the heuristic bots get there."""
    from empires.bots import make_bot
    from empires.server.manager import _describe

    state = get_adapter("discovery").new_game(3, seed=0)
    bots = [make_bot("heuristic", "discovery", i) for i in range(3)]
    message = None
    while message is None and not state.is_terminal():
        deck = [a for a in state.legal_actions() if str(a) == "deck"]
        if deck:
            message = _describe(state, deck[0], state.current_player)
        else:
            state.apply(bots[state.current_player].choose(state))
    assert message is not None
    assert state.render(message) == "Explore with the Discovery deck"
    for lang in LANGS:
        assert not lc.misses(message, lang, state.component_name), lang
        assert state.render(message, lang) != state.render(message)


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
    messages = lc.sample_messages("discovery", games=1, seed=11, options=options, players=players)
    for lang in LANGS:
        left = _left(messages, lang)
        assert not left, f"{lang}: {len(left)} messages keep English parts, e.g. {sorted(left)[:3]}"


def test_coverage_counts_what_stays_english():
    assert lc.misses(msg("Use {building}", building="University"), "es") == []
    took = msg("{player} takes ${money}", player=seat(1), money=3)
    assert lc.misses(took, "it") == []  # seats and numbers are never catalogue words
    assert lc.misses(msg("Something no template knows"), "es") == ["Something no template knows"]
    assert lc.misses(msg("Use {building}", building="Nowhere Hall"), "pt") == ["Nowhere Hall"]
    assert lc.misses(msg("Anything at all"), "en") == []
    cov = lc.coverage("settlers", "pt", games=1, seed=1)
    assert cov.seen["event"] > 0 and cov.share("event") == 1.0


@pytest.mark.parametrize(
    ("message", "lang", "expected"),
    [
        (items(["Indigo", "Fish", "Cocoa", "Silver"]), "es", "Añil, Pescado, Cacao y Plata"),
        (items([seat(0), seat(2), seat(1)]), "it", "Giocatore 1, Giocatore 3 e Giocatore 2"),
        (
            items(
                [
                    plural("{n} Colonist", "{n} Colonists", 3),
                    "a Captain",
                    plural("{n} Missionary", "{n} Missionaries", 2),
                ]
            ),
            "pt",
            "3 Colonos, um Capitão e 2 Missionários",
        ),
        (items(["Wood", "Stone"], "or"), "es", "Madera o Piedra"),
    ],
)
def test_lists_and_counted_words(message, lang, expected):
    missing: list = []
    assert i18n.render(message, lang, missing=missing) == expected
    assert not missing


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
        assert card["name"] == i18n.translate(english[card["id"]]["name"], "es")
        assert card["name"] in i18n.catalogue("es").values()
        assert card["text"] != english[card["id"]]["text"]  # its text is a catalogue entry


def test_the_view_carries_building_texts_in_the_language():
    obs = _played("discovery", 10).observation(0)
    view = localize({"observation": json.loads(json.dumps(obs))}, "it")["observation"]
    offer = obs["boxes"]["buildings_offer"]
    assert offer
    for english, italian in zip(offer, view["boxes"]["buildings_offer"], strict=True):
        assert italian["text"] == i18n.translate(english["text"], "it") != english["text"]
    assert view["regions"][0]["name"] == i18n.translate(obs["regions"][0]["name"], "it")
