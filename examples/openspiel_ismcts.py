"""OpenSpiel's Information-Set MCTS bot (``open_spiel.python.algorithms.ismcts``) on our games.

``import empires`` registers ``python_empires_discovery`` and ``python_empires_settlers`` with
OpenSpiel; the bot then searches determinizations of the game (``resample_from_infostate``, the
engine's ``determinize``), so it never reads another seat's hidden cards. Seat 0 is IS-MCTS,
every other seat OpenSpiel's uniform random bot::

    python examples/openspiel_ismcts.py --game settlers --players 2 --simulations 50 --games 2
    python examples/openspiel_ismcts.py --game discovery --players 3 --simulations 20

Prints each game's returns (rank returns in [-1, 1]; a solo game: +1 for beating the virtual
player) and the mean return of the IS-MCTS seat.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import empires  # noqa: F401  (registers the games with OpenSpiel)


def play(game, bots) -> list[float]:
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    return state.returns()


def main(argv: list[str] | None = None) -> list[list[float]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("discovery", "settlers"), default="settlers")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=50, help="IS-MCTS simulations a move")
    parser.add_argument("--rollout-length", type=int, default=None, help="cut rollouts short")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game = pyspiel.load_game(f"python_empires_{args.game}", {"players": args.players, "seed": -1})
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rng, max_length=args.rollout_length)
    searcher = ismcts.ISMCTSBot(game, evaluator, 2.0, args.simulations, random_state=rng)
    bots = [searcher] + [
        pyspiel.make_uniform_random_bot(p, args.seed + p) for p in range(1, args.players)
    ]
    every = []
    for i in range(args.games):
        returns = play(game, bots)
        every.append(returns)
        print(f"game {i + 1}: returns {' '.join(f'{r:+.2f}' for r in returns)}")
    print(f"IS-MCTS (seat 0) mean return: {np.mean([r[0] for r in every]):+.2f}")
    return every


if __name__ == "__main__":
    main()
