"""Event box: Specialists. Spaces resolve left to right (Missionary, Merchant, Soldier, Captain,
Builder, Training); each occupant's worker returns to supply and the player gains that
Specialist for next turn. On Training the player may pay $5 for any one Specialist. An empty
supply gives nothing unless a same-type specialist is traded out of the New World (ruling 5)."""

from __future__ import annotations

from empires.core.decisions import DecisionTable
from empires.discovery import nations
from empires.discovery.actions import WORKER, Action
from empires.discovery.colonies import specialists_in_play, trade_out_regions
from empires.discovery.data import BOXES, SPACE_GIVES, SPECIALIST_SPACES, TRAINING, TURNS
from empires.discovery.decisions import SKIP, push
from empires.discovery.mechanics import trained
from empires.discovery.state import State

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)

TRAINING_COST = 5


def available_specialists(s: State, p: int) -> list[int]:
    return [w for w in specialists_in_play(s) if s.supply[p][w] > 0 or trade_out_regions(s, p, w)]


def step_specialists(s: State) -> None:
    if nations.offer_before(s, "specialists"):  # Italian Renaissance Men
        return
    if s.cursor == 0:
        s.cursor = 1
        if s.turn == TURNS:
            for p, _ in s.specialists.values():  # counted for Age of Reason
                s.specialists_final[p] += 1
    for space in SPECIALIST_SPACES:
        item = s.specialists.pop(space, None)
        if item is None:
            continue
        p, w = item
        s.supply[p][w] += 1
        if space == TRAINING:
            if s.money[p] >= TRAINING_COST and available_specialists(s, p):
                push(s, "training", p)
                return
            continue
        trained(s, p, SPACE_GIVES[space], BOXES[space])
        if s.pending:
            return
    s.cursor = 0
    s.step = "warfare"


@DECISIONS.decision("training", "Training: pay $5 for any Specialist, or skip")
def _training_legal(s: State, d: dict) -> list[Action]:
    return [*(WORKER[w] for w in available_specialists(s, d["player"])), SKIP]


@_training_legal.choose
def _training_choose(s: State, d: dict, action: Action) -> None:
    if action.kind == "skip":
        return
    p = d["player"]
    s.money[p] -= TRAINING_COST
    if s.supply[p][action.a] > 0:
        trained(s, p, action.a, "training", TRAINING_COST)
    else:
        push(s, "trade_out", p, worker=action.a, where="avail", optional=False)
