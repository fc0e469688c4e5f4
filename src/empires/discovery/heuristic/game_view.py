"""The view read straight from the engine's own game (no observation built), and
:func:`_view`, which picks it or the decoded observation."""

from __future__ import annotations

from typing import Any

from empires.discovery.capital_buildings import price as building_price
from empires.discovery.data import (
    BOXES,
    CARDS,
    COUNTERS,
)
from empires.discovery.game import DiscoveryGame
from empires.discovery.heuristic.view import _View
from empires.discovery.heuristic.weights import (
    _BUILDING_IDS,
    NW,
)
from empires.discovery.observation import visible_counter
from empires.discovery.scoring import scores


class _GameView(_View):
    """The same view read straight from the public fields of an engine game (no observation is
    built): what :func:`empires.discovery.observation.observe` shows the seat to move, decoded
    as :class:`_View` decodes it. Hidden fields (the face-down counters, the deck order, the
    stacks, the Trade Goods pool) are not read; a counter is read as the observation shows it.
    """

    def __init__(
        self,
        game: DiscoveryGame,
        base: _GameView | None = None,
        counts: list[list[int]] | None = None,
    ) -> None:
        """``base``: a view of this seat whose :func:`~.memo.stable_key` is ``game``'s: the
        fields and values that key covers are taken from it (read-only, never mutated), the
        rest is read from ``game`` as usual. ``counts``: :func:`worker_counts` of ``game``
        (read-only), if known."""
        s = game.s
        self._s = s
        if base is not None:
            self._take(base)
            return
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
        self.counts = worker_counts(s) if counts is None else counts
        self._derive()

    def _take(self, base: _GameView) -> None:
        self.n, self.me, self.turn, self.step = base.n, base.me, base.turn, base.step
        self.order, self.money, self.ships, self.owned = (
            base.order,
            base.money,
            base.ships,
            base.owned,
        )
        self.discovered, self.rgood, self.counter = base.discovered, base.rgood, base.counter
        self.counts, self.mine, self.m, self.sched = base.counts, base.mine, base.m, base.sched
        self.turns_left, self.w_exact, self.w_soft = base.turns_left, base.w_exact, base.w_soft
        self.income_mult, self.plague1, self.vp_per = base.income_mult, base.plague1, base.vp_per
        # copies of fields in the stable key, if already read (None: read on first use)
        self._rw, self._supply, self._goods = base._rw, base._supply, base._goods
        self._unseen, self._deck = base._unseen, base._deck
        self.adopt(base.shared)

    # copies of the state's lists, read on first use (see _Board's properties)
    def _read_rw(self) -> list[list[list[int]]]:
        return [[w[:] for w in row] for row in self._s.region_workers]

    def _read_rw_read(self) -> list[list[list[int]]]:
        return self._s.region_workers

    def _read_avail(self) -> list[list[int]]:
        return [row[:] for row in self._s.avail]

    def _read_supply(self) -> list[list[int]]:
        return [row[:] for row in self._s.supply]

    def _read_goods(self) -> list[list[int]]:
        return [row[:] for row in self._s.goods]

    def _read_dbox(self) -> list[list[int]]:
        return [row[:] for row in self._s.discovery_box]

    def _read_used(self) -> list[set[str]]:
        used = self._s.used
        return [{_BUILDING_IDS[b] for b in used if b in owned} for owned in self._s.owned]

    def _read_unseen(self) -> list:
        seen = {c for found in self._s.found for c in found}
        seen.update(c for c in self.counter if c is not None and c >= 0)
        return [c for i, c in enumerate(COUNTERS) if i not in seen]

    def _read_deck(self) -> list:
        won = {c for cards in self._s.cards_won for c in cards}
        return [c for i, c in enumerate(CARDS) if i not in won]

    def _read_edition(self) -> str:
        return str(self._s.options.edition)

    def _read_totals(self) -> list[int]:
        return [row["total"] for row in scores(self._s)]

    def _read_found_vp(self, p: int) -> list[int]:
        return [COUNTERS[c].vp for c in self._s.found[p]]

    def _read_discoveries(self, p: int) -> int:
        return len(self._s.found[p]) + len(self._s.cards_won[p])

    def _read_scouted_top(self) -> Any:
        s = self._s
        top = s.deck_peeks[self.me][0]
        return CARDS[top] if top >= 0 and s.deck and s.deck[-1] == top else None

    def _read_nations_taken(self) -> set[int]:
        return {k for k in self._s.nation if k >= 0}

    def _read_initiative(self) -> list[tuple[int, int]]:
        return [(p, w) for p, w in self._s.initiative]

    def _read_dock(self) -> list[tuple[int, int]]:
        return [(p, w) for p, w in self._s.dock]

    def _read_dock_x(self) -> int | None:
        return self._s.dock_x if self._s.dock_x >= 0 else None

    def _read_dock_y(self) -> int | None:
        return self._s.dock_y if self._s.dock_y >= 0 else None

    def _read_tg_box(self) -> list[tuple[int, int]]:
        return [(p, w) for p, w in self._s.tg_box]

    def _read_tg_offer(self) -> list[int]:
        return list(self._s.tg_offer)

    def _read_shipping(self) -> list[tuple[int, int]]:
        return [(p, w) for p, w in self._s.shipping]

    def _read_ship_waiting(self) -> bool:
        return self._s.ship_in_box

    def _read_cb_box(self) -> list[tuple[int, int]]:
        return [(p, w) for p, w in self._s.cb_box]

    def _read_cb_offer(self) -> list[tuple[str, int]]:
        # the prices read the turn alone (in the stable key): kept by the tiles offered
        s = self._s
        offers = self.shared.offers
        key = tuple(s.cb_offer)
        offer = offers.get(key)
        if offer is None:
            offer = offers[key] = [(_BUILDING_IDS[b], building_price(s, b)) for b in key]
        return offer

    def _read_spec_taken(self) -> set[str]:
        return {BOXES[k] for k in self._s.specialists}

    def _read_warfare(self) -> list[tuple[int, int]]:
        return [(p, w) for p, w in self._s.warfare]


def worker_counts(s: Any) -> list[list[int]]:
    """The workers of each player in each region of state ``s`` (all types together)."""
    n = s.num_players
    zero = [0] * NW
    empty = [zero] * n  # comparing with these is cheaper than summing (most rows are empty)
    return [
        [0] * n if row == empty else [0 if w == zero else sum(w) for w in row]
        for row in s.region_workers
    ]


def _view(state: Any) -> _View:
    """The view of the seat to move: read from the game itself when it is the engine's own (the
    same view, without building the observation), else decoded from its observation."""
    if type(state) is DiscoveryGame:
        return _GameView(state)
    return _View(state.observation(state.current_player))
