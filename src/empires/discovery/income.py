"""Phase 3: Income from Trade Good sets (ruling 6). The engine pays each player the best
arrangement of their goods: any 3 goods $1, 3 of a kind $3, 4 of a kind $6, each token in one
set, a Merchant Ship wild in any set but at most one ship per set. The Mint pays here too
($2 per Gold or per Silver, the owner's choice), never as Economy VP. 2007 (ruling 17): the Rum
Distillery pays here too ($3 per Sugar, after the sets), never as Economy VP; in 2015 it pays in
Phase 4 (:mod:`.benefits`). Both are the ``money_per_good`` field of ``data/buildings.toml``,
paid here when the edition's tile ``acts_in = "income"`` (``data/editions.toml``)."""

from __future__ import annotations

from empires.discovery.data import TURNS
from empires.discovery.mechanics import money_per_good, set_income
from empires.discovery.narration import emit
from empires.discovery.state import State


def income_of(s: State, p: int) -> int:
    """Set income; Merchant Ships carrying workers on the Mayflower this turn are not wild."""
    return set_income(s.goods[p], s.ships[p] - s.mayflower_ships[p])


def building_income(s: State, p: int) -> dict[str, int]:
    """What ``p``'s tiles acting in the Income phase pay, by building id (purchase order)."""
    tiles = s.options.rules.buildings
    paid = {}
    for b in s.owned[p]:
        if tiles[b].acts_in == "income":
            paid[tiles[b].id] = money_per_good(s, p, tiles[b])
    return paid


def step_income(s: State) -> None:
    for p in range(s.num_players):
        earned = income_of(s, p)
        s.money[p] += earned
        if s.turn == TURNS:
            s.economy[p] = earned  # Economy VP: set income of turn 8 only (ruling 6)
        paid = building_income(s, p)
        s.money[p] += sum(paid.values())
        mint, rum = paid.get("mint", 0), paid.get("rum_distillery", 0)
        if s.narrate:
            emit(
                s,
                "income",
                player=p,
                sets=earned,
                mint=mint,
                rum=rum,
                money=earned + sum(paid.values()),
                goods=sum(s.goods[p]),
                ships=s.ships[p] - s.mayflower_ships[p],
                economy=earned if s.turn == TURNS else None,
            )
    s.step = "benefits"
