"""Rulebook "Phase 1: Place Workers" and the box capacities of the spec (ruling 1)."""

import pytest

from empires.core.errors import IllegalActionError
from empires.discovery import flow
from empires.discovery.actions import Action
from empires.discovery.data import BOXES, WORKERS
from empires.discovery.setup import dock_spaces
from tests.discovery.helpers import BOX, W, fresh, play, put

BASE_BOXES = (
    "initiative",
    "dock",
    "trade_goods",
    "shipping",
    "buildings",
    "discovery",
    "missionary",
    "merchant",
    "soldier",
    "captain",
    "training",
    "warfare",
)


def start(n: int, order: list[int] | None = None, avail: list[int] | None = None):
    """A fresh game in Phase 1 whose first decision follows ``order`` (fresh() only rewrites the
    order, so the pending decision is rebuilt here). ``avail``: colonists per seat."""
    game = fresh(n, order=order)
    s = game.s
    if avail is not None:
        for p, c in enumerate(avail):
            s.supply[p][W["colonist"]] += s.avail[p][W["colonist"]] - c
            s.avail[p][W["colonist"]] = c
    s.pending = []
    s.place_idx = 0
    game._legal = None
    flow.run(s)
    return game


def boxes_open(game) -> set[str]:
    return {BOXES[a.b] for a in game.legal_actions() if a.kind == "place"}


def place(game, box: str, worker: str = "colonist") -> int:
    """The current player places a worker in ``box``; returns who placed."""
    p = game.current_player
    game.apply(f"place {worker} {box}")
    return p


def test_one_worker_at_a_time_in_player_order():
    game = start(4, order=[2, 0, 3, 1])
    seen = [place(game, "discovery") for _ in range(12)]
    assert seen == [2, 0, 3, 1] * 3
    s = game.s
    assert [s.avail[p][W["colonist"]] for p in range(4)] == [2, 2, 2, 2]
    assert [s.discovery_box[p][W["colonist"]] for p in range(4)] == [3, 3, 3, 3]


def test_placing_takes_the_worker_from_available_workers():
    game = start(3)
    p = game.current_player
    supply = game.s.supply[p][:]
    place(game, "shipping")
    assert game.s.avail[p][W["colonist"]] == 4
    assert game.s.supply[p] == supply
    assert game.s.shipping == [[p, W["colonist"]]]


def test_a_player_with_workers_must_place_no_pass():
    game = start(3)
    legal = game.legal_actions()
    assert legal and all(a.kind == "place" for a in legal)
    for bad in ("skip", "done"):
        with pytest.raises(IllegalActionError):
            game.apply(bad)


def test_any_worker_type_may_go_in_any_box():
    game = start(2)
    p = game.current_player
    for w in ("captain", "merchant", "missionary", "soldier"):
        game.s.supply[p][W[w]] -= 1
        game.s.avail[p][W[w]] += 1
    game._legal = None
    legal = set(game.legal_actions())
    for w in ("colonist", "captain", "merchant", "missionary", "soldier"):
        for box in BASE_BOXES:
            assert Action("place", W[w], BOX[box]) in legal, (w, box)


def test_only_available_worker_types_are_offered():
    game = start(2)
    workers = {WORKERS[a.a] for a in game.legal_actions()}
    assert workers == {"colonist"}


def test_phase_ends_when_nobody_has_workers_left():
    game = start(2, avail=[1, 1])
    place(game, "discovery")
    assert game.s.step == "place"
    place(game, "discovery")
    # Phase 2 begins: Discovery is the first box with anything to resolve.
    assert game.s.step == "discovery"
    assert game.decision["kind"] == "expedition_target"


def test_players_without_workers_left_are_skipped():
    game = start(3, order=[1, 2, 0], avail=[3, 1, 2])
    seen = [place(game, "discovery") for _ in range(6)]
    assert seen == [1, 2, 0, 2, 0, 0]
    assert game.s.step != "place"


def test_initiative_one_worker_per_player():
    game = start(3, order=[0, 1, 2])
    place(game, "initiative")  # player 0
    assert "initiative" in boxes_open(game)  # player 1 may
    place(game, "initiative")  # player 1
    place(game, "initiative")  # player 2
    # Player 0 again: already on Initiative (and the box is full).
    assert game.current_player == 0
    assert "initiative" not in boxes_open(game)


def test_initiative_refused_to_a_player_already_there_even_with_space_left():
    game = start(4, order=[0, 1, 2, 3])
    place(game, "initiative")  # 0
    for _ in range(3):
        place(game, "discovery")  # 1, 2, 3
    assert game.current_player == 0
    assert len(game.s.initiative) == 1
    assert "initiative" not in boxes_open(game)
    with pytest.raises(IllegalActionError):
        game.apply("place colonist initiative")
    place(game, "discovery")
    assert game.current_player == 1
    assert "initiative" in boxes_open(game)


def test_initiative_worker_takes_lowest_free_space():
    game = start(3, order=[2, 1, 0])
    place(game, "discovery")  # 2
    place(game, "initiative")  # 1 -> space 1
    place(game, "initiative")  # 0 -> space 2
    place(game, "initiative")  # 2 -> space 3
    assert [p for p, _ in game.s.initiative] == [1, 0, 2]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_colonist_dock_holds_2n_minus_1_workers(n):
    game = start(n, avail=[5] * n)
    for i in range(dock_spaces(n)):
        assert "dock" in boxes_open(game), f"dock closed after {i} workers"
        place(game, "dock")
    if game.s.step == "place":
        assert "dock" not in boxes_open(game)
    assert len(game.s.dock) == 2 * n - 1


@pytest.mark.parametrize("box, capacity", [("trade_goods", 4), ("buildings", 5), ("warfare", 4)])
def test_box_capacity(box, capacity):
    game = start(3)
    for _ in range(capacity):
        assert box in boxes_open(game)
        place(game, box)
    assert box not in boxes_open(game)
    with pytest.raises(IllegalActionError):
        game.apply(f"place colonist {box}")
    queue = {"trade_goods": game.s.tg_box, "buildings": game.s.cb_box, "warfare": game.s.warfare}[
        box
    ]
    assert len(queue) == capacity
    # Workers queue on the lowest free space, in placement order.
    assert [p for p, _ in queue] == [i % 3 for i in range(capacity)]


@pytest.mark.parametrize("space", ["missionary", "merchant", "soldier", "captain", "training"])
def test_each_specialist_space_takes_one_worker(space):
    game = start(3)
    assert space in boxes_open(game)
    p = place(game, space)
    assert game.s.specialists[BOX[space]] == [p, W["colonist"]]
    assert space not in boxes_open(game)
    others = {"missionary", "merchant", "soldier", "captain", "training"} - {space}
    assert others <= boxes_open(game)


def test_specialist_player_picks_any_free_space():
    game = start(2)
    place(game, "training")
    place(game, "captain")
    assert set(game.s.specialists) == {BOX["training"], BOX["captain"]}


def test_no_builder_space_in_the_base_game():
    game = start(4)
    for _ in range(20):
        assert "builder" not in boxes_open(game)
        place(game, "shipping")


@pytest.mark.parametrize("box", ["discovery", "shipping"])
def test_discovery_and_shipping_are_unlimited(box):
    game = start(6)
    for _ in range(30):
        assert box in boxes_open(game)
        place(game, box)
    if box == "shipping":
        # Nothing else to decide: the turn resolved, the first player took the ship.
        assert game.s.turn == 2
        assert game.s.ships == [1, 0, 0, 0, 0, 0]
    else:
        assert game.s.step == "discovery"
        assert [game.s.discovery_box[p][W["colonist"]] for p in range(6)] == [5] * 6


def test_full_boxes_closed_for_everyone():
    game = start(2, avail=[5, 5])
    play(game, *["place colonist warfare"] * 4)
    assert "warfare" not in boxes_open(game)
    place(game, "discovery")
    assert "warfare" not in boxes_open(game)


def test_base_game_boxes_open_at_the_start():
    game = start(4)
    assert boxes_open(game) == set(BASE_BOXES)


def test_phase_2_resolves_the_boxes_top_to_bottom():
    # One worker in every box; the decisions come box by box, Initiative first, Warfare last.
    game = start(2, avail=[6, 6])
    put(game, "caribbean", 0, soldier=1)
    put(game, "caribbean", 1, colonist=1)
    boxes = [
        "warfare",
        "training",
        "discovery",
        "buildings",
        "shipping",
        "trade_goods",
        "dock",
        "initiative",
    ]
    for box in boxes:
        place(game, box)
    place(game, "discovery")
    place(game, "discovery")
    play(game, *["place colonist shipping"] * 2)
    kinds = []
    while game.s.turn == 1:
        kinds.append(game.decision["kind"])
        play(game, "skip")
    assert kinds == [
        "dock",
        "trade_good",
        "buy_building",
        "expedition_target",
        "expedition_target",
        "training",
        "warfare",
    ]
