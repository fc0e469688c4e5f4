"""determinize() gives a copy that is a real game: its observation for the observer equals the
original's and it can be played to the end (issue #11: the card being built during a
``build_discard`` decision used to be dealt out of its builder's hand)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from empires.core.rng import Rng
from empires.settlers import VARIANTS, Options, new_game
from empires.settlers.cards import FACTIONS
from tests.settlers.settlers_helpers import check


@st.composite
def configs(draw):
    """Any player count (solo included), factions in any order and the variants it allows."""
    n = draw(st.integers(min_value=1, max_value=4))
    factions = draw(st.permutations(FACTIONS))[:n]
    variants = set(draw(st.sets(st.sampled_from(VARIANTS))))
    if n == 1:
        variants -= {"alternate-lookout", "advanced-lookout"}
    elif {"alternate-lookout", "advanced-lookout"} <= variants:
        variants.discard(draw(st.sampled_from(["alternate-lookout", "advanced-lookout"])))
    return n, Options(factions=tuple(factions), variants=tuple(sorted(variants)))


def _view(game, seat):
    return json.dumps(game.observation(seat), sort_keys=True)


def _play_out(game, seed: int) -> None:
    rng = Rng(seed)
    while not game.is_terminal():
        legal = game.legal_actions()
        assert legal, "a live game with no legal action"
        game.apply(legal[rng.randrange(len(legal))])
    assert game.ranking() is not None


def _check_determinized(game, det_seed: int) -> None:
    n = game.num_players
    before = json.dumps(game.to_json(), sort_keys=True)
    for seat in [game.current_player, *range(n)]:
        copy = game.determinize(seat, Rng(det_seed + seat))
        assert _view(copy, seat) == _view(game, seat)
        check(copy)
        _play_out(copy, det_seed ^ seat)
    assert json.dumps(game.to_json(), sort_keys=True) == before  # the original is untouched


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    configs(), st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=2**32)
)
def test_determinized_copies_play_to_the_end(config, seed, det_seed):
    """At random points of a random game (about one decision in 12), determinize for the
    player deciding and for every seat, then play each copy to the end at random."""
    n, options = config
    game = new_game(n, seed=seed, options=options)
    rng = Rng(det_seed)
    while not game.is_terminal():
        if rng.randrange(12) == 0:
            _check_determinized(game, rng.randrange(2**32))
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])


def _build_discard_position():
    """The first ``build_discard`` decision of a 2-player random game (deterministic)."""
    for seed in range(200):
        game = new_game(2, seed=seed)
        rng = Rng(seed)
        while not game.is_terminal():
            d = game.decision
            if d["kind"] == "build_discard" and d["source"] == "hand":
                return game
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
    raise AssertionError("no build_discard decision in 200 games")


def test_card_being_built_stays_in_its_builders_hand():
    game = _build_discard_position()
    builder, card = game.current_player, game.decision["card"]
    assert card in game.s.hand[builder]
    for observer in range(2):
        for k in range(30):
            copy = game.determinize(observer, Rng(k))
            assert card in copy.s.hand[builder]
            assert copy.legal_actions() == game.legal_actions()
            copy.apply(copy.legal_actions()[0])  # discarding a Location finishes the build
            assert card not in copy.s.hand[builder]
            assert any(card in e for e in copy.s.empire)
