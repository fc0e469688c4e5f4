"""The event log, told when it is read (empires.core.narrator): the "action" events have the same
words, for every viewer, as the state before each action gives (``describe_msg``), in random games
of both games, read at once or a little at a time, from copies and unpickled games; a game nobody
reads writes nothing after its first action; copies share what was told and one gone another way
is told its own; a state changed by hand before the first action is told as it was; an action
the narrator cannot follow is told as "?", never with another state's words."""

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


def test_an_action_the_narrator_cannot_follow_is_told_as_a_question_mark():
    game = get_adapter("settlers").new_game(2, 5)
    rng = Rng(5)
    for _ in range(3):
        game.apply(rng.choice(game.legal_actions()))
    told = len(game.events(None))
    ahead = game.clone()
    while str(ahead.legal_actions()[0]) in map(str, game.legal_actions()):
        ahead.apply(ahead.legal_actions()[0])
    game.s.actions.append(ahead.legal_actions()[0])  # (a history no replay reaches)
    for viewer in (None, 0, 1):
        last = game.events(viewer)[told:]
        assert [(e["kind"], e["text"], e.get("action")) for e in last] == [("action", "?", None)]


def test_a_game_nobody_reads_writes_nothing_after_its_first_action():
    for game_name, players in (("discovery", 2), ("settlers", 1)):
        game = get_adapter(game_name).new_game(players, 8)
        setup = list(game.s.events)
        rng = Rng(8)
        for _ in range(30):
            game.apply(rng.choice(game.legal_actions()))
        assert game.s.events == setup  # (the rules wrote nothing: the log is told when read)
        assert len(game.event_log()) > len(setup) + 30
        assert game.s.events == setup
        assert game.to_json()["state"]["events"] == game.event_log()


def test_copies_share_what_was_told_and_one_gone_another_way_is_told_its_own():
    game, _ = played("settlers", 2, 21, 30)
    game.events(None)
    copy = game.clone()
    assert copy._teller is game._teller
    legal = copy.legal_actions()
    game.apply(legal[0])
    copy.apply(legal[-1])
    for one in (game, copy):
        fresh_replay = type(one).replay(one.history)
        assert one.events(None) == fresh_replay.events(None)
        assert one.events(0) == fresh_replay.events(0)
    if str(legal[0]) != str(legal[-1]):
        assert copy._teller is not game._teller


def test_a_log_switched_off_keeps_nothing_and_switched_on_tells_from_then():
    game = get_adapter("discovery").new_game(2, 3)
    game.narrate = False
    rng = Rng(3)
    for _ in range(6):
        game.apply(rng.choice(game.legal_actions()))
    quiet = len(game.events(None))
    game.narrate = True
    for _ in range(6):
        game.apply(rng.choice(game.legal_actions()))
    told = game.events(None)[quiet:]
    assert sum(e["kind"] == "action" for e in told) == 6
    assert game.narrate is True


def test_playing_on_after_reading_keeps_earlier_words():
    game, expected = played("settlers", 2, 3, 40)
    before = game.events(1)
    game2, expected2 = played("settlers", 2, 3, 80)
    assert game2.events(1)[: len(before)] == before
    check(game2, expected2)
