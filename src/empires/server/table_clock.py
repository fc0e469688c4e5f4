"""The table's clock and its absent players: what a game's time budget is, how much time each
seat has left, whose clock runs, and which human seats a bot plays for.

A game may have a time budget, chosen in the lobby and kept in its config (``config["table"]``):
``none`` (the default), ``move`` (each decision of a human seat must be made within ``seconds``)
or ``game`` (each human seat has ``seconds`` for the whole game, plus ``increment`` seconds after
each of its actions; once that budget is spent, each later decision has :data:`OVERTIME` seconds,
like a byo-yomi period). Only the clock of a human seat to act that is present runs; bots and the
seats they stand in for never use time, and the clock of a seat whose own hint is being worked
out stands still (:meth:`TableClock.pause`).

A timeout costs the seat one decision, not the game: the table's stand-in bot (``stand_in``,
chosen at creation) plays that decision (the seat is ``away == "once"`` meanwhile), then the
seat's own clock runs again on its next decision. After :data:`ABSENT_AFTER` timeouts in a row
(none of its own actions between them) the seat is absent (``away == "timeout"``) and the
stand-in plays every decision, without waiting, until its player returns. A seat whose player
leaves is absent the same way (``left``, ``disconnected``); a seat whose whole-game budget ran
out gets :data:`RETURN_GRACE` seconds when its player returns.

An undo restores the clocks as they were before the first action it takes back
(:meth:`TableClock.mark` keeps them before each action, in memory).

This module is plain data and arithmetic on times given to it (seconds of the manager's clock,
an injectable callable): :mod:`empires.server.table` applies it to live games and stores it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MODES = ("none", "move", "game")
MOVE_SECONDS = (30, 600)  # a per-move budget: 30 s .. 10 min
GAME_SECONDS = (300, 3600)  # a per-game budget: 5 .. 60 min ...
MAX_INCREMENT = 60  # ... plus up to a minute after each action
RETURN_GRACE = 30.0  # seconds given back to a returning seat whose game budget ran out
OVERTIME = 20.0  # seconds for each decision of a seat whose whole-game budget is spent
ABSENT_AFTER = 3  # timeouts in a row after which a seat is absent until its player returns
MARKS_KEPT = 64  # clocks kept from before the last actions (an undo takes back at most 20)
DEFAULT_STAND_IN = "heuristic"
# Why a bot plays for a human seat: ONCE, the stand-in plays the one decision whose time ran out
# (the seat is present: its clock runs again on its next decision); the others, the seat is
# absent until its player returns.
ONCE = "once"
ABSENT_REASONS = ("left", "timeout", "disconnected")
AWAY_REASONS = (*ABSENT_REASONS, ONCE)


def check_clock(clock: Any) -> dict:
    """The normalised clock settings ``{"mode", "seconds", "increment"}``; ValueError saying
    what is wrong with ``clock`` (None: no clock)."""
    if clock is None:
        return {"mode": "none", "seconds": 0, "increment": 0}
    if not isinstance(clock, dict) or set(clock) - {"mode", "seconds", "increment"}:
        raise ValueError("a clock is {'mode': 'none' | 'move' | 'game', 'seconds', 'increment'}")
    mode = clock.get("mode", "none")
    if mode not in MODES:
        raise ValueError(f"a clock's mode is one of {', '.join(MODES)}, not {mode!r}")
    if mode == "none":
        return {"mode": "none", "seconds": 0, "increment": 0}
    seconds, increment = clock.get("seconds"), clock.get("increment", 0)
    low, high = MOVE_SECONDS if mode == "move" else GAME_SECONDS
    if isinstance(seconds, bool) or not isinstance(seconds, int) or not low <= seconds <= high:
        raise ValueError(f"a per-{mode} clock has {low} to {high} seconds, not {seconds!r}")
    bad_increment = isinstance(increment, bool) or not isinstance(increment, int)
    if bad_increment or not 0 <= increment <= MAX_INCREMENT or (mode == "move" and increment):
        raise ValueError(
            f"an increment is 0 to {MAX_INCREMENT} seconds, and only for a per-game clock"
        )
    return {"mode": mode, "seconds": seconds, "increment": increment}


@dataclass
class SeatTime:
    remaining: float | None = None  # seconds left of a per-game budget (None: no such budget)
    away: str | None = None  # why a bot plays for this human seat (None: its player is here)
    timeouts: int = 0  # timeouts in a row, since the seat's last own action or return


class TableClock:
    """One game's clock and absences, in memory (rebuilt from its stored rows)."""

    def __init__(self, settings: dict | None, num_seats: int, rows: list[dict]) -> None:
        settings = settings or {}
        self.clock = check_clock(settings.get("clock"))
        self.stand_in = settings.get("stand_in") or DEFAULT_STAND_IN
        game_budget = float(self.clock["seconds"]) if self.mode == "game" else None
        self.seats = [SeatTime(game_budget) for _ in range(num_seats)]
        self.running: int | None = None  # the seat whose clock runs ...
        self.started: float | None = None  # ... since then ...
        self.deadline: float | None = None  # ... until then (clock seconds)
        self.paused: float | None = None  # ... stopped since then (its hint is worked out)
        for row in rows:
            seat = row.get("seat")
            if not isinstance(seat, int) or not 0 <= seat < num_seats:
                continue
            if game_budget is not None and row.get("remaining") is not None:
                self.seats[seat].remaining = float(row["remaining"])
            away = row.get("away")
            self.seats[seat].away = away if away in AWAY_REASONS else None
            timeouts = row.get("timeouts")
            self.seats[seat].timeouts = timeouts if isinstance(timeouts, int) else 0
            if row.get("deadline") is not None and self.mode != "none":
                self.running, self.deadline = seat, float(row["deadline"])
                self.started = self.deadline - self.budget(seat)
        self.stored = self.rows()  # what the store holds
        # Memory only (this process's websockets): open connections per seat, and when each
        # seat last had one (None: not since the game was loaded).
        self.connections = [0] * num_seats
        self.seen: list[float | None] = [None] * num_seats
        # ... and, at the game's owner, the other processes with a socket of each seat, until
        # when their last report keeps it present (empires.server.presence)
        self.remote: list[dict[str, float]] = [{} for _ in range(num_seats)]
        # (moves, n): how many actions the seat to act could take back when the game had made
        # that many moves, worked out in a worker thread after each change (never in a view).
        self.undo_cache: tuple[int, int] = (-1, 0)
        # take_back.UndoTrail: the state at the last change, so that the next count checks only
        # the action that follows it.
        self.undo_trail: Any = None
        # Memory only: the clocks before each of the last actions, by the action's index (what
        # an undo restores), and the last timeout, for the players to be told.
        self.marks: dict[int, dict] = {}
        self.last_timeout: dict | None = None

    @property
    def mode(self) -> str:
        return self.clock["mode"]

    def away(self, seat: int) -> str | None:
        return self.seats[seat].away if 0 <= seat < len(self.seats) else None

    def absent(self, seat: int) -> bool:
        """Whether ``seat``'s player is gone (a bot plays every decision until they return)."""
        return self.away(seat) in ABSENT_REASONS

    def budget(self, seat: int) -> float:
        """The seconds ``seat`` has for the decision it starts now."""
        if self.mode == "move":
            return float(self.clock["seconds"])
        remaining = self.seats[seat].remaining or 0.0
        return remaining if remaining > 0 else OVERTIME

    # ---- changes (``now``: the manager's clock) ----
    def update(self, to_act: int | None, now: float, acted: int | None = None) -> None:
        """After a change of the game: ``to_act`` is the present human seat to act (None: no
        clock runs), ``acted`` the seat that just took an action (None: nothing was applied,
        e.g. an undo or a seat leaving). The running clock is charged; the next one starts."""
        if acted is None and to_act is not None and to_act == self.running:
            return  # the same seat still thinks: its clock runs on
        self._stop(now, acted)
        if self.mode == "none" or to_act is None:
            return
        self.running, self.started = to_act, now
        self.deadline = now + self.budget(to_act)

    def _stop(self, now: float, acted: int | None) -> None:
        self.resume(now)
        seat = self.running
        if seat is not None and self.mode == "game" and self.started is not None:
            left = max(0.0, (self.seats[seat].remaining or 0.0) - (now - self.started))
            if acted == seat:
                left += self.clock["increment"]
            self.seats[seat].remaining = left
        self.running = self.started = self.deadline = None

    def pause(self, seat: int, now: float) -> bool:
        """Stop ``seat``'s running clock (its hint is being worked out); whether it stopped."""
        if self.running != seat or self.deadline is None or self.paused is not None:
            return False
        self.paused = now
        return True

    def resume(self, now: float) -> None:
        """Run a paused clock again: the time it stood still is not charged."""
        if self.paused is None:
            return
        stood = max(0.0, now - self.paused)
        self.paused = None
        if self.started is not None and self.deadline is not None:
            self.started += stood
            self.deadline += stood

    def expired(self, now: float) -> int | None:
        """The seat whose time ran out by ``now``, or None."""
        if self.deadline is not None and self.paused is None and self.deadline <= now:
            return self.running
        return None

    def time_out(self, now: float) -> int | None:
        """The seat whose time ran out: the stand-in plays this decision for it, or every
        decision once it timed out :data:`ABSENT_AFTER` times in a row. That seat or None."""
        seat = self.expired(now)
        if seat is None:
            return None
        self._stop(now, None)
        s = self.seats[seat]
        if self.mode == "game":
            s.remaining = 0.0
        s.timeouts += 1
        s.away = "timeout" if s.timeouts >= ABSENT_AFTER else ONCE
        self.last_timeout = {
            "seat": seat,
            "consecutive": s.timeouts,
            "absent": s.away == "timeout",
            "stand_in_moved": False,
            "index": None,
            "at": now,
        }
        return seat

    def acted(self, seat: int, index: int, stand_in: bool) -> None:
        """``seat`` took action ``index`` (``stand_in``: the stand-in bot played it). The
        stand-in's one decision for a timed-out seat is over; the seat's own action shows its
        player is here (its timeouts in a row start again from 0)."""
        s = self.seats[seat]
        if not stand_in:
            s.timeouts = 0
        if s.away == ONCE:
            s.away = None
            last = self.last_timeout
            if stand_in and last is not None and last["seat"] == seat:
                last["stand_in_moved"], last["index"] = True, index

    def gone_since(self, seat: int, now: float) -> float | None:
        """How long ``seat`` has had no connection here nor on another process (None: it has
        one)."""
        if self.connections[seat] > 0:
            return None
        remote = self.remote[seat]
        if remote:
            for process in [p for p, until in remote.items() if until <= now]:
                del remote[process]  # (its reports stopped: it died, or lost the broker)
            if remote:
                return None
        seen = self.seen[seat]
        return 0.0 if seen is None else now - seen

    def reported(self, process: str, seats: set[int], now: float, present_for: float) -> None:
        """``process`` has a socket of each of ``seats`` now (and of no other seat): they
        count as present for ``present_for`` seconds more; a seat it no longer names is gone
        from it from now."""
        for seat, remote in enumerate(self.remote):
            if seat in seats:
                remote[process] = now + present_for
                self.seen[seat] = now
            elif remote.pop(process, None) is not None:
                self.seen[seat] = now

    def active(self, seat: int, now: float) -> None:
        """``seat`` acted through another process (a relayed request): it is here now."""
        if 0 <= seat < len(self.seen):
            self.seen[seat] = now

    def leave(self, seat: int, reason: str, now: float) -> None:
        if self.running == seat:
            self._stop(now, None)
        self.seats[seat].away = reason

    def come_back(self, seat: int) -> None:
        """``seat``'s player is back: present, its timeouts in a row forgotten, and a spent game
        budget given :data:`RETURN_GRACE` (only to a seat that was away)."""
        s = self.seats[seat]
        was_away = s.away is not None
        s.away, s.timeouts = None, 0
        if was_away and s.remaining is not None and s.remaining < RETURN_GRACE:
            s.remaining = RETURN_GRACE

    # ---- undo ----
    def mark(self, index: int, now: float) -> None:
        """Keep the clocks as they are before action ``index`` (what undoing it restores)."""
        self.resume(now)
        self.marks[index] = {
            "seats": [(s.remaining, s.timeouts) for s in self.seats],
            "running": self.running,
            "started": self.started,
            "deadline": self.deadline,
        }
        for old in [i for i in self.marks if i <= index - MARKS_KEPT or i > index]:
            del self.marks[old]

    def restore(self, index: int, seat: int, count: int, now: float) -> bool:
        """Undoing ``seat``'s actions from ``index`` on (``count`` of them): the clocks as
        they were before action ``index``, exactly; without that record (the server restarted
        since), the seat's clock runs on less the increments those actions earned. Whether the
        record was there."""
        kept = self.marks.get(index)
        for old in [i for i in self.marks if i >= index]:
            del self.marks[old]
        if kept is None:
            if self.mode == "game" and self.running == seat and self.deadline is not None:
                earned = min(self.seats[seat].remaining or 0.0, count * self.clock["increment"])
                self.seats[seat].remaining = (self.seats[seat].remaining or 0.0) - earned
                self.deadline -= earned
            return False
        self.paused = None
        for s, (remaining, timeouts) in zip(self.seats, kept["seats"], strict=True):
            s.remaining, s.timeouts = remaining, timeouts
        self.running, self.started = kept["running"], kept["started"]
        self.deadline = kept["deadline"]
        return True

    # ---- views and rows ----
    def view(self) -> dict:
        """What every viewer may know of the table: the settings, each seat's time left,
        timeouts in a row and absence, whose clock runs and its deadline (seconds of the
        server's clock; each message carries the server's ``now`` to count down from), the
        seconds left on a clock that stands still (``paused``: a hint is being worked out) and
        the last timeout."""
        return {
            "clock": dict(self.clock),
            "stand_in": self.stand_in,
            "running": self.running,
            "started": self.started,
            "deadline": self.deadline,
            "paused": None if self.paused is None else (self.deadline or 0.0) - self.paused,
            "absent_after": ABSENT_AFTER,
            "overtime": OVERTIME if self.mode == "game" else None,
            "last_timeout": None if self.last_timeout is None else dict(self.last_timeout),
            "seats": [
                {"remaining": s.remaining, "away": s.away, "timeouts": s.timeouts}
                for s in self.seats
            ],
        }

    def rows(self) -> list[dict]:
        """The rows the store keeps (none for a game without a clock where everyone is here)."""
        if self.mode == "none" and not any(s.away for s in self.seats):
            return []
        return [
            {
                "seat": i,
                "remaining": s.remaining,
                "deadline": self.deadline if i == self.running else None,
                "away": s.away,
                "timeouts": s.timeouts,
            }
            for i, s in enumerate(self.seats)
        ]
