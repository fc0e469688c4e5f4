"""Secrets: join tokens are random, shown once, stored only as SHA-256 digests and compared in
constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 24  # 192 bits: a hash without salt or stretching is enough for random tokens
MAX_TOKEN_LENGTH = 128


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_game_id() -> str:
    return secrets.token_hex(8)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str | None, digest: str | None) -> bool:
    """Whether ``token`` hashes to ``digest``, in time independent of where they differ."""
    if not token or not digest or len(token) > MAX_TOKEN_LENGTH:
        return False
    return hmac.compare_digest(hash_token(token), digest)
