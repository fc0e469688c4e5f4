"""Scores (Victory Points so far plus the Locations' value if the game ended now) and the
ranking with the rulebook's tie-breaks; the solo game's result against the virtual player."""

from __future__ import annotations

from empires.settlers.rules import resources_left
from empires.settlers.solo import achievement
from empires.settlers.state import State


def shrine_vp(s: State, p: int) -> int:
    total = 0
    for card, n in s.shrine:
        if card in s.empire[p]:
            (trig,) = s.db[card].triggers("shrine")
            total += max([vp for need, vp in trig["thresholds"] if n >= need], default=0)
    return total


def gate_vp(s: State, p: int) -> int:
    total = 0
    for entry in s.gate:
        if entry[0] in s.empire[p]:
            (trig,) = s.db[entry[0]].triggers("gate")
            need, vp = trig.get("end", [0, 0])
            if need and len(entry) - 1 >= need:
                total += vp
    return total


def scores(s: State) -> list[dict[str, int]]:
    db = s.db
    out = []
    for p in range(s.num_players):
        common = sum(db[c].vp for c in s.empire[p] if db[c].is_common)
        faction = sum(db[c].vp for c in s.empire[p] if not db[c].is_common)
        row = {
            "vp": s.vp[p],
            "common_locations": common,
            "faction_locations": faction,
            "shrine": shrine_vp(s, p),
            "gate": gate_vp(s, p),
        }
        row["total"] = sum(row.values())
        if s.solo:
            built = sum(1 for c in s.empire[p] if db[c].is_faction)
            won = built > len(s.collection)
            row["faction_locations_built"] = built
            row["collection"] = len(s.collection)
            row["won"] = int(won)
            row["achievement"] = achievement(row["total"])[0] if won else -1
        out.append(row)
    return out


def ranking(s: State) -> list[list[int]]:
    """Most VP; ties: most Workers and Resources left, then most cards in hand; then shared.
    Solo: ``[[0]]`` when the player beats the virtual player, ``[]`` (no seat places) when the
    virtual player wins."""
    totals = scores(s)
    if s.solo:
        return [[0]] if totals[0]["won"] else []

    def key(p: int) -> tuple[int, int, int]:
        return (totals[p]["total"], resources_left(s, p), len(s.hand[p]))

    groups: list[list[int]] = []
    for p in sorted(range(s.num_players), key=key, reverse=True):
        if groups and key(groups[-1][0]) == key(p):
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups
