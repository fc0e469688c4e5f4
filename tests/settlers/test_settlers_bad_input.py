"""Hostile input to the Imperial Settlers engine (issue #11): any action text is either a legal
action or an IllegalActionError that changes nothing; wrongly typed ``new_game`` arguments are a
ValueError naming the argument; absurdly nested saves are a SaveFileError, never a
RecursionError."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from empires.core.errors import IllegalActionError, SaveFileError
from empires.settlers import Options, from_json, new_game, replay
from tests.settlers.settlers_helpers import random_game


def _positions():
    """The start (solo and multiplayer, the Alternate Lookout's secret picks) and decisions
    deeper in random games (``player N`` and ``option N`` take numbers)."""
    out = [
        new_game(1, seed=1),
        new_game(4, seed=2),
        new_game(3, seed=3, options=Options(variants=("alternate-lookout",))),
    ]
    out += [
        random_game(n, seed, stop=stop)
        for n, seed, stop in ((2, 4, 40), (3, 5, 120), (4, 6, 250), (1, 7, 90))
    ]
    return [g for g in out if not g.is_terminal()]


POSITIONS = _positions()
KINDS = (
    "player",
    "option",
    "take",
    "draw",
    "shrine",
    "build",
    "deal",
    "activate",
    "pick",
    "discard",
    "pass",
    "workers",
    "skip",
    "done",
)
UNICODE_DIGITS = "٣۳३৩߃²³¹①⑴０５𝟓"
action_texts = st.one_of(
    st.text(),
    st.builds(lambda k, t: f"{k} {t}", st.sampled_from(KINDS), st.text()),
    st.builds(
        lambda k, d: f"{k} {d}",
        st.sampled_from(KINDS),
        st.text(alphabet=UNICODE_DIGITS + "0123456789", min_size=1, max_size=8),
    ),
    st.builds(
        lambda k, n: f"{k} {n}",
        st.sampled_from(KINDS),
        st.integers(min_value=-(10**6), max_value=10**30),
    ),
    st.builds(
        lambda k, c: f"{k}{c}1",
        st.sampled_from(KINDS),
        st.text(alphabet=st.characters(categories=["Cc", "Zs", "Zl", "Zp"]), min_size=1),
    ),
    # a legal action's own text, sometimes with a stray character
    st.builds(
        lambda i, extra: (i, extra),
        st.integers(min_value=0, max_value=10**6),
        st.sampled_from(["", " ", "\x00", "٣", " twice", "\n"]),
    ),
)


def _text(game, drawn) -> str:
    if isinstance(drawn, tuple):
        legal = game.legal_actions()
        i, extra = drawn
        return str(legal[i % len(legal)]) + extra
    return drawn


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(POSITIONS))), action_texts)
def test_any_action_text_is_legal_or_refused_without_change(which, drawn):
    game = POSITIONS[which].clone()
    text = _text(game, drawn)
    before = json.dumps(game.to_json(), sort_keys=True)
    legal = [str(a) for a in game.legal_actions()]
    played = len(game.s.actions)
    try:
        game.apply(text)
    except IllegalActionError as e:
        assert str(e)
        assert len(str(e)) < 3000 + 12 * len(legal)  # the text is quoted cut short
        assert json.dumps(game.to_json(), sort_keys=True) == before
    else:
        assert len(game.s.actions) == played + 1
        assert str(game.s.actions[-1]) in legal


@pytest.mark.parametrize(
    "text",
    [
        "player ٣",
        "option ²",
        "player ０",
        "option 𝟓",
        "player 1\x00",
        "player " + "9" * 5000,
        "option " + "1" * 4301,
        "x" * 100_000,
    ],
)
def test_unicode_digits_and_huge_numbers_are_illegal_actions(text):
    game = new_game(2, seed=1)
    before = game.to_json()
    with pytest.raises(IllegalActionError) as err:
        game.apply(text)
    assert len(str(err.value)) < 2000
    assert game.to_json() == before


def test_huge_integer_codes_and_values_are_illegal_actions():
    game = new_game(2, seed=1)
    before = game.to_json()
    for bad in (10**5000, -(10**5000), ("player", 10**5000), [[[[]]]]):
        with pytest.raises(IllegalActionError):
            game.apply(bad)
    assert game.to_json() == before


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("2", 0, None), "num_players"),
        ((2.0, 0, None), "num_players"),
        ((True, 0, None), "num_players"),
        ((None, 0, None), "num_players"),
        (("1", 0, None), "num_players"),
        ((2, "1", None), "seed"),
        ((2, 1.5, None), "seed"),
        ((2, 2**64, None), "seed"),
        ((2, -(2**70), None), "seed"),
        ((2, True, None), "seed"),
        ((2, None, None), "seed"),
        ((2, 0, {"variants": ["peaceful"]}), "options"),
        ((2, 0, "peaceful"), "options"),
    ],
)
def test_wrongly_typed_new_game_arguments_are_value_errors_naming_them(args, named):
    with pytest.raises(ValueError, match=named):
        new_game(*args)


def test_seeds_at_the_ends_of_the_range_still_play():
    for seed in (-(2**63), 2**64 - 1):
        assert new_game(2, seed=seed).legal_actions()


def _nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a":' * 100_000, "[" * 100_000 + "]" * 100_000])
def test_deeply_nested_json_text_is_a_save_file_error(text):
    with pytest.raises(SaveFileError, match="nested too deeply"):
        from_json(text)


def test_deeply_nested_values_are_save_file_errors():
    history = new_game(2, seed=1).history
    for where in ("actions", "seed", "game", "config"):
        bad = {**history, where: _nested(100_000)}
        for load in (replay, from_json):
            with pytest.raises(SaveFileError, match="nested too deeply"):
                load(bad)
    with pytest.raises(SaveFileError, match="nested too deeply"):
        from_json({**new_game(2, seed=1).to_json(), "state": _nested(100_000)})


def test_a_number_too_long_to_read_is_a_save_file_error():
    with pytest.raises(SaveFileError):
        from_json('{"config": {"num_players": 2}, "seed": ' + "7" * 5000 + ', "actions": []}')


def test_a_real_save_is_well_within_the_depth_limit():
    game = random_game(4, 9)
    assert from_json(json.dumps(game.to_json())) == game


@pytest.mark.parametrize(
    "fields",
    [
        {"variants": 5},
        {"variants": [1]},
        {"factions": 5},
        {"factions": [["romans"]]},
        {"cards": 5},
        {"reshuffle_faction_discards": "yes"},
        {"unknown": 1},
    ],
)
def test_wrongly_typed_options_are_value_errors(fields):
    with pytest.raises(ValueError):
        Options.from_json(fields)
    if "unknown" not in fields:
        with pytest.raises(ValueError):
            Options(**fields)
