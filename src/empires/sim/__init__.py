"""Running games between bots: the single-game loop, local (multi-process) and Ray batches,
and seat-rotated tournaments (:mod:`empires.sim.tournament`)."""

from empires.sim.local import (
    GameFailed,
    bot_seeds,
    play_game,
    play_games,
    play_matches,
    run_games,
    run_local,
    run_matches,
    summarize,
)

__all__ = [
    "GameFailed",
    "bot_seeds",
    "play_game",
    "play_games",
    "play_matches",
    "run_games",
    "run_local",
    "run_matches",
    "summarize",
]
