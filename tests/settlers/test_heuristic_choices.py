"""The Settlers heuristic's choices pinned (issue #32: making it quicker must not change a
decision): the bot plays every seat of seeded games (1-4 players, the variants), and it chooses on
every position of seeded random games; a digest of the chosen actions per case, recorded before
the speed-up."""

from __future__ import annotations

import hashlib

import pytest

from empires.core.rng import Rng
from empires.settlers import Options, new_game
from empires.settlers.heuristic import SettlersHeuristicBot

# (players, seed, variants) -> digest of the actions the bots played, in order
BOT_GAMES = {
    (1, 3, ()): "82274303e7642ec8",
    (2, 0, ()): "916993ac45da0900",
    (2, 1, ("peaceful",)): "3c7315ed6108ff51",
    (3, 2, ("alternate-lookout",)): "38414dea91a8452f",
    (4, 4, ("advanced-lookout",)): "654287d67fb137d5",
}
# (players, seed) -> digest of the heuristic's choice on each position of a random game
RANDOM_POSITIONS = {
    (2, 10): "627d402d1f09c9a6",
    (3, 11): "ad6c85a4457a8308",
    (4, 12): "0f44688791b51eff",
}


def _digest(actions: list) -> str:
    return hashlib.sha256("\n".join(str(a) for a in actions).encode()).hexdigest()[:16]


@pytest.mark.parametrize("case", sorted(BOT_GAMES))
def test_heuristic_games_unchanged(case):
    players, seed, variants = case
    state = new_game(players, seed=seed, options=Options(variants=variants))
    state.narrate = False
    bots = [SettlersHeuristicBot(seed * 10 + p) for p in range(players)]
    played = []
    while not state.is_terminal():
        action = bots[state.current_player].choose(state)
        played.append(action)
        state.apply(action)
    assert _digest(played) == BOT_GAMES[case]


@pytest.mark.parametrize("case", sorted(RANDOM_POSITIONS))
def test_heuristic_choices_on_random_positions_unchanged(case):
    players, seed = case
    state = new_game(players, seed=seed)
    state.narrate = False
    rng = Rng(seed)
    bot = SettlersHeuristicBot(seed)
    chosen = []
    while not state.is_terminal():
        chosen.append(bot.choose(state.clone()))
        state.apply(rng.choice(state.legal_actions()))
    assert _digest(chosen) == RANDOM_POSITIONS[case]


def test_card_view_is_a_new_dict_each_time():
    """card_view's dicts are made once per card (issue #32) but each call hands out its own."""
    from empires.settlers.cards import load_cards
    from empires.settlers.observation import card_view

    card = load_cards(None)[0]
    first = card_view(card)
    first["colors"].append("x")
    first["raze"].append("x")
    first["name"] = "changed"
    again = card_view(card)
    assert again["name"] == card.name
    assert again["colors"] == list(card.colors) and again["raze"] == list(card.raze)
    assert again is not first
