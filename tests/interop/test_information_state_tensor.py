"""OpenSpiel information-state tensors of both games: the observation tensor followed by counts
of the action codes taken so far (every seat's in Discovery, whose actions are all public; the
seat's own in Imperial Settlers)."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.observation import make_observation  # noqa: E402

import empires.interop.openspiel  # noqa: E402, F401  (registers the games)
from empires.core.adapter import get_adapter  # noqa: E402

PERFECT_RECALL = pyspiel.IIGObservationType(perfect_recall=True)
CASES = [("discovery", 2), ("discovery", 4), ("settlers", 1), ("settlers", 3)]


def load(game: str, players: int, seed: int = 0):
    return pyspiel.load_game(f"python_empires_{game}", {"players": players, "seed": seed})


def sizes(game: str, players: int) -> tuple[int, int, int]:
    """(observation size, rows of counts, action codes)."""
    adapter = get_adapter(game)
    rows = players if adapter.actions_public else 1
    obs = int(np.prod(adapter.tensor_shape(players)))
    return obs, rows, adapter.action_space_size(players)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_declared_and_shaped(game, players):
    spiel = load(game, players)
    assert spiel.get_type().provides_information_state_tensor
    obs, rows, actions = sizes(game, players)
    assert spiel.information_state_tensor_shape() == [obs + rows * actions]
    assert spiel.information_state_tensor_size() == obs + rows * actions


@pytest.mark.parametrize(("game", "players"), CASES)
def test_observation_then_counts_along_a_random_game(game, players):
    """Every step: the tensor's first part is the observation tensor; its counts are the seat's
    own actions (row 0) and, when actions are public, row r the actions of seat p + r."""
    spiel = load(game, players, seed=3)
    obs, rows, actions = sizes(game, players)
    state, rng = spiel.new_initial_state(), random.Random(players)
    steps = 0
    while not state.is_terminal() and steps < 150:
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
        if steps % 7:
            continue
        for p in range(players):
            tensor = np.asarray(state.information_state_tensor(p), np.float32)
            assert tensor.shape == (obs + rows * actions,)
            np.testing.assert_array_equal(tensor[:obs], state.observation_tensor(p))
            counts = tensor[obs:].reshape(rows, actions)
            expected = np.zeros((rows, actions), np.float32)
            for step in state.full_history():
                if (step.player - p) % players < rows:
                    expected[(step.player - p) % players, step.action] += 1
            np.testing.assert_array_equal(counts, expected)
            own = sum(1 for s in state.full_history() if s.player == p)
            assert counts[0].sum() == own
            if rows == players:
                assert counts.sum() == len(state.history())


@pytest.mark.parametrize(("game", "players"), [("discovery", 3), ("settlers", 3)])
def test_holds_nothing_hidden(game, players):
    """A copy in which the others' hidden cards, counters and decks are resampled (the
    engine's ``determinize``) gives the seat the same information-state tensor, though the
    copy's hidden state differs."""
    rng = random.Random(11)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = load(game, players, seed=5).new_initial_state()
    differing = checked = 0
    while not state.is_terminal() and checked < 12:
        state.apply_action(rng.choice(state.legal_actions()))
        if len(state.history()) % 17:
            continue
        for p in range(players):
            other = state.resample_from_infostate(p, sampler)
            assert other.information_state_tensor(p) == state.information_state_tensor(p)
            differing += other.engine.to_json() != state.engine.to_json()
            checked += 1
    assert checked >= 12 and differing > 0


def test_seats_see_different_tensors():
    state = load("discovery", 3, seed=2).new_initial_state()
    rng = random.Random(0)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    tensors = {tuple(state.information_state_tensor(p)) for p in range(3)}
    assert len(tensors) == 3


@pytest.mark.parametrize(("game", "players"), [("discovery", 2), ("settlers", 2)])
def test_observer_api_gives_the_same_tensor_and_named_blocks(game, players):
    spiel = load(game, players, seed=4)
    obs, rows, actions = sizes(game, players)
    observation = make_observation(spiel, PERFECT_RECALL)
    state, rng = spiel.new_initial_state(), random.Random(1)
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    for p in range(players):
        observation.set_from(state, p)
        assert observation.tensor.shape == (obs + rows * actions,)
        assert observation.tensor.tolist() == state.information_state_tensor(p)
        assert observation.dict["actions"].shape == (rows, actions)
        assert observation.dict["actions"].sum() == sum(
            1 for s in state.full_history() if rows == players or s.player == p
        )
        assert observation.string_from(state, p) == state.information_state_string(p)


@pytest.mark.parametrize(("game", "players"), [("discovery", 2), ("settlers", 2)])
def test_openspiel_random_simulation_test(game, players):
    """OpenSpiel's own consistency test, which reads information-state tensors when a game
    provides them."""
    pyspiel.random_sim_test(load(game, players, seed=1), num_sims=1, serialize=False, verbose=False)
