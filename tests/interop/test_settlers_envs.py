"""The Imperial Settlers PettingZoo AEC environment and Gymnasium single-agent wrapper."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from empires.interop import rank_returns  # noqa: E402
from empires.interop.gym_env import EmpiresSettlersSingleAgentEnv  # noqa: E402
from empires.interop.pettingzoo_env import EmpiresSettlersEnv, env  # noqa: E402
from empires.settlers import action_space_size  # noqa: E402
from empires.settlers.tensor import encode, tensor_shape  # noqa: E402


# ---- PettingZoo ------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 4])
def test_api_test(players):
    aec = EmpiresSettlersEnv(num_players=players, seed=players)
    with warnings.catch_warnings():
        # Dict observations ({"observation", "action_mask"}) draw PettingZoo's generic warnings.
        warnings.simplefilter("ignore", UserWarning)
        api_test(aec, num_cycles=60, verbose_progress=False)


def test_spaces_and_bad_arguments():
    aec = env("settlers", num_players=3)
    assert isinstance(aec, EmpiresSettlersEnv) and aec.metadata["name"] == "empires_settlers_v0"
    assert aec.possible_agents == ["player_0", "player_1", "player_2"]
    space = aec.observation_space("player_1")
    assert space["observation"].shape == tensor_shape(3)
    assert space["action_mask"].shape == (action_space_size(3),)
    assert EmpiresSettlersEnv().num_players == 2
    for bad in (0, 5, True, "2"):
        with pytest.raises(ValueError, match="num_players"):
            EmpiresSettlersEnv(num_players=bad)
    with pytest.raises(ValueError):
        EmpiresSettlersEnv(num_players=2, options={"variants": ["no-such-variant"]})
    with pytest.raises(ValueError, match="unknown game"):
        env("chess")


@pytest.mark.parametrize("players", [1, 3])
def test_masks_rewards_and_events(players):
    aec = EmpiresSettlersEnv(num_players=players, seed=1, events=True)
    aec.reset(seed=7)
    rng = np.random.default_rng(0)
    totals = {a: 0.0 for a in aec.possible_agents}
    told = {a: [] for a in aec.possible_agents}
    for k, agent in enumerate(aec.agent_iter()):
        obs, reward, terminated, truncated, info = aec.last()
        totals[agent] += reward
        told[agent] += info.get("events", [])
        game, seat = aec.game, aec.agent_name_mapping[agent]
        if k % 10 == 0:
            np.testing.assert_array_equal(obs["observation"], encode(game.observation(seat)))
        if terminated or truncated:
            aec.step(None)
            continue
        assert sorted(np.flatnonzero(obs["action_mask"])) == sorted(game.legal_action_codes())
        aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    game = aec.game
    assert game.is_terminal()
    expected = rank_returns(game.ranking(), players)
    assert [totals[f"player_{p}"] for p in range(players)] == pytest.approx(expected)
    for agent, events in told.items():  # each seat's own view, every event exactly once
        assert events == game.events(aec.agent_name_mapping[agent])


# ---- Gymnasium -------------------------------------------------------------------------------
@pytest.mark.parametrize("players,seat", [(1, 0), (3, 1)])
def test_check_env(players, seat):
    check_env(
        EmpiresSettlersSingleAgentEnv(num_players=players, seat=seat, seed=1),
        skip_render_check=True,
    )


def play(gym_env, seed, rng):
    obs, _ = gym_env.reset(seed=seed)
    while True:
        game = gym_env.game
        assert game.current_player == gym_env.seat
        assert sorted(np.flatnonzero(obs["action_mask"])) == sorted(game.legal_action_codes())
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, _ = gym_env.step(action)
        assert not truncated
        if terminated:
            return reward
        assert reward == 0.0


def test_solo_is_the_default_and_rewards_a_win():
    gym_env = EmpiresSettlersSingleAgentEnv(seed=0)
    assert gym_env.num_players == 1
    rewards = set()
    for seed in range(4):
        reward = play(gym_env, seed, np.random.default_rng(seed))
        won = gym_env.game.scores()[0]["won"]
        assert reward == (1.0 if won else -1.0)
        rewards.add(reward)
    assert rewards <= {1.0, -1.0}


def test_heuristic_opponents_and_seeded_replay():
    gym_env = EmpiresSettlersSingleAgentEnv(num_players=2, seat=1, opponents="heuristic")
    reward = play(gym_env, 3, np.random.default_rng(1))
    assert reward == rank_returns(gym_env.game.ranking(), 2)[1]
    gym_env.reset(seed=5)
    first = gym_env.game.history
    gym_env.reset(seed=5)
    assert gym_env.game.history == first


def test_illegal_action_and_bad_arguments():
    gym_env = EmpiresSettlersSingleAgentEnv(seed=0)
    obs, _ = gym_env.reset()
    before = gym_env.game.to_json()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = gym_env.step(illegal)
    assert (reward, terminated, info) == (-1.0, True, {"illegal_action": True})
    assert gym_env.game.to_json() == before
    with pytest.raises(ValueError):
        EmpiresSettlersSingleAgentEnv(opponents="no_such_bot", num_players=2)
    with pytest.raises(ValueError):
        EmpiresSettlersSingleAgentEnv(num_players=2, seat=2)
    with pytest.raises(ValueError):
        EmpiresSettlersSingleAgentEnv(num_players=5)
