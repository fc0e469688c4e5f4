"""The printed names a state message carries for what its observation gives by id only (the
buildings on the Discovery mats, server/view_names.py), in the reader's language."""

from __future__ import annotations

from empires import i18n
from empires.discovery.data import BUILDINGS
from empires.server.view_language import localize
from empires.server.view_names import component_names
from tests.server.server_helpers import auth, near_the_end, store_game

TWO_HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
ENGLISH = {b.id: b.name for b in BUILDINGS}


def test_every_held_building_is_named_and_nothing_else():
    new = store_game("sqlite://", "discovery", TWO_HUMANS, 5, near_the_end("discovery", 5))
    obs = new.state.observation(None)
    held = {b for p in obs["players"] for b in p["buildings"]}
    assert held
    assert component_names("discovery", obs) == {"buildings": {b: ENGLISH[b] for b in held}}
    # an id the table does not know keeps its id; a game without a table gets nothing
    odd = {"players": [{"buildings": ["no_such_building"]}]}
    assert component_names("discovery", odd) == {
        "buildings": {"no_such_building": "no_such_building"}
    }
    assert component_names("discovery", None) == {}
    assert component_names("settlers", {"players": [{"buildings": ["x"]}]}) == {}


def test_the_names_are_put_in_the_readers_language():
    view = {"names": {"buildings": {"navigator": "Navigator", "settlers_2": "Settlers"}}}
    out = localize(view, "es")
    assert out["names"]["buildings"] == {
        "navigator": i18n.translate("Navigator", "es"),
        "settlers_2": i18n.translate("Settlers", "es"),
    }
    assert out["names"]["buildings"]["settlers_2"] != "Settlers"
    english = {"names": {"buildings": {"navigator": "Navigator"}}}
    assert localize(english, "en") == {"names": {"buildings": {"navigator": "Navigator"}}}


def test_the_state_message_and_the_replay_step_carry_them(client, sqlite_url):
    new = store_game(sqlite_url, "discovery", TWO_HUMANS, 5, near_the_end("discovery", 5))
    held = {b for p in new.state.observation(None)["players"] for b in p["buildings"]}
    gid, token = new.row.id, new.tokens[0]
    for lang in ("en", "it"):
        state = client.get(f"/api/games/{gid}?lang={lang}", headers=auth(token)).json()
        names = state["names"]["buildings"]
        assert set(names) == held
        assert names == {b: i18n.translate(ENGLISH[b], lang) for b in held}
        steps = len(state["log"])
        replay = client.get(f"/api/games/{gid}/replay/{steps}?lang={lang}", headers=auth(token))
        assert replay.json()["names"] == state["names"]
    first = client.get(f"/api/games/{gid}/replay/0", headers=auth(token)).json()
    assert first["names"] == {"buildings": {}}  # nobody holds a building before the first move
