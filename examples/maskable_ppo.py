"""Train sb3-contrib's MaskablePPO on an empires Gymnasium environment, then play it against the
random bot and print how often it wins (before training and after, on the same seeds).

    pip install 'empires[rl]'
    python examples/maskable_ppo.py                          # Discovery, 2 players, ~3 CPU minutes
    python examples/maskable_ppo.py --game settlers --players 2
    python examples/maskable_ppo.py --timesteps 256 --eval-games 2   # a smoke run (CI)

The environment (``empires.interop.gym_env``) gives the legal-action mask through
``action_masks()``, which MaskablePPO reads, so the agent never picks an illegal action; the
reward is the seat's rank return at the end of the game (+1 a win, -1 a loss in 2 players). The
opponent is the random bot; the agent is seat 0. Results are reproduced by ``--seed``
(PyTorch on the CPU, one thread).
"""

from __future__ import annotations

import argparse
import sys
import time


def make_env(game: str, players: int):
    from empires.interop.gym_env import (
        EmpiresDiscoverySingleAgentEnv,
        EmpiresSettlersSingleAgentEnv,
    )

    env_type = (
        EmpiresDiscoverySingleAgentEnv if game == "discovery" else EmpiresSettlersSingleAgentEnv
    )
    return env_type(num_players=players, opponents="random", action_words=False)


def win_rate(model, game: str, players: int, games: int, seed: int) -> float:
    """The share of ``games`` the policy (None: uniformly random legal moves) wins as seat 0."""
    import numpy as np

    env = make_env(game, players)
    rng = np.random.default_rng(seed)
    wins = 0.0
    for g in range(games):
        obs, _ = env.reset(seed=seed + 1000 + g)
        reward, done = 0.0, False
        while not done:
            mask = env.action_masks()
            if model is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action, _ = model.predict(obs, action_masks=mask, deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        wins += 1.0 if reward > 0 else 0.0
    return wins / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=["discovery", "settlers"], default="discovery")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument(
        "--timesteps", type=int, default=60_000, help="training steps (default 60000)"
    )
    parser.add_argument("--eval-games", type=int, default=100, help="games against random (100)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    try:
        import torch
        from sb3_contrib import MaskablePPO
    except ImportError:
        print(
            "this example needs sb3-contrib (and PyTorch): pip install 'empires[rl]'",
            file=sys.stderr,
        )
        return 2
    torch.set_num_threads(1)
    env = make_env(args.game, args.players)
    model = MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=min(2048, max(64, args.timesteps)),
        batch_size=64,
        gamma=1.0,
        learning_rate=3e-4,
        ent_coef=0.01,
        seed=args.seed,
        verbose=0,
    )
    before = win_rate(None, args.game, args.players, args.eval_games, args.seed)
    start = time.process_time()
    model.learn(total_timesteps=args.timesteps)
    took = time.process_time() - start
    after = win_rate(model, args.game, args.players, args.eval_games, args.seed)
    print(f"{args.game}, {args.players} players, MaskablePPO as seat 0 against the random bot")
    print(f"trained {args.timesteps} steps in {took:.0f} CPU s")
    print(f"wins before training (random moves): {before:.0%} of {args.eval_games} games")
    print(f"wins after training:                 {after:.0%} of {args.eval_games} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
