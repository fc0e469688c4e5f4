"""University (Age II, one time, 5 VP): move one of the owner's workers to the front of a track.

Ruling 11 (2015): the engine offers it to its owner at each of their placement turns and just
before each eligible box resolves. Tracks: Colonist Dock, Trade Goods, Warfare, Initiative, Player
Order, Capital Buildings (2007: Colonist Dock, Initiative, Player Order, Capital Buildings).
Moving the owner's marker on the Player Order track takes effect at once for the rest of the turn.
Only the owner's own workers (and marker) are moved.
"""

from __future__ import annotations

from empires.core.decisions import DecisionTable
from empires.discovery.actions import UNIVERSITY_TARGETS, Action
from empires.discovery.data import WORKERS, building
from empires.discovery.decisions import SKIP, push
from empires.discovery.narration import emit
from empires.discovery.state import State

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)

UNIVERSITY = building("university")
# Step name -> University target resolved by that step.
BEFORE_STEP = {
    "dock": "dock",
    "trade_goods": "trade_goods",
    "warfare": "warfare",
    "initiative": "initiative",
    "buildings": "buildings",
}


def targets(s: State) -> tuple[str, ...]:
    """The tracks the University may act on in this game's edition (ruling 11)."""
    return s.options.rules.university_targets


def owner(s: State) -> int:
    if s.used_university:
        return -1
    for p in range(s.num_players):
        if UNIVERSITY in s.owned[p]:
            return p
    return -1


def _track(s: State, target: str) -> list:
    if target == "order":
        return s.order
    return {
        "dock": s.dock,
        "trade_goods": s.tg_box,
        "warfare": s.warfare,
        "initiative": s.initiative,
        "buildings": s.cb_box,
    }[target]


def positions(s: State, player: int, target: str) -> list[int]:
    """Positions (after the front) of the player's workers on a track."""
    track = _track(s, target)
    if target == "order":
        return [i for i, p in enumerate(track) if p == player and i > 0]
    return [i for i, (p, _) in enumerate(track) if p == player and i > 0]


def offer_anytime(s: State, player: int) -> list[Action]:
    if owner(s) != player:
        return []
    if any(positions(s, player, t) for t in targets(s)):
        return [Action("use", UNIVERSITY)]
    return []


def begin(s: State, player: int, then: str) -> None:
    push(s, then, player)
    push(s, "university_target", player)


def offer_before(s: State, step: str) -> bool:
    """Push the owner's chance to use the University just before ``step`` resolves."""
    target = BEFORE_STEP.get(step)
    p = owner(s)
    if target not in targets(s) or p < 0 or not positions(s, p, target):
        return False
    push(s, "university_index", p, target=target, optional=True)
    return True


@DECISIONS.decision(
    "university_target", "University: choose the track to move a worker to the front of"
)
def _target_legal(s: State, d: dict) -> list[Action]:
    p = d["player"]
    allowed = targets(s)
    acts = [
        Action("target", i)
        for i, t in enumerate(UNIVERSITY_TARGETS)
        if t in allowed and positions(s, p, t)
    ]
    return [*acts, SKIP]


@_target_legal.choose
def _target_choose(s: State, d: dict, action: Action) -> None:
    if action.kind == "target":
        push(
            s, "university_index", d["player"], target=UNIVERSITY_TARGETS[action.a], optional=False
        )


@DECISIONS.decision(
    "university_index", "University: choose which of your workers moves to the front"
)
def _index_legal(s: State, d: dict) -> list[Action]:
    acts = [Action("index", i) for i in positions(s, d["player"], d["target"])]
    return [*acts, SKIP]


@_index_legal.choose
def _index_choose(s: State, d: dict, action: Action) -> None:
    if action.kind == "skip":
        return
    track = _track(s, d["target"])
    if s.narrate:
        moved = track[action.a] if d["target"] == "order" else track[action.a][1]
        emit(
            s,
            "university",
            player=d["player"],
            track=d["target"],
            position=action.a + 1,
            worker=None if d["target"] == "order" else WORKERS[moved],
        )
    track.insert(0, track.pop(action.a))
    s.used_university = True
    s.used.append(UNIVERSITY)
    if d["target"] == "order" and s.step == "place":
        s.place_idx = 0  # the owner keeps the turn, now from the front
