"""The Production phase, clockwise from the First player: the faction board, each Deal, each
Production Location (cards are drawn from the deck of the player's choice)."""

from __future__ import annotations

from empires.settlers.rules import controlled, deal_good, gain_deal_good, gain_effects, gain_goods
from empires.settlers.state import State


def produce(s: State, p: int) -> None:
    db = s.db
    gain_goods(s, p, db.factions[s.factions[p]]["production"])
    for c in s.deals[p]:
        gain_deal_good(s, p, deal_good(s, c))
    for q, loc, _ in s.trade_deals:
        if q == p:
            gain_deal_good(s, p, db[loc].deal)
    for c in list(controlled(s, p)):
        if db[c].type == "production":
            gain_effects(s, p, db[c].production, c)


def step_production(s: State) -> None:
    n = s.num_players
    while s.cursor < n:
        p = (s.first + s.cursor) % n
        s.cursor += 1
        produce(s, p)
        if s.pending:
            return
    s.cursor = s.first
    s.passed = [False] * n
    s.step = "action"
