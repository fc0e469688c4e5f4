"""The seat's board: the observation of one seat decoded into index-based lists, the
rarely needed parts on first use."""

from __future__ import annotations

from typing import Any

from empires.discovery.data import (
    CARDS,
    COUNTERS,
    GOOD_IDS,
    NATION_IDS,
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

_CARD_BY_ID = {c.id: c for c in CARDS}


class _Board:
    """The observation of one seat, decoded into index-based lists (the values asked
    of it are :class:`~empires.discovery.heuristic.view._View`'s).

    Only what every decision needs is decoded at once; the rest (the workers by type, the event
    boxes, the counters still unseen, ...) on first use, as most decisions read a few of them.
    The view remembers the values it was asked for in ``shared`` (:class:`~.memo.Shared`:
    ``add_value``, ``best_expedition``, building worths, ... and the scorers' own): the same
    question gives the same float without computing it again, within one decision and, on the
    engine's game, in the seat's next decisions while what they read is unchanged."""

    # the fields read on first use (None: not read yet); see the properties below
    _avail: list[list[int]] | None = None
    _supply: list[list[int]] | None = None
    _goods: list[list[int]] | None = None
    _used: list[set[str]] | None = None
    _dbox: list[list[int]] | None = None
    _rw: list[list[list[int]]] | None = None
    _unseen: list | None = None
    _deck: list | None = None
    _initiative: list[tuple[int, int]] | None = None
    _dock: list[tuple[int, int]] | None = None
    _tg_box: list[tuple[int, int]] | None = None
    _tg_offer: list[int] | None = None
    _shipping: list[tuple[int, int]] | None = None
    _cb_box: list[tuple[int, int]] | None = None
    _cb_offer: list[tuple[str, int]] | None = None
    _spec_taken: set[str] | None = None
    _warfare: list[tuple[int, int]] | None = None
    _cached_seen_ids: set[str] | None = None
    # this decision's Phase 1 facts, worked out once per decision by the placement scorers
    _money: int | None = None  # expected money (GoodsScorers._expected_money)
    _dock_values: dict[int, float] | None = None  # the Dock's value by worker class
    _discovery_values: dict[int, float] | None = None  # Discovery's, by (add_v, add_s) class
    _shipping_values: dict[int, float] | None = None  # Shipping's, by SHIP_VALUE

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

    # ---- read on first use (kept in the ``_<name>`` field; ``_read_<name>`` reads it) -------
    @property
    def avail(self) -> list[list[int]]:
        value = self._avail
        if value is None:
            value = self._avail = self._read_avail()
        return value

    @property
    def supply(self) -> list[list[int]]:
        value = self._supply
        if value is None:
            value = self._supply = self._read_supply()
        return value

    @property
    def goods(self) -> list[list[int]]:
        value = self._goods
        if value is None:
            value = self._goods = self._read_goods()
        return value

    @property
    def used(self) -> list[set[str]]:
        value = self._used
        if value is None:
            value = self._used = self._read_used()
        return value

    @property
    def dbox(self) -> list[list[int]]:
        value = self._dbox
        if value is None:
            value = self._dbox = self._read_dbox()
        return value

    @property
    def rw(self) -> list[list[list[int]]]:
        value = self._rw
        if value is None:
            value = self._rw = self._read_rw()
        return value

    @property
    def unseen(self) -> list:
        value = self._unseen
        if value is None:
            value = self._unseen = self._read_unseen()
        return value

    @property
    def deck(self) -> list:
        value = self._deck
        if value is None:
            value = self._deck = self._read_deck()
        return value

    @property
    def initiative(self) -> list[tuple[int, int]]:
        value = self._initiative
        if value is None:
            value = self._initiative = self._read_initiative()
        return value

    @property
    def dock(self) -> list[tuple[int, int]]:
        value = self._dock
        if value is None:
            value = self._dock = self._read_dock()
        return value

    @property
    def tg_box(self) -> list[tuple[int, int]]:
        value = self._tg_box
        if value is None:
            value = self._tg_box = self._read_tg_box()
        return value

    @property
    def tg_offer(self) -> list[int]:
        value = self._tg_offer
        if value is None:
            value = self._tg_offer = self._read_tg_offer()
        return value

    @property
    def shipping(self) -> list[tuple[int, int]]:
        value = self._shipping
        if value is None:
            value = self._shipping = self._read_shipping()
        return value

    @property
    def cb_box(self) -> list[tuple[int, int]]:
        value = self._cb_box
        if value is None:
            value = self._cb_box = self._read_cb_box()
        return value

    @property
    def cb_offer(self) -> list[tuple[str, int]]:
        value = self._cb_offer
        if value is None:
            value = self._cb_offer = self._read_cb_offer()
        return value

    @property
    def spec_taken(self) -> set[str]:
        value = self._spec_taken
        if value is None:
            value = self._spec_taken = self._read_spec_taken()
        return value

    @property
    def warfare(self) -> list[tuple[int, int]]:
        value = self._warfare
        if value is None:
            value = self._warfare = self._read_warfare()
        return value

    @property
    def _seen_ids(self) -> set[str]:
        value = self._cached_seen_ids
        if value is None:
            value = self._cached_seen_ids = self._read_seen_ids()
        return value

    @property
    def rw_read(self) -> list[list[list[int]]]:
        return self._read_rw_read()

    @property
    def dock_x(self) -> int | None:
        return self._read_dock_x()

    @property
    def dock_y(self) -> int | None:
        return self._read_dock_y()

    @property
    def ship_waiting(self) -> bool:
        return self._read_ship_waiting()

    # ---- read afresh at each ask (the rare decisions of Builders, nations and auctions) -----
    @property
    def edition(self) -> str:
        """The rules' edition (``"2015"`` or ``"2007"``): which building tiles are in play."""
        return self._read_edition()

    def totals(self) -> list[int]:
        """Each seat's VP so far (the observation's score totals)."""
        return self._read_totals()

    def found_vp(self, p: int) -> list[int]:
        """The VP of each Discovery counter seat ``p`` holds (not its Discovery cards)."""
        return self._read_found_vp(p)

    def discoveries(self, p: int) -> int:
        """How many Discovery counters and cards seat ``p`` holds."""
        return self._read_discoveries(p)

    def scouted_top(self) -> Any:
        """The Discovery card this seat knows to be on top of the deck, or None."""
        return self._read_scouted_top()

    def nations_taken(self) -> set[int]:
        """The National Advantage boards already held (indices of ``NATION_IDS``)."""
        return self._read_nations_taken()

    # ---- how each is read from the observation ---------------------------------------------
    def _read_edition(self) -> str:
        return str(self.obs["options"].get("edition", "2015"))

    def _read_totals(self) -> list[int]:
        return [row["total"] for row in self.obs["scores"]]

    def _read_found_vp(self, p: int) -> list[int]:
        found = self.obs["players"][p]["discoveries"]
        return [COUNTERS[_COUNTER_INDEX[c["id"]]].vp for c in found if c["id"] in _COUNTER_INDEX]

    def _read_discoveries(self, p: int) -> int:
        return len(self.obs["players"][p]["discoveries"])

    def _read_scouted_top(self) -> Any:
        known = self.obs.get("scouted_deck") or {}
        top = known.get("top")
        return _CARD_BY_ID[top["id"]] if top else None

    def _read_nations_taken(self) -> set[int]:
        ids = [p["nation"] for p in self.obs["players"]]
        return {NATION_IDS.index(k) for k in ids if k is not None}

    def _read_avail(self) -> list[list[int]]:
        return [_vec(p["available"]) for p in self.obs["players"]]

    def _read_supply(self) -> list[list[int]]:
        return [_vec(p["supply"]) for p in self.obs["players"]]

    def _read_goods(self) -> list[list[int]]:
        return [[p["goods"].get(g, 0) for g in GOOD_IDS] for p in self.obs["players"]]

    def _read_used(self) -> list[set[str]]:
        return [set(p["buildings_used"]) for p in self.obs["players"]]

    def _read_dbox(self) -> list[list[int]]:
        return [_vec(p["discovery_box"]) for p in self.obs["players"]]

    def _read_rw(self) -> list[list[list[int]]]:
        """Workers by type per region and player."""
        return [[_vec(w) if w else [0] * NW for w in reg["workers"]] for reg in self.obs["regions"]]

    def _read_rw_read(self) -> list[list[list[int]]]:
        """``rw`` where it is only read (a :class:`_GameView` reads the game's own lists)."""
        return self.rw

    def _read_seen_ids(self) -> set[str]:
        """Ids of the discoveries won and of the counters shown on the board."""
        seen = {found["id"] for p in self.obs["players"] for found in p["discoveries"]}
        for reg in self.obs["regions"]:
            c = reg["counter"]
            if isinstance(c, dict):
                seen.add(c["id"])
        return seen

    def _read_unseen(self) -> list:
        seen = self._seen_ids
        return [c for c in COUNTERS if c.id not in seen]

    def _read_deck(self) -> list:
        seen = self._seen_ids
        return [c for c in CARDS if c.id not in seen]

    @property
    def _boxes(self) -> dict:
        return self.obs["boxes"]

    def _read_initiative(self) -> list[tuple[int, int]]:
        return _pairs(self._boxes["initiative"])

    def _read_dock(self) -> list[tuple[int, int]]:
        return _pairs(self._boxes["dock"])

    def _read_dock_x(self) -> int | None:
        return self._boxes["dock_x"]

    def _read_dock_y(self) -> int | None:
        return self._boxes["dock_y"]

    def _read_tg_box(self) -> list[tuple[int, int]]:
        return _pairs(self._boxes["trade_goods"])

    def _read_tg_offer(self) -> list[int]:
        return [_GI[g] for g in self._boxes["trade_goods_offer"]]

    def _read_shipping(self) -> list[tuple[int, int]]:
        return _pairs(self._boxes["shipping"])

    def _read_ship_waiting(self) -> bool:
        return self._boxes["merchant_ship_waiting"]

    def _read_cb_box(self) -> list[tuple[int, int]]:
        return _pairs(self._boxes["buildings"])

    def _read_cb_offer(self) -> list[tuple[str, int]]:
        return [(b["id"], b["price"]) for b in self._boxes["buildings_offer"]]

    def _read_spec_taken(self) -> set[str]:
        return set(self._boxes["specialists"])

    def _read_warfare(self) -> list[tuple[int, int]]:
        return _pairs(self._boxes["warfare"])
