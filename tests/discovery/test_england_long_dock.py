"""England Empties her Jails (Appendix I: "re-order the workers here in any order") on the longest
Colonist Dock a game can have: 6 players, all 11 numbered spaces, X, Y and three Mayflower ships
loaded, then England's 2 free Colonists, 18 workers in one queue. Every one of them can be moved
(issue #12: the action codec used to stop at relative position 16)."""

from __future__ import annotations

from empires.discovery import Options, action_space_size, decode, encode, flow, new_game
from empires.discovery.actions import Action, index_codes
from empires.discovery.data import COLONIST, NATION_IDS
from empires.discovery.nations import FREE_COLONISTS, assign
from empires.discovery.placement import MAYFLOWER_SHIPS
from empires.discovery.setup import dock_spaces
from tests.discovery.helpers import W, give_building, play, resolve_from
from tests.discovery.invariants import check

ENGLAND = 5


def six_boards():
    """A 6-player game with National Advantages and the Builders (the Mayflower),
    player order 0..5, England at seat 5 with its power unused; the other powers used this turn."""
    game = new_game(6, seed=3, options=Options(nations="random", builders=True))
    s = game.s
    s.order = list(range(6))
    others = [k for k, name in enumerate(NATION_IDS) if name != "england"]
    for p in range(6):
        assign(s, p, NATION_IDS.index("england") if p == ENGLAND else others[p])
        if NATION_IDS[s.nation[p]] == "spain":  # over at the start
            s.advantage_left[p] = 0
        elif p != ENGLAND:  # used once already this turn: not usable again now
            s.advantage_left[p] -= 1
            s.advantage_turn[p] = 1
    s.pending, s.step, s.place_idx, s.cursor = [], "place", 0, 0
    game._legal = None
    flow.run(s)
    return game


def full_dock(game) -> None:
    """11 numbered spaces (players 0-4, one worker each of several kinds), X (player 0), Y
    (player 1) and the Mayflower (player 2's Captain, Merchant and Missionary): England (seat 5)
    has no worker there before its 2 free Colonists."""
    s = game.s
    kinds_cycle = ["colonist", "soldier", "merchant"]
    s.dock = []
    for i in range(dock_spaces(6)):
        q, w = i % 5, W[kinds_cycle[i // 5]]
        s.supply[q][w] -= 1
        s.dock.append([q, w])
    for q in (0, 1):
        s.supply[q][COLONIST] -= 1
    s.dock_x, s.dock_y = 0, 1
    give_building(game, 2, "mayflower")
    s.ships[2] = 3  # from the supply
    s.ship_supply -= 3
    for w in ("captain", "merchant", "missionary"):
        s.supply[2][W[w]] -= 1
        s.mayflower.append([2, W[w]])
    s.mayflower_ships[2] = MAYFLOWER_SHIPS


def test_the_codec_covers_the_longest_dock_queue():
    for n in range(2, 7):
        longest = dock_spaces(n) + 2 + MAYFLOWER_SHIPS + FREE_COLONISTS  # + X and Y
        assert index_codes(n) >= longest
        for i in range(index_codes(n)):
            assert decode(encode(Action("index", i), n), n) == Action("index", i)
    assert index_codes(6) == 18
    assert action_space_size(6) == action_space_size(5) + 1 + 2  # a player and indices 16, 17


def test_england_moves_a_worker_at_position_16_to_the_front():
    game = six_boards()
    s = game.s
    full_dock(game)
    check(game)
    resolve_from(game, "dock")
    assert game.decision["kind"] == "advantage" and game.current_player == ENGLAND
    play(game, "advantage")
    assert len(s.dock) == 18 and s.dock[16:] == [[ENGLAND, COLONIST], [ENGLAND, COLONIST]]
    assert s.dock[13:16] == [[2, W["captain"]], [2, W["merchant"]], [2, W["missionary"]]]
    legal = game.legal_actions()
    # one pick per distinct worker: England's free Colonist is first seen at position 16
    assert Action("index", 16) in legal and Action("index", 15) in legal
    codes = game.legal_action_codes()  # every legal action has a code (encode would raise)
    assert [decode(c, 6) for c in codes] == legal
    play(game, "index 16")
    assert s.dock[0] == [ENGLAND, COLONIST]
    # Later picks count from the first worker not yet placed: the Mayflower's Missionary is now
    # at relative position 15 (absolute 16), still pickable.
    assert Action("index", 15) in game.legal_actions()
    play(game, "index 15")
    assert s.dock[:2] == [[ENGLAND, COLONIST], [2, W["missionary"]]]
    play(game, "done")
    order = []
    while game.decision is not None and game.decision["kind"] == "dock":
        order.append((game.current_player, game.decision["worker"]))
        play(game, "region caribbean")
    assert order[:2] == [(ENGLAND, COLONIST), (2, W["missionary"])]
    assert len(order) == 18
    check(game)
