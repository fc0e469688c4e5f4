"""Phase 5: Refresh Board (colony scoring on turns 3, 6 and 8; the game ends after turn 8).

With Reduced Luck the ten Age III buildings are shuffled just before they come out."""

from __future__ import annotations

from empires.discovery.data import COLONIST, SCORING_TURNS, TRADE_GOODS_SPACES, TURNS
from empires.discovery.initiative import next_order
from empires.discovery.scoring import score_colonies
from empires.discovery.setup import STARTING_COLONISTS, draw_goods
from empires.discovery.state import State

OFFER_SIZE = 5


def step_scoring(s: State) -> None:
    """Colony scoring at the end of turns 3, 6 and 8, then (option) buying VP."""
    if s.turn in SCORING_TURNS:
        score_colonies(s)
        if s.options.buy_vp:
            s.step = "buy_vp"
            return
    s.step = "refresh"


def step_refresh(s: State) -> None:
    if s.turn == TURNS:
        s.step = "over"
        return
    s.mayflower_ships = [0] * s.num_players
    # Trade Goods left on the box leave the game (2007: are shuffled back into the face-down
    # pool, ruling 17); four new ones are drawn.
    if s.options.edition == "2007":
        s.pool += s.tg_offer
    else:
        s.goods_removed += len(s.tg_offer)
    s.tg_offer = draw_goods(s, TRADE_GOODS_SPACES)
    # A new Merchant Ship if the last one was claimed.
    if not s.ship_in_box and s.ship_supply > 0:
        s.ship_supply -= 1
        s.ship_in_box = True
    # Capital Buildings: refill to five, or at the end of an Age replace them with the next Age's.
    if s.turn in (3, 6):
        age = 1 if s.turn == 3 else 2
        s.buildings_out += s.cb_offer + s.stacks[age]
        s.cb_offer, s.stacks[age] = [], []
        stack = s.stacks[age + 1]
    else:
        stack = s.stacks[1 if s.turn < 3 else 2 if s.turn < 6 else 3]
    if s.turn == 6 and s.options.has("reduced-luck"):
        s.rng.shuffle(stack)  # the ten visible Age III buildings are randomised before turn 7
    while len(s.cb_offer) < OFFER_SIZE and stack:
        s.cb_offer.append(stack.pop())
    # Five new Colonists from supply.
    for p in range(s.num_players):
        n = min(STARTING_COLONISTS, s.supply[p][COLONIST])
        s.supply[p][COLONIST] -= n
        s.avail[p][COLONIST] += n
    s.order = next_order(s.order, s.initiative_result)
    s.initiative_result = []
    s.turn += 1
    s.step = "place"
    s.place_idx = 0
    s.uni_offered = ""
    s.cursor = 0
