"""How the server logs and speaks websocket under uvicorn: no frame dumps (they carry tokens and
hidden cards), refused connections logged at a bounded rate, and abusers dropped at once."""

from __future__ import annotations

import copy
import logging
import time

from empires.server.security import TokenBucket


class NoFrames(logging.Filter):
    """Drops the websocket library's frame dumps (``< TEXT '...'``, logged at debug level):
    frames carry join tokens and each seat's hidden cards, which no log may hold. Logs a
    websocket's path without its query string, whatever a client put there. And keeps refused
    connections from flooding the log: at most ``REFUSALS_LOGGED`` lines a second about them."""

    REFUSALS_LOGGED = 5.0

    def __init__(self, name: str = "") -> None:
        super().__init__(name)
        self.refusals = TokenBucket(
            self.REFUSALS_LOGGED, 2 * self.REFUSALS_LOGGED, time.monotonic()
        )

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg in ("< %s", "> %s"):
            return False
        text = record.msg if isinstance(record.msg, str) else ""
        if (
            text.startswith("connection rejected") or text.endswith('" 403')
        ) and self.refusals.take(time.monotonic()):
            return False
        if (
            isinstance(record.msg, str)
            and record.msg.startswith('%s - "WebSocket %s"')
            and isinstance(record.args, tuple)
            and len(record.args) >= 2
        ):
            record.args = (record.args[0], str(record.args[1]).split("?")[0], *record.args[2:])
        return True


def websocket_protocol():
    """uvicorn's websocket protocol, except that a connection the app closes with 1008 (policy
    violation: an abuser) is dropped as soon as its close frame is written, instead of reading
    whatever it keeps sending while waiting up to 10 s for its close handshake."""
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

    class DropAbusers(WebSocketsSansIOProtocol):
        async def send(self, message) -> None:
            await super().send(message)
            if (
                message.get("type") == "websocket.close"
                and message.get("code") == 1008
                and (timer := getattr(self, "close_timer", None)) is not None
            ):
                timer.cancel()
                self.close_timer = None
                self.transport.close()

    return DropAbusers


def log_config(level: str) -> dict:
    """uvicorn's logging, with frame dumps dropped and this package's own lines (quarantine,
    expiry, storage errors) shown through the same handler."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["no_frames"] = {"()": NoFrames}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("no_frames")
    config["loggers"]["empires"] = {
        "handlers": ["default"],
        "level": level.upper(),
        "propagate": False,
    }
    return config
