"""The OpenSpiel game ``python_empires_settlers`` (1-4 players, the solo game included)."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import empires.interop.openspiel as eo  # noqa: E402  (registers the games)
from empires.interop import rank_returns  # noqa: E402
from empires.settlers import action_space_size, new_game  # noqa: E402
from empires.settlers.tensor import observation_tensor, tensor_shape  # noqa: E402

NAME = "python_empires_settlers"


def load(players=2, seed=0, options=""):
    return pyspiel.load_game(NAME, {"players": players, "seed": seed, "options": options})


def play_random(state, rng):
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_registered_with_its_type():
    assert NAME in pyspiel.registered_names()
    game = pyspiel.load_game(NAME)
    gt = game.get_type()
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gt.utility == pyspiel.GameType.Utility.GENERAL_SUM  # the solo game returns +-1
    assert gt.provides_information_state_string and gt.provides_observation_tensor
    assert (gt.min_num_players, gt.max_num_players) == (1, 4)
    assert game.get_parameters() == {"players": 2, "seed": 0, "options": ""}
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_parameters_set_the_sizes(players):
    game = load(players, seed=3)
    assert game.num_players() == players
    assert game.num_distinct_actions() == action_space_size(players)
    assert game.observation_tensor_shape() == list(tensor_shape(players))
    state = game.new_initial_state()
    assert state.engine.history == new_game(players, 3).history
    assert state.observation_tensor(0) == list(observation_tensor(state.engine, 0))


@pytest.mark.parametrize(
    "params", [{"players": 0}, {"players": 5}, {"seed": -2}, {"options": '{"variants": ["x"]}'}]
)
def test_bad_parameters_are_refused(params):
    with pytest.raises(Exception):  # noqa: B017  (pyspiel wraps the ValueError)
        pyspiel.load_game(NAME, params)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_random_sim_test(players):
    pyspiel.random_sim_test(load(players, seed=players), num_sims=2, serialize=False, verbose=False)


def test_random_sim_test_with_fresh_seeds_and_options():
    options = json.dumps({"variants": ["alternate-lookout"], "factions": ["japanese", "romans"]})
    pyspiel.random_sim_test(load(2, -1, options), num_sims=1, serialize=False, verbose=False)
    state = load(2, 0, options).new_initial_state()
    assert state.engine.options.variants == ("alternate-lookout",)


def test_legal_actions_and_returns():
    rng = random.Random(1)
    for players in (1, 2, 3):
        state = load(players, seed=7).new_initial_state()
        steps = 0
        while not state.is_terminal():
            engine = state.engine
            assert state.current_player() == engine.current_player
            assert state.legal_actions() == sorted(engine.legal_action_codes())
            if steps % 9 == 0:
                a = state.legal_actions()[0]
                assert state.action_to_string(state.current_player(), a) == str(
                    engine.legal_actions()[engine.legal_action_codes().index(a)]
                )
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        returns = state.returns()
        assert returns == rank_returns(state.engine.ranking(), players)
        if players == 1:  # the solo game: won or lost against the virtual player
            assert returns == ([1.0] if state.engine.scores()[0]["won"] else [-1.0])
        else:
            assert abs(sum(returns)) < 1e-9


def test_information_state_holds_nothing_hidden():
    """A determinized copy (hands, decks, Foundations resampled for the observer) has the same
    information-state string, observation string and tensor for that observer, though the
    others' hands in it are not the same."""
    rng = random.Random(5)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = load(3, seed=8).new_initial_state()
    resampled = checked = 0
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        if len(state.history()) % 29:
            continue
        infos = {state.information_state_string(p) for p in range(3)}
        assert len(infos) == 3
        for p in range(3):
            other = state.resample_from_infostate(p, sampler)
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.observation_string(p) == state.observation_string(p)
            assert other.observation_tensor(p) == state.observation_tensor(p)
            if p == state.current_player():
                assert other.legal_actions() == state.legal_actions()
            resampled += other.engine.to_json() != state.engine.to_json()
            for q in range(3):  # another seat's secret hand was resampled, unseen by p
                if q != p and other.engine.s.hand[q] != state.engine.s.hand[q]:
                    checked += 1
    assert resampled and checked


def test_clone_and_resample_are_independent():
    rng = random.Random(6)
    state = load(2, seed=1).new_initial_state()
    for _ in range(20):
        state.apply_action(rng.choice(state.legal_actions()))
    # (the first information state asked for, as resampling does, switches narration on and
    # fills the event log: the JSON is taken after it)
    state.information_state_string(0)
    before = state.engine.to_json()
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[-1])
    other = play_random(state.resample_from_infostate(0), rng)
    assert state.engine.to_json() == before and other.is_terminal()


@pytest.mark.parametrize("players", [1, 2])
def test_mcts_bot_plays_a_full_game(players):
    from open_spiel.python.algorithms import mcts

    game = load(players, seed=11)
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=4, evaluator=evaluator, random_state=rs, solve=False
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.returns() == rank_returns(state.engine.ranking(), players)


@pytest.mark.parametrize("players", [1, 2])
def test_ismcts_bot_plays_a_full_game(players):
    from open_spiel.python.algorithms import ismcts, mcts

    game = load(players, seed=13)
    rs = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3, random_state=rs)
    opponent = pyspiel.make_uniform_random_bot(1, 5)
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        action = bot.step(state) if player == 0 else opponent.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.returns() == rank_returns(state.engine.ranking(), players)


def test_specs():
    assert eo.SPECS["settlers"].short_name == NAME
    assert load(4).max_game_length() == 4 * eo.MAX_DECISIONS_PER_PLAYER


@pytest.mark.parametrize("name,players", [(NAME, 3), ("python_empires_discovery", 2)])
def test_observer_offers_the_named_blocks(name, players):
    from open_spiel.python.observation import make_observation

    from empires.core.adapter import get_adapter

    game = pyspiel.load_game(name, {"players": players, "seed": 2})
    adapter = get_adapter(eo.SHORT_NAMES[name])
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    observation = make_observation(game)
    observation.set_from(state, 1)
    layout = adapter.tensor_layout(players)
    assert list(observation.dict) == list(layout)
    expected = adapter.observation_tensor(state.engine, 1)
    np.testing.assert_array_equal(observation.tensor, expected)
    for block, (off, shape) in layout.items():
        assert observation.dict[block].shape == shape
        np.testing.assert_array_equal(
            observation.dict[block].ravel(), expected[off : off + int(np.prod(shape))]
        )


@pytest.mark.parametrize("players, seed", [(1, 3), (2, -1), (3, 4)])
def test_narration_starts_at_the_first_information_state(players, seed):
    """The engine narrates only once an information state is asked for (replaying its actions
    with narration on), and the strings are those of a game narrated from its start, for
    every seat, also for clones made before the switch and copies resampled after it."""
    rng = random.Random(players)
    game = load(players, seed=seed)
    state = game.new_initial_state()
    for _ in range(25 + 10 * players):
        state.apply_action(rng.choice(state.legal_actions()))
    assert not state.engine.narrate  # nothing asked yet: no narration
    twin = state.clone()
    narrated = state.engine.clone()  # the same game narrated from its start, for comparison
    narrated = type(narrated).new(players, narrated.s.seed, narrated.s.options)
    for action in state.engine.history["actions"]:
        narrated.apply(action)
    assert narrated.narrate and narrated.events(0)
    infos = [state.information_state_string(p) for p in range(players)]
    assert state.engine.narrate
    for p in range(players):
        expected = "".join(
            json.dumps(e, sort_keys=True, separators=(",", ":")) + "\n" for e in narrated.events(p)
        )
        assert "events\n" + expected in infos[p]
        assert twin.information_state_string(p) == infos[p]
    state.apply_action(rng.choice(state.legal_actions()))  # narrating from now on
    assert state.engine.narrate and state.engine.event_log()[-1]
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(0) == state.information_state_string(0)
