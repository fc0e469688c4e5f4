"""The heuristic bot: legal, deterministic, blind to hidden information, and better than random."""

from __future__ import annotations

import pytest

from empires.bots import make_bot
from empires.core.rng import Rng
from empires.discovery.game import DiscoveryGame, new_game
from empires.discovery.heuristic import HeuristicBot
from empires.discovery.options import Options

try:
    from empires.bots.random_bot import RandomBot
except ImportError:  # pragma: no cover - the random bot may not be written yet

    class RandomBot:  # type: ignore[no-redef]
        name = "random"

        def __init__(self, seed: int = 0) -> None:
            self.rng = Rng(seed)

        def choose(self, state):
            return self.rng.choice(state.legal_actions())


def play(num_players: int, seed: int, bots: list, check=None) -> DiscoveryGame:
    game = new_game(num_players, seed=seed)
    while not game.is_terminal():
        bot = bots[game.current_player]
        if check is not None:
            check(game, bot)
        action = bot.choose(game)
        assert action in game.legal_actions(), f"{action} is not legal in {game!r}"
        game.apply(action)
    return game


def test_registered_and_named():
    from empires.settlers.heuristic import SettlersHeuristicBot

    bot = make_bot("heuristic", "discovery", 3)
    assert isinstance(bot, HeuristicBot)
    assert bot.name == "heuristic"
    other = make_bot("heuristic", "settlers", 3)
    assert isinstance(other, SettlersHeuristicBot) and other.name == "heuristic"
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        make_bot("heuristic", "chess", 3)


def test_make_bot_needs_a_game_and_an_integer_seed():
    with pytest.raises(TypeError):
        make_bot("heuristic", 9)  # type: ignore[call-arg]  (the game is named, always)
    with pytest.raises(ValueError, match="seed"):
        make_bot("heuristic", "discovery", "9")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown game"):
        make_bot("random", 9, 1)  # type: ignore[arg-type]


@pytest.mark.parametrize("num_players", [2, 3, 4, 5, 6])
def test_only_legal_actions_over_full_games(num_players):
    # All seats heuristic, then heuristic against random (other situations arise).
    play(num_players, 100 + num_players, [HeuristicBot(i) for i in range(num_players)])
    mixed = [HeuristicBot(i) if i % 2 == 0 else RandomBot(i) for i in range(num_players)]
    game = play(num_players, 200 + num_players, mixed)
    assert game.is_terminal()


def test_does_not_change_the_state():
    game = new_game(3, seed=5)
    bots = [HeuristicBot(i) for i in range(3)]
    for _ in range(200):
        if game.is_terminal():
            break
        before = game.to_json()
        action = bots[game.current_player].choose(game)
        assert game.to_json() == before
        game.apply(action)


def test_deterministic_for_a_seed():
    def history(seed):
        return play(4, 42, [HeuristicBot(seed + i) for i in range(4)]).history["actions"]

    assert history(7) == history(7)


def scramble(game: DiscoveryGame, seed: int) -> DiscoveryGame:
    """A copy whose hidden fields are shuffled: the Discovery deck, the Trade Goods pool, the
    Capital Building stacks, the engine's generator, and the face-down Discovery counters
    (unrevealed ones on the board and the unused ones are swapped among themselves)."""
    other = game.clone()
    s = other.s
    rng = Rng(seed)
    rng.shuffle(s.deck)
    rng.shuffle(s.pool)
    for stack in s.stacks:
        rng.shuffle(stack)
    s.rng = Rng(seed * 7919 + 1)
    hidden_regions = [r for r, c in enumerate(s.counter) if c >= 0 and not s.revealed[r]]
    counters = [s.counter[r] for r in hidden_regions] + list(s.unused_counters)
    rng.shuffle(counters)
    for r in hidden_regions:
        s.counter[r] = counters.pop()
    s.unused_counters = sorted(counters)
    other._legal = None
    return other


def hidden_differs(a: DiscoveryGame, b: DiscoveryGame) -> bool:
    return (
        a.s.deck != b.s.deck
        or a.s.pool != b.s.pool
        or a.s.stacks != b.s.stacks
        or a.s.counter != b.s.counter
    )


@pytest.mark.parametrize("num_players,seed", [(2, 11), (4, 12), (5, 13)])
def test_blind_to_hidden_information(num_players, seed):
    """At every decision, the bot picks the same action on a copy whose hidden fields were
    scrambled (and whose observation is therefore the same)."""
    compared = differing = 0

    def check(game, bot):
        nonlocal compared, differing
        other = scramble(game, seed + compared)
        p = game.current_player
        assert other.observation(p) == game.observation(p)
        assert other.legal_actions() == game.legal_actions()
        differing += hidden_differs(game, other)
        a = HeuristicBot(1000 + compared).choose(game)
        b = HeuristicBot(1000 + compared).choose(other)
        assert a == b, f"different choice with scrambled hidden info at {game!r}: {a} vs {b}"
        compared += 1

    bots = [HeuristicBot(i) if i % 2 == 0 else RandomBot(i) for i in range(num_players)]
    play(num_players, seed, bots, check)
    assert compared > 100 and differing > compared // 2


def test_beats_random_clearly():
    games, wins = 30, 0.0
    for g in range(games):
        n = 4
        seat = g % n
        bots = [HeuristicBot(g) if i == seat else RandomBot(100 * g + i) for i in range(n)]
        game = play(n, 500 + g, bots)
        first = game.ranking()[0]
        if seat in first:
            wins += 1 / len(first)
    assert wins / games > 0.7, f"heuristic won only {wins}/{games} four-player games"


class _Wrapped:
    """A state that is not a DiscoveryGame: the bot must go through its observation."""

    def __init__(self, game: DiscoveryGame) -> None:
        self._game = game

    def __getattr__(self, name):
        return getattr(self._game, name)


_VIEW_FIELDS = (
    "n me turn step order money ships owned discovered rgood counter counts rw avail supply goods "
    "dbox used unseen deck initiative dock dock_x dock_y tg_box tg_offer shipping ship_waiting "
    "cb_box cb_offer spec_taken warfare mine m turns_left sched w_exact w_soft income_mult plague1"
).split()


@pytest.mark.parametrize(
    "num_players,options",
    [
        (4, Options()),
        (2, Options(builders=True, buy_vp=True, variants=("scouting", "reduced-luck"))),
        (5, Options(edition="2007", builders=True)),
        (6, Options(nations="auction", variants=("scouting", "advanced-reconnaissance"))),
    ],
)
def test_game_view_is_the_observation_view(num_players, options):
    """Read from the game itself, the view (and so every score) is the one decoded from the
    observation of the seat to move."""
    from empires.discovery import heuristic

    game = new_game(num_players, seed=31 + num_players, options=options)
    bots = [HeuristicBot(i) if i % 2 == 0 else RandomBot(i) for i in range(num_players)]
    scorer = HeuristicBot(0)
    compared = 0
    while not game.is_terminal():
        if len(game.legal_actions()) > 1:
            fast = heuristic._GameView(game)
            slow = heuristic._View(game.observation(game.current_player))
            for field in _VIEW_FIELDS:
                a, b = getattr(fast, field), getattr(slow, field)
                assert a == b and type(a) is type(b), (field, a, b)
            board = [[w[:] for w in row] for row in game.s.region_workers]
            assert scorer.action_scores(game) == scorer.action_scores(_Wrapped(game))
            assert game.s.region_workers == board  # the game's own lists are only read
            compared += 1
        game.apply(bots[game.current_player].choose(game))
    assert compared > 100
