"""The Imperial Settlers observation tensor (empires.settlers.tensor): built only from what the
observer may know, seats relative to the observer."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from empires.core.rng import Rng
from empires.settlers import Options, new_game
from empires.settlers.tensor import (
    CARD_NAMES,
    encode,
    observation_tensor,
    tensor_layout,
    tensor_shape,
    views,
)


def random_states(players, seed, every=7, options=None):
    """Every ``every``-th state of a random game (the last one included)."""
    game = new_game(players, seed, options)
    rng = Rng(seed)
    step = 0
    while not game.is_terminal():
        if step % every == 0:
            yield game
        game.apply(rng.choice(game.legal_actions()))
        step += 1
    yield game


@settings(max_examples=12, deadline=None)
@given(players=st.integers(1, 4), seed=st.integers(0, 2**32 - 1))
def test_a_determinized_copy_gives_the_same_tensor(players, seed):
    """Resampling what a seat cannot know (hands, decks, Foundations...) leaves its tensor
    unchanged, while the copy differs from the game somewhere (the tensor is not blind)."""
    differed = False
    for k, game in enumerate(random_states(players, seed, every=11)):
        for p in range(players):
            tensor = observation_tensor(game, p)
            other = game.determinize(p, Rng(seed + k))
            np.testing.assert_array_equal(observation_tensor(other, p), tensor)
            differed |= other.to_json() != game.to_json()
    assert differed or players == 1


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_layout_is_contiguous_and_sized(players):
    layout = tensor_layout(players)
    offset = 0
    for off, shape in layout.values():
        assert off == offset
        offset += int(np.prod(shape))
    assert tensor_shape(players) == (offset,)
    assert layout["empire"][1] == (players, len(CARD_NAMES))
    with pytest.raises(ValueError):
        tensor_layout(5)


def test_blocks_read_the_observation():
    for game in random_states(3, 5, every=13):
        for p in range(3):
            obs = game.observation(p)
            v = views(encode(obs), 3)
            assert v["seat"].tolist() == [1.0 if q == p else 0.0 for q in range(3)]
            assert v["hand"].sum() == len(obs["your_hand"])
            assert v["draft"].sum() == len(obs["draft"])
            assert v["terminal"][0] == (1.0 if obs["terminal"] else 0.0)
            for q in range(3):  # relative seat q is absolute seat (p + q) % 3
                row = obs["players"][(p + q) % 3]
                assert v["empire"][q].sum() == len(row["locations"])
                assert v["hand_size"][q] == pytest.approx(row["hand_size"] / 10)
                assert v["vp"][q] == pytest.approx(row["vp"] / 50)
            current = obs["current_player"]
            if current >= 0:
                assert v["current_player"][(current - p) % 3] == 1.0
            assert (v["faction"].sum(axis=1) == 1).all()
            assert encode(obs).min() >= 0.0


def test_solo_blocks_and_spectator():
    game = new_game(1, 3)
    v = views(observation_tensor(game, 0), 1)
    obs = game.observation(0)
    assert v["attack_deck"][0] == pytest.approx(obs["virtual_player"]["attack_deck"] / 16)
    assert v["target_line"].sum() == len(obs["virtual_player"]["target_line"])
    spectator = views(encode(game.observation(None)), 1)
    assert not spectator["seat"].any() and not spectator["hand"].any()
    two = views(observation_tensor(new_game(2, 3), 0), 2)
    assert not two["attack_deck"].any() and not two["solo"].any()


def test_rules_and_buffer():
    options = Options(variants=("peaceful",))
    game = new_game(2, 1, options)
    out = np.full(tensor_shape(2), 9.0, np.float32)
    assert observation_tensor(game, 1, out) is out
    np.testing.assert_array_equal(out, observation_tensor(game, 1))
    assert views(out, 2)["rules"].sum() == 1.0
    assert views(observation_tensor(new_game(2, 1), 1), 2)["rules"].sum() == 0.0
