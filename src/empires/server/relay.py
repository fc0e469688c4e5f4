"""A player's request relayed to the game's owner (``empires serve --broker``, issue #29).

A process that gets a move (or an undo, a leave, a return) for a game another process owns does
not take the game over: it sends the request to the owner's inbox on the broker
(``<channel>:to:<process>``), the owner runs it as its own players' requests run (its lock, its
group commit), and answers on the asker's inbox; the asker answers its client with the owner's
result. The asker's copy of the game gets the new entries from the owner's signed notes, as any
follower's does. The owner is known from the notes it signs (their sender) or, failing that,
from its lease in the database (:func:`empires.server.lease.holder`).

The broker is not trusted: requests and answers are signed with HMAC-SHA256 by the key kept in
the database (as the notes that carry log entries are), name the process they are for, are
bounded in size (:data:`MAX_ASK`, :data:`MAX_ANSWER`) and checked field by field: a game id, a
seat number, an operation of :data:`OPS` with its bounded arguments, a request id seen once, a
time stamp not older than :data:`ASK_AGE` seconds. Anything else is dropped unread. The
inbox also carries presence reports (``"k": "p"``: the seats with a websocket on the sender,
:mod:`empires.server.presence`), checked here the same way and passed on (:attr:`Relay.present`).

Faults: an owner that is not listening (the broker's ``PUBLISH`` reached nobody: it died) is a
takeover, left to the caller (its lock waits for the lease to lapse); an owner that does not
answer within :data:`ASK_WAIT` seconds (it died or hangs mid-request) gives the client a 503
``busy`` to retry with the same ``expect``: a move the owner stored before it died is answered
as a duplicate then, never applied twice. The fencing epoch still keeps a superseded owner from
writing (:mod:`empires.server.lease`).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeGuard

import orjson

from empires.server.errors import ApiError, StaleWrite
from empires.server.live_game import LiveGame

log = logging.getLogger("empires.server.relay")

PREFIX = b"r1:"  # a relayed request or answer: PREFIX + HMAC (SIG_HEX hex digits) + b":" + JSON
SIG_HEX = 32
MAX_GAME_ID = 64  # characters of a game id on the broker (a note's, a request's, a report's)
MAX_ASK = 1024  # bytes: a longer request is dropped unread
MAX_ANSWER = 65536  # bytes: a longer answer is dropped (the owner answers 503 instead)
ASK_WAIT = 6.0  # seconds a relayed request waits for the owner's answer
ASK_AGE = 60.0  # seconds: a request stamped longer ago (or ahead) than this is refused
PRESENCE_AGE = 60.0  # seconds: the same for a presence report (empires.server.presence)
SEEN_KEPT = 10_000  # request ids remembered (a request replayed on the broker runs once)
MAX_SEAT = 64
MAX_NUMBER = 2**53
MAX_ACTION = 128  # characters (as a player's action: game_setup.MAX_ACTION_LENGTH)
MAX_UNDO_COUNT = 100
MAX_TEXT = 512  # characters of an error's code and sentence in an answer
# the operations relayed, and the arguments each takes
OPS: dict[str, tuple[str, ...]] = {
    "act": ("action", "expect"),
    "undo": ("expect", "count"),
    "leave": (),
    "return": (),
}
GONE: dict = {}  # the answer of a process that listens nowhere
RunRelayed = Callable[[LiveGame, str, int, dict], Awaitable[dict]]


def sign(key: bytes, body: bytes) -> bytes:
    """The signature of ``body`` by ``key`` (HMAC-SHA256, its first SIG_HEX hex digits)."""
    return hmac.new(key, body, hashlib.sha256).hexdigest()[:SIG_HEX].encode()


def inbox(channel: str, process: str) -> str:
    """The broker channel of the requests and answers for ``process``."""
    return f"{channel}:to:{process}"


def seal(key: bytes, body: dict) -> bytes:
    raw = orjson.dumps(body)
    return PREFIX + sign(key, raw) + b":" + raw


def game_id_ok(value: Any) -> TypeGuard[str]:
    """Whether ``value`` read on the broker can be a game id: 1 to MAX_GAME_ID of
    ``A-Za-z0-9_-``."""
    return (
        isinstance(value, str)
        and 0 < len(value) <= MAX_GAME_ID
        and value.isascii()
        and all(c.isalnum() or c in "_-" for c in value)
    )


def _process(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 32 and value.isascii() and value.isalnum()


def _int(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value < high  # noqa: E721 (bool is no number here)


def _args_ok(op: Any, args: Any) -> bool:
    if op not in OPS or not isinstance(args, dict) or set(args) != set(OPS[op]):
        return False
    action = args.get("action", "x")
    ok = isinstance(action, str) and 0 < len(action) <= MAX_ACTION
    ok = ok and _int(args.get("expect", 0), 0, MAX_NUMBER)
    return ok and _int(args.get("count", 1), 1, MAX_UNDO_COUNT + 1)


def _ask_ok(body: dict, now: float) -> bool:
    stamp = body.get("t")
    fresh = isinstance(stamp, (int, float)) and abs(now - stamp) <= ASK_AGE
    return (
        fresh
        and game_id_ok(body.get("game"))
        and _int(body.get("seat"), 0, MAX_SEAT)
        and _args_ok(body.get("op"), body.get("a"))
    )


def _presence_ok(body: dict, now: float) -> bool:
    """A presence report (empires.server.presence): a game id, its number, distinct seat
    numbers, a fresh stamp."""
    stamp, seats = body.get("t"), body.get("seats")
    return (
        isinstance(stamp, (int, float))
        and abs(now - stamp) <= PRESENCE_AGE
        and game_id_ok(body.get("game"))
        and _int(body.get("n"), 0, MAX_NUMBER)
        and isinstance(seats, list)
        and len(seats) <= MAX_SEAT
        and all(_int(s, 0, MAX_SEAT) for s in seats)
        and len(set(seats)) == len(seats)
    )


def _answer_ok(body: dict) -> bool:
    if "ok" in body:
        return isinstance(body["ok"], dict)
    if "err" in body:
        err = body["err"]
        return (
            isinstance(err, list)
            and len(err) == 4
            and _int(err[0], 400, 600)
            and isinstance(err[1], str)
            and len(err[1]) <= 64
            and isinstance(err[2], str)
            and len(err[2]) <= MAX_TEXT
            and (err[3] is None or (isinstance(err[3], (int, float)) and 0 <= err[3] <= 3600))
        )
    return body.get("moved") is True


def opened(key: bytes | None, data: Any, me: str, now: float | None = None) -> dict | None:
    """The request or answer in ``data`` when it is signed by ``key``, is for process ``me``
    and every field is well typed and bounded; else None."""
    if key is None or not isinstance(data, bytes) or not data.startswith(PREFIX):
        return None
    head = len(PREFIX) + SIG_HEX
    if len(data) > MAX_ANSWER + head + 1 or data[head : head + 1] != b":":
        return None
    raw = data[head + 1 :]
    if not hmac.compare_digest(sign(key, raw), data[len(PREFIX) : head]):
        return None
    try:
        body = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(body, dict) or body.get("to") != me or not _process(body.get("from")):
        return None
    rid = body.get("id")
    if not (isinstance(rid, str) and len(rid) == 32 and rid.isascii() and rid.isalnum()):
        return None
    kind = body.get("k")
    if kind == "q":
        ok = len(raw) <= MAX_ASK and _ask_ok(body, time.time() if now is None else now)
        return body if ok else None
    if kind == "p":
        ok = len(raw) <= MAX_ASK and _presence_ok(body, time.time() if now is None else now)
        return body if ok else None
    return body if kind == "a" and _answer_ok(body) else None


class Asker(Protocol):
    """A process's side of the relay as its request handlers see it (shared_log.SharedLog)."""

    async def relay(self, game: LiveGame, op: str, seat: int, args: dict) -> dict | None: ...


async def ask_owner(
    shared: Asker | None, game: LiveGame, op: str, seat: int, args: dict
) -> dict | None:
    """The answer of ``game``'s owner to a player's request (``op`` of :data:`OPS`) when another
    process owns the game; None when this process is to run it (one process, or it owns the
    game, or nobody else holds its lease)."""
    if shared is None or game.owned:
        return None
    return await shared.relay(game, op, seat, args)


class RelayLink(Protocol):
    """What the relay uses of the link to the other processes (shared_log.SharedLog)."""

    me: str
    channel: str
    key: bytes | None
    redis: Any

    @property
    def games(self) -> dict[str, LiveGame]: ...

    async def holder(self, game_id: str) -> str | None: ...

    def send(self, channel: str, data: bytes) -> None: ...

    def spawn(self, coro: Any) -> None: ...

    def drop(self, data: Any) -> None: ...

    def send_note(self, game_id: str) -> None: ...


class Relay:
    """The asking and the answering side of relayed requests, for one process."""

    def __init__(self, link: RelayLink) -> None:
        self.link = link
        self.run: RunRelayed | None = None  # the owner's side: runs a request (the manager's)
        self.owners: dict[str, str] = {}  # game id -> the process last known to own it
        self._asks: dict[str, asyncio.Future] = {}  # request id -> its answer, awaited
        self._seen: OrderedDict[str, None] = OrderedDict()  # request ids already run
        # a presence report for this process (empires.server.presence): passed on
        self.present: Callable[[dict], None] = lambda body: None
        self.sent = 0  # requests sent (tests read them)
        self.served = 0  # requests run for another process

    def owner_is(self, game_id: str, process: str) -> None:
        """``process`` signed a note of ``game_id``'s new entries: it owns the game."""
        if process != self.link.me:
            self.owners[game_id] = process

    def forget(self, keep: set[str] | dict) -> None:
        """Forget the owners of games no longer in memory."""
        for game_id in [g for g in self.owners if g not in keep]:
            del self.owners[game_id]

    # ---- the asking side ----
    async def ask(self, game: LiveGame, op: str, seat: int, args: dict) -> dict | None:
        """Run ``op`` at ``game``'s owner: its answer (an ApiError when it refused), or None
        when no other process holds a live lease of the game (or is there to answer): the
        caller then takes the game itself."""
        link = self.link
        if link.key is None or link.redis is None or game.owned:
            return None
        for _ in range(3):
            target = self.owners.get(game.id) or await link.holder(game.id)
            if target is None or target == link.me:
                return None
            answer = await self._ask_once(target, game.id, op, seat, args)
            if answer is GONE:  # nobody listens there: the owner died (a takeover)
                self.owners.pop(game.id, None)
                return None
            if answer.get("moved"):  # no longer the owner: look again
                self.owners.pop(game.id, None)
                continue
            self.owners[game.id] = target
            if "ok" in answer:
                return answer["ok"]
            status, code, message, retry_after = answer["err"]
            raise ApiError(status, code, message, retry_after=retry_after)
        return None

    async def _ask_once(self, target: str, game_id: str, op: str, seat: int, args: dict) -> dict:
        link = self.link
        rid = secrets.token_hex(16)
        body: dict[str, Any] = {"k": "q", "id": rid, "from": link.me, "to": target}
        body["game"] = game_id
        body.update(seat=seat, op=op, a=args, t=time.time())
        assert link.key is not None
        data = seal(link.key, body)
        future = asyncio.get_running_loop().create_future()
        self._asks[rid] = future
        try:
            try:
                heard = await asyncio.wait_for(
                    link.redis.publish(inbox(link.channel, target), data), ASK_WAIT
                )
            except Exception as exc:
                log.warning("cannot relay a request to the owner (%s)", type(exc).__name__)
                raise _busy() from exc
            self.sent += 1
            if not heard:
                return GONE
            try:
                answer = await asyncio.wait_for(future, ASK_WAIT)
            except TimeoutError:
                self.owners.pop(game_id, None)
                raise _busy() from None
        finally:
            self._asks.pop(rid, None)
        return answer

    # ---- both sides: what arrives in this process's inbox ----
    def heard(self, data: Any) -> None:
        link = self.link
        body = opened(link.key, data, link.me)
        if body is None:
            link.drop(data)
            return
        if body["k"] == "p":
            self.present(body)
            return
        if body["k"] == "a":
            future = self._asks.get(body["id"])
            if future is not None and not future.done():
                future.set_result(body)
            return
        if body["id"] in self._seen:  # a request replayed on the broker
            return
        self._seen[body["id"]] = None
        while len(self._seen) > SEEN_KEPT:
            self._seen.popitem(last=False)
        link.spawn(self._answer(body))

    # ---- the answering side ----
    async def _answer(self, ask: dict) -> None:
        link = self.link
        reply: dict[str, Any] = {"k": "a", "id": ask["id"], "from": link.me, "to": ask["from"]}
        game = link.games.get(ask["game"])
        try:
            if game is None or not game.owned or self.run is None:
                reply["moved"] = True
            elif ask["seat"] >= len(game.seats):
                raise ApiError(400, "bad_seat", "no such seat")
            else:
                self.served += 1
                game.table.active(ask["seat"], game.clock())  # (its player is here)
                reply["ok"] = await self.run(game, ask["op"], ask["seat"], ask["a"])
        except StaleWrite:  # (LeaseLost) the game went to another process meanwhile
            reply.pop("ok", None)
            reply["moved"] = True
        except ApiError as exc:
            reply["err"] = [exc.status, exc.code[:64], exc.message[:MAX_TEXT], exc.retry_after]
        except Exception:
            log.exception("a relayed request of game %s failed", ask["game"])
            reply["err"] = [500, "relay_failed", "the request failed at the game's owner", None]
        assert link.key is not None
        data = seal(link.key, reply)
        if len(data) > MAX_ANSWER:
            reply.pop("ok", None)
            reply["err"] = [503, "busy", "the answer was too long to relay; look again", 1]
            data = seal(link.key, reply)
        link.send_note(ask["game"])  # the asker's copy hears of the move before the answer
        link.send(inbox(link.channel, ask["from"]), data)


def _busy() -> ApiError:
    return ApiError(
        503, "busy", "the server process holding this game did not answer; try again", 1
    )
