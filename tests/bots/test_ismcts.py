"""The ISMCTS bot: legal, deterministic, blind to hidden information, and better than random."""

from __future__ import annotations

import math

import pytest

from empires.bots import make_bot
from empires.bots.ismcts import (
    CLOCKS,
    ISMCTSBot,
    _Search,
    adapter_or_none,
    from_spec,
    reward_vector,
    soft_reward,
    softmax,
    solo_reward,
)
from empires.bots.random_bot import RandomBot
from empires.core.adapter import get_adapter
from empires.core.rng import Rng
from empires.discovery.game import DiscoveryGame, new_game
from empires.discovery.heuristic import HeuristicBot
from empires.discovery.heuristic.estimate import discovery_estimate

# Small budgets keep the whole file within a few seconds of CPU: a full-length rollout of a
# 2-player game costs ~3-5 ms, a rollout capped at 20 actions well under 1 ms.
TINY = {"iterations": 4, "rollout_depth": 8}


def position(num_players: int, seed: int, steps: int) -> DiscoveryGame:
    """A random game after ``steps`` decisions, moved on to a decision with a real choice."""
    game = new_game(num_players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        game.apply(rng.choice(game.legal_actions()))
    while len(game.legal_actions()) < 2:
        game.apply(rng.choice(game.legal_actions()))
    assert not game.is_terminal()
    return game


def play(num_players: int, seed: int, bots: list, check_unchanged: bool = False) -> DiscoveryGame:
    game = new_game(num_players, seed=seed)
    while not game.is_terminal():
        before = game.to_json() if check_unchanged else None
        action = bots[game.current_player].choose(game)
        if check_unchanged:
            assert game.to_json() == before, "choose() changed the state"
        assert action in game.legal_actions(), f"{action} is not legal in {game!r}"
        game.apply(action)
    return game


# ---- construction and specs ----------------------------------------------------------------
def test_registry_and_specs():
    bot = make_bot("ismcts", "discovery", 3)
    assert isinstance(bot, ISMCTSBot) and bot.name == "ismcts"
    assert (bot.iterations, bot.seconds, bot.rollout, bot.prior, bot.soft, bot.plies, bot.gap) == (
        40,
        None,
        "heuristic",
        1.0,
        10.0,
        1,
        1.0,
    )
    assert make_bot("ismcts:500", "discovery", 1).iterations == 500
    b = make_bot("ismcts:1s", "discovery", 1)
    assert b.seconds == 1.0 and b.iterations is None
    assert make_bot("ismcts:0.5s", "discovery", 1).seconds == 0.5
    b = make_bot("ISMCTS:1s:heuristic", "discovery", 1)
    assert (b.seconds, b.rollout) == (1.0, "heuristic")
    b = from_spec("ismcts:300:c=0.5:depth=40:margin=0:heuristic", 9)
    assert (b.iterations, b.exploration, b.rollout_depth, b.margin_weight, b.rollout) == (
        300,
        0.5,
        40,
        0.0,
        "heuristic",
    )
    assert b.seed == 9
    for bad in (
        "ismcts:0",
        "ismcts:-3",
        "ismcts:xs",
        "ismcts:fast",
        "ismcts:",
        "ismcts:depth=a",
        "ismcts:margin=2",
        "ismcts:0s",
        "ismcts:infs",
        "mcts:10",
    ):
        with pytest.raises(ValueError):
            from_spec(bad, 0)
    with pytest.raises(ValueError):
        ISMCTSBot(0, rollout="greedy")


def test_reward_vector():
    assert reward_vector([[1], [0]], None, 2, 0.0) == [0.0, 1.0]
    assert reward_vector([[0, 1]], None, 2, 0.0) == [0.5, 0.5]
    # 4 players: a sole winner, two tied behind (1 seat ahead), the last (3 ahead).
    r = reward_vector([[2], [0, 1], [3]], None, 4, 0.0)
    assert r == pytest.approx([1 / 3, 1 / 3, 1.0, 0.0])
    r = reward_vector([[0], [1], [2]], None, 3, 0.0)
    assert r == pytest.approx([1.0, 0.25, 0.0])
    # The margin term: 10% of the weight on (1 + margin / scale) / 2.
    r = reward_vector([[0], [1]], [40, 20], 2, 0.1)
    assert r == pytest.approx([0.9 + 0.1 * 0.75, 0.1 * 0.25])
    assert all(0.0 <= x <= 1.0 for x in reward_vector([[0], [1]], [-5, -50], 2, 0.5))


# ---- legality and the budget -----------------------------------------------------------------
@pytest.mark.parametrize("num_players", [2, 3])
def test_only_legal_actions_over_full_games(num_players):
    bots = [ISMCTSBot(i, **TINY) for i in range(num_players)]
    game = play(num_players, 40 + num_players, bots)
    assert game.is_terminal()
    # Full rollouts and a random opponent, checking that choose() leaves the state alone.
    bots = [ISMCTSBot(10, iterations=2) if i == 0 else RandomBot(i) for i in range(num_players)]
    assert play(num_players, 50 + num_players, bots, check_unchanged=True).is_terminal()


def test_single_legal_action_needs_no_search():
    game = new_game(2, seed=1)
    rng = Rng(1)
    while len(game.legal_actions()) != 1:
        game.apply(rng.choice(game.legal_actions()))
    bot = ISMCTSBot(0, iterations=50)
    assert bot.choose(game) == game.legal_actions()[0]
    assert bot.last_iterations == 0


def test_seconds_budget():
    """A time budget ends the search at the first reading of its clock past the budget: the
    budget plus at most one iteration. The clock (the wall clock by default) is a fake one here,
    10 ms a reading, so that the test does not depend on how busy the machine is."""
    game = position(2, 3, 10)
    bot = ISMCTSBot(0, seconds=0.05)
    assert bot._now is CLOCKS["wall"]
    readings: list[float] = []

    def clock() -> float:
        readings.append(0.01 * len(readings))
        return readings[-1]

    bot._now = clock
    action = bot.choose(game)
    assert action in game.legal_actions()
    # Read for the deadline (0.05) and the start, then after each iteration: 0.02 ... 0.05.
    assert readings[-2] < 0.05 <= readings[-1]
    assert bot.last_iterations == 4


def test_rollout_depth_zero_and_cap():
    game = position(3, 8, 30)
    for depth in (0, 5):
        bot = ISMCTSBot(2, iterations=20, rollout_depth=depth, gap=None, early_stop=None)
        assert bot.choose(game) in game.legal_actions()
        assert bot.last_iterations == 20
        assert bot.last_root.visits == 20


def test_heuristic_rollouts():
    game = position(2, 4, 20)
    bot = ISMCTSBot(1, iterations=6, rollout="heuristic", rollout_depth=15)
    assert bot.choose(game) in game.legal_actions()
    assert bot.rollout == "heuristic" and isinstance(bot._policy, HeuristicBot)


def test_a_game_without_an_adapter_is_searched_with_random_rollouts():
    """A core-protocol game with no adapter registered: no prior, no fallback, random rollouts
    (the game's name is not among empires.core.adapter.ADAPTERS)."""
    from tests import fakegame

    class Unregistered(fakegame.FakeState):
        game_name = "unregistered"

        def determinize(self, observer, rng):
            return self.clone()

    state = Unregistered(2, 1, fakegame.Options(rounds=2))
    bot = ISMCTSBot(1, iterations=12, prior=1.0, gap=1.0)
    assert bot.choose(state) in state.legal_actions()
    assert bot.last_iterations == 12 and not bot.last_fallback
    assert bot.last_root.priors is None and bot._policy is None


# ---- determinism -----------------------------------------------------------------------------
def _tree(bot: ISMCTSBot) -> dict:
    return {
        str(a): (c.visits, c.avail, round(c.total, 9)) for a, c in bot.last_root.children.items()
    }


@pytest.mark.parametrize("num_players,steps", [(2, 0), (2, 60), (4, 150)])
def test_deterministic_for_a_seed(num_players, steps):
    game = position(num_players, 11, steps)
    kw = {"iterations": 40, "rollout_depth": 20, "gap": None, "rollout": "random"}
    a, b, c = (ISMCTSBot(5, **kw) for _ in range(3))
    assert a.choose(game) == b.choose(game)
    assert _tree(a) == _tree(b)
    # Another seed searches differently (the trees differ even where the choice agrees).
    c = ISMCTSBot(6, **kw)
    c.choose(game)
    assert _tree(c) != _tree(a)


# ---- hidden information ------------------------------------------------------------------------
class PublicOnly:
    """A game seen through the public protocol only (no ``.s``, no ``to_json``, no history), whose
    ``determinize`` puts every hidden list into a canonical order before the engine reshuffles it.

    The engine's ``determinize`` shuffles the hidden lists *as it finds them*, so with one
    generator its result still depends on the hidden order it starts from; canonicalising first
    makes the result a function of the observer's information and the generator alone. A bot
    that reads nothing but ``current_player``, ``legal_actions()`` and ``determinize`` must then
    search identically from a state and from any determinization of it.
    """

    def __init__(self, game: DiscoveryGame) -> None:
        self._game = game
        self.num_players = game.num_players
        self.game_name = game.game_name  # the core protocol's name of the game

    @property
    def current_player(self) -> int:
        return self._game.current_player

    def legal_actions(self) -> list:
        return self._game.legal_actions()

    def is_terminal(self) -> bool:
        return self._game.is_terminal()

    def observation(self, player):
        return self._game.observation(player)

    def determinize(self, observer, rng) -> DiscoveryGame:
        return canonical(self._game).determinize(observer, rng)


def canonical(game: DiscoveryGame) -> DiscoveryGame:
    """A copy whose hidden lists are sorted (the same for every determinization of ``game``)."""
    copy = game.clone()
    s = copy.s
    hidden = [r for r, c in enumerate(s.counter) if c >= 0 and not s.revealed[r]]
    face_down = sorted([s.counter[r] for r in hidden] + s.unused_counters)
    for i, r in enumerate(hidden):
        s.counter[r] = face_down[i]
    s.unused_counters = face_down[len(hidden) :]
    s.deck.sort()
    s.pool.sort()
    for stack in s.stacks:
        stack.sort()
    s.rng = Rng(0)
    return copy


@pytest.mark.parametrize("num_players,steps", [(2, 0), (2, 70), (3, 120)])
def test_never_reads_hidden_information(num_players, steps):
    game = position(num_players, 21, steps)
    me = game.current_player
    other = game.determinize(me, Rng(987654321))
    assert other.observation(me) == game.observation(me)
    assert other.to_json() != game.to_json()  # the hidden information really differs
    # The canonical form depends on the observer's information only.
    assert canonical(other).determinize(me, Rng(3)) == canonical(game).determinize(me, Rng(3))
    a, b = (ISMCTSBot(13, iterations=40, rollout_depth=20, gap=None, plies=None) for _ in range(2))
    assert a.choose(PublicOnly(game)) == b.choose(PublicOnly(other))
    assert _tree(a) == _tree(b)


def test_never_reads_hidden_information_raw_engine():
    """The same check on the engine's own ``determinize``; it holds once that is canonical."""
    game = position(2, 21, 70)
    me = game.current_player
    other = game.determinize(me, Rng(987654321))
    # determinize is canonical: its result depends only on what ``me`` may see and the rng.
    assert game.determinize(me, Rng(3)) == other.determinize(me, Rng(3))
    a, b = (ISMCTSBot(13, iterations=40, rollout_depth=20, gap=None, plies=None) for _ in range(2))
    assert a.choose(game) == b.choose(other)
    assert _tree(a) == _tree(b)


# ---- the search itself, on a game small enough to know the answer ------------------------------
def test_finds_the_best_move_in_a_tiny_game():
    """The fake game (tests/fakegame.py): take 1 or 2 coins or pass, score coins + a secret card.
    Taking 2 is always best; with random rollouts the search must see it, for every seat."""
    from tests import fakegame

    class Fake(fakegame.FakeState):
        def determinize(self, observer, rng):
            other = self.clone()
            other.cards = [
                c if p == observer else rng.randrange(10) for p, c in enumerate(self.cards)
            ]
            return other

    for n in (2, 3):
        state = Fake(n, 1, fakegame.Options(rounds=3))
        while not state.is_terminal():
            legal = state.legal_actions()
            bot = ISMCTSBot(state.turn, iterations=300)
            action = bot.choose(state)
            best = fakegame.Action("take", 2) if fakegame.Action("take", 2) in legal else legal[0]
            assert action == best, f"{n} players, turn {state.turn}: chose {action}"
            state.apply(action)


# ---- strength ----------------------------------------------------------------------------------
def test_beats_random():
    games, wins = 10, 0.0
    for g in range(games):
        seat = g % 2
        bots = [None, None]
        bots[seat] = ISMCTSBot(100 + g, iterations=10, rollout_depth=10)
        bots[1 - seat] = RandomBot(200 + g)
        game = play(2, 300 + g, bots)
        first = game.ranking()[0]
        if seat in first:
            wins += 1 / len(first)
    assert wins / games > 0.7, f"ISMCTS won only {wins}/{games} against random"


# ---- the heuristic prior, the fallback, the new spec tokens ------------------------------------
def test_new_spec_tokens():
    b = from_spec(
        "ismcts:120:prior=1.5:temp=0.5:gap=2.5:eps=0.2:fpu=0.05:soft=8:rollout=heuristic:depth=30",
        4,
    )
    assert (
        b.iterations,
        b.prior,
        b.temperature,
        b.gap,
        b.epsilon,
        b.fpu,
        b.soft,
        b.rollout,
        b.rollout_depth,
    ) == (120, 1.5, 0.5, 2.5, 0.2, 0.05, 8.0, "heuristic", 30)
    b = from_spec("ismcts:1s:gap=none:depth=none:prior=0", 4)
    assert (b.seconds, b.gap, b.rollout_depth, b.prior) == (1.0, None, None, 0.0)
    for bad in (
        "ismcts:prior=-1",
        "ismcts:prior=x",
        "ismcts:temp=0",
        "ismcts:gap=-1",
        "ismcts:eps=1.5",
        "ismcts:rollout=greedy",
        "ismcts:soft=-2",
        "ismcts:fpu=nan",
        "ismcts:prior=inf",
        "ismcts:bogus=1",
    ):
        with pytest.raises(ValueError):
            from_spec(bad, 0)


def test_softmax_and_soft_reward():
    p = softmax([1.0, 0.0, -1e9], 1.0)
    assert p[0] == pytest.approx(math.e / (math.e + 1)) and p[2] == 0.0
    assert sum(softmax([3.0, 2.0, 5.0], 0.5)) == pytest.approx(1.0)
    assert softmax([1.0, 5.0], math.inf) == [0.5, 0.5]
    assert soft_reward([10.0, 10.0], 5.0) == [0.5, 0.5]
    r = soft_reward([20.0, 10.0, 0.0], 10.0)
    assert r[0] > r[1] > r[2] and all(0.0 < x < 1.0 for x in r)


def test_action_scores_match_choose():
    game = position(2, 31, 40)
    h = HeuristicBot(0)
    for _ in range(30):
        legal = game.legal_actions()
        scores = h.action_scores(game)
        assert len(scores) == len(legal)
        if len(legal) > 1:
            best = max(scores)
            assert scores[legal.index(h.choose(game))] >= best - 1e-9
        game.apply(legal[scores.index(max(scores))])
        if game.is_terminal():
            break


def test_prior_orders_expansion():
    """With a prior, the first iteration expands the heuristic's favourite; the most-visited
    children after a short search are among the actions the prior likes."""
    game = position(2, 5, 30)
    legal = game.legal_actions()
    scores = HeuristicBot(0).action_scores(game)
    favourite = legal[scores.index(max(scores))]
    bot = ISMCTSBot(3, iterations=1, prior=2.0, rollout_depth=5, gap=None)
    assert bot.choose(game) == favourite
    visited = [a for a, c in bot.last_root.children.items() if c.visits]
    assert visited == [favourite]
    assert bot.last_root.priors[favourite] == max(bot.last_root.priors.values())
    assert sum(bot.last_root.priors.values()) == pytest.approx(1.0)
    # Every legal action has a child (unvisited ones with their prior), and a PUCT search
    # visits the favourite first and most often when the prior is strong.
    bot = ISMCTSBot(3, iterations=12, prior=20.0, temperature=0.1, rollout_depth=5, gap=None)
    bot.choose(game)
    root = bot.last_root
    assert set(root.children) == set(legal)
    assert max(root.children.values(), key=lambda c: c.visits).action == favourite


def test_gap_fallback_plays_the_heuristic_without_search():
    game = position(2, 5, 30)
    legal = game.legal_actions()
    scores = HeuristicBot(0).action_scores(game)
    favourite = legal[scores.index(max(scores))]
    bot = ISMCTSBot(3, iterations=50, gap=0.0, rollout_depth=5)
    assert bot.choose(game) == favourite
    assert bot.last_fallback and bot.last_iterations == 0
    bot = ISMCTSBot(3, iterations=10, gap=1e9, rollout_depth=5, early_stop=None)
    assert bot.choose(game) in legal
    assert not bot.last_fallback and bot.last_iterations == 10


def test_prior_search_is_deterministic_and_blind():
    game = position(2, 21, 70)
    me = game.current_player
    other = game.determinize(me, Rng(987654321))
    assert other.to_json() != game.to_json()
    kw = {
        "iterations": 25,
        "prior": 1.0,
        "rollout_depth": 15,
        "soft": 10.0,
        "gap": None,
        "plies": None,
        "rollout": "random",
    }
    a, b, c = ISMCTSBot(13, **kw), ISMCTSBot(13, **kw), ISMCTSBot(13, **kw)
    assert a.choose(PublicOnly(game)) == b.choose(PublicOnly(other)) == c.choose(game)
    assert _tree(a) == _tree(b) == _tree(c)
    kw["rollout"] = "heuristic"
    kw["iterations"] = 6
    a, b = ISMCTSBot(2, **kw), ISMCTSBot(2, **kw)
    assert a.choose(game) == b.choose(other)
    assert _tree(a) == _tree(b)


def test_discovery_estimate():
    game = position(2, 8, 90)
    est = discovery_estimate(game)
    totals = [row["total"] for row in game.scores()]
    assert len(est) == 2 and all(e >= t for e, t in zip(est, totals, strict=True))
    assert discovery_estimate(object()) is None
    bots = [HeuristicBot(1), HeuristicBot(2)]
    while not game.is_terminal():
        game.apply(bots[game.current_player].choose(game))
    assert discovery_estimate(game) == [row["total"] for row in game.scores()]


def _settlers_choice(num_players: int, seed: int):
    from empires.settlers.game import new_game as settlers_game

    game = settlers_game(num_players, seed=seed)
    while len(game.legal_actions()) < 2:
        game.apply(game.legal_actions()[0])
    return game


def test_searches_imperial_settlers_with_its_heuristic_prior():
    """Imperial Settlers' heuristic scores the actions (through its adapter): the root gets the
    softmax of those scores as priors and the rollouts are played by its heuristic bot."""
    from empires.settlers.heuristic import SettlersHeuristicBot

    game = _settlers_choice(2, 3)
    bot = ISMCTSBot(1, iterations=5, prior=1.0, gap=None, rollout_depth=10, early_stop=None)
    assert bot.choose(game) in game.legal_actions()
    assert bot.last_iterations == 5
    priors = bot.last_root.priors
    assert set(priors) == set(game.legal_actions()) and math.isclose(sum(priors.values()), 1.0)
    assert isinstance(bot._policy, SettlersHeuristicBot)


def test_solo_search_is_rewarded_by_beating_the_game():
    """One seat: the reward is mostly the solo win (soft_reward alone would be 1 everywhere)."""
    game = _settlers_choice(1, 5)
    bot = ISMCTSBot(2, iterations=6, gap=None, rollout_depth=30)
    assert bot.choose(game) in game.legal_actions()
    rewards = [c.total / c.visits for c in bot.last_root.children.values() if c.visits]
    assert rewards and all(0.0 <= r <= 1.0 for r in rewards)
    assert solo_reward(1.0, 40, 10) > solo_reward(0.0, 80, 10) > solo_reward(0.0, 20, 10) > 0
    assert solo_reward(0.5, 0, 10) == 0.375


def test_plies_and_turn_horizon():
    game = position(2, 17, 50)
    turn = game.s.turn
    flat = ISMCTSBot(4, iterations=30, gap=None, plies=1, horizon="turn", early_stop=None)
    assert flat.choose(game) in game.legal_actions()
    assert flat.last_iterations == 30

    def depth(node):  # non-forced choices along the deepest path
        kids = [c for c in node.children.values() if c.visits]
        if not kids:
            return 0
        return (len(node.children) > 1) + max(depth(c) for c in kids)

    assert depth(flat.last_root) == 1  # a flat bandit: only the root's actions are nodes
    deep = ISMCTSBot(4, iterations=30, gap=None, plies=None, rollout="random")
    deep.choose(game)
    assert depth(deep.last_root) > 1
    assert game.s.turn == turn  # the live game is untouched


def test_classic_configuration_still_available():
    bot = from_spec("ismcts:30:random:prior=0:soft=0:gap=none:plies=none:depth=10", 2)
    game = position(2, 9, 20)
    assert bot.choose(game) in game.legal_actions()
    assert bot.last_root.priors is None and bot.last_iterations == 30


# ---- early stop ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed,steps", [(21, 40), (22, 90), (23, 150)])
def test_early_stop_never_changes_the_choice_of_an_iteration_budget(seed, steps):
    game = position(2, seed, steps)
    full = from_spec("ismcts:60:stop=none:depth=10:gap=none", 7)
    early = from_spec("ismcts:60:depth=10:gap=none", 7)  # stop=early is the default
    assert full.early_stop is None and early.early_stop == 1.0
    assert early.choose(game) == full.choose(game)
    assert full.last_iterations == 60 and not full.last_early_stop
    assert early.last_iterations <= 60
    assert early.last_early_stop == (early.last_iterations < 60)
    if early.last_early_stop:
        # It stopped because the leader's visit lead exceeded every iteration still to come.
        visits = sorted(
            (c.visits for a, c in early.last_root.children.items() if a in game.legal_actions()),
            reverse=True,
        ) + [0]
        assert visits[0] - visits[1] > 60 - early.last_iterations


def test_early_stop_saves_iterations_somewhere():
    saved = 0
    for seed in range(24, 30):
        game = position(2, seed, 60)
        bot = from_spec("ismcts:60:depth=10:gap=none", 7)
        bot.choose(game)
        saved += 60 - bot.last_iterations
    assert saved > 0


def test_stop_spec_tokens():
    assert from_spec("ismcts:10:stop=0.5", 0).early_stop == 0.5
    assert from_spec("ismcts:10:stop=early", 0).early_stop == 1.0
    assert from_spec("ismcts:10:stop=none", 0).early_stop is None
    for bad in ("ismcts:stop=0", "ismcts:stop=-1", "ismcts:stop=nan", "ismcts:stop=soon"):
        with pytest.raises(ValueError, match="stop"):
            from_spec(bad, 0)
    with pytest.raises(ValueError, match="stop factor"):
        ISMCTSBot(0, iterations=5, early_stop=0.0)


# ---- the paired root search (common random numbers) ----------------------------------------


def test_pairs_spec_tokens():
    assert from_spec("ismcts:10:pairs=4", 0).pairs == 4
    assert from_spec("ismcts:10:pairs=none", 0).pairs is None
    for bad in ("ismcts:pairs=1", "ismcts:pairs=0", "ismcts:pairs=x", "ismcts:pairs=2.5"):
        with pytest.raises(ValueError, match="pairs"):
            from_spec(bad, 0)


@pytest.mark.parametrize("seed,steps", [(31, 30), (32, 100)])
def test_paired_search_rolls_out_the_priors_favourites_alike(seed, steps):
    """k candidates, the heuristic's k favourites, each played once per round; as many rounds
    as the iteration budget holds; the move is the best mean; the same seed, the same search."""
    game = position(2, seed, steps)
    legal = game.legal_actions()
    bot = from_spec("ismcts:24:pairs=3:depth=12:gap=none:stop=none", 5)
    move = bot.choose(game)
    root = bot.last_root
    priors = root.priors
    k = min(3, len(legal))
    favourites = sorted(priors, key=lambda a: -priors[a])[:k]
    assert set(root.children) == set(favourites) and set(favourites) <= set(legal)
    assert [c.visits for c in root.children.values()] == [24 // k] * k
    assert bot.last_iterations == 24 // k * k and root.visits == 24 // k
    best = max(root.children.values(), key=lambda c: c.total)
    assert move == best.action
    again = from_spec("ismcts:24:pairs=3:depth=12:gap=none:stop=none", 5)
    assert again.choose(game) == move
    assert _tree(again) == _tree(bot)


def test_paired_rollouts_share_their_random_numbers():
    """The same action twice in a round gets the same reward: the determinization, the
    rollout's generator and the heuristic's are the same for every candidate."""
    for seed, steps in ((41, 20), (42, 90), (43, 160)):
        game = position(3, seed, steps)
        bot = from_spec("ismcts:10:pairs=2", seed)
        search = _Search(bot, game, adapter_or_none(game))
        a = game.legal_actions()[0]
        first, second = bot._round(game, search, [a, a])
        assert first == second
        other = bot._round(game, search, [a, a])  # another determinization and seed
        assert other[0] == other[1]


@pytest.mark.parametrize("seed,steps", [(51, 40), (52, 120)])
def test_paired_early_stop_never_changes_the_choice(seed, steps):
    game = position(2, seed, steps)
    full = from_spec("ismcts:60:pairs=3:depth=10:gap=none:stop=none", 9)
    early = from_spec("ismcts:60:pairs=3:depth=10:gap=none", 9)
    assert early.choose(game) == full.choose(game)
    assert full.last_iterations == 60 and not full.last_early_stop
    if early.last_early_stop:
        totals = sorted((c.total for c in early.last_root.children.values()), reverse=True)
        assert totals[0] - totals[1] > (60 - early.last_iterations) / 3


def test_paired_search_keeps_to_a_time_budget_and_plays_settlers():
    game = position(2, 61, 50)
    bot = from_spec("ismcts:0.05s:pairs=4:clock=cpu:gap=none", 3)
    assert bot.choose(game) in game.legal_actions()
    # whole rounds only: at least one, each of the 4 candidates once
    assert bot.last_iterations >= 4 and bot.last_iterations % 4 == 0
    assert {c.visits for c in bot.last_root.children.values()} == {bot.last_iterations // 4}
    adapter = get_adapter("settlers")
    settlers = adapter.new_game(2, 4)
    while len(settlers.legal_actions()) < 3:
        settlers.apply(settlers.legal_actions()[0])
    bot = from_spec("ismcts:12:pairs=3:gap=none", 4)
    assert bot.choose(settlers) in settlers.legal_actions()
    assert bot.last_iterations == 12 and len(bot.last_root.children) == 3


def test_a_paired_search_whose_clock_did_not_move_between_rounds_goes_on():
    """A coarse clock (rounds faster than its tick) reads no time spent: the rounds left are
    then as many as the deadline allows, not a division by zero."""
    state = get_adapter("discovery").new_game(2, 1)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    bot = ISMCTSBot(seconds=0.5, pairs=3, plies=1, seed=1, gap=None)
    read = [0]

    def coarse() -> float:  # (a clock that does not tick for its first reads, then jumps on)
        read[0] += 1
        return 100.0 if read[0] <= 8 else 1000.0

    bot._now = coarse
    assert bot.choose(state) in state.legal_actions()
    rounds, rest = divmod(bot.last_iterations, 3)  # three candidates a round
    assert rest == 0 and rounds >= 2, bot.last_iterations  # on past the round the clock missed
