"""Live games: each open game's engine state, its lock, its bots and its watchers.

The rules engine is the only judge of an action: a submitted action is applied to a *copy* of the
game (the engine raises and changes nothing when it is malformed or illegal), stored, and only then
does the copy become the live game and every watcher hear of it. So an action is persisted before
it is acknowledged, and a failed write changes nothing.

Bots think in a worker thread on a copy of the game, one action at a time, under the game's lock
(or, with ``--bots queue``, in separate bot-worker processes: :mod:`empires.server.bot_runner`);
each bot decision is made by a fresh bot seeded from (game seed, seat, action index), so a bot's
moves depend only on the stored history and a restarted server continues a game exactly as the
old one would have. Only the views below ever leave this module: observations for a seat (or a
spectator), legal actions with their descriptions for the seat to play, and the log and the
engine's events as that viewer may read them (a secret move is named only to its actor; the raw
action string reaches only its actor). The seed stays secret until the game is finished; until
then only its commitment (see :func:`security.seed_commitment`) is shown.

Games nobody uses expire (see :meth:`GameManager.sweep`); a stored game that cannot be read is
quarantined (logged, marked, refused) and never stops the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import anyio
import anyio.to_thread
import orjson

from empires import i18n
from empires.bots import bot_names, make_bot
from empires.bots.analysis import hint_in
from empires.core.adapter import GameAdapter, game_names, get_adapter
from empires.core.errors import IllegalActionError, SaveFileError
from empires.server import security, take_back
from empires.server.bot_runner import BotRunner, ThreadBotRunner
from empires.server.db import CorruptRow, GameRow, SeatRow, Store, now
from empires.server.score_track import ScoreTracker, score_track
from empires.server.shared_log import SharedLog, StaleWrite
from empires.server.table_clock import DEFAULT_STAND_IN, TableClock, check_clock
from empires.server.view_language import (
    observation_in,
    retold,
    seat_namer,
    with_message,
)
from empires.server.view_names import component_names

log = logging.getLogger("empires.server")

GAME_ID = re.compile(r"^[0-9a-f]{16}$")
MAX_ACTION_LENGTH = 128
MAX_NAME_LENGTH = 24
MAX_SEED = 2**63 - 1
# Bots a game may seat: the registry's names, plus bounded ISMCTS specs ("ismcts:400").
MAX_ISMCTS_ITERATIONS = 5000
MAX_ISMCTS_SECONDS = 5.0
# A replay keeps a copy of the game every this many actions, to answer any step quickly.
REPLAY_CHECKPOINT = 32
CARD_SET_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,31}$")
TOUCH_EVERY = 300.0  # seconds: a seat joining marks its game touched at most this often
PUBLIC_EVENTS_KEPT = 64  # the last events anyone may read kept rendered (LiveGame.public_events)


class ApiError(Exception):
    """A request the server refuses: ``status`` (4xx/5xx), a short ``code`` and a sentence;
    ``retry_after`` (seconds) for a client over its limits."""

    def __init__(
        self, status: int, code: str, message: str, retry_after: float | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.retry_after = retry_after

    def headers(self) -> dict[str, str] | None:
        if self.retry_after is None:
            return None
        return {"Retry-After": str(max(1, int(self.retry_after + 0.999)))}

    def to_json(self, lang: str = i18n.DEFAULT) -> dict:
        """``{"error", "detail"}``: the code as is, the sentence in ``lang`` (a validated
        language: :func:`empires.server.view_language.language`) where the catalogue has that
        very sentence (one lookup: a sentence holding a client's value stays English)."""
        return {"error": self.code, "detail": i18n.translate(self.message, lang)}


@dataclass
class Seat:
    seat: int
    kind: str  # human | bot
    bot: str | None
    name: str
    token_hash: str | None
    open: bool = False  # waiting for a player to join (empires.server.open_games)

    def public(self) -> dict:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "bot": self.bot,
            "name": self.name,
            "open": self.open,
        }


SPECTATOR = None  # the "seat" of a spectator link


def quarantined() -> ApiError:
    return ApiError(
        410,
        "quarantined",
        "this game's stored record is damaged and has been set "
        "aside; the server's operator can see why in its log",
    )


def dumps(value: Any) -> str:
    """``value`` as compact JSON text (orjson: several times faster than ``json``; keys that
    are not strings are written as ``json`` would, e.g. ``null`` for None). orjson's option
    for such keys makes it slower on every dict, so it is asked for only when a key needs it."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:  # a key that is not a string (or a value orjson cannot write: raised)
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def bot_seed(game_seed: int, seat: int, index: int) -> int:
    digest = hashlib.sha256(f"empires-bot:{game_seed}:{seat}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def check_bot_spec(spec: Any, game: str) -> str:
    """The normalised bot spec, or ApiError(422) saying why it cannot be seated at ``game``."""
    if not isinstance(spec, str) or not spec.strip() or len(spec) > 64:
        raise ApiError(422, "invalid_seat", "a bot seat needs a bot name, e.g. 'random'")
    name = spec.strip().lower()
    if name not in bot_names() and not name.startswith("ismcts:"):
        raise ApiError(
            422, "invalid_seat", f"unknown bot {spec!r}; known bots: {', '.join(bot_names())}"
        )
    try:
        bot = make_bot(name, game, 0)
    except ValueError as exc:
        raise ApiError(422, "invalid_seat", str(exc)) from None
    iterations = getattr(bot, "iterations", None)
    seconds = getattr(bot, "seconds", None)
    if (iterations or 0) > MAX_ISMCTS_ITERATIONS or (seconds or 0) > MAX_ISMCTS_SECONDS:
        raise ApiError(
            422,
            "invalid_seat",
            f"bot {spec!r} thinks too long for this server (at most "
            f"{MAX_ISMCTS_ITERATIONS} iterations or {MAX_ISMCTS_SECONDS:g} s)",
        )
    return name


def _describe(state, action, viewer: Any = -2) -> dict:
    """The words of ``action`` (before it is applied) as a message
    (:mod:`empires.core.messages`): as its decider reads them (-2), or as ``viewer`` (a seat,
    None: a spectator) may (``describe_msg``)."""
    try:
        return state.describe_msg(action, viewer)
    except Exception:  # words for an action must never stop a game
        if viewer == -2:
            return {"msg": "{text}", "args": {"text": {"text": str(action)}}}
        return {"msg": "A move.", "args": {}}


def _checked(state, action: str) -> Any:
    """``action`` (words) as the engine's check reads it (the words themselves if it cannot:
    ``apply`` says why)."""
    try:
        return state.check(action)
    except Exception:
        return action


def log_entry(state, index: int, seat: int, action: str, value: Any = None) -> dict:
    """The server's log entry for ``action`` (canonical, about to be applied by ``seat``). Its
    ``message`` is the actor's words (a message: empires.core.messages); when a spectator would
    read other words (a secret pick), ``views`` holds each other viewer's own. Never sent as
    is: see :func:`entry_for`. ``value``: the action as the engine's check returned it, when
    known (described without reading the words again)."""
    named = _checked(state, action) if value is None else value
    mine = _describe(state, named)
    entry = {"index": index, "seat": seat, "action": action, "message": mine}
    public = _describe(state, named, None)
    if public != mine:
        views: dict[int | None, dict] = {None: public}
        for q in range(state.num_players):
            if q != seat:
                views[q] = _describe(state, named, q)
        entry["views"] = views
    return entry


def entry_for(entry: dict, viewer: int | None, tell: Callable[[dict], str]) -> dict:
    """``entry`` as ``viewer`` may read it: the raw action only for its actor; its message
    (``msg``, ``args``) as that viewer may read it and its ``text`` told by ``tell`` (in the
    reader's language, with the table's names: :meth:`LiveGame.teller`)."""
    if viewer is not None and viewer == entry["seat"]:
        out = {"index": entry["index"], "seat": entry["seat"], "action": entry["action"]}
        message = entry["message"]
    else:
        views = entry.get("views")
        message = entry["message"] if views is None else views.get(viewer, views[None])
        out = {"index": entry["index"], "seat": entry["seat"]}
    out = with_message(message, tell(message), **out)
    if entry.get("stand_in"):  # played by the table's bot for an absent human (table_clock)
        out["stand_in"] = entry["stand_in"]
    return out


def public_config(config: dict) -> dict:
    """A stored game config as clients may see it: an operator's card set by its name, never
    its file."""
    options = config.get("options")
    if not isinstance(options, dict) or options.get("cards") is None:
        return config
    return {**config, "options": {**options, "cards": config.get("card_set")}}


def hide_path(value: Any, path: str | None, name: str | None) -> Any:
    """``value`` (an engine view) with every string equal to ``path`` (an operator's card file)
    replaced by the card set's ``name``: a server-side path never reaches a client."""
    if path is None:
        return value
    if isinstance(value, dict):
        return {k: hide_path(v, path, name) for k, v in value.items()}
    if isinstance(value, list):
        return [hide_path(v, path, name) for v in value]
    return name if value == path else value


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


# ---- a live game ------------------------------------------------------------------------------


class LiveGame:
    def __init__(self, row: GameRow, state: Any, game_log: list[dict]) -> None:
        self.id = row.id
        self.game = row.game
        self.config = row.config
        self.seed = row.seed
        self.seeded = row.seeded
        self.seed_salt = row.seed_salt
        self.status = row.status
        self.created = row.created
        self.touched = float("-inf")  # when a seat last joined (memory only, for TOUCH_EVERY)
        self.creator: str | None = None  # the client that created it (memory only)
        self.spectator_hash = row.spectator_token_hash
        self.seats = [Seat(s.seat, s.kind, s.bot, s.name, s.token_hash, s.open) for s in row.seats]
        self.listed = row.listed  # open games: shown in the lobby (empires.server.open_games)
        self.rematch_of = row.rematch_of
        self.rematch = row.rematch  # the id of this game's rematch, once made
        self.rating = row.rating  # what rating it brought, once known (empires.server.ratings)
        self.state = state
        self.log = game_log
        self.error: str | None = None
        self.lock = asyncio.Lock()
        self.version = 0
        self.closed = False
        self.connections = 0  # open websockets, seats' and spectators'
        self.spectators: dict[str, int] = {}  # open spectator websockets by client address
        self.bot_task: asyncio.Task | None = None
        self._changed = asyncio.Event()
        self.changing = 0  # commits under way (GameManager._commit): pushes wait for them
        self._settled = asyncio.Event()  # set while nothing is changing
        self._settled.set()
        self._views: dict[tuple[int | None, str], str] = {}  # by (seat, language)
        # messages by (seat, log from, events from, language), shared by the connections that
        # ask for the same one: the text before and after the server's clock, and where the
        # next message's log and events start (see message)
        self._messages: dict[tuple, tuple[str, str, int, int]] = {}
        self._summary: dict | None = None  # this version's summary, shared by the views
        # (state, actions, its shared_observation): see _shared_observation
        self._shared_obs: tuple[Any, int, Any] | None = None
        self._fixed_parts: tuple | None = None  # what of the summary never changes (_fixed)
        self._replay: list[Any] | None = None  # checkpoints, built on the first replay request
        self._event_counts: list[int] = []  # events in the stream after each action (replays)
        self._score_track: dict | None = None  # each seat's score per turn, once finished
        # ... followed action by action from the start (None: replayed once finished)
        self._tracker = ScoreTracker.start(state) if not game_log else None
        # the last events anyone may read, rendered once (public_events): (the state they are
        # of, the position of the first one kept, the events kept)
        self._public: tuple[Any, int, list[dict]] = (None, 0, [])
        self.practice = row.practice  # hints on offer (empires.server.coach)
        self.hints = list(row.hints)  # {"index", "seat", "hint"}: recorded, by index
        self.hinting: set[int] = set()  # seats whose hint is being computed
        self.analysis: dict | None = None  # the stored post-game analysis, once read or made
        self.analysis_job: Any = None  # the analysis under way (coach.AnalysisJob)
        self.card_set = self.config.get("card_set")
        engine_options = state.history["config"].get("options") or {}
        self.card_path = engine_options.get("cards") if self.card_set else None
        # The table (empires.server.table): clocks, absent seats, undos.
        self.table = TableClock(self.config.get("table"), len(self.seats), row.clocks)
        self.undos = list(row.undos)  # {"seq", "index", "seat", "actions"}
        self.epoch = 0  # grows when actions are taken back: watchers read the log again
        self.clock: Callable[[], float] = time.time  # the manager's clock (for "now")

    @property
    def moves(self) -> int:
        """Actions ever applied plus undos: what ``expect`` names (empires.server.take_back)."""
        return take_back.moves(len(self.log), self.undos)

    def bot_for(self, seat: int) -> str | None:
        """The bot that plays ``seat``: its own, or the table's stand-in for an absent human."""
        if self.seats[seat].kind == "bot":
            return self.seats[seat].bot
        return self.table.stand_in if self.table.away(seat) else None

    # ---- change notification ----
    def notify(self) -> None:
        self.version += 1
        self._views.clear()
        self._messages.clear()
        self._summary = None
        self._shared_obs = None
        event, self._changed = self._changed, asyncio.Event()
        event.set()

    async def wait_change(self, seen: int) -> None:
        while self.version == seen and not self.closed:
            await self._changed.wait()

    def changed_done(self) -> None:
        """A commit counted in :attr:`changing` ended (stored and published, or refused)."""
        self.changing -= 1
        if not self.changing:
            self._settled.set()

    async def settled(self) -> None:
        """Until no commit is under way: a push built now would be outdated by the one being
        stored (a bot's reply to a human's action, say), so it waits and sends one view of
        both changes. A push waits for at most the commits under way when it asks, never for
        the ones after: a pusher calls this once per change it is told of."""
        if self.changing:
            self._settled.clear()
            await self._settled.wait()

    def close(self) -> None:
        self.closed = True
        self.notify()

    # ---- views (never the raw state, never the seed while the game runs) ----
    def _fixed(self) -> tuple[Any, str, str | None]:
        """The summary's parts a game keeps all its life (its public options, when it was
        created, the seed commitment: a SHA-256), worked out once; again only should one of
        their sources be replaced."""
        sources = (self.config, self.created, self.seed, self.seed_salt)
        kept = self._fixed_parts
        if kept is None or any(a is not b for a, b in zip(kept[0], sources, strict=True)):
            commitment = (
                security.seed_commitment(self.seed, self.seed_salt) if self.seed_salt else None
            )
            options = public_config(self.config).get("options")
            kept = self._fixed_parts = (sources, (options, self.created.isoformat(), commitment))
        return kept[1]

    def summary(self) -> dict:
        st = self.state
        terminal = st.is_terminal()
        options, created, commitment = self._fixed()
        out = {
            "id": self.id,
            "game": self.game,
            "status": self.status,
            "error": self.error,
            "num_players": st.num_players,
            "options": options,
            "seats": [s.public() for s in self.seats],
            "actions": len(self.log),
            "current_player": None if terminal else st.current_player,
            "terminal": terminal,
            "created": created,
            "seeded": self.seeded,
            "practice": self.practice,
            "moves": self.moves,
            "listed": self.listed,
            "rematch": self.rematch,
            "rematch_of": self.rematch_of,
            "seed_commitment": commitment,
        }
        if self.status == "finished":
            out["seed_reveal"] = {
                "seed": self.seed,
                "salt": self.seed_salt,
                "format": security.SEED_FORMAT,
            }
        return out

    def score_track(self) -> dict | None:
        """Each seat's score at the end of every turn (:mod:`empires.server.score_track`),
        computed once the game is over (a finished game never changes)."""
        if self._score_track is None and self.state.is_terminal():
            tracker, self._tracker = self._tracker, None
            if tracker is not None:
                self._score_track = tracker.track(self.state, len(self.log))
            if self._score_track is None:  # not followed from the start: replayed
                start = get_adapter(self.game).replay({**self.state.history, "actions": []})
                self._score_track = score_track(start, [e["action"] for e in self.log])
        return self._score_track

    def follow_scores(self) -> None:
        """After an action applied to the live state and logged: the score track follows it
        (and stops following, for a replay once finished, after a change it did not see)."""
        tracker = self._tracker
        if tracker is None:
            return
        try:
            followed = tracker.follow(self.state, len(self.log), self.public_events)
        except Exception:  # the chart must never stop a game: it is replayed once finished
            log.exception("game %s: the score track stops following", self.id)
            followed = False
        if not followed:
            self._tracker = None

    def public_events(self, since: int) -> list[dict]:
        """``state.events(None, since)``, the events anyone may read from position ``since``
        on. The last :data:`PUBLIC_EVENTS_KEPT` or more are rendered once, for the score track
        and every spectator's message (dicts shared between them: none of them changes one);
        older ones (a spectator's first message) are rendered again for each asker."""
        st = self.state
        of, start, kept = self._public
        if of is not st:  # another state (an undo, a reload): its own events
            of, start, kept = self._public = (st, since, [])
        elif since < start:
            return st.events(None, since)
        kept.extend(st.events(None, start + len(kept)))
        if len(kept) > 2 * PUBLIC_EVENTS_KEPT:
            drop = len(kept) - PUBLIC_EVENTS_KEPT
            del kept[:drop]
            self._public = (st, start + drop, kept)
            start += drop
        return kept[since - start :]

    def _shared_summary(self) -> dict:
        """:meth:`summary` made once per version for every seat's view (views are made only
        of what :meth:`notify` announces; it drops this)."""
        if self._summary is None:
            self._summary = self.summary()
        return self._summary

    def _shared_observation(self) -> Any:
        """The state's ``shared_observation`` (what every viewer sees alike), made once per
        version for the seat's and the spectators' views (0.6 per action under load, nearly
        every one asked for by both); made again once the state changed in any way (another
        state, a new version, an action applied before it is announced)."""
        st, actions = self.state, len(self.log)
        kept = self._shared_obs  # (dropped by notify, as the version changes)
        if kept is None or kept[0] is not st or kept[1] != actions:
            kept = self._shared_obs = (st, actions, st.shared_observation())
        return kept[2]

    def teller(self, lang: str = i18n.DEFAULT) -> Callable[[dict], str]:
        """A message of this game (an event's, a choice's, a log entry's) -> its text in
        ``lang``, seats by their players' names (:func:`seat_namer`)."""
        render, seats = self.state.render, seat_namer([s.name for s in self.seats], lang)

        def tell(message: dict) -> str:
            return render(message, lang, seats)

        return tell

    def view(self, seat: int | None, lang: str = i18n.DEFAULT) -> dict:
        """The state message of ``seat`` (None: a spectator) in ``lang``, log and events
        aside (see :meth:`message`)."""
        st = self.state
        terminal = st.is_terminal()
        current = st.current_player
        legal: list[dict] = []
        if (
            seat is not None
            and not terminal
            and current == seat
            and self.seats[seat].kind == "human"
            and not self.table.away(seat)
            and self.status == "active"
        ):
            tell = self.teller(lang)
            for a in st.legal_actions():
                message = _describe(st, a, seat)
                legal.append(with_message(message, tell(message), action=str(a)))
        observation = hide_path(
            st.observation_from(self._shared_observation(), seat), self.card_path, self.card_set
        )
        names = component_names(self.game, observation)  # what it shows by id
        if lang != i18n.DEFAULT:  # (a copy: parts of the observation are shared by the views)
            observation = observation_in(orjson.loads(dumps(observation)), lang)
            names = {
                k: {i: i18n.translate(n, lang) for i, n in t.items()} for k, t in names.items()
            }
        out = {
            "type": "state",
            "version": self.version,
            "game": self._shared_summary(),
            "you": seat,
            "observation": observation,
            "names": names,
            "legal": legal,
            "waiting_for": None if terminal else current,
        }
        if terminal:
            out["result"] = {
                "scores": st.scores(),
                "ranking": st.ranking(),
                "score_track": self.score_track(),
            }
            if self.rating is not None:  # each rated seat's change, or why it is not rated
                out["result"]["rating"] = self.rating
        if self.practice:
            out["hints"] = [
                r if lang == i18n.DEFAULT else {**r, "hint": hint_in(r["hint"], lang)}
                for r in self.hints_for(seat)
            ]
        out["table"] = {
            **self.table.view(),
            "undoable": take_back.cached_undos(self, seat) if legal else 0,
            "undos": take_back.public_undos(self.undos),
        }
        return out

    def hints_for(self, viewer: int | None) -> list[dict]:
        """The recorded hints ``viewer`` may read: a seat's own while the game runs (a hint is
        private to its seat), everyone's once it is finished."""
        if self.status == "finished":
            return list(self.hints)
        return [h for h in self.hints if viewer is not None and h["seat"] == viewer]

    def forget_views(self, seat: int | None) -> None:
        """Drop ``seat``'s cached messages (its hints changed; nobody else's view did)."""
        for key in [k for k in self._views if k[0] == seat]:
            del self._views[key]
        for key in [k for k in self._messages if k[0] == seat]:
            del self._messages[key]

    def view_json(self, seat: int | None, lang: str = i18n.DEFAULT) -> str:
        """:meth:`view` as JSON, made once per version for every connection of that seat and
        language."""
        text = self._views.get((seat, lang))
        if text is None:
            text = self._views[(seat, lang)] = dumps(self.view(seat, lang))
        return text

    def message(
        self, seat: int | None, log_from: int = 0, events_from: int = 0, lang: str = i18n.DEFAULT
    ) -> tuple[str, int, int]:
        """The state message for ``seat`` with the log entries from ``log_from`` on and the
        engine's events from position ``events_from`` on, each as ``seat`` may read it, in
        ``lang`` (:mod:`empires.server.view_language`); and where the next message's log and
        events start. Made (and translated) once per game version for every connection that
        asks for the same one (spectators, a seat's several tabs); only the server's clock
        ("now") is read at each call."""
        key = (seat, log_from, events_from, lang)
        parts = self._messages.get(key)
        if parts is None:
            parts = self._messages[key] = self._message_parts(seat, log_from, events_from, lang)
        head, tail, log_next, events_next = parts
        return f"{head}{self.clock()!r}{tail}", log_next, events_next

    def _message_parts(
        self, seat: int | None, log_from: int, events_from: int, lang: str
    ) -> tuple[str, str, int, int]:
        """:meth:`message` made: its text before and after the clock, and the next starts."""
        base = self.view_json(seat, lang)
        tell = self.teller(lang)
        entries = dumps([entry_for(e, seat, tell) for e in self.log[log_from:]])
        of, start, _ = self._public
        if seat is None and of is self.state and events_from >= start:
            # the events kept for every spectator and the score track, told again
            events = retold(self.public_events(events_from), lang, tell)
        else:
            seats = seat_namer([s.name for s in self.seats], lang)
            events = self.state.events(seat, events_from, lang, seats)
        head = f'{base[:-1]},"now":'
        tail = (
            f',"log_from":{log_from},"log":{entries},'
            f'"events_from":{events_from},"events":{dumps(events)}}}'
        )
        return head, tail, len(self.log), events_from + len(events)

    def full_message(self, seat: int | None, lang: str = i18n.DEFAULT) -> str:
        """:meth:`message` from the start (what a GET answers), kept until the game changes."""
        return self.message(seat, 0, 0, lang)[0]

    def public_log(self, lang: str = i18n.DEFAULT) -> list[dict]:
        tell = self.teller(lang)
        return [entry_for(e, SPECTATOR, tell) for e in self.log]

    def public_events_in(self, lang: str = i18n.DEFAULT) -> list[dict]:
        """Every event anyone may read, told in ``lang`` with the table's names."""
        seats = seat_namer([s.name for s in self.seats], lang)
        return self.state.events(None, 0, lang, seats)

    def public_history(self) -> dict:
        """The finished game's history (the seed is revealed by then), card files by name."""
        history = dict(self.state.history)
        history["config"] = public_config(self.config)
        return history

    # ---- replay (finished games) ----
    def replay_observation(self, step: int) -> tuple[dict, list[int]]:
        """The spectator's observation after ``step`` actions, and the seqs of the events
        (in the spectator's event stream) that action ``step`` produced."""
        actions = [e["action"] for e in self.log]
        if self._replay is None:
            start = get_adapter(self.game).replay({**self.state.history, "actions": []})
            game = start.clone()
            checkpoints = [game.clone()]
            counts = [len(game.events(None))]
            for i, a in enumerate(actions, 1):
                game.apply(a)
                counts.append(counts[-1] + len(game.events(None, counts[-1])))
                if i % REPLAY_CHECKPOINT == 0:
                    checkpoints.append(game.clone())
            self._replay, self._event_counts = checkpoints, counts
        game = self._replay[step // REPLAY_CHECKPOINT].clone()
        for a in actions[(step // REPLAY_CHECKPOINT) * REPLAY_CHECKPOINT : step]:
            game.apply(a)
        covered = (
            list(range(self._event_counts[step - 1], self._event_counts[step]))
            if step
            else list(range(self._event_counts[0]))
        )
        return hide_path(game.observation(None), self.card_path, self.card_set), covered


# ---- the manager ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Limits:
    """What one client may do, and when unused games go. Times in seconds; rates per second."""

    expire_after: float = 24 * 3600  # an active game no human acted in, untouched this long
    idle_after: float = 30 * 24 * 3600  # any active game untouched this long
    keep_finished: float = 7 * 24 * 3600  # finished (and expired) games kept for replays
    sweep_every: float = 600.0  # how often expiry runs (it also runs at start-up)
    create_rate: float = 1 / 30  # games one client may create: 2 a minute ...
    create_burst: float = 10  # ... after a first 10
    games_per_client: int = 20  # active games one client created (since start-up)
    view_rate: float = 20.0  # HTTP reads (views, replays) per client ...
    view_burst: float = 100
    message_rate: float = 10.0  # websocket messages per connection ...
    message_burst: float = 10
    client_rate: float = 30.0  # ... and actions/messages per client over all its connections
    client_burst: float = 60
    connect_rate: float = 2.0  # websocket connections per client
    connect_burst: float = 20
    abuse_strikes: int = 20  # refused messages after which a connection is closed (1008) ...
    ban_seconds: float = 60.0  # ... and its client may open no websocket for this long
    hint_iterations: int = 200  # the coach's search budget for one hint ...
    hints_at_once: int = 2  # ... and hints computed at the same time on this server
    analysis_iterations: int = 50  # search iterations per decision of a post-game analysis ...
    analyses_at_once: int = 1  # ... analyses running at the same time ...
    analyses_waiting: int = 8  # ... and waiting for their turn (more are refused: 503)
    away_after: float = 30 * 24 * 3600  # a seat to act with no websocket this long: a bot plays
    spectators_per_game: int = 200  # spectator websockets open on one game ...
    spectators_per_client: int = 16  # ... and from one address on one game (seats apart)
    chat_rate: float = 0.5  # chat messages one seat may post per second ...
    chat_burst: float = 5  # ... after a first few (empires.server.chat)

    def __post_init__(self) -> None:
        for name, value in self.__dict__.items():
            if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
                raise ValueError(f"limit {name} must be a positive number, not {value!r}")


class GameManager:
    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.0,
        max_active_games: int = 1000,
        max_cached_finished: int = 200,
        max_connections_per_game: int = 64,  # the seats' websockets (spectators: Limits)
        bot_threads: int = 4,
        card_sets: dict[str, str] | None = None,
        limits: Limits | None = None,
        clock: Callable[[], float] = time.time,
        bot_runner: BotRunner | None = None,
        broker: str | None = None,
        broker_channel: str = "empires",
    ) -> None:
        self.store = store
        # who thinks for the bots: this process's threads (default) or bot workers via a queue
        self.bots: BotRunner = bot_runner or ThreadBotRunner(bot_threads)
        self.clock = clock  # seconds; tests pass a controllable one (table clocks, deadlines)
        self.card_sets = dict(card_sets or {})
        self.limits = limits or Limits()
        self.create_limiter = security.RateLimiter(
            self.limits.create_rate, self.limits.create_burst
        )
        self.client_limiter = security.RateLimiter(
            self.limits.client_rate, self.limits.client_burst
        )
        self.connect_limiter = security.RateLimiter(
            self.limits.connect_rate, self.limits.connect_burst
        )
        self.view_limiter = security.RateLimiter(self.limits.view_rate, self.limits.view_burst)
        self._sweeper: asyncio.Task | None = None
        self._background: set[asyncio.Task] = set()
        self._banned: OrderedDict[str, float] = OrderedDict()  # client -> banned until
        self.bot_delay = bot_delay
        self.max_active_games = max_active_games
        self.max_cached_finished = max_cached_finished
        self.max_connections_per_game = max_connections_per_game
        self.games: dict[str, LiveGame] = {}
        self._finished: OrderedDict[str, None] = OrderedDict()  # LRU of finished games in memory
        self._loading: dict[str, asyncio.Future] = {}
        self._writes: list[tuple[tuple, asyncio.Future]] = []  # waiting for the writer
        self._writer: asyncio.Task | None = None
        self._db_limiter: anyio.CapacityLimiter | None = None
        self.closing = False
        # Several processes sharing the games (empires.server.shared_log): None in one process.
        self.shared: SharedLog | None = None
        if broker is not None:
            self.shared = SharedLog(self, broker, broker_channel)
        from empires.server.coach import Coach  # the coach builds on this module

        self.coach = Coach(self)
        from empires.server.chat import Chat  # the chat builds on this module too

        self.chat = Chat(self)
        from empires.server.accounts import Accounts  # accounts and ratings build on it too
        from empires.server.ratings import Ratings

        self.accounts = Accounts(self)
        self.ratings = Ratings(self)
        from empires.server.table import Table  # undo, clocks, absent players

        self.table = Table(self)

    def adopt(self, game: LiveGame) -> None:
        """A game comes into memory: with other processes sharing the games, its lock first
        catches it up with the store (see :mod:`empires.server.shared_log`)."""
        if self.shared is not None:
            self.shared.adopt(game)

    def ban(self, client: str) -> None:
        """Refuse websockets from ``client`` for ``limits.ban_seconds`` (it flooded one)."""
        self._banned[client] = time.monotonic() + self.limits.ban_seconds
        self._banned.move_to_end(client)
        while len(self._banned) > 10_000:
            self._banned.popitem(last=False)

    def banned(self, client: str) -> bool:
        until = self._banned.get(client)
        if until is None:
            return False
        if until <= time.monotonic():
            del self._banned[client]
            return False
        return True

    # ---- life cycle ----
    async def start(self) -> None:
        await self.open_for_worker()
        if self.shared is not None:
            await self.shared.start()
        await self.bots.start(self)
        await self.sweep()
        ids = await self._db(self.store.game_ids, "active")
        resumed = 0
        for game_id in ids:
            try:
                game = await self.get(game_id)
            except ApiError:  # quarantined, and logged, by _load
                continue
            if game is not None:
                resumed += 1
                self.kick_bots(game)
        log.info("resumed %d active game(s)", resumed)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_loop())
        self.table.start()

    async def open_for_worker(self) -> None:
        """Open the store (migrated) without resuming games or starting the sweeper: all a bot
        worker (empires.server.bot_worker) needs; :meth:`start` begins with it."""
        sqlite = self.store.engine.dialect.name == "sqlite"
        self._db_limiter = anyio.CapacityLimiter(1 if sqlite else 8)
        await anyio.to_thread.run_sync(self.store.migrate)

    async def _sweep_loop(self) -> None:
        while not self.closing:
            await asyncio.sleep(self.limits.sweep_every)
            try:
                await self.sweep()
            except Exception:  # a failed sweep is tried again next time
                log.exception("expiring games failed")

    async def sweep(self) -> tuple[list[str], int]:
        """Expire the games nobody uses and delete old finished ones (see :class:`Limits`); a
        game with a connection open counts as touched. Returns (expired ids, deleted count)."""
        for game in list(self.games.values()):
            if game.connections > 0 and game.status == "active":
                await self._db(self.store.touch, game.id)
        stamp = now()
        lim = self.limits
        expired, deleted = await self._db(
            self.store.expire,
            stamp - timedelta(seconds=lim.expire_after),
            stamp - timedelta(seconds=lim.idle_after),
            stamp - timedelta(seconds=lim.keep_finished),
        )
        for game_id in expired:
            gone = self.games.pop(game_id, None)
            if gone is not None:
                if gone.bot_task is not None:
                    gone.bot_task.cancel()
                gone.status = "expired"
                gone.close()
        if expired or deleted:
            log.info("expired %d unused game(s), deleted %d old game(s)", len(expired), deleted)
        await self.ratings.sweep()  # ended sessions, finished games left unrated
        return expired, deleted

    def touch(self, game: LiveGame, seat: int | None) -> None:
        """A seat's token was used: the game is not abandoned (stored at most every few
        minutes)."""
        if seat is SPECTATOR or game.status != "active":
            return
        if time.monotonic() - game.touched < TOUCH_EVERY:
            return
        game.touched = time.monotonic()

        async def write() -> None:
            try:
                await self._db(self.store.touch, game.id)
            except Exception:
                log.exception("cannot mark game %s touched", game.id)

        task = asyncio.get_running_loop().create_task(write())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def stop(self) -> None:
        self.closing = True
        self.coach.stop()
        self.table.stop()
        if self._sweeper is not None:
            self._sweeper.cancel()
        tasks = [g.bot_task for g in self.games.values() if g.bot_task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.bots.stop()
        if self._writer is not None and not self._writer.done():
            # let a commit under way finish before closing the store
            await asyncio.wait([self._writer], timeout=30)
        for game in self.games.values():
            game.close()
        if self.shared is not None:
            await self.shared.stop()
        await anyio.to_thread.run_sync(self.store.close)

    async def _db(self, func, *args):
        return await anyio.to_thread.run_sync(func, *args, limiter=self._db_limiter)

    async def _store_action(
        self,
        game_id: str,
        index: int,
        seat: int,
        action: str,
        finished: bool,
        human: bool = False,
        stand_in: str | None = None,
    ) -> None:
        """Store one action; returns once it is committed. Actions of different games that
        arrive while a commit is under way are committed together in the next one."""
        future = asyncio.get_running_loop().create_future()
        row = (game_id, index, seat, action, finished, human, stand_in)
        self._writes.append((row, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write_loop())
        await future

    async def _write_loop(self) -> None:
        while self._writes:
            batch, self._writes = self._writes, []
            rows = [row for row, _ in batch]
            try:
                await self._db(self.store.append_actions, rows)
                results: list[Exception | None] = [None] * len(batch)
            except Exception:
                # One bad row must not sink the others: write them one by one.
                results = []
                for row in rows:
                    try:
                        await self._db(self.store.append_actions, [row])
                        results.append(None)
                    except Exception as exc:
                        results.append(exc)
            for (_, future), error in zip(batch, results, strict=True):
                if future.done():
                    continue
                if error is None:
                    future.set_result(None)
                else:
                    future.set_exception(error)

    # ---- finding games ----
    async def get(self, game_id: str) -> LiveGame | None:
        if not isinstance(game_id, str) or not GAME_ID.match(game_id):
            return None
        game = self.games.get(game_id)
        if game is not None:
            if game_id in self._finished:
                self._finished.move_to_end(game_id)
            return game
        pending = self._loading.get(game_id)
        if pending is None:
            pending = asyncio.ensure_future(self._load(game_id))
            self._loading[game_id] = pending

            def done(task: asyncio.Future, game_id: str = game_id) -> None:
                self._loading.pop(game_id, None)
                if not task.cancelled():
                    task.exception()  # retrieved here, raised to every waiter below

            pending.add_done_callback(done)
        return await asyncio.shield(pending)

    async def _load(self, game_id: str) -> LiveGame | None:
        try:
            row = await self._db(self.store.load_game, game_id)
        except CorruptRow as exc:
            await self._quarantine(game_id, exc)
            return None
        if row is None:
            return None
        if row.status == "quarantined":
            raise quarantined()
        if row.status == "expired":
            raise ApiError(410, "expired", "this game expired: nobody played it for too long")
        card_set = row.config.get("card_set")
        if card_set is not None and card_set not in self.card_sets:
            # Not damaged: the operator may offer the set again (empires serve --cards).
            log.warning(
                "game %s uses the card set %r, which this server does not offer", game_id, card_set
            )
            raise ApiError(
                409,
                "card_set_unavailable",
                f"this game is played with the card set "
                f"{card_set!r}, which this server does not offer now",
            )
        error = None
        try:
            state, game_log = await anyio.to_thread.run_sync(restore, row, self.card_sets)
        except (SaveFileError, ValueError, KeyError, TypeError) as exc:
            # Keep what replays, and say why the game cannot go on.
            log.error("game %s does not replay: %s", game_id, exc)
            error = f"this game cannot be resumed: {exc}"
            try:
                state, game_log = await anyio.to_thread.run_sync(
                    lambda: restore(row, self.card_sets, stop_at_error=True)
                )
            except Exception as exc2:  # not even its start replays: the row itself is bad
                await self._quarantine(game_id, exc2)
                return None
        game = self.games.get(game_id)
        if game is not None:
            return game
        game = LiveGame(row, state, game_log)
        self.adopt(game)
        if error is not None:
            game.status, game.error = "error", error
        elif row.status == "active" and state.is_terminal():
            game.status = "finished"
            await self._db(self.store.set_status, game_id, "finished")
        await self.table.attach(game)
        self.games[game_id] = game
        if game.status not in ("active", "waiting"):
            self._remember_finished(game_id)
        return game

    def _remember_finished(self, game_id: str) -> None:
        self._finished[game_id] = None
        self._finished.move_to_end(game_id)
        while len(self._finished) > self.max_cached_finished:
            old, _ = self._finished.popitem(last=False)
            game = self.games.get(old)
            if game is not None and game.connections == 0:
                del self.games[old]
            elif game is not None:  # still watched: keep it, look again later
                self._finished[old] = None
                break

    async def _quarantine(self, game_id: str, exc: BaseException) -> None:
        """Set aside a stored game that cannot be read: one clear log line, marked in the store
        (never loaded again) and refused to clients; every other game goes on."""
        reason = " ".join(str(exc).split())[:200] or type(exc).__name__
        log.error(
            "quarantined game %s: its stored record cannot be read (%s: %s)",
            game_id,
            type(exc).__name__,
            reason,
        )
        with contextlib.suppress(Exception):
            await self._db(self.store.set_status, game_id, "quarantined")
        raise quarantined()

    async def require(self, game_id: str) -> LiveGame:
        game = await self.get(game_id)
        if game is None:
            raise ApiError(404, "unknown_game", f"no game {game_id!r}")
        return game

    # ---- who is asking ----
    @staticmethod
    def authenticate(game: LiveGame, token: str | None) -> int | None:
        """The seat ``token`` opens (None: the spectator link); 401/403 otherwise. Every
        digest is compared, in constant time, whatever matches."""
        if not token:
            raise ApiError(401, "missing_token", "this needs the token of a seat or spectator link")
        if not isinstance(token, str) or len(token) > security.MAX_TOKEN_LENGTH:
            raise ApiError(403, "bad_token", "this token does not open this game")
        found: list[int | None] = []
        if security.token_matches(token, game.spectator_hash):
            found.append(SPECTATOR)
        for seat in game.seats:
            if security.token_matches(token, seat.token_hash):
                found.append(seat.seat)
        if not found:
            raise ApiError(403, "bad_token", "this token does not open this game")
        return found[0]

    # ---- creating ----
    def check_create(self, client: str | None) -> None:
        """429 when ``client`` (its address) creates games too fast or has too many going."""
        if client is None:
            return
        mine = sum(
            1
            for g in self.games.values()
            if g.creator == client and g.status in ("active", "waiting")
        )
        if mine >= self.limits.games_per_client:
            raise ApiError(
                429,
                "too_many_games",
                f"you have {mine} games going on this server, the most it allows; "
                "finish or abandon some first",
                retry_after=self.limits.sweep_every,
            )
        wait = self.create_limiter.take(client)
        if wait:
            raise ApiError(
                429,
                "too_many_requests",
                f"you are creating games too fast; try again in {wait:.0f} s",
                retry_after=wait,
            )

    async def create(
        self,
        game: str,
        seats: list[dict],
        options: dict | None = None,
        seed: int | None = None,
        actions: list[str] | None = None,
        client: str | None = None,
        practice: bool = False,
        public: bool = False,
        table: dict | None = None,
    ) -> tuple[LiveGame, dict[int | None, str]]:
        active = sum(1 for g in self.games.values() if g.status == "active")
        if active >= self.max_active_games:
            raise ApiError(
                503,
                "server_full",
                "this server has too many games going; try later",
                retry_after=60,
            )
        self.check_create(client)
        new = await anyio.to_thread.run_sync(
            build_game,
            game,
            seats,
            options,
            seed,
            actions,
            self.card_sets,
            practice,
            public,
            table,
        )
        try:
            await self._db(self.store.create_game, new.row)
        except Exception as exc:
            log.exception("cannot store a new game")
            raise ApiError(503, "storage_error", "the game could not be stored; try again") from exc
        live = LiveGame(new.row, new.state, new.log)
        self.adopt(live)
        live.creator = client
        self.games[live.id] = live
        await self.table.attach(live)
        if live.status not in ("active", "waiting"):
            self._remember_finished(live.id)
        self.kick_bots(live)
        return live, new.tokens

    # ---- acting ----
    async def submit(
        self, game: LiveGame, seat: int | None, action: Any, expect: Any = None
    ) -> dict:
        """Apply ``action`` for ``seat`` (already authenticated) as move number ``expect``
        (required: the number of moves so far, which is the number of actions unless some
        were taken back: see :mod:`empires.server.take_back`); the seat's view of the log
        entry when accepted. Submissions are idempotent: the same action sent again with the
        same ``expect`` (a retry, a double click) is not applied again; its entry comes back
        marked ``"duplicate": true``."""
        if seat is SPECTATOR:
            raise ApiError(403, "spectator", "a spectator link cannot act")
        if not isinstance(action, str) or not action.strip():
            raise ApiError(
                400,
                "malformed_action",
                'an action is a non-empty string, e.g. "place colonist dock"',
            )
        if len(action) > MAX_ACTION_LENGTH:
            raise ApiError(
                400, "malformed_action", f"an action is at most {MAX_ACTION_LENGTH} characters"
            )
        if expect is None:
            raise ApiError(
                400,
                "missing_expect",
                "say which action this is: 'expect' is the "
                "number of actions so far (it makes a resubmission harmless)",
            )
        if isinstance(expect, bool) or not isinstance(expect, int) or expect < 0:
            raise ApiError(400, "malformed_action", "'expect' must be the number of actions so far")
        async with game.lock:
            done = self._done_action(game, seat, action, expect)
            if done is not None:
                return done
            self._check_turn(game, seat)
            if expect != game.moves:
                raise ApiError(
                    409,
                    "stale",
                    f"the game has moved on: {game.moves} moves so far, not {expect}",
                )
            try:
                entry = await self._commit(game, seat, action)
            except ApiError as exc:  # another process stored this very move first: a retry
                done = self._done_action(game, seat, action, expect)
                if exc.code != "stale" or done is None:
                    raise
                return done
        self.kick_bots(game)
        return entry_for(entry, seat, game.teller())

    @staticmethod
    def _done_action(game: LiveGame, seat: int, action: str, expect: int) -> dict | None:
        """The answer to ``action`` sent again as move ``expect`` (already applied), or None."""
        at = take_back.action_at_step(expect, len(game.log), game.undos)
        if at is not None:
            done = game.log[at]
            if done["seat"] == seat and action in (done["action"], done.get("submitted")):
                return {**entry_for(done, seat, game.teller()), "duplicate": True}
        return None

    @staticmethod
    def _check_turn(game: LiveGame, seat: int) -> None:
        if game.status == "error":
            raise ApiError(409, "game_broken", game.error or "this game cannot go on")
        if game.status == "waiting":
            raise ApiError(409, "waiting", "the game starts once every open seat is taken")
        if game.state.is_terminal() or game.status != "active":
            raise ApiError(409, "game_over", "the game is over")
        current = game.state.current_player
        if current != seat:
            raise ApiError(
                409,
                "not_your_turn",
                f"it is {game.seats[current].name}'s turn (seat {current}), not yours",
            )
        # After a timeout (away "once") the seat's own move, if it comes before the stand-in's,
        # is taken: only an absent seat is refused.
        if game.table.absent(seat):
            raise ApiError(
                409,
                "away",
                "a bot plays this seat while you are away: take your seat back first",
            )

    async def _commit(
        self,
        game: LiveGame,
        seat: int,
        action: str,
        stand_in: str | None = None,
        value: Any = None,
    ) -> dict:
        """Validate, store, then apply in place and publish. Caller holds ``game.lock``.
        ``stand_in``: the bot playing for an absent human seat (marked in the log). ``value``:
        the action as a bot chose it (one of the legal actions; ``action`` is its words),
        checked as it is instead of reading the words again.

        The engine checks the action without applying it; the live state changes only once
        the action is stored (no copy of the state is made), so nobody ever sees an unstored
        action and a refused action or a failed write changes nothing. The last action's
        "finished" is stored just after it (a game loaded with a history that ends it is
        finished anyway). While it runs, the game counts as changing: a push about to be
        built waits for it (:meth:`LiveGame.settled`), one view for both changes."""
        game.changing += 1
        try:
            return await self._check_store_apply(game, seat, action, stand_in, value)
        finally:
            game.changed_done()

    async def _check_store_apply(
        self, game: LiveGame, seat: int, action: str, stand_in: str | None, value: Any = None
    ) -> dict:
        """:meth:`_commit`'s work."""
        state = game.state
        try:
            act = state.check(action if value is None else value)
        except IllegalActionError as exc:
            raise ApiError(422, "illegal_action", str(exc)) from None
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise ApiError(
                400, "malformed_action", f"cannot read the action {action!r}: {exc}"
            ) from None
        canonical = str(act)
        index = len(game.log)
        entry = log_entry(state, index, seat, canonical, act)
        if action != canonical:
            entry["submitted"] = action  # memory only: recognises a resubmission
        if stand_in is not None:
            entry["stand_in"] = stand_in
        human = game.seats[seat].kind == "human" and stand_in is None
        try:
            if self.shared is None:
                await self._store_action(game.id, index, seat, canonical, False, human, stand_in)
            else:  # checked against the shared log under the game's row lock
                row = (game.id, index, seat, canonical, False, human, stand_in)
                await self.shared.store_action(game, row)
        except StaleWrite:
            raise ApiError(
                409, "stale", f"the game has moved on: {game.moves} moves so far"
            ) from None
        except Exception as exc:
            log.exception("cannot store action %d of game %s", index, game.id)
            await self._resync(game)
            raise ApiError(
                503, "storage_error", "the action could not be stored; try again"
            ) from exc
        self._apply_stored(game, act)
        game.log.append(entry)
        game.follow_scores()
        if state.is_terminal():
            game.status = "finished"
            self._remember_finished(game.id)
            await self._store_finished(game)
            self.ratings.game_finished(game)
        await self.table.after_action(game, seat)
        game.notify()
        return entry

    @staticmethod
    def _apply_stored(game: LiveGame, act: Any) -> None:
        """Apply a checked, stored action to the live state. It cannot be refused (it was
        checked under the same lock); should the engine fail anyway, the game stops with an
        error rather than go on from a state that may be half changed."""
        try:
            game.state.apply(act)
        except Exception as exc:
            log.exception("game %s: a checked action failed to apply", game.id)
            game.status, game.error = "error", f"the engine failed on a legal action: {exc}"
            game.notify()
            raise ApiError(500, "engine_error", "the game engine failed on this action") from exc

    async def _store_finished(self, game: LiveGame) -> None:
        """Mark a game its last action ended as finished in the store (a failed write is
        mended when the game is next loaded: a stored game whose history ends it is
        finished)."""
        try:
            await self._db(self.store.set_status, game.id, "finished")
        except Exception:
            log.exception("cannot mark game %s finished", game.id)

    async def _resync(self, game: LiveGame) -> None:
        """After a failed write, make memory agree with the store (the write may have landed)."""
        try:
            row = await self._db(self.store.load_game, game.id)
            if row is not None and len(row.actions) != len(game.log):
                state, game_log = await anyio.to_thread.run_sync(restore, row, self.card_sets)
                game.state, game.log = state, game_log
                if state.is_terminal():
                    game.status = "finished"
                game.notify()
        except Exception:
            log.exception("cannot re-read game %s", game.id)

    # ---- bots ----
    def kick_bots(self, game: LiveGame) -> None:
        if self.closing or game.status != "active" or game.state.is_terminal():
            return
        if game.bot_task is not None and not game.bot_task.done():
            return
        seat = game.state.current_player
        if 0 <= seat < len(game.seats) and game.bot_for(seat) is not None:
            game.bot_task = asyncio.get_running_loop().create_task(self._bot_loop(game))

    async def _bot_loop(self, game: LiveGame) -> None:
        """The game's bot task: its bots played by the runner (see empires.server.bot_runner)."""
        try:
            await self.bots.play(self, game)
        except asyncio.CancelledError:
            raise
        except ApiError as exc:
            if exc.code == "stale":  # another process played this move: look again
                game.bot_task = None
                self.kick_bots(game)
                return
            if exc.code == "storage_error":  # try again in a moment
                await asyncio.sleep(1.0)
                game.bot_task = None
                self.kick_bots(game)
                return
            self._bot_failed(game, exc)
        except Exception as exc:
            self._bot_failed(game, exc)

    @staticmethod
    def _bot_failed(game: LiveGame, exc: BaseException) -> None:
        log.exception("a bot failed in game %s", game.id, exc_info=exc)
        game.status = "error"
        game.error = f"a bot failed: {exc}"
        game.notify()

    async def idle(self, game: LiveGame) -> None:
        """Wait until no bot of ``game`` is thinking (for tests and orderly shutdown)."""
        while game.bot_task is not None and not game.bot_task.done():
            await asyncio.wait([game.bot_task])
