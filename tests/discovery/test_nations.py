"""Appendix I: National Advantages (random boards or the starting auction, ruling 18) and the six
powers with their timing and usage limits."""

import json

import pytest

from empires.core.errors import IllegalActionError
from empires.core.rng import Rng
from empires.discovery import Options, flow, from_json, new_game
from empires.discovery.actions import Action
from empires.discovery.data import CARDS, COLONIST, COUNTERS, NATION_IDS, NUM_REGIONS, REGION_IDS
from empires.discovery.nations import assign, uses_left
from tests.discovery.helpers import (
    BOX,
    G,
    R,
    W,
    box_worker,
    give_building,
    play,
    put,
    resolve_from,
    workers,
)
from tests.discovery.invariants import check

N = {k: i for i, k in enumerate(NATION_IDS)}
C = {c.id: i for i, c in enumerate(COUNTERS)}
CARD = {c.id: i for i, c in enumerate(CARDS)}


def nfresh(n: int = 3, boards: dict[int, str] | None = None, seed: int = 0, opening: bool = False):
    """A game with the given boards (seat -> nation), player order 0..N-1 and $10, $11, ...
    The other seats hold other boards whose powers are used up. Spain's opening offer is over
    unless ``opening``."""
    game = new_game(n, seed=seed, options=Options(nations="random"))
    s = game.s
    boards = boards or {}
    s.order = list(range(n))
    s.money = [10 + p for p in range(n)]
    s.nation = [-1] * n
    s.advantage_left = [0] * n
    for p, name in boards.items():
        assign(s, p, N[name])
    # Once-per-game powers already used in turn 1 (or Spain's, over at the start).
    spare = [N[k] for k in ("england", "holland", "spain") if N[k] not in s.nation]
    for p in range(n):
        if p not in boards:
            s.nation[p] = spare.pop(0)
            s.advantage_turn[p] = 0 if s.nation[p] == N["spain"] else 1
    s.pending = []
    s.step = "nations" if opening else "place"
    if not opening and N["spain"] in s.nation:
        s.advantage_left[s.nation.index(N["spain"])] = 0
    s.place_idx = 0
    s.cursor = 0
    game._legal = None
    flow.run(s)
    return game


def kinds(game) -> tuple[str, int, str | None]:
    d = game.decision
    return d["kind"], d["player"], d.get("nation")


def set_counter(game, region: str, counter_id: str) -> None:
    s = game.s
    r, c = R[region], C[counter_id]
    old = s.counter[r]
    if c in s.unused_counters:
        s.unused_counters.remove(c)
        s.unused_counters.append(old)
    else:
        s.counter[s.counter.index(c)] = old
    s.counter[r] = c


def card_on_top(game, card_id: str) -> None:
    deck = game.s.deck
    deck.remove(CARD[card_id])
    deck.append(CARD[card_id])


# ---- random boards --------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_boards_are_dealt_with_normal_money_and_order(n):
    deals = set()
    for seed in range(12):
        game = new_game(n, seed=seed, options=Options(nations="random"))
        s = game.s
        assert all(k >= 0 for k in s.nation) and len(set(s.nation)) == n
        if n == 6:
            assert sorted(s.nation) == list(range(6))
        for place, p in enumerate(s.order):
            assert s.money[p] == 10 + place
        # No auction: Phase 1 at once, or Spain's opening offer first.
        if N["spain"] in s.nation:
            assert kinds(game) == ("advantage", s.nation.index(N["spain"]), "spain")
        else:
            assert game.decision["kind"] == "place"
        deals.add(tuple(s.nation))
        check(game)
    assert len(deals) > 1
    # The same seed deals the same boards.
    again = new_game(n, seed=3, options=Options(nations="random"))
    assert again.s.nation == new_game(n, seed=3, options=Options(nations="random")).s.nation


def test_without_nations_nobody_has_a_board():
    game = new_game(4, seed=1)
    assert game.s.nation == [-1] * 4
    assert all(
        p["nation"] is None and p["advantage_uses_left"] == 0
        for p in game.observation(None)["players"]
    )


def test_nations_need_the_2015_edition():
    with pytest.raises(ValueError):
        Options(edition="2007", nations="random")


# ---- the auction ----------------------------------------------------------------------------
def auction_game(n: int, seed: int = 0):
    game = new_game(n, seed=seed, options=Options(nations="auction"))
    start = game.current_player
    return game, [(start + i) % n for i in range(n)]


def test_auction_starts_everyone_with_15_and_a_random_first_bidder():
    firsts = set()
    for seed in range(20):
        game, seats = auction_game(4, seed)
        s = game.s
        assert s.step == "nations" and s.money == [15] * 4 and s.nation == [-1] * 4
        assert game.decision["kind"] == "nation_bid" and game.decision["high"] == 0
        legal = game.legal_actions()
        assert legal == [*(Action("bid", b) for b in range(1, 16)), Action("skip")]
        firsts.add(seats[0])
    assert len(firsts) > 1


def test_four_player_auction_order_money_and_ruling_18():
    game, (a, b, c, d) = auction_game(4, seed=5)
    s = game.s
    # Auction 1: A 3, B 5, C pass, D pass, A 6, B pass -> A wins at $6.
    play(game, "bid 3")
    assert game.current_player == b and game.decision["high"] == 3
    with pytest.raises(IllegalActionError):
        game.apply("bid 3")  # must be higher than the high bid
    play(game, "bid 5", "skip", "skip")
    assert game.current_player == a  # C and D are out of this auction
    play(game, "bid 6", "skip")
    assert kinds(game) == ("nation_pick", a, None)
    assert game.decision["place"] == 1 and game.decision["price"] == 6
    assert len(game.legal_actions()) == 6  # any board
    play(game, "nation holland")
    assert s.nation[a] == N["holland"] and s.money[a] == 9 and s.order[0] == a
    # Auction 2 opens with the first player without a board after the winner: B.
    assert kinds(game) == ("nation_bid", b, None) and game.decision["place"] == 2
    assert game.decision["high"] == 0  # a new auction, new bids
    play(game, "bid 2", "skip", "bid 4", "skip")  # B 2, C pass, D 4, B pass
    assert kinds(game) == ("nation_pick", d, None)
    assert Action("nation", N["holland"]) not in game.legal_actions()
    with pytest.raises(IllegalActionError):
        game.apply("nation holland")
    play(game, "nation england")
    assert s.money[d] == 11 and s.order[:2] == [a, d]
    # Auction 3 opens after D: A has a board, so B.
    assert kinds(game) == ("nation_bid", b, None)
    play(game, "bid 5", "skip")  # B 5, C pass
    assert kinds(game) == ("nation_pick", b, None)
    play(game, "nation france")
    # The last player chooses among the 3 boards left and pays half of $5, rounded up: $3.
    assert kinds(game) == ("nation_pick", c, None)
    assert game.decision["price"] == 3 and game.decision["place"] == 4
    assert sorted(x.a for x in game.legal_actions()) == sorted(
        N[k] for k in ("spain", "portugal", "italy")
    )
    play(game, "nation portugal")
    assert s.order == [a, d, b, c]
    assert [s.money[p] for p in (a, d, b, c)] == [9, 11, 10, 12]
    assert [s.nation_bids[p] for p in (a, d, b, c)] == [6, 4, 5, 3]
    # Then Phase 1 of turn 1, the first auction's winner first.
    assert s.step == "place" and kinds(game) == ("place", a, None)
    check(game)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("last_bid, half", [(1, 1), (4, 2), (5, 3), (15, 8)])
def test_ruling_18_the_last_player_chooses_and_pays_half_rounded_up(n, last_bid, half):
    game, seats = auction_game(n, seed=n)
    s = game.s
    for k in range(n - 1):  # each auction: the opener bids, everyone else passes
        bid = last_bid if k == n - 2 else 1 + k
        play(game, f"bid {bid}", *["skip"] * (n - k - 1))
        assert game.decision["kind"] == "nation_pick"
        winner = game.current_player
        board = next(a for a in game.legal_actions() if a.a != N["spain"])
        game.apply(board)
        assert s.order[k] == winner and s.money[winner] == 15 - bid
    (last,) = [p for p in range(n) if s.nation[p] < 0]
    assert kinds(game) == ("nation_pick", last, None)
    assert game.decision["price"] == half
    assert len(game.legal_actions()) == 6 - (n - 1)  # a remaining board of their choice
    play(game, "nation spain")
    assert s.money[last] == 15 - half and s.order[-1] == last
    assert kinds(game) == ("advantage", last, "spain")  # Spain's opening offer comes next
    check(game)


def test_six_player_auction_gives_the_last_board_to_the_last_player():
    game, seats = auction_game(6, seed=2)
    s = game.s
    boards = ["england", "france", "portugal", "holland", "italy"]
    for k, board in enumerate(boards):
        play(game, f"bid {k + 1}", *["skip"] * (6 - k - 1))
        play(game, f"nation {board}")
    (last,) = [p for p in range(6) if s.nation[p] < 0 or s.nation[p] == N["spain"]]
    # No choice is left: Spain is given, for half of the 5th winning bid ($5 -> $3).
    assert s.nation[last] == N["spain"] and s.money[last] == 12 and s.nation_bids[last] == 3
    assert s.order[-1] == last and sorted(s.nation) == list(range(6))
    assert kinds(game) == ("advantage", last, "spain")
    assert all(d["kind"] != "nation_pick" or d["player"] != last for d in s.pending)
    check(game)


def test_an_auction_where_nobody_bids_goes_to_the_player_left_for_free():
    game, (a, b, c) = auction_game(3, seed=7)
    s = game.s
    play(game, "skip", "skip")
    assert kinds(game) == ("nation_pick", c, None) and game.decision["price"] == 0
    play(game, "nation italy")
    assert s.money[c] == 15 and s.order[0] == c
    # The next auction opens after C: A; A passes, B gets it for free; A pays half of $0.
    assert kinds(game) == ("nation_bid", a, None)
    play(game, "skip", "nation england")
    assert kinds(game) == ("nation_pick", a, None) and game.decision["price"] == 0
    play(game, "nation france")
    assert s.order == [c, b, a] and s.money == [15, 15, 15]
    check(game)


def test_bids_cannot_exceed_15():
    game, _ = auction_game(3, seed=1)
    play(game, "bid 15")
    assert game.legal_actions() == [Action("skip")]
    with pytest.raises(IllegalActionError):
        game.apply("bid 16")


def test_auction_games_save_and_replay_mid_auction():
    game, _ = auction_game(4, seed=11)
    play(game, "bid 2", "bid 4", "skip")
    loaded = from_json(json.loads(json.dumps(game.to_json())))
    assert loaded.to_json() == game.to_json()
    obs = game.observation(None)
    assert obs["phase"] == "Setup: National Advantages"
    assert obs["nations_auction"]["passed"] and max(obs["nations_auction"]["bids"]) == 4


# ---- Spain ----------------------------------------------------------------------------------
def test_spain_discovers_a_region_with_a_soldier_ignoring_resistance():
    game = nfresh(3, {1: "spain"}, opening=True)
    s = game.s
    assert kinds(game) == ("advantage", 1, "spain")
    set_counter(game, "peru", "c15")  # Resistance 5, Plunder $4, $5 per Soldier
    soldiers = s.supply[1][W["soldier"]]
    play(game, "advantage")
    assert game.decision["kind"] == "advantage_region"
    assert {REGION_IDS[a.a] for a in game.legal_actions()} == {
        REGION_IDS[r] for r in range(NUM_REGIONS) if not s.discovered[r]
    }
    play(game, "region peru")
    assert s.discovered[R["peru"]] and C["c15"] in s.found[1]
    assert s.money[1] == 11 + 4  # printed Plunder only, no Conquistador Plunder
    assert workers(game, "peru", 1) == {"soldier": 1}  # a Soldier, not a Colonist
    assert s.supply[1][W["soldier"]] == soldiers - 1
    assert uses_left(s, 1) == 0
    assert s.step == "place" and s.turn == 1  # then turn 1 begins
    check(game)


def test_spain_unused_at_the_start_is_lost():
    game = nfresh(3, {0: "spain"}, opening=True)
    play(game, "skip")
    s = game.s
    assert s.advantage_left[0] == 0 and uses_left(s, 0) == 0
    assert game.decision["kind"] == "place" and not any(s.found)
    # It is never offered again.
    rng = Rng(3)
    while not game.is_terminal():
        assert game.decision["kind"] not in ("advantage", "advantage_region")
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])


# ---- England --------------------------------------------------------------------------------
def england_dock(game):
    s = game.s
    box_worker(game, "dock", 0)
    box_worker(game, "dock", 1)
    box_worker(game, "dock", 0, "merchant")
    s.supply[1][COLONIST] -= 1
    s.dock_x = 1  # Indentured Servitude's colonist on X


def test_england_adds_two_free_colonists_and_reorders_the_dock():
    game = nfresh(3, {2: "england"})
    s = game.s
    england_dock(game)
    resolve_from(game, "dock")
    supply = s.supply[2][COLONIST]
    assert kinds(game) == ("advantage", 2, "england")  # just before the Dock resolves
    play(game, "advantage")
    assert s.supply[2][COLONIST] == supply - 2
    assert s.dock_x == -1  # every worker on the Dock is in one queue now
    assert s.dock == [
        [0, W["colonist"]],
        [1, W["colonist"]],
        [0, W["merchant"]],
        [1, W["colonist"]],
        [2, W["colonist"]],
        [2, W["colonist"]],
    ]
    assert game.decision["kind"] == "advantage_order"
    # One pick per distinct worker: positions 0, 1, 2 and 4 (England's), or done.
    assert game.legal_actions() == [Action("index", i) for i in (0, 1, 2, 4)] + [Action("done")]
    check(game)  # the free colonists are counted
    play(game, "index 4", "index 2")  # England, then player 0's Merchant
    assert s.dock[:2] == [[2, W["colonist"]], [0, W["merchant"]]]
    play(game, "done")
    assert s.dock == [
        [2, W["colonist"]],
        [0, W["merchant"]],
        [0, W["colonist"]],
        [1, W["colonist"]],
        [1, W["colonist"]],
        [2, W["colonist"]],
    ]
    order = []
    while game.decision["kind"] == "dock":
        order.append((game.current_player, game.decision["worker"]))
        play(game, "region caribbean")
    assert order == [
        (2, W["colonist"]),
        (0, W["merchant"]),
        (0, W["colonist"]),
        (1, W["colonist"]),
        (1, W["colonist"]),
        (2, W["colonist"]),
    ]
    assert workers(game, "caribbean", 2) == {"colonist": 2}
    check(game)
    # Once per game.
    assert uses_left(s, 2) == 0
    england_dock(game)
    s.turn = 2
    resolve_from(game, "dock")
    assert game.decision["kind"] == "dock"


def test_england_may_skip_and_use_it_in_a_later_turn():
    game = nfresh(3, {0: "england"})
    box_worker(game, "dock", 1)
    resolve_from(game, "dock")
    supply = game.s.supply[0][COLONIST]
    play(game, "skip")
    assert game.decision["kind"] == "dock" and game.s.supply[0][COLONIST] == supply
    play(game, "skip")
    game.s.turn = 2
    box_worker(game, "dock", 1)
    resolve_from(game, "dock")
    assert kinds(game) == ("advantage", 0, "england")
    play(game, "advantage", "index 1", "done")  # England's first Colonist before player 1
    assert game.s.dock == [[0, 0], [1, 0], [0, 0]]


def test_england_is_offered_after_the_university():
    game = nfresh(3, {2: "england"})
    give_building(game, 0, "university")
    box_worker(game, "dock", 1)
    box_worker(game, "dock", 0)
    resolve_from(game, "dock")
    assert game.decision["kind"] == "university_index"
    play(game, "skip")
    assert kinds(game) == ("advantage", 2, "england")


# ---- France ---------------------------------------------------------------------------------
def tg_game(boards, offer, *players, n=3):
    game = nfresh(n, boards)
    s = game.s
    s.pool += s.tg_offer
    s.tg_offer = [G[g] for g in offer]
    for g in offer:
        s.pool.remove(G[g])
    for p in players:
        box_worker(game, "trade_goods", p)
    return game


def test_france_takes_a_good_and_the_last_worker_gets_nothing():
    game = tg_game({1: "france"}, ["silver", "gold", "fur", "rice"], 0, 2, 1, 2)
    s = game.s
    resolve_from(game, "trade_goods")
    assert kinds(game) == ("advantage", 1, "france")
    play(game, "advantage")
    assert game.decision["kind"] == "advantage_good"
    assert Action("skip") not in game.legal_actions()
    play(game, "good gold")
    assert s.goods[1][G["gold"]] == 1
    takers = []
    while game.decision and game.decision["kind"] == "trade_good":
        takers.append(game.current_player)
        game.apply(game.legal_actions()[0])
    assert takers == [0, 2, 1]  # the fourth worker (player 2) gets nothing
    assert sum(s.goods[2]) == 1 and not s.tg_box
    check(game)


def test_france_twice_per_game_once_per_turn():
    game = tg_game({0: "france"}, ["silver", "gold", "fur", "rice"])
    s = game.s
    assert uses_left(s, 0) == 2
    resolve_from(game, "trade_goods")
    play(game, "advantage", "good fur")
    assert uses_left(s, 0) == 1
    s.turn = 1  # (the flow went on to turn 2) the same turn again: no second use
    resolve_from(game, "trade_goods")
    assert not game.decision or game.decision["kind"] != "advantage"
    s.turn = 2
    resolve_from(game, "trade_goods")
    assert kinds(game) == ("advantage", 0, "france")
    play(game, "advantage")
    game.apply(game.legal_actions()[0])  # new goods came out at the end of turn 1
    assert uses_left(s, 0) == 0
    s.turn = 3
    resolve_from(game, "trade_goods")
    assert not game.decision or game.decision["kind"] != "advantage"


def test_france_is_not_offered_when_the_box_is_empty():
    game = tg_game({0: "france"}, [])
    resolve_from(game, "trade_goods")
    assert not game.decision or game.decision["kind"] != "advantage"


# ---- Portugal -------------------------------------------------------------------------------
def portugal_game(*members, seat=1):
    game = nfresh(3, {seat: "portugal"})
    for w in members:
        box_worker(game, "discovery", seat, w)
    box_worker(game, "discovery", 0)
    return game


def test_portugal_may_use_the_deck_while_regions_remain_at_resistance_3():
    game = portugal_game("captain", "colonist", "soldier")
    s = game.s
    card_on_top(game, "india")  # printed Resistance 6, Plunder $6, $3 per Soldier
    resolve_from(game, "discovery")
    # Player 0 (not Portugal) sees only the regions.
    assert game.current_player == 0 and Action("deck") not in game.legal_actions()
    play(game, "skip")
    assert game.current_player == 1 and Action("deck") in game.legal_actions()
    assert any(a.kind == "region" for a in game.legal_actions())
    money = s.money[1]
    play(game, "deck")
    assert game.decision["resistance"] == 3
    play(game, "worker captain", "worker soldier", "done")  # value 3 >= 3
    assert CARD["india"] in s.cards_won[1] and s.money[1] == money + 6 + 3
    assert uses_left(s, 1) == 2
    check(game)


def test_portugal_expedition_fails_below_3_and_the_card_is_shuffled_back():
    game = portugal_game("colonist", "colonist")
    s = game.s
    card_on_top(game, "mississippi")  # printed Resistance 3
    resolve_from(game, "discovery")
    play(game, "skip", "deck", "worker colonist", "worker colonist", "done")
    assert not s.cards_won[1] and CARD["mississippi"] in s.deck
    assert uses_left(s, 1) == 2  # used even though it failed


def test_portugal_once_per_age():
    game = portugal_game("captain", "captain")
    s = game.s
    resolve_from(game, "discovery")
    play(game, "skip", "deck", "worker captain", "done")
    for turn, offered in ((2, False), (3, False), (4, True)):
        s.turn = turn
        resolve_from(game, "discovery")
        play(game, "skip")
        assert (Action("deck") in game.legal_actions()) == offered, turn
        play(game, "skip")
    assert uses_left(s, 1) == 2
    s.turn = 7
    assert uses_left(s, 1) == 1  # Age II went unused: only Age III remains


def test_portugal_with_every_region_discovered_explores_as_normal():
    game = portugal_game("captain", "colonist")
    s = game.s
    for r in range(NUM_REGIONS):
        if not s.discovered[r]:
            put(game, REGION_IDS[r], 0)
    card_on_top(game, "india")
    resolve_from(game, "discovery")
    play(game, "skip")
    assert game.legal_actions().count(Action("deck")) == 1
    play(game, "deck")
    assert "resistance" not in game.decision
    play(game, "worker captain", "worker colonist", "done")  # 3 < 6
    assert not s.cards_won[1] and uses_left(s, 1) == 3


# ---- Holland --------------------------------------------------------------------------------
def test_holland_takes_the_merchant_ship_and_the_winner_gets_nothing():
    game = nfresh(3, {2: "holland"})
    s = game.s
    box_worker(game, "shipping", 0, "captain")
    box_worker(game, "shipping", 1)
    resolve_from(game, "shipping")
    assert kinds(game) == ("advantage", 2, "holland")
    play(game, "advantage")
    assert s.ships == [0, 0, 1] and not s.shipping
    assert game.s.turn == 2 and s.ship_in_box  # the turn ended, a new ship came out
    check(game)
    # Once per game.
    box_worker(game, "shipping", 0, "captain")
    resolve_from(game, "shipping")
    assert s.ships == [1, 0, 1]


def test_holland_may_decline():
    game = nfresh(3, {2: "holland"})
    box_worker(game, "shipping", 0, "captain")
    resolve_from(game, "shipping")
    play(game, "skip")
    assert game.s.ships == [1, 0, 0]
    assert uses_left(game.s, 2) == 1


# ---- Italy ----------------------------------------------------------------------------------
def test_italy_replaces_a_worker_on_the_specialists_box():
    game = nfresh(3, {1: "italy"})
    s = game.s
    box_worker(game, "soldier", 0)
    box_worker(game, "training", 2)
    box_worker(game, "captain", 1)
    resolve_from(game, "specialists")
    supply0 = s.supply[2][COLONIST]
    assert kinds(game) == ("advantage", 1, "italy")
    play(game, "advantage")
    legal = game.legal_actions()
    spaces = {a.b for a in legal}
    assert spaces == {BOX["soldier"], BOX["training"]}  # not its own space, not empty ones
    assert Action("place", W["merchant"], BOX["training"]) in legal
    play(game, "place colonist training")
    assert s.supply[2][COLONIST] == supply0 + 1  # back to its owner's supply
    check(game)
    # Training now belongs to Italy, who pays $5 as normal.
    assert kinds(game) == ("training", 1, None)
    money = s.money[1]
    play(game, "worker merchant")
    assert s.money[1] == money - 5 and s.avail[1][W["merchant"]] == 1
    assert s.avail[0][W["soldier"]] == 1 and s.avail[1][W["captain"]] == 1
    assert s.avail[2][COLONIST + 1 :] == [0] * (len(W) - 1)  # player 2 got no specialist
    check(game)


def test_italy_twice_per_game_once_per_turn():
    game = nfresh(3, {0: "italy"})
    s = game.s

    def offered(turn: int) -> bool:
        s.turn = turn
        box_worker(game, "merchant", 1)
        resolve_from(game, "specialists")
        seen = bool(game.decision) and game.decision["kind"] == "advantage"
        if seen:
            play(game, "advantage", "place colonist merchant")
        return seen

    assert offered(1)
    assert not offered(1)  # same turn
    assert offered(2)
    assert not offered(3)
    assert uses_left(s, 0) == 0
    check(game)


def test_italy_is_not_offered_without_another_players_worker():
    game = nfresh(3, {0: "italy"})
    box_worker(game, "merchant", 0)
    resolve_from(game, "specialists")
    assert not game.decision or game.decision["kind"] != "advantage"


# ---- observation and words ------------------------------------------------------------------
def test_nations_and_uses_left_are_public():
    game = nfresh(3, {0: "france", 1: "portugal", 2: "holland"})
    for viewer in (None, 0, 1, 2):
        players = game.observation(viewer)["players"]
        assert [p["nation"] for p in players] == ["france", "portugal", "holland"]
        assert [p["advantage_uses_left"] for p in players] == [2, 3, 1]


def test_describe_the_new_decisions():
    texts = []
    game, _ = auction_game(3, seed=4)
    texts += [game.describe(a) for a in game.legal_actions()[:1] + [Action("skip")]]
    play(game, "bid 2", "skip", "skip")
    texts.append(game.describe(game.legal_actions()[0]))
    game = nfresh(3, {2: "england", 0: "italy", 1: "france"})
    england_dock(game)
    resolve_from(game, "dock")
    texts += [game.describe(a) for a in game.legal_actions()]
    play(game, "advantage")
    texts += [game.describe(a) for a in game.legal_actions()]
    box_worker(game, "merchant", 1)
    resolve_from(game, "specialists")
    play(game, "advantage")
    texts.append(game.describe(game.legal_actions()[0]))
    for text in texts:
        assert isinstance(text, str) and text
    assert "Bid $1" in texts[0] and "Pass" in texts[1]
    assert any("England" in t for t in texts)
    assert any(t.startswith("Replace Player 2's Colonist") for t in texts)  # seat 1
    assert any("goes next" in t for t in texts)
