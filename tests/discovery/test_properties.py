"""Property tests: random games for 2-6 players keep every invariant (pieces conserved, money never
negative, scores add up), are deterministic, survive save/load at any point, and never leak
hidden information into an observation."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from invariants import check

from empires.core.rng import Rng
from empires.discovery import DiscoveryGame, from_json, new_game, replay

players = st.integers(min_value=2, max_value=6)
seeds = st.integers(min_value=0, max_value=2**32)


def random_game(n: int, seed: int, stop: int | None = None, each=None) -> DiscoveryGame:
    game = new_game(n, seed=seed)
    rng = Rng(seed ^ 0x5EED)
    steps = 0
    while not game.is_terminal() and (stop is None or steps < stop):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
        steps += 1
        if each is not None:
            each(game)
    return game


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players, seeds)
def test_invariants_hold_after_every_action(n, seed):
    game = random_game(n, seed, each=check)
    assert game.is_terminal()
    assert game.current_player == -1 and game.legal_actions() == []
    ranked = [p for group in game.ranking() for p in group]
    assert sorted(ranked) == list(range(n))


def test_thousand_random_games_end_consistently():
    for i in range(1000):
        n = 2 + i % 5
        game = random_game(n, 10_000 + i)
        check(game)
        totals = [row["total"] for row in game.scores()]
        best = max(totals)
        assert all(totals[p] == best for p in game.ranking()[0])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players, seeds)
def test_same_seed_and_actions_give_the_same_game(n, seed):
    a = random_game(n, seed)
    b = replay(json.loads(json.dumps(a.history)))
    assert a.to_json() == b.to_json()
    assert random_game(n, seed).to_json() == a.to_json()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players, seeds, st.integers(min_value=0, max_value=600))
def test_save_and_load_at_any_point(n, seed, stop):
    game = random_game(n, seed, stop=stop)
    saved = json.dumps(game.to_json())
    loaded = from_json(json.loads(saved))
    assert loaded.to_json() == game.to_json()
    # Both continue identically.
    rng_a, rng_b = Rng(seed), Rng(seed)
    for _ in range(50):
        if game.is_terminal():
            break
        la, lb = game.legal_actions(), loaded.legal_actions()
        assert la == lb
        game.apply(la[rng_a.randrange(len(la))])
        loaded.apply(lb[rng_b.randrange(len(lb))])
    assert loaded.to_json() == game.to_json()


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players, seeds, st.integers(min_value=0, max_value=600), seeds)
def test_observations_do_not_depend_on_hidden_information(n, seed, stop, scramble_seed):
    game = random_game(n, seed, stop=stop)
    other = game.determinize(None, Rng(scramble_seed))
    for viewer in [None, *range(n)]:
        obs = game.observation(viewer)
        assert obs == other.observation(viewer)
        json.dumps(obs)
    assert game.legal_actions() == other.legal_actions()
    # The resampled copy plays on as a legal game.
    finish = other.clone()
    rng = Rng(stop)
    while not finish.is_terminal():
        legal = finish.legal_actions()
        finish.apply(legal[rng.randrange(len(legal))])
    check(finish)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players, seeds, st.integers(min_value=0, max_value=600))
def test_clone_is_complete_and_independent(n, seed, stop):
    game = random_game(n, seed, stop=stop)
    before = game.to_json()
    copy = game.clone()
    assert set(copy.s.__dict__) == set(game.s.__dict__)
    assert copy.to_json() == before
    rng = Rng(seed)
    while not copy.is_terminal():
        legal = copy.legal_actions()
        copy.apply(legal[rng.randrange(len(legal))])
    assert game.to_json() == before
