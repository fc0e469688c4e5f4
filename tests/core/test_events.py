"""The event-log contract shared by both engines (empires.core.events)."""

import json

import pytest

from empires.core import events as ev
from empires.core.adapter import get_adapter
from empires.core.errors import SaveFileError
from empires.core.rng import Rng

TEXTS = {"gain": lambda e: f"{ev.seat_name(e['player'])} gains {e.get('card') or 'a card'}."}


def test_secret_fields_reach_only_their_seats():
    log: list[dict] = []
    ev.emit(log, "gain", 2, "Action", secret={"to": [1], "card": "Lumberjack"}, player=1, card=None)
    mine, theirs, spectator = (ev.view(log, v, TEXTS)[0] for v in (1, 0, None))
    assert mine["card"] == "Lumberjack" and mine["text"] == "Player 2 gains Lumberjack."
    assert "redacted" not in mine
    for other in (theirs, spectator):
        assert other["card"] is None and other["redacted"] is True
        assert "Lumberjack" not in json.dumps(other)
        assert other["text"] == "Player 2 gains a card."
    assert mine["seq"] == 0 and mine["turn"] == 2 and mine["phase"] == "Action"


def test_view_is_a_copy_and_since_counts_positions():
    log: list[dict] = []
    for i in range(3):
        ev.emit(log, "gain", 1, "x", player=0, card=f"c{i}", extra=[i])
    out = ev.view(log, 0, TEXTS, since=1)
    assert [e["seq"] for e in out] == [1, 2]
    out[0]["extra"].append(99)
    assert log[1]["extra"] == [1]
    with pytest.raises(ValueError, match="since"):
        ev.view(log, 0, TEXTS, since=-1)


def test_secret_needs_seats():
    with pytest.raises(ValueError, match="to"):
        ev.emit([], "gain", 1, "x", secret={"card": "x"})


@pytest.mark.parametrize("name,players", [("discovery", 3), ("settlers", 2), ("settlers", 1)])
def test_engines_record_clone_save_and_silence(name, players):
    module = get_adapter(name)
    game = module.new_game(players, 5)
    rng = Rng(5)
    played = 0
    while played < 60 and not game.is_terminal():
        acts = game.legal_actions()
        game.apply(acts[rng.randrange(len(acts))])
        played += 1
    events = game.events(None)
    assert [e["seq"] for e in events] == list(range(len(events)))
    actions = [e for e in events if e["kind"] == "action"]
    assert len(actions) == played > 20 and all(e["text"] for e in events)
    # the raw action string reaches only its actor; withholding it alone is no redaction
    assert all(e["action"] is None and "redacted" not in e for e in actions)
    mine = [e for e in game.events(0) if e["kind"] == "action" and e["player"] == 0]
    assert mine and all(isinstance(e["action"], str) for e in mine)
    assert game.clone().events(0) == game.events(0)
    again = module.from_json(json.loads(json.dumps(game.to_json())))
    assert again.events(0) == game.events(0)
    with pytest.raises(ValueError, match="seat"):
        game.events(players)
    while game.is_terminal():  # a short solo game: look at an earlier moment
        game = module.replay({**game.history, "actions": game.history["actions"][:-1]})
    quiet = game.clone()
    quiet.narrate = False
    before = len(quiet.events(None))
    quiet.apply(quiet.legal_actions()[0])
    assert len(quiet.events(None)) == before
    loud = game.clone()
    loud.apply(loud.legal_actions()[0])
    assert quiet.history == loud.history


@pytest.mark.parametrize("name,players", [("discovery", 2), ("settlers", 2)])
def test_a_save_loads_whatever_its_event_log_says(name, players):
    """The log is told anew from the history: a save written by a version that worded events
    differently (or had none) still loads, while a changed rule field is still refused."""
    module = get_adapter(name)
    game = module.new_game(players, 3)
    for _ in range(10):
        game.apply(game.legal_actions()[0])
    data = json.loads(json.dumps(game.to_json()))
    data["state"]["events"] = [{"kind": "old", "text": "worded otherwise"}]
    assert module.from_json(data).events(None) == game.events(None)
    del data["state"]["events"]
    assert module.from_json(data).events(None) == game.events(None)
    data["state"]["seed"] = data["state"]["seed"] + 1
    with pytest.raises(SaveFileError, match="corrupt"):
        module.from_json(data)
