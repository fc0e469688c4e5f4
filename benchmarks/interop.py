"""Random-play throughput through the research interfaces, to show their overhead.

    python benchmarks/interop.py [--games N] [--players 4] [--seed S]

Every row plays ``N`` whole games choosing uniformly among the legal actions and reports
decisions per second (a decision is one action applied to the game, whoever took it):

* engine: ``new_game`` / ``legal_actions`` / ``apply`` (the baseline);
* openspiel: ``pyspiel`` state, ``legal_actions`` / ``apply_action``, no observations;
* openspiel+tensor: the same, also reading ``observation_tensor`` of the player to act;
* pettingzoo: the AEC loop (``last`` builds the acting agent's tensor and mask every step);
* gym: the single-agent env for seat 0 (tensor and mask for each of the agent's decisions;
  the other seats are ``random`` bots playing through the engine).

Times are CPU seconds of this process (``time.process_time``), which other load on the machine
disturbs less than wall-clock time. Needs the ``research`` extra (open_spiel, pettingzoo,
gymnasium).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import numpy as np


def bench_engine(n: int, games: int, seed: int) -> int:
    from empires.core.rng import Rng
    from empires.discovery import new_game

    decisions = 0
    for i in range(games):
        game = new_game(n, seed + i)
        rng = Rng(seed + i)
        while not game.is_terminal():
            game.apply(rng.choice(game.legal_actions()))
            decisions += 1
    return decisions


def bench_openspiel(n: int, games: int, seed: int, tensor: bool = False) -> int:
    import pyspiel

    import empires.interop.openspiel  # noqa: F401

    decisions = 0
    rng = random.Random(seed)
    for i in range(games):
        state = pyspiel.load_game(
            "python_empires_discovery", {"players": n, "seed": seed + i}
        ).new_initial_state()
        while not state.is_terminal():
            if tensor:
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


def bench_pettingzoo(n: int, games: int, seed: int) -> int:
    from empires.interop.pettingzoo_env import EmpiresDiscoveryEnv

    env = EmpiresDiscoveryEnv(num_players=n)
    rng = np.random.default_rng(seed)
    decisions = 0
    for i in range(games):
        env.reset(seed=seed + i)
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        decisions += len(env.game.history["actions"])
    return decisions


def bench_gym(n: int, games: int, seed: int) -> int:
    from empires.interop.gym_env import EmpiresDiscoverySingleAgentEnv

    env = EmpiresDiscoverySingleAgentEnv(num_players=n, seat=0, opponents="random")
    rng = np.random.default_rng(seed)
    decisions = 0
    for i in range(games):
        obs, _ = env.reset(seed=seed + i)
        while True:
            obs, _, terminated, truncated, _ = env.step(
                int(rng.choice(np.flatnonzero(obs["action_mask"])))
            )
            if terminated or truncated:
                break
        decisions += len(env.game.history["actions"])
    return decisions


ROWS = (
    ("engine", bench_engine),
    ("openspiel", bench_openspiel),
    ("openspiel+tensor", lambda n, g, s: bench_openspiel(n, g, s, tensor=True)),
    ("pettingzoo", bench_pettingzoo),
    ("gym", bench_gym),
)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games per row (default 10)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    n = args.players
    print(f"discovery, {n} players: random play, {args.games} games per row, one process")
    print(
        f"{'interface':>17} {'decisions/s':>12} {'us/decision':>12} {'vs engine':>10} {'cpu s':>8}"
    )
    baseline = None
    for name, fn in ROWS:
        try:
            fn(n, 1, args.seed + 10_000)  # warm-up: imports, caches
        except ImportError as e:
            print(f"{name:>17} (skipped: {e})")
            continue
        start = time.process_time()
        decisions = fn(n, args.games, args.seed)
        seconds = time.process_time() - start
        rate = decisions / seconds
        baseline = baseline or rate
        print(
            f"{name:>17} {rate:>12.0f} {1e6 / rate:>12.1f} {baseline / rate:>9.1f}x {seconds:>8.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
