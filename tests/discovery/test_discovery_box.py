"""Rulebook "Event Box: Discovery" with ruling 7 (and ruling 19 for the revealed counter)."""

import pytest

from empires.core.errors import IllegalActionError
from empires.discovery.actions import Action
from empires.discovery.data import CARDS, COUNTERS, NUM_REGIONS, REGION_IDS
from tests.discovery.helpers import R, W, box_worker, fresh, play, put, resolve_from, workers
from tests.discovery.invariants import check

C = {c.id: i for i, c in enumerate(COUNTERS)}
CARD = {c.id: i for i, c in enumerate(CARDS)}


def set_counter(game, region: str, counter_id: str) -> None:
    """Put a known counter face down on a region (swapping it with wherever it was)."""
    s = game.s
    r, c = R[region], C[counter_id]
    old = s.counter[r]
    if c in s.unused_counters:
        s.unused_counters.remove(c)
        s.unused_counters.append(old)
    else:
        s.counter[s.counter.index(c)] = old
    s.counter[r] = c


def disc_game(n=3, order=None, **per_player):
    """``per_player``: p0=dict(colonist=2), ... workers put in the Discovery box."""
    game = fresh(n, order=order)
    for key, row in per_player.items():
        p = int(key[1:])
        for w, k in row.items():
            for _ in range(k):
                box_worker(game, "discovery", p, w)
    return game


def send(game, region: str, *members: str) -> None:
    game.apply(f"region {region}" if region != "deck" else "deck")
    for w in members:
        game.apply(f"worker {w}")
    game.apply("done")


def discover_all_but(game, *keep: str) -> None:
    """Mark every region discovered except ``keep`` (their counters go unused)."""
    s = game.s
    for r in range(NUM_REGIONS):
        if s.counter[r] >= 0 and REGION_IDS[r] not in keep:
            s.unused_counters.append(s.counter[r])
            s.counter[r] = -1
            s.discovered[r] = True


# c06: $2, $4/Soldier, Resistance 3, 5 VP.
@pytest.mark.parametrize(
    "members, success",
    [
        (("colonist", "colonist"), False),
        (("colonist", "colonist", "colonist"), True),
        (("captain",), False),
        (("captain", "colonist"), True),
        (("soldier", "soldier"), False),
        (("missionary", "merchant", "soldier"), True),
        (("captain", "captain"), True),
    ],
)
def test_expedition_value_captain_two_others_one(members, success):
    counts: dict[str, int] = {}
    for w in members:
        counts[w] = counts.get(w, 0) + 1
    game = disc_game(2, p0=counts)
    set_counter(game, "peru", "c06")
    resolve_from(game, "discovery")
    send(game, "peru", *members)
    assert game.s.discovered[R["peru"]] is success
    assert (C["c06"] in game.s.found[0]) is success


def test_successful_expedition():
    game = disc_game(2, p0={"captain": 1, "soldier": 2, "colonist": 1})
    set_counter(game, "brazil", "c06")  # $2, $4/Soldier, Resistance 3, 5 VP
    resolve_from(game, "discovery")
    assert game.decision["kind"] == "expedition_target"
    money = game.s.money[0]
    supply = game.s.supply[0][:]
    send(game, "brazil", "captain", "soldier", "soldier")
    s = game.s
    # Plunder $2 plus $4 for each of the two Soldiers.
    assert s.money[0] == money + 2 + 2 * 4
    assert s.discovered[R["brazil"]]
    assert s.counter[R["brazil"]] == -1
    assert s.found[0] == [C["c06"]]
    # Only the free Colonist lands; the expedition goes back to supply.
    assert workers(game, "brazil", 0) == {"colonist": 1}
    assert s.supply[0][W["captain"]] == supply[W["captain"]] + 1
    assert s.supply[0][W["soldier"]] == supply[W["soldier"]] + 2
    # The worker not sent stays in the box.
    assert s.discovery_box[0] == [1, 0, 0, 0, 0, 0]
    check(game)


def test_discovered_region_is_open_to_the_dock():
    game = disc_game(2, p0={"captain": 2})
    box_worker(game, "dock", 1)
    set_counter(game, "peru", "c01")
    resolve_from(game, "discovery")
    send(game, "peru", "captain")
    # Next turn's dock.
    box_worker(game, "dock", 1)
    resolve_from(game, "dock")
    assert Action("region", R["peru"]) in game.legal_actions()


def test_soldier_bonus_needs_success():
    game = disc_game(2, p1={"soldier": 2})
    set_counter(game, "peru", "c13")  # Resistance 4
    resolve_from(game, "discovery")
    money = game.s.money[1]
    send(game, "peru", "soldier", "soldier")
    assert game.s.money[1] == money
    assert game.s.found[1] == []


def test_failed_expedition_counter_back_face_down_but_public():
    game = disc_game(2, p0={"colonist": 3})
    box_worker(game, "training", 1)  # a later decision: the turn stops there
    set_counter(game, "peru", "c15")  # Resistance 5
    resolve_from(game, "discovery")
    money = game.s.money[0]
    supply = game.s.supply[0][W["colonist"]]
    send(game, "peru", "colonist", "colonist")
    s = game.s
    assert s.money[0] == money
    assert not s.discovered[R["peru"]]
    assert s.counter[R["peru"]] == C["c15"]
    assert s.revealed[R["peru"]]
    assert workers(game, "peru", 0) == {}
    # Sent workers go back to supply, not to the box; the one not sent stays.
    assert s.discovery_box[0][W["colonist"]] == 1
    assert s.supply[0][W["colonist"]] == supply + 2
    assert game.decision["kind"] == "training"
    for viewer in (0, 1, None):
        obs = game.observation(viewer)
        entry = next(e for e in obs["regions"] if e["id"] == "peru")
        assert entry["counter"]["resistance"] == 5
        assert entry["counter"]["plunder"] == 4
        other = next(e for e in obs["regions"] if e["id"] == "brazil")
        assert other["counter"] == "face-down"
    check(game)


def test_failed_then_successful_expedition_clears_revealed():
    game = disc_game(2, p0={"colonist": 1, "captain": 2})
    set_counter(game, "peru", "c12")  # Resistance 4
    resolve_from(game, "discovery")
    send(game, "peru", "colonist")
    assert game.s.revealed[R["peru"]]
    resolve_from(game, "discovery")
    send(game, "peru", "captain", "captain")
    assert game.s.discovered[R["peru"]]
    assert not game.s.revealed[R["peru"]]
    assert game.s.found[0] == [C["c12"]]


def test_workers_not_sent_stay_in_the_box_for_later_turns():
    game = disc_game(2, p0={"colonist": 2, "captain": 1})
    resolve_from(game, "discovery")
    play(game, "skip")
    assert game.s.turn == 2
    assert game.s.discovery_box[0] == [2, 1, 0, 0, 0, 0]
    resolve_from(game, "discovery")
    assert game.decision.items() >= {"kind": "expedition_target", "player": 0}.items()


def test_one_expedition_per_player_per_turn_in_player_order():
    game = disc_game(3, order=[2, 0, 1], p0={"colonist": 2}, p1={"colonist": 2}, p2={"colonist": 2})
    for r, c in (("peru", "c01"), ("brazil", "c02"), ("florida", "c10")):
        set_counter(game, r, c)
    resolve_from(game, "discovery")
    asked = []
    for region in ("peru", "brazil", "florida"):
        asked.append(game.decision["player"])
        assert game.decision["kind"] == "expedition_target"
        send(game, region, "colonist")
    assert asked == [2, 0, 1]
    # Everyone still has a worker in the box, but nobody gets a second expedition this turn.
    assert all(game.s.discovery_box[p][W["colonist"]] == 1 for p in range(3))
    assert game.s.step != "discovery"


def test_skipping_passes_to_the_next_player():
    game = disc_game(2, order=[1, 0], p0={"colonist": 1}, p1={"colonist": 1})
    resolve_from(game, "discovery")
    assert game.decision["player"] == 1
    play(game, "skip")
    assert game.decision.items() >= {"kind": "expedition_target", "player": 0}.items()


def test_players_with_an_empty_box_are_not_asked():
    game = disc_game(3, p1={"captain": 1})
    resolve_from(game, "discovery")
    assert game.decision["player"] == 1
    play(game, "skip")
    assert game.s.step != "discovery"


def test_only_undiscovered_regions_may_be_targeted():
    game = disc_game(2, p0={"captain": 2})
    put(game, "peru", 1, colonist=1)
    resolve_from(game, "discovery")
    targets = {REGION_IDS[a.a] for a in game.legal_actions() if a.kind == "region"}
    assert targets == set(REGION_IDS) - {"caribbean", "peru"}
    for bad in ("region caribbean", "region peru", "deck"):
        with pytest.raises(IllegalActionError):
            game.apply(bad)


def test_the_expedition_must_send_someone_and_only_workers_in_the_box():
    game = disc_game(2, p0={"captain": 1, "colonist": 1})
    resolve_from(game, "discovery")
    play(game, "region peru")
    assert game.decision["kind"] == "expedition_members"
    assert Action("done") not in game.legal_actions()
    with pytest.raises(IllegalActionError):
        game.apply("worker soldier")
    play(game, "worker captain")
    with pytest.raises(IllegalActionError):
        game.apply("worker captain")
    assert Action("done") in game.legal_actions()


def test_free_colonist_only_if_the_supply_has_one():
    game = disc_game(2, p0={"captain": 2})
    set_counter(game, "peru", "c01")
    resolve_from(game, "discovery")
    game.s.avail[0][W["colonist"]] += game.s.supply[0][W["colonist"]]
    game.s.supply[0][W["colonist"]] = 0
    send(game, "peru", "captain")
    assert game.s.discovered[R["peru"]]
    assert workers(game, "peru", 0) == {}


def test_deck_only_once_every_region_is_discovered():
    game = disc_game(2, p0={"captain": 2})
    discover_all_but(game, "brazil")
    resolve_from(game, "discovery")
    assert game.legal_actions() == [Action("region", R["brazil"]), Action("skip")]
    with pytest.raises(IllegalActionError):
        game.apply("deck")
    set_counter(game, "brazil", "c01")
    send(game, "brazil", "captain")
    resolve_from(game, "discovery")
    assert game.legal_actions() == [Action("deck"), Action("skip")]


def test_successful_card_pays_plunder_and_soldiers_but_no_colonist():
    game = disc_game(2, p1={"captain": 1, "soldier": 2})
    discover_all_but(game)
    game.s.deck.remove(CARD["ethiopia"])
    game.s.deck.append(CARD["ethiopia"])  # on top: $3, $2/Soldier, Resistance 4, 5 VP
    resolve_from(game, "discovery")
    money = game.s.money[1]
    before = [row[1][:] for row in game.s.region_workers]
    send(game, "deck", "captain", "soldier", "soldier")
    s = game.s
    assert s.cards_won[1] == [CARD["ethiopia"]]
    assert CARD["ethiopia"] not in s.deck
    assert s.money[1] == money + 3 + 2 * 2
    assert [row[1] for row in s.region_workers] == before
    check(game)


def test_failed_card_is_shuffled_back():
    game = disc_game(2, p0={"colonist": 1})
    discover_all_but(game)
    game.s.deck.remove(CARD["china"])
    game.s.deck.append(CARD["china"])  # Resistance 6
    deck = sorted(game.s.deck)
    resolve_from(game, "discovery")
    money = game.s.money[0]
    send(game, "deck", "colonist")
    assert game.s.cards_won[0] == []
    assert sorted(game.s.deck) == deck
    assert game.s.money[0] == money


def test_empty_deck_ends_expeditions():
    game = disc_game(2, p0={"captain": 3})
    discover_all_but(game)
    game.s.cards_won[1] = list(game.s.deck)
    game.s.deck = []
    resolve_from(game, "discovery")
    assert game.s.step != "discovery"
    assert game.s.discovery_box[0][W["captain"]] == 3
