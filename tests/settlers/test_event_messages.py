"""Imperial Settlers events as messages (issue #30): every event of random games (1-4 players,
every option: variants, reshuffled Faction discards, a card file, factions in another order) as
each seat and a spectator reads it, in Spanish, Italian and Portuguese, with nothing missing from
the catalogues and no sentence left in English; the English rendering is the old text."""

from __future__ import annotations

import json
import re

import pytest

from empires import i18n
from empires.core.messages import message_in
from empires.core.rng import Rng
from empires.settlers import Options, new_game
from empires.settlers.event_texts import TEXTS
from empires.settlers.solo import ACHIEVEMENTS
from tests.settlers.settlers_helpers import complete_card_file

LANGS = ("es", "it", "pt")


def _played(n: int, seed: int, options: Options):
    game = new_game(n, seed=seed, options=options)
    rng = Rng(seed)
    while not game.is_terminal():
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return game


def _option_sets(n: int, cards: str) -> list[Options]:
    out = [
        Options(),
        Options(cards=cards),
        Options(variants=("peaceful",), reshuffle_faction_discards=True),
        Options(factions=("japanese", "egyptians", "barbarians", "romans")[:n]),
    ]
    if n > 1:
        out += [
            Options(variants=("alternate-lookout",), cards=cards),
            Options(variants=("advanced-lookout", "peaceful"), reshuffle_faction_discards=True),
        ]
    return out


def _names_only(text: str, game) -> bool:
    """Whether ``text`` holds nothing but names (cards, seats) and numbers."""
    db = game.s.db
    for name in sorted({c.name for c in db.cards}, key=len, reverse=True):
        text = text.replace(name, "")
    text = re.sub(r"Player \d+", "", text)
    return not re.search(r"[A-Za-z]{2,}", text)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_every_event_is_told_in_every_language(n, tmp_path):
    cards = complete_card_file(tmp_path)
    missing: list[str] = []
    english_left: list[str] = []
    kinds: set[str] = set()
    for options in _option_sets(n, cards):
        for seed in range(2):
            game = _played(n, seed + 10 * n, options)
            for viewer in (None, *range(n)):
                for e in game.events(viewer):
                    if e["kind"] == "action":  # (its words: tests/settlers/test_action_messages.py)
                        continue
                    kinds.add(e["kind"])
                    for lang in LANGS:  # the phase's name too
                        if i18n.translate(e["phase"], lang) == e["phase"]:
                            missing.append(f"(phase) {e['phase']}")
                    m = message_in(e)
                    json.dumps(m)  # plain data
                    english = game.render(m, "en")
                    assert english == e["text"]
                    for lang in LANGS:
                        text = i18n.render(m, lang, names=game.component_name, missing=missing)
                        assert "{" not in text, (lang, text)
                        if text == english and not _names_only(text, game):
                            english_left.append(f"{lang}: {text}")
    assert {"drew", "built", "production", "cleanup", "round_end", "game_over"} <= kinds
    assert sorted(set(missing)) == []
    assert english_left == []


def _secret_cards(value) -> set[str]:
    """The card ids in an event's secret part."""
    if isinstance(value, dict):
        own = {value["id"]} if isinstance(value.get("id"), str) else set()
        return own.union(*(_secret_cards(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_secret_cards(v) for v in value))
    return set()


def _card_args(value) -> set[str]:
    """The card ids a message names (its ``{"card": id}`` arguments, at any depth)."""
    if isinstance(value, dict):
        own = {value["card"]} if set(value) == {"card"} else set()
        return own.union(*(_card_args(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_card_args(v) for v in value))
    return set()


@pytest.mark.parametrize("n", [2, 4])
def test_a_redacted_event_names_no_secret_card(n):
    redacted = 0
    for options in (Options(), Options(variants=("alternate-lookout",))):
        game = _played(n, 3, options)
        for raw, seen in zip(game.event_log(), game.events(None), strict=True):
            secret = raw.get("secret")
            if raw["kind"] == "action" or not secret:
                continue
            hidden = _secret_cards({k: v for k, v in secret.items() if k != "to"})
            public = _card_args(
                {k: v for k, v in raw.items() if k != "secret"}
            )  # a card also shown in public (a pick from the draft) is no secret
            assert seen.get("redacted") is True
            assert not (_card_args(seen["args"]) & (hidden - public)), seen
            redacted += 1
    assert redacted > 0


def test_english_is_the_old_text_and_words_are_data():
    game = _played(2, 5, Options())
    events = [e for e in game.events(0) if e["kind"] != "action"]
    built = next(e for e in events if e["kind"] == "built")
    assert built["args"]["card"] == {"card": built["card"]["id"]}
    assert built["args"]["player"] == {"seat": built["player"]}
    assert built["text"].startswith(f"Player {built['player'] + 1} builds {built['card']['name']}")
    drew = next(e for e in events if e["kind"] == "drew")
    assert drew["args"]["what"] == {
        "msg": "{n} card",
        "plural": "{n} cards",
        "args": {"n": drew["count"]},
    }
    es = game.events(0, lang="es")
    assert next(e for e in es if e["seq"] == built["seq"])["text"].startswith(
        f"Jugador {built['player'] + 1} construye "
    )


def test_every_kind_has_a_text_function():
    assert {"revealed", "drew", "built", "attack", "game_over", "final_scoring"} <= set(TEXTS)
    for fn in TEXTS.values():
        assert callable(fn)


@pytest.mark.parametrize("won", [True, False])
def test_the_solo_verdict_in_every_language(won):
    """A won solo game names its achievement (every title of the table), a lost one the
    Collection; random games rarely win, so the events are made here."""
    game = new_game(1, seed=1)
    titles = [title for _, title in ACHIEVEMENTS] if won else [None]
    for title in titles:
        e = {"kind": "game_over", "won": won, "total": 64, "achievement": title}
        e.update(built=1, collection=3, ranking=[[0]])
        m = TEXTS["game_over"](e)
        english = game.render(m)
        assert english.startswith("Game over: Player 1 wins" if won else "Game over: the virtual")
        assert "1 Faction Location built" in english and "3 cards" in english
        for lang in LANGS:
            missing: list[str] = []
            text = i18n.render(m, lang, names=game.component_name, missing=missing)
            assert missing == [] and text != english, (lang, text)
            if title is not None:
                assert i18n.translate(title, lang) in text
