"""The PettingZoo AEC environment."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

from empires.discovery.actions import action_space_size  # noqa: E402
from empires.discovery.tensor import encode, tensor_shape  # noqa: E402
from empires.interop import rank_returns  # noqa: E402
from empires.interop.observing import OBS_HIGH  # noqa: E402
from empires.interop.pettingzoo_env import EmpiresDiscoveryEnv  # noqa: E402


@pytest.mark.parametrize("players", [2, 4])
def test_api_test(players):
    env = EmpiresDiscoveryEnv(num_players=players, seed=players)
    with warnings.catch_warnings():
        # Dict observations ({"observation", "action_mask"}) draw PettingZoo's generic warnings.
        warnings.simplefilter("ignore", UserWarning)
        api_test(env, num_cycles=130, verbose_progress=False)


def test_spaces():
    env = EmpiresDiscoveryEnv(num_players=3)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    for agent in env.possible_agents:
        space = env.observation_space(agent)
        assert space["observation"].shape == tensor_shape(3)
        assert space["action_mask"].shape == (action_space_size(3),)
        assert space["action_mask"].dtype == np.int8
        assert env.action_space(agent).n == action_space_size(3)
    with pytest.raises(ValueError):
        EmpiresDiscoveryEnv(num_players=7)


def play(env, rng, check=None):
    """Play random legal actions to the end; returns the rewards collected per agent."""
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if check is not None:
            check(env, agent, obs)
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


def test_masks_match_legal_actions_and_rewards_match_ranking():
    env = EmpiresDiscoveryEnv(num_players=4, seed=1)
    env.reset(seed=7)
    rng = np.random.default_rng(0)
    seen = []

    def check(env, agent, obs):
        game = env.game
        seat = env.agent_name_mapping[agent]
        if len(seen) % 25 == 0:
            for other in env.agents:
                o = env.observe(other)
                s = env.agent_name_mapping[other]
                if game.is_terminal() or s != game.current_player:
                    assert not o["action_mask"].any()
                else:
                    assert sorted(np.flatnonzero(o["action_mask"])) == sorted(
                        game.legal_action_codes()
                    )
                np.testing.assert_array_equal(o["observation"], encode(game.observation(s)))
        if not game.is_terminal():
            assert seat == game.current_player
            assert obs["action_mask"].sum() == len(game.legal_actions())
        seen.append(agent)

    totals = play(env, rng, check)
    game = env.game
    assert game.is_terminal() and env.agents == []
    expected = rank_returns(game.ranking(), 4)
    assert [totals[f"player_{p}"] for p in range(4)] == pytest.approx(expected)


def test_reset_is_deterministic_with_a_seed():
    env = EmpiresDiscoveryEnv(num_players=2)
    env.reset(seed=3)
    first = env.game.history
    obs = env.observe(env.agent_selection)
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    env.reset(seed=3)
    assert env.game.history == first
    env.reset()
    assert env.game.history != first
    a, b = EmpiresDiscoveryEnv(num_players=2, seed=5), EmpiresDiscoveryEnv(num_players=2, seed=5)
    a.reset()
    b.reset()
    assert a.game.history == b.game.history


def test_illegal_action_is_refused():
    env = EmpiresDiscoveryEnv(num_players=2, seed=0)
    env.reset()
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError):
        env.step(illegal)


def test_render_ansi():
    env = EmpiresDiscoveryEnv(num_players=2, seed=0, render_mode="ansi")
    env.reset()
    assert "player_0" in env.render()
    env.close()


def test_options():
    env = EmpiresDiscoveryEnv(num_players=2, seed=0, options={"variants": ["scouting"]})
    env.reset()
    assert env.game.options.has("scouting")
    totals = play(env, np.random.default_rng(2))
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])
    with pytest.raises(ValueError):
        EmpiresDiscoveryEnv(num_players=6, options={"edition": "2007"})


def _play_collecting_events(env, rng):
    """Play random legal actions to the end; per agent, every event its infos gave it, and the
    info of each agent at each of its turns."""
    told = {a: [] for a in env.possible_agents}
    turns = []
    for agent in env.agent_iter():
        obs, _, terminated, truncated, info = env.last()
        seat = env.agent_name_mapping[agent]
        for other in env.agents:  # only the agent to act (or, at the end, each) is told
            if other != agent and not env.terminations[other]:
                assert "events" not in env.infos[other]
        events = info.get("events", [])
        told[agent] += events
        turns.append((seat, terminated, events, len(env.game.history["actions"])))
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return told, turns


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 6), scouting=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_info_events_are_the_acting_agents_own_view_since_its_previous_turn(
    players, scouting, seed
):
    options = {"variants": ["scouting"]} if scouting else None
    env = EmpiresDiscoveryEnv(num_players=players, seed=seed, options=options, events=True)
    env.reset(seed=seed)
    told, turns = _play_collecting_events(env, np.random.default_rng(seed))
    game = env.game
    assert game.is_terminal()
    for agent, events in told.items():
        seat = env.agent_name_mapping[agent]
        # each event of its own view exactly once, in order: nothing missed, nothing repeated
        assert events == game.events(seat)
        assert [e["seq"] for e in events] == list(range(len(game.events(None))))
    action_seqs = [e["seq"] for e in game.events(None) if e["kind"] == "action"]
    previous = {}
    for seat, terminated, events, played in turns:
        if seat in previous and not terminated:
            # since its previous turn: starting with the action it took then
            first = events[0]
            assert first["kind"] == "action" and first["player"] == seat
            assert first["seq"] == previous[seat]
        if not terminated:
            previous[seat] = action_seqs[played]  # the action this turn takes
    assert any(e["kind"] == "action" and e["player"] != 0 for e in told["player_0"])


def test_info_events_hide_other_seats_secrets():
    env = EmpiresDiscoveryEnv(
        num_players=2, seed=1, options={"variants": ["scouting"]}, events=True
    )
    secrets = 0
    for seed in range(3):
        env.reset(seed=seed)
        told, _ = _play_collecting_events(env, np.random.default_rng(seed))
        log = env.game.event_log()  # the engine's own log, secret parts and all
        for agent, events in told.items():
            seat = env.agent_name_mapping[agent]
            for e in events:
                secret = log[e["seq"]].get("secret")
                if secret is None:
                    continue
                public = log[e["seq"]]
                for key, value in secret.items():
                    if key == "to":
                        continue
                    if seat in secret["to"]:  # its own secret (e.g. the counter it scouted)
                        assert e[key] == value and not e.get("redacted")
                    else:  # the public value, never the secret one
                        # (withholding only the raw action string is not a redaction)
                        flagged = any(k not in ("to", "action") for k in secret)
                        assert e.get("redacted", False) is flagged
                        assert e.get(key) == public.get(key)
                        if value != public.get(key):
                            secrets += 1
    assert secrets > 0


def test_events_off_changes_no_game():
    on = EmpiresDiscoveryEnv(num_players=2, seed=3, events=True)
    off = EmpiresDiscoveryEnv(num_players=2, seed=3)  # the default: no narration
    on.reset(seed=9)
    off.reset(seed=9)
    totals_on = play(on, np.random.default_rng(1))
    totals_off = play(off, np.random.default_rng(1))
    assert totals_on == totals_off
    assert on.game.history == off.game.history
    assert off.game.events(None) == [] and len(on.game.events(None)) > 0


def test_observations_are_new_arrays_equal_to_the_tensor_from_scratch():
    """The environment's tensor cache hands out copies: an observation kept from an earlier
    step does not change, and each equals the adapter's tensor built from scratch."""
    env = EmpiresDiscoveryEnv(num_players=3, seed=4)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    kept = []
    for agent in env.agent_iter(max_iter=90):
        obs, _, terminated, truncated, _ = env.last()
        seat = env.agent_name_mapping[agent]
        expected = np.minimum(env.adapter.observation_tensor(env.game, seat), OBS_HIGH)
        np.testing.assert_array_equal(obs["observation"], expected)
        kept.append((obs["observation"], obs["observation"].copy()))
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert all(np.array_equal(a, b) for a, b in kept)
    assert len({id(a) for a, _ in kept}) == len(kept)


@pytest.mark.parametrize("cached", [True, False])
def test_values_above_obs_high_are_clipped(cached):
    """No game value comes near OBS_HIGH, so the clip is forced here: a tensor (through the
    cache, or from scratch) with values above it is handed out clipped, the rest unchanged,
    and the cache's own array is left as it was."""
    env = EmpiresDiscoveryEnv(num_players=2, seed=1)
    env.reset(seed=1)
    seat = env.agent_name_mapping[env.agent_selection]
    true = env.adapter.observation_tensor(env.game, seat)
    big = true.copy()
    big[[0, 7, len(big) - 1]] = (OBS_HIGH + 1, 5 * OBS_HIGH, np.inf)
    if cached:

        class Fixed:  # a cache whose tensor is ``big`` (written into ``out`` when given)
            size = len(big)

            def tensor(self, game, seat, out=None):
                if out is None:
                    return big
                out[:] = big
                return out

        env._tensors = Fixed()
    else:
        env._tensors = None
        env.adapter = type("Big", (), {"observation_tensor": lambda self, g, s: big.copy()})()
    obs = env.observe(env.agent_selection)["observation"]
    assert obs.max() == OBS_HIGH
    expected = np.minimum(big, OBS_HIGH)
    np.testing.assert_array_equal(obs, expected)
    assert big[7] == 5 * OBS_HIGH  # not clipped in place
