"""A minimal training loop on the PettingZoo environments: REINFORCE with a linear softmax
policy over the legal actions, shared by every seat (self-play), in plain numpy.

It shows the loop every PettingZoo AEC game takes (``env.agent_iter()``, ``env.last()``, the
``action_mask`` in each observation, ``None`` once an agent is done), not a strong player::

    python examples/pettingzoo_train.py --game settlers --players 1 --episodes 20
    python examples/pettingzoo_train.py --game discovery --players 2 --episodes 5

Prints each episode's returns and the policy's mean return over the episodes.
"""

from __future__ import annotations

import argparse

import numpy as np

from empires.envs import discovery_v0, settlers_v0

MODULES = {"discovery": discovery_v0, "settlers": settlers_v0}


class LinearPolicy:
    """Softmax over the legal actions of ``weights @ observation``."""

    def __init__(self, n_obs: int, n_actions: int, rng: np.random.Generator, lr: float) -> None:
        self.weights = np.zeros((n_actions, n_obs), np.float32)
        self.rng, self.lr = rng, lr

    def act(self, obs: dict) -> tuple[int, np.ndarray]:
        legal = np.flatnonzero(obs["action_mask"])
        logits = self.weights[legal] @ obs["observation"]
        probs = np.exp(logits - logits.max())
        probs /= probs.sum()
        i = self.rng.choice(len(legal), p=probs)
        grad = -probs[:, None] * obs["observation"][None, :]  # d log p(a) / d W[legal]
        grad[i] += obs["observation"]
        return int(legal[i]), (legal, grad)

    def learn(self, steps: list, reward: float) -> None:
        for legal, grad in steps:
            self.weights[legal] += self.lr * reward * grad


def episode(env, policy: LinearPolicy, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    steps: dict[str, list] = {a: [] for a in env.agents}
    returns = dict.fromkeys(env.agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _ = env.last()
        returns[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        action, step = policy.act(obs)
        steps[agent].append(step)
        env.step(action)
    for agent, taken in steps.items():
        policy.learn(taken, returns[agent])
    return returns


def main(argv: list[str] | None = None) -> list[dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(MODULES), default="settlers")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--episodes", type=int, default=10)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    env = MODULES[args.game].env(num_players=args.players, events=False)
    first = env.possible_agents[0]
    n_obs = env.observation_space(first)["observation"].shape[0]
    policy = LinearPolicy(
        n_obs, env.action_space(first).n, np.random.default_rng(args.seed), args.lr
    )
    history = []
    for i in range(args.episodes):
        returns = episode(env, policy, args.seed + i)
        history.append(returns)
        print(f"episode {i + 1}: " + " ".join(f"{a} {r:+.2f}" for a, r in returns.items()))
    mean = np.mean([sum(r.values()) / len(r) for r in history])
    print(f"mean return per agent: {mean:+.2f}")
    env.close()
    return history


if __name__ == "__main__":
    main()
