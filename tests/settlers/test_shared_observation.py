"""Imperial Settlers: one state's observations for several viewers, built with a shared public
part (``shared_observation`` / ``observation_from``, what the web app does for the seats and
spectators of a game version), each equal to the byte to the viewer's own ``observation``
whatever the order the viewers ask in; no hand reaches another viewer's."""

from __future__ import annotations

import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from empires.core.rng import Rng
from empires.settlers import new_game
from tests.settlers.test_settlers_properties import configs, seeds


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs(), seeds, st.randoms(use_true_random=False))
def test_shared_views_equal_each_viewer_s_own_observation(config, seed, order):
    n, options = config
    game = new_game(n, seed=seed, options=options)
    rng = Rng(seed ^ 0x5E7)
    step = 0
    while not game.is_terminal():
        step += 1
        if step % 2 == 0:  # every other state (each view of a whole game costs a lot)
            viewers: list = [None, *range(n)]
            order.shuffle(viewers)
            shared = game.shared_observation()
            for v in viewers:
                seen = game.observation_from(shared, v)
                assert orjson.dumps(seen) == orjson.dumps(game.observation(v)), v
                for p, row in enumerate(seen["players"]):  # a hand is its owner's alone
                    hand = game.s.hand[p] if p == v else game.s.known[p]
                    assert row["hand"] == [game.s.db[c].name for c in hand]
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
