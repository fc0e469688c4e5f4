"""A small seeded generator whose whole state is one integer.

The engine never touches :mod:`random`'s global generator: every shuffle and draw comes from the
game's own :class:`Rng`, so a game is reproduced by its config, seed and action list. The state is
a single 64-bit integer (SplitMix64), which makes cloning and saving trivial.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (n >= 1)."""
        if n <= 0:
            raise ValueError("randrange needs n >= 1")
        return self.next_u64() % n  # bias below 2**-40 for the sizes used here

    def random(self) -> float:
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
