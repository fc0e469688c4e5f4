"""Running games between bots: the single-game loop and local (multi-process) batches."""

from empires.sim.local import GameFailed, bot_seeds, play_game, play_games, run_local, summarize

__all__ = ["GameFailed", "bot_seeds", "play_game", "play_games", "run_local", "summarize"]
