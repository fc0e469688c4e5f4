"""Phase 3: Income from Trade Good sets (ruling 6). The engine pays each player the best
arrangement of their goods: any 3 goods $1, 3 of a kind $3, 4 of a kind $6, each token in one
set, a Merchant Ship wild in any set but at most one ship per set. The Mint pays here too
($2 per Gold or per Silver, the owner's choice), never as Economy VP. 2007 (ruling 17): the Rum
Distillery pays here too ($3 per Sugar, after the sets), never as Economy VP; in 2015 it pays in
Phase 4 (:mod:`.buildings`)."""

from __future__ import annotations

from functools import lru_cache

from empires.discovery.data import GOOD_IDS, TURNS, building
from empires.discovery.narration import emit
from empires.discovery.state import State

MINT = building("mint")
MINT_PER_GOOD = 2
GOLD, SILVER = GOOD_IDS.index("gold"), GOOD_IDS.index("silver")
RUM_DISTILLERY = building("rum_distillery")
RUM_PER_SUGAR = 3
SUGAR = GOOD_IDS.index("sugar")

ANY_THREE, THREE_OF_A_KIND, FOUR_OF_A_KIND = 1, 3, 6


def set_income(goods, ships: int) -> int:
    """Best income from goods counts (any order) and Merchant Ships."""
    return _best(tuple(sorted((c for c in goods if c), reverse=True)), ships)


@lru_cache(maxsize=65536)
def _best(counts: tuple[int, ...], ships: int) -> int:
    # For each type choose how many 4-of-a-kind and 3-of-a-kind sets it makes (each may take one
    # ship); the leftovers of all types then form mixed sets of 3, each with at most one ship.
    options = {(0, 0): 0}  # (ships used, leftover tokens) -> best value of kind sets
    for c in counts:
        nxt: dict[tuple[int, int], int] = {}
        for (used, left), value in options.items():
            for fours in range(c // 3 + 1):
                for threes in range((c + 1) // 2 + 1):
                    sets = fours + threes
                    for k in range(min(sets, ships - used) + 1):
                        real = 4 * fours + 3 * threes - k  # k <= sets: one ship per set
                        if real > c:
                            continue
                        key = (used + k, left + c - real)
                        v = value + FOUR_OF_A_KIND * fours + THREE_OF_A_KIND * threes
                        if nxt.get(key, -1) < v:
                            nxt[key] = v
        options = nxt
    best = 0
    for (used, left), value in options.items():
        spare = ships - used
        mixed = min((left + spare) // 3, left // 2)
        best = max(best, value + ANY_THREE * mixed)
    return best


def income_of(s: State, p: int) -> int:
    """Set income; Merchant Ships carrying workers on the Mayflower this turn are not wild."""
    return set_income(s.goods[p], s.ships[p] - s.mayflower_ships[p])


def rum_income(s: State, p: int) -> int:
    """The Rum Distillery's $3 per Sugar the owner holds."""
    return RUM_PER_SUGAR * s.goods[p][SUGAR]


def step_income(s: State) -> None:
    for p in range(s.num_players):
        earned = income_of(s, p)
        s.money[p] += earned
        if s.turn == TURNS:
            s.economy[p] = earned  # Economy VP: set income of turn 8 only (ruling 6)
        mint = rum = 0
        if MINT in s.owned[p]:  # the owner picks gold or silver: the larger is dominant
            mint = MINT_PER_GOOD * max(s.goods[p][GOLD], s.goods[p][SILVER])
            s.money[p] += mint
        if s.options.edition == "2007" and RUM_DISTILLERY in s.owned[p]:
            rum = rum_income(s, p)
            s.money[p] += rum
        if s.narrate:
            emit(
                s,
                "income",
                player=p,
                sets=earned,
                mint=mint,
                rum=rum,
                money=earned + mint + rum,
                goods=sum(s.goods[p]),
                ships=s.ships[p] - s.mayflower_ships[p],
                economy=earned if s.turn == TURNS else None,
            )
    s.step = "benefits"
