"""What one client may do, and when unused games go (the manager's :class:`Limits`)."""

from __future__ import annotations

import logging
from dataclasses import dataclass

log = logging.getLogger("empires.server")


@dataclass(frozen=True)
class Limits:
    """What one client may do, and when unused games go. Times in seconds; rates per second."""

    expire_after: float = 24 * 3600  # an active game no human acted in, untouched this long
    idle_after: float = 30 * 24 * 3600  # any active game untouched this long
    keep_finished: float = 7 * 24 * 3600  # finished (and expired) games kept for replays
    sweep_every: float = 600.0  # how often expiry runs (it also runs at start-up)
    create_rate: float = 1 / 30  # games one client may create: 2 a minute ...
    create_burst: float = 10  # ... after a first 10
    games_per_client: int = 20  # active games one client created (since start-up)
    view_rate: float = 20.0  # HTTP reads (views, replays) per client ...
    view_burst: float = 100
    message_rate: float = 10.0  # websocket messages per connection ...
    message_burst: float = 10
    client_rate: float = 30.0  # ... and actions/messages per client over all its connections
    client_burst: float = 60
    connect_rate: float = 2.0  # websocket connections per client
    connect_burst: float = 20
    abuse_strikes: int = 20  # refused messages after which a connection is closed (1008) ...
    ban_seconds: float = 60.0  # ... and its client may open no websocket for this long
    hint_iterations: int = 64  # the coach's search budget for one hint (analysis.HINT_MAX) ...
    hints_at_once: int = 2  # ... and hints computed at the same time on this server
    analysis_iterations: int = 50  # search iterations per decision of a post-game analysis ...
    analyses_at_once: int = 1  # ... analyses running at the same time ...
    analyses_waiting: int = 8  # ... and waiting for their turn (more are refused: 503)
    away_after: float = 30 * 24 * 3600  # a seat to act with no websocket this long: a bot plays
    spectators_per_game: int = 200  # spectator websockets open on one game ...
    spectators_per_client: int = 16  # ... and from one address on one game (seats apart)
    chat_rate: float = 0.5  # chat messages one seat may post per second ...
    chat_burst: float = 5  # ... after a first few (empires.server.chat)

    def __post_init__(self) -> None:
        for name, value in self.__dict__.items():
            if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
                raise ValueError(f"limit {name} must be a positive number, not {value!r}")
