"""Discovery events as messages (issue #30): every event's message, as each seat and a spectator
read it, is written in Spanish, Italian and Portuguese from the catalogues with nothing missing
and is no longer English; the English is the engine's old sentences."""

from __future__ import annotations

import re
from collections import Counter

from empires import i18n
from empires.core.events import visible
from empires.discovery.event_texts import TEXTS
from empires.discovery.narration import component_name
from empires.discovery.options import VARIANTS
from tests.discovery.test_discovery_events import (
    box_worker,
    fresh,
    keen_game,
    one,
    options_for,
    resolve_from,
    since,
)

LANGS = ("es", "it", "pt")


def _shape(value, out: set) -> set:
    """The message ids of a message and its clauses, with its kinds of argument."""
    if isinstance(value, dict):
        if "msg" in value:
            out.add(
                value["msg"] + ("|" + str(value["args"].get("n") == 1) if "plural" in value else "")
            )
        for v in value.values():
            _shape(v, out)
    elif isinstance(value, list):
        for v in value:
            _shape(v, out)
    return out


def _only_names(message: dict) -> bool:
    """Whether a message's own words are none: only its arguments (names, numbers)."""
    return not re.search(r"[A-Za-z]", re.sub(r"\{\w+\}", "", message["msg"]))


def _names(kind: str, ident):
    return component_name(None, kind, ident)


def _played():
    """Random games over every player count (2-6), both editions, the Builder expansion, buying
    VP, the National Advantages (random, auctioned) and every variant, on until every kind of
    event has been told."""
    for i in range(1000):
        n = 2 + i % 5
        yield i, keen_game(n, i, options_for(i, n))


def test_every_event_is_told_in_spanish_italian_and_portuguese():
    seen: Counter = Counter()
    options = set()
    checked = 0
    for i, game in _played():
        options.add((game.num_players, game.s.options.edition))
        options.update(game.s.options.variants)
        options.update({f"nations={game.s.options.nations}", f"builders={game.s.options.builders}"})
        for viewer in [None, *range(game.num_players)]:
            for raw in game.event_log():
                if raw["kind"] == "action":  # the action's words: the game's describe_msg
                    continue
                e = visible(raw, viewer)  # as the viewer reads it (game.events, untold)
                message = TEXTS[e["kind"]](e)
                key = (e["kind"], frozenset(_shape(message, set())))
                if seen[key] >= 2:
                    continue
                seen[key] += 1
                checked += 1
                english = i18n.render(message, "en", names=_names)
                assert english == game.render(message) and english.endswith("."), english
                for lang in LANGS:
                    missing: list = []
                    text = i18n.render(message, lang, names=_names, missing=missing)
                    assert missing == [], (lang, e["kind"], english, missing)
                    assert text != english or _only_names(message), (lang, english)
                    assert "{" not in text and "}" not in text, (lang, text)
        kinds = {k for k, _ in seen}
        if i >= 40 and kinds >= set(TEXTS):
            break
    assert sorted(set(TEXTS) - {k for k, _ in seen}) == []
    assert {(n, "2015") for n in range(2, 7)} | {(n, "2007") for n in range(2, 6)} <= options
    assert set(VARIANTS) | {"nations=random", "nations=auction", "builders=True"} <= options
    assert checked > 200


def test_the_english_is_the_engines_old_sentences():
    game = fresh(3)
    box_worker(game, "initiative", 2)
    box_worker(game, "initiative", 0, "captain")
    mark = since(game)
    resolve_from(game, "initiative")
    e = one(game, "initiative", mark)
    assert e["text"] == (
        "Initiative: Player 3 takes $1 and Player 1 takes $2; next turn's "
        "Player Order starts with Player 3 and Player 1."
    )
    spanish = [x for x in game.events(None, mark, lang="es") if x["kind"] == "initiative"]
    assert spanish[0]["text"] == (
        "Iniciativa: Jugador 3 toma $1 y Jugador 1 toma $2; el Orden de Turno del siguiente "
        "turno empieza con Jugador 3 y Jugador 1."
    )
    sentences = {
        "dock_arrival": {
            "player": 1,
            "worker": "missionary",
            "region": "caribbean",
            "money": 5,
            "colonists": 2,
        },
        "casualties": {"player": 0, "by": 1, "region": "peru", "worker": "militia", "count": 1},
        "refresh": {
            "next_turn": 4,
            "goods": ["fish", "sugar"],
            "added": [],
            "ship": True,
            "order": [2, 0, 1],
        },
    }
    told = {k: game.render(TEXTS[k](e)) for k, e in sentences.items()}
    assert told == {
        "dock_arrival": "Player 2's Missionary lands in Caribbean and earns $5 and brings "
        "2 Colonists along.",
        "casualties": "Player 1 loses a temporary Militia Soldier in Peru to Player 2.",
        "refresh": "Turn 4 is prepared: Fish and Sugar on the Trade Goods box, no new buildings "
        "among the Capital Buildings; a new Merchant Ship waits; Player Order: Player 3, "
        "Player 1, Player 2.",
    }


def test_emit_writes_the_cores_event_and_refuses_a_bad_secret():
    import pytest

    from empires.core import events as core_events
    from empires.discovery import narration

    game = fresh(3)
    s = game.s
    mark = since(game)
    narration.emit(s, "trade_good", {"to": [1], "good": "fur"}, player=1, good=None, source="x")
    narration.emit(s, "trade_good", {"to": [0, 2], "good": "fur"}, player=1, good=None, source="x")
    narration.emit(s, "age", age=2, first_turn=4)
    made: list = []
    phase = narration.phase_name(s.step)
    core_events.emit(
        made,
        "trade_good",
        s.turn,
        phase,
        {"to": [1], "good": "fur"},
        player=1,
        good=None,
        source="x",
    )
    core_events.emit(
        made,
        "trade_good",
        s.turn,
        phase,
        {"to": [0, 2], "good": "fur"},
        player=1,
        good=None,
        source="x",
    )
    core_events.emit(made, "age", s.turn, phase, age=2, first_turn=4)
    assert s.events[mark:] == made
    assert [list(e) for e in s.events[mark:]] == [list(e) for e in made]  # keys in order
    for bad in ({"to": 1}, {"to": [True]}, {"to": ["1"]}, {"good": "fur"}):
        with pytest.raises(ValueError):
            narration.emit(s, "trade_good", bad, player=1, good=None, source="x")
    s.narrate = False
    narration.emit(s, "age", age=3, first_turn=7)
    assert len(s.events) == mark + 3
