"""Event box: Merchant Shipping. The player with the highest worker value in the box (Captains and
Merchants 2, others 1; ties to the earliest in Player Order) takes the Merchant Ship."""

from __future__ import annotations

from empires.discovery import nations
from empires.discovery.data import CAPTAIN, MERCHANT
from empires.discovery.narration import emit
from empires.discovery.state import State


def shipping_winner(s: State) -> int:
    value = [0] * s.num_players
    for p, w in s.shipping:
        value[p] += 2 if w in (CAPTAIN, MERCHANT) else 1
    best = max(value)
    if best == 0:
        return -1
    return next(p for p in s.order if value[p] == best)


def step_shipping(s: State) -> None:
    if nations.offer_before(s, "shipping"):  # Dutch Merchants: may take the ship first
        return
    winner = shipping_winner(s)
    if s.narrate and winner >= 0:
        value = sum(2 if w in (CAPTAIN, MERCHANT) else 1 for p, w in s.shipping if p == winner)
        emit(
            s,
            "merchant_ship",
            player=winner,
            value=value,
            taken=s.ship_in_box,
            ships=s.ships[winner] + s.ship_in_box,
            source="shipping",
        )
    if winner >= 0 and s.ship_in_box:
        s.ship_in_box = False
        s.ships[winner] += 1
    for p, w in s.shipping:
        s.supply[p][w] += 1
    s.shipping = []
    s.step = "buildings"
