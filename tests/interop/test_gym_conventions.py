"""Researchers' conventions of the Gymnasium environments (issue #32): ``action_masks()``
(MaskablePPO's), ``metadata["render_fps"]``, ``render_mode="ansi"`` giving the board as text and
``info["legal_actions_words"]``."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import empires  # noqa: E402, F401  (registers the ids)
from empires.interop.gym_env import (  # noqa: E402
    EmpiresDiscoverySingleAgentEnv,
    EmpiresSettlersSingleAgentEnv,
)

ENVS = [
    (EmpiresDiscoverySingleAgentEnv, {"num_players": 3}),
    (EmpiresSettlersSingleAgentEnv, {}),
    (EmpiresSettlersSingleAgentEnv, {"num_players": 2}),
]


@pytest.mark.parametrize(("cls", "kwargs"), ENVS)
def test_action_masks_is_the_legal_mask_as_bools(cls, kwargs):
    env = cls(seed=3, **kwargs)
    assert not env.action_masks().any()  # before reset
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    for _ in range(40):
        mask = env.action_masks()
        assert mask.dtype == np.bool_ and mask.shape == (env.action_space.n,)
        np.testing.assert_array_equal(mask, obs["action_mask"].astype(bool))
        assert sorted(np.flatnonzero(mask)) == sorted(env.game.legal_action_codes())
        obs, _, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        if terminated:
            assert not env.action_masks().any()
            break


@pytest.mark.parametrize(("cls", "kwargs"), ENVS)
def test_info_names_the_legal_actions_in_words(cls, kwargs):
    env = cls(seed=5, **kwargs)
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(1)
    for _ in range(30):
        words = info["legal_actions_words"]
        assert sorted(words) == sorted(np.flatnonzero(obs["action_mask"]).tolist())
        assert all(isinstance(w, str) and w.strip() and not w.isdigit() for w in words.values())
        game = env.game
        pairs = zip(game.legal_action_codes(), game.legal_actions(), strict=True)
        assert words == {code: game.describe_for(action, env.seat) for code, action in pairs}
        obs, _, terminated, _, info = env.step(int(rng.choice(list(words))))
        if terminated:
            assert info["legal_actions_words"] == {}
            break
    quiet = cls(seed=5, action_words=False, **kwargs)
    assert quiet.reset(seed=5)[1] == {}


def test_discovery_words_are_english_sentences():
    env = EmpiresDiscoverySingleAgentEnv(num_players=2, seed=0)
    _, info = env.reset(seed=0)
    assert any(w.startswith("Place a") for w in info["legal_actions_words"].values())


@pytest.mark.parametrize(("cls", "kwargs"), ENVS)
def test_render_ansi_is_the_board_as_text(cls, kwargs):
    assert cls.metadata["render_fps"] > 0
    assert "ansi" in cls.metadata["render_modes"]
    env = cls(seed=2, render_mode="ansi", **kwargs)
    assert env.render() is None  # before reset
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and "\x1b" not in text
    lines = text.splitlines()
    assert len(lines) > 8 and lines[0].startswith(repr(env.game))
    titles = [line for line in lines if line.startswith("-- ") and line.endswith(" --")]
    parts = env.adapter.screen_parts(env.game.observation(env.seat), "en")
    assert titles == [f"-- {part.title} --" for part in parts]
    assert all(line == line.rstrip() for line in lines)


def test_render_human_prints_the_board(capsys):
    env = EmpiresDiscoverySingleAgentEnv(num_players=2, seed=1, render_mode="human")
    env.reset(seed=1)
    printed = capsys.readouterr().out
    assert "-- " in printed and repr(env.game) in printed
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert capsys.readouterr().out.strip()


@pytest.mark.parametrize(
    "env_id", ["empires/Discovery-v0", "empires/Settlers-v0", "empires/SettlersSolo-v0"]
)
@pytest.mark.parametrize("render_mode", [None, "ansi"])
def test_env_checker_passes_with_the_conventions(env_id, render_mode):
    """Through ``gymnasium.make`` (the checker tries the other render modes of an env with a
    spec); any warning of the checker fails the test."""
    env = gymnasium.make(env_id, render_mode=render_mode).unwrapped
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env, skip_render_check=render_mode is None)


@pytest.mark.parametrize("env_id", ["empires/Discovery-v0", "empires/SettlersSolo-v0"])
def test_registered_ids_take_render_mode_ansi(env_id):
    env = gymnasium.make(env_id, render_mode="ansi")
    env.reset(seed=0)
    assert "-- " in env.render()
    assert env.unwrapped.action_masks().any()
    assert env.metadata["render_fps"] == 4
