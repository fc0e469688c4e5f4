"""Capital Buildings of the Builder expansion (Appendix II, marked with scissors), keyed by id.

Their common effect shapes (a worker each turn, Spoils of War, end-game VP) are fields of
``data/buildings.toml`` as for the base tiles. The tiles that ask a question fill this module's
own tables (``ON_BUY``, ``BENEFIT``), which :mod:`.buildings` adds to the base game's by an
explicit call. Rules with their own moment live where that moment is: Magellan (:mod:`.discovery_box`), Reformation
(:mod:`.colonist_dock`), Mayflower (:mod:`.placement`, :mod:`.colonist_dock`, :mod:`.income`),
Mint (:mod:`.income`), Age of Reason's count (:mod:`.specialists`).
"""

from __future__ import annotations

from collections.abc import Callable

from empires.core.decisions import DecisionTable
from empires.discovery.actions import Action
from empires.discovery.colonies import (
    place_from_supply,
    specialists_in_play,
    trade_out_regions,
)
from empires.discovery.data import COLONIST, NUM_GOODS, building
from empires.discovery.decisions import DONE, SKIP, push
from empires.discovery.mechanics import (
    colonies_of,
    discovered_regions,
    trained,
)
from empires.discovery.narration import counter_of, emit, good_of
from empires.discovery.state import State

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)

Effect = Callable[[State, int], None]
ON_BUY: dict[str, Effect] = {}
BENEFIT: dict[str, Effect] = {}

TRADING_HOUSE_PRICE = 5


# ---- Age I ----------------------------------------------------------------------------------
def _free_specialists(s: State, p: int) -> list[int]:
    return [w for w in specialists_in_play(s) if s.supply[p][w] or trade_out_regions(s, p, w)]


def _spoils_specialists(s: State, p: int) -> None:
    if _free_specialists(s, p):
        push(s, "spoils_specialist", p, left=2)


ON_BUY["spoils_specialists"] = _spoils_specialists


@DECISIONS.decision("spoils_specialist", "Spoils of War: choose a free Specialist")
def _spoils_specialist_legal(s: State, d: dict) -> list[Action]:
    return [Action("worker", w) for w in _free_specialists(s, d["player"])]


@_spoils_specialist_legal.choose
def _spoils_specialist_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    if d["left"] > 1 and len(_free_specialists(s, p)) > 0:
        push(s, "spoils_specialist", p, left=d["left"] - 1)
    if s.supply[p][action.a]:
        trained(s, p, action.a, "spoils_specialists")
    else:
        push(s, "trade_out", p, worker=action.a, where="avail", optional=False)


def _overpopulation(s: State, p: int) -> None:
    if s.supply[p][COLONIST]:
        push(s, "overpopulation", p, left=3)


ON_BUY["overpopulation"] = _overpopulation


@DECISIONS.decision(
    "overpopulation", "Overpopulation: place a free Colonist in a discovered region"
)
def _overpopulation_legal(s: State, d: dict) -> list[Action]:
    return [Action("region", r) for r in discovered_regions(s)]


@_overpopulation_legal.choose
def _overpopulation_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    place_from_supply(s, p, action.a, COLONIST, 1, building("overpopulation"))
    if d["left"] > 1 and s.supply[p][COLONIST]:
        push(s, "overpopulation", p, left=d["left"] - 1)


def _goods_of(s: State, p: int) -> list[int]:
    return [g for g in range(NUM_GOODS) if s.goods[p][g]]


def _smuggler(s: State, p: int) -> None:
    if _goods_of(s, p) and any(_goods_of(s, q) for q in range(s.num_players) if q != p):
        push(s, "smuggler_player", p)


BENEFIT["smuggler"] = _smuggler


@DECISIONS.decision(
    "smuggler_player", "Smuggler: choose a player to swap a Trade Good with, or skip"
)
def _smuggler_player_legal(s: State, d: dict) -> list[Action]:
    p = d["player"]
    others = [q for q in range(s.num_players) if q != p and _goods_of(s, q)]
    return [*(Action("player", q) for q in others), SKIP]


@_smuggler_player_legal.choose
def _smuggler_player_choose(s: State, d: dict, action: Action) -> None:
    if action.kind == "player":
        push(s, "smuggler_take", d["player"], other=action.a)


@DECISIONS.decision("smuggler_take", "Smuggler: choose the Trade Good you take")
def _smuggler_take_legal(s: State, d: dict) -> list[Action]:
    return [Action("good", g) for g in _goods_of(s, d["other"])]


@_smuggler_take_legal.choose
def _smuggler_take_choose(s: State, d: dict, action: Action) -> None:
    push(s, "smuggler_give", d["player"], other=d["other"], take=action.a)


@DECISIONS.decision("smuggler_give", "Smuggler: choose the Trade Good you give in exchange")
def _smuggler_give_legal(s: State, d: dict) -> list[Action]:
    return [Action("good", g) for g in _goods_of(s, d["player"])]


@_smuggler_give_legal.choose
def _smuggler_give_choose(s: State, d: dict, action: Action) -> None:
    p, q, take, give = d["player"], d["other"], d["take"], action.a
    if s.narrate:
        emit(s, "smuggled", player=p, other=q, took=good_of(take), gave=good_of(give))
    s.goods[q][take] -= 1
    s.goods[p][take] += 1
    s.goods[p][give] -= 1
    s.goods[q][give] += 1


# ---- Age II ---------------------------------------------------------------------------------
def _papal_edict(s: State, p: int) -> None:
    push(s, "papal_player", p)


ON_BUY["papal_edict"] = _papal_edict


@DECISIONS.decision(
    "papal_player", "Papal Edict: choose the other player who also places 2 Colonists"
)
def _papal_player_legal(s: State, d: dict) -> list[Action]:
    return [Action("player", q) for q in range(s.num_players) if q != d["player"]]


@_papal_player_legal.choose
def _papal_player_choose(s: State, d: dict, action: Action) -> None:
    push(s, "papal_first", d["player"], other=action.a)


@DECISIONS.decision("papal_first", "Papal Edict: choose who places first")
def _papal_first_legal(s: State, d: dict) -> list[Action]:
    return [Action("player", d["player"]), Action("player", d["other"])]


@_papal_first_legal.choose
def _papal_first_choose(s: State, d: dict, action: Action) -> None:
    first = action.a
    second = d["other"] if first == d["player"] else d["player"]
    # Pushed in reverse: the first placer decides first.
    for q in (second, first):
        if colonies_of(s, q) and s.supply[q][COLONIST]:
            push(s, "papal_region", q)


@DECISIONS.decision(
    "papal_region", "Papal Edict: choose one region where you have a worker for 2 Colonists"
)
def _papal_region_legal(s: State, d: dict) -> list[Action]:
    return [Action("region", r) for r in colonies_of(s, d["player"])]


@_papal_region_legal.choose
def _papal_region_choose(s: State, d: dict, action: Action) -> None:
    place_from_supply(s, d["player"], action.a, COLONIST, 2, building("papal_edict"))


def _trading_house(s: State, p: int) -> None:
    if _goods_of(s, p):
        push(s, "trading_house", p)


BENEFIT["trading_house"] = _trading_house


@DECISIONS.decision("trading_house", "Trading House: sell a Trade Good for $5, or done")
def _trading_house_legal(s: State, d: dict) -> list[Action]:
    return [*(Action("good", g) for g in _goods_of(s, d["player"])), DONE]


@_trading_house_legal.choose
def _trading_house_choose(s: State, d: dict, action: Action) -> None:
    if action.kind == "done":
        return
    p = d["player"]
    s.goods[p][action.a] -= 1
    s.pool.append(action.a)
    s.money[p] += TRADING_HOUSE_PRICE
    if s.narrate:
        emit(s, "good_sold", player=p, **good_of(action.a), money=TRADING_HOUSE_PRICE)
    _trading_house(s, p)


# ---- Age III --------------------------------------------------------------------------------
def _rewrite_targets(s: State, p: int, taken: tuple[int, ...] = ()) -> list[int]:
    return [q for q in range(s.num_players) if q != p and q not in taken and s.found[q]]


def _rewrite_history(s: State, p: int) -> None:
    if _rewrite_targets(s, p):
        push(s, "rewrite_history", p, taken=[])


ON_BUY["rewrite_history"] = _rewrite_history


@DECISIONS.decision(
    "rewrite_history", "Re-Write History: choose a player to take a random Discovery counter from"
)
def _rewrite_legal(s: State, d: dict) -> list[Action]:
    return [Action("player", q) for q in _rewrite_targets(s, d["player"], tuple(d["taken"]))]


@_rewrite_legal.choose
def _rewrite_choose(s: State, d: dict, action: Action) -> None:
    p, q = d["player"], action.a
    counters = s.found[q]
    s.found[p].append(counters.pop(s.rng.randrange(len(counters))))
    if s.narrate:
        emit(s, "counter_taken", player=p, other=q, **counter_of(s.found[p][-1]))
    taken = [*d["taken"], q]
    if len(taken) < 2 and _rewrite_targets(s, p, tuple(taken)):
        push(s, "rewrite_history", p, taken=taken)
