"""A test per card clarification of the rulebooks (pp. 11-12, 16) and per general rule, with the
built-in card data."""

from __future__ import annotations

import pytest

from empires.core.errors import IllegalActionError
from empires.settlers import Options
from empires.settlers.flow import step_cleanup
from empires.settlers.production import produce
from empires.settlers.rules import color_count, controlled, discardable_for_build
from empires.settlers.scoring import ranking, scores
from tests.settlers.settlers_helpers import cid, give, goods, play, position, supply


def legal(game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


# ---- general clarifications ----------------------------------------------------------------------


def test_feature_each_time_you_build_counts_itself():
    """ "Whenever a player builds a Feature Location granting him Goods for building a certain type
    of Location, this Location counts itself.\""""
    game = position(2)
    give(game, 0, "com004")  # Carpenter's Workshop: each time you build brown: 1 Gold, 1 VP
    goods(game, 0, wood=3)
    play(game, "build com004")
    assert supply(game, 0) == {"gold": 1} and game.s.vp[0] == 1


def test_production_and_bonus_per_colour_count_the_location_itself():
    game = position(2)
    give(game, 0, "com025")  # Lord's Fields: 1 Food per red Location (max 3)
    goods(game, 0, wood=2, stone=1)
    play(game, "build com025")
    assert supply(game, 0) == {"food": 1}
    game = position(2)
    give(game, 0, "com007", where="empire")  # Old Forest (brown)
    give(game, 0, "com003")  # Wood Storage: bonus 1 card + 1 VP per brown Location (max 6)
    goods(game, 0, wood=2, stone=1)
    play(game, "build com003", "draw common")
    assert game.s.vp[0] == 2 and len(game.s.hand[0]) == 1


def test_gold_replaces_any_resource_not_the_other_way():
    game = position(2)
    give(game, 0, "com008")  # Quarry: 1 Wood, 1 Stone
    goods(game, 0, gold=2)
    play(game, "build com008")
    assert supply(game, 0) == {"stone": 2}  # its Production and Building Bonus
    game = position(2)
    give(game, 0, "com030", where="empire")  # Goldsmith's Workshop: 1 Worker + 1 Gold: 2 VP
    goods(game, 0, worker=1, wood=3)
    assert "activate com030" not in legal(game)


def test_activate_twice_at_once_or_once_a_turn():
    game = position(2)
    give(game, 0, "com021", where="empire")  # Gold Mine: 1 Worker: 1 Gold, twice a round
    goods(game, 0, worker=3)
    assert {"activate com021", "activate com021 twice"} <= set(legal(game))
    play(game, "activate com021 twice")
    assert supply(game, 0) == {"worker": 1, "gold": 2}
    play(game, "pass")
    assert "activate com021" not in legal(game)


def test_a_location_is_activated_once_unless_stated():
    game = position(2)
    give(game, 0, "com042", where="empire")  # Lumberjacks, once a round
    goods(game, 0, worker=2)
    play(game, "activate com042", "pass")
    assert legal(game).count("activate com042") == 0


def test_passed_players_cannot_be_targeted():
    game = position(2)
    give(game, 1, "com018", where="empire")
    give(game, 0, "bar010", where="empire")  # Saboteurs
    goods(game, 0, raze=2, worker=2)
    goods(game, 1, stone=2)
    play(game, "pass")  # seat 0 passes... seat 1 goes on
    assert game.current_player == 1
    game = position(2)
    give(game, 1, "com018", where="empire")
    give(game, 0, "bar010", where="empire")
    goods(game, 0, raze=2, worker=3)
    goods(game, 1, stone=2)
    assert "raze-location com018" in legal(game) and "activate bar010" in legal(game)
    game.s.passed[1] = True
    game._legal = None
    assert "raze-location com018" not in legal(game) and "activate bar010" not in legal(game)


def test_only_common_and_japanese_locations_can_be_razed():
    game = position(3, ("romans", "barbarians", "japanese"))
    give(game, 1, "bar001", "com018", where="empire")
    give(game, 2, "jap001", where="empire")
    goods(game, 0, raze=4)
    options = legal(game)
    assert "raze-location com018" in options and "raze-location jap001" in options
    assert "raze-location bar001" not in options


def test_defense_token_adds_one_and_only_on_common_locations():
    game = position(2, ("romans", "japanese"))
    give(game, 0, "com018", "rom020", where="empire")
    goods(game, 0, defense=1, worker=2)
    assert "defend com018" in legal(game) and "defend rom020" not in legal(game)
    play(game, "defend com018")
    assert game.current_player == 0 and "defend com018" not in legal(game)
    play(game, "workers", "take wood")
    goods(game, 1, raze=2)
    assert "raze-location com018" not in legal(game)
    goods(game, 1, raze=3)
    play(game, "raze-location com018")
    assert not game.s.defended and supply(game, 1) == {"stone": 1}
    # tokens on cards are discarded in the Cleanup phase
    game = position(2)
    give(game, 0, "com018", where="empire")
    goods(game, 0, defense=1)
    play(game, "defend com018")
    step_cleanup(game.s)
    assert game.s.defended == []


def test_build_on_a_foundation_or_an_activated_action_location():
    game = position(2, ("romans", "barbarians"))
    (castle,) = give(game, 0, "com046", where="empire")
    (found,) = give(game, 0, "com018", where="foundations")
    give(game, 0, "rom020")  # Builder: 1 Stone + a Location
    goods(game, 0, worker=1, stone=1)
    play(game, "activate com046", "draw common", "pass")
    assert set(legal(game)) >= {"build rom020"}
    play(game, "build rom020")
    assert set(legal(game)) == {"discard com046", "discard com018"}
    play(game, "discard com018")
    assert found in game.s.common_discard and castle in game.s.empire[0]


def test_faction_discards_are_never_reshuffled_unless_the_option():
    for option, expected in ((False, False), (True, True)):
        game = position(2, options=Options(reshuffle_faction_discards=option))
        s = game.s
        s.faction_discard[0] += s.faction_deck[0]
        s.faction_deck[0] = []
        goods(game, 0, worker=2)
        play(game, "workers")
        assert ("draw faction" in legal(game)) is expected
        assert "draw common" in legal(game)


def test_common_discards_are_reshuffled():
    game = position(2)
    s = game.s
    s.common_discard += s.common_deck
    s.common_deck = []
    goods(game, 0, worker=2)
    play(game, "workers", "draw common")
    assert len(s.hand[0]) == 1 and s.common_deck


def test_end_scoring_and_tie_breaks():
    """Common Locations 1 VP, Faction Locations 2 VP; ties: most Workers and Resources left, then
    most cards in hand, then shared."""
    game = position(3, ("romans", "barbarians", "egyptians"))
    s = game.s
    give(game, 0, "com018", "rom020", where="empire")
    give(game, 1, "com019", "com020", "com008", where="empire")
    s.vp = [2, 2, 5]
    assert [r["total"] for r in scores(s)] == [5, 5, 5]
    assert ranking(s) == [[0, 1, 2]]
    goods(game, 1, wood=1)
    assert ranking(s) == [[1], [0, 2]]
    goods(game, 1, wood=0)
    goods(game, 0, worker=1)
    s.hand[2].append(s.common_deck.pop())
    assert ranking(s) == [[0], [2], [1]]


def test_deal_needs_food_or_gold_and_a_faction_card():
    game = position(2, ("romans", "barbarians"))
    give(game, 0, "rom020", "com018")
    goods(game, 0, gold=1)
    assert "deal rom020" in legal(game) and "deal com018" not in legal(game)
    play(game, "deal rom020")
    assert supply(game, 0) == {"stone": 1}


def test_japanese_faction_cards_can_be_razed_from_hand():
    game = position(2, ("japanese", "romans"))
    give(game, 0, "jap001")
    give(game, 1, "rom020")
    goods(game, 0, raze=1)
    play(game, "raze jap001")
    assert game.s.vp[0] == 1
    goods(game, 1, raze=1)
    assert "raze rom020" not in legal(game)


# ---- Japanese ------------------------------------------------------------------------------------


def test_samurai_at_most_one_per_faction_location_and_kept_at_cleanup():
    game = position(2, ("japanese", "romans"))
    give(game, 0, "jap001", where="empire")
    give(game, 0, "com018", where="empire")
    goods(game, 0, worker=3)
    assert "samurai jap001" in legal(game) and "samurai com018" not in legal(game)
    play(game, "samurai jap001")
    assert "samurai jap001" not in legal(game)
    step_cleanup(game.s)
    assert game.s.samurai == [cid(game, "jap001")]


def test_ninjas_bonus_two_samurai_one_lost_without_a_second_location():
    game = position(2, ("japanese", "romans"))
    give(game, 0, "jap026")  # Ninjas: Stone + Location; bonus 2 Samurai
    give(game, 0, "com018", where="foundations")
    goods(game, 0, stone=1)
    play(game, "build jap026", "discard com018")
    assert game.decision["kind"] == "samurai_place"
    play(game, "target jap026")
    assert game.s.samurai == [cid(game, "jap026")] and game.decision["kind"] == "turn"
    assert game.current_player == 1


def test_shrine_resources_stay_and_score_at_the_end_and_it_cannot_be_razed():
    game = position(2, ("japanese", "romans"))
    (shrine,) = give(game, 0, "jap015", where="empire")
    goods(game, 0, wood=5, stone=2, gold=3)
    assert "shrine wood" in legal(game) and all("gold" not in a for a in legal(game))
    for _ in range(5):
        play(game, "shrine wood")
    play(game, "shrine stone", "shrine stone")
    assert game.current_player == 0 and game.s.shrine == [[shrine, 7]]
    step_cleanup(game.s)
    assert game.s.shrine == [[shrine, 7]]
    assert scores(game.s)[0]["shrine"] == 5
    game.s.shrine = [[shrine, 12]]
    assert scores(game.s)[0]["shrine"] == 10
    game.s.shrine = [[shrine, 2]]
    assert scores(game.s)[0]["shrine"] == 0
    goods(game, 1, raze=5)
    game.s.cursor = 1
    play(game, "pass")
    assert "raze-location jap015" not in legal(game)


def test_daimyos_castle_counts_samurai():
    game = position(2, ("japanese", "romans"))
    give(game, 0, "jap009", "jap001", "jap004", "jap005", where="empire")
    game.s.samurai = [cid(game, c) for c in ("jap001", "jap004", "jap005", "jap009")]
    produce(game.s, 0)
    assert game.s.vp[0] == 3  # max 3


# ---- Egyptians -----------------------------------------------------------------------------------


def test_desert_has_no_building_cost_but_uses_the_turn():
    game = position(2, ("egyptians", "romans"))
    give(game, 0, "egy001")
    assert "build egy001" in legal(game)
    play(game, "build egy001")  # bonus: 2 cards
    play(game, "draw common", "draw faction")
    assert len(game.s.hand[0]) == 2 and game.current_player == 1


def test_chariot_builder_razes_for_one_token_through_defense_and_samurai():
    game = position(3, ("egyptians", "romans", "japanese"))
    give(game, 0, "egy003", where="empire")
    give(game, 1, "com018", where="empire")
    give(game, 2, "jap001", where="empire")
    s = game.s
    s.defended.append(cid(game, "com018"))
    s.samurai.append(cid(game, "jap001"))
    goods(game, 0, raze=1)
    play(game, "activate egy003")
    assert set(legal(game)) == {"target com018", "target jap001"}
    play(game, "target com018")
    assert s.foundations[1] == [cid(game, "com018")] and supply(game, 0) == {"stone": 1}


def test_oasis_one_worker_per_pair_an_enemy_spends():
    game = position(2, ("romans", "egyptians"))
    give(game, 1, "egy005", where="empire")
    goods(game, 0, worker=6)
    play(game, "workers", "take wood", "take stone", "take food")
    assert supply(game, 1) == {"worker": 3}


def test_oasis_building_bonus_two_workers():
    game = position(2, ("egyptians", "romans"))
    give(game, 0, "egy005")
    give(game, 0, "com018", where="foundations")
    goods(game, 0, food=1)
    play(game, "build egy005", "discard com018")
    assert supply(game, 0) == {"worker": 2}


def _temple_game():
    game = position(3, ("egyptians", "romans", "barbarians"))
    give(game, 0, "egy013", where="empire")
    give(game, 1, "com021", "com046", "com008", where="empire")  # Gold Mine, Castle, Quarry
    return game


def test_temple_of_ra_takes_over_without_production_and_allows_activation():
    game = _temple_game()
    s = game.s
    play(game, "activate egy013")
    assert "target com008" in legal(game)
    play(game, "target com008")  # a Production Location: nothing produced now
    assert supply(game, 0) == {}
    assert cid(game, "com008") in controlled(s, 0) and cid(game, "com008") not in controlled(s, 1)
    assert color_count(s, 0, "gray") == 1 and color_count(s, 1, "gray") == 0


def test_temple_of_ra_location_cannot_be_discarded_to_build_and_respects_activations():
    game = _temple_game()
    s = game.s
    mine = cid(game, "com021")
    s.activations[mine] = 2  # the owner used the Gold Mine twice already
    play(game, "activate egy013", "target com021")
    assert mine not in discardable_for_build(s, 0) and mine not in discardable_for_build(s, 1)
    goods(game, 0, worker=2)
    play(game, "pass", "pass")
    assert "activate com021" not in legal(game)
    s.activations[mine] = 1
    game._legal = None
    assert "activate com021" in legal(game) and "activate com021 twice" not in legal(game)
    play(game, "activate com021")
    assert supply(game, 0) == {"worker": 1, "gold": 1}


def test_temple_of_ra_razed_location_foundation_to_owner_wood_to_egyptian():
    game = _temple_game()
    s = game.s
    play(game, "activate egy013", "target com046")
    goods(game, 2, raze=2)
    play(game, "pass")
    assert game.current_player == 2
    play(game, "raze-location com046")
    castle = cid(game, "com046")
    assert castle in s.foundations[1] and s.takeover == []
    assert supply(game, 0) == {"wood": 1} and supply(game, 1) == {}


def test_temple_of_ra_take_over_ends_with_the_round():
    game = _temple_game()
    play(game, "activate egy013", "target com046")
    step_cleanup(game.s)
    assert game.s.takeover == [] and cid(game, "com046") in controlled(game.s, 1)


# ---- Romans --------------------------------------------------------------------------------------


def test_trade_colony_is_brown_gray_and_red():
    game = position(2, ("romans", "barbarians"))
    give(game, 0, "rom023", "com025", where="empire")
    s = game.s
    assert [color_count(s, 0, c) for c in ("brown", "gray", "red")] == [1, 1, 2]
    produce(s, 0)
    assert supply(game, 0)["food"] == 2


def test_warehouses_store_resources_and_losing_it_keeps_them_until_cleanup():
    game = position(2, ("romans", "barbarians"))
    give(game, 0, "rom019", where="empire")
    goods(game, 0, wood=2, stone=1, food=1, raze=1, worker=2, gold=1)
    s = game.s
    step_cleanup(s)
    assert supply(game, 0) == {"wood": 2, "stone": 1, "food": 1, "raze": 1}
    # discarded to build: the Resources stay in the supply this round ...
    game = position(2, ("romans", "barbarians"))
    give(game, 0, "rom019", where="empire")
    give(game, 0, "rom020")
    goods(game, 0, wood=2, stone=2)
    play(game, "build rom020", "discard rom019")
    assert supply(game, 0) == {"wood": 3, "stone": 2}
    step_cleanup(game.s)  # ... and are lost at the Cleanup
    assert supply(game, 0) == {}


# ---- Barbarians ----------------------------------------------------------------------------------


def test_saboteurs_take_a_resource_from_the_supply_only():
    game = position(2, ("barbarians", "romans"))
    give(game, 0, "bar010", where="empire")
    give(game, 1, "com042", where="empire")
    goods(game, 0, worker=1)
    goods(game, 1, worker=1, wood=0, gold=2)
    assert "activate bar010" not in legal(game)  # Gold is not a Resource
    goods(game, 1, worker=1, food=1)
    play(game, "activate bar010", "player 1")
    assert legal(game) == ["take food"]


# ---- Common --------------------------------------------------------------------------------------


def test_ruins_free_no_colour_not_razeable_bonus_worker():
    game = position(2)
    give(game, 0, "com069")
    play(game, "build com069")
    s = game.s
    assert supply(game, 0) == {"worker": 1} and game.current_player == 1
    assert all(
        color_count(s, 0, c) == 0
        for c in ("brown", "gray", "red", "pink", "blue", "black", "gold", "purple")
    )
    goods(game, 1, raze=3)
    assert "raze-location com069" not in legal(game)


def test_settlers_build_a_faction_location_without_discarding_a_location():
    game = position(2, ("romans", "barbarians"))
    give(game, 0, "com040", where="empire")
    give(game, 0, "rom020")  # Builder: 1 Stone + a Location
    goods(game, 0, wood=1, stone=1)
    play(game, "activate com040")
    assert legal(game) == ["build rom020"]
    play(game, "build rom020")
    assert cid(game, "rom020") in game.s.empire[0] and cid(game, "com040") in game.s.empire[0]
    assert supply(game, 0) == {"wood": 1, "stone": 1}  # its production at once


def test_tavern_discards_a_card_from_hand_for_two_vp():
    game = position(2)
    give(game, 0, "com049", where="empire")
    give(game, 0, "com001")
    play(game, "activate com049")
    assert legal(game) == ["discard com001"]
    play(game, "discard com001")
    assert game.s.vp[0] == 2 and cid(game, "com001") in game.s.common_discard


def test_imperial_messenger_gains_a_deal_good():
    game = position(2, ("romans", "barbarians"))
    give(game, 0, "com057", where="empire")
    give(game, 0, "rom020", "rom017", where="deals")
    goods(game, 0, worker=1)
    play(game, "activate com057")
    assert set(legal(game)) == {"target rom020", "target rom017"}
    play(game, "target rom017")
    assert supply(game, 0) == {"raze": 1}


def test_hanseatic_league_discards_deals_for_vp_twice():
    game = position(2, ("romans", "barbarians"))
    give(game, 0, "com061", where="empire")
    give(game, 0, "rom020", "rom017", where="deals")
    goods(game, 0, worker=2)
    play(game, "activate com061 twice", "discard rom020", "discard rom017")
    assert game.s.vp[0] == 4 and game.s.deals[0] == []


def test_porters_common_or_faction_production_location():
    game = position(2, ("romans", "barbarians"))
    give(game, 0, "com084", "com008", "rom020", where="empire")
    goods(game, 0, food=1)
    play(game, "activate com084")
    assert set(legal(game)) == {"target com008", "target rom020"}
    play(game, "target rom020")
    assert supply(game, 0) == {"wood": 1, "stone": 1}


def test_farmers_at_work_copies_another_production_location():
    game = position(2)
    give(game, 0, "com007", where="empire")  # Old Forest: 2 Wood
    give(game, 0, "com016")
    goods(game, 0, wood=3)
    play(game, "build com016")
    assert set(legal(game)) == {"target com007"} or game.decision["kind"] == "draw"
    while game.current_player == 0:
        play(game, game.legal_actions()[0])
    assert supply(game, 0) == {"wood": 2} and len(game.s.hand[0]) == 1


def test_gallows_one_vp_each_time_you_raze():
    game = position(2)
    give(game, 0, "com005", where="empire")
    give(game, 0, "com003")
    goods(game, 0, raze=1)
    play(game, "raze com003")
    assert game.s.vp[0] == 1


def test_pharaohs_guard_raze_token_or_two_vp():
    game = position(2, ("egyptians", "romans"))
    give(game, 0, "egy004", where="empire")
    produce(game.s, 0)
    assert game.decision["kind"] == "choose_one"
    play(game, "option 1")
    assert game.s.vp[0] == 2


def test_architect_draws_two_faction_cards_keeps_one():
    game = position(2, ("romans", "barbarians"))
    give(game, 0, "rom011", where="empire")
    s = game.s
    produce(s, 0)
    game._legal = None
    assert game.decision["kind"] == "keep" and len(s.looking[0]) == 2
    view = game.observation(1)
    assert view["your_choices"] == [] and all(
        c["id"] not in [x["id"] for x in view["draft"]] for c in game.observation(0)["your_choices"]
    )
    first = s.looking[0][0]
    play(game, f"discard {s.db[first].id}")
    assert len(s.hand[0]) == 1 and first in s.faction_discard[0] and s.looking[0] == []


def test_peaceful_variant():
    game = position(2, ("egyptians", "romans"), options=Options(variants=("peaceful",)))
    give(game, 1, "com018", where="empire")
    give(game, 0, "egy003", where="empire")
    goods(game, 0, raze=3)
    assert "raze-location com018" not in legal(game)
    play(game, "activate egy003", "target com018")  # a card ability allows it
    assert game.s.foundations[1] == [cid(game, "com018")]


def test_illegal_action_leaves_the_state_unchanged():
    game = position(2)
    before = game.to_json()
    for bad in ("build com001", "pass twice", "fly", 10**6, "activate com999"):
        with pytest.raises(IllegalActionError):
            game.apply(bad)
    assert game.to_json() == before
