"""Helpers for the Imperial Settlers tests: random games, invariants, setting up positions, and
a complete card file (test fixture: the abilities no public source gives are filled in with
stand-ins so that the engine's mechanics for them can be exercised; they are not the printed
texts)."""

from __future__ import annotations

import json
from pathlib import Path

from empires.core.rng import Rng
from empires.settlers import Options, SettlersGame, new_game
from empires.settlers.cards import GOODS, NUM_CARDS
from empires.settlers.flow import run
from empires.settlers.state import NUM_ALL

DATA = Path(__file__).resolve().parents[2] / "src/empires/settlers/data/cards.json"


def cid(game_or_db, card_id: str) -> int:
    db = game_or_db.s.db if isinstance(game_or_db, SettlersGame) else game_or_db
    return db.by_id[card_id]


def random_game(
    n: int, seed: int, options: Options | None = None, stop: int | None = None, each=None
) -> SettlersGame:
    game = new_game(n, seed=seed, options=options)
    rng = Rng(seed ^ 0x5E771E)
    steps = 0
    while not game.is_terminal() and (stop is None or steps < stop):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
        steps += 1
        if each is not None:
            each(game)
    return game


def zones(game: SettlersGame) -> dict[str, list[int]]:
    """Every place a card can be, and the cards in it."""
    s = game.s
    out: dict[str, list[int]] = {
        "common_deck": s.common_deck,
        "common_discard": s.common_discard,
        "draft": s.draft,
        "vlocs": s.vlocs,
        "collection": s.collection,
        "attack_deck": s.attack_deck,
        "attack_line": s.attack_line,
        "attack_discard": s.attack_discard,
        "trade_markers": [m for _, _, m in s.trade_deals],
        "gate": [c for e in s.gate for c in e[1:]],
    }
    for p in range(s.num_players):
        for f in (
            "hand",
            "alt",
            "looking",
            "empire",
            "foundations",
            "deals",
            "faction_deck",
            "faction_discard",
        ):
            out[f"{f}{p}"] = getattr(s, f)[p]
    return out


def check(game: SettlersGame) -> None:
    """Invariants that hold after every action."""
    s = game.s
    db = s.db
    seen: dict[int, str] = {}
    for name, cards in zones(game).items():
        for c in cards:
            assert c not in seen, f"card {db[c].id} both in {seen[c]} and {name}"
            seen[c] = name
    decks = {"common", *s.factions} | ({"attack"} if s.solo else set())
    expected = {c.idx for c in db.cards if c.deck in decks}
    assert set(seen) == expected, (
        f"lost {[db[c].id for c in expected - set(seen)]}, "
        f"extra {[db[c].id for c in set(seen) - expected]}"
    )
    for p in range(s.num_players):
        assert all(x >= 0 for x in s.supply[p]), f"negative goods {s.supply[p]}"
        assert s.vp[p] >= 0
        assert set(s.known[p]) <= set(s.hand[p])
        assert len(s.supply[p]) == len(GOODS)
    locations = {c for e in s.empire for c in e} | set(s.vlocs)
    assert set(s.defended) <= locations and set(s.samurai) <= locations
    assert all(db[c].deck == "japanese" for c in s.samurai)
    assert all(c in locations for c, _ in s.takeover)
    assert len(s.activations) == NUM_ALL
    for c in range(NUM_CARDS):
        a = db[c].action
        if s.activations[c]:
            assert a is not None and s.activations[c] <= a.limit
    if game.is_terminal():
        assert game.current_player == -1 and game.legal_actions() == []
    else:
        assert game.legal_actions(), f"no legal action in {game.decision}"


def position(
    n: int = 2, factions=None, seed: int = 1, options: Options | None = None, clear: bool = True
) -> SettlersGame:
    """A game in the Action phase of round 1 with empty hands, Empires and supplies (``clear``),
    seat 0 to play: tests then put the cards and Goods they need in place."""
    factions = factions or ("romans", "barbarians", "egyptians", "japanese")[:n]
    opts = options or Options()
    opts = Options(
        factions=tuple(factions),
        variants=opts.variants,
        reshuffle_faction_discards=opts.reshuffle_faction_discards,
        cards=opts.cards,
    )
    game = new_game(n, seed=seed, options=opts)
    s = game.s
    if clear:
        for p in range(n):
            for c in s.hand[p]:
                home = s.common_deck if db_deck(s, c) == "common" else s.faction_deck[p]
                home.insert(0, c)
            s.hand[p] = []
            s.known[p] = []
        for c in s.draft:
            s.common_deck.insert(0, c)
        s.draft = []
    s.draft_queue = []
    s.draft_stage = ""
    s.pending = []
    s.round = 1
    s.first = 0
    s.cursor = 0
    s.passed = [False] * n
    s.step = "action"
    if clear:
        s.supply = [[0] * len(GOODS) for _ in range(n)]
    run(s)
    game._legal = None
    return game


def db_deck(s, c: int) -> str:
    return s.db[c].deck


def give(game: SettlersGame, p: int, *card_ids: str, where: str = "hand") -> list[int]:
    """Move cards (from wherever they are) to seat p's hand / empire / deals."""
    game.by_hand()  # (a position set up by hand: core.narrator)
    s = game.s
    out = []
    for card_id in card_ids:
        c = s.db.by_id[card_id]
        for cards in zones(game).values():
            if c in cards:
                cards.remove(c)
                break
        if where == "vlocs":
            s.vlocs.append(c)
        else:
            getattr(s, where)[p].append(c)
        out.append(c)
    game._legal = None
    return out


def goods(game: SettlersGame, p: int, **amounts: int) -> None:
    game.by_hand()  # (a position set up by hand: core.narrator)
    for g, n in amounts.items():
        game.s.supply[p][GOODS.index(g)] = n
    game._legal = None


def supply(game: SettlersGame, p: int) -> dict[str, int]:
    return {g: n for g, n in zip(GOODS, game.s.supply[p], strict=True) if n}


def play(game: SettlersGame, *actions: str) -> None:
    for a in actions:
        game.apply(a)


# ---- a complete card file (test fixture) ---------------------------------------------------------

STAND_INS = {
    "Dark Chapel": {
        "action": {
            "limit": 1,
            "spend": {},
            "special": "raze_and_convert",
            "params": {"hand_cost": 1, "location_cost": 2, "reward": {"vp": 2}},
        }
    },
    "Pack": {"action": {"limit": 2, "spend": {"worker": 1}, "special": "raze_gain_one"}},
    "Rabble": {"action": {"limit": 1, "spend": {"worker": 2}, "special": "raze_own_common"}},
    "Mission": {
        "action": {
            "limit": 1,
            "spend": {"worker": 1},
            "effects": [{"draw_keep": {"deck": "any", "draw": 2, "keep": 1}}],
        }
    },
    "Robbers": {
        "action": {
            "limit": 1,
            "spend": {"worker": 2},
            "special": "discard_enemy_deal",
            "effects": [{"gain": {"wood": 1, "stone": 1}}],
        }
    },
    "Engineers": {
        "action": {
            "limit": 1,
            "spend": {"raze": 2},
            "special": "remove_enemy_location",
            "effects": [{"gain": {"vp": 1}}],
        }
    },
    "Garrison": {"action": {"limit": 1, "spend": {"raze": 2}, "special": "remove_enemy_location"}},
    "Spies": {
        "action": {
            "limit": 1,
            "spend": {"worker": 1},
            "special": "steal_deal",
            "effects": [{"gain": {"vp": 1}}],
        }
    },
    "Desert": {
        "action": {
            "limit": 1,
            "spend": {"card": 1},
            "special": "enemy_discard",
            "effects": [{"gain": {"vp": 1}}],
        }
    },
    "Slave Trader": {
        "feature": [
            {
                "on": "build",
                "deck": "egyptians",
                "options": [
                    {"spend": {"worker": 1}, "effects": [{"gain": {"vp": 2}}]},
                    {"spend": {"food": 1}, "effects": [{"gain": {"vp": 1}}]},
                ],
            }
        ]
    },
    "Scorpion Breeder": {"action": {"limit": 1, "spend": {"worker": 1}, "special": "block_action"}},
    "Sanctuary": {
        "action": {
            "limit": 1,
            "spend": {"worker": 1},
            "special": "sanctuary",
            "effects": [{"gain": {"vp": 1}}],
        }
    },
    "Sphinx": {"feature": [{"on": "gain", "good": "gold", "at_least": 2, "extra": 1}]},
    "Gate": {"feature": [{"on": "gate", "per_card": [{"gain": {"vp": 1}}], "end": [3, 2]}]},
    "Negotiator": {"action": {"limit": 1, "spend": {"worker": 1}, "special": "build_from_deal"}},
    "Trade Route": {"action": {"limit": 1, "spend": {"food": 1}, "special": "trade_route"}},
    "Ninjas": {
        "action": {
            "limit": 1,
            "spend": {"raze": 1},
            "special": "discard_enemy_deal",
            "params": {"gain_deal": True},
        }
    },
}
GENERIC_ACTION = {"action": {"limit": 1, "spend": {"worker": 1}, "effects": [{"gain": {"vp": 1}}]}}


def complete_card_file(directory: Path) -> str:
    """Write a card file with no unverified card (stand-in abilities) and return its path."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    for card in data["cards"] + data["attack_cards"]:
        if card.pop("unverified", False) and card.get("type") != "attack" and "deck" in card:
            ability = STAND_INS.get(card["name"])
            if ability is None:
                ability = GENERIC_ACTION if card["type"] == "action" else {"feature": []}
            card.update(json.loads(json.dumps(ability)))
            card["text"] = "(test stand-in ability)"
    data["complete"] = True
    path = directory / "complete_cards.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)
