"""Stables (Age II, ongoing; ruling 10): once a turn, just before Discovery resolves (2015; in
2007 during Phase 4, Capital Building Benefits, in its place among the owner's buildings), the
owner may move one of their Soldiers from a colony to an adjacent discovered region."""

from __future__ import annotations

from empires.core.decisions import DecisionTable
from empires.discovery.actions import Action
from empires.discovery.colonies import arrive
from empires.discovery.data import SOLDIER, building
from empires.discovery.decisions import SKIP, push
from empires.discovery.mechanics import destinations, sources
from empires.discovery.narration import emit, region_of
from empires.discovery.state import State

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)

STABLES = building("stables")


def step_stables(s: State) -> None:
    if s.cursor == 0 and s.options.rules.buildings[STABLES].acts_in == "before_discovery":
        s.cursor = 1
        for p in s.order:
            if STABLES in s.owned[p] and sources(s, p):
                push(s, "stables_from", p)
                return
    s.cursor = 0
    s.step = "discovery"


@DECISIONS.decision(
    "stables_from", "Stables: choose a region to move one of your Soldiers from, or skip"
)
def _from_legal(s: State, d: dict) -> list[Action]:
    return [*(Action("region", r) for r in sources(s, d["player"])), SKIP]


@_from_legal.choose
def _from_choose(s: State, d: dict, action: Action) -> None:
    if action.kind == "region":
        push(s, "stables_to", d["player"], source=action.a)


@DECISIONS.decision("stables_to", "Stables: choose the adjacent region the Soldier moves to")
def _to_legal(s: State, d: dict) -> list[Action]:
    return [Action("region", r) for r in destinations(s, d["source"])]


@_to_legal.choose
def _to_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    if s.narrate:
        emit(s, "stables", player=p, **region_of(d["source"], "source"), **region_of(action.a))
    s.region_workers[d["source"]][p][SOLDIER] -= 1
    arrive(s, p, action.a, SOLDIER)
