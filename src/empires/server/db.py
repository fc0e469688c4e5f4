"""Persistence: five tables behind SQLAlchemy 2.x Core, SQLite by default, PostgreSQL (psycopg 3).

``games`` (one row per game: engine name, config JSON, seed and its salt, status, when it was
last touched and last acted on by a human, whether it is a practice game), ``seats`` (kind, bot
spec, hashed join token), ``actions`` (the game's history, one row per applied action, keyed by its
index so two writers can never both append action *k*), and the coach's ``hints`` (asked in
practice games, one per decision) and ``analyses`` (a finished game's post-game analysis), and each
game's ``chat`` (:mod:`empires.server.chat`); the other features' tables are described where they
are declared below. The schema is created and upgraded by
Alembic (``migrations/`` in this package), run programmatically by :func:`migrate`.

Every method here is synchronous and short; the server calls them in a worker thread.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from importlib import resources
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    select,
    update,
)
from sqlalchemy import text as sql_text
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.pool import StaticPool

from empires.server import sql_count

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("config", Text, nullable=False),  # JSON: {"num_players": n, "options": {...}}
    Column("seed", BigInteger, nullable=False),
    # active | waiting (seats open) | finished | error | expired | quarantined
    Column("status", String(16), nullable=False, index=True),
    Column("spectator_token_hash", String(64), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("finished", DateTime(timezone=True), nullable=True),
    Column("seeded", Boolean, nullable=False, server_default=false()),  # the creator chose the seed
    Column("seed_salt", String(32), nullable=True),  # for the seed commitment (None: older games)
    Column("touched", DateTime(timezone=True), nullable=True),  # last action or seat joining
    Column("last_human", DateTime(timezone=True), nullable=True),  # last action by a human
    Column("practice", Boolean, nullable=False, server_default=false()),  # hints on offer
    # open games (empires.server.open_games): listed in the lobby; the game a rematch follows
    Column("listed", Boolean, nullable=False, server_default=false()),
    Column("rematch_of", String(32), nullable=True, unique=True),
    # one owner process per game with --broker (empires.server.lease): who holds the lease,
    # the fencing epoch its writes check, when the lease lapses unless renewed
    Column("owner", String(16), nullable=True),
    Column("owner_epoch", Integer, nullable=False, server_default="0"),
    Column("lease_until", DateTime(timezone=True), nullable=True, index=True),
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(8), nullable=False),  # human | bot
    Column("bot", String(64), nullable=True),
    Column("name", String(40), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("open", Boolean, nullable=False, server_default=false()),  # waiting for a player
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("index", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("action", String(128), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("stand_in", String(64), nullable=True),  # the bot that played it for an absent human
)

# The table's clock and absent players (empires.server.table_clock): a seat's time left in a
# per-game budget, the deadline of the seat to act (clock seconds), and why a bot plays for it.
seat_clocks = Table(
    "seat_clocks",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("remaining", Float, nullable=True),
    Column("deadline", Float, nullable=True),
    Column("away", String(16), nullable=True),  # None: present; left | timeout | disconnected
    # | once (the stand-in plays the one decision whose time ran out)
    Column("timeouts", Integer, nullable=True),  # timeouts in a row (None: 0)
)

# The key the processes sharing the games sign their notes on the broker with (one row, made by
# the first process to need it: empires.server.lease.broker_key).
broker_keys = Table(
    "broker_keys",
    metadata,
    Column("name", String(16), primary_key=True),
    Column("key", String(64), nullable=False),
)

# Actions taken back (empires.server.take_back): the ``seq``-th undo of the game removed the
# actions from ``index`` on (JSON list of them), taken by ``seat``.
undos = Table(
    "undos",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("index", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("actions", Text, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)


# A hint asked in a practice game: the hint (JSON) the seat got before action ``index``.
hints = Table(
    "hints",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("index", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("hint", Text, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

# A finished game's post-game analysis (JSON), computed once and kept with the game.
analyses = Table(
    "analyses",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("iterations", Integer, nullable=False),
    Column("analysis", Text, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

# A game's chat (empires.server.chat): message ``n`` (from 0) posted by ``seat``; cleaned text.
chat = Table(
    "chat",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("n", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("text", Text, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

# Accounts (empires.server.accounts): a name (``name_key``: its case-folded form, unique), an
# Argon2 password hash; sessions by the SHA-256 of their token; the seats an account holds.
accounts = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(24), nullable=False),
    Column("name_key", String(24), nullable=False, unique=True),
    Column("password_hash", String(256), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

account_sessions = Table(
    "account_sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column(
        "account_id",
        Integer,
        ForeignKey("accounts.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("expires", DateTime(timezone=True), nullable=False, index=True),
)

account_seats = Table(
    "account_seats",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column(
        "account_id",
        Integer,
        ForeignKey("accounts.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    Column("linked", DateTime(timezone=True), nullable=False),
)

# OpenSkill ratings (empires.server.ratings), per game: ``player`` is "account:<id>" or
# "bot:<spec>"; ``rated_games`` holds each game rated once (its id is the primary key).
ratings = Table(
    "ratings",
    metadata,
    Column("game", String(32), primary_key=True),
    Column("player", String(80), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("ordinal", Float, nullable=False),  # mu - 3 sigma: the leaderboard's order
    Column("games", Integer, nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
)

rated_games = Table(
    "rated_games",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("rated", DateTime(timezone=True), nullable=False),
    # why the game was looked at and not rated (ratings.UNRATED's code); None: it was rated
    Column("unrated", String(32), nullable=True),
)

# Each rated seat's rating before and after its game (written with the ratings' update): mu,
# sigma and the ordinal (mu - 3 sigma, the leaderboard's number). Kept when the game is deleted.
rating_changes = Table(
    "rating_changes",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("player", String(80), nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("ordinal_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
    Column("ordinal_after", Float, nullable=False),
)


def now() -> datetime:
    return datetime.now(UTC)


def normalize_url(url: str) -> str:
    """``postgresql://`` and ``postgres://`` mean psycopg 3; anything else is taken as given."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def driver_error(url: str) -> str | None:
    """Why this install cannot open the database at ``url`` (its driver is an extra that is not
    installed), or None."""
    import importlib.util

    try:
        backend = make_url(normalize_url(url)).get_backend_name()
    except Exception:  # a malformed URL is reported where it is opened
        return None
    if backend == "postgresql" and importlib.util.find_spec("psycopg") is None:
        return "a PostgreSQL database needs psycopg: pip install 'empires[postgres]'"
    return None


def make_engine(url: str) -> Engine:
    missing = driver_error(url)
    if missing:
        raise ModuleNotFoundError(missing)
    url = normalize_url(url)
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        memory = parsed.database in (None, "", ":memory:")
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": 30},
            poolclass=StaticPool if memory else None,
        )

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn, _record):  # pragma: no cover - trivial
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            if not memory:
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()

        return engine
    engine = create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10)
    sql_count.watch(engine)  # (benchmarks only: EMPIRES_COUNT_SQL)
    return engine


MIGRATE_LOCK = 0x656D70697265  # the PostgreSQL advisory lock held while migrating ("empire")


def migrate(engine: Engine) -> None:
    """``alembic upgrade heads`` on ``engine``, with the migrations shipped in this package
    (features may add independent branches off the same revision: every head is applied)."""
    from alembic import command
    from alembic.config import Config

    location = resources.files("empires.server").joinpath("migrations")
    cfg = Config()
    cfg.set_main_option("script_location", str(location))
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":  # processes starting together take turns
            conn.execute(sql_text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATE_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "heads")


class CorruptRow(ValueError):
    """A stored game whose record cannot be read."""


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None
    name: str
    token_hash: str | None
    open: bool = False  # a human seat waiting for a player (empires.server.open_games)


@dataclass
class GameRow:
    id: str
    game: str
    config: dict
    seed: int
    status: str
    spectator_token_hash: str
    created: datetime
    finished: datetime | None = None
    seeded: bool = False
    seed_salt: str | None = None
    touched: datetime | None = None
    last_human: datetime | None = None
    practice: bool = False
    listed: bool = False  # an open game shown in the lobby
    rematch_of: str | None = None  # the finished game this one is the rematch of
    rematch: str | None = None  # (read only) the rematch of this game, once made
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[tuple[int, str]] = field(default_factory=list)  # (seat, action), by index
    hints: list[dict] = field(default_factory=list)  # {"index", "seat", "hint"}, by index
    stand_ins: dict[int, str] = field(default_factory=dict)  # action index -> bot for a human
    clocks: list[dict] = field(default_factory=list)  # seat_clocks rows
    undos: list[dict] = field(default_factory=list)  # {"seq", "index", "seat", "actions"}
    rating: dict | None = None  # (read only) the game's rating outcome (rating_outcome)


class Store:
    """The game store; each call is one short transaction."""

    def __init__(self, url: str, engine: Engine | None = None) -> None:
        self.url = normalize_url(url)
        self.engine = engine or make_engine(self.url)

    def migrate(self) -> None:
        migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    # ---- writes -------------------------------------------------------------------------------
    def create_game(self, row: GameRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(games).values(
                    id=row.id,
                    game=row.game,
                    config=json.dumps(row.config),
                    seed=row.seed,
                    status=row.status,
                    spectator_token_hash=row.spectator_token_hash,
                    created=row.created,
                    finished=row.finished,
                    seeded=row.seeded,
                    seed_salt=row.seed_salt,
                    touched=row.touched or row.created,
                    last_human=row.last_human,
                    practice=row.practice,
                    listed=row.listed,
                    rematch_of=row.rematch_of,
                )
            )
            conn.execute(
                insert(seats),
                [
                    {
                        "game_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "bot": s.bot,
                        "name": s.name,
                        "token_hash": s.token_hash,
                        "open": s.open,
                    }
                    for s in row.seats
                ],
            )
            if row.actions:
                stamp = now()
                conn.execute(
                    insert(actions),
                    [
                        {"game_id": row.id, "index": i, "seat": seat, "action": a, "created": stamp}
                        for i, (seat, a) in enumerate(row.actions)
                    ],
                )

    def append_actions(self, batch: list[tuple]) -> None:
        """Store several games' actions ``(game_id, index, seat, action, finished[, human[,
        stand_in]])`` in one transaction (group commit): all of them or, on any error, none. Each game is marked
        touched (and acted on by a human when ``human``)."""
        with self.engine.begin() as conn:
            insert_actions(conn, batch)

    def touch(self, game_id: str) -> None:
        """Note that someone used a seat of the game (it is not abandoned)."""
        with self.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id == game_id).values(touched=now()))

    def expire(
        self, unjoined_before: datetime, idle_before: datetime, delete_before: datetime
    ) -> tuple[list[str], int]:
        """Mark expired the active (or waiting: seats open) games untouched since
        ``unjoined_before`` that no human ever acted in, and those untouched since
        ``idle_before``; delete finished, expired and
        quarantined games older than ``delete_before``. Returns (expired ids, deleted count)."""
        touched = func.coalesce(games.c.touched, games.c.created)
        stale = games.c.status.in_(("active", "waiting")) & (
            ((games.c.last_human.is_(None)) & (touched < unjoined_before)) | (touched < idle_before)
        )
        gone = games.c.status.in_(("finished", "expired", "quarantined")) & (
            func.coalesce(games.c.finished, touched) < delete_before
        )
        with self.engine.begin() as conn:
            expired = [r[0] for r in conn.execute(select(games.c.id).where(stale))]
            if expired:
                conn.execute(
                    update(games)
                    .where(games.c.id.in_(expired))
                    .values(status="expired", finished=now())
                )
            old = [r[0] for r in conn.execute(select(games.c.id).where(gone))]
            for chunk in range(0, len(old), 500):
                ids = old[chunk : chunk + 500]
                conn.execute(delete(hints).where(hints.c.game_id.in_(ids)))
                conn.execute(delete(chat).where(chat.c.game_id.in_(ids)))
                conn.execute(delete(analyses).where(analyses.c.game_id.in_(ids)))
                conn.execute(delete(actions).where(actions.c.game_id.in_(ids)))
                conn.execute(delete(seats).where(seats.c.game_id.in_(ids)))
                conn.execute(delete(games).where(games.c.id.in_(ids)))
        return expired, len(old)

    def set_status(self, game_id: str, status: str) -> None:
        with self.engine.begin() as conn:
            values: dict[str, object] = {"status": status}
            if status != "active":
                values["finished"] = now()
            conn.execute(update(games).where(games.c.id == game_id).values(**values))

    def status_of(self, game_id: str) -> str | None:
        with self.engine.connect() as conn:
            return conn.execute(select(games.c.status).where(games.c.id == game_id)).scalar()

    # ---- reads --------------------------------------------------------------------------------
    def game_ids(self, status: str | None = None) -> list[str]:
        query = select(games.c.id).order_by(games.c.created)
        if status is not None:
            query = query.where(games.c.status == status)
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(query)]

    def load_game(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as conn:
            g = conn.execute(select(games).where(games.c.id == game_id)).mappings().first()
            if g is None:
                return None
            seat_rows = (
                conn.execute(select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat))
                .mappings()
                .all()
            )
            action_rows = conn.execute(
                select(actions.c.index, actions.c.seat, actions.c.action, actions.c.stand_in)
                .where(actions.c.game_id == game_id)
                .order_by(actions.c.index)
            ).all()
            rematch = conn.execute(select(games.c.id).where(games.c.rematch_of == game_id)).scalar()
        try:
            config = json.loads(g["config"])
            if not isinstance(config, dict):
                raise ValueError(f"its config is a {type(config).__name__}, not an object")
        except (ValueError, RecursionError) as exc:
            raise CorruptRow(f"game {game_id}: bad config JSON ({exc})") from None
        row = GameRow(
            id=g["id"],
            game=g["game"],
            config=config,
            seed=int(g["seed"]),
            status=g["status"],
            spectator_token_hash=g["spectator_token_hash"],
            created=g["created"],
            finished=g["finished"],
            seeded=bool(g["seeded"]),
            seed_salt=g["seed_salt"],
            touched=g["touched"],
            last_human=g["last_human"],
            practice=bool(g["practice"]),
            listed=bool(g["listed"]),
            rematch_of=g["rematch_of"],
            rematch=rematch,
            seats=[
                SeatRow(s["seat"], s["kind"], s["bot"], s["name"], s["token_hash"], bool(s["open"]))
                for s in seat_rows
            ],
        )
        for expected, (index, seat, action, stand_in) in enumerate(action_rows):
            if index != expected:  # a gap would mean a corrupt history: stop at it
                break
            row.actions.append((seat, action))
            if stand_in is not None:
                row.stand_ins[index] = stand_in
        row.hints = self.load_hints(game_id)
        row.clocks, row.undos = self.load_table(game_id)
        if row.status == "finished":
            row.rating = self.rating_outcome(game_id)
        return row

    def rating_outcome(self, game_id: str) -> dict | None:
        with self.engine.connect() as conn:
            return rating_outcome(conn, game_id)

    # ---- the table: clocks, absent players, undo (empires.server.table_clock, take_back) ----
    def save_clocks(self, game_id: str, rows: list[dict]) -> None:
        """Replace the game's seat clocks by ``rows`` ({"seat", "remaining", "deadline",
        "away", "timeouts"})."""
        with self.engine.begin() as conn:
            conn.execute(delete(seat_clocks).where(seat_clocks.c.game_id == game_id))
            if rows:
                conn.execute(insert(seat_clocks), [{"game_id": game_id, **r} for r in rows])

    def take_back(self, game_id: str, seq: int, index: int, seat: int, taken: list[str]) -> None:
        """Record the ``seq``-th undo of the game: its actions from ``index`` on (``taken``)
        leave the history, and are kept in ``undos``; hints for decisions after ``index`` go."""
        with self.engine.begin() as conn:
            record_undo(conn, game_id, seq, index, seat, taken)

    def load_table(self, game_id: str) -> tuple[list[dict], list[dict]]:
        """The game's seat clocks and undos (by seq)."""
        with self.engine.connect() as conn:
            clocks = seat_clock_rows(conn, game_id)
            undo_rows = (
                conn.execute(
                    select(undos.c.seq, undos.c.index, undos.c.seat, undos.c.actions)
                    .where(undos.c.game_id == game_id)
                    .order_by(undos.c.seq)
                )
                .mappings()
                .all()
            )
        out = []
        for r in undo_rows:
            try:
                taken = json.loads(r["actions"])
            except ValueError:  # a damaged record keeps its place, not its actions
                taken = []
            out.append({"seq": r["seq"], "index": r["index"], "seat": r["seat"], "actions": taken})
        return [dict(c) for c in clocks], out

    # ---- the coach ----------------------------------------------------------------------------
    def save_hint(self, game_id: str, index: int, seat: int, hint: dict) -> None:
        """Record the hint ``seat`` was given before action ``index`` (one per decision)."""
        with self.engine.begin() as conn:
            conn.execute(
                insert(hints).values(
                    game_id=game_id, index=index, seat=seat, hint=json.dumps(hint), created=now()
                )
            )

    def load_hints(self, game_id: str) -> list[dict]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(hints.c.index, hints.c.seat, hints.c.hint)
                .where(hints.c.game_id == game_id)
                .order_by(hints.c.index)
            ).all()
        out = []
        for index, seat, text in rows:
            try:
                out.append({"index": index, "seat": seat, "hint": json.loads(text)})
            except ValueError:  # a damaged hint is dropped, never the game
                continue
        return out

    def save_analysis(self, game_id: str, iterations: int, analysis: dict) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(analyses).where(analyses.c.game_id == game_id))
            conn.execute(
                insert(analyses).values(
                    game_id=game_id,
                    iterations=iterations,
                    analysis=json.dumps(analysis),
                    created=now(),
                )
            )

    def load_analysis(self, game_id: str) -> dict | None:
        with self.engine.connect() as conn:
            text = conn.execute(
                select(analyses.c.analysis).where(analyses.c.game_id == game_id)
            ).scalar()
        if text is None:
            return None
        try:
            value = json.loads(text)
        except ValueError:
            return None
        return value if isinstance(value, dict) else None


# insert_actions' two statements go to the driver as SQL text, their parameters made as
# SQLAlchemy makes them (the timestamp through its DateTime processing for the dialect: the
# same stored text on SQLite): its execution of a batch of 14 actions cost about as much CPU
# again as the database's own work (0.5 ms against 0.3 ms with both statements).
_PLACEHOLDERS = {"qmark": "?", "format": "%s", "pyformat": "%s"}
_INSERT_ACTIONS = (
    'INSERT INTO actions (game_id, "index", seat, action, created, stand_in) '
    "VALUES ({p}, {p}, {p}, {p}, {p}, {p})"
)


@cache
def _stamp_processor(dialect) -> Callable[[datetime], Any] | None:
    """How SQLAlchemy writes a timestamp for ``dialect`` (None: the driver takes it as is)."""
    return DateTime(timezone=True).dialect_impl(dialect).bind_processor(dialect)


def stamp_for(dialect, stamp: datetime) -> Any:
    """``stamp`` as a parameter of SQL text sent to ``dialect``'s driver."""
    process = _stamp_processor(dialect)
    return process(stamp) if process is not None else stamp


def insert_actions(conn, batch: list[tuple], touch: bool = True) -> None:
    """:meth:`Store.append_actions` within the transaction of ``conn`` (``touch=False``: the
    caller marks the games touched itself, as empires.server.lease's fenced write does)."""
    stamp = now()
    dialect = conn.dialect
    mark = _PLACEHOLDERS[dialect.paramstyle]  # (SQLite's and psycopg's are known)
    process = _stamp_processor(dialect)
    at = process(stamp) if process is not None else stamp
    conn.exec_driver_sql(
        _INSERT_ACTIONS.format(p=mark),
        [(b[0], b[1], b[2], b[3], at, b[6] if len(b) > 6 else None) for b in batch],
    )
    done = [b[0] for b in batch if b[4]]
    if done:
        conn.execute(
            update(games).where(games.c.id.in_(done)).values(status="finished", finished=stamp)
        )
    if not touch:
        return
    human = sorted({b[0] for b in batch if len(b) > 5 and b[5]})
    ids = sorted({b[0] for b in batch})
    where = f"WHERE id IN ({', '.join([mark] * len(ids))})"
    if human:  # and marked acted on by a human
        case = f"CASE WHEN id IN ({', '.join([mark] * len(human))}) THEN {mark} ELSE last_human END"
        conn.exec_driver_sql(
            f"UPDATE games SET touched = {mark}, last_human = {case} {where}",
            (at, *human, at, *ids),
        )
    else:
        conn.exec_driver_sql(f"UPDATE games SET touched = {mark} {where}", (at, *ids))


def seat_clock_rows(conn, game_id: str) -> list:
    """The game's seat clocks (seat, remaining, deadline, away, timeouts) by seat, read on
    ``conn``."""
    return list(
        conn.execute(
            select(
                seat_clocks.c.seat,
                seat_clocks.c.remaining,
                seat_clocks.c.deadline,
                seat_clocks.c.away,
                seat_clocks.c.timeouts,
            )
            .where(seat_clocks.c.game_id == game_id)
            .order_by(seat_clocks.c.seat)
        )
        .mappings()
        .all()
    )


def record_undo(conn, game_id: str, seq: int, index: int, seat: int, taken: list[str]) -> None:
    """:meth:`Store.take_back` within the transaction of ``conn``."""
    conn.execute(delete(actions).where((actions.c.game_id == game_id) & (actions.c.index >= index)))
    conn.execute(delete(hints).where((hints.c.game_id == game_id) & (hints.c.index > index)))
    conn.execute(
        insert(undos).values(
            game_id=game_id,
            seq=seq,
            index=index,
            seat=seat,
            actions=json.dumps(taken),
            created=now(),
        )
    )


def rating_outcome(conn, game_id: str) -> dict | None:
    """What rating the finished game ``game_id`` brought, read on ``conn``: ``{"rated": true,
    "seats": [{"seat", "player", "before", "after", "delta"}]}`` (each rated seat's ordinal
    before and after the game, by seat), ``{"rated": false, "reason": code}`` (looked at and not
    rated: empires.server.ratings.UNRATED), or None (not rated yet, never looked at: no seat of
    an account, or rated before the changes were recorded)."""
    reason = conn.execute(
        select(rated_games.c.unrated).where(rated_games.c.game_id == game_id)
    ).first()
    if reason is None:
        return None
    if reason[0] is not None:
        return {"rated": False, "reason": reason[0]}
    c = rating_changes.c
    rows = conn.execute(
        select(c.seat, c.player, c.ordinal_before, c.ordinal_after)
        .where(c.game_id == game_id)
        .order_by(c.seat)
    ).all()
    if not rows:
        return None
    seats = [
        {
            "seat": int(seat),
            "player": player,
            "before": round(float(before), 3),
            "after": round(float(after), 3),
            "delta": round(float(after) - float(before), 3),
        }
        for seat, player, before, after in rows
    ]
    return {"rated": True, "seats": seats}
