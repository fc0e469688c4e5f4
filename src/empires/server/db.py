"""Persistence: three tables behind SQLAlchemy 2.x Core, SQLite by default, PostgreSQL (psycopg 3).

``games`` (one row per game: engine name, config JSON, seed, status), ``seats`` (kind, bot spec,
hashed join token) and ``actions`` (the game's history, one row per applied action, keyed by its
index so two writers can never both append action *k*). The schema is created and upgraded by
Alembic (``migrations/`` in this package), run programmatically by :func:`migrate`.

Every method here is synchronous and short; the server calls them in a worker thread.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import resources

from sqlalchemy import (
    BigInteger,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.pool import StaticPool

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("config", Text, nullable=False),  # JSON: {"num_players": n, "options": {...}}
    Column("seed", BigInteger, nullable=False),
    Column("status", String(16), nullable=False, index=True),  # active | finished | error
    Column("spectator_token_hash", String(64), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("finished", DateTime(timezone=True), nullable=True),
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
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("index", Integer, primary_key=True, autoincrement=False),
    Column("seat", Integer, nullable=False),
    Column("action", String(128), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)


def now() -> datetime:
    return datetime.now(UTC)


def normalize_url(url: str) -> str:
    """``postgresql://`` and ``postgres://`` mean psycopg 3; anything else is taken as given."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def make_engine(url: str) -> Engine:
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
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10)


def migrate(engine: Engine) -> None:
    """``alembic upgrade head`` on ``engine``, with the migrations shipped in this package."""
    from alembic import command
    from alembic.config import Config

    location = resources.files("empires.server").joinpath("migrations")
    cfg = Config()
    cfg.set_main_option("script_location", str(location))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None
    name: str
    token_hash: str | None


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
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[tuple[int, str]] = field(default_factory=list)  # (seat, action), by index


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
            conn.execute(insert(games).values(
                id=row.id, game=row.game, config=json.dumps(row.config), seed=row.seed,
                status=row.status, spectator_token_hash=row.spectator_token_hash,
                created=row.created, finished=row.finished,
            ))
            conn.execute(insert(seats), [
                {"game_id": row.id, "seat": s.seat, "kind": s.kind, "bot": s.bot,
                 "name": s.name, "token_hash": s.token_hash}
                for s in row.seats
            ])
            if row.actions:
                stamp = now()
                conn.execute(insert(actions), [
                    {"game_id": row.id, "index": i, "seat": seat, "action": a, "created": stamp}
                    for i, (seat, a) in enumerate(row.actions)
                ])

    def append_actions(self, batch: list[tuple[str, int, int, str, bool]]) -> None:
        """Store several games' actions ``(game_id, index, seat, action, finished)`` in one
        transaction (group commit): all of them or, on any error, none."""
        stamp = now()
        with self.engine.begin() as conn:
            conn.execute(insert(actions), [
                {"game_id": g, "index": i, "seat": seat, "action": a, "created": stamp}
                for g, i, seat, a, _ in batch
            ])
            done = [g for g, _, _, _, finished in batch if finished]
            if done:
                conn.execute(update(games).where(games.c.id.in_(done))
                             .values(status="finished", finished=stamp))

    def set_status(self, game_id: str, status: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id == game_id).values(status=status))

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
            seat_rows = conn.execute(
                select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)
            ).mappings().all()
            action_rows = conn.execute(
                select(actions.c.index, actions.c.seat, actions.c.action)
                .where(actions.c.game_id == game_id).order_by(actions.c.index)
            ).all()
        row = GameRow(
            id=g["id"], game=g["game"], config=json.loads(g["config"]), seed=int(g["seed"]),
            status=g["status"], spectator_token_hash=g["spectator_token_hash"],
            created=g["created"], finished=g["finished"],
            seats=[SeatRow(s["seat"], s["kind"], s["bot"], s["name"], s["token_hash"])
                   for s in seat_rows],
        )
        for expected, (index, seat, action) in enumerate(action_rows):
            if index != expected:  # a gap would mean a corrupt history: stop at it
                break
            row.actions.append((seat, action))
        return row
