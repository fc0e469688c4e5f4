"""The Discovery observation tensor (empires.discovery.tensor): the block encoders give, on the
recorded golden games, exactly the arrays the single-function encoder they replaced gave."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from empires.discovery import Options, new_game
from empires.discovery.tensor import encode, tensor_layout, tensor_shape, views

HERE = Path(__file__).parent
DIGESTS = json.loads((HERE / "data" / "discovery_tensor_digests.json").read_text())
GOLDEN = [
    g
    for g in json.loads((HERE.parent / "golden" / "histories.json").read_text())
    if g["game"] == "discovery"
]


@pytest.mark.parametrize("i", range(len(DIGESTS)))
def test_tensors_of_recorded_games_are_unchanged(i):
    """Every 5th state of each recorded game, every seat's and a spectator's tensor, hashed in
    order: the digest was written by the encoder before it was split into block encoders."""
    recorded, game = DIGESTS[i], GOLDEN[i]
    assert (recorded["players"], recorded["seed"], recorded["actions"]) == (
        game["players"],
        game["seed"],
        len(game["actions"]),
    )
    state = new_game(game["players"], seed=game["seed"], options=Options.from_json(game["options"]))
    digest = hashlib.sha256()
    for k, action in enumerate([*game["actions"], None]):
        if k % 5 == 0 or action is None:
            for p in [*range(game["players"]), None]:
                tensor = encode(state.observation(p))
                assert tensor.dtype == np.float32 and tensor.shape == tensor_shape(game["players"])
                digest.update(tensor.tobytes())
        if action is not None:
            state.apply(action)
    assert digest.hexdigest() == recorded["tensor_digest"]


def test_encoding_into_a_buffer_overwrites_it():
    game = new_game(3, seed=2)
    out = np.full(tensor_shape(3), 7.0, np.float32)
    assert encode(game.observation(1), out) is out
    np.testing.assert_array_equal(out, encode(game.observation(1)))
    blocks = views(out, 3)
    assert set(blocks) == set(tensor_layout(3))
    assert blocks["seat"].tolist() == [0.0, 1.0, 0.0]
