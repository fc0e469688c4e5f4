"""2007 edition, ``order-auction`` variant: the starting-order auction (2007 rulebook, Appendix I,
"Regole alternative per l'ordine di partenza iniziale"; ruling 17). The 2007 standard start is the
random Player Order with $10 plus $0, $1, $2... by place; this optional variant replaces it and
runs before Phase 1 of turn 1.

Everyone starts with $10. In seat order, starting from a random seat, each player still in the
auction either bids (``bid N``: more than the current high bid, at least $1, at most their money)
or passes (``skip``) and leaves the auction. The first to pass takes the last place of the Player
Order, the next to pass the place before, and so on; when one player is left they win (at their
last bid, $0 if they never bid). The winner takes place 1, pays their whole bid and discovers the
Caribbean: they take the $ of the face-down counter placed there at setup (no Soldier bonus), keep
the counter for VP and put a Colonist from supply there. The player in place 2 pays half of their
own last bid, rounded up, and with a last bid of $8 or more takes a free specialist of their choice
(``worker W``; it goes to their available workers for turn 1).
"""

from __future__ import annotations

from empires.core.decisions import DecisionTable
from empires.discovery.actions import MAX_BID, Action
from empires.discovery.colonies import specialists_in_play
from empires.discovery.data import REGION_IDS
from empires.discovery.decisions import SKIP, push
from empires.discovery.mechanics import free_discovery, trained
from empires.discovery.narration import emit
from empires.discovery.state import State

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)

CARIBBEAN = REGION_IDS.index("caribbean")
FREE_SPECIALIST_BID = 8


def high_bid(s: State) -> int:
    return max(s.bids, default=0)


def step_auction(s: State) -> None:
    n = s.num_players
    if len(s.passed) >= n - 1:
        finish(s)
        return
    for i in range(n):  # the next seat still in the auction, clockwise from the cursor
        p = (s.cursor + i) % n
        if p not in s.passed:
            s.cursor = p
            push(s, "order_bid", p, high=high_bid(s))
            return


@DECISIONS.decision(
    "order_bid", "Starting-order auction: bid more than the high bid, or skip to pass"
)
def _bid_legal(s: State, d: dict) -> list[Action]:
    top = min(s.money[d["player"]], MAX_BID)
    return [*(Action("bid", b) for b in range(high_bid(s) + 1, top + 1)), SKIP]


@_bid_legal.choose
def _bid_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    if action.kind == "bid":
        s.bids[p] = action.a
    else:
        s.passed.append(p)
    s.cursor = (p + 1) % s.num_players


def finish(s: State) -> None:
    """Set the Player Order, take the payments, discover the Caribbean, offer the specialist."""
    winner = next(p for p in range(s.num_players) if p not in s.passed)
    second = s.passed[-1]
    s.order = [winner, *reversed(s.passed)]
    s.money[winner] -= s.bids[winner]
    s.money[second] -= (s.bids[second] + 1) // 2
    if s.narrate:
        emit(
            s,
            "order_auction",
            order=s.order[:],
            bids=s.bids[:],
            winner=winner,
            paid=s.bids[winner],
            second=second,
            second_paid=(s.bids[second] + 1) // 2,
            free_specialist=s.bids[second] >= FREE_SPECIALIST_BID,
        )
    free_discovery(s, winner, CARIBBEAN, "auction")
    s.cursor = 0
    s.place_idx = 0
    s.step = "place"
    if s.bids[second] >= FREE_SPECIALIST_BID and free_specialists(s, second):
        push(s, "order_specialist", second)


def free_specialists(s: State, p: int) -> list[int]:
    return [w for w in specialists_in_play(s) if s.supply[p][w] > 0]


@DECISIONS.decision("order_specialist", "Starting-order auction: choose your free specialist")
def _specialist_legal(s: State, d: dict) -> list[Action]:
    return [Action("worker", w) for w in free_specialists(s, d["player"])]


@_specialist_legal.choose
def _specialist_choose(s: State, d: dict, action: Action) -> None:
    trained(s, d["player"], action.a, "auction")
