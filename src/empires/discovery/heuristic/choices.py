"""Scorers for the rarer decisions: the Builder tiles' questions (Smuggler, Papal Edict, Trading
House, Re-Write History), the National Advantages (their auction, the boards and the powers),
the 2007 starting-order auction, Scouting's Discovery card, buying VP and trading a specialist
out. Each is a simple rule read from the seat's view (see the rulebooks' texts quoted in the
rules modules named after the decisions)."""

from __future__ import annotations

from empires.discovery.buy_vp import VP_PRICE
from empires.discovery.data import (
    COLONIST,
    COUNTERS,
    NATION_IDS,
    SOLDIER,
    SPACE_GIVES,
    TURNS,
    age_of_turn,
)
from empires.discovery.heuristic.placement import PlacementScorers
from empires.discovery.heuristic.view import _View
from empires.discovery.heuristic.weights import NEXT_WORKER

# What each National Advantage board is worth to its holder, in $ (the auction's currency):
# England 2 Colonists once, Spain a free Discovery, France 2 Trade Goods, Portugal up to 3
# deck expeditions at Resistance 3, Holland one Merchant Ship, Italy 2 stolen specialists.
NATION_VALUE = dict(
    zip(NATION_IDS, (6, 8, 6, 7, 5, 7), strict=True)
)  # england, spain, france, portugal, holland, italy
# A place in the Player Order won with a board (1st, 2nd, ...), in $.
PLACE_VALUE = {1: 3, 2: 2, 3: 1}
# 2007 starting-order auction: first place is worth the Caribbean's counter (its expected VP and
# $), its Colonist and moving first: this much VP per other player (more rivals to move ahead of).
FIRST_PLACE_PER_RIVAL = 0.3
# Buying VP: money kept for the next turn (buildings, Training, Scouting), none after the end.
VP_RESERVE = 12
# Smuggler, Re-Write History: the worth of costing the leading opponent one unit.
HURT_LEADER = 0.3


def _bid_scores(legal: list, cap: int) -> list[float]:
    """Bid the least allowed while it is at most ``cap``; pass above it."""
    return [
        0.0 if a.kind == "skip" else (1.0 - 0.01 * a.a if a.a <= cap else -1.0 - a.a) for a in legal
    ]


def _leader(v: _View) -> int:
    """The opponent with the most VP so far (the first of them in seat order)."""
    totals = v.totals()
    others = [q for q in range(v.n) if q != v.me]
    return max(others, key=lambda q: (totals[q], -q))


class ChoiceScorers(PlacementScorers):
    """The decisions of the Builder tiles, the National Advantages, the auctions, Scouting,
    buying VP and the 2007 specialist trade."""

    # trading a specialist out (2007 any time; Indian Allies short of Soldiers) ----------------
    def _trade_specialist(self, v: _View, d: dict, legal: list) -> list[float]:
        return self._trade_out(v, d, legal)

    def _allies_trade_out(self, v: _View, d: dict, legal: list) -> list[float]:
        return self._trade_out(v, {"worker": SOLDIER}, legal)

    # Smuggler: swap one Trade Good with another player -----------------------------------------
    def _swap_gain(self, v: _View, take: int, give: int) -> float:
        """What swapping our ``give`` for their ``take`` adds to our sets' worth."""
        if take == give:
            return -0.01
        goods = list(v.goods[v.me])
        ships = v.ships[v.me]
        before = v.goods_pot(goods, ships)
        goods[give] -= 1
        goods[take] += 1
        return (v.goods_pot(goods, ships) - before) * v.income_mult

    def _best_swap(self, v: _View, q: int, take: int | None = None) -> float:
        mine = [g for g, k in enumerate(v.goods[v.me]) if k]
        takes = [take] if take is not None else [g for g, k in enumerate(v.goods[q]) if k]
        bonus = HURT_LEADER * 0.5 if q == _leader(v) else 0.0
        return max(self._swap_gain(v, t, g) for t in takes for g in mine) + bonus

    def _smuggler_player(self, v: _View, d: dict, legal: list) -> list[float]:
        return [0.0 if a.kind == "skip" else self._best_swap(v, a.a) for a in legal]

    def _smuggler_take(self, v: _View, d: dict, legal: list) -> list[float]:
        return [self._best_swap(v, d["other"], a.a) for a in legal]

    def _smuggler_give(self, v: _View, d: dict, legal: list) -> list[float]:
        return [self._swap_gain(v, d["take"], a.a) for a in legal]

    # Papal Edict: we and another player each place 2 Colonists ----------------------------------
    def _papal_player(self, v: _View, d: dict, legal: list) -> list[float]:
        """The other player is the one furthest behind (their Colonists help them least)."""
        totals = v.totals()
        return [-float(totals[a.a]) - 0.01 * a.a for a in legal]

    def _papal_first(self, v: _View, d: dict, legal: list) -> list[float]:
        """We place first (our majority is settled before the other player answers)."""
        return [1.0 if a.a == v.me else 0.0 for a in legal]

    def _papal_region(self, v: _View, d: dict, legal: list) -> list[float]:
        n = min(2, v.supply[v.me][COLONIST])
        return [v.add_value(a.a, n) for a in legal]

    # Trading House: sell a Trade Good for $5 ----------------------------------------------------
    def _trading_house(self, v: _View, d: dict, legal: list) -> list[float]:
        """Sell the good whose loss costs our sets least, while $5 is worth more than it."""
        goods = v.goods[v.me]
        ships = v.ships[v.me]
        before = v.goods_pot(list(goods), ships)
        scores = []
        for a in legal:
            if a.kind == "done":
                scores.append(0.0)
                continue
            left = list(goods)
            left[a.a] -= 1
            loss = (before - v.goods_pot(left, ships)) * v.income_mult
            loss += v.vp_per.get("trade_good", 0.0)
            scores.append(5 * v.m - loss)
        return scores

    # Re-Write History: a random Discovery counter from each of 2 players -------------------------
    def _rewrite_history(self, v: _View, d: dict, legal: list) -> list[float]:
        leader = _leader(v)
        scores = []
        for a in legal:
            vps = v.found_vp(a.a)
            mean = sum(vps) / len(vps) if vps else 0.0
            scores.append(mean + (HURT_LEADER if a.a == leader else 0.0))
        return scores

    # Scouting: the Discovery card seen on top of the deck --------------------------------------
    def _card_worth(self, v: _View, c) -> float:
        return c.vp + v.m * c.plunder - 0.5 * c.resistance

    def _scout_card(self, v: _View, d: dict, legal: list) -> list[float]:
        """Keep the card on top when it is at least as good as the deck's average card."""
        card = v.scouted_top()
        deck = v.deck
        if card is None or not deck:
            return [0.0] * len(legal)
        mean = sum(self._card_worth(v, c) for c in deck) / len(deck)
        keep = 1.0 if self._card_worth(v, card) >= mean else -1.0
        return [keep if a.kind == "top" else 0.0 for a in legal]

    # buying VP after a colony scoring ----------------------------------------------------------
    def _buy_vp(self, v: _View, d: dict, legal: list) -> list[float]:
        """Each VP bought is worth 1 less its price in money's worth; money below the reserve
        for the next turn is not spent (none is kept after the last turn)."""
        price = VP_PRICE[age_of_turn(v.turn)]
        money = v.money[v.me]
        reserve = 0 if v.turn >= TURNS else VP_RESERVE
        each = 1.0 - price * v.m
        scores = []
        for a in legal:
            k = 0 if a.kind == "done" else a.a
            short = max(0, reserve - (money - k * price))
            scores.append(k * each - short * 10.0)
        return scores

    # National Advantages: the auction, the boards, the powers ---------------------------------
    def _nation_pick(self, v: _View, d: dict, legal: list) -> list[float]:
        return [float(NATION_VALUE[NATION_IDS[a.a]]) for a in legal]

    def _nation_bid(self, v: _View, d: dict, legal: list) -> list[float]:
        """Bid up to what the best board left is worth above the average one left, plus the
        place in the Player Order the winner takes."""
        taken = v.nations_taken()
        left = sorted(
            (NATION_VALUE[k] for i, k in enumerate(NATION_IDS) if i not in taken), reverse=True
        )
        if not left:
            return [0.0 if a.kind == "skip" else -1.0 for a in legal]
        premium = left[0] - sum(left) / len(left)
        cap = round(premium + PLACE_VALUE.get(d.get("place", 9), 0) + 2)
        return _bid_scores(legal, cap)

    def _advantage(self, v: _View, d: dict, legal: list) -> list[float]:
        """Every power is a free gain and an unused one is worth nothing at the end: use it."""
        return [1.0 if a.kind == "advantage" else 0.0 for a in legal]

    def _advantage_good(self, v: _View, d: dict, legal: list) -> list[float]:
        return [v.good_value(a.a) for a in legal]

    def _advantage_region(self, v: _View, d: dict, legal: list) -> list[float]:
        """Spain: the counter's VP and printed Plunder (its expected worth when face-down), and
        our Soldier's place there."""
        unseen = v.unseen
        mean = sum(c.vp + v.m * c.plunder for c in unseen) / len(unseen) if unseen else 0.0
        scores = []
        for a in legal:
            c = v.counter[a.a]
            worth = mean if c is None or c < 0 else COUNTERS[c].vp + v.m * COUNTERS[c].plunder
            scores.append(worth + v.add_value(a.a, 1))
        return scores

    def _advantage_order(self, v: _View, d: dict, legal: list) -> list[float]:
        """England: our workers first (the most valuable first), then the others as they are."""
        queue = v.dock[d["placed"] :]

        def worth(i: int) -> float:
            q, w = queue[i]
            return 1.0 + 0.1 * NEXT_WORKER.get(w, 1.0) if q == v.me else 0.0

        ordered = all(worth(i) >= worth(i + 1) for i in range(len(queue) - 1))
        return [
            (worth(0) + 0.001 if ordered else -1.0) if a.kind == "done" else worth(a.a)
            for a in legal
        ]

    def _advantage_replace(self, v: _View, d: dict, legal: list) -> list[float]:
        """Italy: the specialist we would take, with the cheapest worker of our supply."""
        scores = []
        for a in legal:
            gives = SPACE_GIVES.get(a.b)
            if gives is None:  # Training: a specialist of our choice for $5
                x = self._training_value(v, v.money[v.me])
            else:
                x = self._specialist_value(v, gives)
            scores.append(x - 0.05 * NEXT_WORKER.get(a.a, 1.0))
        return scores

    # 2007 starting-order auction ---------------------------------------------------------------
    def _first_place_worth(self, v: _View) -> float:
        """The 2007 auction's first place, in VP: the Caribbean's face-down counter (the mean
        of those unseen), the Colonist landed there and moving first."""
        unseen = v.unseen
        mean = sum(c.vp + v.m * c.plunder for c in unseen) / len(unseen) if unseen else 0.0
        return mean + v.first_colonist_value() + FIRST_PLACE_PER_RIVAL * (v.n - 1)

    def _order_bid(self, v: _View, d: dict, legal: list) -> list[float]:
        """Bid the least allowed up to first place's worth in $ (all our money, as a rule)."""
        return _bid_scores(legal, int(self._first_place_worth(v) / v.m))

    def _order_specialist(self, v: _View, d: dict, legal: list) -> list[float]:
        return [NEXT_WORKER.get(a.a, 1.0) for a in legal]
