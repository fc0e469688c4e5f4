"""The seat's view of the board: the observation decoded into index-based lists, with the
values the scorers ask of it (colony, goods, discovery, plague and battle values)."""

from __future__ import annotations

from typing import Any

from empires.discovery.data import (
    CARDS,
    COLONIST,
    COUNTERS,
    GOOD_IDS,
    NUM_REGIONS,
    SOLDIER,
    TURNS,
)
from empires.discovery.heuristic.buildings import building_value as value_of_building
from empires.discovery.heuristic.buildings import end_vp_rates
from empires.discovery.heuristic.weights import (
    _COUNTER_INDEX,
    _GI,
    _RUM_MONEY,
    KILL_ORDER,
    NEXT_WORKER,
    NW,
    SUGAR,
    WAR_COST,
    _goods_pot,
    _pairs,
    _region_util,
    _vec,
    _weights,
)


class _lazy:
    """A property computed on first use and then kept in the instance (like
    ``functools.cached_property``, without its lock, which Python 3.11 still takes)."""

    def __init__(self, fn: Any) -> None:
        self.fn = fn
        self.name = fn.__name__

    def __get__(self, obj: Any, cls: Any = None) -> Any:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.fn(obj)
        return value


class _View:
    """The observation of one seat, decoded into index-based lists.

    Only what every decision needs is decoded at once; the rest (the workers by type, the event
    boxes, the counters still unseen, ...) on first use, as most decisions read a few of them.
    Within one decision the view also remembers the values it was asked for (``add_value``,
    ``best_expedition``, ... and ``memo`` for the bot's own): the same question gives the same
    float without computing it again."""

    def __init__(self, obs: dict) -> None:
        self.obs = obs
        self.n = obs["num_players"]
        self.me = obs["player"]
        self.turn = obs["turn"]
        self.step = obs["step"]
        self.order = list(obs["order"])
        players = obs["players"]
        self.money = [p["money"] for p in players]
        self.ships = [p["merchant_ships"] for p in players]
        self.owned = [list(p["buildings"]) for p in players]
        self.discovered: list[bool] = []
        self.rgood: list[int] = []
        self.counter: list[int | None] = []  # None: no counter; -1 face-down; else known index
        self.counts: list[list[int]] = []  # workers per region and player
        for reg in obs["regions"]:
            self.discovered.append(reg["discovered"])
            g = reg["trade_good"]
            self.rgood.append(_GI[g] if g else -1)
            c = reg["counter"]
            if c is None:
                self.counter.append(None)
            elif isinstance(c, dict):
                self.counter.append(_COUNTER_INDEX[c["id"]])
            else:
                self.counter.append(-1)
            self.counts.append([sum(w.values()) if w else 0 for w in reg["workers"]])
        self._derive()

    def _derive(self) -> None:
        """The values every decision needs, from the decoded fields."""
        self.mine = set(self.owned[self.me])
        self._expedition: dict[tuple[int, int], float] = {}  # best_expedition by arguments
        self._added: dict[tuple[int, ...], float] = {}  # add_value by arguments and counts
        self.memo: dict[Any, Any] = {}  # the bot's own values for this decision
        self.m, sched, self.w_exact, self.w_soft, self.income_mult = _weights(self.turn, self.step)
        self.sched = list(sched)
        self.turns_left = TURNS - self.turn  # turns after this one
        self.plague1 = "plague_1" in self.mine
        self.vp_per = end_vp_rates(self.mine)  # end-game VP per unit counted, from the table

    # ---- decoded on first use ---------------------------------------------------------------
    @_lazy
    def avail(self) -> list[list[int]]:
        return [_vec(p["available"]) for p in self.obs["players"]]

    @_lazy
    def supply(self) -> list[list[int]]:
        return [_vec(p["supply"]) for p in self.obs["players"]]

    @_lazy
    def goods(self) -> list[list[int]]:
        return [[p["goods"].get(g, 0) for g in GOOD_IDS] for p in self.obs["players"]]

    @_lazy
    def used(self) -> list[set[str]]:
        return [set(p["buildings_used"]) for p in self.obs["players"]]

    @_lazy
    def dbox(self) -> list[list[int]]:
        return [_vec(p["discovery_box"]) for p in self.obs["players"]]

    @_lazy
    def rw(self) -> list[list[list[int]]]:
        """Workers by type per region and player."""
        return [[_vec(w) if w else [0] * NW for w in reg["workers"]] for reg in self.obs["regions"]]

    @_lazy
    def rw_read(self) -> list[list[list[int]]]:
        """``rw`` where it is only read (a :class:`_GameView` reads the game's own lists)."""
        return self.rw

    @_lazy
    def _seen(self) -> set[str]:
        """Ids of the discoveries won and of the counters shown on the board."""
        seen = {found["id"] for p in self.obs["players"] for found in p["discoveries"]}
        for reg in self.obs["regions"]:
            c = reg["counter"]
            if isinstance(c, dict):
                seen.add(c["id"])
        return seen

    @_lazy
    def unseen(self) -> list:
        seen = self._seen
        return [c for c in COUNTERS if c.id not in seen]

    @_lazy
    def deck(self) -> list:
        seen = self._seen
        return [c for c in CARDS if c.id not in seen]

    @_lazy
    def _boxes(self) -> dict:
        return self.obs["boxes"]

    @_lazy
    def initiative(self) -> list[tuple[int, int]]:
        return _pairs(self._boxes["initiative"])

    @_lazy
    def dock(self) -> list[tuple[int, int]]:
        return _pairs(self._boxes["dock"])

    @_lazy
    def dock_x(self) -> int | None:
        return self._boxes["dock_x"]

    @_lazy
    def dock_y(self) -> int | None:
        return self._boxes["dock_y"]

    @_lazy
    def tg_box(self) -> list[tuple[int, int]]:
        return _pairs(self._boxes["trade_goods"])

    @_lazy
    def tg_offer(self) -> list[int]:
        return [_GI[g] for g in self._boxes["trade_goods_offer"]]

    @_lazy
    def shipping(self) -> list[tuple[int, int]]:
        return _pairs(self._boxes["shipping"])

    @_lazy
    def ship_waiting(self) -> bool:
        return self._boxes["merchant_ship_waiting"]

    @_lazy
    def cb_box(self) -> list[tuple[int, int]]:
        return _pairs(self._boxes["buildings"])

    @_lazy
    def cb_offer(self) -> list[tuple[str, int]]:
        return [(b["id"], b["price"]) for b in self._boxes["buildings_offer"]]

    @_lazy
    def spec_taken(self) -> set[str]:
        return set(self._boxes["specialists"])

    @_lazy
    def warfare(self) -> list[tuple[int, int]]:
        return _pairs(self._boxes["warfare"])

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
        me, w_exact, w_soft = self.me, self.w_exact, self.w_soft
        before = _region_util(tuple(cr), me, w_exact, w_soft)
        cr2 = cr[:]
        cr2[p] += count
        delta = _region_util(tuple(cr2), me, w_exact, w_soft) - before
        if p == self.me and self.rgood[r] >= 0 and cr[p] < 3 <= cr2[p] and max(cr) < 3:
            delta += self.good_value(self.rgood[r])
        rate = self.vp_per.get("new_world_worker")
        if p == self.me and rate:
            delta += rate * count
        return delta

    # ---- goods ------------------------------------------------------------------------------
    def goods_pot(self, goods: list[int], ships: int) -> float:
        return _goods_pot(tuple(goods), ships, self.turn >= TURNS)

    def good_value(self, g: int, goods: list[int] | None = None) -> float:
        goods = list(goods if goods is not None else self.goods[self.me])
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
        value = self.memo.get("ship_value")
        if value is None:
            value = self.memo["ship_value"] = self._ship_value()
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
        cached = getattr(self, "_targets", None)
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
        self._targets = out
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
        return value_of_building(self, bid, price, NEXT_WORKER)

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
            cached = getattr(self, "_best_battle", None)
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
            self._best_battle = best
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
