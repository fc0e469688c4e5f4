"""The worked examples of the rulebook, one test each (English rulebook pages; the Spanish seed
tells the same examples)."""

from __future__ import annotations

from empires.settlers import Options, new_game
from empires.settlers.flow import run, step_cleanup
from empires.settlers.production import produce
from empires.settlers.solo import attack
from tests.settlers.settlers_helpers import cid, give, goods, play, position, supply


def test_production_example():
    """p.6: Tom (Japanese): board 4 Workers, 1 Wood, 1 Raze, 1 Defense; Deals for a Worker and
    a Gold; Lord's Fields (1 Food per red Location: itself) and Armorer (1 Raze token)."""
    game = position(2, ("barbarians", "japanese"))
    give(game, 1, "jap001", "jap012", where="deals")  # Farm (Deal: Worker), Casino (Deal: Gold)
    give(game, 1, "com025", "com018", where="empire")  # Lord's Fields, Armorer
    produce(game.s, 1)
    assert supply(game, 1) == {
        "worker": 5,
        "wood": 1,
        "raze": 2,
        "defense": 1,
        "gold": 1,
        "food": 1,
    }


def test_cleanup_example():
    """p.7: Tom activated the Stalls (1 Food) and the Casino (1 Worker) and passed with 2 Food and
    1 Worker left: the Japanese store any number of Food, so he keeps the 2 Food; the Worker and the
    Goods on the cards are discarded."""
    game = position(2, ("barbarians", "japanese"))
    stalls, casino = give(game, 1, "jap016", "jap012", where="empire")
    s = game.s
    s.activations[stalls] = s.activations[casino] = 1
    goods(game, 1, food=2, worker=1)
    goods(game, 0, worker=3, raze=1, wood=2)  # Barbarians store Workers only
    step_cleanup(s)
    assert supply(game, 1) == {"food": 2}
    assert supply(game, 0) == {"worker": 3}
    assert s.activations[stalls] == s.activations[casino] == 0
    assert s.first == 1


def test_build_example():
    """p.8: Mark (Barbarians) builds the Sentry Tower, discarding 2 Wood and the Mill from his
    Empire; a Production Location gives its Goods at once: 1 Raze token and 1 Worker."""
    game = position(2, ("barbarians", "japanese"))
    (tower,) = give(game, 0, "bar012")
    (mill,) = give(game, 0, "com006", where="empire")
    goods(game, 0, wood=2)
    play(game, "build bar012")
    assert game.decision["kind"] == "build_discard"
    assert [str(a) for a in game.legal_actions()] == ["discard com006"]
    play(game, "discard com006")
    s = game.s
    assert s.empire[0] == [tower] and mill in s.common_discard
    assert supply(game, 0) == {"raze": 1, "worker": 1}


def test_deal_example():
    """p.9: Mark makes a Deal with the Sentry Tower: 1 Food, the card under his board, and at once
    the Worker of its Deal field."""
    game = position(2, ("barbarians", "japanese"))
    (tower,) = give(game, 0, "bar012")
    goods(game, 0, food=1)
    play(game, "deal bar012")
    assert game.s.deals[0] == [tower] and supply(game, 0) == {"worker": 1}
    # next Production phase: the Deal gives its Worker again (with the board's 5)
    produce(game.s, 0)
    assert supply(game, 0)["worker"] == 1 + 5 + 1


def test_raze_from_hand_example():
    """p.9: Mark razes the Wood Storage from his hand with 1 Raze token and takes 2 Wood."""
    game = position(2, ("barbarians", "japanese"))
    (storage,) = give(game, 0, "com003")
    goods(game, 0, raze=1)
    play(game, "raze com003")
    assert supply(game, 0) == {"wood": 2} and storage in game.s.common_discard


def test_raze_location_example():
    """p.9: Mark razes Tom's Armorer with 2 Raze tokens: 1 Stone and 1 VP; Tom turns it into a
    Foundation and takes 1 Wood."""
    game = position(2, ("barbarians", "japanese"))
    (armorer,) = give(game, 1, "com018", where="empire")
    goods(game, 0, raze=2)
    play(game, "raze-location com018")
    s = game.s
    assert supply(game, 0) == {"stone": 1} and s.vp[0] == 1
    assert s.empire[1] == [] and s.foundations[1] == [armorer]
    assert supply(game, 1) == {"wood": 1}


def test_spending_workers_example():
    """p.10: Mark discards 8 Workers: 1 Wood, 2 Common cards and 1 Faction card."""
    game = position(2, ("barbarians", "japanese"))
    goods(game, 0, worker=8)
    s = game.s
    common, faction = len(s.common_deck), len(s.faction_deck[0])
    play(game, "workers", "take wood", "draw common", "draw common", "draw faction")
    assert supply(game, 0) == {"wood": 1}
    assert len(s.hand[0]) == 3
    assert len(s.common_deck) == common - 2 and len(s.faction_deck[0]) == faction - 1
    assert game.current_player == 1  # one action in all


def test_action_location_example():
    """p.10: Mark uses the Saboteurs (1 Worker: 1 Stone from Tom), then the Mason's Guild (1 Worker
    and 2 Stone: 3 VP), then the Castle (1 Worker: a card, from his Faction deck)."""
    game = position(2, ("barbarians", "japanese"))
    give(game, 0, "bar010", "com037", "com046", where="empire")
    goods(game, 0, worker=3, stone=1)
    goods(game, 1, stone=1, food=2)
    play(game, "activate bar010", "player 1", "take stone")
    assert supply(game, 1) == {"food": 2} and supply(game, 0) == {"worker": 2, "stone": 2}
    play(game, "pass")  # Tom passes; Mark goes on
    play(game, "activate com037")
    assert game.s.vp[0] == 3 and supply(game, 0) == {"worker": 1}
    faction = len(game.s.faction_deck[0])
    play(game, "activate com046", "draw faction")
    assert len(game.s.faction_deck[0]) == faction - 1 and len(game.s.hand[0]) == 1
    assert supply(game, 0) == {}


def test_samurai_example():
    """p.11: a Samurai makes the enemy need 3 Raze tokens; when the Location is razed the Samurai
    goes back to the supply and the (Japanese) Location is discarded."""
    game = position(2, ("japanese", "barbarians"))
    (farm,) = give(game, 0, "jap001", where="empire")
    goods(game, 0, worker=3)
    play(game, "samurai jap001")  # does not use up the turn
    assert game.current_player == 0 and farm in game.s.samurai
    play(game, "workers", "take wood")  # (a passed player could not be targeted)
    goods(game, 1, raze=2)
    assert "raze-location jap001" not in [str(a) for a in game.legal_actions()]
    goods(game, 1, raze=3)
    play(game, "raze-location jap001")
    s = game.s
    assert farm in s.faction_discard[0] and not s.samurai and s.foundations[0] == []
    assert s.vp[1] == 1 and supply(game, 0) == {"wood": 1}  # no Wood for a discarded one


def test_advanced_lookout_example_three_players():
    """p.12: the first player chooses from 5 cards, the second from 4, the third from 4 (a card
    added); the first from 3, the second from 3 (a card added), the third from the last 2; the last
    card is discarded."""
    game = new_game(3, seed=4, options=Options(variants=("advanced-lookout",)))
    s = game.s
    # skip to the common draft: the faction cards are drawn at once
    sizes = []
    seats = []
    while s.draft_stage == "advanced":
        sizes.append(len(game.legal_actions()))
        seats.append(game.current_player)
        game.apply(game.legal_actions()[0])
    first = (s.first - 0) % 3
    assert seats == [first, (first + 1) % 3, (first + 2) % 3] * 2
    assert sizes == [5, 4, 4, 3, 3, 2]


def test_standard_lookout_draft():
    """p.6: N+1 cards picked clockwise from the First player, then N+1 counter-clockwise from the
    last player; each player gets 1 Faction card and 2 Common cards."""
    game = new_game(3, seed=9)
    s = game.s
    before = [len(h) for h in s.hand]
    seats, sizes = [], []
    while s.step == "draft":
        seats.append(game.current_player)
        sizes.append(len(game.legal_actions()))
        game.apply(game.legal_actions()[-1])
    f = s.first
    assert seats == [f, (f + 1) % 3, (f + 2) % 3, (f + 2) % 3, (f + 1) % 3, f]
    assert sizes == [4, 3, 2, 4, 3, 2]
    assert [len(h) for h in s.hand] == [b + 2 for b in before]  # faction card drawn before
    assert len(s.common_discard) == 2


def test_alternate_lookout():
    """Alternate Lookout: 3 cards each, keep 1, pass 2 clockwise, keep 1, discard 1."""
    game = new_game(2, seed=2, options=Options(variants=("alternate-lookout",)))
    s = game.s
    hands = [list(h) for h in s.hand]
    first = game.current_player
    mine = list(s.alt[first])
    other = list(s.alt[1 - first])
    assert len(mine) == len(other) == 3
    view = game.observation(1 - first)
    assert {c["id"] for c in view["your_choices"]} == {s.db[c].id for c in other}
    game.apply(f"pick {s.db[mine[0]].id}")
    game.apply(f"pick {s.db[other[0]].id}")
    # the 2 left are passed clockwise
    assert sorted(s.alt[1 - first]) == sorted(mine[1:])
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    assert s.step != "draft"
    assert [len(h) - len(b) for h, b in zip(s.hand, hands, strict=True)] == [2, 2]
    assert len(s.common_discard) == 2


def test_solo_attack_example():
    """p.14: Romans, round 2. The new Target is Wood, the previous ones Worker and Gold. Wood
    matches the Carpenter's Workshop, the Marketplace, the Joiner and the Wood Supplier; none has a
    Worker; Gold matches the Carpenter's Workshop (Feature) and the Marketplace (Action): the
    Marketplace is razed into the Collection, and the two Attack cards used go to the end."""
    game = new_game(1, seed=3, options=Options(factions=("romans",)))
    s = game.s
    db = s.db
    by_target = {}
    for c in s.attack_deck + s.attack_line:
        by_target.setdefault(db[c].target, []).append(c)
    wood, worker, gold = by_target["wood"][0], by_target["worker"][0], by_target["gold"][0]
    for c in (wood, worker, gold):
        for pile in (s.attack_deck, s.attack_line):
            if c in pile:
                pile.remove(c)
    s.attack_line = [worker, gold] + s.attack_line
    s.attack_deck.append(wood)
    cards = give(game, 0, "com004", "com032", "com044", "com029", where="empire")
    market = cid(game, "com032")
    attack(s)
    assert market in s.collection and market not in s.empire[0]
    assert [c for c in s.empire[0]] == [c for c in cards if c != market]
    assert s.attack_line[0] == worker and s.attack_line[-2:] == [wood, gold]


def test_solo_game_plays_through_and_scores():
    game = new_game(1, seed=5, options=Options(factions=("japanese",)))
    from empires.core.rng import Rng

    rng = Rng(5)
    while not game.is_terminal():
        game.apply(rng.choice(game.legal_actions()))
    row = game.scores()[0]
    assert row["won"] == int(row["faction_locations_built"] > row["collection"])
    assert row["collection"] <= 4 * 5  # 2 virtual Locations and 2 razed ones a round at most
    obs = game.observation(0)
    assert "result" in obs


def test_flow_skips_cleanup_in_round_five():
    game = position(2, ("romans", "barbarians"))
    s = game.s
    s.round = 5
    goods(game, 0, wood=3, worker=2)
    play(game, "pass", "pass")
    run(s)
    assert game.is_terminal()
    assert supply(game, 0) == {"wood": 3, "worker": 2}  # Goods count for the tie-break
