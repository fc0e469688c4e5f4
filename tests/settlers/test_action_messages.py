"""Imperial Settlers actions and prompts as messages (issue #30): describe_msg names cards by id
and counts as plural messages; its English (describe) is what the engine wrote before; every
action's and prompt's words are in the es, it and pt catalogues; a card chosen in secret is never
named to the others."""

from __future__ import annotations

import hashlib
import json

import pytest

from empires import i18n
from empires.core.rng import Rng
from empires.settlers import Options, new_game
from empires.settlers.actions import Action
from empires.settlers.decision_help import HELP, decision_help
from empires.settlers.decision_table import PROMPTS
from empires.settlers.observation import describe, describe_msg
from tests.settlers.settlers_helpers import complete_card_file

LANGS = ("es", "it", "pt")


def _games(n: int, seed: int, options: Options):
    """Each state of a random game (before each of its actions)."""
    game = new_game(n, seed=seed, options=options)
    rng = Rng(seed)
    while not game.is_terminal():
        yield game
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])


def _option_sets(n: int, cards: str) -> list[Options]:
    out = [
        Options(),
        Options(cards=cards),
        Options(variants=("peaceful",), reshuffle_faction_discards=True),
    ]
    if n > 1:
        out += [
            Options(variants=("alternate-lookout",)),
            Options(variants=("advanced-lookout", "peaceful"), cards=cards),
        ]
    return out


# The English of every legal action (decider and spectator) over these games, as the engine wrote
# it before actions became messages (its sha256; counts of Workers, cards and tokens above 1 now
# in the plural: "gain 2 cards", not "gain 2 card").
PINNED = ("5c68e31715f8719f20e4d1f97cf61c57d35a6fbb0e9973a4ee3b20c21eb6b311", 12286)


def test_english_is_the_engines_words_as_before():
    h = hashlib.sha256()
    count = 0
    for n in (1, 2, 3, 4):
        sets = (Options(),) if n == 1 else (Options(), Options(variants=("alternate-lookout",)))
        for options in sets:
            for game in _games(n, 7, options):
                for act in game.legal_actions():
                    for viewer in (-2, None):
                        h.update(describe(game, act, viewer).encode() + b"\n")
                        count += 1
    assert (h.hexdigest(), count) == PINNED


def test_words_of_some_actions():
    game = new_game(2, seed=3)
    while game.decision["kind"] != "turn":
        game.apply(game.legal_actions()[0])
    words = {describe(game, a) for a in game.legal_actions()}
    assert "Pass" in words
    assert "Spend Workers in pairs" in words
    builds = [w for w in words if w.startswith("Build ")]
    assert builds and all(w.endswith(")") for w in builds)
    m = describe_msg(game, Action("pass"))
    assert m == {"msg": "Pass", "args": {}}
    assert i18n.render(m, "es") == "Pasar"


def test_a_secret_pick_is_not_named_to_the_others():
    game = new_game(2, seed=1, options=Options(variants=("alternate-lookout",)))
    while not game.s.draft_stage.startswith("alt"):
        game.apply(game.legal_actions()[0])
    p = game.decision["player"]
    act = game.legal_actions()[0]
    mine = describe_msg(game, act, p)
    assert mine["args"]["card"] == {"card": game.s.db[act.a].id}
    for viewer in (None, 1 - p):
        other = describe_msg(game, act, viewer)
        assert other == {"msg": "Keep one of the cards drawn", "args": {}}
        assert game.s.db[act.a].id not in json.dumps(other)


def _render_all(m: dict, game, missing: list) -> None:
    for lang in LANGS:
        text = i18n.render(m, lang, names=game.component_name, missing=missing)
        assert "{" not in text, text


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_every_action_and_prompt_is_translated(n, tmp_path):
    cards = complete_card_file(tmp_path)
    missing: list[str] = []
    kinds = set()
    for options in _option_sets(n, cards):
        for game in _games(n, n, options):
            d = game.decision
            kinds.add(d["kind"])
            _render_all(
                {"msg": game.observation(None)["decision"]["prompt"], "args": {}}, game, missing
            )
            for act in game.legal_actions():
                for viewer in (-2, None):
                    m = describe_msg(game, act, viewer)
                    json.dumps(m)  # plain data
                    _render_all(m, game, missing)
    assert "turn" in kinds
    assert sorted(set(missing)) == []


def test_every_prompt_and_help_is_in_the_catalogues():
    texts = list(PROMPTS.values())
    for kind in [*HELP, None]:
        h = decision_help(kind)
        texts += [h.title, h.summary, h.section]
    for lang in LANGS:
        table = i18n.catalogue(lang)
        assert [t for t in texts if t not in table] == [], lang


def test_describe_msg_takes_an_actions_string_and_the_screen_parses_no_english():
    import inspect

    from empires.settlers import screen

    game = new_game(2, seed=0)
    assert game.describe_msg("pass") == game.describe_msg(Action("pass"))
    assert "translate_text" not in inspect.getsource(screen)


def test_every_built_in_card_is_in_the_catalogues_whole():
    """The screen translates a card's name, printed text and known part as exact entries."""
    from empires.settlers.cards import default_cards

    words = {w for c in default_cards().cards for w in (c.name, c.text, c.known_text) if w}
    for lang in LANGS:
        table = i18n.catalogue(lang)
        assert sorted(w for w in words if w not in table) == [], lang
