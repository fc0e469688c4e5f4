"""Open games, joining a free seat, and rematches.

A game may be created with *open* seats (``{"kind": "open"}``): human seats nobody holds yet.
Such a game is ``waiting``: no bot moves and no action is accepted until every open seat is
taken; then it becomes ``active``. A waiting game nobody joins expires like an unused one
(``Limits.expire_after``). A *public* game (``"public": true`` at creation) is listed in the
lobby (:func:`open_list`); a private one is joined by its link only (``/#join=<id>``).

Joining (:func:`join`) claims a seat *in the database*: one ``UPDATE seats ... WHERE open``
per seat, so two joiners (even on two servers sharing the database) never get the same seat;
the seat's token is made there and shown once.

A rematch (:func:`rematch`) of a finished game is a new game with the same game, options
(per-seat options move with their seats), bots and names, seats rotated by one (whoever sat at
seat ``i`` sits at ``i + 1``). It is made once: ``games.rematch_of`` is unique, so two clicks
(or two players clicking at once) make one rematch. Its human seats are kept for the old
seats' holders: each gets their own new seat by authenticating with their old seat's token,
and the new token is derived from the old one (an HMAC), so asking again answers the same
token and nobody can claim another's seat. The rematch starts once every human has joined.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from datetime import datetime
from typing import Any

import anyio.to_thread
from sqlalchemy import and_, func, select, update
from sqlalchemy.exc import IntegrityError

from empires.core.adapter import get_adapter
from empires.server import security
from empires.server.db import Store, games, now, seats
from empires.server.errors import ApiError
from empires.server.game_port import GamePort
from empires.server.game_setup import MAX_NAME_LENGTH, build_game, game_catalogue
from empires.server.live_game import SPECTATOR, LiveGame
from empires.server.log_entries import public_config

MAX_PAGE = 50  # open games listed per request, at most
MAX_OFFSET = 10_000


# ---- the store (synchronous, one short transaction each) ------------------------------------


def claim_seat(
    store: Store, game_id: str, candidates: list[int], name: str | None, token_hash: str
) -> tuple[int | None, bool]:
    """Give the first of ``candidates`` that is still open to a player (its ``name``, or the
    seat's own when None, and ``token_hash``). Returns (the seat or None, whether that was the
    last open seat: the game is then ``active``). Race-safe: the game's row is written first,
    so claims on one game take turns (a row lock in PostgreSQL, the write lock in SQLite), and
    a seat is claimed by an UPDATE that matches only while it is open."""
    with store.engine.begin() as conn:
        waiting = conn.execute(
            update(games)
            .where(and_(games.c.id == game_id, games.c.status == "waiting"))
            .values(touched=now())
        )
        if waiting.rowcount != 1:
            return None, False
        got = None
        for seat in candidates:
            values: dict[str, Any] = {"open": False, "token_hash": token_hash}
            if name is not None:
                values["name"] = name
            done = conn.execute(
                update(seats)
                .where(and_(seats.c.game_id == game_id, seats.c.seat == seat, seats.c.open))
                .values(**values)
            )
            if done.rowcount == 1:
                got = seat
                break
        if got is None:
            return None, False
        left = conn.execute(
            select(func.count())
            .select_from(seats)
            .where(and_(seats.c.game_id == game_id, seats.c.open))
        ).scalar()
        if not left:
            conn.execute(update(games).where(games.c.id == game_id).values(status="active"))
        return got, not left


def open_rows(
    store: Store, game: str | None, offset: int, limit: int, game_id: str | None = None
) -> tuple[list[dict], bool]:
    """The waiting games (listed ones, or the one ``game_id`` listed or not), newest first, as
    the lobby shows them; and whether there are more."""
    query = select(games.c.id, games.c.game, games.c.config, games.c.created).where(
        games.c.status == "waiting"
    )
    if game_id is not None:
        query = query.where(games.c.id == game_id)
    else:
        query = query.where(games.c.listed, games.c.rematch_of.is_(None))
    if game is not None:
        query = query.where(games.c.game == game)
    query = query.order_by(games.c.created.desc(), games.c.id).offset(offset).limit(limit + 1)
    with store.engine.connect() as conn:
        rows = conn.execute(query).all()
        ids = [r[0] for r in rows[:limit]]
        seat_rows = (
            conn.execute(
                select(seats.c.game_id, seats.c.seat, seats.c.kind, seats.c.bot, seats.c.name)
                .add_columns(seats.c.open)
                .where(seats.c.game_id.in_(ids))
                .order_by(seats.c.game_id, seats.c.seat)
            ).all()
            if ids
            else []
        )
    by_game: dict[str, list[dict]] = {i: [] for i in ids}
    for gid, seat, kind, bot, name, is_open in seat_rows:
        by_game[gid].append(
            {"seat": seat, "kind": kind, "bot": bot, "name": name, "open": bool(is_open)}
        )
    stamp = now()
    out = [
        _entry(gid, name, config, created, by_game[gid], stamp)
        for gid, name, config, created in rows[:limit]
    ]
    return out, len(rows) > limit


def _entry(
    gid: str, game: str, config: str, created: datetime, seat_list: list[dict], stamp: datetime
) -> dict:
    try:
        parsed = json.loads(config)
        options = public_config(parsed).get("options")
        clock = (parsed.get("table") or {}).get("clock")  # the time limit the lobby shows
    except (ValueError, AttributeError):
        options = clock = None
    if created.tzinfo is None:  # SQLite hands back naive UTC
        created = created.replace(tzinfo=stamp.tzinfo)
    free = sum(1 for s in seat_list if s["open"])
    return {
        "id": gid,
        "game": game,
        "options": options,
        "clock": clock,
        "seats": seat_list,
        "taken": sum(1 for s in seat_list if s["kind"] == "human" and not s["open"]),
        "free": free,
        "created": created.isoformat(),
        "age": max(0, int((stamp - created).total_seconds())),
        "join_url": f"/#join={gid}",
    }


def find_rematch(store: Store, game_id: str) -> str | None:
    with store.engine.connect() as conn:
        return conn.execute(select(games.c.id).where(games.c.rematch_of == game_id)).scalar()


# ---- the server side ----------------------------------------------------------------------------


def check_player_name(name: Any) -> str:
    """A joining player's name, cleaned; 422 naming what is wrong."""
    if not isinstance(name, str) or not name.strip():
        raise ApiError(422, "invalid_name", "say your name to join")
    if len(name.strip()) > MAX_NAME_LENGTH:
        raise ApiError(422, "invalid_name", f"a name is at most {MAX_NAME_LENGTH} characters")
    bad = security.control_character(name)
    if bad is not None:
        raise ApiError(
            422,
            "invalid_name",
            f"a name cannot hold control characters (found U+{ord(bad):04X})",
        )
    return " ".join(name.split())


async def open_list(manager: GamePort, game: str | None, offset: int, limit: int) -> dict:
    if game is not None and game not in {a["name"] for a in _catalogue()}:
        raise ApiError(422, "invalid_game", f"unknown game {game!r}")
    if not 0 <= offset <= MAX_OFFSET:
        raise ApiError(422, "invalid_page", f"offset runs from 0 to {MAX_OFFSET}")
    if not 1 <= limit <= MAX_PAGE:
        raise ApiError(422, "invalid_page", f"limit runs from 1 to {MAX_PAGE}")
    rows, more = await manager.run_db(open_rows, manager.store, game, offset, limit)
    return {"games": rows, "offset": offset, "limit": limit, "more": more}


async def open_one(manager: GamePort, game_id: str) -> dict:
    """One waiting game (listed or private: whoever has its link), as the lobby shows it."""
    game = await manager.require(game_id)
    rows, _ = await manager.run_db(open_rows, manager.store, None, 0, 1, game.id)
    if not rows or game.rematch_of is not None:
        raise ApiError(409, "not_open", "this game has no seat open to join")
    return rows[0]


def _catalogue() -> list[dict]:
    return game_catalogue()


async def join(
    manager: GamePort, game_id: str, name: Any, seat: Any, client: str | None = None
) -> dict:
    """Take an open seat of a waiting game (``seat``, or the first open one): its token, shown
    once. 409 when the game has none open (or that seat is taken)."""
    name = check_player_name(name)
    game = await manager.require(game_id)
    if game.rematch_of is not None:
        raise ApiError(
            409, "reserved", "the seats of a rematch are kept for the players of the game before"
        )
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(game.seats)
    ):
        raise ApiError(422, "invalid_seat", f"seats run from 0 to {len(game.seats) - 1}")
    token = security.new_token()
    async with game.lock:
        if game.status != "waiting":
            raise ApiError(409, "not_open", "this game has no seat open to join")
        candidates = [seat] if seat is not None else [s.seat for s in game.seats if s.open]
        got, started = await manager.run_db(
            claim_seat, manager.store, game.id, candidates, name, security.hash_token(token)
        )
        if got is None:
            raise ApiError(409, "seat_taken", "that seat has just been taken; choose another")
        _taken(game, got, name, security.hash_token(token), started)
    if game.status == "active":
        await manager.game_ready(game)  # the clock of the seat to act starts
    manager.kick_bots(game)
    return {
        "id": game.id,
        "seat": got,
        "name": name,
        "token": token,
        "url": f"/game/{game.id}#token={token}",
    }


def _taken(game: LiveGame, seat: int, name: str | None, token_hash: str, started: bool) -> None:
    """Memory follows the store: ``seat`` is held now; the game runs if it was the last."""
    held = game.seats[seat]
    held.open, held.token_hash = False, token_hash
    if name is not None:
        held.name = name
    if started or not any(s.open for s in game.seats):
        game.status = "active"
    game.notify()


# ---- rematch ----------------------------------------------------------------------------------


def rematch_token(old_token: str, new_id: str, old_seat: int) -> str:
    """The rematch seat's token of whoever holds ``old_token`` (seat ``old_seat`` of the game
    before): an HMAC of the old secret, so only its holder can have it, and asking again gives
    the same token."""
    digest = hmac.new(
        old_token.encode("utf-8"),
        f"empires-rematch:v1:{new_id}:{old_seat}".encode(),
        hashlib.sha256,
    ).digest()
    return base64.urlsafe_b64encode(digest[: security.TOKEN_BYTES]).decode("ascii").rstrip("=")


def rematch_table(old: LiveGame) -> tuple[list[dict], dict | None]:
    """The seats and options of ``old``'s rematch: seats rotated by one, humans' seats open
    (kept for them), per-seat options rotated with their seats."""
    n = len(old.seats)
    seat_specs: list[dict] = [{}] * n
    for s in old.seats:
        spec = {"kind": "bot", "bot": s.bot} if s.kind == "bot" else {"kind": "open"}
        seat_specs[(s.seat + 1) % n] = {**spec, "name": s.name}
    options = public_config(old.config).get("options")
    per_seat = get_adapter(old.game).catalogue()["options"].get("per_seat") or []
    if isinstance(options, dict):
        options = dict(options)
        for key in per_seat:
            value = options.get(key)
            if isinstance(value, list) and len(value) == n:
                options[key] = [value[(i - 1) % n] for i in range(n)]
    return seat_specs, options


async def _make_rematch(manager: GamePort, old: LiveGame, client: str | None) -> str:
    """Create ``old``'s rematch (once: a unique column decides between racing servers)."""
    if sum(1 for g in manager.games.values() if g.status == "active") >= manager.max_active_games:
        raise ApiError(503, "server_full", "this server has too many games going; try later")
    manager.check_create(client)
    seat_specs, options = rematch_table(old)
    new = await anyio.to_thread.run_sync(
        lambda: build_game(
            old.game,
            seat_specs,
            options,
            card_sets=manager.card_sets,
            practice=old.practice,
            table=old.config.get("table"),  # the same clock and stand-in bot
        )
    )
    new.row.rematch_of = old.id
    try:
        await manager.run_db(manager.store.create_game, new.row)
    except IntegrityError:
        found = await manager.run_db(find_rematch, manager.store, old.id)
        if found is None:
            raise ApiError(503, "storage_error", "the rematch could not be stored") from None
        return found
    except Exception as exc:
        raise ApiError(503, "storage_error", "the rematch could not be stored") from exc
    live = LiveGame(new.row, new.state, new.log)
    manager.adopt(live)
    live.creator = client
    manager.games[live.id] = live
    await manager.game_ready(live)
    return live.id


async def rematch(
    manager: GamePort, old: LiveGame, seat: int | None, token: str, client: str | None = None
) -> dict:
    """Join (making it first if need be) the rematch of the finished game ``old`` as the
    holder of its seat ``seat`` (authenticated by ``token``): the new seat, its token, its
    link."""
    if seat is SPECTATOR:
        raise ApiError(403, "spectator", "a spectator link has no seat in a rematch")
    if old.status != "finished":
        raise ApiError(409, "not_finished", "a rematch is offered once the game is over")
    async with old.lock:
        new_id = old.rematch or await manager.run_db(find_rematch, manager.store, old.id)
        if new_id is None:
            new_id = await _make_rematch(manager, old, client)
        if old.rematch != new_id:
            old.rematch = new_id
            old.notify()
    game = await manager.require(new_id)
    place = (seat + 1) % len(game.seats)
    new_token = rematch_token(token, game.id, seat)
    digest = security.hash_token(new_token)
    async with game.lock:
        if game.seats[place].open:
            got, started = await manager.run_db(
                claim_seat, manager.store, game.id, [place], None, digest
            )
            if got is not None:
                _taken(game, place, None, digest, started)
        if not security.token_matches(new_token, game.seats[place].token_hash):
            raise ApiError(409, "seat_taken", "your seat in the rematch is held by another token")
    if game.status == "active":
        await manager.game_ready(game)
    manager.kick_bots(game)
    return {
        "id": game.id,
        "seat": place,
        "token": new_token,
        "url": f"/game/{game.id}#token={new_token}",
        "status": game.status,
    }
