"""The words of a hint (:func:`empires.bots.analysis.hint`, as JSON) in the terminal: the plain
mode, the full-screen app and ``empires replay`` show it the same way."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

HINT_ITERATIONS = 100  # the search budget of a hint in `empires play --practice` (2-8 s)
NOT_PRACTICE = "Hints are offered only in practice games: start one with empires play --practice."


def hint_lines(hint: dict, choices: Sequence[tuple[Any, str]] = ()) -> list[str]:
    """The hint's moves, best first, each with its estimated chance to win (and its number among
    ``choices`` when given, so it can be typed), then the reason."""
    numbers = {str(a): i for i, (a, _) in enumerate(choices, 1)}
    lines = [f"Hint ({hint['iterations']} search iterations, from what you can see):"]
    for rank, move in enumerate(hint["moves"], 1):
        number = numbers.get(move["action"])
        where = f" [action {number}]" if number is not None else ""
        lines.append(f"  {rank}. {move['description']}{where}: {move['value']:.0%} chance to win")
    lines.append(f"  {hint['reason']}")
    return lines
