"""Neural Fictitious Self-Play (OpenSpiel's PyTorch NFSP) on our OpenSpiel games, from their
information-state tensors; then each seat's average policy against uniformly random seats.

    pip install 'empires[rl]'
    python examples/openspiel_nfsp.py --game settlers --players 2 --episodes 200
    python examples/openspiel_nfsp.py --game discovery --players 2 --episodes 2 --eval-games 1  # a smoke run (CI)

NFSP (Heinrich and Silver, 2016) learns, for every seat, a best response by DQN and an average
policy by supervised learning on its own best-response moves; it reads only
``state.information_state_tensor(seat)`` and the legal actions (``rl_environment``'s
``info_state`` and ``legal_actions``), so what a seat learns from is what it may see. The
returns are the games' rank returns (+1 a win, -1 a loss in 2 players). A few hundred episodes
take minutes on one core; learning these games well takes far more. Tabular CFR is out of reach
(far too many information states to enumerate).
"""

from __future__ import annotations

import argparse
import sys
import time


def make_agents(env, players: int, hidden: int):
    from open_spiel.python.pytorch import nfsp

    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    return [
        nfsp.NFSP(
            seat,
            state_representation_size=size,
            num_actions=actions,
            hidden_layers_sizes=[hidden],
            reservoir_buffer_capacity=20_000,
            anticipatory_param=0.1,
            batch_size=32,
            learn_every=16,
            min_buffer_size_to_learn=64,
            replay_buffer_capacity=20_000,
        )
        for seat in range(players)
    ]


def train(env, agents, episodes: int) -> None:
    for _ in range(episodes):
        step = env.reset()
        while not step.last():
            seat = step.observations["current_player"]
            step = env.step([agents[seat].step(step).action])
        for agent in agents:  # every seat sees the end of the episode
            agent.step(step)


def evaluate(env, agents, games: int, rng) -> list[float]:
    """Each seat's mean return with its average policy against random seats."""
    from open_spiel.python.pytorch import nfsp

    totals = [0.0] * len(agents)
    for seat, agent in enumerate(agents):
        for _ in range(games):
            step = env.reset()
            while not step.last():
                p = step.observations["current_player"]
                legal = step.observations["legal_actions"][p]
                if p == seat:
                    with agent.temp_mode_as(nfsp.MODE.AVERAGE_POLICY):
                        action = agent.step(step, is_evaluation=True).action
                else:
                    action = legal[rng.randrange(len(legal))]
                step = env.step([action])
            totals[seat] += step.rewards[seat] / games
    return totals


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=["discovery", "settlers"], default="settlers")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--episodes", type=int, default=200)
    parser.add_argument("--eval-games", type=int, default=10)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.players < 2:
        parser.error("NFSP needs at least 2 players")
    try:
        import pyspiel
        import torch
        from open_spiel.python import rl_environment
        from open_spiel.python.pytorch import nfsp  # noqa: F401  (needs dm-tree)
    except ImportError as exc:
        print(f"this example needs {exc.name}: pip install 'empires[rl]'", file=sys.stderr)
        return 2
    import random

    import empires  # noqa: F401  (registers the games with OpenSpiel)

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    game = pyspiel.load_game(
        f"python_empires_{args.game}", {"players": args.players, "seed": args.seed}
    )
    env = rl_environment.Environment(game, seed=args.seed)
    agents = make_agents(env, args.players, args.hidden)
    started = time.process_time()
    train(env, agents, args.episodes)
    print(f"{game}: trained {args.episodes} episodes in {time.process_time() - started:.1f} CPU s")
    returns = evaluate(env, agents, args.eval_games, random.Random(args.seed))
    for seat, r in enumerate(returns):
        print(f"seat {seat}: average policy against random, mean return {r:+.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
