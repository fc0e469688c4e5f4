"""The observation tensors built straight from the state (what the adapters hand the research
interfaces) equal the tensors built from the seat's observation, for every seat at every step
of random games over all player counts and rules options."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from empires.core.adapter import get_adapter
from empires.core.rng import Rng
from empires.discovery import Options, state_tensor, tensor
from empires.discovery.options import EDITIONS, NATIONS, VARIANTS
from empires.settlers import Options as SettlersOptions
from empires.settlers import state_tensor as settlers_state_tensor
from empires.settlers import tensor as settlers_tensor
from empires.settlers.cards import FACTIONS
from empires.settlers.options import VARIANTS as SETTLERS_VARIANTS

settlers_tensor_direct = settlers_state_tensor.observation_tensor


def discovery_options(edition, nations, builders, buy_vp, variants):
    try:
        return Options(edition, builders, buy_vp, nations, tuple(variants))
    except ValueError:  # a combination the rules refuse (e.g. nations with 2007)
        return None


def assert_equal_along_a_game(game, seed, direct, from_observation, every=1):
    rng = Rng(seed)
    step = 0
    while True:
        if step % every == 0 or game.is_terminal():
            for p in range(game.num_players):
                expected = from_observation(game, p)
                got = direct(game, p)
                assert got.dtype == np.float32 and got.shape == expected.shape
                if not np.array_equal(got, expected):
                    wrong = np.flatnonzero(got != expected)[:5].tolist()
                    raise AssertionError(f"step {step}, seat {p}: indices {wrong} differ")
        if game.is_terminal():
            return
        game.apply(rng.choice(game.legal_actions()))
        step += 1


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32 - 1),
    edition=st.sampled_from(EDITIONS),
    nations=st.sampled_from(NATIONS),
    builders=st.booleans(),
    buy_vp=st.booleans(),
    variants=st.sets(st.sampled_from(VARIANTS)),
)
def test_discovery_tensor_from_the_state_is_the_observations(
    players, seed, edition, nations, builders, buy_vp, variants
):
    options = discovery_options(edition, nations, builders, buy_vp, variants)
    assume(options is not None)
    try:
        game = get_adapter("discovery").new_game(players, seed, options)
    except ValueError:  # too many players for these options
        assume(False)
    assert_equal_along_a_game(
        game, seed, state_tensor.observation_tensor, tensor.observation_tensor
    )


def test_the_discovery_adapter_builds_its_tensor_from_the_state(monkeypatch):
    game = get_adapter("discovery").new_game(3, 4)
    calls = []
    monkeypatch.setattr(state_tensor, "observation_tensor", lambda g, p, out=None: calls.append(p))
    get_adapter("discovery").observation_tensor(game, 2)
    assert calls == [2]


def test_discovery_direct_tensor_writes_into_a_buffer_and_checks_the_seat():
    game = get_adapter("discovery").new_game(3, 9)
    out = np.full(tensor.tensor_shape(3), 5.0, np.float32)
    assert state_tensor.observation_tensor(game, 1, out) is out
    np.testing.assert_array_equal(out, tensor.observation_tensor(game, 1))
    for bad in (3, -1, None, True):
        try:
            state_tensor.observation_tensor(game, bad)
        except ValueError as exc:
            assert "no seat" in str(exc)
        else:
            raise AssertionError(f"seat {bad!r} was accepted")


@st.composite
def _settlers_table(draw):
    """A player count with options that fit it: no factions (random ones) or one distinct
    faction per player, at most one Lookout variant and none in the solo game; so that hypothesis throws few
    examples away (its filter_too_much health check)."""
    players = draw(st.integers(1, 4))
    factions = draw(
        st.one_of(
            st.just([]),
            st.lists(st.sampled_from(FACTIONS), min_size=players, max_size=players, unique=True),
        )
    )
    lookouts = [v for v in SETTLERS_VARIANTS if "lookout" in v]  # they exclude each other
    others = [v for v in SETTLERS_VARIANTS if v not in lookouts]
    variants = draw(st.sets(st.sampled_from(others)))
    if players > 1:
        variants |= set(draw(st.lists(st.sampled_from(lookouts), max_size=1)))
    return players, factions, variants


@settings(max_examples=25, deadline=None)
@given(table=_settlers_table(), seed=st.integers(0, 2**32 - 1), reshuffle=st.booleans())
def test_settlers_tensor_from_the_state_is_the_observations(table, seed, reshuffle):
    players, factions, variants = table
    try:
        options = SettlersOptions(
            factions=tuple(factions),
            variants=tuple(variants),
            reshuffle_faction_discards=reshuffle,
        )
        game = get_adapter("settlers").new_game(players, seed, options)
    except ValueError:  # factions that do not fit this many players
        assume(False)
    assert_equal_along_a_game(
        game, seed, settlers_state_tensor.observation_tensor, settlers_tensor.observation_tensor
    )


def test_the_settlers_adapter_builds_its_tensor_from_the_state(monkeypatch):
    game = get_adapter("settlers").new_game(2, 4)
    calls = []
    monkeypatch.setattr(
        settlers_state_tensor, "observation_tensor", lambda g, p, out=None: calls.append(p)
    )
    get_adapter("settlers").observation_tensor(game, 1)
    assert calls == [1]
    with pytest.raises(ValueError, match="no seat"):
        settlers_tensor_direct(game, 2)


# ---- the tensors kept from one step to the next (state_tensor.tensor_cache) ---------------------
def _random_states(adapter, players, seed, options, count):
    """``count`` (game, seat) pairs: random steps of two games of one table, taken in a random
    order, with clones and determinized copies among them, every seat asking in turn."""
    rng = Rng(seed)
    games = [adapter.new_game(players, seed + k, options) for k in range(2)]
    out = []
    while len(out) < count:
        game = games[rng.randrange(2)]
        if game.is_terminal():
            game = games[0] = adapter.new_game(players, rng.randrange(1 << 30), options)
        for _ in range(rng.randrange(4)):
            if not game.is_terminal():
                game.apply(rng.choice(game.legal_actions()))
        seat = rng.randrange(players)
        pick = rng.randrange(4)
        if pick == 0:
            out.append((game.clone(), seat))
        elif pick == 1:
            out.append((game.determinize(seat, Rng(rng.randrange(1 << 30))), seat))
        else:
            out.append((game, seat))
    return out


def assert_cache_equals_scratch(module, adapter, players, seed, options, count=120):
    cache = module.tensor_cache(players)
    for step, (game, seat) in enumerate(_random_states(adapter, players, seed, options, count)):
        expected = module.observation_tensor(game, seat)
        if step % 3 == 2:  # the list, kept value by value, between the arrays
            listed = cache.tensor_list(game, seat)
            assert listed == expected.tolist(), f"call {step}, seat {seat}: the list differs"
            listed[:] = [-1.0] * len(listed)  # the caller's own list: the cache's is not changed
            continue
        if step % 3 == 1:  # into an array of the caller's (whatever it held before)
            into = np.full(cache.size, 7.0, np.float32)
            got = cache.tensor(game, seat, into)
            assert got is into
        else:
            got = cache.tensor(game, seat)
        if not np.array_equal(got, expected):
            wrong = np.flatnonzero(got != expected)[:5].tolist()
            raise AssertionError(f"call {step}, seat {seat}: indices {wrong} differ")


@settings(max_examples=20, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**30),
    nations=st.sampled_from(NATIONS),
    builders=st.booleans(),
    variants=st.sets(st.sampled_from(VARIANTS)),
)
def test_discovery_tensor_cache_equals_the_tensor_from_scratch(
    players, seed, nations, builders, variants
):
    options = discovery_options(EDITIONS[0], nations, builders, False, variants)
    assume(options is not None)
    adapter = get_adapter("discovery")
    try:
        adapter.new_game(players, seed, options)
    except ValueError:
        assume(False)
    assert_cache_equals_scratch(state_tensor, adapter, players, seed, options)


def test_a_tensor_list_is_a_new_list_equal_to_the_tensor_at_every_call():
    adapter = get_adapter("discovery")
    cache = state_tensor.tensor_cache(3)
    game = adapter.new_game(3, 5)
    rng = Rng(1)
    seen = []
    for _ in range(40):
        seat = game.current_player
        listed = cache.tensor_list(game, seat)
        assert listed == state_tensor.observation_tensor(game, seat).tolist()
        assert all(type(v) is float for v in listed)
        assert all(listed is not other for other in seen)
        seen.append(listed)
        listed.clear()
        game.apply(rng.choice(game.legal_actions()))


def assert_groups_write_only_their_blocks(module, game):
    """Each group, written alone into zeros, writes nothing outside its own span."""
    from empires.core.layout import groups_cover

    n = game.num_players
    groups = module.groups(n)
    assert groups_cover(groups, module.tensor_size(n))
    for seat in range(n):
        full = module.observation_tensor(game, seat)
        for g in groups:
            alone = np.zeros_like(full)
            module.write_group(g, game, seat, alone)
            outside = np.concatenate([alone[: g.start], alone[g.stop :]])
            assert not outside.any(), f"group at {g.start} writes outside its blocks"
            np.testing.assert_array_equal(alone[g.start : g.stop], full[g.start : g.stop])


def test_discovery_groups_write_only_their_blocks():
    adapter = get_adapter("discovery")
    game = adapter.new_game(4, 11, Options(nations="auction", variants=("scouting",)))
    rng = Rng(2)
    for _ in range(60):
        game.apply(rng.choice(game.legal_actions()))
    assert_groups_write_only_their_blocks(state_tensor, game)


def test_two_caches_of_one_player_count_share_their_plan_and_nothing_else():
    adapter = get_adapter("discovery")
    one, two = state_tensor.tensor_cache(3), state_tensor.tensor_cache(3)
    assert one._cache._sources is two._cache._sources  # worked out once
    games = [adapter.new_game(3, 1), adapter.new_game(3, 2)]
    rng = Rng(5)
    for _ in range(60):
        for cache, game in zip((one, two), games, strict=True):
            seat = game.current_player
            np.testing.assert_array_equal(
                cache.tensor(game, seat), state_tensor.observation_tensor(game, seat)
            )
            game.apply(rng.choice(game.legal_actions()))


def test_discovery_public_keys_are_the_fields_they_name():
    from operator import attrgetter

    game = get_adapter("discovery").new_game(4, 3)
    keys = state_tensor._keys(game)
    fields = state_tensor._KEY_FIELDS
    assert len(keys) == len(state_tensor._KEY_NAMES) == len(fields) + 2
    assert all(a is b for a, b in zip(keys, attrgetter(*fields)(game.s), strict=False))
    named = {name for names in state_tensor._READS.values() for name in names}
    assert named == set(state_tensor._KEY_NAMES)


def test_a_tensor_cache_refuses_another_player_count_and_a_bad_seat():
    cache = state_tensor.tensor_cache(3)
    with pytest.raises(ValueError, match="3 players"):
        cache.tensor(get_adapter("discovery").new_game(2, 1), 0)
    with pytest.raises(ValueError, match="no seat"):
        cache.tensor(get_adapter("discovery").new_game(3, 1), 3)


@settings(max_examples=20, deadline=None)
@given(table=_settlers_table(), seed=st.integers(0, 2**30), reshuffle=st.booleans())
def test_settlers_tensor_cache_equals_the_tensor_from_scratch(table, seed, reshuffle):
    players, factions, variants = table
    try:
        options = SettlersOptions(
            factions=tuple(factions),
            variants=tuple(variants),
            reshuffle_faction_discards=reshuffle,
        )
        adapter = get_adapter("settlers")
        adapter.new_game(players, seed, options)
    except ValueError:
        assume(False)
    assert_cache_equals_scratch(settlers_state_tensor, adapter, players, seed, options)


def test_settlers_groups_write_only_their_blocks():
    adapter = get_adapter("settlers")
    for players in (1, 3):
        game = adapter.new_game(players, 5)
        rng = Rng(4)
        for _ in range(70):
            if not game.is_terminal():
                game.apply(rng.choice(game.legal_actions()))
        assert_groups_write_only_their_blocks(settlers_state_tensor, game)


def test_a_tensor_cache_refuses_groups_that_do_not_fit():
    from empires.core.layout import Group, TensorCache

    def write(game, player, writer):
        pass

    def make(groups, size=4):
        return TensorCache(
            size, groups, lambda g: (), lambda p, t: None, [np.arange(size)], lambda g, p: ()
        )

    with pytest.raises(ValueError, match="end to end"):
        make([Group(0, 2, write), Group(3, 4, write)])
    with pytest.raises(ValueError, match="other kind"):
        make([Group(0, 2, write, private=True), Group(2, 4, write, after=(0,))])
    with pytest.raises(ValueError, match="rows 0, 1"):
        make([Group(0, 2, write, key=0, row=1), Group(2, 4, write, key=0, row=0)])
    with pytest.raises(ValueError, match="no group"):
        make([Group(0, 2, write, key=1), Group(2, 4, write, key=1)])
    with pytest.raises(ValueError, match="not some"):
        make([Group(0, 2, write, key=(0, 1), row=0), Group(2, 4, write, key=1)])
    with pytest.raises(ValueError, match="not one"):
        make([Group(0, 2, write, key=-5), Group(2, 4, write)])
    with pytest.raises(ValueError, match="private_keys"):
        TensorCache(4, [Group(0, 4, write, True)], lambda g: (), lambda p, t: None, [np.arange(4)])
    cache = make([Group(0, 2, write), Group(2, 4, write)])
    with pytest.raises(ValueError, match="0 keys for 2"):
        cache.tensor(None, 0)


class _Toy:
    """A toy state for a cache of shared keys and families of rows: ``rows`` (one list per
    seat), ``shared`` (read by every seat's ``total`` row) and ``secret`` (per seat)."""

    def __init__(self, rng):
        self.rows = [[rng.randrange(3) for _ in range(2)] for _ in range(3)]
        self.shared = rng.randrange(3)
        self.secret = [rng.randrange(3) for _ in range(3)]
        self.writes = 0


def _toy_cache():
    """A tensor of 3 seats: rows (3 x 2, a family of rows), totals (3: each seat's row sum
    plus ``shared``, rows sharing one key, each following its row), the observer's secret (1,
    private). Seat axes: the first axis of rows and totals."""
    from empires.core.layout import Group, TensorCache, rotation

    n = 3
    layout = {"rows": (0, (3, 2)), "totals": (6, (3,)), "secret": (9, (1,))}

    def row(q):
        def write(game, player, w):
            game.writes += 1
            p = (q + player) % n
            w[2 * q : 2 * q + 2] = game.rows[p]

        return write

    def total(q):
        def write(game, player, w):
            game.writes += 1
            w[6 + q] = sum(game.rows[(q + player) % n]) + game.shared

        return write

    def secret(game, player, w):
        w[9] = game.secret[player]

    groups = [Group(2 * q, 2 * q + 2, row(q), key=0, row=q) for q in range(n)]
    groups += [Group(6 + q, 7 + q, total(q), after=(q,), key=1) for q in range(n)]
    groups.append(Group(9, 10, secret, private=True))
    rotations = [rotation(layout, {"rows": 0, "totals": 0}, n, p) for p in range(n)]

    def scratch(game, player):
        out = np.zeros(10, np.float32)
        for g in groups:
            g.write(game, player, out)
        return out

    cache = TensorCache(
        10,
        groups,
        lambda game: (game.rows, game.shared),
        lambda player, t: t,
        rotations,
        lambda game, player: (game.secret[player],),
    )
    return cache, scratch


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**30))
def test_a_tensor_cache_of_families_and_shared_keys_equals_the_tensor_from_scratch(seed):
    import random

    rng = random.Random(seed)
    cache, scratch = _toy_cache()
    game = _Toy(rng)
    for _ in range(30):
        change = rng.randrange(4)
        if change == 0:
            game.rows[rng.randrange(3)][rng.randrange(2)] = rng.randrange(3)
        elif change == 1:
            game.shared = rng.randrange(3)
        elif change == 2:
            game.secret[rng.randrange(3)] = rng.randrange(3)
        seat = rng.randrange(3)
        before = game.writes
        got = cache.tensor(game, seat).copy()
        written = game.writes - before
        np.testing.assert_array_equal(got, scratch(game, seat))
        if change == 0 and before:  # one row changed: it and its total, no other row
            assert written <= 2


def test_groups_written_at_every_call_are_written_at_every_call():
    from empires.core.layout import EVERY_CALL, Group, TensorCache

    calls = []

    def public(game, player, w):
        w[0] = game["n"]

    def private(game, player, w):
        calls.append(player)
        w[1] = game["n"] + player

    def secret(game, player, w):
        w[2] = game["secret"]

    cache = TensorCache(
        3,
        [
            Group(0, 1, public, key=EVERY_CALL),
            Group(1, 2, private, True, key=EVERY_CALL),
            Group(2, 3, secret, True),
        ],
        lambda game: (),
        lambda player, t: t,
        [np.arange(3), np.arange(3)],
        lambda game, player: (game["secret"],),
    )
    game = {"n": 1, "secret": 5}
    for n in range(1, 5):
        game["n"] = n
        assert cache.tensor(game, n % 2).tolist() == [n, n + n % 2, 5]
    assert calls == [1, 0, 1, 0]


def test_a_tensor_cache_writes_everything_again_after_a_write_that_failed():
    cache, scratch = _toy_cache()
    import random

    game = _Toy(random.Random(1))
    cache.tensor(game, 0)
    game.rows[1][0] += 1
    game.shared += 1
    rows = game.rows
    game.rows = None  # the writes fail
    with pytest.raises(TypeError):
        cache.tensor(game, 0)
    game.rows = rows
    np.testing.assert_array_equal(cache.tensor(game, 0), scratch(game, 0))
    np.testing.assert_array_equal(cache.tensor(game, 2), scratch(game, 2))


def test_a_snapshot_equals_its_value_and_shares_nothing_mutable():
    from empires.core.layout import snapshot

    values = [
        [[[0, 1], [2, 0]], [[1, 1], [0, 0]]],  # lists of lists of lists (region workers)
        [[1, 2], [3]],
        [(0, 1), (2, 3)],  # tuples of plain values (queued workers)
        ([1, 2], 3, {"a": [4]}),
        {"x": [1, 2], "y": (5, [6])},
        [],
        [[]],
    ]
    for value in values:
        copy = snapshot(value)
        assert copy == value
        before = repr(value)
        # change every list and dict inside the value: the snapshot stays as it was
        stack = [value]
        while stack:
            v = stack.pop()
            items = list(v.values()) if isinstance(v, dict) else list(v)
            stack.extend(x for x in items if isinstance(x, (list, tuple, dict)))
            if isinstance(v, list):
                v.append(99)
            elif isinstance(v, dict):
                v["new"] = 99
        assert repr(copy) == before and copy != value
