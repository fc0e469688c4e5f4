"""Rulebook "Event Box: Colonist Dock" with rulings 2, 4 and 5."""

import pytest

from empires.core.errors import IllegalActionError
from empires.discovery import flow
from empires.discovery.actions import Action
from empires.discovery.data import REGION_IDS
from tests.discovery.helpers import G, R, W, box_worker, fresh, play, put, resolve_from, workers


def dock_game(n=3, *entries, order=None):
    """A game at the Colonist Dock with ``entries`` = (player, worker) in space order."""
    game = fresh(n, order=order)
    for p, w in entries:
        box_worker(game, "dock", p, w)
    return game


def test_only_discovered_regions_are_offered():
    game = dock_game(2, (0, "colonist"))
    put(game, "peru", 1, colonist=1)
    resolve_from(game, "dock")
    assert game.decision.items() >= {"kind": "dock", "player": 0, "worker": W["colonist"]}.items()
    regions = {REGION_IDS[a.a] for a in game.legal_actions() if a.kind == "region"}
    assert regions == {"caribbean", "peru"}
    assert Action("skip") in game.legal_actions()
    with pytest.raises(IllegalActionError):
        game.apply("region brazil")


def test_at_start_only_the_caribbean_is_discovered():
    game = dock_game(4, (2, "colonist"))
    resolve_from(game, "dock")
    assert [a for a in game.legal_actions() if a.kind == "region"] == [
        Action("region", R["caribbean"])
    ]


def test_worker_lands_in_the_chosen_region_and_stays_its_type():
    game = dock_game(2, (1, "soldier"))
    resolve_from(game, "dock")
    play(game, "region caribbean")
    assert workers(game, "caribbean", 1) == {"soldier": 1}
    assert game.s.dock == []


def test_merchant_earns_5_on_arrival_not_on_placement():
    game = fresh(2)
    p = game.s.order[0]
    game.s.supply[p][W["merchant"]] -= 1
    game.s.avail[p][W["merchant"]] += 1
    game.s.pending = []
    flow.run(game.s)
    money = game.s.money[p]
    game.apply("place merchant dock")
    assert game.s.money[p] == money

    game2 = dock_game(2, (0, "merchant"))
    resolve_from(game2, "dock")
    money = game2.s.money[0]
    play(game2, "region caribbean")
    assert game2.s.money[0] == money + 5
    assert workers(game2, "caribbean", 0) == {"merchant": 1}


def test_merchant_sent_home_earns_nothing():
    game = dock_game(2, (0, "merchant"))
    resolve_from(game, "dock")
    money = game.s.money[0]
    supply = game.s.supply[0][W["merchant"]]
    play(game, "skip")
    assert game.s.money[0] == money
    assert game.s.supply[0][W["merchant"]] == supply + 1


def test_missionary_brings_a_colonist_from_supply():
    game = dock_game(2, (1, "missionary"))
    box_worker(game, "trade_goods", 0)  # a later decision: the turn stops there
    resolve_from(game, "dock")
    colonists = game.s.supply[1][W["colonist"]]
    play(game, "region caribbean")
    assert workers(game, "caribbean", 1) == {"missionary": 1, "colonist": 1}
    assert game.s.supply[1][W["colonist"]] == colonists - 1
    assert game.decision["kind"] == "trade_good"


def test_missionary_with_no_colonist_in_supply_brings_none():
    game = dock_game(2, (1, "missionary"))
    resolve_from(game, "dock")
    game.s.avail[1][W["colonist"]] += game.s.supply[1][W["colonist"]]
    game.s.supply[1][W["colonist"]] = 0
    play(game, "region caribbean")
    assert workers(game, "caribbean", 1) == {"missionary": 1}


def test_skip_returns_the_worker_to_supply():
    game = dock_game(2, (0, "colonist"), (1, "soldier"))
    resolve_from(game, "dock")
    c = game.s.supply[0][W["colonist"]]
    play(game, "skip")
    assert game.s.supply[0][W["colonist"]] == c + 1
    assert game.decision["player"] == 1
    s = game.s.supply[1][W["soldier"]]
    play(game, "skip")
    assert game.s.supply[1][W["soldier"]] == s + 1
    assert not any(any(row) for row in game.s.region_workers[R["caribbean"]])


def test_workers_resolve_one_at_a_time_in_space_order():
    game = dock_game(3, (2, "colonist"), (0, "soldier"), (2, "merchant"), (1, "colonist"))
    resolve_from(game, "dock")
    seen = []
    while game.s.step == "dock" and game.decision and game.decision["kind"] == "dock":
        seen.append((game.decision["player"], game.decision["worker"]))
        game.apply("region caribbean")
    assert seen == [(2, W["colonist"]), (0, W["soldier"]), (2, W["merchant"]), (1, W["colonist"])]


def test_first_to_three_workers_takes_the_trade_good():
    game = dock_game(2, (0, "colonist"), (0, "colonist"), (0, "colonist"))
    resolve_from(game, "dock")
    sugar = G["sugar"]
    play(game, "region caribbean", "region caribbean")
    assert game.s.goods[0][sugar] == 0
    assert game.s.region_good[R["caribbean"]] == sugar
    play(game, "region caribbean")
    assert game.s.goods[0][sugar] == 1
    assert game.s.region_good[R["caribbean"]] == -1


def test_good_counts_workers_of_any_type_already_there():
    game = dock_game(2, (1, "colonist"))
    put(game, "peru", 1, soldier=1, captain=1)
    resolve_from(game, "dock")
    play(game, "region peru")
    assert game.s.goods[1][G["silver"]] == 1


def test_missionary_arrival_can_reach_three():
    game = dock_game(2, (0, "missionary"))
    put(game, "caribbean", 0, colonist=1)
    resolve_from(game, "dock")
    play(game, "region caribbean")
    assert game.s.goods[0][G["sugar"]] == 1


def test_trade_good_is_never_awarded_again():
    game = dock_game(2, (0, "colonist"), (1, "colonist"), (1, "colonist"), (1, "colonist"))
    put(game, "caribbean", 0, colonist=2)
    resolve_from(game, "dock")
    play(game, "region caribbean")
    assert game.s.goods[0][G["sugar"]] == 1
    play(game, "region caribbean", "region caribbean", "region caribbean")
    assert workers(game, "caribbean", 1) == {"colonist": 3}
    assert sum(game.s.goods[1]) == 0
    assert game.s.goods[0][G["sugar"]] == 1


def test_trade_good_not_given_back_after_losing_and_regaining_three():
    game = dock_game(2, (0, "colonist"), (0, "colonist"))
    put(game, "caribbean", 0, colonist=2)
    resolve_from(game, "dock")
    play(game, "region caribbean")
    assert game.s.goods[0][G["sugar"]] == 1
    game.s.region_workers[R["caribbean"]][0][W["colonist"]] -= 1
    game.s.supply[0][W["colonist"]] += 1
    play(game, "region caribbean")
    assert game.s.goods[0][G["sugar"]] == 1


def test_already_having_a_colony_there_does_not_block_a_player_reaching_three():
    # The first to have 3 takes it, however many workers the others have.
    game = dock_game(2, (1, "colonist"))
    put(game, "caribbean", 0, colonist=2)
    put(game, "caribbean", 1, colonist=2)
    resolve_from(game, "dock")
    play(game, "region caribbean")
    assert game.s.goods[1][G["sugar"]] == 1
    assert sum(game.s.goods[0]) == 0


def test_x_and_y_spaces_resolve_after_the_numbered_spaces():
    game = dock_game(3, (1, "colonist"), (2, "soldier"))
    game.s.supply[0][W["colonist"]] -= 1
    game.s.dock_x = 0
    game.s.supply[2][W["colonist"]] -= 1
    game.s.dock_y = 2
    resolve_from(game, "dock")
    seen = []
    while game.decision and game.decision["kind"] == "dock":
        d = game.decision
        seen.append((d["player"], d.get("space")))
        game.apply("region caribbean")
    assert seen == [(1, None), (2, None), (0, "x"), (2, "y")]
    assert game.s.dock_x == -1 and game.s.dock_y == -1
    assert workers(game, "caribbean", 0) == {"colonist": 1}
    assert workers(game, "caribbean", 2) == {"colonist": 1, "soldier": 1}


def test_x_space_colonist_sent_home_goes_to_supply():
    game = fresh(2)
    box_worker(game, "trade_goods", 0)  # a later decision: the turn stops there
    game.s.supply[1][W["colonist"]] -= 1
    game.s.dock_x = 1
    resolve_from(game, "dock")
    assert game.decision["space"] == "x"
    c = game.s.supply[1][W["colonist"]]
    play(game, "skip")
    assert game.s.supply[1][W["colonist"]] == c + 1
    assert game.s.dock_x == -1


def test_empty_dock_passes_to_trade_goods():
    game = fresh(2)
    box_worker(game, "trade_goods", 0)
    resolve_from(game, "dock")
    assert game.decision["kind"] == "trade_good"
