"""One state's observations for several viewers, built with a shared public part
(``shared_observation`` / ``observation_from``, what the web app does for a seat and its
spectators): each equal, to the byte, to the viewer's own ``observation``, whatever the order
the viewers ask in; what one seat scouted never reaches another viewer's."""

from __future__ import annotations

import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from empires.core.rng import Rng
from empires.discovery import Options, new_game
from tests.discovery.test_properties import games, seeds


def _views(game, viewers: list) -> dict:
    shared = game.shared_observation()
    return {v: orjson.dumps(game.observation_from(shared, v)) for v in viewers}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), seeds, st.randoms(use_true_random=False))
def test_shared_views_equal_each_viewer_s_own_observation(config, seed, order):
    n, options = config
    options = Options(
        builders=options.builders,
        buy_vp=options.buy_vp,
        variants=tuple({*options.variants, "scouting"}),  # counters seen by one seat only
        nations=options.nations,
    )
    game = new_game(n, seed=seed, options=options)
    rng = Rng(seed ^ 0x0B5)
    step = 0
    while not game.is_terminal():
        step += 1
        if step % 3:  # every third state (each view of a whole game costs a lot)
            game.apply(_random(game, rng))
            continue
        viewers: list = [None, *range(n)]
        order.shuffle(viewers)
        views = _views(game, viewers)
        for v in viewers:
            assert views[v] == orjson.dumps(game.observation(v)), (v, game.history["actions"])
        assert b'"scouted":true' not in views[None]
        game.apply(_random(game, rng))


def _random(game, rng: Rng):
    legal = game.legal_actions()
    return legal[rng.randrange(len(legal))]


def test_a_scouted_counter_shows_to_its_scout_only_when_views_share():
    game = new_game(3, seed=5, options=Options(variants=("scouting",)))
    rng = Rng(5)
    while not any(c >= 0 and game.s.peeks[0][r] == c for r, c in enumerate(game.s.counter)):
        legal = game.legal_actions()
        scout = [a for a in legal if game.current_player == 0 and "scout" in str(a).lower()]
        game.apply(scout[0] if scout else legal[rng.randrange(len(legal))])
    r = next(r for r, c in enumerate(game.s.counter) if c >= 0 and game.s.peeks[0][r] == c)
    shared = game.shared_observation()
    mine = game.observation_from(shared, 0)["regions"][r]["counter"]
    assert mine["scouted"] is True and mine["id"]
    for viewer in (None, 1, 2, None):  # asked after the scout's: the shared part is untouched
        seen = game.observation_from(shared, viewer)["regions"][r]["counter"]
        assert seen == "face-down" or game.s.peeks[viewer][r] == game.s.counter[r]
    assert shared["regions"][r]["counter"] == "face-down"
