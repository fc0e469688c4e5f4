"""Writes tests/golden/histories.json: games of both engines played by seeded random and
heuristic bots over player counts and options, with a digest of every decision's legal actions
and the final scores. ``test_golden.py`` replays them: a restructuring that changes any game a
seed produces fails it. Run again only when a rules change is meant to change games:

    python tests/golden/make_golden.py
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from empires.bots import make_bot
from empires.core.adapter import get_adapter

OUT = Path(__file__).with_name("histories.json")

CONFIGS = [
    ("discovery", 2, {"variants": ["two-player"]}, "random"),
    ("discovery", 3, {}, "random"),
    ("discovery", 4, {"builders": True, "buy_vp": True}, "random"),
    ("discovery", 5, {"nations": "auction", "variants": ["scouting", "no-survivors"]}, "random"),
    (
        "discovery",
        6,
        {"nations": "random", "variants": ["reduced-luck", "advanced-reconnaissance"]},
        "random",
    ),
    ("discovery", 4, {"edition": "2007"}, "random"),
    ("discovery", 3, {"edition": "2007", "variants": ["order-auction"]}, "random"),
    ("discovery", 4, {"builders": True, "nations": "auction"}, "heuristic"),
    ("discovery", 2, {}, "heuristic"),
    ("settlers", 1, {}, "random"),
    ("settlers", 2, {}, "random"),
    ("settlers", 3, {"variants": ["alternate-lookout"]}, "random"),
    ("settlers", 4, {"variants": ["advanced-lookout", "peaceful"]}, "random"),
    ("settlers", 2, {}, "heuristic"),
    ("settlers", 1, {}, "heuristic"),
]
SEEDS = (11, 12)


def play(game: str, players: int, options: dict, bot: str, seed: int) -> dict:
    adapter = get_adapter(game)
    state = adapter.new_game(players, seed, adapter.options_from_json(options))
    bots = [make_bot(bot, game, seed * 10 + p) for p in range(players)]
    legal = hashlib.sha256()
    while not state.is_terminal():
        acts = state.legal_actions()
        legal.update(("|".join(map(str, acts)) + "\n").encode())
        state.apply(bots[state.current_player].choose(state))
    return {
        "game": game,
        "players": players,
        "options": options,
        "bot": bot,
        "seed": seed,
        "actions": state.history["actions"],
        "legal_digest": legal.hexdigest(),
        "scores": state.scores(),
        "ranking": state.ranking(),
    }


def main() -> None:
    games = [play(g, n, o, b, seed) for g, n, o, b in CONFIGS for seed in SEEDS]
    OUT.write_text(json.dumps(games, separators=(",", ":")) + "\n")
    print(f"wrote {len(games)} games to {OUT}")


if __name__ == "__main__":
    main()
