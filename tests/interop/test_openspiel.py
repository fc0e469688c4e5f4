"""The OpenSpiel game ``python_empires_discovery`` and the observation tensor it exposes."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import empires.interop.openspiel as eo  # noqa: E402  (registers the game)
from empires.core.rng import Rng  # noqa: E402
from empires.discovery import new_game  # noqa: E402
from empires.discovery.actions import action_space_size  # noqa: E402
from empires.discovery.data import COUNTERS  # noqa: E402
from empires.discovery.tensor import (  # noqa: E402
    encode,
    observation_tensor,
    tensor_layout,
    tensor_shape,
    views,
)
from empires.interop import rank_returns  # noqa: E402

NAME = "python_empires_discovery"


def load(players=2, seed=0):
    return pyspiel.load_game(NAME, {"players": players, "seed": seed})


def random_states(state, steps, rng, every=1):
    """Yield ``state`` and then every ``every``-th state of a random continuation."""
    yield state
    for i in range(steps):
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))
        if (i + 1) % every == 0:
            yield state


def play_random(state, rng):
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


# ---- registration and parameters -------------------------------------------------------------
def test_registered_with_its_type():
    assert NAME in pyspiel.registered_names()
    game = pyspiel.load_game(NAME)
    gt = game.get_type()
    assert gt.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gt.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert gt.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert gt.provides_information_state_string and gt.provides_observation_string
    assert gt.provides_observation_tensor and gt.provides_information_state_tensor
    assert (gt.min_num_players, gt.max_num_players) == (2, 6)
    params = game.get_parameters()
    assert params == {"players": 4, "seed": 0, "options": ""}
    assert game.num_players() == 4
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.max_chance_outcomes() == 0


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_parameters_set_the_sizes(players):
    game = pyspiel.load_game(f"{NAME}(players={players},seed=3)")
    assert game.num_players() == players
    assert game.num_distinct_actions() == action_space_size(players)
    assert game.observation_tensor_shape() == list(tensor_shape(players))
    state = game.new_initial_state()
    assert state.engine.num_players == players
    assert state.engine.s.seed == 3


@pytest.mark.parametrize("params", [{"players": 1}, {"players": 7}, {"seed": -2}])
def test_bad_parameters_are_refused(params):
    with pytest.raises(Exception):  # noqa: B017  (pyspiel wraps the ValueError)
        pyspiel.load_game(NAME, params)


def test_seed_parameter():
    a, b = load(3, seed=11).new_initial_state(), load(3, seed=11).new_initial_state()
    c = load(3, seed=12).new_initial_state()
    assert a.observation_string(0) == b.observation_string(0)
    assert str(a) == str(b)
    assert a.engine.history == new_game(3, 11).history
    assert a.engine.to_json() != c.engine.to_json()
    fresh = load(3, seed=-1)
    seeds = {fresh.new_initial_state().engine.s.seed for _ in range(3)}
    assert len(seeds) == 3


# ---- OpenSpiel's own checks -------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
def test_random_sim_test(players):
    pyspiel.random_sim_test(load(players, seed=players), num_sims=1, serialize=False, verbose=False)


def test_random_sim_test_with_fresh_seeds():
    pyspiel.random_sim_test(load(2, seed=-1), num_sims=1, serialize=False, verbose=False)


# ---- the state -----------------------------------------------------------------------------
def test_legal_actions_match_the_engine():
    rng = random.Random(1)
    game = load(3, seed=5)
    for state in random_states(game.new_initial_state(), 300, rng, every=7):
        if state.is_terminal():
            break
        engine = state.engine
        cur = state.current_player()
        assert cur == engine.current_player
        assert state.legal_actions() == sorted(engine.legal_action_codes())
        mask = state.legal_actions_mask(cur)
        assert len(mask) == game.num_distinct_actions()
        assert [i for i, m in enumerate(mask) if m] == state.legal_actions()
        for p in range(3):
            if p != cur:
                assert state.legal_actions(p) == []
        for a in state.legal_actions():
            assert state.action_to_string(cur, a) == str(
                engine.legal_actions()[engine.legal_action_codes().index(a)]
            )


def test_terminal_returns_are_rank_based():
    rng = random.Random(2)
    for players in (2, 4):
        state = play_random(load(players, seed=9).new_initial_state(), rng)
        assert state.current_player() == pyspiel.PlayerId.TERMINAL
        assert state.legal_actions() == []
        returns = state.returns()
        assert returns == rank_returns(state.engine.ranking(), players)
        assert abs(sum(returns)) < 1e-9
        assert max(returns) == 1.0 or len(state.engine.ranking()[0]) > 1
        assert all(-1.0 <= r <= 1.0 for r in returns)


def test_rank_returns():
    assert rank_returns([[0], [1]], 2) == [1.0, -1.0]
    assert rank_returns([[0, 1]], 2) == [0.0, 0.0]
    assert rank_returns([[2], [0], [1], [3]], 4) == pytest.approx([1 / 3, -1 / 3, 1.0, -1.0])
    assert rank_returns([[1, 2], [0], [3]], 4) == pytest.approx([-1 / 3, 2 / 3, 2 / 3, -1.0])


def test_nonterminal_returns_are_zero():
    state = load(2).new_initial_state()
    assert state.returns() == [0.0, 0.0]
    assert state.rewards() == [0.0, 0.0]


def test_clone_is_independent():
    rng = random.Random(3)
    state = load(2, seed=4).new_initial_state()
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    copy = state.clone()
    assert str(copy) == str(state) and copy.history() == state.history()
    assert copy.information_state_string(0) == state.information_state_string(0)
    before = state.engine.to_json()
    copy.apply_action(copy.legal_actions()[0])
    assert state.engine.to_json() == before
    assert len(copy.history()) == len(state.history()) + 1


# ---- what a player may know ------------------------------------------------------------------
def hidden_counter_ids(engine):
    s = engine.s
    return {COUNTERS[c].id for r, c in enumerate(s.counter) if c >= 0 and not s.revealed[r]}


def test_information_state_differs_between_players_and_histories():
    rng = random.Random(4)
    state = load(3, seed=2).new_initial_state()
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    strings = {state.information_state_string(p) for p in range(3)}
    assert len(strings) == 3
    # Two different actions from one state lead to different information states for everyone.
    a, b = state.clone(), state.clone()
    a.apply_action(state.legal_actions()[0])
    b.apply_action(state.legal_actions()[-1])
    for p in range(3):
        assert a.information_state_string(p) != b.information_state_string(p)
    # The default is the current player's.
    assert state.information_state_string() == state.information_state_string(
        state.current_player()
    )


def test_information_state_holds_nothing_hidden():
    """A determinized copy (hidden information resampled for the observer) has the same
    information-state string, observation string and observation tensor for that observer."""
    rng = random.Random(5)
    game = load(4, seed=8)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    resampled_something = False
    for state in random_states(game.new_initial_state(), 400, rng, every=45):
        for p in range(4):
            other = state.resample_from_infostate(p, sampler)
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.observation_string(p) == state.observation_string(p)
            assert other.observation_tensor(p) == state.observation_tensor(p)
            assert other.current_player() == state.current_player()
            assert other.history() == state.history()
            assert other.legal_actions() == state.legal_actions()
            resampled_something |= other.engine.to_json() != state.engine.to_json()
            # The face-down counters' identities are never in the string.
            info = state.information_state_string(p)
            for cid in hidden_counter_ids(state.engine):
                assert f'"{cid}"' not in info
    assert resampled_something


def scouting_game(players=3, seed=21):
    return pyspiel.load_game(
        NAME, {"players": players, "seed": seed, "options": json.dumps({"variants": ["scouting"]})}
    )


def test_options_parameter():
    game = scouting_game()
    assert game.get_parameters()["options"] == '{"variants": ["scouting"]}'
    state = game.new_initial_state()
    assert state.engine.options.has("scouting")
    assert game.num_distinct_actions() == action_space_size(3, state.engine.options)
    with pytest.raises(Exception):  # noqa: B017
        pyspiel.load_game(NAME, {"players": 6, "options": '{"edition": "2007"}'})
    with pytest.raises(Exception):  # noqa: B017
        pyspiel.load_game(NAME, {"options": '{"variants": ["no-such-variant"]}'})


def test_private_scouting_stays_private():
    """With the Scouting variant a player may look at a face-down counter: it is in that
    player's information state and tensor only, and determinizing for them keeps it."""
    rng = random.Random(9)
    game = scouting_game()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = game.new_initial_state()
    private_checks = 0
    step = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        scouts = [a for a in legal if state.action_to_string(a).startswith("scout")]
        state.apply_action(
            rng.choice(scouts) if scouts and rng.random() < 0.5 else rng.choice(legal)
        )
        step += 1
        if step % 20:
            continue
        s = state.engine.s
        for p in range(3):
            info = state.information_state_string(p)
            tensor = state.observation_tensor(p)
            other = state.resample_from_infostate(p, sampler)
            assert other.information_state_string(p) == info
            assert other.observation_tensor(p) == tensor
            for r, c in enumerate(s.counter):
                if c < 0 or s.revealed[r]:
                    continue
                cid = f'"{COUNTERS[c].id}"'
                if s.peeks[p][r] == c:
                    assert cid in info
                elif any(s.peeks[q][r] == c for q in range(3)):
                    assert cid not in info
                    private_checks += 1
    assert private_checks > 0


def test_resample_keeps_going_independently():
    rng = random.Random(6)
    state = load(2, seed=1).new_initial_state()
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    before = state.engine.to_json()
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    play_random(other, rng)
    assert state.engine.to_json() == before
    assert other.is_terminal()


def test_information_state_follows_public_offers():
    """Offers that leave the game at a refresh stay in the information state (perfect
    recall), although the observation no longer shows them."""
    rng = random.Random(7)
    state = load(2, seed=3).new_initial_state()
    first_offer = str(state._engine.records[0])
    while state.engine.s.turn == 1:
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(state._engine.records) == 2
    assert first_offer in state.information_state_string(0)


def test_public_records_are_worked_out_when_read_as_they_were_made():
    """A record is kept as a copy of the game and worked out when an information state first
    reads it: the same text as the adapter's record of the game at that point."""
    rng = random.Random(11)
    state = load(3, seed=4).new_initial_state()
    adapter = state._engine.adapter
    expected = [adapter.public_record(state.engine)]
    while len(expected) < 3 and not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        if len(state._engine.records) > len(expected):
            expected.append(adapter.public_record(state.engine))
    for _ in range(20):  # the game goes on; the records stay as they were made
        if not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    records = state._engine.records
    assert all(r.text is None for r in records[1:3])  # none asked for yet
    assert [str(r) for r in records[:3]] == expected
    assert "offers " + " ".join(expected) in state.information_state_string(0)


# ---- the observation tensor ------------------------------------------------------------------
def test_observation_tensor_is_the_interop_tensor():
    rng = random.Random(8)
    game = load(3, seed=6)
    for state in random_states(game.new_initial_state(), 200, rng, every=50):
        for p in range(3):
            expected = encode(state.engine.observation(p))
            got = np.asarray(state.observation_tensor(p), np.float32)
            assert got.shape == tensor_shape(3)
            np.testing.assert_array_equal(got, expected)


def test_observation_tensor_through_the_cache_is_openspiels_own_and_its_errors():
    """The Python ``observation_tensor`` (through the game's observer and its cache) gives what
    OpenSpiel's own C++ call gives, for every seat, across clones, determinized copies and
    states of two games taken in turn; a seat that is not one gets OpenSpiel's own error."""
    rng = random.Random(3)
    game = load(3, seed=-1)
    states = [game.new_initial_state(), game.new_initial_state()]
    own = pyspiel.State.observation_tensor
    for step in range(120):
        state = states[step % 2]
        if state.is_terminal():
            state = states[step % 2] = game.new_initial_state()
        state.apply_action(rng.choice(state.legal_actions()))
        pick = rng.randrange(3)
        if pick == 1:
            state = state.clone()
        elif pick == 2:
            state = state.resample_from_infostate(step % 3, pyspiel.UniformProbabilitySampler(0, 1))
        for p in range(3):
            got = state.observation_tensor(p)
            assert isinstance(got, list) and got == own(state, p)
            np.testing.assert_array_equal(
                np.asarray(got, np.float32), encode(state.engine.observation(p))
            )
        assert state.observation_tensor() == own(state, state.current_player())
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor(3)
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor(-1)
    perfect = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    assert perfect.tensor_list(state, 0) == state.information_state_tensor(0)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_tensor_layout_is_contiguous(players):
    layout = tensor_layout(players)
    offset = 0
    for _name, (off, shape) in layout.items():
        assert off == offset
        offset += int(np.prod(shape))
    assert (offset,) == tensor_shape(players)
    assert observation_tensor(new_game(players, 1), 0).shape == tensor_shape(players)


def test_tensor_is_relative_to_the_observer():
    rng = Rng(9)
    game = new_game(4, 9)
    for _ in range(120):
        game.apply(rng.choice(game.legal_actions()))
    obs_all = game.observation(None)
    for p in range(4):
        v = views(observation_tensor(game, p), 4)
        assert v["seat"].tolist() == [1.0 if q == p else 0.0 for q in range(4)]
        for q in range(4):
            money = obs_all["players"][(p + q) % 4]["money"]
            assert v["money"][q] == pytest.approx(money / 50.0)
        cur = game.current_player
        assert v["current_player"][(cur - p) % 4] == 1.0
        assert v["order"].sum() == 4.0
        assert v["turn"].sum() == 1.0 and v["decision_kind"].sum() == 1.0


def test_tensor_shows_the_rules():
    from empires.discovery import Options
    from empires.discovery.tensor import RULE_FLAGS

    base = views(observation_tensor(new_game(2, 1), 0), 2)["rules"]
    assert [RULE_FLAGS[i] for i in np.flatnonzero(base)] == ["edition:2015", "nations:off"]
    options = Options(builders=True, variants=("scouting",))
    rules = views(observation_tensor(new_game(2, 1, options), 1), 2)["rules"]
    assert {RULE_FLAGS[i] for i in np.flatnonzero(rules)} == {
        "edition:2015",
        "nations:off",
        "builders",
        "variant:scouting",
    }


def test_tensor_is_finite_nonnegative_and_unchanged_by_determinization():
    rng = Rng(10)
    game = new_game(5, 10)
    step = 0
    while not game.is_terminal():
        if step % 60 == 0:
            for p in range(5):
                t = observation_tensor(game, p)
                assert np.isfinite(t).all() and (t >= 0).all()
                for k in range(2):
                    copy = game.determinize(p, Rng(1000 * step + k))
                    np.testing.assert_array_equal(observation_tensor(copy, p), t)
        game.apply(rng.choice(game.legal_actions()))
        step += 1
    t = observation_tensor(game, 0)
    assert views(t, 5)["terminal"][0] == 1.0


def test_tensor_shows_revealed_counters_only():
    rng = Rng(11)
    game = new_game(3, 11)
    seen = False
    while not game.is_terminal():
        s = game.s
        v = views(observation_tensor(game, 0), 3)
        for r, c in enumerate(s.counter):
            if c >= 0 and not s.revealed[r]:
                assert v["region_counter"][r].tolist() == [1.0, 0.0, 0.0]
                assert not v["region_counter_values"][r].any()
            elif c >= 0:
                seen = True
                assert v["region_counter"][r].tolist() == [1.0, 1.0, 0.0]
                assert v["region_counter_values"][r][3] == pytest.approx(COUNTERS[c].vp / 10)
        game.apply(rng.choice(game.legal_actions()))
    assert seen


# ---- OpenSpiel's bots ------------------------------------------------------------------------
def test_mcts_bot_plays_a_full_game():
    from open_spiel.python.algorithms import mcts

    game = load(2, seed=12)
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs, max_length=10)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=5, evaluator=evaluator, random_state=rs, solve=False
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_ismcts_bot_plays_a_full_game():
    from open_spiel.python.algorithms import ismcts, mcts

    game = load(2, seed=13)
    rs = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs, max_length=10)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3, random_state=rs)
    opponent = pyspiel.make_uniform_random_bot(1, 5)
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        action = bot.step(state) if player == 0 else opponent.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_module_constants():
    assert eo.SPECS["discovery"].short_name == NAME
    assert eo.SHORT_NAMES == {NAME: "discovery", "python_empires_settlers": "settlers"}
    assert load(6).max_game_length() == 6 * eo.MAX_DECISIONS_PER_PLAYER
