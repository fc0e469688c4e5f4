"""Issue #30: everything the engines say is data (a message id and its arguments), told in the
reader's language through the catalogues, never by parsing English.

Property tests over random games of both games, every player count and option: every event as
each seat and a spectator reads it, every legal action's words as the decider and as a
spectator read them, and every decision's prompt, rendered in Spanish, Italian and Portuguese
with no catalogue miss (a message id, a word or a component name the language lacks is a miss:
it would be shown in English)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from empires import i18n
from empires.core.messages import is_msg, message_in
from empires.core.rng import Rng
from tests.discovery.test_discovery_events import configs as discovery_configs
from tests.discovery.test_discovery_events import keen_game
from tests.settlers.settlers_helpers import random_game
from tests.settlers.test_settlers_properties import configs as settlers_configs

OTHERS = ("es", "it", "pt")
seeds = st.integers(min_value=0, max_value=2**32)


def misses_of(game, message) -> dict[str, list[str]]:
    """What each other language lacks to tell ``message`` ({} when nothing)."""
    out = {}
    for lang in OTHERS:
        missing: list[str] = []
        i18n.render(message, lang, names=game.component_name, missing=missing)
        if missing:
            out[lang] = missing
    return out


def check_events(game) -> None:
    n = game.s.num_players
    for viewer in (None, *range(n)):
        events = game.events(viewer)
        json.dumps(events)  # the data travels as JSON (saves, replays, the web)
        for e in events:
            assert is_msg(e), e
            message = message_in(e)
            assert e["text"] == game.render(message, "en")
            assert misses_of(game, message) == {}, (e["kind"], e["text"])


def check_choices(game) -> None:
    """The words of every legal action and the prompt, at a few decisions of a replay."""
    decision = game.observation(None).get("decision") or {}
    prompt = decision.get("prompt_msg") or decision.get("prompt")
    if prompt:
        assert misses_of(game, prompt) == {}, prompt
    for act in game.legal_actions():
        for viewer in (-2, None):
            message = game.describe_msg(act, viewer)
            assert is_msg(message)
            assert misses_of(game, message) == {}, (str(act), game.render(message))
    for act in game.legal_actions()[
        :8
    ]:  # describe: the English of a message, as some viewer reads it
        assert game.describe(act) in {game.render(game.describe_msg(act, v)) for v in (-2, None)}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(discovery_configs(), seeds)
def test_every_discovery_event_is_told_in_every_language(config, seed):
    n, options = config
    check_events(keen_game(n, seed % 100_000, options))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(settlers_configs(), seeds)
def test_every_settlers_event_is_told_in_every_language(config, seed):
    n, options = config
    check_events(random_game(n, seed, options))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(discovery_configs(), seeds, st.integers(0, 400))
def test_every_discovery_choice_and_prompt_in_every_language(config, seed, stop):
    n, options = config
    for k in range(0, stop, 40):
        game = keen_game(n, seed % 100_000, options, stop=k)
        if game.is_terminal():
            break
        check_choices(game)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(settlers_configs(), seeds, st.integers(0, 200))
def test_every_settlers_choice_and_prompt_in_every_language(config, seed, stop):
    n, options = config
    for k in range(0, stop, 20):
        game = random_game(n, seed, options, stop=k)
        if game.is_terminal():
            break
        check_choices(game)


def test_a_miss_is_seen():
    """The check above can fail: an unknown message id, word or component is a miss."""
    missing: list[str] = []
    text = i18n.render(
        {"msg": "No such sentence {x} {y}.", "args": {"x": "No such word", "y": {"card": "x1"}}},
        "es",
        missing=missing,
    )
    assert text == "No such sentence No such word x1."
    assert missing == ["No such sentence {x} {y}.", "No such word", "(no name) card x1"]


def test_plurals_lists_and_numbers_follow_the_language():
    """Babel's list patterns and each catalogue's plural rule, never English shapes."""
    three = {"list": ["Gold", "Sugar", "Fur"], "style": "standard"}
    assert i18n.render(three, "en") == "Gold, Sugar and Fur"
    assert i18n.render(three, "es") == "Oro, Azúcar y Pieles"
    assert i18n.render({"list": ["Gold", "Sugar"], "style": "or"}, "pt").endswith(" ou Açúcar")
    assert i18n.render(1234, "es") == "1234" or i18n.render(1234, "es") == "1.234"
    assert i18n.render(1234, "en") == "1,234"
    assert i18n.render({"seat": 1}, "it") == "Giocatore 2"
    assert i18n.render({"msg": "{player} passes.", "args": {"player": {"seat": -1}}}) == (
        "The virtual player passes."
    )


def _differences(game, steps: int, rng: Rng) -> int:
    """Plays ``game`` on at random, checking at each decision that every action whose words
    differ for its actor and for the public is one the game's private_words names; returns
    how many such actions were seen."""
    seen = 0
    for _ in range(steps):
        if game.is_terminal():
            break
        top = game.s.pending[-1]
        for act in game.legal_actions():
            public = game.describe_msg(act, None)
            if public != game.describe_msg(act, top["player"]):
                assert game.private_words(act, top), (top["kind"], str(act))
                seen += 1
        game.apply(rng.choice(game.legal_actions()))
    return seen


def test_private_words_names_every_action_an_actor_reads_otherwise():
    """The narration asks for an actor's own words only where private_words says they may
    differ (one describe_msg per action otherwise): it must never miss one."""
    from empires import discovery, settlers

    seen = {"discovery": 0, "settlers": 0}
    for seed in range(6):
        scouting = discovery.Options(variants=("scouting",))
        game = discovery.new_game(3 + seed % 3, seed=seed, options=scouting)
        seen["discovery"] += _differences(game, 400, Rng(seed))
        solo = settlers.Options(variants=("alternate-lookout",)) if seed % 2 else None
        game = settlers.new_game(2 + seed % 3, seed=seed, options=solo)
        seen["settlers"] += _differences(game, 250, Rng(seed))
    assert seen["discovery"] > 0 and seen["settlers"] > 0, seen
