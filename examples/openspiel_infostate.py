"""Information-state tensors of our OpenSpiel games, along random games.

Algorithms that learn from information states (NFSP, deep CFR, policy-gradient agents) read
``state.information_state_tensor(player)``; this script plays random games, reads every seat's
tensor at every decision, checks its size against ``game.information_state_tensor_shape()``
and that a resampled copy (``resample_from_infostate``) gives the seat the same tensor, then
runs OpenSpiel's own consistency test (``pyspiel.random_sim_test``)::

    python examples/openspiel_infostate.py --game discovery --players 3 --games 2
    python examples/openspiel_infostate.py --game settlers --players 1

Tabular CFR is out of reach (a game has far too many information states to enumerate), and
NFSP needs a deep-learning library; this is what they would read.
"""

from __future__ import annotations

import argparse
import random

import pyspiel

import empires  # noqa: F401  (registers the games with OpenSpiel)


def check_game(game: pyspiel.Game, rng: random.Random) -> tuple[int, int]:
    """One random game: (decisions, tensors read); an AssertionError when one is wrong."""
    size = game.information_state_tensor_size()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = game.new_initial_state()
    decisions = read = 0
    while not state.is_terminal():
        for p in range(game.num_players()):
            tensor = state.information_state_tensor(p)
            assert len(tensor) == size, (len(tensor), size)
            read += 1
        player = state.current_player()
        if decisions % 25 == 0:
            copy = state.resample_from_infostate(player, sampler)
            assert copy.information_state_tensor(player) == state.information_state_tensor(player)
        state.apply_action(rng.choice(state.legal_actions()))
        decisions += 1
    return decisions, read


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=["discovery", "settlers"], default="discovery")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = pyspiel.load_game(
        f"python_empires_{args.game}", {"players": args.players, "seed": args.seed}
    )
    print(f"{game}: information_state_tensor_shape {game.information_state_tensor_shape()}")
    rng = random.Random(args.seed)
    for g in range(args.games):
        decisions, read = check_game(game, rng)
        print(f"game {g + 1}: {decisions} decisions, {read} tensors of the right size")
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    print("random_sim_test passed")


if __name__ == "__main__":
    main()
