"""The Imperial Settlers event log (issue #12): each kind of event tells what the rules did, with
numbers that match the state (the rulebook's worked examples set up the positions), every kind
appears in random games, and no seat reads a card another seat keeps hidden."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from empires.core.rng import Rng
from empires.settlers import VARIANTS, Options, new_game
from empires.settlers.cards import FACTIONS, GOODS
from empires.settlers.event_texts import TEXTS
from empires.settlers.flow import step_cleanup
from empires.settlers.production import produce
from empires.settlers.solo import attack
from tests.settlers.settlers_helpers import (
    cid,
    complete_card_file,
    give,
    goods,
    play,
    position,
    random_game,
    supply,
)


def new(game, since: int, kind: str | None = None, viewer=None) -> list[dict]:
    """The events recorded from position ``since`` on (of one kind), as ``viewer`` reads them."""
    return [e for e in game.events(viewer, since) if kind is None or e["kind"] == kind]


def mark(game) -> int:
    return len(game.event_log())


def wealth(game, p: int) -> dict[str, int]:
    s = game.s
    return {**dict(zip(GOODS, s.supply[p], strict=True)), "vp": s.vp[p], "card": len(s.hand[p])}


def change(before: dict, after: dict) -> dict:
    return {g: after[g] - before[g] for g in before if after[g] != before[g]}


def total(parts) -> dict:
    out: dict[str, int] = {}
    for g in parts:
        for k, n in g.items():
            out[k] = out.get(k, 0) + n
    return {k: n for k, n in out.items() if n}


@pytest.fixture(scope="module")
def cards_file(tmp_path_factory) -> str:
    return complete_card_file(tmp_path_factory.mktemp("cards"))


# ---- each kind against the state -------------------------------------------------------------


def test_production_event_adds_up_to_what_the_supply_gained():
    """p.6 (Tom, Japanese): board, two Deals, Lord's Fields and Armorer."""
    game = position(2, ("barbarians", "japanese"))
    give(game, 1, "jap001", "jap012", where="deals")
    give(game, 1, "com025", "com018", where="empire")
    since, before = mark(game), wealth(game, 1)
    produce(game.s, 1)
    (e,) = new(game, since, "production")
    assert e["player"] == 1 and e["goods"] == change(before, wealth(game, 1))
    assert e["goods"] == {"wood": 1, "food": 1, "gold": 1, "worker": 5, "raze": 2, "defense": 1}
    assert total(part["goods"] for part in e["sources"]) == e["goods"]
    named = [(part["source"], part["card"] and part["card"]["name"]) for part in e["sources"]]
    assert named == [
        ("faction", None),
        ("deal", "Farm"),
        ("deal", "Casino"),
        ("location", "Lord's Fields"),
        ("location", "Armorer"),
    ]
    assert e["sources"][0]["goods"] == {"wood": 1, "worker": 4, "raze": 1, "defense": 1}
    assert e["text"].startswith("Player 2 produces ") and "Lord's Fields" in e["text"]


def test_built_event_cost_is_what_left_the_supply():
    """p.8: the Sentry Tower for 2 Wood and the Mill; it produces 1 Raze token and 1 Worker."""
    game = position(2, ("barbarians", "japanese"))
    give(game, 0, "bar012")
    give(game, 0, "com006", where="empire")
    goods(game, 0, wood=2)
    since, before = mark(game), wealth(game, 0)
    play(game, "build bar012", "discard com006")
    (e,) = new(game, since, "built")
    assert e["card"]["name"] == "Sentry Tower" and e["source"] == "hand"
    assert e["spent"] == {"wood": 2}
    assert e["discarded"] == {"id": "com006", "name": "Mill", "foundation": False}
    assert e["gained"] == {"worker": 1, "raze": 1}
    # what left the supply and what came in: the card left the hand into the Empire
    assert change(before, wealth(game, 0)) == {
        **total([{g: -n for g, n in e["spent"].items()}, e["gained"]]),
        "card": -1,
    }
    assert "Sentry Tower" in e["text"] and "Mill" in e["text"]


def test_built_event_counts_gold_paid_for_a_missing_resource():
    game = position(2, ("barbarians", "japanese"))
    give(game, 0, "com006")  # the Mill, its whole cost paid in Gold
    cost = game.s.db[cid(game, "com006")].cost
    goods(game, 0, gold=sum(cost))
    since = mark(game)
    play(game, "build com006")
    (e,) = new(game, since, "built")
    assert e["spent"] == {"gold": sum(cost)} and e["gained"] == {}
    # the Mill's own Feature answers its build (a red Location): 1 Gold and 1 VP
    (f,) = new(game, since, "feature")
    assert f["card"]["name"] == "Mill" and f["on"] == "build"
    assert f["gained"] == {"gold": 1, "vp": 1} == {**supply(game, 0), "vp": game.s.vp[0]}


def test_deal_event():
    """p.9: a Deal with the Sentry Tower: 1 Food, and at once its Worker."""
    game = position(2, ("barbarians", "japanese"))
    give(game, 0, "bar012")
    goods(game, 0, food=1)
    since = mark(game)
    play(game, "deal bar012")
    (e,) = new(game, since, "deal")
    assert (e["spent"], e["gained"], e["good"]) == ({"food": 1}, {"worker": 1}, "worker")
    assert supply(game, 0) == e["gained"]


def test_razed_from_hand_event():
    """p.9: the Wood Storage razed from hand with 1 Raze token: 2 Wood."""
    game = position(2, ("barbarians", "japanese"))
    give(game, 0, "com003")
    goods(game, 0, raze=1)
    since = mark(game)
    play(game, "raze com003")
    (e,) = new(game, since, "razed")
    assert (e["where"], e["spent"], e["gained"], e["result"]) == (
        "hand",
        {"raze": 1},
        {"wood": 2},
        "discarded",
    )
    assert supply(game, 0) == e["gained"]


def test_razed_location_event():
    """p.9: Tom's Armorer razed with 2 Raze tokens: 1 Stone and 1 VP; a Foundation, 1 Wood."""
    game = position(2, ("barbarians", "japanese"))
    give(game, 1, "com018", where="empire")
    goods(game, 0, raze=2)
    since = mark(game)
    play(game, "raze-location com018")
    (e,) = new(game, since, "razed")
    assert e["owner"] == 1 and e["spent"] == {"raze": 2}
    assert e["gained"] == {"stone": 1, "vp": 1} and game.s.vp[0] == 1
    assert (e["result"], e["wood_to"]) == ("foundation", 1) and supply(game, 1) == {"wood": 1}
    assert e["text"] == (
        "Player 1 razes Player 2's Armorer (spending 2 Raze tokens) and takes "
        "1 stone and 1 VP; it becomes a Foundation and Player 2 takes 1 wood."
    )


def test_samurai_defense_and_raze_of_a_defended_location():
    """p.11: a Samurai (1 Worker) makes a Japanese Location cost 3 Raze tokens; it is discarded."""
    game = position(2, ("japanese", "barbarians"))
    give(game, 0, "jap001", where="empire")
    give(game, 0, "com018", where="empire")
    goods(game, 0, worker=3, defense=1)
    since = mark(game)
    play(game, "samurai jap001", "defend com018", "workers", "take wood")
    (sam,) = new(game, since, "samurai")
    (dfd,) = new(game, since, "defended")
    assert sam["card"]["name"] == "Farm" and sam["spent"] == {"worker": 1}
    assert dfd["card"]["name"] == "Armorer"
    (w,) = new(game, since, "workers")
    assert w["spent"] == {"worker": 2} and w["gained"] == {"wood": 1}
    goods(game, 1, raze=3)
    since = mark(game)
    play(game, "raze-location jap001")
    (e,) = new(game, since, "razed")
    assert e["spent"] == {"raze": 3} and e["result"] == "discarded" and e["wood_to"] is None


def test_workers_draws_are_named_only_to_the_drawer():
    """p.10: 8 Workers: 1 Wood, 2 Common cards and 1 Faction card."""
    game = position(2, ("barbarians", "japanese"))
    goods(game, 0, worker=8)
    since = mark(game)
    play(game, "workers", "take wood", "draw common", "draw common", "draw faction")
    assert [e["gained"] for e in new(game, since, "workers")] == [
        {"wood": 1},
        {"card": 1},
        {"card": 1},
        {"card": 1},
    ]
    mine = new(game, since, "drew", viewer=0)
    theirs = new(game, since, "drew", viewer=1)
    hand = [game.s.db[c].name for c in game.s.hand[0]]
    assert [c["name"] for e in mine for c in e["cards"]] == hand
    assert [e["decks"] for e in theirs] == [{"common": 1}, {"common": 1}, {"faction": 1}]
    for e in theirs:
        assert e["redacted"] and e["cards"] is None
        assert not any(name in json.dumps(e) for name in hand)


def test_activated_and_ability_events():
    """p.10: the Saboteurs (1 Worker: a Stone from Tom), the Mason's Guild (1 Worker, 2 Stone:
    3 VP)."""
    game = position(2, ("barbarians", "japanese"))
    give(game, 0, "bar010", "com037", where="empire")
    goods(game, 0, worker=3, stone=1)
    goods(game, 1, stone=1, food=2)
    since = mark(game)
    play(game, "activate bar010", "player 1", "take stone")
    (act,) = new(game, since, "activated")
    assert act["card"]["name"] == "Saboteurs" and act["spent"] == {"worker": 1}
    assert act["special"] == "steal_resource"
    (ab,) = new(game, since, "ability")
    assert ab["victim"] == 1 and ab["gained"] == {"stone": 1} and supply(game, 1) == {"food": 2}
    play(game, "pass")
    since, before = mark(game), wealth(game, 0)
    play(game, "activate com037")
    (act,) = new(game, since, "activated")
    assert act["spent"] == {"stone": 2, "worker": 1} and act["gained"] == {"vp": 3}
    assert change(before, wealth(game, 0)) == {"stone": -2, "worker": -1, "vp": 3}


def test_cleanup_event_tells_what_storage_keeps():
    """p.7: the Japanese keep their Food; the Barbarians keep Workers only."""
    game = position(2, ("barbarians", "japanese"))
    goods(game, 1, food=2, worker=1)
    goods(game, 0, worker=3, raze=1, wood=2)
    since = mark(game)
    step_cleanup(game.s)
    ev = {e["player"]: e for e in new(game, since, "cleanup")}
    assert (ev[1]["kept"], ev[1]["lost"]) == ({"food": 2}, {"worker": 1})
    assert (ev[0]["kept"], ev[0]["lost"]) == ({"worker": 3}, {"wood": 2, "raze": 1})
    assert ev[0]["storage"][0] == {"card": None, "goods": ["worker"]}
    assert supply(game, 0) == ev[0]["kept"] and supply(game, 1) == ev[1]["kept"]


def test_solo_attack_event():
    """p.14: Target Wood with Worker and Gold in the line: the Marketplace is razed."""
    game = new_game(1, seed=3, options=Options(factions=("romans",)))
    s = game.s
    by_target: dict[str, list[int]] = {}
    for c in s.attack_deck + s.attack_line:
        by_target.setdefault(s.db[c].target, []).append(c)
    wood, worker, gold = by_target["wood"][0], by_target["worker"][0], by_target["gold"][0]
    for c in (wood, worker, gold):
        for pile in (s.attack_deck, s.attack_line):
            if c in pile:
                pile.remove(c)
    s.attack_line = [worker, gold] + s.attack_line
    s.attack_deck.append(wood)
    give(game, 0, "com004", "com032", "com044", "com029", where="empire")
    since = mark(game)
    attack(s)
    (e,) = new(game, since, "attack")
    assert e["attack"]["target"] == "wood" and e["used"] == ["wood", "gold"]
    assert e["razed"]["name"] == game.s.db[cid(game, "com032")].name
    assert cid(game, "com032") in s.collection
    assert "razes" in e["text"] and e["razed"]["name"] in e["text"]


def test_lookout_picks_public_and_secret():
    game = new_game(3, seed=9)
    since = mark(game)
    while game.s.step == "draft":
        game.apply(game.legal_actions()[-1])
    picks = new(game, since, "pick", viewer=None)
    assert len(picks) == 6 and all(e["card"] and "redacted" not in e for e in picks)
    alt = new_game(2, seed=2, options=Options(variants=("alternate-lookout",)))
    first = alt.current_player
    since = mark(alt)
    while alt.s.step == "draft":
        alt.apply(alt.legal_actions()[0])
    for viewer in (0, 1):
        for e in new(alt, since, "pick", viewer=viewer):
            assert (e["card"] is None) == (e["player"] != viewer)
    passed = new(alt, 0, "passed", viewer=None)
    assert len(passed) == 2 and all(e["redacted"] and e["cards"] is None for e in passed)
    giver = next(e for e in new(alt, 0, "passed", viewer=first) if e["player"] == first)
    assert len(giver["cards"]) == 2 and "redacted" not in giver


def test_foundation_from_sanctuary_is_named_only_to_its_owner(cards_file):
    game = position(2, ("egyptians", "romans"), options=Options(cards=cards_file))
    give(game, 0, "egy014", where="empire")
    (card,) = give(game, 0, "com003")
    goods(game, 0, worker=1)
    since = mark(game)
    play(game, "activate egy014", "target com003")
    name = game.s.db[card].name
    (mine,) = new(game, since, "foundation", viewer=0)
    (theirs,) = new(game, since, "foundation", viewer=1)
    assert mine["card"]["name"] == name and mine["gained"] == {"stone": 1}
    assert theirs["card"] is None and theirs["redacted"]
    assert all(name not in json.dumps(e) for e in new(game, since, viewer=1))


def test_gate_card_is_named_only_to_its_owner(cards_file):
    game = position(2, ("japanese", "romans"), options=Options(cards=cards_file))
    give(game, 0, "jap013", where="empire")
    (card,) = give(game, 0, "com003")
    since = mark(game)
    play(game, "gate com003")
    (mine,) = new(game, since, "gate", viewer=0)
    (theirs,) = new(game, since, "gate", viewer=None)
    assert mine["card"]["id"] == "com003" and mine["under"] == 1 and mine["gained"] == {"vp": 1}
    assert theirs["card"] is None and "Wood Storage" not in json.dumps(new(game, since))


def test_shrine_event():
    game = position(2, ("japanese", "romans"))
    give(game, 0, "jap015", where="empire")
    goods(game, 0, wood=1, stone=1)
    since = mark(game)
    play(game, "shrine wood", "shrine stone")
    assert [(e["good"], e["on_it"]) for e in new(game, since, "shrine")] == [
        ("wood", 1),
        ("stone", 2),
    ]


def test_revealed_and_discarded_draft_cards_match_the_piles():
    game = new_game(3, seed=9)
    s = game.s
    (shown,) = new(game, 0, "revealed")
    assert [c["id"] for c in shown["cards"]] == [s.db[c].id for c in s.draft]
    discards = len(s.common_discard)
    since = mark(game)
    while s.step == "draft":
        game.apply(game.legal_actions()[-1])
    gone = new(game, since, "draft_discarded")
    assert [c["id"] for e in gone for c in e["cards"]] == [
        s.db[c].id for c in s.common_discard[discards:]
    ]
    (again,) = new(game, since, "revealed")  # the second half of the draft
    assert len(again["cards"]) == 4


def test_choice_copy_and_draw_keep(cards_file):
    """Pharaoh's Guard: 1 Raze token or 2 VP; Farmers At Work copies a Production Location;
    the Architect draws 2 Faction cards to keep 1 (the other is discarded face up)."""
    game = position(2, ("egyptians", "romans"))
    give(game, 0, "egy004", "com016", where="empire")
    since = mark(game)
    produce(game.s, 0)
    (prod,) = new(game, since, "production")
    assert {part["decision"] for part in prod["sources"] if "decision" in part} == {
        "choose_one",
        "copy_production",
    }
    assert game.decision["kind"] == "copy_production"  # the last pushed is decided first
    play(game, "target egy004")
    play(game, "option 1")  # the copied choice: 2 VP
    play(game, "option 0")  # the Guard's own: 1 Raze token
    (copied,) = new(game, since, "copied")
    assert copied["card"]["name"] == "Farmers At Work" and copied["target"]["id"] == "egy004"
    chose = new(game, since, "chose")
    assert [(e["option"], e["gained"]) for e in chose] == [(1, {"vp": 2}), (0, {"raze": 1})]
    assert game.s.vp[0] == 2 and supply(game, 0)["raze"] >= 1
    game = position(2, ("romans", "egyptians"))
    give(game, 0, "rom011", where="empire")
    since = mark(game)
    produce(game.s, 0)
    drawn = [c for c in game.s.looking[0]]
    play(game, f"discard {game.s.db[drawn[0]].id}")
    (kept,) = new(game, since, "kept", viewer=0)
    (hidden,) = new(game, since, "kept", viewer=1)
    assert [c["id"] for c in kept["cards"]] == [game.s.db[drawn[1]].id]
    assert hidden["cards"] is None and hidden["count"] == 1
    (thrown,) = new(game, since, "discarded", viewer=1)
    assert thrown["card"]["id"] == game.s.db[drawn[0]].id and thrown["reason"] == "not kept"


def test_exchange_event(cards_file):
    """Slave Trader (test stand-in): building an Egyptian Location, 1 Worker for 2 VP."""
    game = position(2, ("egyptians", "romans"), options=Options(cards=cards_file))
    trader = next(c.id for c in game.s.db.cards if c.name == "Slave Trader")
    give(game, 0, trader, "com003", where="empire")
    give(game, 0, "egy004")
    cost = game.s.db[cid(game, "egy004")].cost
    goods(game, 0, gold=sum(cost), worker=1)
    since = mark(game)
    play(game, "build egy004")
    play(game, "discard com003")  # a Faction Location's cost: a Location of the Empire
    assert game.decision["kind"] == "exchange"  # asked before the Guard's own choice
    play(game, "option 0")
    (e,) = new(game, since, "exchanged")
    assert (e["spent"], e["gained"]) == ({"worker": 1}, {"vp": 2})


def test_reshuffle_and_collection_events():
    game = position(2, ("romans", "egyptians"))
    s = game.s
    s.common_discard += s.common_deck
    s.common_deck = []
    goods(game, 0, worker=2)
    since = mark(game)
    play(game, "workers", "draw common")
    (e,) = new(game, since, "reshuffled")
    assert e["deck"] == "common" and e["cards"] == len(s.common_deck) + 1
    solo = new_game(1, seed=5)
    while solo.s.round == 1:
        solo.apply(solo.legal_actions()[0])
    taken = [e["card"] for e in new(solo, 0, "pick") if e["player"] == -1]
    (col,) = new(solo, 0, "collected")
    assert col["cards"] == taken and len(taken) == 2 and col["collection"] == 2
    razed = [e["razed"]["id"] for e in new(solo, 0, "attack") if e["razed"]]
    assert [solo.s.db[c].id for c in solo.s.collection] == [c["id"] for c in taken] + razed


def test_final_scoring_and_game_over_match_scores_and_ranking():
    for n, seed in ((1, 5), (2, 3), (3, 11), (4, 7)):
        game = random_game(n, seed)
        (fs,) = new(game, 0, "final_scoring")
        (go,) = new(game, 0, "game_over")
        assert fs["scores"] == game.scores()
        assert go["ranking"] == game.ranking()
        if n == 1:
            row = game.scores()[0]
            assert go["won"] == bool(row["won"]) and go["collection"] == row["collection"]
            assert ("Player 1 wins" in go["text"]) == go["won"]
        else:
            assert len(go["decided_by"]) == len(go["ranking"]) - 1
        rounds = new(game, 0, "round_end")
        assert [e["round"] for e in rounds] == [1, 2, 3, 4, 5]
        assert rounds[-1]["vp"] == game.s.vp


def test_tie_breaks_are_told():
    """Equal VP: more Workers and Resources left wins; then more cards in hand; else shared."""
    for wood, by, words in (
        (3, "resources", "more Workers and Resources left"),
        (2, "cards", "more cards in hand"),
    ):
        game = position(2, ("romans", "barbarians"))
        game.s.round = 5
        goods(game, 0, wood=2, worker=1)
        goods(game, 1, wood=wood, worker=1)
        give(game, 0, "com003")
        give(game, 1, "com004", "com005")
        play(game, "pass", "pass")
        assert game.is_terminal()
        (e,) = new(game, 0, "game_over")
        assert e["ranking"] == game.ranking() == [[1], [0]]
        assert e["decided_by"][0]["by"] == by and words in e["text"]
    game = position(2, ("romans", "barbarians"))
    game.s.round = 5
    play(game, "pass", "pass")
    (e,) = new(game, 0, "game_over")
    assert e["ranking"] == [[0, 1]] and e["decided_by"] == []
    assert "share the win" in e["text"]


# ---- every kind in random games ------------------------------------------------------------

CONFIGS = [
    (1, ()),
    (2, ()),
    (2, ("alternate-lookout",)),
    (3, ("advanced-lookout",)),
    (3, ("alternate-lookout", "peaceful")),
    (4, ("peaceful",)),
    (4, ("advanced-lookout",)),
]
EVERYWHERE = {
    "action",
    "drew",
    "pick",
    "production",
    "built",
    "round_end",
    "final_scoring",
    "game_over",
}


def test_every_kind_appears_in_random_games(cards_file):
    seen: set[str] = set()
    for seed in range(12):
        for n, variants in CONFIGS:
            factions = tuple(FACTIONS[(seed + i) % 4] for i in range(n))
            options = Options(
                factions=factions,
                variants=variants,
                cards=cards_file,
                reshuffle_faction_discards=seed % 2 == 0,
            )
            game = random_game(n, seed, options)
            kinds = {e["kind"] for e in game.event_log()}
            assert EVERYWHERE <= kinds, (n, variants, seed, EVERYWHERE - kinds)
            if n == 1:
                assert {"attack", "collected"} <= kinds
            if "alternate-lookout" in variants:
                assert "passed" in kinds
            seen |= kinds
    assert seen == set(TEXTS) | {"action"}


# ---- redaction -------------------------------------------------------------------------------


def hidden_from(s, viewer: int | None) -> set[int]:
    """The cards ``viewer`` (None: a spectator) cannot see, as observation() hides them."""
    n = s.num_players
    out = set(s.common_deck) | set(s.attack_deck) | {m for _, _, m in s.trade_deals}
    for q in range(n):
        out |= set(s.faction_deck[q])
        passed_to_me = s.draft_stage == "alt2" and viewer == (q - 1) % n
        if q != viewer:
            out |= set(s.hand[q]) - set(s.known[q])
            out |= set(s.looking[q]) | set(s.foundations[q])
            if not passed_to_me:
                out |= set(s.alt[q])
    for entry in s.gate:
        if viewer is None or entry[0] not in s.empire[viewer]:
            out |= set(entry[1:])
    # a decision's context is public: the card being built while its player discards a Location
    return out - {d["card"] for d in s.pending if isinstance(d.get("card"), int)}


def check_redaction(game, since: int, hidden_before: dict, each_viewer) -> None:
    s = game.s
    db = s.db
    markers = {db[m].id for _, _, m in s.trade_deals}
    for viewer in each_viewer:
        hidden = hidden_before[viewer] & hidden_from(s, viewer)
        if not hidden:
            continue
        ids = {db[c].id for c in hidden}
        shown = {db[c].name for c in range(len(db.cards)) if c not in hidden}
        names = {db[c].name for c in hidden} - shown
        for e in game.events(viewer, since):
            if e["kind"] == "action":
                # the raw action reaches only its actor, who was offered it by legal_actions()
                # (which name a Trade Route marker by its card id); nobody else reads it
                assert e.get("action") is None or e["player"] == viewer, (viewer, e)
                words = set((e.get("action") or "").split()) - markers
                assert not words & ids, (viewer, e)
                rest = {k: v for k, v in e.items() if k != "action"}
            else:
                rest = e
            dumped = json.dumps(rest)
            assert not any(f'"{i}"' in dumped for i in ids), (viewer, e)
            assert not names & set(card_names(rest)), (viewer, e)
            text = e["text"]
            for name in sorted(shown, key=len, reverse=True):  # "Lumberjacks' Route" shown
                text = text.replace(name, "")
            for name in names:
                assert not re.search(rf"\b{re.escape(name)}\b", text), (viewer, name, e)


def card_names(value) -> list[str]:
    """Every card name in an event's fields (cards are ``{"id", "name", ...}``)."""
    if isinstance(value, dict):
        own = [value["name"]] if "id" in value and "name" in value else []
        return own + [n for v in value.values() for n in card_names(v)]
    if isinstance(value, list):
        return [n for v in value for n in card_names(v)]
    return []


def check_views(game, since: int) -> None:
    s = game.s
    for e in game.events(None, since):
        assert "secret" not in e
        if e.get("redacted"):
            assert all(e.get(k) is None for k in ("card", "cards", "action")), e
    for p in range(s.num_players):
        raw = game.event_log()[since:]
        for stored, e in zip(raw, game.events(p, since), strict=True):
            mine = "secret" in stored and p in stored["secret"]["to"]
            # withholding only an action's raw string is no redaction: its text says it all
            withheld = "secret" in stored and set(stored["secret"]) != {"to", "action"}
            assert ("redacted" in e) == (withheld and not mine)
    for e in game.events(None, since) + game.events(0, since):
        text = e["text"]
        assert isinstance(text, str) and text[:1].isupper(), e
        if e["kind"] != "action":
            assert text.endswith("."), e


@st.composite
def configs(draw):
    n = draw(st.integers(min_value=1, max_value=4))
    factions = draw(st.permutations(FACTIONS))[:n]
    variants = set(draw(st.sets(st.sampled_from(VARIANTS))))
    if n == 1:
        variants -= {"alternate-lookout", "advanced-lookout"}
    elif {"alternate-lookout", "advanced-lookout"} <= variants:
        variants.discard(draw(st.sampled_from(["alternate-lookout", "advanced-lookout"])))
    return n, Options(
        factions=tuple(factions),
        variants=tuple(variants),
        reshuffle_faction_discards=draw(st.booleans()),
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs(), st.integers(min_value=0, max_value=2**32), st.integers(0, 2**16), st.booleans())
def test_no_seat_reads_another_seats_hidden_cards(cards_file, config, seed, k, complete):
    """With the card data, and with the complete test card file (Sanctuary, Gate and the other
    abilities that hide a card then play)."""
    n, options = config
    if complete:
        options = Options(
            factions=options.factions,
            variants=options.variants,
            reshuffle_faction_discards=options.reshuffle_faction_discards,
            cards=cards_file,
        )
    check_game(n, seed, options, k)


@pytest.mark.parametrize(
    ("n", "seed", "variants", "kinds"),
    [
        (4, 6, ("alternate-lookout",), {"gate", "kept", "passed", "trade_route"}),
        (2, 10, (), {"foundation"}),
    ],
)
def test_secret_kinds_stay_secret_in_whole_games(cards_file, n, seed, variants, kinds):
    """Games (complete test card file) in which cards go face down under a Gate, into a
    Foundation, into a hand from a draw-and-keep and a Trade Route is made: checked after every
    action as in the property above."""
    factions = tuple(FACTIONS[(seed + i) % 4] for i in range(n))
    options = Options(factions=factions, variants=variants, cards=cards_file)
    game = check_game(n, seed, options, seed)
    assert kinds <= {e["kind"] for e in game.event_log()} | {e.get("special") for e in game.event_log()}


def check_game(n: int, seed: int, options: Options, k: int):
    """Play the random game of ``seed`` checking, after every action, that the new events hide
    what each viewer cannot see, and now and then that a determinized copy keeps the log."""
    viewers = [None, *range(n)]
    state = {"since": 0, "hidden": None}
    rng = Rng(k)

    def each(game):
        s = game.s
        if state["hidden"] is not None:
            check_redaction(game, state["since"], state["hidden"], viewers)
            check_views(game, state["since"])
        if rng.randrange(8) == 0:
            for p in range(n):
                other = game.determinize(p, Rng(k))
                # the whole stored log, and what the seat reads of it since the last action
                # (told once per event: reading it whole after every action is quadratic)
                assert other.event_log() == game.event_log()
                assert other.events(p, state["since"]) == game.events(p, state["since"])
        state["since"] = len(game.event_log())
        state["hidden"] = {v: hidden_from(s, v) for v in viewers}

    game = new_game(n, seed=seed, options=options)  # the set-up: every card was hidden before
    everything = set(range(len(game.s.db.cards)))
    check_redaction(game, 0, {v: everything for v in viewers}, viewers)
    check_views(game, 0)
    each(game)
    return random_game(
        n, seed, options, each=each
    )  # the same game again, checked after every action


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs(), st.integers(min_value=0, max_value=2**32))
def test_narration_changes_no_rule(config, seed):
    """The same seed and choices give the same game with the event log on or off."""
    n, options = config
    games = []
    for narrate in (True, False):
        game = new_game(n, seed=seed, options=options)
        game.narrate = narrate
        rng = Rng(seed)
        while not game.is_terminal():
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        state = game.to_json()["state"]
        games.append((game.history, {k: v for k, v in state.items() if k != "events"}))
    assert games[0] == games[1]
