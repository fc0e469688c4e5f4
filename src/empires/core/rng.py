"""A small seeded generator whose whole state is one integer.

The engine never touches :mod:`random`'s global generator: every shuffle and draw comes from the
game's own :class:`Rng`, so a game is reproduced by its config, seed and action list. The state is
a single 64-bit integer (SplitMix64), which makes cloning and saving trivial.

Two ways to the same numbers. Interpreted, the state is a Python ``int`` in ``[0, 2**64)`` and
every step masks to 64 bits. Compiled with mypyc (the compiled build, issue #20), the state is a
native signed 64-bit integer (``i64``), whose additions and multiplications wrap around as
SplitMix64's do modulo ``2**64``: the two's-complement image of the same unsigned state, with
the shifts made logical by masks. :data:`NATIVE` tells which arithmetic this module runs on
(it tries a wrapping product, so it cannot be wrong about it), and ``tests/core/test_rng.py``
holds the two equal on reference values of SplitMix64.
"""

from __future__ import annotations

from mypy_extensions import i64

_MASK = (1 << 64) - 1
_TWO64 = 1 << 64
# SplitMix64's constants, and (for the native arithmetic) their signed 64-bit images.
_GAMMA = 0x9E3779B97F4A7C15
_MUL1 = 0xBF58476D1CE4E5B9
_MUL2 = 0x94D049BB133111EB
_GAMMA_I: i64 = _GAMMA - _TWO64
_MUL1_I: i64 = _MUL1 - _TWO64
_MUL2_I: i64 = _MUL2 - _TWO64
_LOW34: i64 = (1 << 34) - 1  # what is left of a 64-bit value shifted right by 30, by 27, ...
_LOW37: i64 = (1 << 37) - 1
_LOW33: i64 = (1 << 33) - 1
_LOW53: i64 = (1 << 53) - 1
_TOP: i64 = (1 << 63) - 1
_NATIVE_N = 1 << 62  # randrange's native path: 2 * n fits an i64


def _wraps(x: i64) -> bool:
    """True when i64 products wrap around (compiled); False for Python's unbounded ints."""
    return x * 4 == 0


NATIVE: bool = _wraps(1 << 62)


def _signed(u: int) -> i64:
    """The two's-complement image of ``u`` in ``[0, 2**64)``."""
    return i64(u - _TWO64 if u >> 63 else u)


def _unsigned(z: i64) -> int:
    """The integer in ``[0, 2**64)`` whose two's-complement image is ``z``."""
    return int(z) + _TWO64 if z < 0 else int(z)


class Rng:
    __slots__ = ("_s",)

    def __init__(self, seed: int = 0) -> None:
        # The state: an int in [0, 2**64) interpreted, its signed image compiled (see above).
        self._s: i64 = _signed(seed & _MASK) if NATIVE else seed & _MASK

    @property
    def state(self) -> int:
        """The generator's whole state, an integer in ``[0, 2**64)`` (what a save keeps)."""
        return _unsigned(self._s) if NATIVE else self._s

    def next_u64(self) -> int:
        if NATIVE:
            return _unsigned(self._next_native())
        self._s = z = (self._s + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * _MUL1) & _MASK
        z = ((z ^ (z >> 27)) * _MUL2) & _MASK
        return z ^ (z >> 31)

    def _next_native(self) -> i64:
        """SplitMix64 on the signed image (compiled only): the next output's signed image."""
        z: i64 = self._s + _GAMMA_I
        self._s = z
        z = (z ^ ((z >> 30) & _LOW34)) * _MUL1_I
        z = (z ^ ((z >> 27) & _LOW37)) * _MUL2_I
        return z ^ ((z >> 31) & _LOW33)

    def randrange(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (n >= 1)."""
        if n <= 0:
            raise ValueError("randrange needs n >= 1")
        if NATIVE and n <= _NATIVE_N:
            m: i64 = n
            z = self._next_native()
            if z >= 0:
                return int(z % m)
            # the unsigned value is z + 2**64: add 2**64 mod m = ((2**63 - 1) mod m + 1) * 2 mod m
            return int((z % m + ((_TOP % m + 1) * 2) % m) % m)
        return self.next_u64() % n  # bias below 2**-40 for the sizes used here

    def random(self) -> float:
        if NATIVE:
            return ((self._next_native() >> 11) & _LOW53) / (1 << 53)
        return (self.next_u64() >> 11) / (1 << 53)

    def choice(self, seq):
        return seq[self.randrange(len(seq))]

    def shuffle(self, seq: list) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = self.randrange(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        return Rng(self.next_u64())

    def copy(self) -> Rng:
        return Rng(self.state)
