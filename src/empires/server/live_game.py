"""A live game: one open game's engine state, its lock, its bots' task, its watchers and the
views they are sent (by seat and language)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson

from empires import i18n
from empires.bots.analysis import hint_in
from empires.core.adapter import get_adapter
from empires.server import security, take_back
from empires.server.db import GameRow
from empires.server.log_entries import (
    describe_action,
    dumps,
    entry_for,
    hide_path,
    public_config,
)
from empires.server.score_track import ScoreTracker, score_track
from empires.server.table_clock import TableClock
from empires.server.view_language import (
    observation_in,
    retold,
    seat_namer,
    with_message,
)
from empires.server.view_names import component_names

log = logging.getLogger("empires.server")


# A replay keeps a copy of the game every this many actions, to answer any step quickly.
REPLAY_CHECKPOINT = 32
TOUCH_EVERY = 300.0  # seconds: a seat joining marks its game touched at most this often
PUBLIC_EVENTS_KEPT = 64  # the last events anyone may read kept rendered (LiveGame.public_events)


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


def owner_lock(game: LiveGame) -> Any:
    """What a bot or a clock takes to change ``game``: its lock, but with several processes
    only while this one owns the game (``shared_log.GameLock.as_owner``: ``LeaseLost``
    otherwise), so that they never pull a game from its owner."""
    as_owner = getattr(game.lock, "as_owner", None)
    return game.lock if as_owner is None else as_owner()


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
        self.changing = 0  # commits under way (GameManager.commit): pushes wait for them
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
        self._public_told = -1  # the log's length when the events kept last reached the end
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
        # One owner per game (empires.server.lease): True while this process may change the
        # game (always in one process; with --broker, while it holds the game's lease), and the
        # lease's fencing epoch its writes are checked against (None: no lease held).
        self.owned = True
        self.lease_epoch: int | None = None
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

    def take_score_track(self, track: dict) -> None:
        """``track`` is this finished game's score track as the process owning it followed it
        (a signed note carried it): this copy, which did not follow the game from its start,
        need not replay the game to make it."""
        if self._score_track is None and self.state.is_terminal():
            self._score_track = track

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
            self._public_told = -1
        elif since < start:
            return st.events(None, since)
        if self._public_told != len(self.log):  # (else they reach the end already)
            kept.extend(st.events(None, start + len(kept)))
            self._public_told = len(self.log)
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

    def shared_observation(self) -> Any:
        """What every viewer of this version sees alike (made once: see below)."""
        return self._shared_observation()

    def public_events_end(self) -> int | None:
        """The position after the last public event kept, when those kept are this state's and
        reach its end; else None."""
        of, start, kept = self._public
        if of is not self.state or self._public_told != len(self.log):
            return None
        return start + len(kept)

    def public_events_from(self, since: int) -> list[dict] | None:
        """The public events kept from position ``since`` to the end (as :meth:`public_events`
        gives them), or None when they are not all kept."""
        of, start, kept = self._public
        if self.public_events_end() is None or since < start:
            return None
        return kept[since - start :]

    def take_public_events(self, since: int, events: list[dict]) -> None:
        """``events`` are this very state's public events from position ``since`` to its end,
        as the process owning the game told them (a signed note carried them): its spectators'
        messages use them instead of telling them again."""
        of, start, kept = self._public
        if of is self.state and start <= since <= start + len(kept):
            del kept[since - start :]
            kept.extend(events)
        else:
            of, start, kept = self._public = (self.state, since, list(events))
        if len(kept) > 2 * PUBLIC_EVENTS_KEPT:
            drop = len(kept) - PUBLIC_EVENTS_KEPT
            del kept[:drop]
            self._public = (of, start + drop, kept)
        self._public_told = len(self.log)

    def take_shared_observation(self, shared: Any) -> None:
        """``shared`` is this very state's shared observation, made by the process owning the
        game (a signed note carried it: empires.server.shared_log): its views use it instead
        of making it again (dropped at the next change, as one made here would be)."""
        self._shared_obs = (self.state, len(self.log), shared)

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
                message = describe_action(st, a, seat)
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
