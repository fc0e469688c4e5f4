"""The one door through which the layers above the engines reach a game.

Each game package has a module ``adapter`` with an object ``ADAPTER`` that follows
:class:`GameAdapter`. ``bots/``, ``sim/``, ``server/``, ``interop/`` and ``cli/`` reach a game only
through :func:`get_adapter` (a test walks their imports to keep it so), which imports the game's
adapter by name. Adding a game means writing its package (rules, observation, heuristic, tensor,
renderers) and its adapter, and adding one line to :data:`ADAPTERS`.

Everything an adapter offers is written against the game's own state and observation; what it
returns is plain data (lists, dicts, numpy arrays) or objects of the core protocols
(:class:`~empires.core.game.GameState`, bots with ``choose(state)``).
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from empires.core.game import GameState
from empires.core.screen import DecisionHelp, ScreenPart, default_help, default_screen

# game name -> module holding its ADAPTER (imported on first use)
ADAPTERS: dict[str, str] = {
    "discovery": "empires.discovery.adapter",
    "settlers": "empires.settlers.adapter",
}


@runtime_checkable
class GameAdapter(Protocol):
    name: str  # "discovery": the name in the CLI, the server API and saves
    title: str  # the game's printed title
    min_players: int
    max_players: int
    options_type: type  # the game's frozen Options (to_json / from_json)

    # ---- the engine ----
    def new_game(self, num_players: int, seed: int = 0, options: Any = None) -> GameState: ...

    def replay(self, history: dict) -> GameState: ...

    def from_json(self, data: dict | str) -> GameState: ...

    def action_space_size(self, num_players: int, options: Any = None) -> int:
        """How many integer action codes there are (codes run from 0)."""

    def decode(self, code: int, num_players: int) -> Any:
        """The action of an integer code (IllegalActionError for a code out of range)."""

    def options_from_json(self, data: Any) -> Any:
        """The game's Options from JSON (None: the defaults); ValueError naming what is wrong."""

    # ---- what the upper layers show and offer ----
    def add_option_flags(self, parser: argparse.ArgumentParser) -> None:
        """Add this game's rules-option flags to a CLI (sub)parser."""

    def options_from_flags(self, args: argparse.Namespace) -> Any:
        """The Options the parsed flags ask for (the defaults when none is given)."""

    def catalogue(self) -> dict:
        """What a lobby may offer: ``{"name", "title", "min_players", "max_players", "options":
        {"defaults": ..., <choices>: [...], "per_seat": [...]}, "board": ... | None, "web":
        bool}``: the choices of option ``key`` are under ``key`` or its plural (``editions``);
        ``per_seat`` names the list options that take one value per seat, in seat order;
        ``web``: whether the web app's game page can show this game (the lobby offers only
        those)."""

    def startup_notes(self, state: GameState) -> list[Any]:
        """Lines to show when a game starts (e.g. incomplete card data), each a message
        (empires.core.messages) or an English catalogue sentence; may be empty."""

    def card_file_error(self, path: str) -> str | None:
        """Why the file at ``path`` cannot be this game's ``cards`` option (a server offers card
        files by name, checked at start-up); None when it can. A game without card files says
        so."""

    def card_template(self) -> dict:
        """A card file listing the cards whose abilities players may fill in (``empires cards
        template``); ValueError for a game without card files."""
        ...

    def validate_card_file(self, data: Any, games: int = 20) -> tuple[list[dict], dict]:
        """The problems of a card file's data, card by card (``{"card", "field", "message"}``),
        and a summary; ``games`` seeded random games are played with it. ValueError for a game
        without card files."""
        ...

    # ---- bots and search ----
    def heuristic_bot(self, seed: int) -> Any:
        """This game's heuristic bot (``choose(state)``), seeded."""

    def action_scores(self, state: GameState) -> list[float]:
        """The heuristic's value of each of ``state.legal_actions()`` for the player to act, in
        VP-equivalents, from that player's observation only."""

    def estimate(self, state: GameState) -> list[float] | None:
        """Estimated final totals per seat of a (determinized) game, for search leaves; None
        when the game has no estimate better than its current scores."""

    # ---- research interfaces ----
    actions_public: bool  # every action (its code) is public: a history of codes hides nothing

    def tensor_shape(self, num_players: int, options: Any = None) -> tuple[int, ...]: ...

    def tensor_layout(self, num_players: int) -> dict[str, tuple[int, tuple[int, ...]]]:
        """The tensor's named blocks: ``{name: (offset, shape)}`` in order."""

    def observation_tensor(self, state: GameState, player: int, out: Any = None) -> Any:
        """A float32 numpy array of :meth:`tensor_shape`, values never negative, built only from
        ``state.observation(player)``; written into ``out`` (a flat float32 array) when given."""

    def tensor_cache(self, num_players: int) -> Any:
        """An object whose ``tensor(state, player)`` equals :meth:`observation_tensor` and keeps
        each seat's tensor between calls, rewriting only what changed (faster step by step);
        it returns its own array, to be copied; ``tensor_list(state, player)``: the same as a
        new Python list. One per environment, not shared by threads."""

    def public_record_key(self, state: GameState) -> Any:
        """A cheap value that changes whenever :meth:`public_record` may have changed."""

    def public_record(self, state: GameState) -> str:
        """Public information the observation forgets later (Discovery: the Trade Goods and
        Capital Buildings offered this turn), kept in OpenSpiel information states; may be
        ``""``."""

    # ---- the terminal screen (empires.core.screen) ----
    def screen_parts(self, observation: dict, language: str = "en") -> list[ScreenPart]:
        """The panels of one seat's screen, built from its observation only, in ``language``
        (en, es, it, pt: its labels and the engine's words; English by default)."""
        ...

    def decision_help(self, observation: dict, language: str = "en") -> DecisionHelp:
        """The rules summary and rulebook section of the observation's current decision, in
        ``language``."""
        ...


class EngineAdapter:
    """The engine part of an adapter, for a game whose package has the usual module functions
    (``new_game``, ``replay``, ``from_json``), an :class:`~empires.core.actions.ActionCodec` and a
    frozen ``Options`` with ``from_json``. A game's adapter subclasses it, names those three
    (``game_module``, ``codec``, ``options_type``) and writes the rest of :class:`GameAdapter`."""

    game_module: Any
    codec: Any
    options_type: Any  # the game's frozen Options class (it has from_json)

    def new_game(self, num_players: int, seed: int = 0, options: Any = None) -> GameState:
        return self.game_module.new_game(num_players, seed, options)

    def replay(self, history: dict) -> GameState:
        return self.game_module.replay(history)

    def from_json(self, data: dict | str) -> GameState:
        return self.game_module.from_json(data)

    def action_space_size(self, num_players: int, options: Any = None) -> int:
        return self.codec.action_space_size(num_players, options)

    def decode(self, code: int, num_players: int) -> Any:
        return self.codec.decode(code, num_players)

    def options_from_json(self, data: Any) -> Any:
        return self.options_type.from_json(data)

    def card_template(self) -> dict:
        raise ValueError(f"{getattr(self, 'title', 'this game')} has no card files")

    def validate_card_file(self, data: Any, games: int = 20) -> tuple[list[dict], dict]:
        raise ValueError(f"{getattr(self, 'title', 'this game')} has no card files")

    def screen_parts(self, observation: dict, language: str = "en") -> list[ScreenPart]:
        return default_screen(observation, language)

    def decision_help(self, observation: dict, language: str = "en") -> DecisionHelp:
        return default_help(observation, language)


def game_names() -> Sequence[str]:
    return tuple(ADAPTERS)


def get_adapter(name: str) -> GameAdapter:
    """The adapter of game ``name``; ValueError naming the known games otherwise."""
    if not isinstance(name, str) or name not in ADAPTERS:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(ADAPTERS)}")
    return importlib.import_module(ADAPTERS[name]).ADAPTER


def adapter_of(state: GameState) -> GameAdapter:
    """The adapter of the game ``state`` is a state of."""
    return get_adapter(state.game_name)
