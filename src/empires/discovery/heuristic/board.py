"""The seat's board: the observation of one seat decoded into index-based lists, the
rarely needed parts on first use."""

from __future__ import annotations

from typing import Any

from empires.discovery.data import (
    CARDS,
    COUNTERS,
    GOOD_IDS,
    TURNS,
)
from empires.discovery.heuristic.buildings import end_vp_rates
from empires.discovery.heuristic.memo import Shared
from empires.discovery.heuristic.weights import (
    _COUNTER_INDEX,
    _GI,
    NW,
    _pairs,
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


class _Board:
    """The observation of one seat, decoded into index-based lists (the values asked
    of it are :class:`~empires.discovery.heuristic.view._View`'s).

    Only what every decision needs is decoded at once; the rest (the workers by type, the event
    boxes, the counters still unseen, ...) on first use, as most decisions read a few of them.
    The view remembers the values it was asked for in ``shared`` (:class:`~.memo.Shared`:
    ``add_value``, ``best_expedition``, building worths, ... and the scorers' own): the same
    question gives the same float without computing it again, within one decision and, on the
    engine's game, in the seat's next decisions while what they read is unchanged."""

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
        self.adopt(Shared())
        self.m, sched, self.w_exact, self.w_soft, self.income_mult = _weights(self.turn, self.step)
        self.sched = list(sched)
        self.turns_left = TURNS - self.turn  # turns after this one
        self.plague1 = "plague_1" in self.mine
        self.vp_per = end_vp_rates(self.mine)  # end-game VP per unit counted, from the table

    def adopt(self, shared: Shared) -> None:
        """Remember values in ``shared`` (a fresh one, or one of an earlier view of this seat whose
        :func:`~empires.discovery.heuristic.memo.stable_key` is the same as this one's)."""
        self.shared = shared
        self._expedition = shared.expedition
        self._added = shared.added

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
