"""The web table's undo, clocks and absent players, applied to live games (issue #16, part A).

- Undo (:meth:`Table.undo`): the seat to act may take back its own last actions, as many as
  :func:`empires.core.undo.undoable` allows (until the turn passes or something hidden or random
  comes to light) and never a stand-in bot's; the live game becomes
  :func:`empires.core.undo.take_back`, the store drops those actions from the history and keeps
  them as an undo record (:mod:`empires.server.take_back` numbers the moves).
- Clocks (:mod:`empires.server.table_clock`): after every change the running clock is charged
  and the next one started; :meth:`Table.check_clocks` (run every second by the manager, or by a
  test at a time of its choosing with a controllable clock) has the table's stand-in bot play the
  one decision whose time ran out (every decision, after three timeouts in a row). A seat's clock
  stands still while its own hint is worked out (:meth:`Table.hint_pause`), and an undo puts the
  clocks back as they were before the actions it takes back.
- Absent players: :meth:`Table.leave` (or three timeouts in a row) has the stand-in bot play for
  the seat, each such action marked with the bot in the log; :meth:`Table.come_back` (or the
  seat's page connecting again) gives the seat back.

What the store keeps (seat clocks, absences, undos) is the truth a restarted server resumes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import anyio.to_thread

from empires.core.undo import take_back
from empires.server import relay
from empires.server import take_back as moves
from empires.server.errors import ApiError, StaleWrite
from empires.server.game_port import GamePort
from empires.server.live_game import SPECTATOR, LiveGame, owner_lock
from empires.server.table_clock import ONCE

log = logging.getLogger("empires.server")

CLOCK_EVERY = 1.0  # seconds between two looks at the clocks


def _bad(message: str) -> ApiError:
    return ApiError(400, "malformed_request", message)


def check_expect(expect: Any) -> int:
    if expect is None:
        raise ApiError(
            400,
            "missing_expect",
            "say which move this is: 'expect' is the number "
            "of moves so far (it makes a resubmission harmless)",
        )
    if isinstance(expect, bool) or not isinstance(expect, int) or expect < 0:
        raise _bad("'expect' must be the number of moves so far")
    return expect


def to_act(game: LiveGame) -> int | None:
    """The present human seat whose clock should run now, or None."""
    st = game.state
    if game.status != "active" or st.is_terminal():
        return None
    seat = st.current_player
    if not 0 <= seat < len(game.seats) or game.seats[seat].kind != "human":
        return None
    return None if game.table.away(seat) else seat


class Table:
    """The manager's undo, clocks and absences (``manager.table``)."""

    def __init__(self, manager: GamePort) -> None:
        self.manager = manager
        manager.on_game_ready(self.attach)  # the clock of the seat to act starts
        manager.on_after_action(self.after_action)
        self._loop: asyncio.Task | None = None

    # ---- clocks ----
    def start(self) -> None:
        self._loop = asyncio.get_running_loop().create_task(self._clock_loop())

    def stop(self) -> None:
        if self._loop is not None:
            self._loop.cancel()

    async def _clock_loop(self) -> None:
        while not self.manager.closing:
            await asyncio.sleep(CLOCK_EVERY)
            try:
                await self.check_clocks()
            except Exception:  # a failed check is tried again next time
                log.exception("checking the clocks failed")

    async def attach(self, game: LiveGame) -> None:
        """A game comes into memory: it reads the manager's clock, and the clock of its seat to
        act runs (a stored deadline stands)."""
        game.clock = self.manager.clock
        now = self.manager.clock()
        game.table.seen = [now] * len(game.seats)  # nobody counts as gone before it loaded
        await self.refresh_undo(game)
        if not game.owned:  # another process owns the game and runs its clocks
            return
        if game.table.running is None and to_act(game) is not None and game.table.mode != "none":
            async with owner_lock(game):
                try:
                    await self.changed(game, self.manager.clock())
                except Exception:  # stored with the next change
                    log.exception("cannot store the table of game %s", game.id)

    async def after_action(self, game: LiveGame, seat: int) -> None:
        """``seat`` took an action (caller holds the lock and notifies the watchers)."""
        now = self.manager.clock()
        index = len(game.log) - 1
        game.table.mark(index, now)  # what an undo of this action puts back
        game.table.acted(seat, index, bool(game.log[index].get("stand_in")))
        game.table.update(to_act(game), now, seat)
        await self.refresh_undo(game)
        try:
            await self.store(game)
        except Exception:  # the action stands; the clocks are stored with the next change
            log.exception("cannot store the table of game %s", game.id)

    async def check_clocks(self, at: float | None = None) -> list[tuple[str, int]]:
        """Hand every seat whose time ran out by ``at`` (default: the manager's clock now) to
        its table's stand-in bot, and start the clock of a game that has just begun (its last
        open seat was taken). Returns the (game id, seat) pairs timed out."""
        now = self.manager.clock() if at is None else at
        out = []
        for game in list(self.manager.games.values()):
            if game.status != "active" or not game.owned:  # (another process runs its clocks)
                continue
            try:
                seat = await self._check_game(game, now)
            except Exception:  # one game's failed write never stops the others' clocks
                log.exception("checking the clock of game %s failed", game.id)
                self.manager.kick_bots(game)  # a seat handed over in memory is played all the same
                continue
            if seat is not None:
                out.append((game.id, seat))
                self.manager.kick_bots(game)
        return out

    async def _check_game(self, game: LiveGame, now: float) -> int | None:
        """Start ``game``'s idle clock, hand over a seat gone too long or out of time; the seat
        that timed out, or None."""
        if game.table.running is None and game.table.mode != "none" and to_act(game) is not None:
            async with owner_lock(game):
                await self.changed(game, now)
        await self._check_connection(game, now)
        if game.table.expired(now) is None:
            return None
        async with owner_lock(game):
            seat = game.table.time_out(now)
            if seat is not None:
                log.info(
                    "game %s: seat %d ran out of time (%d in a row); a bot plays for it",
                    game.id,
                    seat,
                    game.table.seats[seat].timeouts,
                )
                await self.changed(game, now)
        return seat

    async def changed(self, game: LiveGame, now: float, acted: int | None = None) -> None:
        """After a change of ``game`` (caller holds its lock): run the right clock, store the
        table when it changed, tell the watchers."""
        game.table.update(to_act(game), now, acted)
        await self.refresh_undo(game)
        await self.store(game)
        game.notify()

    async def offer_undo(self, game: LiveGame) -> None:
        """Work the undo offer out when it was not for this move (a copy another process owns,
        watched here by spectators alone, skips it: shared_log)."""
        if game.table.undo_cache[0] != game.moves:
            await self.refresh_undo(game)

    @staticmethod
    async def refresh_undo(game: LiveGame) -> None:
        """Work out how many actions the seat to act may take back now, for its views; only
        when its own action is the last one, as undo needs. With the trail kept one move ago
        (one action to check, a fraction of a millisecond) on the event loop: the hop to a
        worker thread cost more than the check; a replay of the history in a worker thread."""
        seat = to_act(game)
        n = 0
        last = game.log[-1] if game.log else None
        if (
            seat is not None
            and last is not None
            and last["seat"] == seat
            and not last.get("stand_in")
        ):
            if moves.trail_applies(game, seat):
                n = moves.allowed_undos(game, seat)
            else:
                n = await anyio.to_thread.run_sync(moves.allowed_undos, game, seat)
        game.table.undo_cache = (game.moves, n)
        moves.keep_trail(game, seat, n)  # the next count checks one action, not the history

    async def store(self, game: LiveGame) -> None:
        rows = game.table.rows()
        if rows == game.table.stored:
            return
        await self.manager.run_db(self.manager.store.save_clocks, game.id, rows)
        game.table.stored = rows

    # ---- absent players ----
    async def connected(self, game: LiveGame, seat: int | None) -> None:
        """A websocket of ``seat`` opened; a seat handed to the bot for lack of a connection,
        or for timeouts in a row, is given back (its player is here again)."""
        if seat is SPECTATOR:
            return
        game.table.connections[seat] += 1
        game.table.seen[seat] = self.manager.clock()
        self._tell_owner(game)
        await self.offer_undo(game)
        if game.table.away(seat) in ("disconnected", "timeout") and game.status == "active":
            with contextlib.suppress(ApiError):
                await self.come_back(game, seat)

    def disconnected(self, game: LiveGame, seat: int | None) -> None:
        if seat is SPECTATOR:
            return
        game.table.connections[seat] = max(0, game.table.connections[seat] - 1)
        game.table.seen[seat] = self.manager.clock()
        self._tell_owner(game)

    def _tell_owner(self, game: LiveGame) -> None:
        """The seats with a socket here, told to the game's owner when another process owns
        it (its table clock counts them present: empires.server.presence)."""
        shared = self.manager.shared
        if shared is not None and not game.owned:
            shared.present(game)

    async def _check_connection(self, game: LiveGame, now: float) -> None:
        """Hand the seat to act to the stand-in bot when it has had no websocket for
        ``Limits.away_after`` seconds (here, nor on another process: presence reports)."""
        seat = to_act(game)
        if seat is None:
            return
        gone = game.table.gone_since(seat, now)
        if gone is None or gone < self.manager.limits.away_after:
            return
        log.info("game %s: seat %d has no connection; a bot plays for it", game.id, seat)
        with contextlib.suppress(ApiError):
            await self.leave(game, seat, "disconnected")

    def _human(self, game: LiveGame, seat: int | None) -> int:
        if seat is SPECTATOR:
            raise ApiError(403, "spectator", "a spectator link has no seat")
        if game.seats[seat].kind != "human":
            raise ApiError(409, "not_human", "a bot's seat has no player to leave or return")
        if game.status != "active" or game.state.is_terminal():
            raise ApiError(409, "game_over", "the game is not going on")
        return seat

    async def leave(
        self, game: LiveGame, seat: int | None, reason: str = "left", relayed: bool = False
    ) -> dict:
        """``seat``'s player leaves the table: the stand-in bot plays for it from now on.
        ``relayed``: another process relayed the request to this one, the game's owner."""
        seat = self._human(game, seat)
        if reason == "left" and not relayed:
            answer = await self._relay(game, "leave", seat, {})
            if answer is not None:
                return answer
        async with owner_lock(game) if relayed else game.lock:
            if game.table.away(seat) in (None, ONCE):
                now = self.manager.clock()
                game.table.leave(seat, reason, now)
                await self._changed_or_undo(game, seat, now, lambda: game.table.come_back(seat))
        self.manager.kick_bots(game)
        return self.seat_state(game, seat)

    async def come_back(self, game: LiveGame, seat: int | None, relayed: bool = False) -> dict:
        """``seat``'s player takes the seat back: they play on from their next decision."""
        seat = self._human(game, seat)
        if not relayed:
            answer = await self._relay(game, "return", seat, {})
            if answer is not None:
                return answer
        async with owner_lock(game) if relayed else game.lock:
            table = game.table
            reason, timeouts = table.away(seat), table.seats[seat].timeouts
            if reason is not None or timeouts:  # (a present seat's timeouts in a row end too)
                now = self.manager.clock()
                table.come_back(seat)

                def undo() -> None:
                    if reason is not None:
                        table.leave(seat, reason, now)
                    table.seats[seat].timeouts = timeouts

                await self._changed_or_undo(game, seat, now, undo)
        return self.seat_state(game, seat)

    async def _changed_or_undo(self, game: LiveGame, seat: int, now: float, undo: Any) -> None:
        try:
            await self.changed(game, now)
        except Exception as exc:
            log.exception("cannot store the table of game %s", game.id)
            undo()
            game.table.update(to_act(game), now)
            raise ApiError(
                503, "storage_error", "the change could not be stored; try again"
            ) from exc

    # ---- hints ----
    async def hint_pause(self, game: LiveGame, seat: int) -> float | None:
        """Stop ``seat``'s running clock while its own hint is worked out: when it stopped
        (then :meth:`hint_resume` must follow), or None when no clock of its ran."""
        async with game.lock:
            now = self.manager.clock()
            if not game.table.pause(seat, now):
                return None
            game.notify()
        return now

    async def hint_resume(self, game: LiveGame, seat: int, since: float) -> None:
        """The hint is delivered (or failed): ``seat``'s clock, stopped at ``since``, runs
        again; the time it stood still is not charged."""
        async with game.lock:
            table = game.table
            if table.paused != since or table.running != seat:
                return  # an action ran the clock on already
            table.resume(self.manager.clock())
            try:
                await self.store(game)  # the deadline moved
            except Exception:  # stored with the next change
                log.exception("cannot store the table of game %s", game.id)
            game.notify()

    async def _relay(self, game: LiveGame, op: str, seat: int, args: dict) -> dict | None:
        """The answer of ``game``'s owner when another process owns it (empires.server.relay);
        None when this process is to do it."""
        return await relay.ask_owner(self.manager.shared, game, op, seat, args)

    @staticmethod
    def seat_state(game: LiveGame, seat: int) -> dict:
        return {"seat": seat, "away": game.table.away(seat), "table": game.table.view()}

    # ---- undo ----
    async def undo(
        self, game: LiveGame, seat: int | None, expect: Any, count: Any = 1, relayed: bool = False
    ) -> dict:
        """Take back ``seat``'s last ``count`` actions, as move number ``expect`` (at the
        game's owner: relayed there from another process)."""
        if seat is SPECTATOR:
            raise ApiError(403, "spectator", "a spectator link cannot act")
        if (
            isinstance(count, bool)
            or not isinstance(count, int)
            or not 1 <= count <= moves.MAX_UNDO
        ):
            raise _bad(f"'count' is how many actions to take back: 1 to {moves.MAX_UNDO}")
        expect = check_expect(expect)
        if not relayed:
            answer = await self._relay(game, "undo", seat, {"expect": expect, "count": count})
            if answer is not None:
                return answer
        async with owner_lock(game) if relayed else game.lock:
            done = self._done_undo(game, seat, expect, count)
            if done is not None:
                return done
            self.manager.check_turn(game, seat)
            if expect != game.moves:
                raise ApiError(
                    409, "stale", f"the game has moved on: {game.moves} moves so far, not {expect}"
                )
            allowed = await anyio.to_thread.run_sync(moves.allowed_undos, game, seat)
            if count > allowed:
                raise ApiError(
                    409,
                    "not_undoable",
                    f"only {allowed} action{'s' if allowed != 1 else ''} can be taken back now, "
                    f"not {count} (the turn passed, or something hidden or random was revealed)",
                )
            await self._take_back(game, seat, count)
        return {"undone": count, "actions": len(game.log), "moves": game.moves}

    @staticmethod
    def _done_undo(game: LiveGame, seat: int, expect: int, count: int) -> dict | None:
        """The answer to an undo sent again (the same seat, count and move number), or None."""
        if expect >= game.moves:
            return None
        undo = moves.undo_at_step(expect, game.undos)
        if undo is not None and undo["seat"] == seat and len(undo["actions"]) == count:
            return {
                "undone": count,
                "actions": len(game.log),
                "moves": game.moves,
                "duplicate": True,
            }
        raise ApiError(
            409, "stale", f"the game has moved on: {game.moves} moves so far, not {expect}"
        )

    async def _take_back(self, game: LiveGame, seat: int, count: int) -> None:
        index = len(game.log) - count
        state = await anyio.to_thread.run_sync(take_back, game.state, count)
        taken = [e["action"] for e in game.log[index:]]
        seq = len(game.undos)
        shared = self.manager.shared
        try:
            if shared is None:
                await self.manager.run_db(
                    self.manager.store.take_back, game.id, seq, index, seat, taken
                )
            else:  # checked against the shared log (empires.server.shared_log)
                await shared.take_back(game, seq, index, seat, taken)
        except StaleWrite:
            raise ApiError(
                409, "stale", f"the game has moved on: {game.moves} moves so far"
            ) from None
        except Exception as exc:
            log.exception("cannot store an undo of game %s", game.id)
            raise ApiError(503, "storage_error", "the undo could not be stored; try again") from exc
        game.state = state
        del game.log[index:]
        game.undos.append({"seq": seq, "index": index, "seat": seat, "actions": taken})
        game.hints = [h for h in game.hints if h["index"] <= index]
        game.epoch += 1  # every watcher gets its log and events again, from the start
        now = self.manager.clock()
        game.table.restore(index, seat, len(taken), now)  # the clocks before those actions
        try:
            await self.changed(game, now)
        except Exception:  # the undo stands; the clock is stored with the next change
            log.exception("cannot store the table of game %s", game.id)
            game.notify()
