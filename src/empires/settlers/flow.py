"""The order of a game: five rounds of Lookout, Production, Action and Cleanup (no Cleanup in the
fifth round), the virtual player's attack after each round of the solo game, then the end.
Each step runs until it needs a decision (pushed on ``state.pending``) or hands over."""

from __future__ import annotations

from collections.abc import Callable

from empires.settlers.cards import GOODS
from empires.settlers.decisions import push
from empires.settlers.lookout import step_draft, step_lookout
from empires.settlers.narration import PHASES  # noqa: F401  (re-exported)
from empires.settlers.production import step_production
from empires.settlers.rules import controlled
from empires.settlers.solo import step_attack
from empires.settlers.state import NUM_ALL, State

ROUNDS = 5


def step_action(s: State) -> None:
    n = s.num_players
    if all(s.passed):
        s.cursor = 0
        if s.round == ROUNDS:
            s.step = "attack" if s.solo else "end"
        else:
            s.step = "cleanup"
        return
    p = s.cursor
    while s.passed[p]:
        p = (p + 1) % n
    s.cursor = p
    push(s, "turn", p)


def storage(s: State, p: int) -> set[str]:
    keep = set(s.db.factions[s.factions[p]]["storage"])
    for c in controlled(s, p):
        for trig in s.db[c].triggers("storage"):
            keep.update(trig["goods"])
    return keep


def step_cleanup(s: State) -> None:
    """Keep what storage allows; discard every other Resource, Worker and token (Samurai stay);
    clear the Goods on Action Locations; the First player marker passes clockwise."""
    for p in range(s.num_players):
        keep = storage(s, p)
        sup = s.supply[p]
        for i, g in enumerate(GOODS):
            if g not in keep:
                sup[i] = 0
    s.activations = [0] * NUM_ALL
    s.defended = []
    s.takeover = []
    s.blocked = []
    s.first = (s.first + 1) % s.num_players
    s.cursor = 0
    s.step = "attack" if s.solo else "next_round"


def step_next_round(s: State) -> None:
    if s.round == ROUNDS:
        s.step = "end"
    else:
        s.round += 1
        s.step = "lookout"


def step_end(s: State) -> None:
    s.takeover = []  # a Temple of Ra take-over ends with the round
    s.step = "over"


STEPS: dict[str, Callable[[State], None]] = {
    "lookout": step_lookout,
    "draft": step_draft,
    "production": step_production,
    "action": step_action,
    "cleanup": step_cleanup,
    "attack": step_attack,
    "next_round": step_next_round,
    "end": step_end,
}
def run(s: State) -> None:
    """Advance through automatic steps until a decision is pending or the game is over."""
    steps = STEPS
    while not s.pending and s.step != "over":
        steps[s.step](s)
