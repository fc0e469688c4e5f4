"""The app's middleware and error handlers: body size limits, security headers, and every
refusal as ``{"error", "detail"}``."""

from __future__ import annotations

import json

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from empires.server.manager import ApiError
from empires.server.view_language import request_language

MAX_BODY = 64 * 1024  # bytes of an HTTP request body
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
    "form-action 'self'"
)


def _error_body(code: str, detail: str) -> bytes:
    return json.dumps({"error": code, "detail": detail}).encode()


class LimitsAndHeaders:
    """Refuses HTTP bodies over ``max_body`` bytes (413, by Content-Length or as they stream)
    and adds security headers to every HTTP response."""

    def __init__(self, app, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        too_large = f"the request body is larger than {self.max_body} bytes"
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    length = int(value)
                except ValueError:
                    length = -1
                if length < 0 or length > self.max_body:
                    status = 413 if length > self.max_body else 400
                    body = _error_body(
                        "body_too_large" if status == 413 else "bad_request",
                        too_large if status == 413 else "bad Content-Length",
                    )
                    await send(
                        {
                            "type": "http.response.start",
                            "status": status,
                            "headers": [
                                (b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()),
                            ],
                        }
                    )
                    await send({"type": "http.response.body", "body": body})
                    return
        received = 0

        async def limited_receive():
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    raise StarletteHTTPException(413, too_large)
            return message

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-frame-options", b"DENY"),
                    (b"content-security-policy", CSP.encode()),
                ]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, limited_receive, send_with_headers)


def add_error_handlers(app: FastAPI) -> None:
    """Every refusal is ``{"error", "detail"}``."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError):
        body = exc.to_json(request_language(request))  # its sentence in the reader's language
        return JSONResponse(body, status_code=exc.status, headers=exc.headers())

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, exc: RequestValidationError):
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return JSONResponse(
                {"error": "malformed_json", "detail": "the request body is not valid JSON"},
                status_code=400,
            )
        parts = []
        for e in errors[:5]:
            where = ".".join(str(x) for x in e.get("loc", ()) if x != "body")
            parts.append(f"{where or 'body'}: {e.get('msg', 'invalid')}")
        return JSONResponse(
            {"error": "invalid_request", "detail": "; ".join(parts)}, status_code=422
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException):
        codes = {
            400: "bad_request",
            404: "not_found",
            405: "method_not_allowed",
            413: "body_too_large",
        }
        return JSONResponse(
            {"error": codes.get(exc.status_code, "http_error"), "detail": str(exc.detail)},
            status_code=exc.status_code,
            headers=getattr(exc, "headers", None),
        )
