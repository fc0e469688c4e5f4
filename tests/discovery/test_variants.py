"""The optional variants of the 2015 rulebook: 2-player, Reduced Luck, No Survivors, Scouting and
Advanced Reconnaissance (each an on/off option)."""

from __future__ import annotations

import pytest

from empires.discovery import Options, new_game
from empires.discovery.data import BUILDINGS, CARDS, COUNTERS
from tests.discovery.helpers import R, W, at_turn, legal, play, resolve_from, set_counter
from tests.discovery.invariants import check


def game_with(*variants: str, n: int = 3, seed: int = 2):
    return new_game(n, seed=seed, options=Options(variants=variants))


def test_unknown_variant_and_wrong_player_count_are_refused():
    with pytest.raises(ValueError, match="unknown variant"):
        Options(variants=("bogus",))
    with pytest.raises(ValueError, match="exactly 2 players"):
        game_with("two-player", n=3)


def test_two_player_variant_puts_two_captains_in_discovery_for_each_player():
    game = game_with("two-player", n=2)
    for p in range(2):
        assert game.s.discovery_box[p][W["captain"]] == 2
        assert game.s.supply[p][W["captain"]] == 3
    check(game)


def test_reduced_luck_keeps_ten_visible_age_iii_buildings_shuffled_before_turn_7():
    game = game_with("reduced-luck")
    s = game.s
    assert len(s.stacks[3]) == 10
    assert all(BUILDINGS[b].age == 3 for b in s.stacks[3])
    visible = game.observation(1)["age_iii_buildings"]
    assert visible == sorted(BUILDINGS[b].id for b in s.stacks[3])
    assert game_with().observation(1)["age_iii_buildings"] is None
    check(game)
    # Before turn 7 the ten are randomised (here: the refresh of turn 6 shuffles then deals 5).
    at_turn(game, 6)
    before = list(s.stacks[3])
    resolve_from(game, "refresh")
    dealt = s.cb_offer
    assert len(dealt) == 5 and set(dealt) <= set(before)
    assert game.observation(0)["age_iii_buildings"] is None


def fail_expedition(game, region: str, counter: str | None, player: int = 0):
    if counter is not None:
        set_counter(game, region, counter)
    game.s.discovery_box[player][W["colonist"]] = 1
    game.s.supply[player][W["colonist"]] -= 1
    resolve_from(game, "discovery")
    play(game, f"region {region}", "worker colonist", "done")


def counter_id(game, region: str) -> str:
    return COUNTERS[game.s.counter[R[region]]].id


def test_without_no_survivors_a_failed_counter_is_public():
    game = game_with()
    fail_expedition(game, "peru", "c15")
    obs = game.observation(2)
    peru = next(r for r in obs["regions"] if r["id"] == "peru")
    assert peru["counter"]["id"] == "c15" and peru["counter"]["resistance"] == 5


def test_no_survivors_replaces_a_failed_counter_with_an_unused_one():
    game = game_with("no-survivors")
    unused = len(game.s.unused_counters)
    fail_expedition(game, "peru", "c15")
    s = game.s
    assert counter_id(game, "peru") != "c15"
    assert len(s.unused_counters) == unused - 1 and len(s.counters_out) == 1
    peru = next(r for r in game.observation(0)["regions"] if r["id"] == "peru")
    assert peru["counter"] == "face-down"
    check(game)


def test_no_survivors_with_no_unused_counter_left_keeps_it_revealed():
    game = game_with("no-survivors")
    set_counter(game, "peru", "c15")
    game.s.counters_out += game.s.unused_counters
    game.s.unused_counters = []
    fail_expedition(game, "peru", None)
    assert game.s.revealed[R["peru"]]


def test_advanced_reconnaissance_turns_every_counter_face_up():
    game = game_with("advanced-reconnaissance")
    for region in game.observation(None)["regions"]:
        if region["id"] != "caribbean":
            assert isinstance(region["counter"], dict)


# ---- Scouting -----------------------------------------------------------------------------------
def test_scouting_costs_by_age_and_is_known_to_that_player_only():
    game = game_with("scouting")
    p = game.current_player
    assert "scout peru" in legal(game)
    money = game.s.money[p]
    play(game, "scout peru")
    assert game.s.money[p] == money - 1
    assert game.current_player == p and game.decision["kind"] == "place"
    assert "scout peru" not in legal(game)  # already known
    seen = next(r for r in game.observation(p)["regions"] if r["id"] == "peru")
    assert seen["counter"]["id"] == counter_id(game, "peru") and seen["counter"]["scouted"]
    for other in [None, *(q for q in range(3) if q != p)]:
        hidden = next(r for r in game.observation(other)["regions"] if r["id"] == "peru")
        assert hidden["counter"] == "face-down"
    # The determinization for the scout keeps the counter; for others it may move.
    from empires.core.rng import Rng

    for k in range(10):
        copy = game.determinize(p, Rng(k))
        assert COUNTERS[copy.s.counter[R["peru"]]].id == counter_id(game, "peru")


@pytest.mark.parametrize("turn,price", [(1, 1), (4, 2), (7, 3)])
def test_scouting_price_by_age(turn, price):
    game = game_with("scouting")
    at_turn(game, turn)
    p = game.current_player
    money = game.s.money[p]
    play(game, "scout new_france")
    assert game.s.money[p] == money - price


def test_scouting_not_offered_without_the_variant_or_the_money():
    game = game_with()
    assert not any(a.startswith("scout") for a in legal(game))
    game = game_with("scouting")
    game.s.money[game.current_player] = 0
    game._legal = None
    assert not any(a.startswith("scout") for a in legal(game))


def test_scouting_offered_at_the_expedition_turn_too():
    game = game_with("scouting")
    game.s.discovery_box[0][W["colonist"]] = 1
    game.s.supply[0][W["colonist"]] -= 1
    resolve_from(game, "discovery")
    assert game.decision["kind"] == "expedition_target"
    assert "scout brazil" in legal(game)
    play(game, "scout brazil")
    assert game.decision["kind"] == "expedition_target"


def all_discovered(game):
    s = game.s
    for r, c in enumerate(s.counter):
        if c >= 0:
            s.unused_counters.append(c)
            s.counter[r] = -1
            s.discovered[r] = True
    game._legal = None


def test_scouting_a_card_then_putting_it_at_the_bottom():
    game = game_with("scouting")
    all_discovered(game)
    p = game.current_player
    top = game.s.deck[-1]
    play(game, "scout deck")
    assert game.decision["kind"] == "scout_card"
    play(game, "bottom")
    assert game.s.deck[0] == top
    known = game.observation(p)["scouted_deck"]
    assert known == {"bottom": {**known["bottom"], "id": CARDS[top].id}}
    assert game.observation((p + 1) % 3)["scouted_deck"] is None
    check(game)


def test_scouting_a_card_and_leaving_it_on_top():
    game = game_with("scouting")
    all_discovered(game)
    p = game.current_player
    top = game.s.deck[-1]
    play(game, "scout deck", "top")
    assert game.s.deck[-1] == top
    assert game.observation(p)["scouted_deck"]["top"]["id"] == CARDS[top].id
    assert "scout deck" not in legal(game)
