"""The seeded generator (``empires.core.rng``): SplitMix64, the same numbers interpreted and
compiled (the compiled build runs it on native 64-bit integers, see the module's docstring)."""

from __future__ import annotations

import pickle

from hypothesis import given
from hypothesis import strategies as st

from empires.core.rng import Rng

_MASK = (1 << 64) - 1


def reference(state: int) -> tuple[int, int]:
    """SplitMix64 (Steele, Lea & Flood 2014) on Python integers: (new state, output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def test_known_outputs_of_splitmix64():
    """The first outputs for seed 0 as published with the algorithm (and as Java's
    SplittableRandom and Vigna's C code give them)."""
    rng = Rng(0)
    assert [rng.next_u64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


@given(st.integers(min_value=-(2**70), max_value=2**70), st.integers(1, 2**62))
def test_every_draw_follows_the_reference(seed, n):
    rng = Rng(seed)
    state = seed & _MASK
    assert rng.state == state
    for _ in range(3):
        state, out = reference(state)
        assert rng.next_u64() == out and rng.state == state
    state, out = reference(state)
    assert rng.randrange(n) == out % n
    state, out = reference(state)
    assert rng.random() == (out >> 11) / (1 << 53)
    assert rng.state == state and 0 <= rng.state <= _MASK


@given(st.integers(0, _MASK))
def test_state_round_trips(state):
    """A generator is its state: copies, forks, pickles and saves rebuild it exactly."""
    rng = Rng(state)
    assert Rng(rng.state).next_u64() == rng.copy().next_u64() == Rng(state).next_u64()
    again = pickle.loads(pickle.dumps(rng))
    assert again.state == rng.state and again.next_u64() == rng.next_u64()


def test_randrange_bounds_and_errors():
    rng = Rng(7)
    assert all(0 <= rng.randrange(3) < 3 for _ in range(1000))
    assert {rng.randrange(2**63 + 5) < 2**63 + 5 for _ in range(10)} == {True}
    assert rng.choice([4]) == 4
    for bad in (0, -1):
        try:
            rng.randrange(bad)
        except ValueError as exc:
            assert "n >= 1" in str(exc)
        else:
            raise AssertionError("randrange accepted n < 1")
