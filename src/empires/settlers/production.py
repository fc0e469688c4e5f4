"""The Production phase, clockwise from the First player: the faction board, each Deal, each
Production Location (cards are drawn from the deck of the player's choice)."""

from __future__ import annotations

from empires.settlers.narration import card_ref, delta, emit, snap
from empires.settlers.rules import controlled, deal_good, gain_deal_good, gain_effects, gain_goods
from empires.settlers.state import State


def produce(s: State, p: int) -> None:
    db = s.db
    parts: list[dict] | None = [] if s.narrate else None  # the "production" event's sources
    start = mark = _mark(s, p, parts)
    gain_goods(s, p, db.factions[s.factions[p]]["production"])
    mark = _part(s, p, parts, mark, "faction", None)
    for c in s.deals[p]:
        gain_deal_good(s, p, deal_good(s, c))
        mark = _part(s, p, parts, mark, "deal", c)
    for q, loc, _ in s.trade_deals:
        if q == p:
            gain_deal_good(s, p, db[loc].deal)
            mark = _part(s, p, parts, mark, "trade_route", loc)
    for c in list(controlled(s, p)):
        if db[c].type == "production":
            gain_effects(s, p, db[c].production, c)
            mark = _part(s, p, parts, mark, "location", c)
    if parts is not None and start is not None:  # (both or neither: see _mark)
        emit(s, "production", player=p, goods=delta(s, p, start[0]), sources=parts)


def _mark(s: State, p: int, parts: list | None) -> tuple | None:
    return None if parts is None else (snap(s, p), len(s.pending))


def _part(
    s: State, p: int, parts: list | None, mark: tuple | None, source: str, c: int | None
) -> tuple | None:
    """Add what ``p`` gained since ``mark`` to ``parts`` as one source (and the decision it asks
    for, if any: what it gives is told when that is decided)."""
    if parts is None or mark is None:  # (both or neither: see _mark)
        return None
    part = {
        "source": source,
        "card": None if c is None else card_ref(s, c),
        "goods": delta(s, p, mark[0]),
    }
    if len(s.pending) > mark[1]:
        part["decision"] = s.pending[-1]["kind"]
    parts.append(part)
    return _mark(s, p, parts)


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
