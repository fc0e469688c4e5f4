"""Rulebook "Event Box: Specialists" with ruling 5 (empty supply, trading out)."""

import pytest

from empires.core.errors import IllegalActionError
from empires.discovery import flow
from empires.discovery.actions import Action
from empires.discovery.data import WORKERS
from tests.discovery.helpers import W, box_worker, fresh, play, put, resolve_from, workers
from tests.discovery.invariants import check


def empty_supply(game, p: int, worker: str) -> None:
    """Move all of a player's ``worker`` from supply (and available workers, which
    resolve_from would return to supply) to the Discovery box, out of the way."""
    s = game.s
    w = W[worker]
    s.discovery_box[p][w] += s.supply[p][w] + s.avail[p][w]
    s.supply[p][w] = s.avail[p][w] = 0


def stop_later(game, p: int = 1) -> None:
    """A Warfare decision after the Specialists box: the turn stops there."""
    put(game, "new_granada", p, soldier=1)
    put(game, "new_granada", 1 - p, colonist=1)
    box_worker(game, "warfare", p)


@pytest.mark.parametrize("space", ["missionary", "merchant", "soldier", "captain"])
def test_space_gives_its_specialist_for_next_turn(space):
    game = fresh(2)
    box_worker(game, space, 0)
    supply = game.s.supply[0][W[space]]
    stop_later(game)
    resolve_from(game, "specialists")
    assert game.decision["kind"] == "warfare"
    assert game.s.avail[0][W[space]] == 1
    assert game.s.supply[0][W[space]] == supply - 1
    assert game.s.specialists == {}
    check(game)


def test_specialist_is_available_next_turn():
    game = fresh(2)
    box_worker(game, "captain", 1)
    resolve_from(game, "specialists")
    assert game.s.turn == 2
    assert game.s.avail[1] == [5, 1, 0, 0, 0, 0]
    # Placeable in Phase 1 of turn 2.
    game.s.order = [1, 0]
    game.s.pending = []
    flow.run(game.s)
    assert Action("place", W["captain"], 0) in game.legal_actions()


def test_training_pays_5_for_any_specialist():
    game = fresh(2)
    box_worker(game, "training", 0)
    resolve_from(game, "specialists")
    assert game.decision.items() >= {"kind": "training", "player": 0}.items()
    offered = {WORKERS[a.a] for a in game.legal_actions() if a.kind == "worker"}
    assert offered == {"captain", "merchant", "missionary", "soldier"}  # no Builder
    assert Action("skip") in game.legal_actions()
    money = game.s.money[0]
    play(game, "worker missionary")
    assert game.s.money[0] == money - 5
    assert game.s.avail[0][W["missionary"]] == 1


def test_training_is_optional():
    game = fresh(2)
    box_worker(game, "training", 0)
    resolve_from(game, "specialists")
    money = game.s.money[0]
    play(game, "skip")
    assert game.s.money[0] == money
    assert game.s.avail[0][1:] == [0, 0, 0, 0, 0]


def test_training_needs_5():
    game = fresh(2)
    box_worker(game, "training", 0)
    game.s.money[0] = 4
    resolve_from(game, "specialists")
    assert game.decision is None or game.decision["kind"] != "training"
    assert game.s.money[0] == 4
    assert game.s.avail[0][1:] == [0, 0, 0, 0, 0]


def test_spaces_resolve_left_to_right():
    # Missionary, Merchant, Soldier, Captain, (Builder), Training. Player 0 has one Soldier left
    # in supply and a worker on both Soldier and Training: the Soldier space takes it first, so
    # Training can no longer offer a Soldier.
    game = fresh(2)
    game.s.discovery_box[0][W["soldier"]] = game.s.supply[0][W["soldier"]] - 1
    game.s.supply[0][W["soldier"]] = 1
    box_worker(game, "training", 0)
    box_worker(game, "soldier", 0)
    resolve_from(game, "specialists")
    assert game.s.avail[0][W["soldier"]] == 1
    assert game.decision["kind"] == "training"
    offered = {WORKERS[a.a] for a in game.legal_actions() if a.kind == "worker"}
    assert "soldier" not in offered


def test_trade_out_decisions_come_in_space_order():
    game = fresh(2)
    for p, space in ((1, "captain"), (0, "missionary"), (1, "soldier")):
        put(game, "caribbean", p, **{space: 1})
        box_worker(game, space, p)
        empty_supply(game, p, space)
    resolve_from(game, "specialists")
    seen = []
    while game.decision and game.decision["kind"] == "trade_out":
        seen.append((game.decision["player"], WORKERS[game.decision["worker"]]))
        play(game, "skip")
    assert seen == [(0, "missionary"), (1, "soldier"), (1, "captain")]


def test_each_space_holds_one_worker_five_specialists_a_turn():
    game = fresh(3)
    for p, space in enumerate(("missionary", "merchant", "soldier")):
        box_worker(game, space, p)
    box_worker(game, "captain", 0)
    box_worker(game, "training", 1)
    resolve_from(game, "specialists")
    play(game, "worker captain")
    s = game.s
    assert s.avail[0][W["missionary"]] == 1 and s.avail[0][W["captain"]] == 1
    assert s.avail[1][W["merchant"]] == 1 and s.avail[1][W["captain"]] == 1
    assert s.avail[2][W["soldier"]] == 1
    assert sum(sum(a[1:]) for a in s.avail) == 5


def test_workers_on_specialist_spaces_return_to_supply():
    game = fresh(2)
    game.s.supply[0][W["merchant"]] -= 1
    game.s.specialists[6] = [0, W["merchant"]]  # a Merchant on the Missionary space
    merchants = game.s.supply[0][W["merchant"]]
    stop_later(game)
    resolve_from(game, "specialists")
    assert game.s.supply[0][W["merchant"]] == merchants + 1
    assert game.s.avail[0][W["missionary"]] == 1


# ---- ruling 5: a supply that runs out -------------------------------------------------------


def test_empty_supply_and_nothing_to_trade_gives_nothing():
    game = fresh(2)
    box_worker(game, "captain", 0)
    stop_later(game)
    empty_supply(game, 0, "captain")
    resolve_from(game, "specialists")
    assert game.decision["kind"] == "warfare"
    assert game.s.avail[0][W["captain"]] == 0
    check(game)


def test_empty_supply_trade_out_a_specialist_from_the_new_world():
    game = fresh(2)
    put(game, "caribbean", 0, merchant=1, colonist=2)
    box_worker(game, "merchant", 0)
    empty_supply(game, 0, "merchant")
    stop_later(game)
    resolve_from(game, "specialists")
    colonists = game.s.supply[0][W["colonist"]]
    assert game.decision["kind"] == "trade_out"
    assert game.legal_actions() == [Action("region", 5), Action("skip")]
    play(game, "region caribbean")
    # The Merchant goes to the player's workers for next turn; a Colonist takes its place.
    assert game.s.avail[0][W["merchant"]] == 1
    assert workers(game, "caribbean", 0) == {"colonist": 3}
    assert game.s.supply[0][W["colonist"]] == colonists - 1
    check(game)


def test_trade_out_is_optional():
    game = fresh(2)
    put(game, "caribbean", 1, soldier=1)
    box_worker(game, "soldier", 1)
    empty_supply(game, 1, "soldier")
    resolve_from(game, "specialists")
    play(game, "skip")
    assert workers(game, "caribbean", 1) == {"soldier": 1}
    assert game.s.avail[1][W["soldier"]] == 0


def test_trade_out_only_when_the_supply_is_empty():
    game = fresh(2)
    put(game, "caribbean", 0, captain=1)
    box_worker(game, "captain", 0)
    stop_later(game)
    resolve_from(game, "specialists")
    assert game.decision["kind"] == "warfare"
    assert game.s.avail[0][W["captain"]] == 1
    assert workers(game, "caribbean", 0) == {"captain": 1}


def test_trade_out_only_same_type():
    game = fresh(2)
    put(game, "caribbean", 0, soldier=1, merchant=1)
    box_worker(game, "captain", 0)
    empty_supply(game, 0, "captain")
    stop_later(game)
    resolve_from(game, "specialists")
    assert game.decision["kind"] == "warfare"
    assert game.s.avail[0][W["captain"]] == 0


def test_trade_out_needs_a_colonist_to_take_its_place():
    game = fresh(2)
    stop_later(game)
    put(game, "caribbean", 0, captain=1)
    box_worker(game, "captain", 0, "soldier")  # (a colonist there would return to supply first)
    empty_supply(game, 0, "captain")
    empty_supply(game, 0, "colonist")
    resolve_from(game, "specialists")
    assert game.decision["kind"] == "warfare"


def test_training_can_trade_out_when_the_supply_is_empty():
    game = fresh(2)
    put(game, "peru", 0, missionary=1)
    box_worker(game, "training", 0)
    for w in ("captain", "merchant", "missionary", "soldier"):
        empty_supply(game, 0, w)
    resolve_from(game, "specialists")
    assert game.decision["kind"] == "training"
    assert game.legal_actions() == [Action("worker", W["missionary"]), Action("skip")]
    money = game.s.money[0]
    play(game, "worker missionary")
    # Paid: the trade-out is no longer optional.
    assert game.decision["kind"] == "trade_out"
    assert Action("skip") not in game.legal_actions()
    with pytest.raises(IllegalActionError):
        game.apply("skip")
    play(game, "region peru")
    assert game.s.money[0] == money - 5
    assert game.s.avail[0][W["missionary"]] == 1
    assert workers(game, "peru", 0) == {"colonist": 1}


def test_training_not_offered_when_nothing_can_be_had():
    game = fresh(2)
    box_worker(game, "training", 0)
    stop_later(game)
    for w in ("captain", "merchant", "missionary", "soldier"):
        empty_supply(game, 0, w)
    money = game.s.money[0]
    resolve_from(game, "specialists")
    assert game.decision["kind"] == "warfare"
    assert game.s.money[0] == money
