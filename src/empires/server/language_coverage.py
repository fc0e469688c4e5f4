"""How much of what a game's engine says the catalogues translate: random-bot games of a game
(through its adapter), every event (as each seat and a spectator read it) and every choice (as
the seat to decide reads it), each a message (:mod:`empires.core.messages`) rendered in a
language with :func:`empires.i18n.render`; a message is translated when the rendering noted no
catalogue miss (its template, its words and the names of its components all in the catalogue).

``python -m empires.server.language_coverage`` prints the share per game and language and the
commonest messages left untranslated (``--show N``); the catalogue tests require none.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from empires import i18n
from empires.core.adapter import game_names, get_adapter
from empires.core.messages import message_in
from empires.server.log_entries import describe_action

# (kind: "event" or "choice", the message, the game's component_name that names its parts)
Sample = tuple[str, dict, Callable[[str, Any], Any] | None]


@dataclass
class Coverage:
    """The messages a game's sample said, per kind ("event", "choice"), and those left with
    catalogue misses (by their English, with what was missed)."""

    seen: Counter = field(default_factory=Counter)
    missed: dict[str, Counter] = field(default_factory=dict)

    def share(self, kind: str) -> float:
        total = self.seen[kind]
        left = sum(self.missed.get(kind, Counter()).values())
        return 1.0 if not total else (total - left) / total


def misses(message: dict, lang: str, names: Any = None) -> list[str]:
    """What ``message`` lacks in ``lang``'s catalogues (its template, a word, a component's
    name; numbers and seats aside): [] when it is told wholly in ``lang``."""
    if lang == i18n.DEFAULT or lang not in i18n.LANGUAGES:
        return []
    missing: list[str] = []
    i18n.render(message, lang, names=names, missing=missing)
    return missing


def sample_messages(
    game: str, games: int = 3, seed: int = 0, options: dict | None = None, players: int = 0
) -> list[Sample]:
    """(kind, message, names) of every event (each seat's view and the spectator's) and every
    choice offered (as its decider reads it) in ``games`` random-bot games of ``game``, seeded
    from ``seed``, with ``options`` (the game's JSON options; default: its defaults) and
    ``players`` seats (0: from the fewest up, one more each game)."""
    adapter = get_adapter(game)
    chosen = adapter.options_from_json(options) if options else None
    out: list[Sample] = []
    for g in range(games):
        rng = random.Random(seed * 1000 + g)
        span = adapter.max_players - adapter.min_players + 1
        seats = players or adapter.min_players + g % span
        state = adapter.new_game(seats, seed=seed * 1000 + g, options=chosen)
        names = getattr(state, "component_name", None)
        while not state.is_terminal():
            legal = state.legal_actions()
            seat = state.current_player
            out.extend(("choice", describe_action(state, a, seat), names) for a in legal)
            state.apply(rng.choice(legal))
        for viewer in [None, *range(seats)]:
            out.extend(("event", message_in(e), names) for e in state.events(viewer))
    return out


def sample_texts(
    game: str, games: int = 3, seed: int = 0, options: dict | None = None, players: int = 0
) -> list[tuple[str, str]]:
    """(kind, English text) of :func:`sample_messages`."""
    return [
        (kind, i18n.render(m, names=names))
        for kind, m, names in sample_messages(game, games, seed, options, players)
    ]


def coverage(game: str, lang: str, games: int = 3, seed: int = 0) -> Coverage:
    """The share of ``game``'s sample messages translated in ``lang``."""
    result = Coverage()
    for kind, message, names in sample_messages(game, games, seed):
        result.seen[kind] += 1
        if misses(message, lang, names):
            text = i18n.render(message, names=names)
            result.missed.setdefault(kind, Counter())[text] += 1
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m empires.server.language_coverage")
    parser.add_argument("--games", type=int, default=3, help="random games per game (3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", type=int, default=0, help="list the N commonest misses")
    parser.add_argument("--lang", action="append", choices=[x for x in i18n.LANGUAGES if x != "en"])
    args = parser.parse_args(argv)
    for game in game_names():
        for lang in args.lang or ["es", "it", "pt"]:
            cov = coverage(game, lang, args.games, args.seed)
            figures = ", ".join(
                f"{kind}s {cov.share(kind):.1%} of {cov.seen[kind]}" for kind in sorted(cov.seen)
            )
            print(f"{game} {lang}: {figures}")
            for kind, missed in sorted(cov.missed.items()):
                for text, n in missed.most_common(args.show):
                    print(f"  {kind} x{n}: {text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
