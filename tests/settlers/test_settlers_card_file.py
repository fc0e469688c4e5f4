"""The card data: the built-in file (built from the sources, unverified cards marked) and loading
a complete card file with ``Options(cards=...)`` / ``--cards``; then the card clarifications
whose cards no public source prints completely, exercised with the test file's stand-in
abilities (the engine's mechanics for them; not the printed texts)."""

from __future__ import annotations

import json

import pytest

from empires.cli import main
from empires.settlers import Options, new_game, startup_notes
from empires.settlers.cards import CardFileError, default_cards, load_cards
from empires.settlers.flow import step_cleanup
from empires.settlers.production import produce
from empires.settlers.scoring import scores
from tests.settlers.settlers_helpers import (
    DATA,
    cid,
    complete_card_file,
    give,
    goods,
    play,
    position,
    supply,
)


@pytest.fixture(scope="module")
def card_file(tmp_path_factory) -> str:
    return complete_card_file(tmp_path_factory.mktemp("cards"))


def full(n=2, factions=None, card_file=None):
    return position(n, factions, options=Options(cards=card_file))


def legal(game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


# ---- the data ------------------------------------------------------------------------------------


def test_built_in_data_has_every_card():
    db = default_cards()
    decks = [c.deck for c in db.cards]
    assert decks.count("common") == 84 and decks.count("attack") == 16
    for f in ("romans", "barbarians", "egyptians", "japanese"):
        assert decks.count(f) == 30
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    unverified = [c for c in raw["cards"] + raw["attack_cards"] if c.get("unverified")]
    assert len(unverified) == sum(c.unverified for c in db.cards) == 90
    # an unverified card keeps its known fields and is played without its ability
    altar = db[db.by_id["bar004"]]
    assert altar.unverified and altar.action is None and altar.cost == (2, 0, 0)
    assert altar.cost_location and altar.deal == "gold" and altar.vp == 2
    # only Faction Action / Feature cards and the Attack cards are unverified
    assert all(
        c.deck == "attack" or (c.is_faction and c.type != "production")
        for c in db.cards
        if c.unverified
    )


def test_build_script_reproduces_the_committed_file(tmp_path):
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_cards", DATA.parent / "build_cards.py")
    build_cards = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_cards)
    sources = build_cards.DEFAULT_SOURCES
    if not sources.exists():
        pytest.skip("the sources are not beside the repository")
    out = tmp_path / "cards.json"
    build_cards.main([str(sources), "-o", str(out)])
    assert json.loads(out.read_text()) == json.loads(DATA.read_text())


def test_startup_notes_count_the_unverified_cards_in_use(card_file):
    game = new_game(2, options=Options(factions=("romans", "barbarians")))
    notes = startup_notes(game)
    db = game.s.db
    count = sum(1 for c in db.cards if c.unverified and c.deck in ("romans", "barbarians"))
    assert notes[0].startswith(f"{count} of the cards in use are unverified")
    solo = new_game(1, options=Options(factions=("japanese",)))
    assert "Attack cards" in " ".join(startup_notes(solo))
    complete = new_game(2, options=Options(cards=card_file))
    assert "complete" in startup_notes(complete)[0]


def test_cli_prints_the_unverified_count_and_loads_cards(card_file, capsys, monkeypatch):
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    assert (
        main(
            [
                "play",
                "settlers",
                "--players",
                "2",
                "--factions",
                "romans,barbarians",
                "--seats",
                "human,random",
                "--seed",
                "1",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "of the cards in use are unverified" in " ".join(out.split())
    assert (
        main(
            [
                "play",
                "settlers",
                "--players",
                "1",
                "--factions",
                "japanese",
                "--cards",
                card_file,
                "--seed",
                "1",
            ]
        )
        == 0
    )
    assert "every card in use is complete" in " ".join(capsys.readouterr().out.split())


def test_a_bad_card_file_is_refused(tmp_path):
    data = json.loads(DATA.read_text())
    data["cards"][0]["action"] = {"special": "fly"}
    data["cards"][0].pop("unverified", None)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CardFileError, match="card 'bar001': action.special: 'fly' is not one of"):
        load_cards(str(path))
    # a file that does not list every card is an overlay: repeating the built-in data changes
    # nothing
    data = json.loads(DATA.read_text())
    data["cards"] = data["cards"][:-1]
    path.write_text(json.dumps(data))
    same = load_cards(str(path))
    assert [c.source for c in same.cards] == [c.source for c in default_cards().cards]
    assert same.cards[5].action == default_cards().cards[5].action
    with pytest.raises(CardFileError):
        load_cards(str(tmp_path / "missing.json"))


def test_complete_file_games_play_through(card_file):
    from tests.settlers.settlers_helpers import check, random_game

    for n in (1, 2, 3, 4):
        for seed in range(15):
            game = random_game(
                n, seed, Options(cards=card_file), each=check if seed % 5 == 0 else None
            )
            assert game.is_terminal()
            check(game)


# ---- clarifications of cards the test file completes ---------------------------------------------


def test_garrison_and_engineers_discard_without_razing(card_file):
    for card, faction in (("jap008", "japanese"), ("rom008", "romans")):
        game = full(2, (faction, "barbarians"), card_file)
        give(game, 0, card, "com005", where="empire")  # + Gallows: it is not a raze
        (armorer,) = give(game, 1, "com018", where="empire")
        goods(game, 0, raze=2)
        play(game, f"activate {card}", "target com018")
        s = game.s
        assert armorer in s.common_discard and s.foundations[1] == [] and supply(game, 1) == {}
        assert s.vp[0] == (1 if card == "rom008" else 0)  # Engineers' stand-in: 1 VP


def test_gate_cards_stay_score_at_the_end_and_it_cannot_be_razed(card_file):
    game = full(2, ("japanese", "romans"), card_file)
    (gate,) = give(game, 0, "jap013", where="empire")
    cards = give(game, 0, "com001", "com002", "com003")
    for c in ("com001", "com002", "com003"):
        play(game, f"gate {c}")
    s = game.s
    assert s.gate == [[gate, *cards]] and s.vp[0] == 3 and s.hand[0] == []
    step_cleanup(s)
    assert s.gate == [[gate, *cards]]
    assert scores(s)[0]["gate"] == 2
    goods(game, 1, raze=5)
    s.cursor = 1
    play(game, "pass")
    assert "raze-location jap013" not in legal(game)
    view = game.observation(1)
    assert "com001" not in json.dumps(view)  # face down


def test_negotiator_builds_a_deal_without_a_location(card_file):
    game = full(2, ("japanese", "romans"), card_file)
    give(game, 0, "jap019", where="empire")
    give(game, 0, "jap009", where="deals")  # Daimyo's Castle: 2 Stone + a Location
    goods(game, 0, worker=1, stone=2)
    play(game, "activate jap019")
    assert legal(game) == ["build jap009"]
    play(game, "build jap009")
    s = game.s
    assert cid(game, "jap009") in s.empire[0] and s.deals[0] == []


def test_trade_route_deals_remain_when_it_is_lost(card_file):
    game = full(2, ("japanese", "romans"), card_file)
    (route,) = give(game, 0, "jap021", where="empire")
    (builder,) = give(game, 1, "rom020", where="empire")  # Deal: Stone
    goods(game, 0, food=1)
    play(game, "activate jap021", "target rom020")
    s = game.s
    assert len(s.trade_deals) == 1 and s.trade_deals[0][:2] == [0, builder]
    assert supply(game, 0) == {"stone": 1}
    # the Negotiator cannot build a Trade Route Deal; Imperial Messenger and Hanseatic League
    # may use it
    from empires.settlers.rules import discard_location, own_deals

    discard_location(s, route)
    assert own_deals(s, 0) == [s.trade_deals[0][2]]
    goods(game, 0, stone=0)
    produce(s, 0)
    assert supply(game, 0)["stone"] == 1


def test_imperial_messenger_and_hanseatic_league_with_trade_route_deals(card_file):
    game = full(2, ("japanese", "romans"), card_file)
    give(game, 0, "jap021", "com057", "com061", where="empire")
    give(game, 1, "rom020", where="empire")
    goods(game, 0, food=1, worker=2)
    play(game, "activate jap021", "target rom020", "pass")
    marker = game.s.trade_deals[0][2]
    play(game, "activate com057")
    assert legal(game) == [f"target {game.s.db[marker].id}"]
    play(game, legal(game)[0])
    assert supply(game, 0)["stone"] == 2
    play(game, "activate com061")
    play(game, f"discard {game.s.db[marker].id}")
    assert game.s.trade_deals == [] and marker in game.s.faction_discard[0]


def test_robbers_may_cancel_a_trade_route_deal_spies_may_not_take_it(card_file):
    game = full(3, ("barbarians", "japanese", "romans"), card_file)
    give(game, 1, "jap021", where="empire")
    give(game, 0, "bar030", where="empire")  # Robbers
    give(game, 2, "rom010", where="empire")  # Spies
    give(game, 0, "bar001", where="empire")
    s = game.s
    s.cursor = 1
    s.pending[-1]["player"] = 1
    game._legal = None
    goods(game, 1, food=1)
    play(game, "activate jap021", "target bar001")
    marker = s.trade_deals[0][2]
    give(game, 1, "jap001", where="deals")
    # Spies (seat 2): only the Deal under the board
    goods(game, 2, worker=1)
    play(game, "activate rom010")
    assert legal(game) == ["target jap001"]
    play(game, "target jap001")
    assert s.deals[2] == [cid(game, "jap001")] and supply(game, 2) == {}  # not making a Deal
    assert s.vp[2] == 1  # the stand-in's extra Good
    # Robbers (seat 0): the Trade Route Deal too
    goods(game, 0, worker=2)
    play(game, "activate bar030")
    assert f"target {s.db[marker].id}" in legal(game)
    play(game, f"target {s.db[marker].id}")
    assert s.trade_deals == []


def test_ninjas_discard_an_enemy_deal_and_gain_its_good(card_file):
    game = full(2, ("japanese", "romans"), card_file)
    give(game, 0, "jap026", where="empire")
    give(game, 1, "rom020", where="deals")
    goods(game, 0, raze=1)
    play(game, "activate jap026", "target rom020")
    assert game.s.deals[1] == [] and supply(game, 0) == {"stone": 1}


def test_sanctuary_card_from_hand_as_a_foundation_with_stone(card_file):
    game = full(2, ("egyptians", "romans"), card_file)
    give(game, 0, "egy014", where="empire")
    (card,) = give(game, 0, "com030")
    goods(game, 0, worker=1)
    play(game, "activate egy014", "target com030")
    s = game.s
    assert s.foundations[0] == [card] and supply(game, 0) == {"stone": 1}
    assert game.describe_for("target com030", 1)  # (secret)


def test_sphinx_is_active_in_the_production_phase(card_file):
    game = full(2, ("egyptians", "romans"), card_file)
    give(game, 0, "egy019", "com027", "com028", where="empire")  # Merchant's Guild, Gold Creek
    produce(game.s, 0)
    # board: 1 Gold; Merchant's Guild: 3 Gold (3 gold Locations) -> +1; Gold Creek: 1 Gold
    assert supply(game, 0)["gold"] == 1 + 3 + 1 + 1


def test_dark_chapel_needs_more_raze_tokens_against_defense_and_samurai(card_file):
    game = full(2, ("barbarians", "japanese"), card_file)
    give(game, 0, "bar014", where="empire")
    (farm,) = give(game, 1, "jap001", where="empire")
    game.s.samurai.append(farm)
    goods(game, 0, raze=2)
    assert "activate bar014" not in legal(game)  # 2 + the Samurai needed
    game = full(2, ("barbarians", "japanese"), card_file)
    give(game, 0, "bar014", where="empire")
    (farm,) = give(game, 1, "jap001", where="empire")
    game.s.samurai.append(farm)
    give(game, 0, "com003")
    goods(game, 0, raze=3)
    play(game, "activate bar014")
    assert set(legal(game)) == {"raze-location jap001", "raze com003"}
    play(game, "raze com003")  # 2 Wood, then discard any of them for 2 VP each
    play(game, "take wood", "done")
    assert supply(game, 0) == {"wood": 1, "raze": 2} and game.s.vp[0] == 2


def test_pack_takes_one_raze_good_without_razing(card_file):
    game = full(2, ("barbarians", "romans"), card_file)
    give(game, 0, "bar016", where="empire")
    (armorer,) = give(game, 1, "com018", where="empire")
    goods(game, 0, worker=2)
    play(game, "activate bar016 twice", "target com018", "take stone", "target com018", "take vp")
    assert supply(game, 0) == {"stone": 1} and game.s.vp[0] == 1
    assert game.s.empire[1] == [armorer]


def test_rabble_razes_your_own_common_location(card_file):
    game = full(2, ("barbarians", "romans"), card_file)
    give(game, 0, "bar018", "com005", where="empire")  # + Gallows
    (armorer,) = give(game, 0, "com018", where="empire")
    goods(game, 0, worker=2)
    play(game, "activate bar018")
    assert "target com018" in legal(game) and "target bar018" not in legal(game)
    play(game, "target com018")
    s = game.s
    assert s.foundations[0] == [armorer] and supply(game, 0) == {"stone": 1, "wood": 1}
    assert s.vp[0] == 1 + 1  # its Raze field and the Gallows


def test_mission_each_card_from_either_deck(card_file):
    game = full(2, ("barbarians", "romans"), card_file)
    give(game, 0, "bar028", where="empire")
    goods(game, 0, worker=1)
    play(game, "activate bar028", "draw common", "draw faction")
    s = game.s
    kinds = sorted(s.db[c].deck for c in s.looking[0])
    assert kinds == ["barbarians", "common"]
    play(game, f"discard {s.db[s.looking[0][0]].id}")
    assert len(s.hand[0]) == 1 and s.looking[0] == []


def test_desert_makes_an_enemy_discard(card_file):
    game = full(2, ("egyptians", "romans"), card_file)
    give(game, 0, "egy001", where="empire")
    give(game, 0, "com001")
    give(game, 1, "com002", "com003")
    play(game, "activate egy001", "discard com001", "player 1")
    assert game.current_player == 1 and game.decision["kind"] == "forced_discard"
    play(game, "discard com003")
    assert game.s.hand[1] == [cid(game, "com002")]


def test_scorpion_breeder_blocks_an_action_location(card_file):
    game = full(2, ("egyptians", "romans"), card_file)
    give(game, 0, "egy010", where="empire")
    give(game, 1, "com042", where="empire")
    goods(game, 0, worker=1)
    goods(game, 1, worker=1)
    play(game, "activate egy010", "target com042")
    assert "activate com042" not in legal(game)


def test_slave_trader_optional_exchange_on_egyptian_builds(card_file):
    game = full(2, ("egyptians", "romans"), card_file)
    give(game, 0, "egy006", where="empire")
    give(game, 0, "egy028")  # Pyramid: 2 Stone, no Location
    goods(game, 0, stone=2, worker=1)
    play(game, "build egy028")
    assert set(legal(game)) == {"option 0", "option 1", "skip"}  # Gold pays the Food
    play(game, "option 0")
    assert game.s.vp[0] == 2


def test_negotiator_cannot_choose_a_trade_route_deal(card_file):
    game = full(2, ("japanese", "romans"), card_file)
    give(game, 0, "jap021", "jap019", where="empire")
    give(game, 1, "rom020", where="empire")
    give(game, 0, "jap004", where="deals")  # Rice Fields: 1 Food, no Location
    goods(game, 0, food=2, worker=1)
    play(game, "activate jap021", "target rom020", "pass")
    play(game, "activate jap019")
    assert legal(game) == ["build jap004"]  # not the Trade Route marker
