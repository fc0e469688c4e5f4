"""The Imperial Settlers heuristic has a value rule for every card of the card data.

A Location is worth its VP, its Building Bonus and what it does (its Production, its Action, its
Feature triggers), each effect valued by a rule of the heuristic (:data:`VALUED_EFFECTS`). A card
whose effect or type has no rule fails here, and raises in the bot, instead of being silently
worth 0. Attack cards are not Locations: the bot only ever discards them (worth 0, a rule of
``score``).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from empires.settlers import new_game
from empires.settlers.cards import default_cards, load_cards
from empires.settlers.heuristic import VALUED_EFFECTS, VALUED_TYPES, _View
from tests.settlers.settlers_helpers import complete_card_file

DB = default_cards()
LOCATIONS = [c for c in DB.cards if c.deck != "attack"]


def _effect_keys(effects) -> list[str]:
    keys = []
    for effect in effects:
        ((key, arg),) = effect.items()
        keys.append(key)
        if key == "choose_one":
            for option in arg:
                keys += _effect_keys(option)
    return keys


def _keys_of(card) -> list[str]:
    keys = _effect_keys(card.bonus) + _effect_keys(card.production)
    if card.action is not None:
        keys += _effect_keys(card.action.effects)
    return keys


def _view(seed: int = 0, players: int = 2) -> _View:
    game = new_game(players, seed=seed)
    return _View(game.observation(0), 0)


def test_the_card_data_has_all_its_locations():
    assert len(LOCATIONS) == 204
    assert {c.type for c in LOCATIONS} == VALUED_TYPES


@pytest.mark.parametrize("card", LOCATIONS, ids=[f"{c.id}-{c.name}" for c in LOCATIONS])
def test_every_location_is_valued_by_rules(card):
    assert card.type in VALUED_TYPES
    assert set(_keys_of(card)) <= VALUED_EFFECTS, card.name
    value = _view().card_value(card)
    assert value >= card.vp  # its VP at least: no rule takes value away


def test_every_location_of_the_complete_card_file_is_valued(tmp_path):
    db = load_cards(complete_card_file(tmp_path))
    view = _view()
    for card in db.cards:
        if card.deck != "attack":
            assert set(_keys_of(card)) <= VALUED_EFFECTS, card.name
            assert view.card_value(card) >= card.vp


def test_a_location_without_a_rule_fails_loudly():
    view = _view()
    farm = next(c for c in LOCATIONS if c.type == "production" and c.production)
    new_effect = replace(farm, production=({"gain_per_moon": {"good": "wood"}},))
    with pytest.raises(KeyError, match="gain_per_moon"):
        view.card_value(new_effect)
    new_type = replace(farm, type="wonder")
    with pytest.raises(KeyError, match="wonder"):
        view.card_value(new_type)


def test_production_is_valued_by_what_it_produces():
    view = _view()
    farm = next(c for c in LOCATIONS if c.type == "production" and c.production)
    richer = replace(farm, production=({"gain": {"vp": 3}},))
    poorer = replace(farm, production=({"gain": {"vp": 1}},))
    assert view.card_value(richer) > view.card_value(poorer)
