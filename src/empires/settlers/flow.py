"""The order of a game: five rounds of Lookout, Production, Action and Cleanup (no Cleanup in the
fifth round), the virtual player's attack after each round of the solo game, then the end.
Each step runs until it needs a decision (pushed on ``state.pending``) or hands over."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from empires.settlers.cards import GOODS
from empires.settlers.decisions import push
from empires.settlers.lookout import step_draft, step_lookout
from empires.settlers.narration import (
    PHASES,  # noqa: F401  (re-exported)
    card_ref,
    emit,
)
from empires.settlers.production import step_production
from empires.settlers.rules import controlled, resources_left
from empires.settlers.scoring import ranking, scores
from empires.settlers.solo import achievement, step_attack
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
        if s.narrate:
            tell_cleanup(s, p, keep)
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


def tell_cleanup(s: State, p: int, keep: set[str]) -> None:
    """The "cleanup" event (told before the Goods go): what ``p`` keeps, what is lost, and the
    storage that keeps it (the faction board's, and each Location's that adds some)."""
    sup = s.supply[p]
    kept = {g: sup[i] for i, g in enumerate(GOODS) if sup[i] and g in keep}
    lost = {g: sup[i] for i, g in enumerate(GOODS) if sup[i] and g not in keep}
    by: list[dict[str, Any]] = [
        {"card": None, "goods": list(s.db.factions[s.factions[p]]["storage"])}
    ]
    for c in controlled(s, p):
        for trig in s.db[c].triggers("storage"):
            by.append({"card": card_ref(s, c), "goods": list(trig["goods"])})
    emit(s, "cleanup", player=p, kept=kept, lost=lost, storage=by)


def tell_round_end(s: State) -> None:
    if s.narrate:
        emit(s, "round_end", round=s.round, last=s.round == ROUNDS, vp=list(s.vp), first=s.first)


def step_next_round(s: State) -> None:
    tell_round_end(s)
    if s.round == ROUNDS:
        s.step = "end"
    else:
        s.round += 1
        s.step = "lookout"


def step_end(s: State) -> None:
    s.takeover = []  # a Temple of Ra take-over ends with the round
    if s.narrate:
        if not s.solo:  # the solo game's last round ended with the virtual player's attack
            tell_round_end(s)
        tell_game_end(s)
    s.step = "over"


def tell_game_end(s: State) -> None:
    """The "final_scoring" event (each seat's :func:`~empires.settlers.scoring.scores` row) and
    the "game_over" event: the ranking and what decided it."""
    rows = scores(s)
    emit(s, "final_scoring", scores=rows)
    ranked = ranking(s)
    if s.solo:
        row = rows[0]
        emit(
            s,
            "game_over",
            ranking=ranked,
            won=bool(row["won"]),
            built=row["faction_locations_built"],
            collection=row["collection"],
            total=row["total"],
            achievement=achievement_title(row),
            decided_by=[],
        )
        return
    emit(s, "game_over", ranking=ranked, decided_by=tie_breaks(s, rows, ranked))


def achievement_title(row: dict) -> str | None:
    return achievement(row["total"])[1] if row["won"] else None


def tie_breaks(s: State, rows: list[dict], ranked: list[list[int]]) -> list[dict]:
    """For each place after the first, what put the group above it ahead: ``vp``, then
    ``resources`` (Workers and Resources left), then ``cards`` (in hand); a group of several
    seats shares its place (``shared``)."""

    def key(p: int) -> tuple[int, int, int]:
        return rows[p]["total"], resources_left(s, p), len(s.hand[p])

    out = []
    for upper, lower in zip(ranked, ranked[1:], strict=False):
        a, b = key(upper[0]), key(lower[0])
        by = next(
            name for name, x, y in zip(("vp", "resources", "cards"), a, b, strict=True) if x != y
        )
        out.append({"above": upper, "below": lower, "by": by, "values": [list(a), list(b)]})
    return out


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
