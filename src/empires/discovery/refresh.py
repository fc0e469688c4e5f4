"""Phase 5: Refresh Board (colony scoring on turns 3, 6 and 8; the game ends after turn 8).

With Reduced Luck the ten Age III buildings are shuffled just before they come out."""

from __future__ import annotations

from empires.discovery.data import (
    BUILDINGS,
    COLONIST,
    GOOD_IDS,
    SCORING_TURNS,
    TRADE_GOODS_SPACES,
    TURNS,
    age_of_turn,
)
from empires.discovery.mechanics import next_order
from empires.discovery.narration import emit
from empires.discovery.scoring import (
    CATEGORIES,
    building_vp_of,
    decided_by,
    ranking,
    score_colonies,
    scores,
)
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
        if s.narrate:
            _tell_end(s)
        return
    if s.narrate:
        told = {
            "discarded": [GOOD_IDS[g] for g in s.tg_offer],
            "offer": s.cb_offer[:],
            "colonists": [
                min(STARTING_COLONISTS, s.supply[p][COLONIST]) for p in range(s.num_players)
            ],
        }
    s.mayflower_ships = [0] * s.num_players
    # Trade Goods left on the box leave the game (2007: are shuffled back into the face-down
    # pool, ruling 17); four new ones are drawn.
    if s.options.rules.leftover_goods == "to_pool":
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
    if s.narrate:
        _tell_refresh(s, told)
    s.turn += 1
    s.step = "place"
    s.place_idx = 0
    s.uni_offered = ""
    s.cursor = 0


def _tell_refresh(s: State, told: dict) -> None:
    """The ``refresh`` event (and ``age`` at the end of an Age), told before the turn advances:
    only what is now face up on the board is named."""
    new_age = s.turn in (3, 6)
    old = told["offer"]
    emit(
        s,
        "refresh",
        next_turn=s.turn + 1,
        discarded=told["discarded"],
        returned_to_pool=s.options.rules.leftover_goods == "to_pool",
        goods=[GOOD_IDS[g] for g in s.tg_offer],
        ship=s.ship_in_box,
        removed=[BUILDINGS[b].id for b in old if b not in s.cb_offer],
        added=[BUILDINGS[b].id for b in s.cb_offer if b not in old],
        colonists=told["colonists"],
        order=s.order[:],
    )
    if new_age:
        age = age_of_turn(s.turn + 1)
        emit(s, "age", age=age, first_turn=s.turn + 1)


def _tell_end(s: State) -> None:
    """``final_scoring`` per player (categories that add up to the total) and ``game_over``."""
    rows = scores(s)
    for p, row in enumerate(rows):
        parts = [{"building": BUILDINGS[b].id, "vp": building_vp_of(s, p, b)} for b in s.owned[p]]
        emit(
            s,
            "final_scoring",
            None,  # no secret part (given here so no category below can be taken for it)
            player=p,
            **{c: row[c] for c in CATEGORIES},
            total=row["total"],
            buildings_vp=[x for x in parts if x["vp"]],
        )
    groups = ranking(s)
    emit(
        s,
        "game_over",
        ranking=groups,
        winners=groups[0],
        totals=[row["total"] for row in rows],
        money=s.money[:],
        colonies_turn_8=[s.colony_vp[p][2] for p in range(s.num_players)],
        decided_by=decided_by(s, groups),
    )
