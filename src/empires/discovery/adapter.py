"""Empires: Age of Discovery as the upper layers see it (see :mod:`empires.core.adapter`): the
engine, its options from JSON and CLI flags, what a lobby offers, the heuristic and the estimate
search uses, and the observation tensor."""

from __future__ import annotations

import argparse
import json
from typing import Any

from empires.core.adapter import EngineAdapter
from empires.core.game import GameState
from empires.core.screen import DecisionHelp, ScreenPart
from empires.discovery import data, game, options, screen, state_tensor, tensor
from empires.discovery.actions import CODEC
from empires.discovery.heuristic import HeuristicBot
from empires.discovery.heuristic.estimate import discovery_estimate
from empires.discovery.setup import MAX_PLAYERS, MIN_PLAYERS


def _own(state: GameState) -> game.DiscoveryGame:
    """``state`` as a Discovery game (a TypeError naming it for another game's state)."""
    if not isinstance(state, game.DiscoveryGame):
        raise TypeError(f"not an Empires: Age of Discovery game: {type(state).__name__}")
    return state


class DiscoveryAdapter(EngineAdapter):
    name = game.NAME
    title = "Empires: Age of Discovery"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_type = options.Options
    game_module = game
    codec = CODEC

    def __init__(self) -> None:
        # action_scores reads no generator: one serves all (remembering nothing between calls)
        self._scorer = HeuristicBot(0, remember=False)

    # ---- what the upper layers show and offer ----
    def add_option_flags(self, parser: argparse.ArgumentParser) -> None:
        """Rules options; recorded in saved games and replays."""
        group = parser.add_argument_group("rules options")
        group.add_argument(
            "--edition",
            choices=options.EDITIONS,
            help=(
                "rules edition (default 2015); 2007 starts in random order, its starting-order "
                "auction is --variant order-auction"
            ),
        )
        group.add_argument("--builders", action="store_true", help="the Builder expansion")
        group.add_argument("--buy-vp", action="store_true", help="buy VP after each colony scoring")
        group.add_argument(
            "--nations", choices=options.NATIONS, help="National Advantages (default off)"
        )
        group.add_argument(
            "--variant",
            action="append",
            metavar="NAME",
            help=f"optional rule, repeatable: {', '.join(options.VARIANTS)}",
        )

    def options_from_flags(self, args: argparse.Namespace) -> Any:
        given = {
            "edition": getattr(args, "edition", None),
            "builders": getattr(args, "builders", False) or None,
            "buy_vp": getattr(args, "buy_vp", False) or None,
            "nations": getattr(args, "nations", None),
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
                "editions": list(options.EDITIONS),
                "nations": list(options.NATIONS),
                "variants": list(options.VARIANTS),
            },
            "board": _board(),
            "web": True,
        }

    def startup_notes(self, state: GameState) -> list[str]:
        return []

    def card_file_error(self, path: str) -> str | None:
        return f"{self.title} takes no card file"

    def screen_parts(self, observation: dict, language: str = "en") -> list[ScreenPart]:
        return screen.screen_parts(observation, language)

    def decision_help(self, observation: dict, language: str = "en") -> DecisionHelp:
        return screen.decision_help(observation, language)

    # ---- bots and search ----
    def heuristic_bot(self, seed: int) -> Any:
        return HeuristicBot(seed)

    def action_scores(self, state: GameState) -> list[float]:
        return self._scorer.action_scores(state)

    def estimate(self, state: GameState) -> list[float] | None:
        return discovery_estimate(state)

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

    actions_public = True  # every Discovery action is public (what a seat scouts is an event)

    def public_record_key(self, state: GameState) -> Any:
        return _own(state).s.turn

    def public_record(self, state: GameState) -> str:
        """The Trade Goods and Capital Buildings on offer (JSON), replaced at a refresh."""
        boxes = state.observation(None)["boxes"]
        offers = [boxes["trade_goods_offer"], [b["id"] for b in boxes["buildings_offer"]]]
        return json.dumps(offers, separators=(",", ":"))


def _board() -> dict:
    """The map the UI draws: regions and their adjacency; and the printed name of each Capital
    Building by id (an observation names a seat's buildings by id only)."""
    ids, names = data.REGION_IDS, data.REGION_NAMES
    return {
        "regions": [
            {"id": rid, "name": names[i], "adjacent": sorted(ids[j] for j in data.ADJACENT[i])}
            for i, rid in enumerate(ids)
        ],
        "buildings": {b.id: b.name for b in data.BUILDINGS},
    }


ADAPTER = DiscoveryAdapter()
