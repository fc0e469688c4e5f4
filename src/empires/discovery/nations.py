"""National Advantages (2015 rulebook, Appendix I): the six powers printed on the player boards,
with their timing and usage limits. Which board each player holds is set up by
:mod:`empires.discovery.nation_setup` (option ``nations``: ``"random"`` or ``"auction"``).

A power is offered to its owner, at the moment the rulebook gives, as the decision ``advantage``
("use your National Advantage now?": ``advantage`` or ``skip``), followed where needed by the
choice it involves; Portugal's is offered inline, as an extra ``deck`` target of its expedition.

| nation | limit | offered | effect |
|---|---|---|---|
| England | once per game | just before the Colonist Dock resolves | 2 free Colonists from the owner's supply join the Dock, then the owner re-orders every worker there (``advantage_order``) |
| Spain | once, before turn 1 | right after setup (unused then: lost) | a free Discovery of a region ignoring Resistance: the counter is kept, only its printed Plunder is paid, 1 Soldier (not a Colonist) from supply lands there |
| France | twice per game, once a turn | just before Trade Goods resolves | take 1 Trade Good from the box (``advantage_good``); the last worker there may then get nothing |
| Portugal | once per Age | its Discovery expedition | use the Discovery deck although regions are still undiscovered; the card's Resistance counts as 3 |
| Holland | once per game | just before Merchant Shipping resolves | take the Merchant Ship; the would-be winner gets nothing |
| Italy | twice per game, once a turn | just before the Specialists box resolves | replace a worker on a Specialists space with one from the owner's supply (``advantage_replace``); the replaced worker goes back to its owner's supply (on Training Italy then pays $5 as normal) |

Usage is tracked in ``state.advantage_left`` (uses left this game; Spain's drops to 0 once its
opening offer is over) and ``state.advantage_turn`` (turn of the last use: once a turn for France
and Italy, once an Age for Portugal). ``state.adv_offered`` ("turn:step") makes sure each box's
offer is made once.

Where the text is open (documented choices):

- University and a National Advantage are both "just before" a box: the University is offered
  first, the advantage last, so it acts on the box exactly as it is about to resolve.
- England: "the workers here" are all workers on the Colonist Dock: the numbered spaces, X, Y and
  the Mayflower's ships, followed by the 2 new Colonists beside the printed spaces. With fewer
  than 2 Colonists in supply England adds those it has (ruling 5). Re-ordering is a sequence of
  ``index i`` picks: the i-th of the workers not yet placed goes next (one pick per distinct
  player/worker, identical workers being interchangeable); ``done`` keeps the rest as they are.
  Workers taken from X, Y and the Mayflower resolve like numbered-space workers.
- Italy: only an occupied space can be chosen, and only another player's worker (replacing one's
  own worker changes nothing); the new worker may be of any type in Italy's supply
  (``place <worker> <space>``).
- Portugal: the power replaces discovering a region, so it is offered only while some region is
  undiscovered (once all are, everyone explores with the deck as normal); it counts as used as
  soon as the deck is chosen; the owner's Plague I still lowers the Resistance of 3 by one.
- Spain: only regions can be discovered (the deck is not in use at the start of the game).
"""

from __future__ import annotations

from empires.core.decisions import DecisionTable
from empires.discovery.actions import Action
from empires.discovery.data import (
    BOXES,
    COLONIST,
    NATION_IDS,
    SPECIALIST_SPACES,
    WORKERS,
    age_of_turn,
)
from empires.discovery.decisions import DONE, SKIP, push
from empires.discovery.narration import emit, good_of
from empires.discovery.state import State

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)

ENGLAND, SPAIN, FRANCE, PORTUGAL, HOLLAND, ITALY = range(len(NATION_IDS))
LIMIT = {ENGLAND: 1, SPAIN: 1, FRANCE: 2, PORTUGAL: 3, HOLLAND: 1, ITALY: 2}
ONCE_A_TURN = (FRANCE, ITALY)
# Step (event box) -> the nation whose power is offered just before it resolves.
BEFORE_STEP = {"dock": ENGLAND, "trade_goods": FRANCE, "shipping": HOLLAND, "specialists": ITALY}
FREE_COLONISTS = 2
PORTUGAL_RESISTANCE = 3
ADVANTAGE = Action("advantage")
# Short texts of the powers (observation.describe).
POWERS = {
    ENGLAND: "add 2 free Colonists to the Colonist Dock and re-order every worker there",
    SPAIN: "a free Discovery ignoring Resistance, with a Soldier instead of a Colonist",
    FRANCE: "take 1 Trade Good from the Trade Goods box",
    PORTUGAL: "explore with the Discovery deck at Resistance 3 (once per Age)",
    HOLLAND: "take the Merchant Ship from the Merchant Shipping box",
    ITALY: "replace a worker on the Specialists box with one of yours",
}


# ---- bookkeeping ----------------------------------------------------------------------------
def assign(s: State, p: int, nation: int) -> None:
    """Give player ``p`` a board with its full number of uses."""
    s.nation[p] = nation
    s.advantage_left[p] = LIMIT[nation]


def holder(s: State, nation: int) -> int:
    """The seat holding a nation's board, -1 if nobody does."""
    return s.nation.index(nation) if nation in s.nation else -1


def _used_this_age(s: State, p: int) -> bool:
    last = s.advantage_turn[p]
    return last > 0 and age_of_turn(last) == age_of_turn(s.turn)


def uses_left(s: State, p: int) -> int:
    """How many more times ``p`` can use their power this game (public)."""
    k = s.nation[p]
    if k < 0:
        return 0
    left = s.advantage_left[p]
    if k == PORTUGAL:  # at most one per remaining Age
        ages = 3 - age_of_turn(s.turn) + (0 if _used_this_age(s, p) else 1)
        left = min(left, ages)
    return max(left, 0)


def usable(s: State, p: int) -> bool:
    """Whether the limits allow ``p`` to use their power now."""
    k = s.nation[p]
    if k < 0 or s.advantage_left[p] <= 0:
        return False
    if k in ONCE_A_TURN and s.advantage_turn[p] == s.turn:
        return False
    if k == PORTUGAL and _used_this_age(s, p):
        return False
    return True


def mark_used(s: State, p: int) -> None:
    s.advantage_left[p] -= 1
    s.advantage_turn[p] = s.turn


def tell(s: State, p: int, **fields) -> None:
    """The ``advantage`` event: ``p`` uses their nation's power (with what it did)."""
    if s.narrate:
        k = s.nation[p]
        emit(s, "advantage", player=p, nation=NATION_IDS[k], **fields)


# ---- offers just before a box resolves ------------------------------------------------------
def offer_before(s: State, step: str) -> bool:
    """Offer the owner of the power tied to ``step`` to use it now (once per box and turn);
    returns whether a decision was pushed."""
    if s.options.nations == "off":
        return False
    key = f"{s.turn}:{step}"
    if s.adv_offered == key:
        return False
    s.adv_offered = key
    k = BEFORE_STEP[step]
    p = holder(s, k)
    if p < 0 or not usable(s, p) or not _WORTH[k](s, p):
        return False
    push(s, "advantage", p, nation=NATION_IDS[k])
    return True


def portugal_deck(s: State, p: int) -> list[Action]:
    """Portugal's inline offer at its expedition: the deck while regions remain undiscovered."""
    if s.nation[p] != PORTUGAL or not s.deck or all(s.discovered) or not usable(s, p):
        return []
    return [Action("deck")]


@DECISIONS.decision("advantage", "National Advantage: use your power now, or skip")
def _advantage_legal(s: State, d: dict) -> list[Action]:
    return [ADVANTAGE, SKIP]


@_advantage_legal.choose
def _advantage_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    k = s.nation[p]
    if action.kind == "skip":
        if k == SPAIN:  # unused at the start of the game: lost
            s.advantage_left[p] = 0
        return
    mark_used(s, p)
    _USE[k](s, p)


# ---- England: England Empties her Jails ------------------------------------------------------
def _dock_count(s: State) -> int:
    return len(s.dock) + (s.dock_x >= 0) + (s.dock_y >= 0) + len(s.mayflower)


def _england_worth(s: State, p: int) -> bool:
    return s.supply[p][COLONIST] > 0 or _dock_count(s) >= 2


def _england(s: State, p: int) -> None:
    """Every worker on the Dock joins one queue, the free Colonists last; then re-order it."""
    if s.dock_x >= 0:
        s.dock.append([s.dock_x, COLONIST])
        s.dock_x = -1
    if s.dock_y >= 0:
        s.dock.append([s.dock_y, COLONIST])
        s.dock_y = -1
    s.dock += s.mayflower
    s.mayflower = []
    free = min(FREE_COLONISTS, s.supply[p][COLONIST])
    tell(s, p, colonists=free)
    s.supply[p][COLONIST] -= free
    s.dock += [[p, COLONIST] for _ in range(free)]
    _push_order(s, p, 0)


def order_choices(s: State, placed: int) -> list[int]:
    """Relative positions (among the workers not yet placed) of the first worker of each distinct
    player/worker pair (the action space has an ``index`` for every position: index_codes)."""
    seen: set[tuple[int, int]] = set()
    out = []
    for i, (q, w) in enumerate(s.dock[placed:]):
        if (q, w) not in seen:
            seen.add((q, w))
            out.append(i)
    return out


def _push_order(s: State, p: int, placed: int) -> None:
    if len(order_choices(s, placed)) >= 2:
        push(s, "advantage_order", p, placed=placed)


@DECISIONS.decision(
    "advantage_order",
    "England: choose the worker that goes next on the Colonist Dock, "
    "or done to keep the rest in order",
)
def _order_legal(s: State, d: dict) -> list[Action]:
    return [*(Action("index", i) for i in order_choices(s, d["placed"])), DONE]


@_order_legal.choose
def _order_choose(s: State, d: dict, action: Action) -> None:
    if action.kind == "done":
        return
    placed = d["placed"]
    s.dock.insert(placed, s.dock.pop(placed + action.a))
    _push_order(s, d["player"], placed + 1)


# ---- Spain: Spanish Conquistadors (the region choice is in nation_setup) ---------------------
def _spain_worth(s: State, p: int) -> bool:
    return not all(s.discovered)


def _spain(s: State, p: int) -> None:
    tell(s, p)
    push(s, "advantage_region", p)


# ---- France: French Trade with the Native Americans -----------------------------------------
def _france_worth(s: State, p: int) -> bool:
    return bool(s.tg_offer)


def _france(s: State, p: int) -> None:
    push(s, "advantage_good", p)


@DECISIONS.decision("advantage_good", "France: take one Trade Good from the Trade Goods box")
def _good_legal(s: State, d: dict) -> list[Action]:
    return [Action("good", g) for g in sorted(set(s.tg_offer))]


@_good_legal.choose
def _good_choose(s: State, d: dict, action: Action) -> None:
    s.tg_offer.remove(action.a)
    s.goods[d["player"]][action.a] += 1
    tell(s, d["player"], **good_of(action.a))


# ---- Holland: Dutch Merchants ---------------------------------------------------------------
def _holland_worth(s: State, p: int) -> bool:
    return s.ship_in_box


def _holland(s: State, p: int) -> None:
    s.ship_in_box = False
    s.ships[p] += 1
    tell(s, p, ships=s.ships[p])


# ---- Italy: Italian Renaissance Men ---------------------------------------------------------
def replacements(s: State, p: int) -> list[Action]:
    """``place <worker> <space>``: put a worker of p's supply on another player's space."""
    spaces = [b for b in SPECIALIST_SPACES if b in s.specialists and s.specialists[b][0] != p]
    types = [w for w in range(len(WORKERS)) if s.supply[p][w] > 0]
    return [Action("place", w, b) for b in spaces for w in types]


def _italy_worth(s: State, p: int) -> bool:
    return bool(replacements(s, p))


def _italy(s: State, p: int) -> None:
    push(s, "advantage_replace", p)


@DECISIONS.decision(
    "advantage_replace", "Italy: replace a worker on the Specialists box with one of yours"
)
def _replace_legal(s: State, d: dict) -> list[Action]:
    return replacements(s, d["player"])


@_replace_legal.choose
def _replace_choose(s: State, d: dict, action: Action) -> None:
    p, worker, space = d["player"], action.a, action.b
    q, old = s.specialists[space]
    tell(s, p, other=q, replaced=WORKERS[old], worker=WORKERS[worker], space=BOXES[space])
    s.supply[q][old] += 1
    s.supply[p][worker] -= 1
    s.specialists[space] = [p, worker]


def _never(s: State, p: int) -> bool:  # Portugal is offered inline, never before a box
    return False


_WORTH = {
    ENGLAND: _england_worth,
    SPAIN: _spain_worth,
    FRANCE: _france_worth,
    PORTUGAL: _never,
    HOLLAND: _holland_worth,
    ITALY: _italy_worth,
}
_USE = {
    ENGLAND: _england,
    SPAIN: _spain,
    FRANCE: _france,
    HOLLAND: _holland,
    ITALY: _italy,
}
