"""``empires cards template`` and ``empires cards validate``: an owner's way to complete the card
set (template, fill in, validate, play); wrong files are told card by card (exit 1), an unreadable
one in one line (exit 2); ``--cards`` and a server's card sets take overlay files."""

from __future__ import annotations

import json

import pytest

from empires.cli import main
from empires.core.adapter import get_adapter
from empires.server.serve_options import parse_card_sets
from empires.settlers import rules

ACTIONS = [
    {"limit": 1, "spend": {"worker": 1}, "effects": [{"gain": {"vp": 1}}]},
    {
        "limit": 2,
        "spend": {},
        "effects": [{"pay": {"spend": {"food": 1}, "effects": [{"gain": {"vp": 2}}]}}],
    },
    {
        "limit": 1,
        "spend": {"worker": 1},
        "effects": [{"steal": {"goods": ["wood", "stone", "food"]}}],
    },
    {"limit": 1, "spend": {}, "effects": [{"place_defense": {}}]},
    {"limit": 1, "spend": {"raze": 1}, "effects": [{"enemies_lose": {"gold": 1}}]},
    {
        "limit": 1,
        "spend": {"card": 1},
        "effects": [{"gain_per": {"count": "deals", "good": "vp", "max": 3}}],
    },
    {"limit": 1, "spend": {"worker": 2}, "effects": [{"special": {"name": "enemy_discard"}}]},
    {"limit": 1, "spend": {"raze": 1}, "special": "steal", "params": {"goods": ["gold"], "n": 1}},
]
FEATURES = [
    [{"on": "deal", "effects": [{"gain": {"wood": 1}}]}],
    [{"on": "razed", "effects": [{"gain": {"raze": 1}}]}],
    [{"on": "protection", "against": ["raze", "take_over"], "scope": "empire"}],
    [
        {
            "on": "build",
            "colors": ["red"],
            "effects": [{"gain_per": {"count": "samurai", "good": "vp", "max": 2}}],
        }
    ],
]


def filled(template: dict) -> dict:
    """The template with every card filled in (test abilities across the vocabulary)."""
    data = json.loads(json.dumps(template))
    for i, card in enumerate(data["cards"]):
        if card["type"] == "action":
            card["action"] = json.loads(json.dumps(ACTIONS[i % len(ACTIONS)]))
        else:
            card["feature"] = json.loads(json.dumps(FEATURES[i % len(FEATURES)]))
        card["text"] = "(test ability)"
    for card in data["attack_cards"]:
        card["target"] = "wood"
    return data


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture(scope="module")
def template() -> dict:
    return get_adapter("settlers").card_template()


def test_template_lists_every_unverified_card_to_fill_in(tmp_path, capsys, template):
    path = tmp_path / "mine.json"
    code, out, _ = run(capsys, "cards", "template", "--game", "settlers", "-o", str(path))
    assert code == 0 and "wrote 90 cards to fill in" in out
    data = json.loads(path.read_text())
    assert data == template
    assert len(data["cards"]) == 74 and len(data["attack_cards"]) == 16
    altar = next(c for c in data["cards"] if c["id"] == "bar004")
    assert altar["action"] is None and altar["text"] == ""
    assert altar["cost"] == {"wood": 2} and altar["deal"] == "gold" and altar["colors"] == ["gold"]
    raid = next(c for c in data["cards"] if c["id"] == "bar007")
    assert raid["feature"] == [] and "action" not in raid
    assert any("known_text" in c for c in data["cards"])
    # standard out without -o
    code, out, _ = run(capsys, "cards", "template")
    assert code == 0 and json.loads(out) == template


def test_validate_reports_the_template_card_by_card_as_not_filled_in(tmp_path, capsys, template):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(template))
    code, out, err = run(capsys, "cards", "validate", str(path), "--games", "1")
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 90
    assert f"{path}: bar004 action: not filled in yet" in lines
    assert f"{path}: bar007 feature: not filled in yet" in lines
    assert f"{path}: att01 target: not filled in yet" in lines
    assert "90 problem(s), 90 card(s)" in err


def test_a_filled_in_overlay_validates_and_plays(tmp_path, capsys, template):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(filled(template)))
    code, out, _ = run(capsys, "cards", "validate", str(path), "--games", "6")
    assert code == 0, out
    assert "fine: 90 house card(s), 0 still unverified; 6 random games played" in out
    code, out, _ = run(
        capsys,
        "simulate",
        "settlers",
        "--players",
        "4",
        "--bots",
        "heuristic,random",
        "--games",
        "2",
        "--cards",
        str(path),
    )
    assert code == 0
    # a server's card set (empires serve --cards NAME=FILE) takes it too
    assert get_adapter("settlers").card_file_error(str(path)) is None
    assert parse_card_sets([f"house={path}"]) == {"house": str(path.resolve())}


def test_a_partly_filled_overlay_plays_the_rest_without_abilities(tmp_path, capsys, template):
    data = filled(template)
    data["cards"] = data["cards"][:3]
    data["attack_cards"] = []
    path = tmp_path / "some.json"
    path.write_text(json.dumps(data))
    code, out, _ = run(capsys, "cards", "validate", str(path), "--games", "2")
    assert code == 0 and "3 house card(s), 87 still unverified" in out


def test_a_wrong_file_is_told_card_by_card(tmp_path, capsys, template):
    data = filled(template)
    data["cards"][0]["action"] = {"limit": 3, "spend": {"wood": 1}}
    data["cards"][1]["action"]["effects"] = [{"gain": {"gems": 1}}]
    data["cards"][2]["cost"] = {"wood": 9}
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(data))
    ids = [c["id"] for c in data["cards"][:3]]
    code, out, _ = run(capsys, "cards", "validate", str(path))
    assert code == 1
    assert f"{path}: {ids[0]} action.limit: 3 is not one of [1, 2]" in out
    assert f"{path}: {ids[1]} action.effects.0.gain: 'gems' is not one of" in out
    # the schema passes, the engine refuses (a known field that differs from the data)
    data["cards"][0]["action"] = ACTIONS[0]
    data["cards"][1]["action"] = ACTIONS[0]
    path.write_text(json.dumps(data))
    code, out, _ = run(capsys, "cards", "validate", str(path))
    assert code == 1
    assert f"{ids[2]} cost: is {{'wood': 2}} in the game's data, not {{'wood': 9}}" in out
    # --cards refuses it with the same message
    code, _, err = run(capsys, "simulate", "settlers", "--games", "1", "--cards", str(path))
    assert code == 2 and "not {'wood': 9}" in err


def test_a_runtime_error_in_a_game_names_the_card(tmp_path, capsys, template, monkeypatch):
    data = filled(template)
    data["cards"] = [c for c in data["cards"] if c["type"] == "action"]
    for card in data["cards"]:
        card["action"] = {"limit": 1, "spend": {}, "effects": [{"enemies_lose": {"food": 1}}]}
    path = tmp_path / "boom.json"
    path.write_text(json.dumps(data))

    def boom(s, p, arg, card):
        raise RuntimeError("the ability broke")

    monkeypatch.setitem(rules.MORE_EFFECTS, "enemies_lose", boom)
    code, out, _ = run(capsys, "cards", "validate", str(path), "--games", "2")
    assert code == 1
    line = out.splitlines()[0]
    card_id = line.split(": ")[1]
    assert card_id in {c["id"] for c in data["cards"]}
    assert "game 0 (4 players)" in line and "RuntimeError: the ability broke" in line


def test_unreadable_files_and_games_without_card_files(tmp_path, capsys):
    path = tmp_path / "broken.json"
    path.write_text('{"cards": [')
    code, out, err = run(capsys, "cards", "validate", str(path))
    assert code == 2 and out == ""
    assert err.strip().count("\n") == 0 and "not valid JSON" in err
    code, _, err = run(capsys, "cards", "validate", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err
    code, _, err = run(capsys, "cards", "template", "--game", "discovery")
    assert code == 2 and "has no card files" in err
    path.write_text("[]")
    code, _, err = run(capsys, "cards", "validate", str(path))
    assert code == 2 and "expected a JSON object" in err
