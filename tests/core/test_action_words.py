"""The "action" events' words, made when the log is read (empires.core.action_words): the same
words, for every viewer, as the state before each action gives (``describe_msg``), in random games
of both games, read at once or a little at a time, from copies and unpickled games; a state
changed by hand before the first action is told as it was; one changed between actions gets the
action's canonical words, never another state's."""

from __future__ import annotations

import pickle

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from empires.core.adapter import get_adapter
from empires.core.rng import Rng
from tests.discovery.helpers import W, fresh

GAMES = ("discovery", "settlers")


def played(game_name: str, players: int, seed: int, steps: int, read_every: int = 0):
    """A random game of ``steps`` decisions; with the words each action had before it was
    applied, as every seat and a spectator read them (the eager reference)."""
    game = get_adapter(game_name).new_game(players, seed)
    rng = Rng(seed)
    expected = []
    for i in range(steps):
        if game.is_terminal():
            break
        act = rng.choice(game.legal_actions())
        top = game.decision
        assert top is not None
        expected.append(reference_words(game, act, top))
        game.apply(act)
        if read_every and i % read_every == 0:
            game.events(None)  # (a reader now and then: the words are kept as they are made)
    return game, expected


def reference_words(game, act, top) -> dict:
    """The public message and the actor's secret part of ``act``, as the engine wrote them when
    it wrote the words at once (the shape the lazy words must keep)."""
    p = top["player"]
    secret: dict = {"to": [p], "action": str(act)}
    if not game.secret_choices:
        public = game.describe_msg(act, p)
    else:
        public = game.describe_msg(act, None)
        mine = game.describe_msg(act, p)
        if mine != public:
            secret.update(mine)
    return {"player": p, "decision": top["kind"], "public": public, "secret": secret}


def action_events(game, viewer) -> list[dict]:
    return [e for e in game.events(viewer) if e["kind"] == "action"]


def check(game, expected: list[dict]) -> None:
    n = game.num_players
    log = [e for e in game.event_log() if e["kind"] == "action"]
    assert len(log) == len(expected)
    for stored, want in zip(log, expected, strict=True):
        assert (stored["player"], stored["decision"]) == (want["player"], want["decision"])
        assert stored["secret"] == want["secret"]
        assert stored["msg"] == want["public"]["msg"]
        assert stored["args"] == want["public"]["args"]
    for viewer in [None, *range(n)]:
        for seen, want in zip(action_events(game, viewer), expected, strict=True):
            mine = viewer == want["player"]
            message = want["secret"] if mine and "msg" in want["secret"] else want["public"]
            assert (seen["msg"], seen["args"]) == (message["msg"], message["args"])
            assert seen.get("action") == (want["secret"]["action"] if mine else None)
            assert isinstance(seen["text"], str) and seen["text"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game_name=st.sampled_from(GAMES),
    players=st.integers(min_value=1, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32),
    read_every=st.sampled_from([0, 1, 7]),
)
def test_words_are_those_of_the_state_before_each_action(game_name, players, seed, read_every):
    if game_name == "discovery":
        players = max(players, 2)
    game, expected = played(game_name, players, seed, 120, read_every)
    check(game, expected)


def test_copies_and_unpickled_games_tell_the_same_words():
    for game_name, players in (("discovery", 3), ("settlers", 2)):
        game, expected = played(game_name, players, 11, 90)
        copy = game.clone()
        unpickled = pickle.loads(pickle.dumps(game))  # no narrator copy: told from its seed
        check(copy, expected)
        check(unpickled, expected)
        assert copy.events(0) == game.events(0) == unpickled.events(0)


def test_a_state_set_by_hand_before_the_first_action_is_told_as_it_was():
    game = fresh(2)
    game.s.warfare.append([1, W["colonist"]])  # (a position set up by hand, as rule tests do)
    top = game.decision
    assert top is not None
    act = next(a for a in game.legal_actions() if str(a).startswith("place colonist warfare"))
    want = reference_words(game, act, top)
    assert want["public"]["args"]["space"] == 2  # (a replay from the seed would say 1)
    game.apply(act)
    told = action_events(game, None)[-1]
    assert (told["msg"], told["args"]) == (want["public"]["msg"], want["public"]["args"])
    assert "(space 2)" in told["text"]


def test_a_state_changed_between_actions_gets_canonical_words():
    game = get_adapter("discovery").new_game(2, 5)
    rng = Rng(5)
    game.apply(rng.choice(game.legal_actions()))
    game.s.pending[-1]["kind"] = "hand-made"  # (what a replay could never reach)
    game.s.pending[-1]["player"] = 1 - game.s.pending[-1]["player"]
    tricked = game.decision
    assert tricked is not None
    act = game.s.actions[-1]
    game._narrate(act)  # (the marker apply writes, for an action the narrator cannot replay)
    game.s.actions.append(act)
    told = action_events(game, tricked["player"])[-1]
    assert told["text"] == str(act)
    assert told["action"] == str(act)
    assert action_events(game, None)[-1].get("action") is None


def test_playing_on_after_reading_keeps_earlier_words():
    game, expected = played("settlers", 2, 3, 40)
    before = game.events(1)
    game2, expected2 = played("settlers", 2, 3, 80)
    assert game2.events(1)[: len(before)] == before
    check(game2, expected2)
