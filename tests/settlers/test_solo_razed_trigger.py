"""Issue #30: in the solo game the virtual player's attack razes one of your Locations ("la
Localización es saqueada", imperial-settlers.es.txt, 'Fase de Ataque del jugador virtual'; the
English rulebook: "that Location is razed by the virtual player"), so a Feature that triggers
each time one of your Locations is razed (the card file's ``razed`` trigger: "by an enemy (or the
virtual player)") answers it exactly as it answers a player's raze: once per raze, any choice it
offers a decision of yours with its legal actions.

The scenario is the rulebook's solo example (p.14): Romans; the new Target is Wood, the previous
ones Worker and Gold; of the Carpenter's Workshop, the Marketplace, the Joiner and the Wood
Supplier the Marketplace (Action, Wood + Gold) is razed into the Collection."""

from __future__ import annotations

import json

import pytest

from empires.settlers import Options
from empires.settlers.flow import run
from tests.settlers.settlers_helpers import cid, give, play, position, supply

TEXT = "(test ability)"
OVERLAY = {
    "cards": [
        # each time one of your Locations is razed: 2 Wood
        {
            "id": "rom012",
            "text": TEXT,
            "feature": [{"on": "razed", "effects": [{"gain": {"wood": 2}}]}],
        },
        # each time one of your Locations is razed: choose 2 VP or 1 Stone and 1 Food
        {
            "id": "rom013",
            "text": TEXT,
            "feature": [
                {
                    "on": "razed",
                    "effects": [
                        {"choose_one": [[{"gain": {"vp": 2}}], [{"gain": {"stone": 1, "food": 1}}]]}
                    ],
                }
            ],
        },
    ]
}
EXAMPLE = ("com004", "com032", "com044", "com029")  # Carpenter's Workshop, Marketplace, ...


@pytest.fixture(scope="module")
def overlay(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("overlay") / "razed.json"
    path.write_text(json.dumps(OVERLAY), encoding="utf-8")
    return str(path)


def example(overlay: str, *features: str):
    """The p.14 position at the start of the virtual player's attack phase: the Target line
    Worker, Gold with Wood on top of the Attack deck (the only card left in it, so the second
    attack of the phase razes nothing), the four Locations (and ``features``) in the Empire."""
    game = position(1, ("romans",), options=Options(cards=overlay))
    s = game.s
    db = s.db
    pool = s.attack_deck + s.attack_line
    wood, worker, gold = (
        next(c for c in pool if db[c].target == t) for t in ("wood", "worker", "gold")
    )
    s.attack_discard = [c for c in pool if c not in (wood, worker, gold)]
    s.attack_line = [worker, gold]
    s.attack_deck = [wood]
    give(game, 0, *EXAMPLE, *features, where="empire")
    s.pending = []
    s.step, s.cursor = "attack", 0
    return game


def attack_phase(game) -> None:
    """Run the game's flow through the attack phase (as after the Cleanup phase)."""
    run(game.s)
    game._legal = None


def test_virtual_raze_fires_the_razed_feature_once(overlay):
    game = example(overlay, "rom012")
    s = game.s
    vp = s.vp[0]
    attack_phase(game)
    market = cid(game, "com032")
    assert s.collection == [market] and market not in s.empire[0]
    assert s.foundations[0] == []  # no Foundation, and so no Wood for one
    assert supply(game, 0) == {"wood": 2}  # the Feature's 2 Wood, once
    assert s.vp[0] == vp
    assert s.round == 2 and s.step == "draft"  # the phase ended: the next Lookout
    fired = [e for e in game.events(0) if e["kind"] == "feature" and e["on"] == "razed"]
    assert len(fired) == 1 and fired[0]["card"]["id"] == "rom012"
    assert fired[0]["gained"] == {"wood": 2}
    kinds = [e["kind"] for e in game.events(0) if e["kind"] in ("attack", "feature")]
    assert kinds[:2] == ["attack", "feature"]  # the raze is told first, then what it set off


def test_without_the_feature_the_virtual_raze_gives_nothing(overlay):
    game = example(overlay)
    s = game.s
    attack_phase(game)
    assert s.collection == [cid(game, "com032")]
    assert supply(game, 0) == {} and s.vp[0] == 0
    assert not [e for e in game.events(0) if e["kind"] == "feature"]


def test_an_attack_that_razes_nothing_sets_off_nothing(overlay):
    game = example(overlay, "rom012")
    s = game.s
    s.attack_discard.append(s.attack_line.pop())  # Worker only: none of the four shows Worker
    attack_phase(game)
    assert game.s.collection == [] and supply(game, 0) == {}


def test_the_razed_features_choice_is_a_decision_of_the_player(overlay):
    game = example(overlay, "rom013")
    s = game.s
    attack_phase(game)
    assert s.collection == [cid(game, "com032")]
    assert game.decision is not None and game.decision["kind"] == "choose_one"
    assert game.current_player == 0 and s.step == "attack"  # the phase waits for the choice
    assert [str(a) for a in game.legal_actions()] == ["option 0", "option 1"]
    play(game, "option 1")
    assert supply(game, 0) == {"stone": 1, "food": 1} and s.vp[0] == 0
    assert s.round == 2 and s.step == "draft"  # then the attack phase ends


def test_a_tie_the_player_breaks_then_the_feature_answers(overlay):
    """Two Pig Farmers tie on every count (p.14: "you choose"): the player picks the one razed,
    then the Feature answers that raze once."""
    game = example(overlay, "rom012")
    s = game.s
    for c in [cid(game, x) for x in EXAMPLE]:
        s.empire[0].remove(c)
        s.common_discard.append(c)
    give(game, 0, "com053", "com054", where="empire")  # Pig Farmers: Worker + Food
    food = next(c for c in s.attack_discard if s.db[c].target == "food")
    s.attack_discard.remove(food)
    s.attack_discard += s.attack_deck
    s.attack_deck = [food]  # Food on top, Worker first in the line
    attack_phase(game)
    assert game.decision is not None and game.decision["kind"] == "attack_choice"
    assert supply(game, 0) == {}  # nothing razed yet
    play(game, "target com054")
    assert s.collection == [cid(game, "com054")]
    assert supply(game, 0) == {"wood": 2}
