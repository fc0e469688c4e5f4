"""The Gymnasium single-agent environment."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from empires.bots import make_bot  # noqa: E402
from empires.discovery.actions import action_space_size  # noqa: E402
from empires.discovery.tensor import encode, tensor_shape  # noqa: E402
from empires.interop import rank_returns  # noqa: E402
from empires.interop.gym_env import EmpiresDiscoverySingleAgentEnv  # noqa: E402


def heuristic_available() -> bool:
    try:
        make_bot("heuristic", "discovery", 0)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("players,seat", [(4, 0), (3, 2)])
def test_check_env(players, seat):
    env = EmpiresDiscoverySingleAgentEnv(num_players=players, seat=seat, seed=1)
    check_env(env, skip_render_check=True)


def test_spaces():
    env = EmpiresDiscoverySingleAgentEnv()
    assert env.observation_space["observation"].shape == tensor_shape(4)
    assert env.observation_space["action_mask"].shape == (action_space_size(4),)
    assert env.action_space.n == action_space_size(4)


def play(env, seed, rng):
    obs, _ = env.reset(seed=seed)
    steps = 0
    while True:
        game = env.game
        assert game.current_player == env.seat
        assert sorted(np.flatnonzero(obs["action_mask"])) == sorted(game.legal_action_codes())
        np.testing.assert_array_equal(obs["observation"], encode(game.observation(env.seat)))
        obs, reward, terminated, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        steps += 1
        assert not truncated
        if terminated:
            return reward, steps
        assert reward == 0.0


def test_full_episode_reward_is_the_seats_rank_return():
    env = EmpiresDiscoverySingleAgentEnv(num_players=4, seat=1, opponents="random", seed=0)
    reward, steps = play(env, 11, np.random.default_rng(0))
    assert steps > 20
    assert env.game.is_terminal()
    assert reward == rank_returns(env.game.ranking(), 4)[1]
    assert not env._observe()["action_mask"].any()


def test_seeded_reset_replays_opponents():
    env = EmpiresDiscoverySingleAgentEnv(num_players=3, seat=1, seed=0)
    env.reset(seed=5)
    a = env.game.history
    env.reset(seed=5)
    assert env.game.history == a
    assert a["actions"], "seat 1 is not first: the bots have moved before the agent"


@pytest.mark.skipif(not heuristic_available(), reason="the heuristic bot is not available")
def test_heuristic_opponents():
    env = EmpiresDiscoverySingleAgentEnv(num_players=3, seat=0, opponents=["heuristic", "random"])
    reward, _ = play(env, 2, np.random.default_rng(1))
    assert -1.0 <= reward <= 1.0


def test_opponents_are_checked():
    with pytest.raises(ValueError):
        EmpiresDiscoverySingleAgentEnv(opponents="no_such_bot")
    with pytest.raises(ValueError):
        EmpiresDiscoverySingleAgentEnv(num_players=4, opponents=["random", "random"])
    with pytest.raises(ValueError):
        EmpiresDiscoverySingleAgentEnv(num_players=4, seat=4)


def test_illegal_action_loses_or_raises():
    env = EmpiresDiscoverySingleAgentEnv(num_players=2, seed=0)
    obs, _ = env.reset()
    before = env.game.to_json()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info) == (-1.0, True, False, {"illegal_action": True})
    assert env.game.to_json() == before
    strict = EmpiresDiscoverySingleAgentEnv(num_players=2, seed=0, illegal_action="raise")
    strict.reset()
    with pytest.raises(ValueError):
        strict.step(illegal)


def test_options():
    env = EmpiresDiscoverySingleAgentEnv(num_players=2, seed=0, options={"builders": True})
    env.reset()
    assert env.game.options.builders
    assert env.action_space.n == action_space_size(2, env.options)
