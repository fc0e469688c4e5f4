"""A seat's player present on another process counts at the game's owner (issue #29).

The owner runs a game's table clock, and hands the seat to act to the stand-in bot when it has
had no websocket for ``Limits.away_after`` seconds (:meth:`empires.server.table.Table
._check_connection`). A player whose websocket reaches a process that does not own the game
(a follower) is there all the same: the follower tells the owner which seats of the game have a
socket on it, when one opens or closes and every :data:`EVERY` seconds while any is open. The
owner counts a seat present while it has a socket of its own or a report of another process
not older than :data:`FOR` seconds (its own clock); a report that no longer names a seat ends
that process's presence of it at once (the socket closed), and a follower that dies stops
reporting, so its seats lapse :data:`FOR` seconds after its last report.

A report goes to the owner's inbox (``<channel>:to:<process>``, as relayed requests do), signed
with the key kept in the database, and says no more than "seats S of game G are present on
process P", numbered and stamped with P's time: :func:`empires.server.relay.opened` checks its signature,
that it is for this process, its size and every field (a game id, at most MAX_SEAT distinct
seat numbers, a stamp not older than :data:`relay.PRESENCE_AGE` seconds), and the owner takes
it only for a game it owns, only for seats the game has, and only if P took it after the last
report of P for that game it took (its number is higher). Nothing else of it is kept; its worst is to keep a seat from being
handed to a bot for :data:`FOR` seconds after it arrives (a forged report needs the key).
"""

from __future__ import annotations

import logging
import secrets
import time
from typing import Any

from empires.server.live_game import LiveGame
from empires.server.relay import RelayLink, inbox, seal

log = logging.getLogger("empires.server.presence")

EVERY = 5.0  # seconds between two reports of a game's seats present on a follower
FOR = 3 * EVERY  # seconds (the owner's clock) a report keeps its seats present
LOOK_AGAIN = 10  # rounds after which a game's owner is read from its lease again


class Presence:
    """Both sides of the presence reports, for one process (``SharedLog.presence``)."""

    def __init__(self, link: RelayLink, owners: dict[str, str]) -> None:
        self.link = link
        self.owners = owners  # game id -> its owner as last known (the relay's)
        self._heard: dict[tuple[str, str], int] = {}  # (game, process) -> last report's number
        self._rounds = 0
        self._number = 0  # the number of this process's last report (they are told in order)
        self.sent = 0  # reports sent (tests read them)
        self.taken = 0  # reports taken by this process as a game's owner

    # ---- a follower's side ----
    @staticmethod
    def seats(game: LiveGame) -> list[int]:
        """The seats of ``game`` with a websocket open on this process."""
        return [s for s, n in enumerate(game.table.connections) if n > 0]

    def changed(self, game: LiveGame) -> None:
        """A seat's websocket opened or closed here: tell the owner now."""
        if not game.owned and self.link.key is not None and self.link.redis is not None:
            self.link.spawn(self._report([self._snapshot(game.id, self.seats(game))]))

    async def every(self) -> None:
        """One round of reports: each game this process follows with a seat's socket open."""
        self._rounds += 1
        if self._rounds % LOOK_AGAIN == 0:  # (an owner that let the game go still listens)
            self.owners.clear()
        reports = []
        for game in list(self.link.games.values()):
            if not game.owned and not game.closed and game.status == "active":
                seats = self.seats(game)
                if seats:
                    reports.append(self._snapshot(game.id, seats))
        if reports:
            await self._report(reports)

    def _snapshot(self, game_id: str, seats: list[int]) -> dict[str, Any]:
        """A report of ``seats`` now: numbered when taken, so that the owner keeps the last
        one taken whatever order they reach it in."""
        self._number += 1
        body: dict[str, Any] = {"k": "p", "id": secrets.token_hex(16), "from": self.link.me}
        body.update(game=game_id, seats=seats, n=self._number, t=time.time())
        return body

    async def _report(self, reports: list[dict[str, Any]]) -> None:
        link = self.link
        if link.key is None or link.redis is None:
            return
        sent = []
        for body in reports:
            game_id = body["game"]
            try:
                target = self.owners.get(game_id) or await link.holder(game_id)
            except Exception:  # (the database away: the next round tries again)
                continue
            if target is None or target == link.me:
                continue
            sent.append((game_id, target, seal(link.key, {**body, "to": target})))
        if not sent:
            return
        try:
            async with link.redis.pipeline(transaction=False) as pipe:
                for _, target, data in sent:
                    pipe.publish(inbox(link.channel, target), data)
                heard = await pipe.execute()
        except Exception as exc:
            log.warning("cannot tell the owners who is here (%s)", type(exc).__name__)
            return
        self.sent += len(sent)
        for (game_id, target, _), n in zip(sent, heard, strict=True):
            if not n and self.owners.get(game_id) == target:  # nobody listens there: it died
                del self.owners[game_id]

    # ---- the owner's side ----
    def heard(self, body: dict) -> None:
        """A report checked by :func:`relay.opened`: taken for a game this process owns."""
        game = self.link.games.get(body["game"])
        if game is None or not game.owned:
            return
        key = (game.id, body["from"])
        if body["n"] <= self._heard.get(key, -1):
            return  # (an older report, or one replayed)
        self._heard[key] = body["n"]
        self.taken += 1
        game.table.reported(body["from"], set(body["seats"]), game.clock(), FOR)

    def forget(self, keep: dict) -> None:
        """Forget the last reports of games no longer in memory."""
        for key in [k for k in self._heard if k[0] not in keep]:
            del self._heard[key]
