"""Setup (rulebook "Setup"): pieces, money by player order, counters, goods, buildings, ships."""

from __future__ import annotations

from empires.core.rng import Rng
from empires.discovery.data import (
    BUILDINGS,
    CAPTAIN,
    CARDS,
    COLONIST,
    COUNTERS,
    GOOD_COUNTS,
    MERCHANT_SHIPS,
    NUM_GOODS,
    NUM_REGIONS,
    REGION_GOOD,
    STARTS_DISCOVERED,
    TRADE_GOODS_SPACES,
    WORKER_COUNTS,
    WORKERS,
)
from empires.discovery.nation_setup import start as start_nations
from empires.discovery.options import ORDER_AUCTION, Options
from empires.discovery.state import State

MIN_PLAYERS = 2
MAX_PLAYERS = 6
STARTING_COLONISTS = 5
STARTING_MONEY = 10


def dock_spaces(num_players: int) -> int:
    """Numbered Colonist Dock spaces: 2N-1 (the ship marker sits on space 2N)."""
    return 2 * num_players - 1


def building_pool(options: Options, age: int) -> list[int]:
    """The Capital Building tiles of an Age for these options (spec: building pools)."""
    sets = ("base", "builders") if options.builders else ("base",)
    return [
        b.index
        for b in BUILDINGS
        if b.age == age and b.set in sets and b.index not in options.rules.without_buildings
    ]


REDUCED_LUCK_AGE_III = 10


def new_state(num_players: int, seed: int, options: Options) -> State:
    if not isinstance(num_players, int) or not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise ValueError(
            f"Empires: Age of Discovery is for {MIN_PLAYERS}-{MAX_PLAYERS} players, "
            f"not {num_players!r}"
        )
    options.check_players(num_players)
    if not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    s = State()
    s.options = options
    s.num_players = num_players
    s.seed = seed
    s.rng = Rng(seed)
    # Every random draw happens in this order (a seed's game depends on it).
    _player_order(s)
    _player_pieces(s)
    _counters_and_deck(s)
    _goods_and_buildings(s)
    _boxes_and_tracks(s)
    _first_step(s)
    return s


def _player_order(s: State) -> None:
    """The random Player Order, $10 plus $0, $1, $2... by place (2015 rulebook, and the 2007
    rulebook's "Ordine iniziale di partenza"). 2007 order-auction variant (ruling 17, its
    Appendix I): the auction replaces it; everyone starts with $10 and the order is set when it
    ends (module auction)."""
    n = s.num_players
    s.order = list(range(n))
    if s.options.has(ORDER_AUCTION):
        s.money = [STARTING_MONEY] * n
        return
    s.rng.shuffle(s.order)
    s.money = [0] * n
    for place, p in enumerate(s.order):
        s.money[p] = STARTING_MONEY + place


def _player_pieces(s: State) -> None:
    n, options = s.num_players, s.options
    counts = [
        0 if w == "builder" and not options.builders else c
        for w, c in zip(WORKERS, WORKER_COUNTS, strict=True)
    ]
    # One colonist of each player marks the Player Order track; five start on the player board.
    s.supply = [counts[:] for _ in range(n)]
    s.avail = [[0] * len(WORKERS) for _ in range(n)]
    for p in range(n):
        s.supply[p][COLONIST] -= 1 + STARTING_COLONISTS
        s.avail[p][COLONIST] = STARTING_COLONISTS
    s.goods = [[0] * NUM_GOODS for _ in range(n)]
    s.ships = [0] * n
    s.owned = [[] for _ in range(n)]
    s.found = [[] for _ in range(n)]
    s.cards_won = [[] for _ in range(n)]
    s.colony_vp = [[0, 0, 0] for _ in range(n)]
    s.economy = [0] * n


def _counters_and_deck(s: State) -> None:
    """Discovery counters: one face down in every region but the Caribbean; the rest unused.
    2007 order auction: the Caribbean gets one too, for its winner to discover (ruling 17)."""
    n, options, rng = s.num_players, s.options, s.rng
    order_auction = options.has(ORDER_AUCTION)
    counters = list(range(len(COUNTERS)))
    rng.shuffle(counters)
    s.discovered = [r in STARTS_DISCOVERED and not order_auction for r in range(NUM_REGIONS)]
    s.counter = [-1] * NUM_REGIONS
    for r in range(NUM_REGIONS):
        if not s.discovered[r]:
            s.counter[r] = counters.pop()
    s.unused_counters = sorted(counters)
    # Advanced Reconnaissance: every counter on the board is face up from the start.
    s.revealed = [options.has("advanced-reconnaissance") and c >= 0 for c in s.counter]
    s.deck = list(range(len(CARDS)))
    rng.shuffle(s.deck)
    s.region_workers = [[[0] * len(WORKERS) for _ in range(n)] for _ in range(NUM_REGIONS)]


def _goods_and_buildings(s: State) -> None:
    options = s.options
    # Trade Goods: one on each region, the rest face down; four into the Trade Goods box.
    s.region_good = list(REGION_GOOD)
    remaining = list(GOOD_COUNTS)
    for g in REGION_GOOD:
        remaining[g] -= 1
    s.pool = [g for g in range(NUM_GOODS) for _ in range(remaining[g])]
    s.tg_offer = draw_goods(s, TRADE_GOODS_SPACES)
    # Capital Buildings: a shuffled stack per Age, five of Age I face up.
    s.stacks = [[]]
    for age in (1, 2, 3):
        stack = building_pool(options, age)
        s.rng.shuffle(stack)
        s.stacks.append(stack)
    if options.has("reduced-luck"):
        # Ten Age III buildings, face up until Age III; the rest leave the game.
        keep = REDUCED_LUCK_AGE_III
        s.buildings_out += s.stacks[3][:-keep]
        s.stacks[3] = s.stacks[3][-keep:]
    s.cb_offer = [s.stacks[1].pop() for _ in range(5)]


def _boxes_and_tracks(s: State) -> None:
    n = s.num_players
    # Merchant Ships: one in the box, one on the turn track, one on dock space 2N if it exists.
    s.ship_markers = 1 + (1 if 2 * n <= 11 else 0)
    s.ship_in_box = True
    s.ship_supply = MERCHANT_SHIPS - 1 - s.ship_markers
    s.initiative, s.dock, s.tg_box, s.shipping, s.cb_box, s.warfare = [], [], [], [], [], []
    s.initiative_result = []
    s.specialists = {}
    s.discovery_box = [[0] * len(WORKERS) for _ in range(n)]
    if s.options.has("two-player"):
        for p in range(n):  # each player places 2 Captains in the Discovery box
            s.supply[p][CAPTAIN] -= 2
            s.discovery_box[p][CAPTAIN] += 2
    s.expedition_done = [False] * n
    s.mayflower = []
    s.mayflower_ships = [0] * n
    s.vp_bought = [0] * n
    s.wealth_locked = [-1] * n
    s.specialists_final = [0] * n
    s.peeks = [[-1] * NUM_REGIONS for _ in range(n)]
    s.deck_peeks = [[-1, -1] for _ in range(n)]


def _first_step(s: State) -> None:
    """Turn 1 opens with Phase 1, the 2007 order auction or the National Advantages' setup."""
    n = s.num_players
    s.turn = 1
    s.step = "place"
    s.place_idx = 0
    s.bids = [0] * n
    s.passed = []
    if s.options.has(ORDER_AUCTION):
        s.step = "auction"
        s.cursor = s.rng.randrange(n)  # the auction's first bidder
    # National Advantages (Appendix I): boards dealt or auctioned in step "nations".
    s.nation = [-1] * n
    s.advantage_left = [0] * n
    s.advantage_turn = [0] * n
    s.adv_offered = ""
    s.nation_bids = [0] * n
    s.nation_passed = []
    if s.options.nations != "off":
        start_nations(s)


def draw_good(s: State) -> int:
    """Draw one random Trade Good from the face-down pool (-1 when it is empty)."""
    if not s.pool:
        return -1
    i = s.rng.randrange(len(s.pool))
    s.pool[i], s.pool[-1] = s.pool[-1], s.pool[i]
    return s.pool.pop()


def draw_goods(s: State, count: int) -> list[int]:
    out = []
    for _ in range(count):
        g = draw_good(s)
        if g >= 0:
            out.append(g)
    return out
