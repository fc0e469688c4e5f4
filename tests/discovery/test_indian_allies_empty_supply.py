"""Indian Allies ("Immediately place 2 free Soldiers in one of your colonies") when its buyer's
supply lacks Soldiers (issue #12). The rulebook: "if a player ever needs to take a Specialist from
their personal supply and there are none left, they may trade out one Specialist for one Colonist
in any region, as many times as needed" (ruling 5). The $14 purchase is no longer wasted."""

from __future__ import annotations

from empires.discovery.data import COLONIST, SOLDIER
from tests.discovery.helpers import (
    B,
    R,
    at_turn,
    box_worker,
    buy,
    clear_available,
    fresh,
    legal,
    play,
    put,
    workers,
)
from tests.discovery.invariants import check


def allies_position(colonists_left: int | None = None):
    """Player 0 (turn 4, Phase 2) has all 10 Soldiers in the New World: 1 in the Caribbean, 2 in
    Florida, 7 in Peru (with a Colonist), and a Colonist in Brazil. ``colonists_left``: move
    Colonists (the available ones too) to Brazil until that many are left in supply."""
    game = fresh(3)
    at_turn(game, 4)
    put(game, "caribbean", 0, soldier=1)
    put(game, "florida", 0, soldier=2)
    put(game, "peru", 0, colonist=1, soldier=7)
    put(game, "brazil", 0, colonist=1)
    assert game.s.supply[0][SOLDIER] == 0
    if colonists_left is not None:
        clear_available(game)
        put(game, "brazil", 0, colonist=game.s.supply[0][COLONIST] - colonists_left)
    box_worker(game, "discovery", 1)
    return game


def test_empty_supply_trades_two_soldiers_out_then_places_them():
    game = allies_position()
    s = game.s
    buy(game, 0, "indian_allies", money=14)
    colonists = s.supply[0][COLONIST]
    assert game.decision == {"kind": "allies_trade_out", "player": 0}
    assert legal(game) == ["region florida", "region caribbean", "region peru", "skip"]
    assert game.describe("region florida") == "Trade out the Soldier in Florida for a Colonist"
    play(game, "region florida")
    # The Soldier went back to supply, a Colonist from supply took its place in Florida.
    assert workers(game, "florida", 0) == {"colonist": 1, "soldier": 1}
    assert s.supply[0][SOLDIER] == 1 and s.supply[0][COLONIST] == colonists - 1
    assert game.decision == {"kind": "allies_trade_out", "player": 0}  # one more is missing
    play(game, "region caribbean")
    assert workers(game, "caribbean", 0) == {"colonist": 1}
    assert s.supply[0][SOLDIER] == 2
    assert game.decision == {"kind": "indian_allies", "player": 0}
    assert legal(game) == ["region florida", "region caribbean", "region peru", "region brazil"]
    play(game, "region brazil")
    assert workers(game, "brazil", 0) == {"colonist": 1, "soldier": 2}
    assert s.supply[0][SOLDIER] == 0 and s.supply[0][COLONIST] == colonists - 2
    assert game.decision["kind"] == "expedition_target"  # immediate: still Phase 2
    check(game)


def test_one_soldier_in_supply_trades_out_only_the_missing_one():
    game = allies_position()
    s = game.s
    s.region_workers[R["peru"]][0][SOLDIER] -= 1  # one Soldier back in supply
    s.supply[0][SOLDIER] += 1
    buy(game, 0, "indian_allies", money=14)
    assert game.decision["kind"] == "allies_trade_out"
    play(game, "region peru")
    assert s.supply[0][SOLDIER] == 2
    assert game.decision["kind"] == "indian_allies"  # no third trade is offered
    play(game, "region caribbean")
    assert workers(game, "caribbean", 0) == {"soldier": 3}
    check(game)


def test_trading_is_optional():
    game = allies_position()
    s = game.s
    buy(game, 0, "indian_allies", money=14)
    play(game, "region peru")
    assert s.supply[0][SOLDIER] == 1
    play(game, "skip")  # keep the other Soldiers where they are: one Soldier is placed
    assert game.decision == {"kind": "indian_allies", "player": 0}
    play(game, "region florida")
    assert workers(game, "florida", 0) == {"soldier": 3}
    check(game)
    # Skipping at once places nothing and asks nothing more.
    game = allies_position()
    buy(game, 0, "indian_allies", money=14)
    play(game, "skip")
    assert game.decision["kind"] == "expedition_target"
    assert game.s.supply[0][SOLDIER] == 0
    check(game)


def test_no_trade_without_a_colonist_in_supply_to_take_the_place():
    # Every Colonist is in the New World (the buying one, which the helper takes from the empty
    # supply, is back to exactly 0 in supply when the purchase takes effect).
    game = allies_position(colonists_left=0)
    s = game.s
    buy(game, 0, "indian_allies", money=14)
    assert game.s.owned[0][-1] == B["indian_allies"]
    assert game.decision["kind"] == "expedition_target"  # nothing to place, nothing to trade
    assert s.supply[0][SOLDIER] == 0
    check(game)


def test_a_full_supply_places_at_once_without_any_trade():
    game = allies_position()
    s = game.s
    for region, n in (("caribbean", 1), ("florida", 2), ("peru", 7)):
        s.region_workers[R[region]][0][SOLDIER] -= n
    s.supply[0][SOLDIER] = 10
    buy(game, 0, "indian_allies", money=14)
    assert game.decision == {"kind": "indian_allies", "player": 0}
    play(game, "region peru")
    assert workers(game, "peru", 0) == {"colonist": 1, "soldier": 2}
    check(game)
