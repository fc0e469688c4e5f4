"""Imperial Settlers as the upper layers see it (see :mod:`empires.core.adapter`): the engine,
its options from JSON and CLI flags, what a lobby offers, the heuristic search uses, and the
observation tensor."""

from __future__ import annotations

import argparse
from typing import Any

from empires.core.adapter import EngineAdapter
from empires.core.game import GameState
from empires.core.rng import Rng
from empires.core.screen import DecisionHelp, ScreenPart
from empires.settlers import game, options, screen, state_tensor, tensor
from empires.settlers.actions import CODEC
from empires.settlers.heuristic import SettlersHeuristicBot
from empires.settlers.setup import MAX_PLAYERS, MIN_PLAYERS


def _own(state: GameState) -> game.SettlersGame:
    """``state`` as an Imperial Settlers game (a TypeError naming it for another game's state)."""
    if not isinstance(state, game.SettlersGame):
        raise TypeError(f"not an Imperial Settlers game: {type(state).__name__}")
    return state


class SettlersAdapter(EngineAdapter):
    name = game.NAME
    title = "Imperial Settlers"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_type = options.Options
    game_module = game
    codec = CODEC

    def __init__(self) -> None:
        self._scorer = SettlersHeuristicBot(0)  # action_scores reads no generator

    # ---- what the upper layers show and offer ----
    def add_option_flags(self, parser: argparse.ArgumentParser) -> None:
        """Rules options; recorded in saved games and replays."""
        group = parser.add_argument_group("rules options")
        group.add_argument(
            "--factions",
            metavar="LIST",
            help="factions per seat, e.g. romans,barbarians (default: in that order)",
        )
        group.add_argument(
            "--cards",
            metavar="FILE",
            help="a card file: complete, or filling in some cards over the built-in data "
            "(empires cards template)",
        )
        group.add_argument(
            "--reshuffle-faction-discards",
            action="store_true",
            help="reshuffle a Faction discard pile into an empty Faction deck",
        )
        group.add_argument(
            "--variant",
            action="append",
            metavar="NAME",
            help=f"optional rule, repeatable: {', '.join(options.VARIANTS)}",
        )

    def options_from_flags(self, args: argparse.Namespace) -> Any:
        given = {
            "factions": getattr(args, "factions", None),
            "cards": getattr(args, "cards", None),
            "reshuffle_faction_discards": getattr(args, "reshuffle_faction_discards", False)
            or None,
            "variants": tuple(args.variant) if getattr(args, "variant", None) else None,
        }
        return options.Options.from_json({k: v for k, v in given.items() if v is not None})

    def catalogue(self) -> dict:
        return {
            "name": self.name,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": {
                "defaults": options.Options().to_json(),
                "variants": list(options.VARIANTS),
                "factions": list(options.FACTIONS),
                "per_seat": ["factions"],  # one faction per seat, in seat order
            },
            "board": None,
            "web": True,  # the game page draws the Settlers table (js/settlers-board.js)
        }

    def startup_notes(self, state: GameState) -> list[Any]:
        return game.startup_messages(_own(state))  # messages: told in the reader's language

    def card_file_error(self, path: str) -> str | None:
        from empires.settlers.cards import CardFileError, load_cards

        try:
            load_cards(path)
        except CardFileError as exc:
            return str(exc)
        return None

    def card_template(self) -> dict:
        from empires.settlers.card_files import card_template

        return card_template()

    def validate_card_file(self, data: Any, games: int = 20) -> tuple[list[dict], dict]:
        from empires.settlers.card_files import validate

        return validate(data, games)

    def screen_parts(self, observation: dict, language: str = "en") -> list[ScreenPart]:
        return screen.screen_parts(observation, language)

    def decision_help(self, observation: dict, language: str = "en") -> DecisionHelp:
        return screen.decision_help(observation, language)

    # ---- bots and search ----
    def heuristic_bot(self, seed: int) -> Any:
        # Seeded from the first draw of Rng(seed), as when this bot was reached through the
        # Discovery bot's dispatch: the same seeds play the same games as before.
        return SettlersHeuristicBot(Rng(seed).next_u64())

    def action_scores(self, state: GameState) -> list[float]:
        return self._scorer.action_scores(state)

    def estimate(self, state: GameState) -> list[float] | None:
        return None  # the current scores: Settlers has no better leaf estimate yet

    # ---- research interfaces ----
    def tensor_shape(self, num_players: int, options: Any = None) -> tuple[int, ...]:
        return tensor.tensor_shape(num_players)

    def tensor_layout(self, num_players: int) -> dict[str, tuple[int, tuple[int, ...]]]:
        return tensor.tensor_layout(num_players)

    def observation_tensor(self, state: GameState, player: int, out: Any = None) -> Any:
        # straight from the state; equal to tensor.observation_tensor (from the observation)
        return state_tensor.observation_tensor(state, player, out)

    def tensor_cache(self, num_players: int) -> Any:
        return state_tensor.tensor_cache(num_players)

    actions_public = False  # a card taken in secret is named only to its taker

    def public_record_key(self, state: GameState) -> Any:
        return 0

    def public_record(self, state: GameState) -> str:
        return ""  # the event log keeps what the observation forgets


ADAPTER = SettlersAdapter()
