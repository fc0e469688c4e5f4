"""The solo game's virtual player: its Collection and its attack phase (after the Cleanup phase,
in every round).

At the start of the attack phase the virtual player's Locations (the two cards it took in the
Lookout phase, if not razed) go to its Collection. Then it attacks twice: the top Attack card is
revealed and put at the head of the Target line. Among the player's Common Locations whose Raze
field holds the first Target, the one whose other Raze Good is the second Target is razed; if none,
the third Target, and so on (only pairs of the first Target with each later one). Ties: Action
before Feature before Production Locations, then the higher building cost (number of Resources),
then more Stone, then the player's choice. The razed Location goes to the Collection (no Goods,
no Foundation; Defense tokens and Samurai do not protect; the player's Features that answer each
raze of their Locations do, as for a player's raze), and the two Attack cards used go to the end
of the line. Playing the Japanese, when the first Target is VP and another revealed Attack card
shows VP, a Japanese Faction Location is razed instead, those giving a card in their Deal field
first, then by Deal Good: Raze token, Gold, VP, Stone, Worker, Food, Wood.
"""

from __future__ import annotations

from empires.core.decisions import DecisionTable
from empires.settlers.actions import Action
from empires.settlers.decisions import push
from empires.settlers.narration import card_ref, emit
from empires.settlers.rules import is_razeable, razed_away
from empires.settlers.state import State

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)

TYPE_ORDER = {"action": 0, "feature": 1, "production": 2}
DEAL_ORDER: dict[str | None, int] = {  # a card without a Deal (None) sorts after these
    g: i for i, g in enumerate(("card", "raze", "gold", "vp", "stone", "worker", "food", "wood"))
}
ACHIEVEMENTS = (
    (80, "Emperor"),
    (70, "King"),
    (60, "Castellan"),
    (50, "Knight"),
    (40, "Squire"),
    (30, "Servant"),
    (0, "Commoner"),
)


def achievement(total: int) -> tuple[int, str]:
    """(level 0..6, title) of a final score in the solo Achievement table."""
    for i, (low, title) in enumerate(ACHIEVEMENTS):
        if total >= low:
            return len(ACHIEVEMENTS) - 1 - i, title
    raise AssertionError("unreachable")


def _key(s: State, c: int) -> tuple:
    card = s.db[c]
    return (TYPE_ORDER[card.type], -sum(card.cost), -card.cost[1])


def _japanese_key(s: State, c: int) -> tuple:
    return (DEAL_ORDER.get(s.db[c].deal, len(DEAL_ORDER)), *_key(s, c))


def target_of(s: State, attack: int) -> str:
    target = s.db[attack].target
    if target is None:
        raise ValueError(f"card {s.db[attack].id!r} is not an Attack card: it has no Target")
    return target


def choose_target(s: State) -> tuple[list[int], int] | None:
    """The candidates (all equally first in priority) and the position in the line of the second
    Attack card used, or None when nothing is razed."""
    db = s.db
    line = s.attack_line
    first = target_of(s, line[0])
    if s.factions[0] == "japanese" and first == "vp":
        later = [k for k in range(1, len(line)) if target_of(s, line[k]) == "vp"]
        own = [c for c in s.empire[0] if db[c].deck == "japanese" and is_razeable(s, c)]
        if later and own:
            return _best(s, own, _japanese_key), later[0]
    commons = [
        c for c in s.empire[0] if db[c].is_common and is_razeable(s, c) and first in db[c].raze
    ]
    if not commons:
        return None
    for k in range(1, len(line)):
        t = target_of(s, line[k])
        match = []
        for c in commons:
            rest = list(db[c].raze)
            rest.remove(first)
            if t in rest:
                match.append(c)
        if match:
            return _best(s, match, _key), k
    return None


def _best(s: State, cards: list[int], key) -> list[int]:
    best = min(key(s, c) for c in cards)
    return [c for c in cards if key(s, c) == best]


def attack(s: State) -> None:
    if not s.attack_deck:
        if s.narrate:
            emit(
                s,
                "attack",
                player=-1,
                target_player=0,
                attack=None,
                targets=[],
                used=[],
                razed=None,
                reason="no Attack card left",
            )
        return
    s.attack_line.insert(0, s.attack_deck.pop())
    found = choose_target(s)
    if found is None:
        if s.narrate:
            tell_attack(s, None, [])
        return
    candidates, k = found
    used = [s.attack_line[0], s.attack_line[k]]
    if len(candidates) == 1:
        raze_by_virtual(s, candidates[0], used)
    else:
        push(s, "attack_choice", 0, candidates=candidates, used=used)


def tell_attack(s: State, razed: int | None, used: list[int]) -> None:
    """The "attack" event: the Attack card revealed, the Target line, what was razed and why."""
    db = s.db
    line = s.attack_line
    first = used[0] if used else line[0]
    if razed is None:
        reason = (
            f"no Common Location of the player shows {db[first].target} with another "
            "Target of the line in its Raze field"
        )
    elif not db[razed].is_common:
        reason = "VP is the first Target and another revealed Attack card shows VP"
    else:
        reason = "its Raze field holds the first Target and another Target of the line"
    emit(
        s,
        "attack",
        player=-1,
        target_player=0,
        attack={**card_ref(s, first), "target": db[first].target},
        targets=[db[a].target for a in line],
        used=[db[a].target for a in used],
        razed=None if razed is None else card_ref(s, razed),
        reason=reason,
    )


def raze_by_virtual(s: State, c: int, used: list[int]) -> None:
    """The virtual player razes the player's Location ``c`` with the Attack cards ``used`` (they go
    to the end of the line): razed as by a player (:func:`~empires.settlers.rules.razed_away`: the
    player's "each time one of your Locations is razed" Features answer, told after the attack),
    but no Goods for anyone and no Foundation: the card goes to the Collection."""
    for a in used:
        s.attack_line.remove(a)
    s.attack_line += used
    if s.narrate:
        tell_attack(s, c, used)
    razed_away(s, c)
    s.collection.append(c)


@DECISIONS.decision(
    "attack_choice", "The virtual player attacks: choose which of these Locations it razes"
)
def _attack_choice_legal(s: State, d: dict) -> list[Action]:
    return [Action("target", c) for c in d["candidates"]]


@_attack_choice_legal.choose
def _attack_choice_choose(s: State, d: dict, action: Action) -> None:
    raze_by_virtual(s, action.a, d["used"])


def step_attack(s: State) -> None:
    if s.cursor == 0:
        if s.narrate and s.vlocs:
            emit(
                s,
                "collected",
                player=-1,
                cards=[card_ref(s, c) for c in s.vlocs],
                collection=len(s.collection) + len(s.vlocs),
            )
        s.collection += s.vlocs
        s.vlocs = []
        s.cursor = 1
    while s.cursor <= 2:
        s.cursor += 1
        attack(s)
        if s.pending:
            return
    s.cursor = 0
    s.step = "next_round"
