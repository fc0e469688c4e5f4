"""A rule-of-thumb bot for Empires: Age of Discovery.

The bot reads only what its seat may see: ``state.observation(state.current_player)``,
``state.legal_actions()`` and ``state.decision`` (plus the public rule tables of
:mod:`empires.discovery.data` and the pure set-income rule). On the engine's own
:class:`~empires.discovery.game.DiscoveryGame` it reads the same public fields straight from the
game instead of building the observation (a rollout policy decides often; ``_GameView`` gives
the very view ``_View`` decodes from the observation, and the tests check that). It never clones
or applies moves: every action is scored analytically, one ply deep, in "victory point
equivalents":

* colonies: the majority VP of every remaining colony scoring (turns 3, 6, 8), exact for the
  scoring of the current turn and "soft" for later ones (a region short of 3 workers counts in
  proportion to its largest colony), relative to the average opponent;
* money: a VP value per $ that falls to almost nothing once the last purchase is past;
* Trade Goods and Merchant Ships: the set income they add, paid every remaining turn and once
  more as the Economy VP, with a little credit for getting closer to the next set;
* discoveries: the expected VP, plunder and first colonist over the counters still unseen (a
  face-down counter is any of the counters nobody has seen yet, all equally likely);
* Capital Buildings: what they produce over the remaining turns, or their end-game VP.

Placement is greedy: each worker goes where its value is highest, a Specialist being charged
for not going where it is worth most. Ties are broken by the bot's own seeded generator.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any

from empires.core.rng import Rng
from empires.discovery.capital_buildings import price as building_price
from empires.discovery.data import (
    ADJACENT,
    BOXES,
    BUILDING_COST,
    BUILDINGS,
    CAP_BUILDINGS,
    CAPTAIN,
    CARDS,
    COLONIST,
    COUNTERS,
    DISCOVERY,
    DOCK,
    GOOD_IDS,
    INITIATIVE,
    MERCHANT,
    MISSIONARY,
    NUM_GOODS,
    NUM_REGIONS,
    SCORING_TURNS,
    SHIPPING,
    SOLDIER,
    SPACE_GIVES,
    TRADE_GOODS,
    TRAINING,
    TURNS,
    WARFARE,
    WORKERS,
    age_of_turn,
)
from empires.discovery.game import DiscoveryGame
from empires.discovery.heuristic.buildings import building_value as value_of_building
from empires.discovery.heuristic.buildings import end_vp_rates, tile
from empires.discovery.income import set_income
from empires.discovery.observation import visible_counter

NW = len(WORKERS)
MILITIA_CHOICE = NW  # the "worker militia" casualty choice
_WI = {w: i for i, w in enumerate(WORKERS)}
_GI = {g: i for i, g in enumerate(GOOD_IDS)}
_COUNTER_INDEX = {c.id: i for i, c in enumerate(COUNTERS)}
_BUILDING_IDS = tuple(b.id for b in BUILDINGS)
SUGAR = _GI["sugar"]
_RUM = tile("rum_distillery").money_per_good
if _RUM is None:
    raise ValueError("buildings.toml: the Rum Distillery needs its money_per_good ($ per Sugar)")
_RUM_MONEY = _RUM.money  # its $ per Sugar

# Worth (VP) of one more worker of a type available next turn.
NEXT_WORKER = {COLONIST: 1.2, CAPTAIN: 2.2, MERCHANT: 2.6, MISSIONARY: 3.0, SOLDIER: 1.8}
# Worth of a worker kept in the Discovery box for a later expedition (lost when sent).
KEEP_IN_BOX = {COLONIST: 0.1, CAPTAIN: 1.0, MERCHANT: 0.6, MISSIONARY: 0.6, SOLDIER: 0.5, 5: 0.5}
# Order in which our own workers are given up to a Plague (first = least missed).
PLAGUE_LOSS_ORDER = (COLONIST, MERCHANT, MISSIONARY, CAPTAIN, 5, SOLDIER)
# Order in which we remove an opponent's workers in a battle (first = most wanted).
KILL_ORDER = (SOLDIER, CAPTAIN, MISSIONARY, MERCHANT, 5, COLONIST)
PHASE2_BEFORE_BUILDINGS = ("place", "initiative", "dock", "trade_goods", "shipping", "buildings")
TRAINING_COST = 5
WAR_COST = 10
SHIP_VALUE = {CAPTAIN: 2, MERCHANT: 2}


def _vec(counts: dict[str, int]) -> list[int]:
    v = [0] * NW
    for name, c in counts.items():
        v[_WI[name]] = c
    return v


def _pairs(items: list[dict]) -> list[tuple[int, int]]:
    return [(x["player"], _WI[x["worker"]]) for x in items]


@lru_cache(maxsize=65536)
def _rank_scores(counts: tuple[int, ...]) -> tuple[int, ...]:
    """Colony VP by rank (ruling 14) without the 3-worker threshold."""
    n = len(counts)
    vp = [0] * n
    top = max(counts)
    if top <= 0:
        return tuple(vp)
    first = [p for p in range(n) if counts[p] == top]
    if len(first) == 2:
        vp[first[0]] = vp[first[1]] = 2
    elif len(first) == 1:
        vp[first[0]] = 6
        runner = max((c for c in counts if 0 < c < top), default=0)
        if runner:
            second = [p for p in range(n) if counts[p] == runner]
            if len(second) == 1:
                vp[second[0]] = 2
    return tuple(vp)


@lru_cache(maxsize=65536)
def _goods_pot(goods: tuple[int, ...], ships: int, final: bool) -> float:
    """Set income of the goods, plus some credit for the best next good (none at the end)."""
    base = set_income(goods, ships)
    if final:
        return float(base)
    best = base
    g = list(goods)
    for i in range(NUM_GOODS):
        g[i] += 1
        x = set_income(g, ships)
        g[i] -= 1
        if x > best:
            best = x
    return base + 0.35 * (best - base)


@lru_cache(maxsize=64)
def _weights(t: int, step: str) -> tuple[float, tuple, float, float, float]:
    """(money value, colony scorings, exact and soft scoring weights, income multiplier) on
    turn ``t`` at ``step``: the same for every decision there."""
    # Money: worth a lot while there is still something to buy, nothing at the very end.
    if t < 7:
        m = 0.35
    elif t == 7:
        m = 0.3
    elif step in PHASE2_BEFORE_BUILDINGS:
        m = 0.12
    else:
        m = 0.01
    # Remaining colony scorings: (exact, weight); the current turn's scoring is exact.
    sched: list[tuple[bool, float]] = []
    for s in SCORING_TURNS:
        if s >= t:
            sched.append((s == t, 1.0 if not sched else 0.7))
    w_exact = sum(w for e, w in sched if e)
    w_soft = sum(w for e, w in sched if not e)
    # $1 more set income is paid on every turn whose money can still be spent, and
    # counts once more as the Economy VP of turn 8.
    income_mult = 1.0 + m * max(0, TURNS - t)
    return m, tuple(sched), w_exact, w_soft, income_mult


@lru_cache(maxsize=65536)
def _region_util(cr: tuple[int, ...], me: int, w_exact: float, w_soft: float) -> float:
    """Colony utility of a region for ``me`` given everyone's worker counts ``cr``: our rank VP
    less the opponents' average, weighted by the scorings still to come (a region short of 3
    workers counts in proportion to its largest colony)."""
    top = max(cr)
    if top <= 0:
        return 0.0
    ranks = _rank_scores(cr)
    rel = ranks[me] - (sum(ranks) - ranks[me]) / (len(cr) - 1)
    if rel == 0:
        return 0.0
    factor = w_exact + w_soft if top >= 3 else w_soft * top / 3.0
    return rel * factor


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


class _GameView(_View):
    """The same view read straight from the public fields of an engine game (no observation is
    built): what :func:`empires.discovery.observation.observe` shows the seat to move, decoded
    as :class:`_View` decodes it. Hidden fields (the face-down counters, the deck order, the
    stacks, the Trade Goods pool) are not read; a counter is read as the observation shows it.
    """

    def __init__(self, game: DiscoveryGame) -> None:
        s = game.s
        self.n = s.num_players
        self.me = me = game.current_player
        self.turn = s.turn
        self.step = s.step
        self.order = list(s.order)
        self.money = list(s.money)
        self.ships = list(s.ships)
        self.owned = [[_BUILDING_IDS[b] for b in owned] for owned in s.owned]
        self.discovered = list(s.discovered)
        self.rgood = [g if g >= 0 else -1 for g in s.region_good]
        self.counter = [
            None if c < 0 else visible_counter(s, me, r) for r, c in enumerate(s.counter)
        ]
        n = self.n
        zero = [0] * NW
        empty = [zero] * n  # comparing with these is cheaper than summing (most rows are empty)
        self.counts = [
            [0] * n if row == empty else [0 if w == zero else sum(w) for w in row]
            for row in s.region_workers
        ]
        self._s = s
        self._derive()

    # copies of the state's lists, on first use
    @_lazy
    def rw(self) -> list[list[list[int]]]:
        return [[w[:] for w in row] for row in self._s.region_workers]

    @_lazy
    def rw_read(self) -> list[list[list[int]]]:
        return self._s.region_workers

    @_lazy
    def avail(self) -> list[list[int]]:
        return [row[:] for row in self._s.avail]

    @_lazy
    def supply(self) -> list[list[int]]:
        return [row[:] for row in self._s.supply]

    @_lazy
    def goods(self) -> list[list[int]]:
        return [row[:] for row in self._s.goods]

    @_lazy
    def dbox(self) -> list[list[int]]:
        return [row[:] for row in self._s.discovery_box]

    @_lazy
    def used(self) -> list[set[str]]:
        used = self._s.used
        return [{_BUILDING_IDS[b] for b in used if b in owned} for owned in self._s.owned]

    @_lazy
    def unseen(self) -> list:
        seen = {c for found in self._s.found for c in found}
        seen.update(c for c in self.counter if c is not None and c >= 0)
        return [c for i, c in enumerate(COUNTERS) if i not in seen]

    @_lazy
    def deck(self) -> list:
        won = {c for cards in self._s.cards_won for c in cards}
        return [c for i, c in enumerate(CARDS) if i not in won]

    @_lazy
    def initiative(self) -> list[tuple[int, int]]:
        return [(p, w) for p, w in self._s.initiative]

    @_lazy
    def dock(self) -> list[tuple[int, int]]:
        return [(p, w) for p, w in self._s.dock]

    @_lazy
    def dock_x(self) -> int | None:
        return self._s.dock_x if self._s.dock_x >= 0 else None

    @_lazy
    def dock_y(self) -> int | None:
        return self._s.dock_y if self._s.dock_y >= 0 else None

    @_lazy
    def tg_box(self) -> list[tuple[int, int]]:
        return [(p, w) for p, w in self._s.tg_box]

    @_lazy
    def tg_offer(self) -> list[int]:
        return list(self._s.tg_offer)

    @_lazy
    def shipping(self) -> list[tuple[int, int]]:
        return [(p, w) for p, w in self._s.shipping]

    @_lazy
    def ship_waiting(self) -> bool:
        return self._s.ship_in_box

    @_lazy
    def cb_box(self) -> list[tuple[int, int]]:
        return [(p, w) for p, w in self._s.cb_box]

    @_lazy
    def cb_offer(self) -> list[tuple[str, int]]:
        return [(_BUILDING_IDS[b], building_price(self._s, b)) for b in self._s.cb_offer]

    @_lazy
    def spec_taken(self) -> set[str]:
        return {BOXES[k] for k in self._s.specialists}

    @_lazy
    def warfare(self) -> list[tuple[int, int]]:
        return [(p, w) for p, w in self._s.warfare]


def _view(state: Any) -> _View:
    """The view of the seat to move: read from the game itself when it is the engine's own (the
    same view, without building the observation), else decoded from its observation."""
    if type(state) is DiscoveryGame:
        return _GameView(state)
    return _View(state.observation(state.current_player))


class HeuristicBot:
    """Scores every legal action with the observation of its own seat and plays the best."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def __repr__(self) -> str:
        return f"HeuristicBot(rng_state={self.rng.state})"

    # ---- entry point ------------------------------------------------------------------------
    def choose(self, state: Any) -> Any:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("HeuristicBot: no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        return self._pick(legal, self.action_scores(state))

    def action_scores(self, state: Any) -> list[float]:
        """The score of each action of ``state.legal_actions()`` (Discovery), in that order, from
        the observation of the seat to act; :meth:`choose` plays the best (ties at random). Every
        decision kind has its scorer in :data:`SCORERS` (ValueError for a kind that has none)."""
        legal = state.legal_actions()
        decision = state.decision or {}
        kind = decision.get("kind", "")
        scorer = SCORERS.get(kind)
        if scorer is None:
            raise ValueError(f"HeuristicBot: no scorer for the decision kind {kind!r}")
        if callable(scorer):
            return scorer(decision, legal)
        return getattr(self, scorer)(_view(state), decision, legal)

    def _pick(self, legal: list, scores: list[float]) -> Any:
        best = max(scores)
        ties = [a for a, s in zip(legal, scores, strict=True) if s >= best - 1e-9]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    # ---- Phase 1 ----------------------------------------------------------------------------
    def _place(self, v: _View, d: dict, legal: list) -> list[float]:
        box_cache: dict[int, float] = {}
        values: dict[tuple[int, int], float] = {}
        for a in legal:
            if a.kind == "place":
                values[(a.a, a.b)] = self._box_value(v, a.a, a.b, box_cache)
        best_for: dict[int, float] = {}
        for (w, _), x in values.items():
            best_for[w] = max(best_for.get(w, -1e9), x)
        scores = []
        for a in legal:
            if a.kind != "place":
                scores.append(-1e9)  # the University is kept (5 VP) rather than spent here
                continue
            x = values[(a.a, a.b)]
            if a.a != COLONIST:
                x -= 0.7 * (best_for[a.a] - x)
            scores.append(x)
        return scores

    def _box_value(self, v: _View, w: int, box: int, cache: dict[int, float]) -> float:
        if box == DOCK:
            return self._dock_place_value(v, w)
        if box == DISCOVERY:
            return self._discovery_place_value(v, w)
        if box == SHIPPING:
            return self._shipping_place_value(v, w)
        if box not in cache:
            if box == INITIATIVE:
                cache[box] = self._initiative_value(v)
            elif box == TRADE_GOODS:
                cache[box] = self._tg_place_value(v)
            elif box == CAP_BUILDINGS:
                cache[box] = self._cb_place_value(v)
            elif box == WARFARE:
                cache[box] = self._warfare_place_value(v)
            elif box == TRAINING:
                cache[box] = self._training_value(v, self._expected_money(v))
            elif box in SPACE_GIVES:
                cache[box] = self._specialist_value(v, SPACE_GIVES[box])
            else:
                cache[box] = 0.0
        return cache[box]

    def _expected_money(self, v: _View) -> int:
        me = v.me
        money = v.money[me]
        for i, (p, _) in enumerate(v.initiative):
            if p == me:
                money += i + 1
        money += 5 * sum(1 for p, w in v.dock if p == me and w == MERCHANT)
        return money

    def _initiative_value(self, v: _View) -> float:
        k = len(v.initiative) + 1
        order_bonus = 0.0
        if v.turn < TURNS:
            order_bonus = {1: 1.2, 2: 0.6, 3: 0.3}.get(k, 0.1)
            if v.order and v.order[0] == v.me and k > 1:
                order_bonus *= 0.3
        return k * v.m + order_bonus

    # dock ------------------------------------------------------------------------------------
    def _landing(self, v: _View, counts, w: int) -> tuple[float, int]:
        """Best (value, region) for a worker of type w landing given ``counts``."""
        me = v.me
        extra = 0
        if w == MISSIONARY:
            extra = min(2 if "cathedral" in v.mine else 1, v.supply[me][COLONIST])
        bonus = 0.0
        if w == MERCHANT:
            bonus += 5 * v.m
        if w == SOLDIER:
            bonus += v.vp_per.get("new_world_soldier", 0)
        best, where = -1e9, -1
        for r in range(NUM_REGIONS):
            if not v.discovered[r]:
                continue
            x = v.add_value(r, 1 + extra, counts) + bonus
            if w == SOLDIER:
                x += 0.2 * sum(1 for q in range(v.n) if q != me and counts[r][q])
            if x > best:
                best, where = x, r
        return best, where

    def _planned_counts(self, v: _View) -> list[list[int]]:
        """Board counts after our own queued dock workers land where they are worth most."""
        counts = [row[:] for row in v.counts]
        me = v.me
        queue = [w for p, w in v.dock if p == me]
        if v.dock_x == me:
            queue.append(COLONIST)
        if v.dock_y == me:
            queue.append(COLONIST)
        for w in queue:
            _, r = self._landing(v, counts, w)
            if r >= 0:
                counts[r][me] += 2 if w == MISSIONARY else 1
        return counts

    def _dock_place_value(self, v: _View, w: int) -> float:
        # only a Missionary, a Merchant and a Soldier land differently from a Colonist
        key = ("dock", w if w in (MISSIONARY, MERCHANT, SOLDIER) else COLONIST)
        value = v.memo.get(key)
        if value is None:
            if not hasattr(v, "_planned"):
                v._planned = self._planned_counts(v)  # type: ignore[attr-defined]
            best, _ = self._landing(v, v._planned, w)  # type: ignore[attr-defined]
            value = v.memo[key] = max(best, 0.0)
        return value

    def _dock(self, v: _View, d: dict, legal: list) -> list[float]:
        w = d.get("worker", COLONIST)
        me = v.me
        extra = 0
        if w == MISSIONARY:
            extra = min(2 if "cathedral" in v.mine else 1, v.supply[me][COLONIST])
        bonus = 5 * v.m if w == MERCHANT else 0.0
        scores = []
        for a in legal:
            if a.kind == "skip":
                scores.append(bonus - 0.5 if w == MERCHANT else -0.5)
                continue
            r = a.a
            x = v.add_value(r, 1 + extra) + bonus
            if w == SOLDIER:
                x += 0.2 * sum(1 for q in range(v.n) if q != me and v.counts[r][q])
                x += v.vp_per.get("new_world_soldier", 0)
            scores.append(x)
        return scores

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
        key = ("shipping", SHIP_VALUE.get(w, 1))
        value = v.memo.get(key)
        if value is None:
            value = v.memo[key] = self._shipping_gain(v, w)
        return value

    def _shipping_gain(self, v: _View, w: int) -> float:
        totals = [0] * v.n
        for p, x in v.shipping:
            totals[p] += SHIP_VALUE.get(x, 1)
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

    # discovery -------------------------------------------------------------------------------
    def _discovery_place_value(self, v: _View, w: int) -> float:
        if not v.discovery_targets():
            return 0.0
        add_v = 2 if w == CAPTAIN else 1
        add_s = 1 if w == SOLDIER else 0
        key = ("discovery", add_v, add_s)
        value = v.memo.get(key)
        if value is None:
            value = v.memo[key] = self._discovery_gain(v, add_v, add_s)
        return value

    def _discovery_gain(self, v: _View, add_v: int, add_s: int) -> float:
        me = v.me
        box = v.dbox[me]
        value = sum(box) + box[CAPTAIN]  # a Captain counts twice
        soldiers = box[SOLDIER]
        base = v.best_expedition(value, soldiers)
        spare = min(4, sum(v.avail[me]) - 1)
        best = 0.0
        for k in range(spare + 1):
            gain = v.best_expedition(value + add_v + k, soldiers + add_s) - base
            best = max(best, gain / (k + 1))
        keep = 0.15 if v.turn < TURNS else 0.0
        return best + keep

    def _expedition_plans(self, v: _View, box: list[int], floor: list[int]):
        """Every member vector between ``floor`` and ``box`` (component-wise), in lexicographic
        order."""
        ranges = [range(floor[w], box[w] + 1) for w in range(NW)]
        return [p for p in product(*ranges) if any(p)]

    def _plan_score(
        self, v: _View, plan: tuple[int, ...], dist: list, gain: float, memo: dict | None = None
    ) -> tuple[float, float]:
        """(value, success probability) of a plan; ``memo`` keeps the expedition values of
        ``dist`` and ``gain`` by (value, soldiers) across the plans of one search."""
        value = sum(plan) + plan[CAPTAIN]  # a Captain counts twice
        if memo is None:
            ev, prob = v.expedition_ev(value, plan[SOLDIER], dist, gain)
        else:
            key = (value, plan[SOLDIER])
            got = memo.get(key)
            if got is None:
                got = memo[key] = v.expedition_ev(value, plan[SOLDIER], dist, gain)
            ev, prob = got
        if v.turn < TURNS:
            ev -= sum(n * KEEP_IN_BOX.get(x, 0.5) for x, n in enumerate(plan))
        return ev, prob

    def _target_dist(self, v: _View, target: int) -> tuple[list, float]:
        if target < 0:
            return v.deck, 0.0
        c = v.counter[target]
        dist = [COUNTERS[c]] if c is not None and c >= 0 else v.unseen
        return dist, v.first_colonist_value()

    def _best_plan(self, v: _View, target: int, floor: list[int]):
        dist, gain = self._target_dist(v, target)
        best = (-1e9, 0.0, None)
        memo: dict[tuple[int, int], tuple[float, float]] = {}
        for plan in self._expedition_plans(v, v.dbox[v.me], floor):
            ev, prob = self._plan_score(v, plan, dist, gain, memo)
            if ev > best[0] + 1e-9:
                best = (ev, prob, plan)
        return best

    def _expedition_target(self, v: _View, d: dict, legal: list) -> list[float]:
        threshold = 0.5 if v.turn < TURNS else 0.0
        floor = [0] * NW
        scores = []
        for a in legal:
            if a.kind == "skip":
                scores.append(0.0)
                continue
            if a.kind not in ("region", "deck"):  # e.g. the Scouting variant: not used
                scores.append(-2.0)
                continue
            target = a.a if a.kind == "region" else -1
            ev, prob, plan = self._best_plan(v, target, floor)
            scores.append(ev if plan is not None and prob >= threshold and ev > 0 else -1.0)
        return scores

    def _expedition_members(self, v: _View, d: dict, legal: list) -> list[float]:
        members = list(d["members"])
        target = d["target"]
        _, _, plan = self._best_plan(v, target, members)
        want = None
        if plan is not None:
            for w in (SOLDIER, CAPTAIN, COLONIST, MERCHANT, MISSIONARY, 5):
                if plan[w] > members[w]:
                    want = w
                    break
        scores = []
        for a in legal:
            if a.kind == "done":
                scores.append(1.0 if want is None else 0.0)
            else:
                scores.append(2.0 if a.a == want else -KEEP_IN_BOX.get(a.a, 0.5))
        return scores

    def _cartography(self, v: _View, d: dict, legal: list) -> list[float]:
        scores = []
        for a in legal:
            if a.kind == "skip":
                scores.append(0.0)
                continue
            dist, gain = self._target_dist(v, a.a)
            ev, _ = v.expedition_ev(99, 0, dist, gain)
            scores.append(ev + 0.01)
        return scores

    # specialists -----------------------------------------------------------------------------
    def _can_gain(self, v: _View, w: int) -> bool:
        me = v.me
        return v.supply[me][w] > 0 or (v.supply[me][COLONIST] > 0 and v.nw_workers(me, w) > 0)

    def _specialist_value(self, v: _View, w: int) -> float:
        if v.turn >= TURNS or not self._can_gain(v, w):
            return 0.0
        x = NEXT_WORKER.get(w, 1.0)
        if w == CAPTAIN and not v.discovery_targets():
            x -= 0.6
        if w == MISSIONARY and "cathedral" in v.mine:
            x += 1.0
        return x

    def _training_value(self, v: _View, money: int) -> float:
        if money < TRAINING_COST or v.turn >= TURNS:
            return 0.0
        best = max(
            (self._specialist_value(v, w) for w in (CAPTAIN, MERCHANT, MISSIONARY, SOLDIER)),
            default=0.0,
        )
        return max(0.0, best - TRAINING_COST * v.m)

    def _training(self, v: _View, d: dict, legal: list) -> list[float]:
        return [
            0.0 if a.kind == "skip" else self._specialist_value(v, a.a) - TRAINING_COST * v.m
            for a in legal
        ]

    def _trade_out(self, v: _View, d: dict, legal: list) -> list[float]:
        me = v.me
        w = d.get("worker", COLONIST)
        scores = []
        for a in legal:
            if a.kind == "skip":
                scores.append(0.0)
            else:
                x = 0.5 if v.turn < TURNS else -0.1
                if w == SOLDIER:
                    x -= 0.2 * sum(1 for q in range(v.n) if q != me and v.counts[a.a][q])
                    x -= v.vp_per.get("new_world_soldier", 0)
                scores.append(x + 0.01 * v.rw[a.a][me][w])
        return scores

    # warfare ---------------------------------------------------------------------------------
    def _warfare_place_value(self, v: _View) -> float:
        me = v.me
        if not any(v.counts[r][me] and v.soldiers_in(r) for r in range(NUM_REGIONS)):
            return 0.0
        # Our workers already in the box fight first: plan their battles, then value the next
        # (on a copy of the board; without them it is only read).
        ours = any(p == me for p, _ in v.warfare)
        rw = [[w[:] for w in row] for row in v.rw_read] if ours else v.rw_read
        for p, _ in v.warfare:
            if p == me:
                value, r, d = v.best_battle(rw)
                if value <= 0:
                    return 0.0
                v.fight(d, r, rw)
        best = v.best_battle(rw)[0]
        if v.money[me] >= WAR_COST:
            for q in range(v.n):
                if q != me:
                    best = max(best, v.war_value(q, rw))
        return max(0.0, 0.7 * best)

    def _warfare(self, v: _View, d: dict, legal: list) -> list[float]:
        scores = []
        for a in legal:
            if a.kind == "skip":
                scores.append(0.0)
            elif a.kind == "battle":
                scores.append(v.best_battle()[0])
            else:
                scores.append(max(v.war_value(q) for q in range(v.n) if q != v.me))
        return scores

    def _battle_region(self, v: _View, d: dict, legal: list) -> list[float]:
        return [max(v.battle_value(q, a.a) for q in range(v.n) if q != v.me) for a in legal]

    def _battle_player(self, v: _View, d: dict, legal: list) -> list[float]:
        return [v.battle_value(a.a, d["region"]) for a in legal]

    def _war_player(self, v: _View, d: dict, legal: list) -> list[float]:
        return [v.war_value(a.a) for a in legal]

    # buildings' decisions --------------------------------------------------------------------
    def _stables_from(self, v: _View, d: dict, legal: list) -> list[float]:
        scores = []
        for a in legal:
            if a.kind == "skip":
                scores.append(0.0)
            else:
                scores.append(
                    max(
                        (self._stables_move(v, a.a, r) for r in ADJACENT[a.a] if v.discovered[r]),
                        default=-1.0,
                    )
                )
        return scores

    def _stables_move(self, v: _View, src: int, dst: int) -> float:
        counts = [row[:] for row in v.counts]
        before = v.region_util(counts[src])
        counts[src][v.me] -= 1
        x = v.region_util(counts[src]) - before
        x += v.add_value(dst, 1, counts)
        return x - 0.05

    def _stables_to(self, v: _View, d: dict, legal: list) -> list[float]:
        return [self._stables_move(v, d["source"], a.a) for a in legal]

    def _overpopulation(self, v: _View, d: dict, legal: list) -> list[float]:
        return [v.add_value(a.a, 1) if a.kind == "region" else 0.0 for a in legal]

    def _spoils_specialist(self, v: _View, d: dict, legal: list) -> list[float]:
        return [NEXT_WORKER.get(a.a, 1.0) if a.kind == "worker" else 0.0 for a in legal]

    def _indian_allies(self, v: _View, d: dict, legal: list) -> list[float]:
        n = min(2, v.supply[v.me][SOLDIER])
        return [v.add_value(a.a, n) for a in legal]

    def _plague_3_region(self, v: _View, d: dict, legal: list) -> list[float]:
        opts = v.plague_3_options()
        return [max((x for x, r, _ in opts if r == a.a), default=-1e6) for a in legal]

    def _plague_3_player(self, v: _View, d: dict, legal: list) -> list[float]:
        opts = {(r, q): x for x, r, q in v.plague_3_options()}
        return [opts.get((d["region"], a.a), -1e6) for a in legal]

    def _migration_move(self, v: _View, src: int, dst: int, k: int) -> float:
        counts = [row[:] for row in v.counts]
        before = v.region_util(counts[src])
        counts[src][v.me] -= k
        x = v.region_util(counts[src]) - before
        return x + v.add_value(dst, k, counts) - 0.05

    def _migration_moves(self, v: _View, src: int) -> list[tuple[float, int, int]]:
        out = []
        have = v.rw[src][v.me][COLONIST]
        for dst in range(NUM_REGIONS):
            if dst != src and v.discovered[dst]:
                for k in (1, 2):
                    if k <= have:
                        out.append((self._migration_move(v, src, dst, k), dst, k))
        return out

    def _migration_from(self, v: _View, d: dict, legal: list) -> list[float]:
        return [
            0.0
            if a.kind == "skip"
            else max((x for x, _, _ in self._migration_moves(v, a.a)), default=-1.0)
            for a in legal
        ]

    def _migration_to(self, v: _View, d: dict, legal: list) -> list[float]:
        moves = self._migration_moves(v, d["source"])
        return [max((x for x, dst, _ in moves if dst == a.a), default=-1.0) for a in legal]

    def _migration_count(self, v: _View, d: dict, legal: list) -> list[float]:
        return [self._migration_move(v, d["source"], d["dest"], a.a) for a in legal]


# ---- decisions that need no view of the board ----------------------------------------------
def _casualty(d: dict, legal: list) -> list[float]:
    """Remove an opponent's Soldier first (it threatens us and scores Power), Militia last."""
    scores = []
    for a in legal:
        if a.a == MILITIA_CHOICE:
            scores.append(-10.0)
        elif a.a in KILL_ORDER:
            scores.append(-float(KILL_ORDER.index(a.a)))
        else:
            scores.append(-5.0)
    return scores


def _plague_2(d: dict, legal: list) -> list[float]:
    """Give up a Colonist first, a Soldier last."""
    return [
        -float(PLAGUE_LOSS_ORDER.index(a.a)) if a.a in PLAGUE_LOSS_ORDER else -9.0 for a in legal
    ]


def _skip_it(d: dict, legal: list) -> list[float]:
    """The University is kept unused (its 5 VP do not depend on it)."""
    return [1.0 if a.kind == "skip" else 0.0 for a in legal]


def _unscored(d: dict, legal: list) -> list[float]:
    """Every choice scores 0 (the bot picks at random among them): the bot has no rule for this
    decision yet. Kept as it was so that games stay identical; see :data:`UNSCORED`."""
    return [0.0] * len(legal)


# Decisions the bot scores 0 (at random among the choices) today; each deserves a real scorer.
UNSCORED = (
    "trade_specialist",
    "allies_trade_out",
    "smuggler_player",
    "smuggler_take",
    "smuggler_give",
    "papal_player",
    "papal_first",
    "papal_region",
    "trading_house",
    "rewrite_history",
    "scout_card",
    "advantage",
    "advantage_order",
    "advantage_good",
    "advantage_replace",
    "nation_bid",
    "nation_pick",
    "advantage_region",
    "order_bid",
    "order_specialist",
    "buy_vp",
)

# Decisions scored by a method of HeuristicBot (``_<kind>(view, decision, legal)``).
_VIEW_SCORED = (
    "place",
    "dock",
    "trade_out",
    "trade_good",
    "buy_building",
    "cartography",
    "indian_allies",
    "plague_3_region",
    "plague_3_player",
    "migration_from",
    "migration_to",
    "migration_count",
    "spoils_specialist",
    "overpopulation",
    "stables_from",
    "stables_to",
    "expedition_target",
    "expedition_members",
    "training",
    "warfare",
    "battle_region",
    "battle_player",
    "war_player",
)

# decision kind -> its scorer: a HeuristicBot method's name (scores from the seat's view), or a
# function of (decision, legal) alone. Every kind of the decision registry has one (tested).
SCORERS: dict[str, Any] = {
    **{kind: "_" + kind for kind in _VIEW_SCORED},
    "casualty": _casualty,
    "plague_2": _plague_2,
    "university_target": _skip_it,
    "university_index": _skip_it,
    **dict.fromkeys(UNSCORED, _unscored),
}
