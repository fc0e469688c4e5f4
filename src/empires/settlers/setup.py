"""Setup: shuffled decks, a random First player, starting hands (2 Common + 2 Faction cards,
beginning with the First player); solo: the shuffled Attack deck with its top card revealed."""

from __future__ import annotations

from empires.core.rng import Rng
from empires.settlers.cards import load_cards
from empires.settlers.options import Options
from empires.settlers.rules import draw_from
from empires.settlers.state import NUM_ALL, State

MIN_PLAYERS = 1
MAX_PLAYERS = 4


def new_state(num_players: int, seed: int, options: Options) -> State:
    factions = options.seat_factions(num_players)
    s = State()
    s.options = options
    s.db = db = load_cards(options.cards)
    s.num_players = n = num_players
    s.seed = seed
    s.rng = rng = Rng(seed)
    s.factions = list(factions)
    s.vp = [0] * n
    s.supply = [[0] * 7 for _ in range(n)]
    s.passed = [False] * n
    for f in (
        "hand",
        "known",
        "looking",
        "empire",
        "foundations",
        "deals",
        "alt",
        "faction_discard",
    ):
        setattr(s, f, [[] for _ in range(n)])
    s.activations = [0] * NUM_ALL
    s.common_deck = db.deck_cards("common")
    rng.shuffle(s.common_deck)
    s.faction_deck = []
    for f in factions:
        deck = db.deck_cards(f)
        rng.shuffle(deck)
        s.faction_deck.append(deck)
    s.first = rng.randrange(n)
    if s.solo:
        s.attack_deck = db.deck_cards("attack")
        rng.shuffle(s.attack_deck)
        s.attack_line = [s.attack_deck.pop()]
    for i in range(n):
        p = (s.first + i) % n
        for kind in ("common", "common", "faction", "faction"):
            c = draw_from(s, p, kind)
            if c is not None:
                s.hand[p].append(c)
    s.round = 1
    s.step = "lookout"
    return s
