"""The observation tensors built straight from the state (what the adapters hand the research
interfaces) equal the tensors built from the seat's observation, for every seat at every step
of random games over all player counts and rules options."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from empires.core.adapter import get_adapter
from empires.core.rng import Rng
from empires.discovery import Options, state_tensor, tensor
from empires.discovery.options import EDITIONS, NATIONS, VARIANTS
from empires.settlers import Options as SettlersOptions
from empires.settlers import state_tensor as settlers_state_tensor
from empires.settlers import tensor as settlers_tensor
from empires.settlers.cards import FACTIONS
from empires.settlers.options import VARIANTS as SETTLERS_VARIANTS

settlers_tensor_direct = settlers_state_tensor.observation_tensor


def discovery_options(edition, nations, builders, buy_vp, variants):
    try:
        return Options(edition, builders, buy_vp, nations, tuple(variants))
    except ValueError:  # a combination the rules refuse (e.g. nations with 2007)
        return None


def assert_equal_along_a_game(game, seed, direct, from_observation, every=1):
    rng = Rng(seed)
    step = 0
    while True:
        if step % every == 0 or game.is_terminal():
            for p in range(game.num_players):
                expected = from_observation(game, p)
                got = direct(game, p)
                assert got.dtype == np.float32 and got.shape == expected.shape
                if not np.array_equal(got, expected):
                    wrong = np.flatnonzero(got != expected)[:5].tolist()
                    raise AssertionError(f"step {step}, seat {p}: indices {wrong} differ")
        if game.is_terminal():
            return
        game.apply(rng.choice(game.legal_actions()))
        step += 1


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32 - 1),
    edition=st.sampled_from(EDITIONS),
    nations=st.sampled_from(NATIONS),
    builders=st.booleans(),
    buy_vp=st.booleans(),
    variants=st.sets(st.sampled_from(VARIANTS)),
)
def test_discovery_tensor_from_the_state_is_the_observations(
    players, seed, edition, nations, builders, buy_vp, variants
):
    options = discovery_options(edition, nations, builders, buy_vp, variants)
    assume(options is not None)
    try:
        game = get_adapter("discovery").new_game(players, seed, options)
    except ValueError:  # too many players for these options
        assume(False)
    assert_equal_along_a_game(
        game, seed, state_tensor.observation_tensor, tensor.observation_tensor
    )


def test_the_discovery_adapter_builds_its_tensor_from_the_state(monkeypatch):
    game = get_adapter("discovery").new_game(3, 4)
    calls = []
    monkeypatch.setattr(state_tensor, "observation_tensor", lambda g, p, out=None: calls.append(p))
    get_adapter("discovery").observation_tensor(game, 2)
    assert calls == [2]


def test_discovery_direct_tensor_writes_into_a_buffer_and_checks_the_seat():
    game = get_adapter("discovery").new_game(3, 9)
    out = np.full(tensor.tensor_shape(3), 5.0, np.float32)
    assert state_tensor.observation_tensor(game, 1, out) is out
    np.testing.assert_array_equal(out, tensor.observation_tensor(game, 1))
    for bad in (3, -1, None, True):
        try:
            state_tensor.observation_tensor(game, bad)
        except ValueError as exc:
            assert "no seat" in str(exc)
        else:
            raise AssertionError(f"seat {bad!r} was accepted")


@st.composite
def _settlers_table(draw):
    """A player count with options that fit it: no factions (random ones) or one distinct
    faction per player, at most one Lookout variant and none in the solo game; so that hypothesis throws few
    examples away (its filter_too_much health check)."""
    players = draw(st.integers(1, 4))
    factions = draw(
        st.one_of(
            st.just([]),
            st.lists(st.sampled_from(FACTIONS), min_size=players, max_size=players, unique=True),
        )
    )
    lookouts = [v for v in SETTLERS_VARIANTS if "lookout" in v]  # they exclude each other
    others = [v for v in SETTLERS_VARIANTS if v not in lookouts]
    variants = draw(st.sets(st.sampled_from(others)))
    if players > 1:
        variants |= set(draw(st.lists(st.sampled_from(lookouts), max_size=1)))
    return players, factions, variants


@settings(max_examples=25, deadline=None)
@given(table=_settlers_table(), seed=st.integers(0, 2**32 - 1), reshuffle=st.booleans())
def test_settlers_tensor_from_the_state_is_the_observations(table, seed, reshuffle):
    players, factions, variants = table
    try:
        options = SettlersOptions(
            factions=tuple(factions),
            variants=tuple(variants),
            reshuffle_faction_discards=reshuffle,
        )
        game = get_adapter("settlers").new_game(players, seed, options)
    except ValueError:  # factions that do not fit this many players
        assume(False)
    assert_equal_along_a_game(
        game, seed, settlers_state_tensor.observation_tensor, settlers_tensor.observation_tensor
    )


def test_the_settlers_adapter_builds_its_tensor_from_the_state(monkeypatch):
    game = get_adapter("settlers").new_game(2, 4)
    calls = []
    monkeypatch.setattr(
        settlers_state_tensor, "observation_tensor", lambda g, p, out=None: calls.append(p)
    )
    get_adapter("settlers").observation_tensor(game, 1)
    assert calls == [1]
    with pytest.raises(ValueError, match="no seat"):
        settlers_tensor_direct(game, 2)
