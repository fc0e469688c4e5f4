"""The seat's view of the board: the values the scorers ask of the decoded board (colony,
goods, discovery, building, plague and battle values), remembered within one decision."""

from __future__ import annotations

from typing import Any

from empires.discovery.data import (
    COLONIST,
    COUNTERS,
    MISSIONARY,
    NUM_REGIONS,
    SOLDIER,
    TURNS,
)
from empires.discovery.heuristic.board import _Board
from empires.discovery.heuristic.buildings import building_value as value_of_building
from empires.discovery.heuristic.weights import (
    _RUM_MONEY,
    KILL_ORDER,
    NEXT_WORKER,
    SUGAR,
    WAR_COST,
    _goods_pot,
    _region_util,
    _util_gain,
)


class _View(_Board):
    """The observation of one seat, decoded into index-based lists.

    Only what every decision needs is decoded at once; the rest (the workers by type, the event
    boxes, the counters still unseen, ...) on first use, as most decisions read a few of them.
    The view remembers the values it was asked for in ``shared`` (see :class:`_Board`)."""

    # ---- colonies ---------------------------------------------------------------------------
    def region_util(self, cr: list[int]) -> float:
        return _region_util(tuple(cr), self.me, self.w_exact, self.w_soft)

    def add_value(
        self, r: int, count: int, counts: list[list[int]] | None = None, player: int | None = None
    ) -> float:
        """Utility change when ``player`` (default: me) gets ``count`` more workers in r."""
        counts = counts if counts is not None else self.counts
        p = self.me if player is None else player
        cr = counts[r]
        key = (r, count, p, *cr)
        delta = self._added.get(key)
        if delta is None:
            delta = self._added[key] = self._add_value(r, count, cr, p)
        return delta

    def _add_value(self, r: int, count: int, cr: list[int], p: int) -> float:
        delta = _util_gain(tuple(cr), p, count, self.me, self.w_exact, self.w_soft)
        if p == self.me and self.rgood[r] >= 0 and cr[p] < 3 <= cr[p] + count and max(cr) < 3:
            delta += self.good_value(self.rgood[r])
        rate = self.vp_per.get("new_world_worker")
        if p == self.me and rate:
            delta += rate * count
        return delta

    # ---- goods ------------------------------------------------------------------------------
    def goods_pot(self, goods: list[int], ships: int) -> float:
        return _goods_pot(tuple(goods), ships, self.turn >= TURNS)

    def good_value(self, g: int, goods: list[int] | None = None) -> float:
        """What one more good ``g`` is worth to us, holding ``goods`` (default: ours)."""
        held = tuple(goods if goods is not None else self.goods[self.me])
        key = (g, *held)
        value = self.shared.goods.get(key)
        if value is None:
            value = self.shared.goods[key] = self._good_value(g, list(held))
        return value

    def _good_value(self, g: int, goods: list[int]) -> float:
        ships = self.ships[self.me]
        before = self.goods_pot(goods, ships)
        goods[g] += 1
        after = self.goods_pot(goods, ships)
        extra = 0.0
        extra += self.vp_per.get("trade_good", 0.0)
        if g == SUGAR and "rum_distillery" in self.mine:
            extra += _RUM_MONEY * self.m * self.turns_left
        return (after - before) * self.income_mult + extra + 0.05

    def ship_value(self) -> float:
        value = self.shared.ship
        if value is None:
            value = self.shared.ship = self._ship_value()
        return value

    def _ship_value(self) -> float:
        goods = list(self.goods[self.me])
        ships = self.ships[self.me]
        v = (self.goods_pot(goods, ships + 1) - self.goods_pot(goods, ships)) * self.income_mult
        v += self.vp_per.get("merchant_ship", 0)
        if "privateers" in self.mine:
            v += (self.n - 1) * self.m * self.turns_left
        return v + 0.3

    # ---- discovery --------------------------------------------------------------------------
    def discovery_targets(self) -> list[tuple[Any, list, float]]:
        """(target, possible counters/cards, colony gain) per distinct target."""
        cached = self.shared.targets
        if cached is not None:
            return cached
        out: list[tuple[Any, list, float]] = []
        undiscovered = [r for r in range(NUM_REGIONS) if not self.discovered[r]]
        if undiscovered:
            gain = self.first_colonist_value()
            face_down = [r for r in undiscovered if self.counter[r] == -1]
            if face_down and self.unseen:
                out.append((face_down, self.unseen, gain))
            for r in undiscovered:
                c = self.counter[r]
                if c is not None and c >= 0:
                    out.append(([r], [COUNTERS[c]], gain))
        elif self.deck:
            out.append((None, self.deck, 0.0))
        self.shared.targets = out
        return out

    def first_colonist_value(self) -> float:
        if self.supply[self.me][COLONIST] <= 0:
            return 0.3
        cr = [0] * self.n
        cr[self.me] = 1
        v = self.region_util(cr) + 0.6 * (self.turns_left > 0)
        rate = self.vp_per.get("new_world_worker")
        if rate:
            v += rate
        return v

    def expedition_ev(
        self, value: int, soldiers: int, dist: list, gain: float
    ) -> tuple[float, float]:
        """(expected gain, success probability) of an expedition of ``value``."""
        if not dist:
            return 0.0, 0.0
        bonus = 1 if self.plague1 else 0
        total = 0.0
        wins = 0
        m = self.m
        for c in dist:
            if c.resistance - bonus <= value:
                wins += 1
                total += c.vp + m * (c.plunder + c.per_soldier * soldiers) + gain
        return total / len(dist), wins / len(dist)

    def best_expedition(self, value: int, soldiers: int) -> float:
        best = self._expedition.get((value, soldiers))
        if best is None:
            best = 0.0
            for _, dist, gain in self.discovery_targets():
                ev, _ = self.expedition_ev(value, soldiers, dist, gain)
                best = max(best, ev)
            self._expedition[(value, soldiers)] = best
        return best

    # ---- buildings --------------------------------------------------------------------------
    def nw_workers(self, p: int, worker: int | None = None) -> int:
        if worker is None:
            return sum(self.counts[r][p] for r in range(NUM_REGIONS))
        rw = self.rw_read
        return sum(rw[r][p][worker] for r in range(NUM_REGIONS))

    def soldiers_in(self, r: int) -> bool:
        """Whether anyone has a Soldier in region r."""
        return any(w[SOLDIER] for w in self.rw_read[r])

    def building_value(self, bid: str, price: int) -> float:
        """What tile ``bid`` is worth to the bot if bought at ``price`` (read from the rules'
        building table by :mod:`empires.discovery.heuristic.buildings`)."""
        # The Cathedral's worth reads our available Missionaries, which Phase 1 changes.
        extra = self.avail[self.me][MISSIONARY] if bid == "cathedral" else -1
        key = (bid, price, extra)
        value = self.shared.buildings.get(key)
        if value is None:
            value = self.shared.buildings[key] = value_of_building(self, bid, price, NEXT_WORKER)
        return value

    def plague_2_value(self) -> float:
        counts = [row[:] for row in self.counts]
        before = sum(self.region_util(cr) for cr in counts)
        for cr in counts:
            for p in range(self.n):
                if cr[p] >= 3:
                    cr[p] -= 1
        return sum(self.region_util(cr) for cr in counts) - before

    def plague_3_options(self) -> list[tuple[float, int, int]]:
        out = []
        for r in range(NUM_REGIONS):
            for q in range(self.n):
                k = min(3, self.rw[r][q][COLONIST])
                if k:
                    out.append((self.add_value(r, -k, player=q), r, q))
        return out

    def best_plague_3(self):
        opts = self.plague_3_options()
        return max(opts) if opts else None

    # ---- warfare ----------------------------------------------------------------------------
    def _battle_losses(self, d: int, r: int, rw) -> tuple[int, int] | None:
        """(our losses, their losses) of a battle against d in r, or None if illegal."""
        mine, theirs = rw[r][self.me], rw[r][d]
        if not any(mine) or not any(theirs) or not (mine[SOLDIER] or theirs[SOLDIER]):
            return None
        militia = 1 if "militia" in self.owned[d] else 0
        kills = min(mine[SOLDIER], sum(theirs) + militia)
        losses = min(theirs[SOLDIER] + militia, sum(mine))
        return losses, min(kills, sum(theirs))

    def battle_value(self, d: int, r: int, rw=None) -> float:
        rw = self.rw if rw is None else rw
        result = self._battle_losses(d, r, rw)
        if result is None:
            return -1e9
        losses, their_loss = result
        me = self.me
        cr = [sum(w) for w in rw[r]]
        before = self.region_util(cr)
        cr[me] -= losses
        cr[d] -= their_loss
        v = self.region_util(cr) - before - 0.05
        soldier_vp = self.vp_per.get("new_world_soldier")
        if soldier_vp:
            v -= soldier_vp * min(losses, rw[r][me][SOLDIER])
        worker_vp = self.vp_per.get("new_world_worker")
        if worker_vp:
            v -= worker_vp * losses
        return v

    def fight(self, d: int, r: int, rw) -> None:
        """Apply a battle to ``rw`` (we remove their Soldiers first; they remove ours first)."""
        result = self._battle_losses(d, r, rw)
        if result is None:
            return
        losses, their_loss = result
        for side, count in ((rw[r][self.me], losses), (rw[r][d], their_loss)):
            for w in KILL_ORDER:
                k = min(count, side[w])
                side[w] -= k
                count -= k

    def best_battle(self, rw=None) -> tuple[float, int, int]:
        if rw is None:
            cached = self.shared.battle
            if cached is not None:
                return cached
        rws = self.rw if rw is None else rw
        best = (-1e9, -1, -1)
        me = self.me
        for r in range(NUM_REGIONS):
            row = rws[r]
            mine = row[me]
            if not any(mine):
                continue
            for d in range(self.n):
                if d != me and (mine[SOLDIER] or row[d][SOLDIER]) and any(row[d]):
                    v = self.battle_value(d, r, rws)
                    if v > best[0]:
                        best = (v, r, d)
        if rw is None:
            self.shared.battle = best
        return best

    def war_value(self, d: int, rw=None) -> float:
        total = 0.0
        any_region = False
        rws = self.rw if rw is None else rw
        me = self.me
        for r in range(NUM_REGIONS):
            mine, theirs = rws[r][me], rws[r][d]
            if not (mine[SOLDIER] or theirs[SOLDIER]) or not any(mine) or not any(theirs):
                continue  # no battle there (battle_value: -1e9)
            v = self.battle_value(d, r, rws)
            if v > -1e8:
                total += v
                any_region = True
        return total - WAR_COST * self.m if any_region else -1e9
