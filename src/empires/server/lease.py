"""One owner process per game (``empires serve --broker``, issue #29): the store's side.

A game's row names the process holding its lease (``games.owner``), the lease's fencing epoch
(``games.owner_epoch``, raised each time a process takes the lease) and when the lease lapses
unless renewed (``games.lease_until``, read and written with the database's own clock, so the
processes' clocks never matter). Only the owner writes a game's actions and undos, and every
such write checks the epoch in the statement it runs anyway (the ``UPDATE games`` that marks the
game touched): a former owner, paused while its lease lapsed and another process took it, writes
nothing (its update matches no row) and drops the game.

Every function here is synchronous and short: the server runs them in a worker thread. They are
written for PostgreSQL (``--broker`` needs it); one process on SQLite holds no leases at all.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import func, literal_column, or_, select, update
from sqlalchemy.engine import Engine

from empires.server.db import broker_keys, games, insert_actions, now, record_undo, stamp_for

LEASE_SECONDS = 10  # a lease lapses this long after the owner last renewed it (or wrote)
RENEW_EVERY = 3.0  # seconds between an owner's renewals of every lease it holds
SCAN_EVERY = 2.0  # seconds between looks for games whose owner's lease lapsed

_LEASE_END: Any = literal_column(f"now() + interval '{LEASE_SECONDS} seconds'")
_LIVE = ("active", "waiting")


def take(engine: Engine, game_id: str, me: str) -> int | None:
    """Take ``game_id``'s lease for process ``me`` when nobody holds it, its holder's lease
    lapsed, or ``me`` holds it already: the new epoch (one more than the last), or None when
    another process holds a lease still running or there is no such game."""
    g = games.c
    free = or_(
        g.owner.is_(None), g.lease_until.is_(None), g.lease_until < func.now(), g.owner == me
    )
    with engine.begin() as conn:
        epoch = conn.execute(
            update(games)
            .where((g.id == game_id) & free)
            .values(owner=me, owner_epoch=g.owner_epoch + 1, lease_until=_LEASE_END)
            .returning(g.owner_epoch)
        ).scalar()
    return None if epoch is None else int(epoch)


def holder(engine: Engine, game_id: str) -> str | None:
    """The process holding a lease of ``game_id`` that has not lapsed; None when the lease is
    free or lapsed, or there is no such game."""
    g = games.c
    with engine.connect() as conn:
        owner = conn.execute(
            select(g.owner).where(
                (g.id == game_id) & g.owner.is_not(None) & (g.lease_until > func.now())
            )
        ).scalar()
    return None if owner is None else str(owner)


def renew(engine: Engine, me: str, held: dict[str, int]) -> set[str]:
    """Renew the leases of ``held`` (game id -> epoch) that ``me`` still holds at that epoch;
    the ids of those it no longer holds (another process took them)."""
    if not held:
        return set()
    g = games.c
    with engine.begin() as conn:
        rows = conn.execute(
            update(games)
            .where(g.id.in_(list(held)) & (g.owner == me))
            .values(lease_until=_LEASE_END)
            .returning(g.id, g.owner_epoch)
        ).all()
    kept = {game_id for game_id, epoch in rows if held.get(game_id) == epoch}
    return set(held) - kept


def release(engine: Engine, game_id: str, epoch: int, lapse: bool = False) -> bool:
    """Give ``game_id``'s lease up (its epoch stays: the next owner raises it); False when the
    lease was no longer this epoch's. ``lapse``: as if it had lapsed now, so that another
    process takes the game over at its next look (:func:`lapsed`) and plays its bots (a process
    stopping); else nobody holds it until a process needs it."""
    g = games.c
    until = func.now() if lapse else None
    with engine.begin() as conn:
        done = conn.execute(
            update(games)
            .where((g.id == game_id) & (g.owner_epoch == epoch))
            .values(owner=None, lease_until=until)
        ).rowcount
    return bool(done)


def broker_key(engine: Engine) -> bytes:
    """The key every process signs its notes on the broker with: made by the first process
    that asks (32 random bytes), read by the others. It lives in the database, so a party that
    reaches only Redis can neither read it nor forge a signed note."""
    import secrets

    from sqlalchemy.dialects.postgresql import insert as pg_insert

    with engine.begin() as conn:
        conn.execute(
            pg_insert(broker_keys)
            .values(name="notes", key=secrets.token_hex(32))
            .on_conflict_do_nothing(index_elements=["name"])
        )
        key = conn.execute(select(broker_keys.c.key).where(broker_keys.c.name == "notes")).scalar()
    return bytes.fromhex(str(key))


def lapsed(engine: Engine, limit: int = 100) -> list[str]:
    """Active (or waiting) games whose owner's lease lapsed: their owner died or hangs."""
    g = games.c
    with engine.connect() as conn:
        rows = conn.execute(
            select(g.id)
            .where(g.lease_until < func.now())
            .where(g.status.in_(_LIVE))
            .order_by(g.lease_until)
            .limit(limit)
        ).all()
    return [r[0] for r in rows]


def _fence(conn: Any, epochs: dict[str, int], humans: set[str], stamp: datetime) -> set[str]:
    """Mark the games of ``epochs`` touched (and acted on by a human, for ``humans``) and
    renew their leases, each only while it still has its epoch and is going on: the ids
    refused (their lease was taken, or the game ended elsewhere). One statement, sent as SQL
    text (as db.insert_actions sends its own: SQLAlchemy's expansion of the lists cost more
    than the statement itself)."""
    if not epochs:
        return set()
    at = stamp_for(conn.dialect, stamp)
    params: list[Any] = [at]
    human = ""
    if humans:
        marks = ", ".join(["%s"] * len(humans))
        human = f", last_human = CASE WHEN id IN ({marks}) THEN %s ELSE last_human END"
        params += [*sorted(humans), at]
    pairs = ", ".join(["(%s, %s)"] * len(epochs))
    for game_id, epoch in epochs.items():
        params += [game_id, epoch]
    sql = (
        f"UPDATE games SET touched = %s, lease_until = now() + interval '{LEASE_SECONDS} seconds'"
        f"{human} WHERE (id, owner_epoch) IN ({pairs}) AND status IN ('active', 'waiting') "
        "RETURNING id"
    )
    done = conn.exec_driver_sql(sql, tuple(params)).all()
    return set(epochs) - {r[0] for r in done}


def append_fenced(engine: Engine, batch: list[tuple], epochs: dict[str, int]) -> set[str]:
    """Store action rows (as :meth:`Store.append_actions` takes them) of games this process
    owns, in one transaction (the group commit): the fenced ``UPDATE games`` first, then the
    rows of the games it matched. The ids of the games refused (nothing of theirs stored)."""
    humans = {b[0] for b in batch if len(b) > 5 and b[5]}
    with engine.begin() as conn:
        refused = _fence(conn, {b[0]: epochs[b[0]] for b in batch}, humans, now())
        rows = [b for b in batch if b[0] not in refused]
        if rows:
            insert_actions(conn, rows, touch=False)
    return refused


def take_back_fenced(
    engine: Engine, game_id: str, epoch: int, seq: int, index: int, seat: int, taken: list[str]
) -> bool:
    """Record an undo (:meth:`Store.take_back`) only while ``epoch`` still holds the lease;
    False (nothing stored) when it does not."""
    with engine.begin() as conn:
        if _fence(conn, {game_id: epoch}, set(), now()):
            return False
        record_undo(conn, game_id, seq, index, seat, taken)
    return True
