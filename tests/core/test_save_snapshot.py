"""Issue #30: ``to_json()`` is a snapshot. It used to hand out the game's live lists (the state's
fields as they were), so a saved dict kept changing as the game went on, and changing the dict
changed the game. Now it shares no list or dict with the game, in both games."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from empires.core.fields import fresh
from empires.core.rng import Rng
from empires.discovery import new_game as new_discovery
from empires.settlers import new_game as new_settlers

GAMES = {"settlers": (new_settlers, (1, 2, 3, 4)), "discovery": (new_discovery, (2, 3, 4, 5, 6))}


def advance(game: Any, rng: Rng, steps: int) -> None:
    for _ in range(steps):
        if game.is_terminal():
            return
        game.apply(rng.choice(game.legal_actions()))


def containers(value: Any, out: dict[int, Any]) -> dict[int, Any]:
    """Every list and dict reachable from ``value``, by id (an iterative walk)."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, (list, dict)):
            if id(v) in out:
                continue
            out[id(v)] = v
            stack.extend(v.values() if isinstance(v, dict) else v)
        elif isinstance(v, tuple):
            stack.extend(v)
    return out


def live(game: Any) -> dict[int, Any]:
    """The lists and dicts the game's state holds (every field, saved or not)."""
    out: dict[int, Any] = {}
    for name in game.s.FIELDS.names():
        containers(getattr(game.s, name), out)
    return out


def scribble(data: Any) -> None:
    """Change every list and dict in ``data`` in place."""
    for v in containers(data, {}).values():
        if isinstance(v, dict):
            v["scribbled"] = True
        else:
            v.append("scribbled")


def test_a_settlers_save_keeps_what_it_held():
    game = new_settlers(2, seed=4)
    rng = Rng(4)
    advance(game, rng, 40)
    saved = game.to_json()
    snapshot = json.dumps(saved, sort_keys=True)
    advance(game, rng, 60)
    assert json.dumps(game.to_json(), sort_keys=True) != snapshot  # the game did go on
    assert json.dumps(saved, sort_keys=True) == snapshot
    # and the save still loads as the game it was
    assert json.dumps(type(game).from_json(saved).to_json(), sort_keys=True) == snapshot


def test_a_discovery_save_keeps_what_it_held():
    game = new_discovery(4, seed=4)
    rng = Rng(4)
    advance(game, rng, 40)
    saved = game.to_json()
    snapshot = json.dumps(saved, sort_keys=True)
    advance(game, rng, 80)
    assert json.dumps(game.to_json(), sort_keys=True) != snapshot
    assert json.dumps(saved, sort_keys=True) == snapshot
    assert json.dumps(type(game).from_json(saved).to_json(), sort_keys=True) == snapshot


def test_changing_a_save_changes_no_game():
    for new, n in ((new_settlers, 1), (new_discovery, 3)):
        game = new(n, seed=2)
        advance(game, Rng(2), 30)
        before = json.dumps(game.to_json(), sort_keys=True)
        scribble(game.to_json())
        assert json.dumps(game.to_json(), sort_keys=True) == before


def test_fresh_copies_every_list_and_dict():
    value = {"a": [1, [2, {"b": [3]}]], "c": ({"d": 4}, [5]), "e": "f"}
    copy = fresh(value)
    assert copy == {"a": [1, [2, {"b": [3]}]], "c": [{"d": 4}, [5]], "e": "f"}
    assert not set(containers(copy, {})) & set(containers(value, {}))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(sorted(GAMES)),
    st.integers(min_value=0, max_value=6),
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=0, max_value=400),
)
def test_to_json_shares_nothing_with_the_game(name, size, seed, steps):
    new, sizes = GAMES[name]
    game = new(sizes[size % len(sizes)], seed=seed)
    rng = Rng(seed)
    advance(game, rng, steps)
    saved = game.to_json()
    snapshot = json.dumps(saved, sort_keys=True)
    assert not set(containers(saved, {})) & set(live(game))
    # a second save is another snapshot: no list or dict shared with the first either
    assert not set(containers(saved, {})) & set(containers(game.to_json(), {}))
    scribble(game.to_json())  # changing a save changes nothing in the game...
    assert json.dumps(game.to_json(), sort_keys=True) == snapshot
    advance(game, rng, 25)  # ...and playing on changes nothing in the save
    assert json.dumps(saved, sort_keys=True) == snapshot
