"""Secrets and limits: join tokens are random, shown once, stored only as SHA-256 digests and
compared in constant time; seed commitments; names without control characters; token-bucket
rate limits per client."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
import unicodedata
from collections import OrderedDict

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


# ---- names ------------------------------------------------------------------------------------


def control_character(text: str) -> str | None:
    """The first control character (or lone surrogate) in ``text``, else None: neither belongs
    in a name, and PostgreSQL refuses NUL outright."""
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cs"):
            return ch
    return None


# ---- fair seeds -------------------------------------------------------------------------------

SEED_FORMAT = "empires-seed:v1:{salt}:{seed}"  # hashed with SHA-256 for the seed commitment


def new_salt() -> str:
    return secrets.token_hex(16)


def seed_commitment(seed: int, salt: str) -> str:
    """SHA-256 (hex) of ``empires-seed:v1:<salt>:<seed>`` (the seed in decimal): published while
    a game runs, so that once the seed and salt are revealed anyone can check them."""
    return hashlib.sha256(SEED_FORMAT.format(salt=salt, seed=seed).encode("ascii")).hexdigest()


# ---- rate limits ------------------------------------------------------------------------------


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved up; time comes from the caller."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = now

    def take(self, now: float, cost: float = 1.0) -> float:
        """0.0 when ``cost`` tokens were taken, else the seconds until they would be there."""
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= cost:
            self.tokens -= cost
            return 0.0
        return (cost - self.tokens) / self.rate if self.rate > 0 else float("inf")


class RateLimiter:
    """One :class:`TokenBucket` per key (a client address), the least recently used forgotten
    beyond ``max_keys`` so that memory stays bounded whoever calls."""

    def __init__(self, rate: float, burst: float, max_keys: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, key: str, now: float | None = None, cost: float = 1.0) -> float:
        """0.0 when allowed, else the seconds to wait (see :meth:`TokenBucket.take`)."""
        now = time.monotonic() if now is None else now
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst, now)
            while len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket.take(now, cost)
