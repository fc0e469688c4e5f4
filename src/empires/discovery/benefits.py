"""Phase 4: Capital Building Benefits, in Player Order, each player's buildings in purchase order
(the rulebook: "when an issue of timing is called into question, resolve in player order").
A building bought this turn produces this turn (ruling 3).

The common effects are fields of ``data/buildings.toml`` read here (``workers_each_turn``,
``money_each_turn``, ``goods_each_turn``, ``money_per_good`` acting in ``benefits``); the
buildings that ask a question or do something unusual act through their function in
:data:`empires.discovery.buildings.BENEFIT`. What acts here depends on the edition
(``data/editions.toml``: the 2007 Stables act here, its Rum Distillery in the Income phase)."""

from __future__ import annotations

from empires.discovery.buildings import BENEFIT
from empires.discovery.colonies import gain
from empires.discovery.data import Building
from empires.discovery.mechanics import money_per_good
from empires.discovery.narration import emit_gains, holdings
from empires.discovery.setup import draw_good
from empires.discovery.state import State

PHASE_4 = ("benefits", "any_benefits")


def acts_in_phase_4(info: Building) -> bool:
    """Whether a building (with its edition's effects) acts in Phase 4."""
    each_turn = info.workers_each_turn or info.money_each_turn or info.goods_each_turn
    return bool(each_turn) or info.acts_in in PHASE_4


def benefit_queue(s: State) -> list[tuple[int, int]]:
    tiles = s.options.rules.buildings
    return [(p, b) for p in s.order for b in s.owned[p] if acts_in_phase_4(tiles[b])]


def act(s: State, p: int, info: Building) -> None:
    """One building's Phase 4 effect for its owner ``p``."""
    if info.workers_each_turn is not None:
        gain(s, p, info.workers_each_turn.worker, info.workers_each_turn.to)
    elif info.money_each_turn:
        s.money[p] += info.money_each_turn
    elif info.goods_each_turn:
        for _ in range(info.goods_each_turn):
            g = draw_good(s)
            if g >= 0:
                s.goods[p][g] += 1
    elif info.money_per_good is not None:
        s.money[p] += money_per_good(s, p, info)
    else:
        BENEFIT[info.id](s, p)


def step_benefits(s: State) -> None:
    queue = benefit_queue(s)
    tiles = s.options.rules.buildings
    while s.cursor < len(queue):
        p, b = queue[s.cursor]
        s.cursor += 1
        if s.narrate:
            before = holdings(s, p)
            act(s, p, tiles[b])
            emit_gains(s, p, b, before, "benefit")
        else:
            act(s, p, tiles[b])
        if s.pending:
            return
    s.cursor = 0
    s.step = "scoring"
