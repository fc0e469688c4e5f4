"""The error every refusal of the server is: an HTTP status, a code and a message."""

from __future__ import annotations

import logging

from empires import i18n

log = logging.getLogger("empires.server")


class ApiError(Exception):
    """A request the server refuses: ``status`` (4xx/5xx), a short ``code`` and a sentence;
    ``retry_after`` (seconds) for a client over its limits."""

    def __init__(
        self, status: int, code: str, message: str, retry_after: float | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.retry_after = retry_after

    def headers(self) -> dict[str, str] | None:
        if self.retry_after is None:
            return None
        return {"Retry-After": str(max(1, int(self.retry_after + 0.999)))}

    def to_json(self, lang: str = i18n.DEFAULT) -> dict:
        """``{"error", "detail"}``: the code as is, the sentence in ``lang`` (a validated
        language: :func:`empires.server.view_language.language`) where the catalogue has that
        very sentence (one lookup: a sentence holding a client's value stays English)."""
        return {"error": self.code, "detail": i18n.translate(self.message, lang)}


def quarantined() -> ApiError:
    return ApiError(
        410,
        "quarantined",
        "this game's stored record is damaged and has been set "
        "aside; the server's operator can see why in its log",
    )


class StaleWrite(Exception):
    """The store's history of a game is not the one a write was made for."""
