"""Optional accounts: a name and a password, a session, the seats an account holds.

Playing needs no account. A player who makes one keeps their games ("my games") and gets an
OpenSkill rating per game (:mod:`empires.server.ratings`).

- Names: 3 to 24 characters, letters (any script), digits, spaces, ``_ . -``, starting and
  ending with a letter or digit; unique without regard to case (``name_key``: NFKC, casefolded).
- Passwords: 8 to 128 characters, not the name. Hashed with Argon2id (argon2-cffi's
  ``PasswordHasher``, its RFC 9106 defaults) in a worker thread, at most ``hashing_at_once`` at
  a time (each hash takes 64 MiB); rehashed at log-in when the parameters change. A log-in with
  an unknown name still verifies a hash, so its timing does not tell which names exist.
- Sessions: a random token (256 bits) in an ``HttpOnly; SameSite=Strict`` cookie
  (``Secure`` over HTTPS), stored only as its SHA-256, expiring after ``session_days``; at most
  ``sessions_per_account`` per account (the oldest go). Against cross-site requests, besides
  SameSite, every request that acts through the session must carry ``X-Empires-CSRF: 1`` (a
  header a cross-site form cannot send and a cross-site script may not without the server's
  leave, which it never gives) and, when it has an ``Origin``, the server's own.
- Log-in attempts are rate-limited per name and per client; sign-ups per client.
- Seats: the first human seat of a game created while logged in, and a seat taken while logged
  in (:meth:`Accounts.link`), belong to the account (one seat per account and game). No raw seat
  token is stored: "my games" lists them, and opening one issues a *new* secret for the seat to
  its account (:meth:`Accounts.access`), which replaces the old one: a seat link that was shared
  or lost stops working then.

Nothing here logs a password or a token. The clock (``Accounts.clock``) can be replaced in tests.
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import anyio
import anyio.to_thread
from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from empires.server import security
from empires.server.db import account_seats, account_sessions, accounts, games, now, seats
from empires.server.errors import ApiError
from empires.server.game_port import GamePort
from empires.server.live_game import LiveGame

NAME = re.compile(r"^[^\W_](?:[\w .-]{1,22})[^\W_]$")
MIN_NAME, MAX_NAME = 3, 24
MIN_PASSWORD, MAX_PASSWORD = 8, 128
SESSION_COOKIE = "empires_session"
CSRF_HEADER = "x-empires-csrf"
SESSION_BYTES = 32
GAMES_PAGE = 50  # "my games": at most this many a page


@dataclass(frozen=True)
class AccountLimits:
    session_days: float = 14.0  # a session lasts this long after log-in
    sessions_per_account: int = 10  # the oldest beyond this many are ended
    login_rate: float = 1 / 12  # log-in attempts per name: 5 a minute ...
    login_burst: float = 5  # ... after a first 5
    client_login_rate: float = 1 / 3  # attempts per client, whatever the names
    client_login_burst: float = 20
    signup_rate: float = 1 / 60  # accounts one client may create: 1 a minute ...
    signup_burst: float = 5  # ... after a first 5
    hashing_at_once: int = 2  # Argon2 hashes computed at the same time (64 MiB each)


@dataclass(frozen=True)
class Account:
    id: int
    name: str

    def public(self) -> dict:
        return {"id": self.id, "name": self.name}


# ---- names and passwords ----------------------------------------------------------------------


def clean_name(name: Any) -> str:
    """The account name as stored (NFKC, spaces collapsed), or ApiError(422) saying what is
    wrong with it."""
    if not isinstance(name, str):
        raise ApiError(422, "invalid_name", "a name is text")
    text = " ".join(unicodedata.normalize("NFKC", name).split())
    if not MIN_NAME <= len(text) <= MAX_NAME:
        raise ApiError(422, "invalid_name", f"a name is {MIN_NAME} to {MAX_NAME} characters long")
    if not NAME.match(text):
        raise ApiError(
            422,
            "invalid_name",
            "a name holds letters, digits, spaces and _ . - and starts and ends with a "
            "letter or digit",
        )
    return text


def name_key(name: str) -> str:
    """What makes two names the same one: case is ignored."""
    return unicodedata.normalize("NFKC", name).casefold()[: MAX_NAME * 2]


def check_password(password: Any, name: str) -> str:
    if not isinstance(password, str):
        raise ApiError(422, "invalid_password", "a password is text")
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ApiError(
            422,
            "invalid_password",
            f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters long",
        )
    if password.casefold() == name.casefold():
        raise ApiError(422, "invalid_password", "a password must not be the name")
    return password


# ---- storage ----------------------------------------------------------------------------------


class AccountStore:
    """The accounts' tables (db.py); every method is one short transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, name: str, password_hash: str, stamp: datetime) -> int | None:
        """The new account's id, or None when the name is taken."""
        try:
            with self.engine.begin() as conn:
                result = conn.execute(
                    insert(accounts).values(
                        name=name,
                        name_key=name_key(name),
                        password_hash=password_hash,
                        created=stamp,
                    )
                )
                key = result.inserted_primary_key
                return None if key is None else int(key[0])
        except IntegrityError:
            return None

    def by_name(self, name: str) -> tuple[int, str, str] | None:
        """(id, name, password hash) of the account called ``name`` (any case)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(accounts.c.id, accounts.c.name, accounts.c.password_hash).where(
                    accounts.c.name_key == name_key(name)
                )
            ).first()
        return None if row is None else (int(row[0]), row[1], row[2])

    def set_hash(self, account_id: int, password_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(accounts)
                .where(accounts.c.id == account_id)
                .values(password_hash=password_hash)
            )

    def add_session(
        self, token_hash: str, account_id: int, stamp: datetime, expires: datetime, keep: int
    ) -> None:
        """Store a session; end this account's expired ones and the oldest beyond ``keep``."""
        with self.engine.begin() as conn:
            conn.execute(
                delete(account_sessions).where(
                    (account_sessions.c.account_id == account_id)
                    & (account_sessions.c.expires <= stamp)
                )
            )
            conn.execute(
                insert(account_sessions).values(
                    token_hash=token_hash, account_id=account_id, created=stamp, expires=expires
                )
            )
            old = conn.execute(
                select(account_sessions.c.token_hash)
                .where(account_sessions.c.account_id == account_id)
                .order_by(account_sessions.c.created.desc(), account_sessions.c.token_hash)
                .offset(keep)
            ).all()
            if old:
                conn.execute(
                    delete(account_sessions).where(
                        account_sessions.c.token_hash.in_([r[0] for r in old])
                    )
                )

    def session_account(self, token_hash: str, stamp: datetime) -> Account | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(accounts.c.id, accounts.c.name)
                .select_from(account_sessions.join(accounts))
                .where(
                    (account_sessions.c.token_hash == token_hash)
                    & (account_sessions.c.expires > stamp)
                )
            ).first()
        return None if row is None else Account(int(row[0]), row[1])

    def end_session(self, token_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                delete(account_sessions).where(account_sessions.c.token_hash == token_hash)
            )

    def end_expired(self, stamp: datetime) -> int:
        with self.engine.begin() as conn:
            result = conn.execute(
                delete(account_sessions).where(account_sessions.c.expires <= stamp)
            )
        return int(result.rowcount or 0)

    def link(self, game_id: str, seat: int, account_id: int, stamp: datetime) -> bool:
        """Give ``seat`` of ``game_id`` to the account; False when the seat belongs to an
        account already or this account holds another seat of the game."""
        with self.engine.begin() as conn:
            held = conn.execute(
                select(func.count())
                .select_from(account_seats)
                .where(
                    (account_seats.c.game_id == game_id)
                    & ((account_seats.c.seat == seat) | (account_seats.c.account_id == account_id))
                )
            ).scalar()
            if held:
                return False
            conn.execute(
                insert(account_seats).values(
                    game_id=game_id, seat=seat, account_id=account_id, linked=stamp
                )
            )
        return True

    def seat_of(self, game_id: str, account_id: int) -> int | None:
        with self.engine.connect() as conn:
            return conn.execute(
                select(account_seats.c.seat).where(
                    (account_seats.c.game_id == game_id)
                    & (account_seats.c.account_id == account_id)
                )
            ).scalar()

    def game_accounts(self, game_id: str) -> dict[int, int]:
        """{seat: account id} for the seats of ``game_id`` that belong to accounts."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(account_seats.c.seat, account_seats.c.account_id).where(
                    account_seats.c.game_id == game_id
                )
            ).all()
        return {int(s): int(a) for s, a in rows}

    def games_of(self, account_id: int, limit: int, offset: int) -> tuple[list[dict], int]:
        """The account's games, newest first: id, game, status, created, finished, seat."""
        mine = account_seats.c.account_id == account_id
        with self.engine.connect() as conn:
            total = conn.execute(select(func.count()).select_from(account_seats).where(mine))
            rows = conn.execute(
                select(
                    games.c.id,
                    games.c.game,
                    games.c.status,
                    games.c.created,
                    games.c.finished,
                    account_seats.c.seat,
                )
                .select_from(account_seats.join(games))
                .where(mine)
                .order_by(games.c.created.desc(), games.c.id)
                .limit(limit)
                .offset(offset)
            ).all()
            count = int(total.scalar() or 0)
        return [
            {
                "id": r[0],
                "game": r[1],
                "status": r[2],
                "created": r[3].isoformat() if r[3] else None,
                "finished": r[4].isoformat() if r[4] else None,
                "seat": int(r[5]),
                "url": f"/game/{r[0]}",
            }
            for r in rows
        ], count

    def set_seat_token(self, game_id: str, seat: int, token_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(seats)
                .where((seats.c.game_id == game_id) & (seats.c.seat == seat))
                .values(token_hash=token_hash)
            )


# ---- the service ------------------------------------------------------------------------------


class Accounts:
    """Accounts of one server (``manager.accounts``): sign-up, log-in, sessions, seats."""

    def __init__(self, manager: GamePort, limits: AccountLimits | None = None) -> None:
        from argon2 import PasswordHasher

        self.manager = manager
        self.limits = limits or AccountLimits()
        self.store = AccountStore(manager.store.engine)
        self.hasher = PasswordHasher()
        self.clock: Callable[[], datetime] = now  # replaceable in tests
        lim = self.limits
        self.name_limiter = security.RateLimiter(lim.login_rate, lim.login_burst)
        self.client_limiter = security.RateLimiter(lim.client_login_rate, lim.client_login_burst)
        self.signup_limiter = security.RateLimiter(lim.signup_rate, lim.signup_burst)
        self._hashing: anyio.CapacityLimiter | None = None
        self._dummy_hash: str | None = None

    async def _db(self, func, *args):
        return await self.manager.run_db(func, *args)

    async def _hash_work(self, func, *args):
        if self._hashing is None:
            self._hashing = anyio.CapacityLimiter(self.limits.hashing_at_once)
        return await anyio.to_thread.run_sync(func, *args, limiter=self._hashing)

    def _limit(self, limiter: security.RateLimiter, key: str, what: str) -> None:
        wait = limiter.take(key, now=self.clock().timestamp())
        if wait:
            raise ApiError(429, "too_many_requests", f"too many {what}; wait a little", wait)

    # ---- sign-up, log-in, log-out ----
    async def sign_up(self, name: Any, password: Any, client: str) -> tuple[Account, str]:
        name = clean_name(name)
        check_password(password, name)
        self._limit(self.signup_limiter, client, "new accounts from your address")
        digest = await self._hash_work(self.hasher.hash, password)
        account_id = await self._db(self.store.create, name, digest, self.clock())
        if account_id is None:
            raise ApiError(409, "name_taken", f"the name {name!r} is taken; choose another")
        account = Account(account_id, name)
        return account, await self._new_session(account)

    async def log_in(self, name: Any, password: Any, client: str) -> tuple[Account, str]:
        if not isinstance(name, str) or not isinstance(password, str):
            raise ApiError(422, "invalid_request", "give a name and a password")
        self._limit(self.client_limiter, client, "log-in attempts from your address")
        self._limit(self.name_limiter, name_key(name), "log-in attempts for this name")
        found = await self._db(self.store.by_name, name) if len(name) <= MAX_NAME * 2 else None
        ok = await self._hash_work(self._verify, found[2] if found else None, password)
        if found is None or not ok:
            raise ApiError(401, "wrong_credentials", "wrong name or password")
        account = Account(found[0], found[1])
        if self.hasher.check_needs_rehash(found[2]):
            digest = await self._hash_work(self.hasher.hash, password)
            await self._db(self.store.set_hash, account.id, digest)
        return account, await self._new_session(account)

    def _verify(self, digest: str | None, password: str) -> bool:
        """Whether ``password`` matches ``digest``; with no digest, a dummy one is checked so
        that an unknown name takes as long as a known one."""
        from argon2.exceptions import Argon2Error, InvalidHashError

        if digest is None:
            if self._dummy_hash is None:
                self._dummy_hash = self.hasher.hash(secrets.token_hex(16))
            digest = self._dummy_hash
        try:
            return bool(self.hasher.verify(digest, password)) and digest != self._dummy_hash
        except (Argon2Error, InvalidHashError):
            return False

    async def _new_session(self, account: Account) -> str:
        token = secrets.token_urlsafe(SESSION_BYTES)
        stamp = self.clock()
        expires = stamp + timedelta(days=self.limits.session_days)
        await self._db(
            self.store.add_session,
            security.hash_token(token),
            account.id,
            stamp,
            expires,
            self.limits.sessions_per_account,
        )
        return token

    async def log_out(self, token: str | None) -> None:
        if token and len(token) <= security.MAX_TOKEN_LENGTH:
            await self._db(self.store.end_session, security.hash_token(token))

    async def account_of(self, token: str | None) -> Account | None:
        """The account whose live session ``token`` is, else None."""
        if not token or len(token) > security.MAX_TOKEN_LENGTH:
            return None
        return await self._db(self.store.session_account, security.hash_token(token), self.clock())

    async def sweep(self) -> int:
        """End the expired sessions; how many."""
        return int(await self._db(self.store.end_expired, self.clock()))

    # ---- seats ----
    async def link(self, account: Account, game: LiveGame, seat: int) -> bool:
        """Give ``seat`` of ``game`` (a human seat) to ``account``; False when it cannot be."""
        if not 0 <= seat < len(game.seats) or game.seats[seat].kind != "human":
            return False
        return bool(await self._db(self.store.link, game.id, seat, account.id, self.clock()))

    async def link_creator(self, account: Account, game: LiveGame, tokens: dict) -> int | None:
        """The seat of ``game`` given to the account that created it: its first human seat
        that got a secret (not an open one). None when there is none."""
        for seat in game.seats:
            if seat.kind == "human" and tokens.get(seat.seat) is not None:
                return seat.seat if await self.link(account, game, seat.seat) else None
        return None

    async def my_games(self, account: Account, page: int) -> dict:
        rows, total = await self._db(
            self.store.games_of, account.id, GAMES_PAGE, (page - 1) * GAMES_PAGE
        )
        return {"page": page, "per_page": GAMES_PAGE, "total": total, "games": rows}

    async def access(self, account: Account, game_id: str) -> dict:
        """A new secret for the account's seat in ``game_id`` (the old one stops working)."""
        game = await self.manager.require(game_id)
        seat = await self._db(self.store.seat_of, game.id, account.id)
        if seat is None:
            raise ApiError(403, "not_your_game", "your account holds no seat in this game")
        token = security.new_token()
        digest = security.hash_token(token)
        async with game.lock:
            await self._db(self.store.set_seat_token, game.id, seat, digest)
            game.seats[seat].token_hash = digest
        return {"seat": seat, "token": token, "url": f"/game/{game.id}#token={token}"}
