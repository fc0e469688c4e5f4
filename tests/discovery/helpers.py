"""Building blocks for rule tests: set up a position directly, then drive it by actions.

game = fresh(4)                      # seats 0..3, player order 0,1,2,3, $10/$11/$12/$13
put(game, "peru", 0, colonist=2, soldier=1)
game.s.warfare = [[0, W["colonist"]]]
resolve_from(game, "warfare")        # run the turn from that step until a decision
play(game, "battle", "region peru", "player 1")
"""

from __future__ import annotations

from empires.discovery import flow
from empires.discovery.data import (
    BOXES,
    BUILDING_INDEX,
    BUILDINGS,
    COUNTERS,
    GOOD_IDS,
    REGION_IDS,
    WORKERS,
)
from empires.discovery.game import DiscoveryGame, new_game

W = {w: i for i, w in enumerate(WORKERS)}
R = {r: i for i, r in enumerate(REGION_IDS)}
G = {g: i for i, g in enumerate(GOOD_IDS)}
B = dict(BUILDING_INDEX)
BOX = {b: i for i, b in enumerate(BOXES)}


def fresh(num_players: int = 4, seed: int = 0, order: list[int] | None = None) -> DiscoveryGame:
    """A new game with player order 0..N-1 (or ``order``) and the matching starting money."""
    game = new_game(num_players, seed=seed)
    s = game.s
    s.order = list(order) if order is not None else list(range(num_players))
    for place, p in enumerate(s.order):
        s.money[p] = 10 + place
    # Phase 1 starts again with the new first player.
    s.pending = []
    s.place_idx = 0
    game._legal = None
    flow.run(s)
    return game


def put(game: DiscoveryGame, region: str, player: int, **workers: int) -> None:
    """Place workers (taken from the player's supply) in a region, marking it discovered."""
    game.by_hand()  # (a position set up by hand: core.narrator)
    s = game.s
    r = R[region]
    if not s.discovered[r]:
        s.unused_counters.append(s.counter[r])
        s.counter[r] = -1
        s.discovered[r] = True
    for name, n in workers.items():
        s.supply[player][W[name]] -= n
        s.region_workers[r][player][W[name]] += n


def give_building(game: DiscoveryGame, player: int, building_id: str) -> None:
    """Hand a player a Capital Building from wherever it is (stack, offer)."""
    game.by_hand()  # (a position set up by hand: core.narrator)
    s = game.s
    b = B[building_id]
    for stack in s.stacks:
        if b in stack:
            stack.remove(b)
    if b in s.cb_offer:
        s.cb_offer.remove(b)
    s.owned[player].append(b)


def clear_available(game: DiscoveryGame) -> None:
    """Return every available worker to supply (so Phase 1 ends at once)."""
    game.by_hand()  # (a position set up by hand: core.narrator)
    s = game.s
    for p in range(s.num_players):
        for w in range(len(WORKERS)):
            s.supply[p][w] += s.avail[p][w]
            s.avail[p][w] = 0


def resolve_from(game: DiscoveryGame, step: str) -> None:
    """Jump to the start of ``step`` of the current turn and run until a decision or the end."""
    game.by_hand()  # (a position set up by hand: core.narrator)
    s = game.s
    clear_available(game)
    s.pending = []
    s.step = step
    s.cursor = 0
    s.uni_offered = ""
    s.adv_offered = ""
    game._legal = None
    flow.run(s)


def box_worker(game: DiscoveryGame, box: str, player: int, worker: str = "colonist") -> None:
    """Move a worker from a player's supply onto an event box (as Phase 1 would)."""
    game.by_hand()  # (a position set up by hand: core.narrator)
    s = game.s
    w = W[worker]
    s.supply[player][w] -= 1
    item = [player, w]
    b = BOX[box]
    target = {
        "initiative": s.initiative,
        "dock": s.dock,
        "trade_goods": s.tg_box,
        "shipping": s.shipping,
        "buildings": s.cb_box,
        "warfare": s.warfare,
    }.get(box)
    if target is not None:
        target.append(item)
    elif box == "discovery":
        s.discovery_box[player][w] += 1
    else:
        s.specialists[b] = item


def play(game: DiscoveryGame, *actions: str) -> None:
    for a in actions:
        game.apply(a)


def workers(game: DiscoveryGame, region: str, player: int) -> dict[str, int]:
    row = game.s.region_workers[R[region]][player]
    return {WORKERS[w]: n for w, n in enumerate(row) if n}


def at_turn(game, turn: int) -> None:
    game.by_hand()  # (a position set up by hand: core.narrator)
    game.s.turn = turn
    game._legal = None


def offer(game, *ids: str) -> None:
    """Make exactly these buildings the Capital Buildings offer (the old offer goes back to its
    stacks, so every tile stays accounted for)."""
    game.by_hand()  # (a position set up by hand: core.narrator)
    s = game.s
    for b in s.cb_offer:
        s.stacks[BUILDINGS[b].age].append(b)
    s.cb_offer = []
    for bid in ids:
        b = B[bid]
        for stack in s.stacks:
            if b in stack:
                stack.remove(b)
        s.cb_offer.append(b)
    game._legal = None


def counter_index(cid: str) -> int:
    return next(i for i, c in enumerate(COUNTERS) if c.id == cid)


def set_counter(game, region: str, cid: str) -> None:
    """Put the Discovery counter ``cid`` face down in ``region`` (swapping it with whatever held it)."""
    game.by_hand()  # (a position set up by hand: core.narrator)
    s = game.s
    c, r = counter_index(cid), R[region]
    old = s.counter[r]
    if c in s.unused_counters:
        s.unused_counters.remove(c)
        s.unused_counters.append(old)
    else:
        other = s.counter.index(c)
        s.counter[other] = old
    s.counter[r] = c


def give_good(game, player: int, good: str, n: int = 1) -> None:
    """Hand a player Trade Goods from the face-down pool (or, if short, the Trade Goods box)."""
    game.by_hand()  # (a position set up by hand: core.narrator)
    s = game.s
    for _ in range(n):
        (s.pool if G[good] in s.pool else s.tg_offer).remove(G[good])
        s.goods[player][G[good]] += 1


def restart_placement(game) -> None:
    """Start Phase 1 afresh in the current Player Order (``fresh`` reorders the players after
    the game has already asked the original first player to place)."""
    game.by_hand()  # (a position set up by hand: core.narrator)
    s = game.s
    s.pending = []
    s.step = "place"
    s.place_idx = 0
    game._legal = None
    flow.run(s)


def give_ships(game, player: int, n: int) -> None:
    game.by_hand()  # (a position set up by hand: core.narrator)
    s = game.s
    s.ship_supply -= n
    s.ships[player] += n


def legal(game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def buy(game, player: int, bid: str, money: int | None = None) -> None:
    """At the start of the Capital Buildings box, ``player``'s worker (first space) buys ``bid``.
    The flow then runs on until the next decision."""
    game.by_hand()  # (a position set up by hand: core.narrator)
    offer(game, bid)
    if money is not None:
        game.s.money[player] = money
    box_worker(game, "buildings", player)
    resolve_from(game, "buildings")
    assert game.decision["kind"] == "buy_building" and game.decision["player"] == player
    play(game, f"building {bid}")
