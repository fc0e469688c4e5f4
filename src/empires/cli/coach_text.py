"""The words of a hint (:func:`empires.bots.analysis.hint`, as JSON) in the terminal: the plain
mode, the full-screen app and ``empires replay`` show it the same way, in the session's
language (the moves in their printed words, the reason from its ``reason_parts``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from empires.bots.analysis import hint_in, percent
from empires.i18n import DEFAULT, N_, translate

HINT_ITERATIONS = (
    64  # a hint's search budget in `empires play --practice` (analysis.HINT_MAX; ~1-2 s)
)
NOT_PRACTICE = N_(
    "Hints are offered only in practice games: start one with empires play --practice."
)


def hint_lines(
    hint: dict, choices: Sequence[tuple[Any, str]] = (), lang: str = DEFAULT
) -> list[str]:
    """The hint's moves, best first, each with its estimated chance to win (and its number among
    ``choices`` when given, so it can be typed), then the reason; in ``lang``."""
    hint = hint_in(hint, lang)
    numbers = {str(a): i for i, (a, _) in enumerate(choices, 1)}
    title = "Hint ({n} search iterations, from what you can see):"
    lines = [translate(title, lang, n=hint["iterations"])]
    for rank, move in enumerate(hint["moves"], 1):
        number = numbers.get(move["action"])
        where = (
            " " + translate("[action {number}]", lang, number=number) if number is not None else ""
        )
        chance = percent(move["value"], lang)
        line = translate(
            "{rank}. {move}{where}: {chance} chance to win",
            lang,
            rank=rank,
            move=move["description"],
            where=where,
            chance=chance,
        )
        lines.append("  " + line)
    lines.append(f"  {hint['reason']}")
    return lines
