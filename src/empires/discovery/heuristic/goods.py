"""Scorers for Trade Goods, Merchant Shipping and Capital Buildings: money and set income."""

from __future__ import annotations

from empires.discovery.data import (
    BUILDING_COST,
    BUILDINGS,
    MERCHANT,
    age_of_turn,
)
from empires.discovery.heuristic.colonies import ColonyScorers
from empires.discovery.heuristic.view import _View
from empires.discovery.heuristic.weights import (
    SHIP_VALUE,
)


class GoodsScorers(ColonyScorers):
    """Trade Goods, Merchant Shipping and Capital Buildings."""

    def _expected_money(self, v: _View) -> int:
        money = v._money  # worked out once per decision
        if money is None:
            me = v.me
            money = v.money[me]
            for i, (p, _) in enumerate(v.initiative):
                if p == me:
                    money += i + 1
            for p, w in v.dock:
                if p == me and w == MERCHANT:
                    money += 5
            v._money = money
        return money

    # trade goods -----------------------------------------------------------------------------
    def _tg_place_value(self, v: _View) -> float:
        me = v.me
        ahead_mine = sum(1 for p, _ in v.tg_box if p == me)
        ahead_other = len(v.tg_box) - ahead_mine
        remaining = list(v.tg_offer)
        if len(remaining) <= len(v.tg_box):
            return 0.0
        goods = list(v.goods[me])
        for _ in range(ahead_mine):
            g = max(set(remaining), key=lambda x: (v.good_value(x, goods), -x))
            remaining.remove(g)
            goods[g] += 1
        vals = sorted((v.good_value(g, goods) for g in remaining), reverse=True)
        if ahead_other == 0:
            return vals[0]
        worst = vals[min(ahead_other, len(vals) - 1)] if len(vals) > ahead_other else 0.0
        return 0.4 * vals[0] + 0.6 * worst

    def _trade_good(self, v: _View, d: dict, legal: list) -> list[float]:
        return [0.0 if a.kind == "skip" else v.good_value(a.a) for a in legal]

    # shipping --------------------------------------------------------------------------------
    def _shipping_hold(self, v: _View, totals: list[int]) -> float:
        me = v.me
        best_other = max((totals[q] for q in range(v.n) if q != me), default=0)
        if totals[me] == 0:
            return 0.0
        pos = {p: i for i, p in enumerate(v.order)}
        lead = totals[me] - best_other
        if lead == 0:
            # ties go to the earliest in player order
            tied = [q for q in range(v.n) if q != me and totals[q] == best_other]
            if any(pos[q] < pos[me] for q in tied):
                return 0.0
        elif lead < 0:
            return 0.0
        others_left = sum(sum(v.avail[q]) for q in range(v.n) if q != me)
        if others_left == 0:
            return 1.0
        if lead >= 3:
            return 0.95
        if lead == 2:
            return 0.85
        if lead == 1:
            return 0.7
        return 0.55

    def _shipping_place_value(self, v: _View, w: int) -> float:
        if not v.ship_waiting:
            return 0.0
        values = v._shipping_values  # this decision's, by SHIP_VALUE
        if values is None:
            totals = [0] * v.n
            for p, x in v.shipping:
                totals[p] += SHIP_VALUE.get(x, 1)
            me = v.me
            avail = v.avail
            others_left = 0
            for q in range(v.n):
                if q != me:
                    for x in avail[q]:
                        others_left += x
            # what _shipping_hold reads (the order is in the view's stable key)
            key = (tuple(totals), others_left == 0)
            values = v.shared.shipping.get(key)
            if values is None:
                values = v.shared.shipping[key] = {}
            v._shipping_values = values
        ship = SHIP_VALUE.get(w, 1)
        value = values.get(ship)
        if value is None:
            totals = [0] * v.n
            for p, x in v.shipping:
                totals[p] += SHIP_VALUE.get(x, 1)
            value = values[ship] = self._shipping_gain(v, w, totals)
        return value

    def _shipping_gain(self, v: _View, w: int, totals: list[int]) -> float:
        before = self._shipping_hold(v, totals)
        totals[v.me] += SHIP_VALUE.get(w, 1)
        after = self._shipping_hold(v, totals)
        return max(0.0, after - before) * v.ship_value()

    # capital buildings -----------------------------------------------------------------------
    def _net_building(self, v: _View, bid: str, price: int) -> float:
        return v.building_value(bid, price) - price * v.m

    def _cb_place_value(self, v: _View) -> float:
        me = v.me
        money = self._expected_money(v)
        mine_ahead = sum(1 for p, _ in v.cb_box if p == me)
        other_ahead = len(v.cb_box) - mine_ahead
        options = sorted(
            ((self._net_building(v, bid, price), price) for bid, price in v.cb_offer),
            reverse=True,
        )
        for _ in range(mine_ahead):  # our earlier workers buy the best we can afford
            for i, (net, price) in enumerate(options):
                if price <= money and net > 0:
                    money -= price
                    options.pop(i)
                    break
        nets = [net for net, price in options if price <= money and net > 0]
        if not nets:
            return 0.0
        if other_ahead == 0:
            return nets[0]
        worst = nets[other_ahead] if len(nets) > other_ahead else 0.0
        return 0.4 * nets[0] + 0.6 * worst

    def _buy_building(self, v: _View, d: dict, legal: list) -> list[float]:
        prices = dict(v.cb_offer)
        scores = []
        for a in legal:
            if a.kind == "skip":
                scores.append(0.0)
            else:
                bid = BUILDINGS[a.a].id
                scores.append(
                    self._net_building(v, bid, prices.get(bid, BUILDING_COST[age_of_turn(v.turn)]))
                )
        return scores
