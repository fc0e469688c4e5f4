"""Building a new game (its seats, options, card set, table) and rebuilding a stored one."""

from __future__ import annotations

import hashlib
import logging
import re
import secrets
from dataclasses import dataclass
from typing import Any

from empires.bots import bot_names, make_bot
from empires.core.adapter import GameAdapter, game_names, get_adapter
from empires.core.errors import IllegalActionError, SaveFileError
from empires.server import security
from empires.server.db import GameRow, SeatRow, now
from empires.server.errors import ApiError
from empires.server.live_game import SPECTATOR
from empires.server.log_entries import log_entry
from empires.server.table_clock import DEFAULT_STAND_IN, check_clock

log = logging.getLogger("empires.server")


GAME_ID = re.compile(r"^[0-9a-f]{16}$")
MAX_ACTION_LENGTH = 128
MAX_NAME_LENGTH = 24
MAX_SEED = 2**63 - 1
# Bots a game may seat: the registry's names, with bounded specs ("ismcts:400", "az:0.2s").
MAX_ISMCTS_ITERATIONS = 5000
MAX_ISMCTS_SECONDS = 5.0
MAX_BOT_BATCH = 64  # an az search walks this many paths at most before it looks at its clock
CARD_SET_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,31}$")


def bot_seed(game_seed: int, seat: int, index: int) -> int:
    digest = hashlib.sha256(f"empires-bot:{game_seed}:{seat}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def check_bot_spec(spec: Any, game: str) -> str:
    """The normalised bot spec, or ApiError(422) saying why it cannot be seated at ``game``."""
    if not isinstance(spec, str) or not spec.strip() or len(spec) > 64:
        raise ApiError(422, "invalid_seat", "a bot seat needs a bot name, e.g. 'random'")
    name = spec.strip().lower()
    if name.partition(":")[0] not in bot_names():
        raise ApiError(
            422, "invalid_seat", f"unknown bot {spec!r}; known bots: {', '.join(bot_names())}"
        )
    try:
        bot = make_bot(name, game, 0)
    except ValueError as exc:
        raise ApiError(422, "invalid_seat", str(exc)) from None
    iterations = getattr(bot, "iterations", None)
    seconds = getattr(bot, "seconds", None)
    batch = getattr(bot, "batch", None)  # (az: paths walked between two looks at the clock)
    if (
        (iterations or 0) > MAX_ISMCTS_ITERATIONS
        or (seconds or 0) > MAX_ISMCTS_SECONDS
        or (batch or 0) > MAX_BOT_BATCH
    ):
        raise ApiError(
            422,
            "invalid_seat",
            f"bot {spec!r} thinks too long for this server (at most "
            f"{MAX_ISMCTS_ITERATIONS} iterations, {MAX_ISMCTS_SECONDS:g} s or a batch of "
            f"{MAX_BOT_BATCH})",
        )
    return name


def resolve_card_set(options: Any, card_sets: dict[str, str]) -> tuple[Any, str | None]:
    """Client ``options`` with a card-set *name* replaced by the operator's file for it (422
    for anything else); nothing a client sends ever becomes a path. Returns (options, name)."""
    if not isinstance(options, dict) or options.get("cards") is None:
        return options, None
    name = options["cards"]
    if not isinstance(name, str) or name not in card_sets:
        offered = ", ".join(sorted(card_sets)) or "none (only the standard cards)"
        raise ApiError(
            422, "invalid_options", f"'cards' names a card set this server offers: {offered}"
        )
    return {**options, "cards": card_sets[name]}, name


def game_catalogue() -> list[dict]:
    """What the lobby may offer: each game's adapter catalogue (its player counts, its rules
    options and their choices, its board, and ``web``: whether the web game page can show it;
    a lobby offers only games with ``web`` true)."""
    return [get_adapter(name).catalogue() for name in game_names()]


# ---- building a game --------------------------------------------------------------------------


@dataclass
class NewGame:
    row: GameRow
    state: Any
    log: list[dict]
    tokens: dict[int | None, str]  # seat (None: spectators) -> the secret, shown once


def build_game(
    game: str,
    seats: list[dict],
    options: dict | None = None,
    seed: int | None = None,
    actions: list[str] | None = None,
    card_sets: dict[str, str] | None = None,
    practice: bool = False,
    public: bool = False,
    table: dict | None = None,
) -> NewGame:
    """Validate a game request and build the game (not yet stored). ``actions`` (not offered by
    the HTTP API) plays a known history first: tests start games near their end with it.
    ``card_sets`` maps the card-set names this server offers to the operator's files;
    ``practice``: the game offers hints (see :mod:`empires.server.coach`); ``public``: listed
    in the lobby. A game with an open seat waits ("waiting") until every seat is taken.
    ``table``: its clock and stand-in bot (see :func:`table_config`)."""
    adapter, n = _check_game(game, seats)
    options, card_set = resolve_card_set(options, card_sets or {})
    opts = _parse_options(adapter, options)
    seeded = seed is not None
    if seed is None:
        seed = secrets.randbits(62)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ApiError(422, "invalid_seed", f"a seed is an integer from 0 to {MAX_SEED}")
    seat_rows, tokens = _seat_rows(seats, adapter.name)
    try:
        state = adapter.new_game(n, seed=seed, options=opts)
    except (ValueError, TypeError) as exc:
        raise ApiError(
            422,
            "invalid_options",
            str(exc) if card_set is None else "the options do not fit this card set",
        ) from None
    game_log: list[dict] = []
    played: list[tuple[int, str]] = []
    for raw in actions or []:
        seat = state.current_player
        entry = log_entry(state, len(game_log), seat, raw)
        state.apply(raw)
        entry["action"] = canonical = state.history["actions"][-1]
        game_log.append(entry)
        played.append((seat, canonical))
    config = dict(state.history["config"])
    if card_set is not None:
        config["card_set"] = card_set
    if table is not None:
        config["table"] = table_config(table, adapter.name)
    stamp = now()
    waiting = any(s.open for s in seat_rows)
    row = GameRow(
        id=security.new_game_id(),
        game=adapter.name,
        config=config,
        seed=seed,
        status="finished" if state.is_terminal() else "waiting" if waiting else "active",
        spectator_token_hash=security.hash_token(tokens[SPECTATOR]),
        created=stamp,
        finished=stamp if state.is_terminal() else None,
        seeded=seeded,
        seed_salt=security.new_salt(),
        touched=stamp,
        seats=seat_rows,
        actions=played,
        practice=practice is True,
        listed=public is True and waiting,
    )
    return NewGame(row, state, game_log, tokens)


def table_config(table: Any, game: str) -> dict:
    """A game's table settings ``{"clock": {...}, "stand_in": bot}`` checked (422 otherwise):
    its time budget (:func:`empires.server.table_clock.check_clock`) and the bot that plays for
    a human seat whose player left or ran out of time."""
    if not isinstance(table, dict) or set(table) - {"clock", "stand_in"}:
        raise ApiError(422, "invalid_table", "table settings are {'clock': ..., 'stand_in': bot}")
    try:
        clock = check_clock(table.get("clock"))
    except ValueError as exc:
        raise ApiError(422, "invalid_table", str(exc)) from None
    stand_in = table.get("stand_in")
    spec = DEFAULT_STAND_IN if stand_in is None else check_bot_spec(stand_in, game)
    return {"clock": clock, "stand_in": spec}


def _check_game(game: Any, seats: Any) -> tuple[GameAdapter, int]:
    if not isinstance(game, str) or game not in game_names():
        raise ApiError(
            422, "invalid_game", f"unknown game {game!r}; known: {', '.join(game_names())}"
        )
    adapter = get_adapter(game)
    if not isinstance(seats, list) or not seats:
        raise ApiError(422, "invalid_seats", "give one seat per player")
    n = len(seats)
    if not adapter.min_players <= n <= adapter.max_players:
        raise ApiError(
            422,
            "invalid_seats",
            f"{game} takes {adapter.min_players} to {adapter.max_players} players, not {n}",
        )
    return adapter, n


def _parse_options(adapter: GameAdapter, options: Any) -> Any:
    try:
        return adapter.options_from_json(options)
    except (ValueError, TypeError) as exc:
        raise ApiError(422, "invalid_options", str(exc)) from None


def _seat_rows(seats: list, game: str) -> tuple[list[SeatRow], dict[int | None, str]]:
    """The seats' rows and the secrets of the human seats and the spectator link."""
    tokens: dict[int | None, str] = {}
    seat_rows: list[SeatRow] = []
    for i, spec in enumerate(seats):
        if not isinstance(spec, dict):
            raise ApiError(422, "invalid_seat", f"seat {i} must be an object")
        kind = spec.get("kind")
        name = spec.get("name")
        if name is not None and (not isinstance(name, str) or len(name.strip()) > MAX_NAME_LENGTH):
            raise ApiError(
                422, "invalid_seat", f"seat {i}: a name is at most {MAX_NAME_LENGTH} characters"
            )
        bad = security.control_character(name) if name is not None else None
        if bad is not None:
            raise ApiError(
                422,
                "invalid_seat",
                f"seat {i}: a name cannot hold control characters (found U+{ord(bad):04X})",
            )
        name = " ".join(name.split()) if name else None
        if kind == "human":
            token = security.new_token()
            tokens[i] = token
            seat_rows.append(
                SeatRow(i, "human", None, name or f"Player {i + 1}", security.hash_token(token))
            )
        elif kind == "open":  # anyone may join (empires.server.open_games)
            seat_rows.append(SeatRow(i, "human", None, name or f"Player {i + 1}", None, True))
        elif kind == "bot":
            bot = check_bot_spec(spec.get("bot"), game)
            if not name:
                name = f"{bot.split(':')[0].title()} bot"
                if any(r.name == name for r in seat_rows):
                    name = f"{name} {i + 1}"
            seat_rows.append(SeatRow(i, "bot", bot, name, None))
        else:
            raise ApiError(422, "invalid_seat", f"seat {i}: kind must be 'human', 'open' or 'bot'")
    tokens[SPECTATOR] = security.new_token()
    return seat_rows, tokens


def engine_config(row: GameRow, card_sets: dict[str, str] | None) -> dict:
    """The config the engine replays: a card set by its name resolved to the operator's file
    *now* (SaveFileError when this server no longer offers it)."""
    name = row.config.get("card_set")
    config = {k: v for k, v in row.config.items() if k not in ("card_set", "table")}
    if name is None:
        return config
    path = (card_sets or {}).get(name)
    if path is None:
        raise SaveFileError(f"the card set {name!r} is not offered by this server any more")
    return {**config, "options": {**config.get("options", {}), "cards": path}}


def restore(
    row: GameRow, card_sets: dict[str, str] | None = None, stop_at_error: bool = False
) -> tuple[Any, list[dict]]:
    """The game and its log rebuilt from a stored row (SaveFileError if it does not replay; or,
    with ``stop_at_error``, the game as far as its history replays)."""
    adapter = get_adapter(row.game)
    history = {
        "game": row.game,
        "config": engine_config(row, card_sets),
        "seed": row.seed,
        "actions": [],
    }
    state = adapter.replay(history)
    game_log = []
    for i, (seat, action) in enumerate(row.actions):
        try:
            if state.current_player != seat:
                raise SaveFileError(
                    f"action {i} was stored for seat {seat}, "
                    f"but seat {state.current_player} was to play"
                )
            entry = log_entry(state, i, seat, action)
            if i in row.stand_ins:
                entry["stand_in"] = row.stand_ins[i]
            try:
                state.apply(action)
            except IllegalActionError as exc:
                raise SaveFileError(f"action {i} ({action!r}) cannot be replayed: {exc}") from None
        except SaveFileError:
            if stop_at_error:
                break
            raise
        game_log.append(entry)
    return state, game_log
