from tests.discovery.helpers import R, W, box_worker, fresh, play, put, resolve_from, workers


def test_dock_sends_worker_to_caribbean_and_awards_good_on_third():
    game = fresh(2)
    put(game, "caribbean", 0, colonist=2)
    box_worker(game, "dock", 0, "merchant")
    resolve_from(game, "dock")
    assert game.decision["kind"] == "dock"
    money = game.s.money[0]
    play(game, "region caribbean")
    assert workers(game, "caribbean", 0) == {"colonist": 2, "merchant": 1}
    assert game.s.money[0] == money + 5
    assert game.s.goods[0][1] == 1  # Sugar from the Caribbean
    assert game.s.region_good[R["caribbean"]] == -1
    assert W["merchant"] == 2
