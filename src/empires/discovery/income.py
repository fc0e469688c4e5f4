"""Phase 3: Income from Trade Good sets (ruling 6). The engine pays each player the best
arrangement of their goods: any 3 goods $1, 3 of a kind $3, 4 of a kind $6, each token in one
set, a Merchant Ship wild in any set but at most one ship per set. The Mint pays here too
($2 per Gold or per Silver, the owner's choice), never as Economy VP. 2007 (ruling 17): the Rum
Distillery pays here too ($3 per Sugar, after the sets), never as Economy VP; in 2015 it pays in
Phase 4 (:mod:`.buildings`)."""

from __future__ import annotations

from empires.discovery.data import GOOD_IDS, TURNS, building
from empires.discovery.mechanics import rum_income, set_income
from empires.discovery.narration import emit
from empires.discovery.state import State

MINT = building("mint")
MINT_PER_GOOD = 2
GOLD, SILVER = GOOD_IDS.index("gold"), GOOD_IDS.index("silver")
RUM_DISTILLERY = building("rum_distillery")


def income_of(s: State, p: int) -> int:
    """Set income; Merchant Ships carrying workers on the Mayflower this turn are not wild."""
    return set_income(s.goods[p], s.ships[p] - s.mayflower_ships[p])


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
