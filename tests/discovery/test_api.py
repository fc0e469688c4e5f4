"""The public API contract: actions, errors, saving and loading, replay and observations."""

import copy
import json
import random

import pytest

from empires.core.errors import IllegalActionError, SaveFileError
from empires.discovery.actions import (
    Action,
    action_space_size,
    action_table,
    coerce,
    decode,
    encode,
    parse,
)
from empires.discovery.data import BUILDINGS, CARDS, COUNTERS, REGION_IDS
from empires.discovery.game import from_json, new_game, replay

PLAYER_COUNTS = [2, 3, 4, 5, 6]


def random_play(n: int, seed: int, steps: int | None = None, visit=None):
    """Play random legal actions (all of them if ``steps`` is None); ``visit(game)`` each step."""
    game = new_game(n, seed=seed)
    rng = random.Random(seed * 7919 + n)
    done = 0
    while not game.is_terminal() and (steps is None or done < steps):
        if visit is not None:
            visit(game)
        legal = game.legal_actions()
        game.apply(rng.choice(legal))
        done += 1
    if visit is not None:
        visit(game)
    return game


@pytest.fixture(scope="module")
def finished_games():
    return {n: random_play(n, seed=n) for n in PLAYER_COUNTS}


# ---- actions -----------------------------------------------------------------------------------


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_action_round_trip_over_the_whole_table(n):
    table = action_table(n)
    assert len(table) == action_space_size(n)
    assert len(set(table)) == len(table)
    assert len({str(a) for a in table}) == len(table)
    for code, action in enumerate(table):
        text = str(action)
        assert parse(text) == action
        assert action.to_json() == text
        assert json.loads(json.dumps(action.to_json())) == text
        assert encode(action, n) == code
        assert decode(code, n) == action
        assert decode(encode(action, n), n) == action
        assert coerce(text, n) == coerce(code, n) == coerce(action, n) == action


def test_player_actions_follow_the_player_count():
    assert Action("player", 5) in action_table(6)
    assert Action("player", 5) not in action_table(5)
    with pytest.raises(IllegalActionError):
        encode(Action("player", 5), 5)


def test_parse_is_case_and_space_tolerant():
    assert parse("  Place  COLONIST dock ") == Action("place", 0, 1)
    assert parse("REGION Peru") == Action("region", REGION_IDS.index("peru"))


MALFORMED_STRINGS = [
    "",
    "   ",
    "fly",
    "place",
    "place colonist",
    "place wizard dock",
    "place colonist moon",
    "place colonist dock now",
    "region",
    "region atlantis",
    "region peru brazil",
    "player",
    "player x",
    "player -1",
    "player 1.5",
    "good",
    "good diamonds",
    "worker knight",
    "building",
    "building castle",
    "use",
    "use castle",
    "target",
    "target moon",
    "index",
    "index two",
    "skip now",
    "done 1",
    "battle peru",
    "war 1",
    "deck 3",
]


@pytest.mark.parametrize("text", MALFORMED_STRINGS)
def test_malformed_strings_are_rejected_with_a_message(text):
    with pytest.raises(IllegalActionError) as e:
        parse(text)
    assert str(e.value)
    game = new_game(3, seed=1)
    before = game.to_json()
    with pytest.raises(IllegalActionError) as e:
        game.apply(text)
    assert str(e.value)
    assert game.to_json() == before


@pytest.mark.parametrize("bad", [-1, 10**9, True, False, 1.5, None, b"skip", [], {}, object()])
def test_malformed_codes_and_values_are_rejected(bad):
    n = 4
    game = new_game(n, seed=2)
    before = game.to_json()
    with pytest.raises(IllegalActionError) as e:
        game.apply(bad)
    assert str(e.value)
    assert game.to_json() == before


@pytest.mark.parametrize(
    "bad",
    [
        ("place", "x"),
        ("region", 99),
        ("region", -5),
        ("player", 1, 2, 3),
        ("place", 0),
        ("player", 7),
        Action("place", "x"),
        Action("region", [1]),
        Action("teleport"),
        ("",),
    ],
)
def test_hand_built_actions_outside_the_space_are_rejected(bad):
    game = new_game(3, seed=2)
    before = game.to_json()
    with pytest.raises(IllegalActionError) as e:
        game.apply(bad)
    assert str(e.value)
    assert game.to_json() == before


def test_tuple_and_list_forms_of_a_legal_action_are_accepted():
    game = new_game(3, seed=2)
    action = game.legal_actions()[0]
    twin = game.clone()
    game.apply(tuple(action))
    twin.apply(list(action))
    assert game == twin


def test_code_just_past_the_table_is_rejected():
    for n in PLAYER_COUNTS:
        with pytest.raises(IllegalActionError):
            decode(action_space_size(n), n)


def test_parse_rejects_non_strings():
    for bad in (3, None, ["skip"]):
        with pytest.raises(IllegalActionError):
            parse(bad)


# ---- illegal actions -------------------------------------------------------------------------------


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_illegal_actions_raise_and_leave_the_state_unchanged(n):
    rng = random.Random(n)
    table = action_table(n)
    checked = 0

    def visit(game):
        nonlocal checked
        if game.is_terminal() or rng.random() > 0.15:
            return
        legal = set(game.legal_actions())
        before = game.to_json()
        illegal = [a for a in rng.sample(table, 25) if a not in legal]
        for action in illegal[:6]:
            for form in (action, str(action), encode(action, n)):
                with pytest.raises(IllegalActionError) as e:
                    game.apply(form)
                assert str(e.value)
                assert game.to_json() == before
        assert set(game.legal_actions()) == legal
        checked += 1

    random_play(n, seed=100 + n, visit=visit)
    assert checked > 5


def test_no_action_is_legal_after_the_end(finished_games):
    game = finished_games[3]
    assert game.is_terminal()
    assert game.legal_actions() == []
    before = game.to_json()
    with pytest.raises(IllegalActionError):
        game.apply("skip")
    assert game.to_json() == before


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_legal_actions_are_inside_the_action_space(n):
    def visit(game):
        codes = game.legal_action_codes()
        assert len(codes) == len(game.legal_actions())
        assert all(0 <= c < action_space_size(n) for c in codes)
        assert [decode(c, n) for c in codes] == game.legal_actions()

    random_play(n, seed=n + 20, steps=150, visit=visit)


# ---- saving, loading, replay ---------------------------------------------------------------------


@pytest.mark.parametrize("n", PLAYER_COUNTS)
@pytest.mark.parametrize("steps", [0, 37, 160, None])
def test_to_json_from_json_round_trip(n, steps):
    game = random_play(n, seed=n + 40, steps=steps)
    data = game.to_json()
    text = json.dumps(data)
    for saved in (data, text, json.loads(text)):
        loaded = from_json(saved)
        assert loaded == game
        assert loaded.to_json() == data
        assert loaded.legal_actions() == game.legal_actions()
        assert loaded.observation(0) == game.observation(0)


def test_loaded_game_plays_on_identically():
    game = random_play(4, seed=5, steps=90)
    loaded = from_json(json.dumps(game.to_json()))
    rng = random.Random(0)
    while not game.is_terminal():
        action = rng.choice(game.legal_actions())
        game.apply(action)
        loaded.apply(str(action))
        assert loaded.to_json()["state"] == game.to_json()["state"]
    assert loaded.ranking() == game.ranking()


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_history_replay_rebuilds_the_identical_state(n, finished_games):
    for game in (random_play(n, seed=n + 60, steps=75), finished_games[n]):
        history = game.history
        assert set(history) >= {"config", "seed", "actions"}
        rebuilt = replay(json.loads(json.dumps(history)))
        assert rebuilt == game
        assert rebuilt.to_json() == game.to_json()
        assert from_json(history) == game


def test_clone_is_independent():
    game = random_play(3, seed=8, steps=30)
    other = game.clone()
    assert other == game
    other.apply(other.legal_actions()[0])
    assert other != game
    assert len(game.s.actions) == 30


@pytest.mark.parametrize("n", [2, 4, 6])
def test_clone_plays_on_like_the_original(n):
    game = new_game(n, seed=n + 90)
    rng = random.Random(n)
    clones = []
    while not game.is_terminal():
        if rng.random() < 0.05:
            clones.append((len(game.s.actions), game.clone()))
        game.apply(rng.choice(game.legal_actions()))
    assert clones
    for done, clone in clones:
        for action in game.s.actions[done:]:
            clone.apply(action)
        assert clone == game


def tampered(data: dict, edit) -> dict:
    data = copy.deepcopy(data)
    edit(data)
    return data


def _bump_money(d):
    d["state"]["money"][0] += 1


def _bad_action(d):
    d["actions"][3] = "war"


def _drop_action(d):
    d["actions"].pop()


def _other_seed(d):
    d["seed"] += 1


def _other_game(d):
    d["game"] = "imperial_settlers"


def _bad_players(d):
    d["config"]["num_players"] = 9


def _no_config(d):
    del d["config"]


def _bad_options(d):
    d["config"]["options"] = {"edition": "1999"}


def _actions_not_list(d):
    d["actions"] = "skip"


def _unknown_action(d):
    d["actions"][0] = "teleport home"


def _state_goods(d):
    d["state"]["goods"][1][0] += 1


def _state_turn(d):
    d["state"]["turn"] = 7


@pytest.mark.parametrize(
    "edit",
    [
        _bump_money,
        _bad_action,
        _drop_action,
        _other_seed,
        _other_game,
        _bad_players,
        _no_config,
        _bad_options,
        _actions_not_list,
        _unknown_action,
        _state_goods,
        _state_turn,
    ],
)
def test_tampered_save_is_refused(edit):
    game = random_play(3, seed=12, steps=60)
    data = tampered(game.to_json(), edit)
    with pytest.raises(SaveFileError) as e:
        from_json(data)
    assert str(e.value)
    with pytest.raises(SaveFileError):
        from_json(json.dumps(data))


@pytest.mark.parametrize("bad", ["{not json", "[]", "3", "null", '"text"'])
def test_unreadable_save_is_refused(bad):
    with pytest.raises(SaveFileError):
        from_json(bad)


# ---- observations ----------------------------------------------------------------------------------


def hidden_strings(game) -> list[str]:
    """JSON strings that only hidden information could put into an observation."""
    s = game.s
    face_down = [
        s.counter[r] for r in range(len(REGION_IDS)) if s.counter[r] >= 0 and not s.revealed[r]
    ]
    out = [json.dumps(COUNTERS[c].id) for c in face_down + s.unused_counters]
    out += [json.dumps(CARDS[c].id) for c in s.deck] + [json.dumps(CARDS[c].name) for c in s.deck]
    out += [json.dumps(BUILDINGS[b].id) for age in (1, 2, 3) for b in s.stacks[age]]
    return out


def check_observation(game):
    s = game.s
    viewers = [None, *range(s.num_players)]
    for viewer in viewers:
        obs = game.observation(viewer)
        text = json.dumps(obs)  # json-serialisable
        assert json.loads(text) == obs
        for r, entry in enumerate(obs["regions"]):
            assert entry["id"] == REGION_IDS[r]
            if s.counter[r] >= 0 and not s.revealed[r]:
                assert entry["counter"] == "face-down"
                entry_text = json.dumps(entry)
                assert "resistance" not in entry_text
                assert "plunder" not in entry_text
                assert json.dumps(COUNTERS[s.counter[r]].id) not in entry_text
            elif s.counter[r] >= 0:
                info = COUNTERS[s.counter[r]]
                assert entry["counter"]["resistance"] == info.resistance
                assert entry["counter"]["plunder"] == info.plunder
            else:
                assert entry["counter"] is None
        for secret in hidden_strings(game):
            assert secret not in text, secret
    # All players see the same thing (everything held is public).
    base = game.observation(None)
    for viewer in range(s.num_players):
        obs = game.observation(viewer)
        obs["player"] = None
        assert obs == base


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_observation_never_shows_face_down_counters(n):
    seen_revealed = []

    def visit(game):
        if game.s.pending and len(game.s.actions) % 7 == 0 or game.is_terminal():
            check_observation(game)
            seen_revealed.append(any(game.s.revealed))

    random_play(n, seed=n + 80, visit=visit)
    assert any(seen_revealed)  # failed expeditions happened: revealed counters were checked too


def test_observation_shows_a_revealed_counter_to_everyone():
    game = new_game(3, seed=4)
    r = REGION_IDS.index("peru")
    game.s.revealed[r] = True
    info = COUNTERS[game.s.counter[r]]
    for viewer in (None, 0, 1, 2):
        entry = game.observation(viewer)["regions"][r]
        assert entry["counter"]["resistance"] == info.resistance
        assert entry["counter"]["vp"] == info.vp
    check_observation(game)


def test_observation_of_a_fresh_game():
    game = new_game(4, seed=0)
    check_observation(game)
    obs = game.observation(1)
    assert obs["player"] == 1
    assert obs["hidden"]["unused_counters"] == 8
    assert obs["hidden"]["discovery_deck"] == 16
    assert obs["hidden"]["trade_goods_pool"] == 33
    assert len(obs["boxes"]["buildings_offer"]) == 5
    assert obs["current_player"] == game.current_player


@pytest.mark.parametrize("seat", [-1, 4, "0", 1.0])
def test_observation_of_an_unknown_seat_is_refused(seat):
    with pytest.raises(ValueError):
        new_game(4).observation(seat)
