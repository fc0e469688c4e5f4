"""Rulebook "Event Box: Warfare" (its Battle and War examples) with ruling 9."""

import pytest

from empires.core.errors import IllegalActionError
from empires.discovery.actions import Action
from empires.discovery.data import REGION_IDS
from tests.discovery.helpers import W, box_worker, fresh, play, put, resolve_from, workers
from tests.discovery.invariants import check

SEAN, ANGELO, THIRD = 0, 1, 2


def war_game(n=2, warfare=(SEAN,), order=None):
    game = fresh(n, order=order)
    for p in warfare:
        box_worker(game, "warfare", p)
    return game


def regions_offered(game) -> set[str]:
    return {REGION_IDS[a.a] for a in game.legal_actions() if a.kind == "region"}


def players_offered(game) -> set[int]:
    return {a.a for a in game.legal_actions() if a.kind == "player"}


def test_rulebook_battle_example_sean_and_angelo():
    # Sean has 2 Soldiers and 3 Colonists in New France; Angelo 1 Soldier and 4 Colonists.
    game = war_game()
    put(game, "new_france", SEAN, soldier=2, colonist=3)
    put(game, "new_france", ANGELO, soldier=1, colonist=4)
    money = game.s.money[:]
    resolve_from(game, "warfare")
    assert game.decision.items() >= {"kind": "warfare", "player": SEAN}.items()
    play(game, "battle", "region new_france", "player 1")
    # Sean's 2 Soldiers eliminate 2 of Angelo's workers, Sean's choice: the Soldier and a
    # Colonist.
    assert game.decision["kind"] == "casualty"
    assert game.decision["player"] == SEAN
    assert set(game.legal_actions()) == {
        Action("worker", W["soldier"]),
        Action("worker", W["colonist"]),
    }
    play(game, "worker soldier")
    # Only Colonists are left to hit: Sean's second casualty needs no choice. Angelo's only
    # Soldier, already eliminated, still fights (casualties are simultaneous); Angelo chooses.
    assert workers(game, "new_france", ANGELO) == {"colonist": 3}
    assert game.decision["kind"] == "casualty"
    assert game.decision["player"] == ANGELO
    play(game, "worker soldier")
    assert workers(game, "new_france", SEAN) == {"soldier": 1, "colonist": 3}
    assert workers(game, "new_france", ANGELO) == {"colonist": 3}
    # A Battle costs nothing.
    assert game.s.money[SEAN] == money[SEAN]
    check(game)


def test_rulebook_war_example_battles_only_where_soldiers_are():
    game = war_game()
    for region in ("new_granada", "new_spain", "new_england"):
        put(game, region, SEAN, soldier=1, colonist=1)
    put(game, "florida", SEAN, colonist=2)
    put(game, "new_france", SEAN, colonist=1)
    for region in ("new_granada", "new_france", "new_spain"):
        put(game, region, ANGELO, colonist=2)
    put(game, "florida", ANGELO, soldier=1)
    money = game.s.money[SEAN]
    resolve_from(game, "warfare")
    assert Action("war") in game.legal_actions()
    play(game, "war")
    assert game.s.money[SEAN] == money - 10  # paid on declaration
    assert game.decision["kind"] == "war_player"
    assert players_offered(game) == {ANGELO}
    play(game, "player 1")
    # No choice matters anywhere (only Colonists could be hit), so the War resolves at once.
    assert workers(game, "new_granada", ANGELO) == {"colonist": 1}
    assert workers(game, "new_spain", ANGELO) == {"colonist": 1}
    assert workers(game, "florida", SEAN) == {"colonist": 1}
    # No battle in New France (no Soldier) nor in New England (Angelo is not there).
    assert workers(game, "new_france", SEAN) == {"colonist": 1}
    assert workers(game, "new_france", ANGELO) == {"colonist": 2}
    assert workers(game, "new_england", SEAN) == {"soldier": 1, "colonist": 1}
    # The attacking Soldiers took no losses (Angelo had no Soldier there).
    assert workers(game, "new_granada", SEAN) == {"soldier": 1, "colonist": 1}
    assert workers(game, "florida", ANGELO) == {"soldier": 1}
    check(game)


def test_war_is_illegal_without_10():
    game = war_game()
    put(game, "peru", SEAN, soldier=1)
    put(game, "peru", ANGELO, colonist=1)
    game.s.money[SEAN] = 9
    resolve_from(game, "warfare")
    assert Action("war") not in game.legal_actions()
    assert Action("battle") in game.legal_actions()
    with pytest.raises(IllegalActionError):
        game.apply("war")
    assert game.s.money[SEAN] == 9


def test_war_with_exactly_10_leaves_0():
    game = war_game()
    put(game, "peru", SEAN, soldier=1)
    put(game, "peru", ANGELO, colonist=1)
    game.s.money[SEAN] = 10
    resolve_from(game, "warfare")
    play(game, "war", "player 1")
    assert game.s.money[SEAN] == 0
    assert workers(game, "peru", ANGELO) == {}


def test_war_against_several_regions_one_opponent_only():
    game = war_game(3)
    put(game, "peru", SEAN, soldier=1)
    put(game, "peru", ANGELO, colonist=2)
    put(game, "peru", THIRD, colonist=2)
    put(game, "brazil", SEAN, soldier=1)
    put(game, "brazil", THIRD, colonist=1)
    resolve_from(game, "warfare")
    play(game, "war")
    assert players_offered(game) == {ANGELO, THIRD}
    play(game, "player 2")
    assert workers(game, "peru", THIRD) == {"colonist": 1}
    assert workers(game, "brazil", THIRD) == {}
    assert workers(game, "peru", ANGELO) == {"colonist": 2}


def test_battle_needs_a_soldier_on_either_side():
    game = war_game(3)
    put(game, "peru", SEAN, colonist=3)
    put(game, "peru", ANGELO, colonist=3)  # no Soldier: no battle possible
    put(game, "brazil", SEAN, colonist=1)
    put(game, "brazil", THIRD, soldier=1)  # the defender's Soldier makes it legal
    put(game, "florida", SEAN, soldier=1)  # nobody else there
    resolve_from(game, "warfare")
    play(game, "battle")
    assert regions_offered(game) == {"brazil"}
    with pytest.raises(IllegalActionError):
        game.apply("region peru")
    play(game, "region brazil")
    assert players_offered(game) == {THIRD}
    play(game, "player 2")
    # The defender's Soldier kills the attacker's Colonist; the attacker has no Soldier.
    assert workers(game, "brazil", SEAN) == {}
    assert workers(game, "brazil", THIRD) == {"soldier": 1}


def test_battle_opponent_must_share_the_region_with_a_soldier_involved():
    game = war_game(3)
    put(game, "peru", SEAN, soldier=1)
    put(game, "peru", ANGELO, colonist=1)
    put(game, "brazil", THIRD, colonist=1)
    resolve_from(game, "warfare")
    play(game, "battle", "region peru")
    assert players_offered(game) == {ANGELO}
    with pytest.raises(IllegalActionError):
        game.apply("player 2")
    with pytest.raises(IllegalActionError):
        game.apply("player 0")


def test_warfare_worker_with_no_possible_battle_just_returns():
    game = war_game()
    put(game, "peru", SEAN, soldier=2)
    put(game, "brazil", ANGELO, colonist=2)
    resolve_from(game, "warfare")
    assert game.s.step != "warfare"
    assert game.s.warfare == []
    check(game)


def test_declaring_nothing_is_allowed():
    game = war_game()
    put(game, "peru", SEAN, soldier=1)
    put(game, "peru", ANGELO, colonist=1)
    resolve_from(game, "warfare")
    play(game, "skip")
    assert workers(game, "peru", ANGELO) == {"colonist": 1}


def test_losses_are_simultaneous():
    game = war_game()
    put(game, "peru", SEAN, soldier=2)
    put(game, "peru", ANGELO, soldier=2)
    resolve_from(game, "warfare")
    play(game, "battle", "region peru", "player 1")
    assert workers(game, "peru", SEAN) == {}
    assert workers(game, "peru", ANGELO) == {}
    check(game)


def test_each_soldier_removes_one_worker_and_casualties_go_to_supply():
    game = war_game()
    put(game, "peru", SEAN, soldier=3, colonist=1)
    put(game, "peru", ANGELO, colonist=5)
    box_worker(game, "warfare", ANGELO)  # a later decision: the turn stops there
    put(game, "brazil", ANGELO, soldier=1)
    put(game, "brazil", SEAN, colonist=1)
    resolve_from(game, "warfare")
    supply = game.s.supply[ANGELO][W["colonist"]]
    play(game, "battle", "region peru", "player 1")
    assert workers(game, "peru", ANGELO) == {"colonist": 2}
    assert workers(game, "peru", SEAN) == {"soldier": 3, "colonist": 1}
    assert game.s.supply[ANGELO][W["colonist"]] == supply + 3
    assert game.decision.items() >= {"kind": "warfare", "player": ANGELO}.items()
    check(game)


def test_more_soldiers_than_defenders_wipes_the_colony_without_a_choice():
    game = war_game()
    put(game, "peru", SEAN, soldier=4)
    put(game, "peru", ANGELO, soldier=1, captain=1, colonist=1)
    resolve_from(game, "warfare")
    play(game, "battle", "region peru", "player 1")
    # No casualty decision for Sean: everything goes. Angelo's Soldier hits a Soldier (the only
    # kind Sean has): no decision either.
    assert game.s.step != "warfare"
    assert workers(game, "peru", ANGELO) == {}
    assert workers(game, "peru", SEAN) == {"soldier": 3}


def test_casualty_choice_only_when_it_matters():
    game = war_game()
    put(game, "peru", SEAN, soldier=1)
    put(game, "peru", ANGELO, colonist=3)
    put(game, "brazil", SEAN, soldier=1)
    put(game, "brazil", ANGELO, colonist=1, merchant=1)
    box_worker(game, "warfare", SEAN)
    resolve_from(game, "warfare")
    play(game, "battle", "region peru", "player 1")
    # Only Colonists: no decision, the next Warfare space is up.
    assert workers(game, "peru", ANGELO) == {"colonist": 2}
    assert game.decision["kind"] == "warfare"
    play(game, "battle", "region brazil", "player 1")
    assert game.decision["kind"] == "casualty"
    assert set(game.legal_actions()) == {
        Action("worker", W["colonist"]),
        Action("worker", W["merchant"]),
    }
    play(game, "worker merchant")
    assert workers(game, "brazil", ANGELO) == {"colonist": 1}


def test_non_participants_are_unaffected():
    game = war_game(3)
    put(game, "peru", SEAN, soldier=2, colonist=1)
    put(game, "peru", ANGELO, colonist=1)
    put(game, "peru", THIRD, soldier=3, colonist=2)
    resolve_from(game, "warfare")
    play(game, "battle", "region peru", "player 1")
    assert workers(game, "peru", ANGELO) == {}
    assert workers(game, "peru", SEAN) == {"soldier": 2, "colonist": 1}  # Third lends nothing
    assert workers(game, "peru", THIRD) == {"soldier": 3, "colonist": 2}  # and loses nothing


def test_warfare_spaces_resolve_left_to_right():
    game = war_game(3, warfare=(ANGELO, SEAN, ANGELO))
    put(game, "peru", SEAN, soldier=1)
    put(game, "peru", ANGELO, soldier=1, colonist=5)
    resolve_from(game, "warfare")
    asked = []
    while game.decision and game.decision["kind"] == "warfare":
        asked.append(game.decision["player"])
        play(game, "skip")
    assert asked == [ANGELO, SEAN, ANGELO]


def test_one_battle_or_war_per_worker_and_workers_return():
    game = war_game(2, warfare=(SEAN, SEAN))
    put(game, "peru", SEAN, soldier=1)
    put(game, "peru", ANGELO, colonist=3)
    resolve_from(game, "warfare")
    play(game, "battle", "region peru", "player 1")
    assert workers(game, "peru", ANGELO) == {"colonist": 2}
    play(game, "battle", "region peru", "player 1")
    assert workers(game, "peru", ANGELO) == {"colonist": 1}
    assert game.s.warfare == []
    check(game)


def test_war_regions_computed_per_opponent():
    # A War needs at least one region with both players and a Soldier.
    game = war_game(3)
    put(game, "peru", SEAN, colonist=1)
    put(game, "peru", ANGELO, colonist=1)
    put(game, "peru", THIRD, soldier=1)
    resolve_from(game, "warfare")
    play(game, "war")
    assert players_offered(game) == {THIRD}
