"""What the PettingZoo and Gymnasium environments share: reading a game's options and player
count through its adapter, the observation space, and a seat's observation (tensor and legal
action mask). Needs gymnasium (for the spaces)."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from rich.text import Text

from empires.interop import missing_research_extra

try:
    import numpy as np
    from gymnasium import spaces
except ImportError as exc:
    raise missing_research_extra(exc) from None

from empires.core.adapter import GameAdapter

BOARD_WIDTH = 100  # columns of board_text

# Every tensor feature is a scaled count in [0, OBS_HIGH] (values are clipped to it).
OBS_HIGH = 100.0


def read_options(adapter: GameAdapter, options):
    """``None`` (the game's defaults), the game's Options or its JSON dict."""
    if isinstance(options, adapter.options_type):
        return options
    return adapter.options_from_json(options)


def check_players(adapter: GameAdapter, num_players) -> None:
    low, high = adapter.min_players, adapter.max_players
    if isinstance(num_players, bool) or not isinstance(num_players, int):
        raise ValueError(f"num_players must be {low}..{high}, not {num_players!r}")
    if not low <= num_players <= high:
        raise ValueError(f"num_players must be {low}..{high}, not {num_players!r}")


def observation_space(adapter: GameAdapter, num_players: int, options=None) -> spaces.Dict:
    n_actions = adapter.action_space_size(num_players, options)
    shape = adapter.tensor_shape(num_players, options)
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, OBS_HIGH, shape, np.float32),
            "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
        }
    )


def observe_seat(
    adapter: GameAdapter, game, seat: int, n_actions: int, tensors=None
) -> dict[str, np.ndarray]:
    """The observation dict of ``seat``: its tensor and its legal-action mask. ``tensors``: the
    environment's ``adapter.tensor_cache``, which builds the tensor faster step by step (the
    dict holds a new array either way)."""
    if tensors is None:
        tensor = adapter.observation_tensor(game, seat)
    else:
        tensor = tensors.tensor(game, seat, np.empty(tensors.size, np.float32))
    # Clipped to OBS_HIGH (in place: the array is this dict's own), which it hardly ever needs:
    # the largest value is looked at first (argmax, no ufunc: several times cheaper than a
    # np.minimum over the whole tensor; a NaN stays a NaN either way).
    if tensor[tensor.argmax()] > OBS_HIGH:
        np.minimum(tensor, OBS_HIGH, out=tensor)
    mask = np.zeros(n_actions, np.int8)
    if game.current_player == seat:
        for code in game.legal_action_codes():  # faster than fancy indexing for a few codes
            mask[code] = 1
    return {"observation": tensor, "action_mask": mask}


def status_text(game) -> str:
    """A few lines on a game: the engine's repr, each seat's score and who is to play."""
    if game is None:
        return "(not reset)"
    obs = game.observation(None)
    lines = [repr(game)]
    for p, row in enumerate(obs["scores"]):
        lines.append(f"  player_{p}: vp={row['total']}")
    if obs["decision"]:
        lines.append(f"  to play: player_{obs['decision']['player']} ({obs['decision']['kind']})")
    return "\n".join(lines)


def board_text(adapter: GameAdapter, game: Any, seat: int | None, width: int = BOARD_WIDTH) -> str:
    """The board as ``seat`` sees it, as plain text (no colour, no escape codes): the panels of
    the game's terminal screen (``adapter.screen_parts`` of the seat's observation, in English),
    each under its title, as the plain terminal mode prints them."""
    out = io.StringIO()
    console = Console(
        file=out,
        width=width,
        no_color=True,
        color_system=None,
        highlight=False,
        emoji=False,
        markup=False,
    )
    for part in adapter.screen_parts(game.observation(seat), "en"):
        console.print(Text(f"-- {part.title} --"))
        console.print(part.body)
    return "\n".join(line.rstrip() for line in out.getvalue().splitlines())


def legal_action_words(game: Any, seat: int) -> dict[int, str]:
    """``{action code: its words in English}`` of the legal actions when ``seat`` is to act
    (the words ``seat`` may read: ``describe_for``), else ``{}``."""
    if game.is_terminal() or game.current_player != seat:
        return {}
    describe_for = getattr(game, "describe_for", None)
    codes = game.legal_action_codes()
    return {
        int(code): str(
            describe_for(action, seat) if describe_for is not None else game.describe(action)
        )
        for code, action in zip(codes, game.legal_actions(), strict=True)
    }
