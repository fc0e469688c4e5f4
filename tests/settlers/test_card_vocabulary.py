"""The card-file vocabulary beyond gaining goods (``gain_per``, ``pay``, ``steal``,
``place_defense``, ``enemies_lose``, ``special``; the ``deal``, ``razed`` and ``protection``
Feature triggers), each with a rule test on cards filled in by an overlay file; the schema and the
engine agree on the vocabulary; overlays are merged over the built-in data and their cards are
house cards, never presented as printed."""

from __future__ import annotations

import json
from importlib import resources

import pytest
from jsonschema import Draft202012Validator

from empires.settlers import Options, abilities, card_effects, new_game, startup_notes
from empires.settlers.cards import (
    COUNTS,
    EFFECTS,
    SPECIALS,
    TRIGGERS,
    CardFileError,
    builtin_data,
    card_schema,
    load_cards,
    merge_overlay,
)
from empires.settlers.observation import card_view
from empires.settlers.rules import MORE_EFFECTS, raze_cost, raze_targets
from tests.settlers.settlers_helpers import give, goods, play, position, supply

TEXT = "(test ability)"

OVERLAY = {
    "cards": [
        {  # gain_per: 1 VP per 2 Deals, at most 2
            "id": "rom001",
            "action": {
                "limit": 1,
                "spend": {"worker": 1},
                "effects": [{"gain_per": {"count": "deals", "per": 2, "good": "vp", "max": 2}}],
            },
        },
        {  # pay: optionally 1 Food for 2 VP
            "id": "rom003",
            "action": {
                "limit": 1,
                "spend": {},
                "effects": [
                    {"pay": {"spend": {"food": 1}, "effects": [{"gain": {"vp": 2}}]}},
                ],
            },
        },
        {  # steal 2 goods among Wood and Food
            "id": "rom006",
            "action": {
                "limit": 1,
                "spend": {},
                "effects": [{"steal": {"goods": ["wood", "food"], "n": 2}}],
            },
        },
        {
            "id": "rom008",
            "action": {"limit": 1, "spend": {}, "effects": [{"place_defense": {"n": 2}}]},
        },
        {
            "id": "rom030",
            "action": {
                "limit": 1,
                "spend": {},
                "effects": [{"enemies_lose": {"food": 2, "wood": 1}}],
            },
        },
        {"id": "rom009", "feature": [{"on": "deal", "effects": [{"gain": {"vp": 1}}]}]},
        {"id": "rom012", "feature": [{"on": "razed", "effects": [{"gain": {"wood": 2}}]}]},
        {"id": "rom022", "feature": [{"on": "protection", "against": ["raze"], "scope": "empire"}]},
        {"id": "rom015", "feature": [{"on": "protection", "against": ["take_over"]}]},
        # opponent interaction from another card: the special abilities as effects
        {"id": "bar004", "action": {"limit": 1, "spend": {}, "special": "take_over"}},
        {
            "id": "bar025",
            "action": {"limit": 1, "spend": {}, "effects": [{"special": {"name": "raze_enemy"}}]},
        },
    ],
    "attack_cards": [{"id": "att01", "target": "food"}],
}
for _entry in OVERLAY["cards"]:
    _entry["text"] = TEXT


@pytest.fixture(scope="module")
def overlay(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("overlay") / "house.json"
    path.write_text(json.dumps(OVERLAY), encoding="utf-8")
    return str(path)


def table(overlay: str):
    """Romans (seat 0) against Barbarians (seat 1), Action phase, empty hands and supplies."""
    return position(2, ("romans", "barbarians"), options=Options(cards=overlay))


def legal(game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


# ---- the vocabulary, one rule each --------------------------------------------------------------


def test_gain_per_counts_per_step_up_to_the_max(overlay):
    game = table(overlay)
    give(game, 0, "rom001", where="empire")
    give(game, 0, "rom016", "rom017", "rom018", where="deals")  # 3 Deals: 1 VP (per 2)
    goods(game, 0, worker=1)
    vp = game.s.vp[0]
    play(game, "activate rom001")
    assert game.s.vp[0] == vp + 1
    # every count the schema names is counted by the engine
    s = game.s
    assert card_effects.count(s, 0, "deals") == 3
    assert card_effects.count(s, 0, "locations") == 1
    assert card_effects.count(s, 0, "action_locations") == 1
    assert card_effects.count(s, 0, "faction_locations") == 1
    assert card_effects.count(s, 0, "common_locations") == 0
    assert {k: card_effects.count(s, 1, k) for k in COUNTS} == dict.fromkeys(COUNTS, 0)


def test_gain_per_stops_at_its_max(overlay):
    game = table(overlay)
    give(game, 0, "rom001", where="empire")
    give(game, 0, *[f"rom0{n}" for n in range(16, 22)], where="deals")  # 6 Deals: 3, max 2
    goods(game, 0, worker=1)
    play(game, "activate rom001")
    assert game.s.vp[0] == 2


def test_pay_is_optional_and_gives_its_effects_when_paid(overlay):
    game = table(overlay)
    give(game, 0, "rom003", where="empire")
    goods(game, 0, food=1)
    play(game, "activate rom003")
    assert legal(game) == ["option 0", "skip"]
    play(game, "option 0")
    assert game.s.vp[0] == 2 and supply(game, 0) == {}
    # without the Food: nothing to choose, nothing gained
    game = table(overlay)
    give(game, 0, "rom003", where="empire")
    play(game, "activate rom003")
    assert game.s.vp[0] == 0 and game.current_player == 1  # the turn passed on
    # skipped: nothing paid
    game = table(overlay)
    give(game, 0, "rom003", where="empire")
    goods(game, 0, food=1)
    play(game, "activate rom003", "skip")
    assert game.s.vp[0] == 0 and supply(game, 0) == {"food": 1}


def test_steal_takes_goods_of_the_listed_kinds_from_an_enemy(overlay):
    game = table(overlay)
    give(game, 0, "rom006", where="empire")
    goods(game, 1, wood=1, food=3, stone=4)
    play(game, "activate rom006")
    assert legal(game) == ["player 1"]
    play(game, "player 1")
    assert legal(game) == ["take wood", "take food"]  # not Stone: not listed
    play(game, "take wood")
    assert legal(game) == ["take food"]  # the second good, from the same enemy
    play(game, "take food")
    assert supply(game, 0) == {"wood": 1, "food": 1}
    assert supply(game, 1) == {"food": 2, "stone": 4}


def test_steal_offers_no_enemy_without_the_goods(overlay):
    game = table(overlay)
    give(game, 0, "rom006", where="empire")
    goods(game, 1, stone=4)
    play(game, "activate rom006")  # (an effect does not forbid the activation)
    assert game.current_player == 1  # no enemy to steal from: no decision, nothing taken
    assert supply(game, 0) == {} and supply(game, 1) == {"stone": 4}


def test_place_defense_puts_tokens_on_own_common_locations(overlay):
    game = table(overlay)
    rom008, quarry, mill = give(game, 0, "rom008", "com008", "com006", where="empire")
    assert raze_cost(game.s, quarry) == 2
    play(game, "activate rom008")
    assert legal(game) == ["target com008", "target com006"]  # Common Locations only
    play(game, "target com008", "target com006")
    assert set(game.s.defended) == {quarry, mill}
    assert raze_cost(game.s, quarry) == 3
    assert rom008 not in game.s.defended


def test_enemies_lose_what_they_have_up_to_the_number(overlay):
    game = table(overlay)
    give(game, 0, "rom030", where="empire")
    goods(game, 0, food=5)
    goods(game, 1, food=1, wood=3)
    play(game, "activate rom030")
    assert supply(game, 1) == {"wood": 2}  # 1 Food (all it had), 1 Wood
    assert supply(game, 0) == {"food": 5}  # the player loses nothing


def test_deal_trigger_answers_each_deal(overlay):
    game = table(overlay)
    give(game, 0, "rom009", where="empire")
    (hq,) = give(game, 0, "rom016", where="hand")
    goods(game, 0, food=1)
    play(game, "deal rom016")
    assert game.s.vp[0] == 1
    assert supply(game, 0) == {game.s.db[hq].deal: 1}  # the Deal's good, and the Feature's VP


def test_razed_trigger_answers_when_an_enemy_razes_your_location(overlay):
    game = table(overlay)
    give(game, 0, "rom012", "com008", where="empire")
    goods(game, 1, raze=2)
    game.s.cursor = 1  # the Barbarian's turn
    game.s.pending = []
    from empires.settlers.flow import run

    run(game.s)
    game._legal = None
    assert game.current_player == 1
    play(game, "raze-location com008")
    assert supply(game, 0)["wood"] == 3  # 1 for the Foundation, 2 from the Feature


def test_protection_keeps_enemies_from_razing_the_empire(overlay):
    game = table(overlay)
    (quarry,) = give(game, 1, "com008", where="empire")
    goods(game, 0, raze=2)
    assert raze_targets(game.s, 0) == [quarry]
    give(game, 1, "rom022", where="empire")  # the Feature in the enemy's Empire: empire scope
    # (a Roman card in a Barbarian Empire: the rule reads the Empire it is in)
    assert raze_targets(game.s, 0) == []
    assert raze_targets(game.s, 0, free=True) == []  # abilities that raze respect it too


def test_protection_of_one_location_against_a_take_over(overlay):
    game = table(overlay)
    give(game, 1, "bar004", where="empire")
    give(game, 0, "rom015", "com008", where="empire")
    s = game.s
    d = {"kind": "ability", "player": 1, "card": s.db.by_id["bar004"], "special": "take_over"}
    targets = [str(a) for a in abilities.SPECIALS["take_over"][0](s, {**d, "stage": 0})]
    assert targets == ["target com008"]  # self scope: only the Feature itself is protected


def test_special_effect_uses_an_action_ability_from_the_effects(overlay):
    game = table(overlay)
    give(game, 0, "bar025", where="empire")  # (a Barbarian card in the Roman Empire: a test)
    give(game, 1, "com008", where="empire")
    game.s.defended.append(game.s.db.by_id["com008"])  # raze_enemy ignores Defense tokens
    play(game, "activate bar025")
    assert game.decision["special"] == "raze_enemy"
    play(game, "target com008")
    assert game.s.db.by_id["com008"] in game.s.foundations[1]


def test_every_effect_and_special_has_an_engine_function():
    assert set(MORE_EFFECTS) | {
        "gain",
        "gain_per_color",
        "gain_per_samurai",
        "choose_one",
        "draw_keep",
        "production_copy",
    } == set(EFFECTS)
    assert set(abilities.SPECIALS) == set(SPECIALS)


# ---- the schema ---------------------------------------------------------------------------------


def test_built_in_cards_validate_against_the_shipped_schema():
    schema = json.loads(
        resources.files("empires.settlers").joinpath("data/cards.schema.json").read_text()
    )
    Draft202012Validator.check_schema(schema)
    errors = list(Draft202012Validator(schema).iter_errors(builtin_data()))
    assert errors == []


def _described(node) -> list[str]:
    """Every property without a description, anywhere in the schema (a card owner reads it)."""
    missing = []
    if isinstance(node, dict):
        for name, sub in node.get("properties", {}).items():
            if isinstance(sub, dict) and "description" not in sub and "$ref" not in sub:
                missing.append(name)
        for k, v in node.items():
            if k not in ("if", "then"):  # a trigger's constraints: described at the feature
                missing += _described(v)
    elif isinstance(node, list):
        for v in node:
            missing += _described(v)
    return missing


def test_schema_and_engine_name_the_same_vocabulary():
    schema = card_schema()
    defs = schema["$defs"]
    assert set(defs["effect"]["properties"]) == set(EFFECTS)
    assert defs["feature"]["properties"]["on"]["enum"] == list(TRIGGERS)
    assert defs["action"]["properties"]["special"]["enum"] == list(SPECIALS)
    assert set(defs["effect"]["properties"]["special"]["properties"]["name"]["enum"]) == (
        set(SPECIALS) - {"pay"}
    )
    assert defs["effect"]["properties"]["gain_per"]["properties"]["count"]["enum"] == list(COUNTS)
    # each trigger's own rule, and each effect, is described for the card owner
    assert {t["if"]["properties"]["on"]["const"] for t in defs["feature"]["allOf"]} == set(TRIGGERS)
    assert all("description" in e for e in defs["effect"]["properties"].values())
    assert _described(schema) == []


def test_schema_errors_name_the_card_and_the_field(tmp_path):
    bad = {"cards": [{"id": "rom001", "action": {"limit": 1, "efects": []}}]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    with pytest.raises(CardFileError, match=r"card 'rom001': action: .*'efects'") as info:
        load_cards(str(path))
    assert info.value.card == "rom001" and info.value.field == "action"


# ---- overlays and house cards -------------------------------------------------------------------


def test_overlay_fills_in_cards_as_house_cards(overlay):
    db = load_cards(overlay)
    rom001 = db[db.by_id["rom001"]]
    assert not rom001.unverified and rom001.source == "house"
    assert rom001.text == "House rule (not the printed text): " + TEXT
    assert rom001.cost == (0, 1, 0) and rom001.deal is not None  # known fields: built-in
    att01 = db[db.by_id["att01"]]
    assert att01.target == "food" and att01.source == "house"
    # the others are untouched: printed ones printed, unverified ones still unverified
    assert db[db.by_id["com008"]].source == "printed"
    assert db[db.by_id["rom002"]].source == "unverified"
    assert sum(c.source == "house" for c in db.cards) == len(OVERLAY["cards"]) + 1
    view = card_view(rom001)
    assert view["source"] == "house" and "House rule" in view["text"]
    assert card_view(db[db.by_id["com008"]])["source"] == "printed"
    assert card_view(db[db.by_id["rom002"]])["source"] == "unverified"


def test_startup_notes_count_house_and_unverified_cards(overlay):
    game = new_game(2, options=Options(factions=("romans", "barbarians"), cards=overlay))
    notes = startup_notes(game)
    house = sum(
        1
        for c in game.s.db.cards
        if c.source == "house" and c.deck in ("common", "romans", "barbarians")
    )
    assert house == len(OVERLAY["cards"])  # the Attack card is not in a 2-player game
    assert any(n.startswith(f"{house} of the cards in use are house cards") for n in notes)
    assert any("are unverified" in n for n in notes)


def test_overlay_refuses_changed_known_fields_unknown_ids_and_printed_abilities():
    with pytest.raises(CardFileError, match=r"card 'rom001': cost is .* not") as info:
        merge_overlay({"cards": [{"id": "rom001", "cost": {"wood": 5}}]})
    assert info.value.field == "cost"
    with pytest.raises(CardFileError, match="no card 'zzz999'"):
        merge_overlay({"cards": [{"id": "zzz999"}]})
    with pytest.raises(CardFileError, match="printed ability"):
        merge_overlay({"cards": [{"id": "com046", "action": {"limit": 1, "spend": {}}}]})
    with pytest.raises(CardFileError, match="a 'action' card's ability is its 'action' field"):
        merge_overlay({"cards": [{"id": "rom001", "feature": [{"on": "deal", "effects": []}]}]})
    with pytest.raises(CardFileError, match="listed twice"):
        merge_overlay({"cards": [{"id": "rom001"}, {"id": "rom001"}]})
    # repeating known fields (as the template does) is fine; an empty ability fills in nothing
    merged = merge_overlay({"cards": [{"id": "rom001", "cost": {"stone": 1}, "action": None}]})
    rom001 = next(c for c in merged["cards"] if c["id"] == "rom001")
    assert rom001["unverified"] is True


def test_overlay_games_play_through(overlay):
    from tests.settlers.settlers_helpers import check, random_game

    for n, factions in ((2, ("romans", "barbarians")), (1, ("romans",))):
        for seed in range(20):
            options = Options(factions=factions, cards=overlay)
            game = random_game(n, seed, options, each=check)
            assert game.is_terminal()
            check(game)


def test_a_complete_file_marks_what_differs_from_the_printed_data_as_house(tmp_path):
    from tests.settlers.settlers_helpers import complete_card_file

    db = load_cards(complete_card_file(tmp_path))
    assert db.complete
    filled = [c for c in db.cards if c.source == "house"]
    assert len(filled) == 90  # the stand-ins of the test file
    assert all(c.text.startswith("House rule") for c in filled)
    printed = db[db.by_id["com046"]]
    assert printed.source == "printed" and not printed.text.startswith("House rule")
