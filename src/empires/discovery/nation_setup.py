"""Setup with the National Advantages (2015 rulebook, Appendix I; ruling 18), the step ``nations``
that runs before Phase 1 of turn 1 when option ``nations`` is ``"random"`` or ``"auction"``. It
ends with Spain's opening power (:mod:`empires.discovery.nations`).

``random``: the boards are dealt at random (``state.nation[p]``); money ($10, $11, ...) and the
random Player Order are as normal.

``auction``: everyone starts with $15 and no order. Starting with a random player, in seat order
(clockwise), each player still in the auction bids (``bid N``: at least $1, more than the high
bid, at most their money) or passes (``skip``) and is out of that auction. When one player is
left, they win: they pay their bid, take any remaining board (decision ``nation_pick``:
``nation K``) and the next place of the Player Order (the first auction gives place 1, ...).
Auctions repeat among the players without a board until one is left, who takes a remaining board
of their choice and pays half the previous winning bid, rounded up (ruling 18; with 6 players
only one board is left and it is given without a decision). ``state.nation_bids[p]`` ends as
what p paid.

Choices where Appendix I is silent:

- Nobody bids: a pass is final, so when everyone but one player has passed without a bid, that
  player wins the auction for $0 (no one is forced to bid; every action is either a pass, which
  removes a bidder, or a higher bid, at most $15, so an auction always ends).
- The next auction opens with the first player without a board clockwise after the previous
  winner (the first one opens with the random player).
- Bids are capped by the bidder's money ($15: players without a board have paid nothing yet).
"""

from __future__ import annotations

from empires.core.decisions import DecisionTable
from empires.discovery.actions import MAX_BID, Action
from empires.discovery.data import NATION_IDS, SOLDIER
from empires.discovery.decisions import SKIP, push
from empires.discovery.mechanics import free_discovery, undiscovered
from empires.discovery.narration import emit
from empires.discovery.nations import SPAIN, assign, holder
from empires.discovery.state import State

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)

AUCTION_MONEY = 15


def start(s: State) -> None:
    """Called at the end of setup when the National Advantages are in use."""
    n = s.num_players
    if s.options.nations == "random":
        boards = list(range(len(NATION_IDS)))
        s.rng.shuffle(boards)
        for p in range(n):
            assign(s, p, boards[p])
        s.step = "nations"
        if s.narrate:
            emit(
                s,
                "nation_boards",
                boards=[{"player": p, "nation": NATION_IDS[k]} for p, k in enumerate(s.nation)],
            )
    else:
        s.money = [AUCTION_MONEY] * n
        s.order = list(range(n))  # places are filled in as the auctions are won
        s.nation_bids = [0] * n
        s.nation_passed = []
        s.cursor = s.rng.randrange(n)  # the first auction's first bidder
    s.step = "nations"


def remaining_boards(s: State) -> list[int]:
    return [k for k in range(len(NATION_IDS)) if k not in s.nation]


def placed(s: State) -> int:
    """Players who already have a board (and a place in the Player Order)."""
    return sum(k >= 0 for k in s.nation)


def step_nations(s: State) -> None:
    free = [p for p in range(s.num_players) if s.nation[p] < 0]
    if free:
        _auction(s, free)
        return
    sp = holder(s, SPAIN)
    if sp >= 0 and s.advantage_left[sp] > 0:
        if undiscovered(s):
            push(s, "advantage", sp, nation=NATION_IDS[SPAIN])
            return
        s.advantage_left[sp] = 0
    s.nation_passed = []
    s.cursor = 0
    s.place_idx = 0
    s.step = "place"


def _high(s: State, free: list[int]) -> tuple[int, int]:
    """The current high bid and bidder (-1 if nobody has bid) of this auction."""
    best = max(free, key=lambda q: s.nation_bids[q])
    return (s.nation_bids[best], best) if s.nation_bids[best] > 0 else (0, -1)


def _auction(s: State, free: list[int]) -> None:
    n = s.num_players
    k = placed(s)
    if len(free) == 1:  # the last player: half the previous winning bid, rounded up
        p = free[0]
        s.nation_bids[p] = (s.nation_bids[s.order[k - 1]] + 1) // 2
        boards = remaining_boards(s)
        if len(boards) == 1:
            take(s, p, boards[0])
        else:
            push(s, "nation_pick", p, place=k + 1, price=s.nation_bids[p])
        return
    bidders = [p for p in free if p not in s.nation_passed]
    if len(bidders) == 1:
        winner = bidders[0]
        push(s, "nation_pick", winner, place=k + 1, price=s.nation_bids[winner])
        return
    high, high_bidder = _high(s, free)
    for i in range(n):
        p = (s.cursor + i) % n
        if p in bidders:
            s.cursor = p
            push(s, "nation_bid", p, place=k + 1, high=high, high_bidder=high_bidder)
            return


def take(s: State, p: int, board: int) -> None:
    """``p`` pays their price, takes ``board`` and the next place; the next auction begins."""
    k = placed(s)
    assign(s, p, board)
    s.money[p] -= s.nation_bids[p]
    if s.narrate:
        emit(
            s,
            "nation_taken",
            player=p,
            nation=NATION_IDS[board],
            money=s.nation_bids[p],
            place=k + 1,
        )
    s.order.remove(p)
    s.order.insert(k, p)
    s.nation_passed = []
    for q in range(s.num_players):
        if s.nation[q] < 0:
            s.nation_bids[q] = 0
    s.cursor = (p + 1) % s.num_players


@DECISIONS.decision(
    "nation_bid", "National Advantages auction: bid more than the high bid, or skip to pass"
)
def _bid_legal(s: State, d: dict) -> list[Action]:
    top = min(s.money[d["player"]], MAX_BID)
    return [*(Action("bid", b) for b in range(d["high"] + 1, top + 1)), SKIP]


@_bid_legal.choose
def _bid_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    if action.kind == "bid":
        s.nation_bids[p] = action.a
    else:
        s.nation_passed.append(p)
    s.cursor = (p + 1) % s.num_players


@DECISIONS.decision("nation_pick", "National Advantages: choose your player board")
def _pick_legal(s: State, d: dict) -> list[Action]:
    return [Action("nation", k) for k in remaining_boards(s)]


@_pick_legal.choose
def _pick_choose(s: State, d: dict, action: Action) -> None:
    take(s, d["player"], action.a)


# ---- Spain: Spanish Conquistadors, right after setup ----------------------------------------
@DECISIONS.decision("advantage_region", "Spain: choose the region to discover with a Soldier")
def _region_legal(s: State, d: dict) -> list[Action]:
    return [Action("region", r) for r in undiscovered(s)]


@_region_legal.choose
def _region_choose(s: State, d: dict, action: Action) -> None:
    """Resistance ignored; printed Plunder only (no $/Soldier); a Soldier lands, not a Colonist."""
    free_discovery(s, d["player"], action.a, "spain", worker=SOLDIER)
