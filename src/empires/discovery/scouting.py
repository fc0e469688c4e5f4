"""Scouting variant: during their turn a player may pay $1 / $2 / $3 (Age I / II / III) to look at
a face-down Discovery counter, or at the top Discovery card once every region is discovered, which
they then put back on the top or the bottom of the deck. What was seen is known to that player
only (ruling 19): it appears in their observation and in no one else's.

"Their turn" is each of their Phase 1 placement turns and their turn to launch an expedition.
"""

from __future__ import annotations

from empires.core.decisions import DecisionTable
from empires.discovery.actions import SCOUT_DECK, Action
from empires.discovery.data import NUM_REGIONS, age_of_turn
from empires.discovery.decisions import push
from empires.discovery.narration import card_of, counter_of, emit, region_of
from empires.discovery.state import State

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)

TOP, BOTTOM = 0, 1


def cost(s: State) -> int:
    return age_of_turn(s.turn)


def known_counter(s: State, p: int, r: int) -> bool:
    return s.counter[r] >= 0 and s.peeks[p][r] == s.counter[r]


def offer(s: State, p: int) -> list[Action]:
    """Scouting actions open to ``p`` now (empty unless the variant is on and affordable)."""
    # the variants read in place of Options.has: a Python call, and this runs every placement
    if "scouting" not in s.options.variants or s.money[p] < cost(s):
        return []
    acts = [
        Action("scout", r)
        for r in range(NUM_REGIONS)
        if s.counter[r] >= 0 and not s.revealed[r] and not known_counter(s, p, r)
    ]
    if all(s.discovered) and s.deck and s.deck_peeks[p][TOP] != s.deck[-1]:
        acts.append(Action("scout", SCOUT_DECK))
    return acts


def scout(s: State, p: int, target: int, then: dict) -> None:
    """Pay and look; ``then`` is the decision to return to afterwards."""
    s.money[p] -= cost(s)
    s.pending.append(then)
    if s.narrate:
        _tell(s, p, target)
    if target == SCOUT_DECK:
        s.deck_peeks[p][TOP] = s.deck[-1]
        push(s, "scout_card", p)
    else:
        s.peeks[p][target] = s.counter[target]


def _tell(s: State, p: int, target: int) -> None:
    """The ``scouted`` event: what was seen is read by the scout alone (ruling 19)."""
    if target == SCOUT_DECK:
        seen, where = card_of(s.deck[-1]), {"target": "deck", "region": None}
    else:
        seen, where = counter_of(s.counter[target]), {"target": "region", **region_of(target)}
    emit(s, "scouted", {"to": [p], **seen}, player=p, money=cost(s), **where, **dict.fromkeys(seen))


@DECISIONS.decision(
    "scout_card", "Scouting: put the Discovery card back on top or at the bottom of the deck"
)
def _card_legal(s: State, d: dict) -> list[Action]:
    return [Action("top"), Action("bottom")]


@_card_legal.choose
def _card_choose(s: State, d: dict, action: Action) -> None:
    if action.kind == "bottom":
        card = s.deck.pop()
        s.deck.insert(0, card)
        for q in range(s.num_players):
            s.deck_peeks[q] = [-1, -1]
        s.deck_peeks[d["player"]][BOTTOM] = card


def forget_region(s: State, r: int) -> None:
    for q in range(s.num_players):
        s.peeks[q][r] = -1


def deck_changed(s: State, top_only: bool = False) -> None:
    """The deck was drawn from (``top_only``) or shuffled: knowledge of it no longer holds."""
    for q in range(s.num_players):
        s.deck_peeks[q][TOP] = -1
        if not top_only:
            s.deck_peeks[q][BOTTOM] = -1
    if top_only:
        for q in range(s.num_players):
            if s.deck and s.deck_peeks[q][BOTTOM] != s.deck[0]:
                s.deck_peeks[q][BOTTOM] = -1
