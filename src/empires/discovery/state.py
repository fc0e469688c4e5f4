"""The plain-data state of a game of Empires: Age of Discovery, with copy and (de)serialisation.

Every field is an int, a bool, a string, or a list / dict of those, indexed by the integers of
:mod:`empires.discovery.data`. The rules that change it live in the phase and box modules; the
public ``Game`` API lives in :mod:`empires.discovery.game`.
"""

from __future__ import annotations

from empires.core.rng import Rng
from empires.discovery.actions import Action, parse
from empires.discovery.data import NUM_GOODS, NUM_REGIONS, WORKERS
from empires.discovery.options import Options

NW = len(WORKERS)

# Fields copied one level deep (lists of ints), two levels deep (lists of lists), or as-is.
_FLAT = (
    "order",
    "money",
    "ships",
    "initiative_result",
    "tg_offer",
    "cb_offer",
    "pool",
    "unused_counters",
    "deck",
    "discovered",
    "counter",
    "revealed",
    "region_good",
    "expedition_done",
    "economy",
    "buildings_out",
    "mayflower_ships",
    "vp_bought",
    "wealth_locked",
    "specialists_final",
    "counters_out",
    "bids",
    "passed",
    "nation",
    "advantage_left",
    "advantage_turn",
    "nation_bids",
    "nation_passed",
)
_NESTED = (
    "supply",
    "avail",
    "goods",
    "owned",
    "found",
    "cards_won",
    "colony_vp",
    "discovery_box",
    "stacks",
    "initiative",
    "dock",
    "tg_box",
    "shipping",
    "cb_box",
    "warfare",
    "battles",
    "casualties",
    "mayflower",
    "peeks",
    "deck_peeks",
)
_SCALAR = (
    "num_players",
    "turn",
    "step",
    "place_idx",
    "ship_in_box",
    "ship_supply",
    "ship_markers",
    "dock_x",
    "dock_y",
    "seed",
    "cursor",
    "used_university",
    "goods_removed",
    "uni_offered",
    "adv_offered",
)


class State:
    """All the data of one game. ``region_workers[r][p][t]`` counts player p's workers of type t in
    region r; box queues hold ``[player, worker]`` pairs in space order."""

    def __init__(self) -> None:
        self.options = Options()
        self.num_players = 0
        self.seed = 0
        self.rng = Rng(0)
        self.actions: list[Action] = []
        # the event log (empires.core.events): what happened, never changed once written;
        # narrate=False (bot search, batch runs) records nothing and changes no rule
        self.events: list[dict] = []
        self.narrate = True
        # progress
        self.turn = 1
        self.step = "place"
        self.place_idx = 0
        self.uni_offered = ""  # step whose University offer was made
        self.cursor = 0  # position within the current step (e.g. next player for expeditions)
        self.pending: list[dict] = []
        # players
        self.order: list[int] = []
        self.money: list[int] = []
        self.supply: list[list[int]] = []
        self.avail: list[list[int]] = []
        self.goods: list[list[int]] = []
        self.ships: list[int] = []
        self.owned: list[list[int]] = []  # building indices, in purchase order
        self.used: list[int] = []  # one-time buildings already used (tile indices)
        self.used_university = False
        self.found: list[list[int]] = []  # discovery counters won
        self.cards_won: list[list[int]] = []
        self.colony_vp: list[list[int]] = []  # per Age
        self.economy: list[int] = []  # set income of turn 8
        # board
        self.discovered: list[bool] = []
        self.counter: list[int] = []  # face-down counter per region, -1 none
        self.revealed: list[bool] = []  # counter known to all after a failed expedition
        self.region_good: list[int] = []  # good still printed on region, -1 taken
        self.region_workers: list[list[list[int]]] = []
        self.unused_counters: list[int] = []
        self.counters_out: list[int] = []  # removed by the No Survivors variant
        self.deck: list[int] = []
        self.pool: list[int] = []  # face-down Trade Goods
        self.goods_removed = 0
        self.buildings_out: list[int] = []  # removed from the game at the end of an Age
        self.stacks: list[list[int]] = []  # per Age (index 0 unused), top is the end
        self.ship_in_box = True
        self.ship_supply = 0
        self.ship_markers = 0  # ships used as markers (turn track, dock end)
        # event boxes
        self.initiative: list[list[int]] = []
        self.initiative_result: list[int] = []
        self.dock: list[list[int]] = []
        self.dock_x = -1
        self.dock_y = -1
        self.tg_box: list[list[int]] = []
        self.tg_offer: list[int] = []
        self.shipping: list[list[int]] = []
        self.cb_box: list[list[int]] = []
        self.cb_offer: list[int] = []
        self.discovery_box: list[list[int]] = []
        self.specialists: dict[int, list[int]] = {}  # space -> [player, worker]
        self.warfare: list[list[int]] = []
        self.expedition_done: list[bool] = []
        # Builder expansion
        self.mayflower: list[list[int]] = []  # workers carried by Mayflower ships, after Y
        self.mayflower_ships: list[int] = []  # ships carrying workers this turn, per player
        self.vp_bought: list[int] = []  # VP bought after colony scorings (option buy_vp)
        self.wealth_locked: list[int] = []  # Wealth VP fixed before buying VP at the end (-1)
        self.specialists_final: list[int] = []  # own workers in Specialists at end of turn 8
        # Scouting: peeks[p][r] = counter p saw in region r (-1 none); deck_peeks[p] = cards seen
        # at [top, bottom] of the Discovery deck (-1 none)
        self.peeks: list[list[int]] = []
        self.deck_peeks: list[list[int]] = []
        # 2007 starting-order auction: each player's last bid ($0 none), seats in passing order
        self.bids: list[int] = []
        self.passed: list[int] = []
        # National Advantages (option nations; module nations): board per seat (-1 none), uses
        # left this game, turn of the last use (0 never), "turn:step" of the last box offer.
        self.nation: list[int] = []
        self.advantage_left: list[int] = []
        self.advantage_turn: list[int] = []
        self.adv_offered = ""
        # Nations auction (module nation_setup): bid per seat in the current auction ($0 none;
        # once a seat has a board, what it paid) and the seats out of the current auction.
        self.nation_bids: list[int] = []
        self.nation_passed: list[int] = []
        self.battles: list[
            list[int]
        ] = []  # fights declared, not begun: [attacker, defender, region]
        # casualty choices still owed: [chooser, victim, region, count, militia soldier present]
        self.casualties: list[list[int]] = []

    # ---- copying ---------------------------------------------------------------------------
    def copy_into(self, other: State) -> None:
        d = other.__dict__
        src = self.__dict__
        for f in _SCALAR:
            d[f] = src[f]
        for f in _FLAT:
            d[f] = src[f][:]
        for f in _NESTED:
            d[f] = [x[:] for x in src[f]]
        other.options = self.options
        other.rng = self.rng.copy()
        other.actions = self.actions[:]
        other.events = self.events[:]
        other.narrate = self.narrate
        other.pending = [dict(x) for x in self.pending]
        other.used = self.used[:]
        other.region_workers = [[w[:] for w in r] for r in self.region_workers]
        other.specialists = {k: v[:] for k, v in self.specialists.items()}

    # ---- serialisation ---------------------------------------------------------------------
    def data_to_json(self) -> dict:
        out = {f: getattr(self, f) for f in _SCALAR + _FLAT + _NESTED}
        out["options"] = self.options.to_json()
        out["rng"] = self.rng.state
        out["actions"] = [str(a) for a in self.actions]
        out["pending"] = self.pending
        out["events"] = self.events
        out["used"] = self.used
        out["region_workers"] = self.region_workers
        out["specialists"] = {str(k): v for k, v in self.specialists.items()}
        return out

    def data_from_json(self, data: dict) -> None:
        for f in _SCALAR + _FLAT + _NESTED:
            setattr(self, f, data[f])
        self.options = Options.from_json(data["options"])
        self.rng = Rng(int(data["rng"]))
        self.actions = [parse(a) for a in data["actions"]]
        self.pending = [dict(x) for x in data["pending"]]
        self.events = list(data.get("events", []))
        self.used = list(data["used"])
        self.region_workers = data["region_workers"]
        self.specialists = {int(k): v for k, v in data["specialists"].items()}
        self._check_shape()

    def _check_shape(self) -> None:
        n = self.num_players
        if not isinstance(n, int) or not 2 <= n <= 6:
            raise ValueError(f"num_players {n!r} out of range")
        for f in ("money", "ships", "order", "supply", "avail", "goods", "owned", "found"):
            if len(getattr(self, f)) != n:
                raise ValueError(f"field {f!r} has {len(getattr(self, f))} entries, expected {n}")
        if len(self.region_workers) != NUM_REGIONS or any(len(r) != n for r in self.region_workers):
            raise ValueError("region_workers has the wrong shape")
        if any(len(g) != NUM_GOODS for g in self.goods):
            raise ValueError("goods has the wrong shape")
        if sorted(self.order) != list(range(n)):
            raise ValueError(f"order {self.order!r} is not a permutation of the seats")
