"""The table's clock and its absent players: what a game's time budget is, how much time each
seat has left, whose clock runs, and which human seats a bot plays for.

A game may have a time budget, chosen in the lobby and kept in its config (``config["table"]``):
``none`` (the default), ``move`` (each decision of a human seat must be made within ``seconds``)
or ``game`` (each human seat has ``seconds`` for the whole game, plus ``increment`` seconds after
each of its actions). Only the clock of a human seat to act that is present runs; bots and the
seats they stand in for never use time. A seat whose time runs out, or whose player leaves the
table, is played by the table's stand-in bot (``stand_in``, chosen at creation) until its player
takes the seat back; a seat whose whole-game budget ran out gets :data:`RETURN_GRACE` seconds
when its player returns.

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
DEFAULT_STAND_IN = "heuristic"
AWAY_REASONS = ("left", "timeout", "disconnected")


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
        for row in rows:
            seat = row.get("seat")
            if not isinstance(seat, int) or not 0 <= seat < num_seats:
                continue
            if game_budget is not None and row.get("remaining") is not None:
                self.seats[seat].remaining = float(row["remaining"])
            away = row.get("away")
            self.seats[seat].away = away if away in AWAY_REASONS else None
            if row.get("deadline") is not None and self.mode != "none":
                self.running, self.deadline = seat, float(row["deadline"])
                budget = self.seats[seat].remaining if game_budget else self.clock["seconds"]
                self.started = self.deadline - float(budget or 0)
        self.stored = self.rows()  # what the store holds
        # Memory only (this process's websockets): open connections per seat, and when each
        # seat last had one (None: not since the game was loaded).
        self.connections = [0] * num_seats
        self.seen: list[float | None] = [None] * num_seats
        # (moves, n): how many actions the seat to act could take back when the game had made
        # that many moves, worked out in a worker thread after each change (never in a view).
        self.undo_cache: tuple[int, int] = (-1, 0)
        # take_back.UndoTrail: the state at the last change, so that the next count checks only
        # the action that follows it.
        self.undo_trail: Any = None

    @property
    def mode(self) -> str:
        return self.clock["mode"]

    def away(self, seat: int) -> str | None:
        return self.seats[seat].away if 0 <= seat < len(self.seats) else None

    # ---- changes (``now``: the manager's clock) ----
    def update(self, to_act: int | None, now: float, acted: int | None = None) -> None:
        """After a change of the game: ``to_act`` is the present human seat to act (None: no
        clock runs), ``acted`` the seat that just took an action (None: nothing was applied,
        e.g. an undo or a seat leaving). The running clock is charged; the next one starts."""
        if acted is None and to_act is not None and to_act == self.running:
            return  # the same seat still thinks: its clock runs on (an undo gives no time)
        self._stop(now, acted)
        if self.mode == "none" or to_act is None:
            return
        self.running, self.started = to_act, now
        budget = self.clock["seconds"] if self.mode == "move" else self.seats[to_act].remaining
        self.deadline = now + float(budget or 0)

    def _stop(self, now: float, acted: int | None) -> None:
        seat = self.running
        if seat is not None and self.mode == "game" and self.started is not None:
            left = max(0.0, (self.seats[seat].remaining or 0.0) - (now - self.started))
            if acted == seat:
                left += self.clock["increment"]
            self.seats[seat].remaining = left
        self.running = self.started = self.deadline = None

    def expired(self, now: float) -> int | None:
        """The seat whose time ran out by ``now``, or None."""
        if self.deadline is not None and self.deadline <= now:
            return self.running
        return None

    def time_out(self, now: float) -> int | None:
        """Mark the seat whose time ran out as away (a bot plays for it); that seat or None."""
        seat = self.expired(now)
        if seat is not None:
            self._stop(now, None)
            if self.mode == "game":
                self.seats[seat].remaining = 0.0
            self.seats[seat].away = "timeout"
        return seat

    def gone_since(self, seat: int, now: float) -> float | None:
        """How long ``seat`` has had no connection (None: it has one)."""
        if self.connections[seat] > 0:
            return None
        seen = self.seen[seat]
        return 0.0 if seen is None else now - seen

    def leave(self, seat: int, reason: str, now: float) -> None:
        if self.running == seat:
            self._stop(now, None)
        self.seats[seat].away = reason

    def come_back(self, seat: int) -> None:
        self.seats[seat].away = None
        remaining = self.seats[seat].remaining
        if remaining is not None and remaining < RETURN_GRACE:
            self.seats[seat].remaining = RETURN_GRACE

    # ---- views and rows ----
    def view(self) -> dict:
        """What every viewer may know of the table: the settings, each seat's time left and
        absence, whose clock runs and its deadline (seconds of the server's clock; each message
        carries the server's ``now`` to count down from)."""
        return {
            "clock": dict(self.clock),
            "stand_in": self.stand_in,
            "running": self.running,
            "started": self.started,
            "deadline": self.deadline,
            "seats": [{"remaining": s.remaining, "away": s.away} for s in self.seats],
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
            }
            for i, s in enumerate(self.seats)
        ]
