"""How much of what a game's engine writes the catalogues translate: random-bot games of a game
(through its adapter), every event text (as each seat and a spectator read them) and every
choice text (the decider's), each put through :func:`empires.i18n.translate_text`; a text is
translated when the result differs from the English or a template matched it whole.

``python -m empires.server.language_coverage`` prints the share per game and language and the
commonest sentences left in English (``--show N``); the catalogue tests require none.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from dataclasses import dataclass, field

from empires import i18n
from empires.core.adapter import game_names, get_adapter
from empires.server.manager import _describe


@dataclass
class Coverage:
    """The texts a game's sample wrote, per kind ("event", "choice"), and those left English."""

    seen: Counter = field(default_factory=Counter)
    missed: dict[str, Counter] = field(default_factory=dict)

    def share(self, kind: str) -> float:
        total = self.seen[kind]
        left = sum(self.missed.get(kind, Counter()).values())
        return 1.0 if not total else (total - left) / total


def is_translated(text: str, lang: str) -> bool:
    """Whether every part of ``text`` (English from an engine) has its words in ``lang``'s
    catalogue (numbers and default seat names aside)."""
    return not i18n.untranslated(text, lang)


def sample_texts(
    game: str, games: int = 3, seed: int = 0, options: dict | None = None, players: int = 0
) -> list[tuple[str, str]]:
    """(kind, text) of every event (each seat's view and the spectator's) and every choice
    offered in ``games`` random-bot games of ``game``, seeded from ``seed``, with ``options``
    (the game's JSON options; default: its defaults) and ``players`` seats (0: from the
    fewest up, one more each game)."""
    adapter = get_adapter(game)
    chosen = adapter.options_from_json(options) if options else None
    out: list[tuple[str, str]] = []
    for g in range(games):
        rng = random.Random(seed * 1000 + g)
        span = adapter.max_players - adapter.min_players + 1
        seats = players or adapter.min_players + g % span
        state = adapter.new_game(seats, seed=seed * 1000 + g, options=chosen)
        while not state.is_terminal():
            legal = state.legal_actions()
            out.extend(("choice", _describe(state, a)) for a in legal)
            state.apply(rng.choice(legal))
        for viewer in [None, *range(seats)]:
            out.extend(("event", e["text"]) for e in state.events(viewer))
    return out


def coverage(game: str, lang: str, games: int = 3, seed: int = 0) -> Coverage:
    """The share of ``game``'s sample texts translated in ``lang``."""
    result = Coverage()
    for kind, text in sample_texts(game, games, seed):
        result.seen[kind] += 1
        if not is_translated(text, lang):
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
