"""A bot that picks uniformly among the legal actions."""

from __future__ import annotations

from typing import Any

from empires.core.rng import Rng


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: Any) -> Any:
        actions = state.legal_actions()
        if not actions:
            raise ValueError("RandomBot: no legal action to choose from")
        return self.rng.choice(actions)

    def __repr__(self) -> str:
        return f"RandomBot(rng_state={self.rng.state})"
