"""Workers arriving in and leaving the New World, and gaining workers from a supply.

Ruling 4: the first player to have 3 workers in a region takes its Trade Good, checked after every
arrival by any means. Ruling 5: a supply that runs out gives nothing; a specialist owed from an
empty supply may be traded for one of the player's same-type specialists in the New World (2015:
never a Builder), which goes back to supply while a colonist from supply takes its place.

2007 (rulings 5, 17): specialists in the New World may be traded for colonists at any time. The
engine offers it at each of the player's Phase 1 placement turns: ``worker W`` (W a Captain,
Merchant, Missionary or Soldier the player has in some region, never a Builder, while a colonist
is in their supply) commits to a trade and a ``trade_specialist`` decision asks for the region
(``region R``); the specialist goes back to supply, a colonist from supply takes its place, and
the same placement turn resumes. The trade is free and does not use up the placement turn.
"""

from __future__ import annotations

from empires.core.decisions import DecisionTable
from empires.discovery.actions import WORKER, Action
from empires.discovery.data import BUILDER, COLONIST, NUM_REGIONS, SPECIALISTS, WORKERS
from empires.discovery.decisions import SKIP, push
from empires.discovery.narration import building_of, emit, good_of, region_of
from empires.discovery.state import State

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)


def workers_in(state: State, region: int, player: int) -> int:
    return sum(state.region_workers[region][player])


def arrive(state: State, player: int, region: int, worker: int, count: int = 1) -> None:
    """Put ``count`` workers of one type from nowhere (already taken from a box or supply) into
    a region, then award the region's Trade Good to a first 3-worker colony."""
    state.region_workers[region][player][worker] += count
    if state.region_good[region] >= 0 and workers_in(state, region, player) >= 3:
        if state.narrate:
            emit(
                state,
                "region_good",
                player=player,
                **region_of(region),
                **good_of(state.region_good[region]),
            )
        state.goods[player][state.region_good[region]] += 1
        state.region_good[region] = -1


def arrive_from_supply(state: State, player: int, region: int, worker: int, count: int) -> int:
    """Move up to ``count`` workers from the player's supply into a region; returns how many."""
    n = min(count, state.supply[player][worker])
    if n:
        state.supply[player][worker] -= n
        arrive(state, player, region, worker, n)
    return n


def remove_from_region(state: State, player: int, region: int, worker: int, count: int = 1) -> None:
    """Workers leaving the New World go back to their owner's supply."""
    state.region_workers[region][player][worker] -= count
    state.supply[player][worker] += count


def place_from_supply(
    state: State, player: int, region: int, worker: int, count: int, b: int
) -> int:
    """:func:`arrive_from_supply` as the effect of Capital Building ``b`` (told as a
    ``workers_placed`` event)."""
    if state.narrate:
        n = min(count, state.supply[player][worker])
        emit(
            state,
            "workers_placed",
            player=player,
            **region_of(region),
            worker=WORKERS[worker],
            count=n,
            **building_of(b),
        )
    return arrive_from_supply(state, player, region, worker, count)


def trade_out_regions(state: State, player: int, worker: int) -> list[int]:
    if worker == BUILDER or worker == COLONIST or state.supply[player][COLONIST] == 0:
        return []
    return [r for r in range(NUM_REGIONS) if state.region_workers[r][player][worker] > 0]


def trade_offer(state: State, player: int) -> list[Action]:
    """2007: the ``worker W`` actions that trade a specialist in the New World for a colonist."""
    if state.options.rules.specialist_trade != "any_time":
        return []
    return [WORKER[w] for w in SPECIALISTS if trade_out_regions(state, player, w)]


def begin_trade(state: State, player: int, worker: int, then: dict) -> None:
    """Ask for the region of a 2007 trade, then return to the decision ``then``."""
    state.pending.append(then)
    push(state, "trade_specialist", player, worker=worker)


@DECISIONS.decision(
    "trade_specialist", "Trade a specialist in the New World for a colonist: choose where"
)
def _trade_specialist_legal(state: State, d: dict) -> list[Action]:
    return [Action("region", r) for r in trade_out_regions(state, d["player"], d["worker"])]


@_trade_specialist_legal.choose
def _trade_specialist_choose(state: State, d: dict, action: Action) -> None:
    trade_out(state, d["player"], action.a, d["worker"])


def gain(state: State, player: int, worker: int, where: str = "avail") -> None:
    """Give a player one worker from their supply, to their available workers (``avail``), the
    Discovery box (``discovery``) or the dock's X / Y space. From an empty supply a specialist may
    be traded out of the New World (a decision); a colonist is simply not given."""
    if state.supply[player][worker] > 0:
        state.supply[player][worker] -= 1
        _put(state, player, worker, where)
    elif trade_out_regions(state, player, worker):
        push(state, "trade_out", player, worker=worker, where=where, optional=True)


def _put(state: State, player: int, worker: int, where: str) -> None:
    if where == "avail":
        state.avail[player][worker] += 1
    elif where == "discovery":
        state.discovery_box[player][worker] += 1
    elif where == "x":
        state.dock_x = player
    elif where == "y":
        state.dock_y = player
    else:  # pragma: no cover - programming error
        raise AssertionError(where)


@DECISIONS.decision(
    "trade_out", "Your supply is out of this specialist: trade one out of a region?"
)
def _trade_out_legal(state: State, d: dict) -> list[Action]:
    acts = [Action("region", r) for r in trade_out_regions(state, d["player"], d["worker"])]
    if d.get("optional", True):
        acts.append(SKIP)
    return acts


@_trade_out_legal.choose
def _trade_out_choose(state: State, d: dict, action: Action) -> None:
    if action.kind == "skip":
        return
    trade_out(state, d["player"], action.a, d["worker"])
    state.supply[d["player"]][d["worker"]] -= 1
    _put(state, d["player"], d["worker"], d["where"])


def trade_out(state: State, player: int, region: int, worker: int) -> None:
    """The specialist leaves the region for the supply; a colonist from supply takes its place."""
    if state.narrate:
        emit(state, "specialist_traded", player=player, worker=WORKERS[worker], **region_of(region))
    state.region_workers[region][player][worker] -= 1
    state.supply[player][worker] += 1
    state.supply[player][COLONIST] -= 1
    state.region_workers[region][player][COLONIST] += 1


def specialists_in_play(state: State) -> tuple[int, ...]:
    """Specialist types of this game: the Builder only with the Builder expansion."""
    if getattr(state.options, "builders", False):
        return SPECIALISTS
    return tuple(w for w in SPECIALISTS if w != BUILDER)
