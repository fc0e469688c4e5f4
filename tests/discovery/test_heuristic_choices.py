"""The Discovery heuristic's rules for the decisions it used to play at random (issue #32,
heuristic/choices.py): on constructed positions, the bot's best choice is the sensible one."""

from __future__ import annotations

from empires.discovery.actions import Action
from empires.discovery.data import (
    CAPTAIN,
    CARDS,
    COLONIST,
    GOOD_IDS,
    MISSIONARY,
    NATION_IDS,
    SOLDIER,
    SPACE_GIVES,
)
from empires.discovery.game import new_game
from empires.discovery.heuristic import UNSCORED, HeuristicBot, _view
from empires.discovery.options import Options

SILVER, SUGAR, FUR = (GOOD_IDS.index(g) for g in ("silver", "sugar", "fur"))
SKIP, DONE = Action("skip"), Action("done")


def best(kind: str, game, decision: dict, legal: list):
    """The action the bot scores highest for decision ``kind`` of the seat to move."""
    bot = HeuristicBot(0)
    scores = getattr(bot, "_" + kind)(_view(game), {"kind": kind, **decision}, legal)
    assert len(scores) == len(legal)
    top = max(scores)
    chosen = [a for a, x in zip(legal, scores, strict=True) if x == top]
    assert len(chosen) == 1, (kind, chosen)
    return chosen[0]


def game_at(players: int = 2, turn: int = 2, **options):
    game = new_game(players, seed=5, options=Options(**options))
    game.s.turn = turn
    return game


def test_nothing_is_played_at_random_any_more():
    assert UNSCORED == ()


def test_buy_vp_keeps_the_next_turns_money_and_spends_all_at_the_end():
    game = game_at(turn=3, buy_vp=True)
    me = game.current_player
    game.s.money[me] = 15  # Age I: $1 a VP
    legal = [*(Action("index", k) for k in range(1, 16)), DONE]
    assert best("buy_vp", game, {}, legal) == Action("index", 3)  # $12 kept
    game.s.money[me] = 10
    assert best("buy_vp", game, {}, [*(Action("index", k) for k in range(1, 11)), DONE]) == DONE
    game = game_at(turn=8, buy_vp=True)
    game.s.step = "buy_vp"
    game.s.money[game.current_player] = 35  # Age III: $10 a VP, money is worth nothing after
    assert best("buy_vp", game, {}, [*(Action("index", k) for k in (1, 2, 3)), DONE]) == Action(
        "index", 3
    )


def test_nation_auction_picks_and_bids_for_the_best_board():
    game = game_at(players=3, turn=1, nations="auction")
    boards = [Action("nation", k) for k in range(len(NATION_IDS))]
    assert best("nation_pick", game, {}, boards) == Action("nation", NATION_IDS.index("spain"))
    cheap = [*(Action("bid", b) for b in range(1, 16)), SKIP]
    assert best("nation_bid", game, {"place": 1, "high": 0}, cheap) == Action("bid", 1)
    dear = [*(Action("bid", b) for b in range(11, 16)), SKIP]
    assert best("nation_bid", game, {"place": 1, "high": 10}, dear) == SKIP


def test_order_auction_bids_up_to_first_places_worth():
    """First place (the Caribbean's counter and Colonist, moving first) is worth more than the
    $10 everyone starts with: the bot raises by the least, to its last dollar if need be."""
    game = game_at(players=3, turn=1, edition="2007", variants=("order-auction",))
    bids = [*(Action("bid", b) for b in range(1, 11)), SKIP]
    assert best("order_bid", game, {"high": 0}, bids) == Action("bid", 1)
    assert best("order_bid", game, {"high": 9}, [Action("bid", 10), SKIP]) == Action("bid", 10)
    bot = HeuristicBot(0)
    worth = {n: bot._first_place_worth(_view(game_at(players=n, turn=1))) for n in (2, 4)}
    assert 10 * 0.35 < worth[2] < worth[4]  # more than $10 of money's worth; more rivals, more
    workers = [Action("worker", w) for w in (CAPTAIN, MISSIONARY, SOLDIER)]
    assert best("order_specialist", game, {}, workers) == Action("worker", MISSIONARY)


def test_smuggler_completes_a_set_and_gives_the_odd_good():
    game = game_at(players=3, builders=True)
    me = game.current_player
    other = (me + 1) % 3
    game.s.goods[me][SILVER], game.s.goods[me][SUGAR] = 2, 1
    game.s.goods[other][SILVER], game.s.goods[other][FUR] = 1, 1
    takes = [Action("good", SILVER), Action("good", FUR)]
    assert best("smuggler_take", game, {"other": other}, takes) == Action("good", SILVER)
    gives = [Action("good", SILVER), Action("good", SUGAR)]
    chosen = best("smuggler_give", game, {"other": other, "take": SILVER}, gives)
    assert chosen == Action("good", SUGAR)
    third = (me + 2) % 3  # holds nothing we want
    game.s.goods[third][FUR] = 1
    players = [Action("player", other), Action("player", third), SKIP]
    assert best("smuggler_player", game, {}, players) == Action("player", other)


def test_papal_edict_helps_the_last_player_and_we_place_first():
    game = game_at(players=3, builders=True)
    me = game.current_player
    ahead, behind = (me + 1) % 3, (me + 2) % 3
    game.s.colony_vp[ahead][0] = 12
    players = [Action("player", ahead), Action("player", behind)]
    assert best("papal_player", game, {}, players) == Action("player", behind)
    first = [Action("player", me), Action("player", ahead)]
    assert best("papal_first", game, {"other": ahead}, first) == Action("player", me)
    s = game.s
    s.discovered[0] = s.discovered[1] = True
    s.region_workers[0][me][COLONIST] = 1  # two Colonists more: 3, the majority
    s.region_workers[1][me][COLONIST] = 1
    s.region_workers[1][ahead][COLONIST] = 5  # theirs anyway
    regions = [Action("region", 0), Action("region", 1)]
    assert best("papal_region", game, {}, regions) == Action("region", 0)


def test_trading_house_sells_the_lone_good_not_a_set():
    game = game_at(builders=True)
    me = game.current_player
    game.s.goods[me][SILVER], game.s.goods[me][SUGAR] = 3, 1
    legal = [Action("good", SILVER), Action("good", SUGAR), DONE]
    assert best("trading_house", game, {}, legal) == Action("good", SUGAR)
    game.s.goods[me][SUGAR] = 0
    assert best("trading_house", game, {}, [Action("good", SILVER), DONE]) == DONE


def test_rewrite_history_takes_from_the_richer_counters():
    game = game_at(players=3, turn=7, builders=True)
    me = game.current_player
    poor, rich = (me + 1) % 3, (me + 2) % 3
    game.s.found[poor] = [0, 1]  # 4 VP counters
    game.s.found[rich] = [14, 15]  # 7 VP counters
    legal = [Action("player", poor), Action("player", rich)]
    assert best("rewrite_history", game, {"taken": []}, legal) == Action("player", rich)


def test_scout_card_keeps_a_good_card_on_top_and_buries_a_bad_one():
    game = game_at(variants=("scouting",))
    s = game.s
    me = game.current_player
    worths = sorted(range(len(CARDS)), key=lambda i: CARDS[i].vp - 0.5 * CARDS[i].resistance)
    legal = [Action("top"), Action("bottom")]
    for card, keep in ((worths[-1], "top"), (worths[0], "bottom")):
        s.deck = [i for i in range(len(CARDS)) if i != card] + [card]
        s.deck_peeks[me] = [card, -1]
        assert best("scout_card", game, {}, legal) == Action(keep)


def test_national_advantages_are_used_well():
    game = game_at(players=3, nations="random")
    s = game.s
    me = game.current_player
    assert best("advantage", game, {"nation": "france"}, [Action("advantage"), SKIP]).kind == (
        "advantage"
    )
    s.goods[me][SILVER] = 2
    goods = [Action("good", SUGAR), Action("good", SILVER)]
    assert best("advantage_good", game, {}, goods) == Action("good", SILVER)  # a set of 3
    other = (me + 1) % 3
    s.dock = [[other, COLONIST], [me, COLONIST], [other, SOLDIER]]
    order = [Action("index", 0), Action("index", 1), Action("index", 2), DONE]
    assert best("advantage_order", game, {"placed": 0}, order) == Action("index", 1)
    s.dock = [[me, COLONIST], [other, COLONIST]]
    assert best("advantage_order", game, {"placed": 0}, [Action("index", 1), DONE]) == DONE
    space = {w: b for b, w in SPACE_GIVES.items()}
    replace = [
        Action("place", COLONIST, space[MISSIONARY]),
        Action("place", CAPTAIN, space[MISSIONARY]),
    ]
    assert best("advantage_replace", game, {}, replace) == replace[0]  # the cheaper worker


def test_spain_discovers_the_best_known_counter():
    game = game_at(players=3, turn=1, nations="random")
    s = game.s
    me = game.current_player
    r_best, r_other = 2, 3
    s.counter[r_best], s.counter[r_other] = 14, 0  # 7 VP and 4 VP
    s.peeks[me][r_best], s.peeks[me][r_other] = 14, 0
    legal = [Action("region", r_other), Action("region", r_best)]
    assert best("advantage_region", game, {}, legal) == Action("region", r_best)


def test_specialist_trades_leave_contested_regions_alone():
    game = game_at(players=3, edition="2007")
    s = game.s
    me = game.current_player
    other = (me + 1) % 3
    for r in (0, 1):
        s.discovered[r] = True
        s.region_workers[r][me][SOLDIER] = 1
    s.region_workers[0][other][COLONIST] = 2  # a rival there: keep our Soldier
    legal = [Action("region", 0), Action("region", 1)]
    assert best("trade_specialist", game, {"worker": SOLDIER}, legal) == Action("region", 1)
    assert best("allies_trade_out", game, {}, [*legal, SKIP]) == Action("region", 1)
