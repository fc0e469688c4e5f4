"""The solo game: Lookout against the virtual player, its Locations and Collection, the attack
phase (target line, priority, Japanese case), the end and the Achievement table."""

from __future__ import annotations

from empires.settlers import Options, new_game
from empires.settlers.scoring import scores
from empires.settlers.solo import achievement, attack, step_attack
from tests.settlers.settlers_helpers import cid, give, goods, play, position, supply


def solo(faction="romans"):
    return position(1, (faction,))


def line(game, *targets: str, reveal: str) -> list[int]:
    """Set the Target line to ``targets`` (first Target first) and put an Attack card with
    ``reveal`` on top of the Attack deck; returns the cards in line order after the reveal."""
    s = game.s
    db = s.db
    pool = s.attack_deck + s.attack_line
    chosen = []
    for t in (reveal, *targets):
        c = next(c for c in pool if db[c].target == t and c not in chosen)
        chosen.append(c)
    rest = [c for c in pool if c not in chosen]
    s.attack_line = chosen[1:]
    s.attack_deck = rest + [chosen[0]]
    return chosen


def test_solo_lookout():
    game = new_game(1, seed=8, options=Options(factions=("egyptians",)))
    s = game.s
    hand = len(s.hand[0])
    assert game.decision["kind"] == "pick" and len(game.legal_actions()) == 4
    game.apply(game.legal_actions()[0])
    assert len(s.vlocs) == 1 and len(game.legal_actions()) == 2
    game.apply(game.legal_actions()[0])
    assert len(s.vlocs) == 2 and len(s.hand[0]) == hand + 2 and s.step == "action"


def test_raze_a_virtual_location_goods_but_no_foundation():
    game = solo()
    (armorer,) = give(game, 0, "com018", where="vlocs")
    goods(game, 0, raze=2)
    play(game, "raze-location com018")
    s = game.s
    assert supply(game, 0) == {"stone": 1} and s.vp[0] == 1
    assert armorer in s.common_discard and s.vlocs == [] and s.foundations[0] == []


def test_virtual_locations_go_to_the_collection():
    game = solo()
    a, b = give(game, 0, "com018", "com019", where="vlocs")
    s = game.s
    s.attack_deck = []  # no attack this time
    s.step, s.cursor = "attack", 0
    step_attack(s)
    assert s.collection == [a, b] and s.vlocs == []


def test_nothing_is_razed_without_a_matching_pair():
    game = solo()
    give(game, 0, "com007", where="empire")  # Old Forest: Wood, Wood
    line(game, "stone", "food", reveal="wood")
    attack(game.s)
    assert game.s.collection == [] and len(game.s.empire[0]) == 1
    game = solo()
    give(game, 0, "com007", where="empire")
    used = line(game, "stone", "wood", reveal="wood")
    attack(game.s)
    assert game.s.collection == [cid(game, "com007")]
    assert game.s.attack_line == [used[1], used[0], used[2]]


def test_only_pairs_with_the_first_target_are_checked():
    """Not every combination: (2nd, 3rd) Targets matching a Location do not count."""
    game = solo()
    give(game, 0, "com018", where="empire")  # Armorer: VP + Stone
    line(game, "vp", "stone", reveal="wood")
    attack(game.s)
    assert game.s.collection == []


def test_priority_action_feature_production_then_cost_then_stone():
    game = solo()
    give(game, 0, "com033", "com008", where="empire")  # Coal Mine (Action) Worker+Stone, Quarry
    give(game, 0, "com036", where="empire")  # Court Sculptor (Action): Worker + Stone, cost 1 S
    line(game, "worker", reveal="stone")
    attack(game.s)
    # Coal Mine (W+S = 2 Resources) before Court Sculptor (1 Stone)
    assert game.s.collection == [cid(game, "com033")]


def test_a_remaining_tie_is_the_players_choice():
    game = solo()
    give(game, 0, "com053", "com054", where="empire")  # two Pig Farmers: W+S, Worker + Food
    line(game, "worker", reveal="food")
    attack(game.s)
    game._legal = None
    assert game.decision["kind"] == "attack_choice"
    assert {str(a) for a in game.legal_actions()} == {"target com053", "target com054"}
    play(game, "target com054")
    assert game.s.collection == [cid(game, "com054")]


def test_defense_tokens_and_samurai_do_not_protect():
    game = solo()
    (armorer,) = give(game, 0, "com018", where="empire")
    game.s.defended.append(armorer)
    line(game, "stone", reveal="vp")
    attack(game.s)
    assert game.s.collection == [armorer] and game.s.defended == []


def test_japanese_case_vp_targets_raze_a_faction_location_by_deal():
    game = solo("japanese")
    give(game, 0, "jap001", "jap011", "jap004", where="empire")  # Deals: Worker, card, Food
    game.s.samurai.append(cid(game, "jap011"))
    give(game, 0, "com018", where="empire")  # a Common Location with VP + Stone
    used = line(game, "stone", "vp", reveal="vp")
    attack(game.s)
    s = game.s
    assert s.collection == [cid(game, "jap011")]  # a card in its Deal field first
    assert s.samurai == []
    assert s.attack_line == [used[1], used[0], used[2]]


def test_japanese_case_needs_another_vp():
    game = solo("japanese")
    give(game, 0, "jap001", where="empire")
    give(game, 0, "com018", where="empire")
    line(game, "stone", "food", reveal="vp")
    attack(game.s)
    assert game.s.collection == [cid(game, "com018")]


def test_win_needs_more_faction_locations_than_the_collection():
    game = solo()
    s = game.s
    give(game, 0, "rom020", "rom021", where="empire")
    s.collection = [s.common_deck.pop(), s.common_deck.pop()]
    assert scores(s)[0]["won"] == 0
    give(game, 0, "rom027", where="empire")
    row = scores(s)[0]
    assert row["won"] == 1 and row["achievement"] == 0  # 6 VP: Commoner


def test_achievement_table():
    assert [achievement(v)[1] for v in (0, 29, 30, 45, 50, 60, 70, 79, 80, 120)] == [
        "Commoner",
        "Commoner",
        "Servant",
        "Squire",
        "Knight",
        "Castellan",
        "King",
        "King",
        "Emperor",
        "Emperor",
    ]


def test_attack_cards_are_the_virtual_players_deals_for_abilities(tmp_path):
    from tests.settlers.settlers_helpers import complete_card_file

    path = complete_card_file(tmp_path)
    game = position(1, ("romans",), options=Options(cards=path))
    give(game, 0, "rom010", where="empire")  # Spies (test stand-in ability)
    goods(game, 0, worker=1)
    first = game.s.attack_line[0]
    play(game, "activate rom010", f"target {game.s.db[first].id}")
    assert game.s.deals[0] == [first] and game.s.attack_line == []
