"""Random-play throughput through the research interfaces, to show their overhead.

    python benchmarks/interop.py [--game discovery|settlers|both] [--games N] [--players N]
                                 [--seed S] [--compare GIT-REF]

For each game (both by default; players default to 4 for Discovery, 2 for Imperial Settlers,
whose 1 is the solo game) every row plays ``N`` whole games choosing uniformly among the legal
actions and reports decisions per second (a decision is one action applied to the game,
whoever took it):

* engine: ``new_game`` / ``legal_actions`` / ``apply`` (the baseline);
* openspiel: ``pyspiel`` state, ``legal_actions`` / ``apply_action``, no observations;
* openspiel+tensor: the same, also reading ``state.observation_tensor`` of the player to act
  (a Python list, as OpenSpiel's API has it);
* openspiel+observer: the same through OpenSpiel's observation API instead
  (``make_observation(game)``, ``set_from(state, player)``: a numpy array, no list);
* pettingzoo: the AEC loop (``last`` builds the acting agent's tensor and mask every step; the
  environment's default: no narration, like the engine row);
* pettingzoo, events: the same with ``events=True`` (each agent's events in its infos);
* pettingzoo, no cache: the tensor built from scratch at every step
  (``adapter.observation_tensor``) instead of through the environment's tensor cache;
* pettingzoo, old tensor: the tensor built from ``observation(player)``, as before the adapters
  built it straight from the state (``empires.<game>.state_tensor``);
* openspiel, no tensor / pettingzoo, no tensor: the same loops with nothing computed for the
  tensor (OpenSpiel's call still returns a new list of zeros of its size; PettingZoo gets a
  zero array): what the wrapper costs around the tensor, the floor any faster tensor could
  reach (for openspiel+observer the floor is the openspiel row);
* gym: the single-agent env for seat 0 (tensor and mask for each of the agent's decisions;
  the other seats are ``random`` bots playing through the engine).

Every row picks its random actions with a Python ``random.Random`` (the PettingZoo and Gym rows
from the action mask: ``np.flatnonzero``, then one index), so that the policy costs about the
same in every row. Everything reaches the game through its adapter
(``empires.core.adapter.get_adapter``).

``--compare REF`` runs the same rows on the code of git commit ``REF`` too (a temporary
``git worktree``, in a subprocess, after this checkout's) and prints how much faster the
OpenSpiel (with tensors) and PettingZoo steps are now.

Times are CPU seconds of this process (``time.process_time``), which other load on the machine
disturbs less than wall-clock time. Needs the ``research`` extra (open_spiel, pettingzoo,
gymnasium).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import subprocess
import sys
import time

import numpy as np
from _support import worktree


def pick(rng: random.Random, mask: np.ndarray) -> int:
    """A uniformly random legal action code from an action mask. (numpy's
    ``Generator.choice`` alone costs about 14 us a call, more than an engine step: the rows
    would measure the random policy, not the interface.)"""
    codes = np.flatnonzero(mask)
    return int(codes[rng.randrange(len(codes))])


def bench_engine(name: str, n: int, games: int, seed: int) -> int:
    from empires.core.adapter import get_adapter
    from empires.core.rng import Rng

    adapter = get_adapter(name)
    decisions = 0
    for i in range(games):
        game = adapter.new_game(n, seed + i)
        game.narrate = False  # as the wrappers' engines without an event log
        rng = Rng(seed + i)
        while not game.is_terminal():
            game.apply(rng.choice(game.legal_actions()))
            decisions += 1
    return decisions


def bench_openspiel(name: str, n: int, games: int, seed: int, tensor: bool = False) -> int:
    import pyspiel

    from empires.interop.openspiel import SPECS

    decisions = 0
    rng = random.Random(seed)
    for i in range(games):
        state = pyspiel.load_game(
            SPECS[name].short_name, {"players": n, "seed": seed + i}
        ).new_initial_state()
        while not state.is_terminal():
            if tensor:
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


def bench_openspiel_observer(name: str, n: int, games: int, seed: int) -> int:
    """``openspiel+tensor`` through ``make_observation``: the tensor as a numpy array."""
    import pyspiel
    from open_spiel.python.observation import make_observation

    from empires.interop.openspiel import SPECS

    decisions = 0
    rng = random.Random(seed)
    for i in range(games):
        game = pyspiel.load_game(SPECS[name].short_name, {"players": n, "seed": seed + i})
        observation = make_observation(game)
        state = game.new_initial_state()
        while not state.is_terminal():
            observation.set_from(state, state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


def bench_openspiel_floor(name: str, n: int, games: int, seed: int) -> int:
    """``openspiel+tensor`` with the observer writing nothing into the tensor: what OpenSpiel's
    own ``observation_tensor`` call (and the wrapper around it) costs, the tensor aside."""
    from empires.interop.openspiel import EmpiresObserver

    set_from = EmpiresObserver.set_from
    tensor_list = getattr(EmpiresObserver, "tensor_list", None)  # not in older commits
    EmpiresObserver.set_from = lambda self, state, player: None  # type: ignore[method-assign]
    if tensor_list is not None:
        # a new list of the right size, nothing computed: the least a list API can cost
        EmpiresObserver.tensor_list = lambda self, state, player: [0.0] * len(self.tensor)  # type: ignore[method-assign]
    try:
        return bench_openspiel(name, n, games, seed, tensor=True)
    finally:
        EmpiresObserver.set_from = set_from  # type: ignore[method-assign]
        if tensor_list is not None:
            EmpiresObserver.tensor_list = tensor_list  # type: ignore[method-assign]


def bench_pettingzoo(
    name: str,
    n: int,
    games: int,
    seed: int,
    events: bool = False,
    old_tensor: bool = False,
    no_tensor: bool = False,
    no_cache: bool = False,
) -> int:
    import importlib

    from empires.interop.pettingzoo_env import env as make_env

    env = make_env(name, num_players=n, events=events)
    if old_tensor or no_tensor or no_cache:
        env._tensors = None  # through adapter.observation_tensor at every step
    if old_tensor:  # this env's adapter only: the tensor of the observation
        env.adapter = copy.copy(env.adapter)
        env.adapter.observation_tensor = importlib.import_module(
            f"empires.{name}.tensor"
        ).observation_tensor
    if no_tensor:  # a tensor of zeros (the right shape), nothing computed: the floor
        env.adapter = copy.copy(env.adapter)
        shape = env.adapter.tensor_shape(n, env.options)
        env.adapter.observation_tensor = lambda game, player, out=None: np.zeros(shape, np.float32)
    rng = random.Random(seed)
    decisions = 0
    for i in range(games):
        env.reset(seed=seed + i)
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(pick(rng, obs["action_mask"]))
        decisions += len(env.game.history["actions"])
    return decisions


def bench_gym(name: str, n: int, games: int, seed: int) -> int:
    from empires.interop.gym_env import (
        EmpiresDiscoverySingleAgentEnv,
        EmpiresSettlersSingleAgentEnv,
    )

    cls = {"discovery": EmpiresDiscoverySingleAgentEnv, "settlers": EmpiresSettlersSingleAgentEnv}
    env = cls[name](num_players=n, seat=0, opponents="random")
    rng = random.Random(seed)
    decisions = 0
    for i in range(games):
        obs, _ = env.reset(seed=seed + i)
        while True:
            obs, _, terminated, truncated, _ = env.step(pick(rng, obs["action_mask"]))
            if terminated or truncated:
                break
        decisions += len(env.game.history["actions"])
    return decisions


ROWS = (
    ("engine", bench_engine),
    ("openspiel", bench_openspiel),
    ("openspiel+tensor", lambda name, n, g, s: bench_openspiel(name, n, g, s, tensor=True)),
    ("openspiel+observer", bench_openspiel_observer),
    ("pettingzoo", bench_pettingzoo),
    ("pettingzoo, events", lambda name, n, g, s: bench_pettingzoo(name, n, g, s, True)),
    ("pettingzoo, no cache", lambda name, n, g, s: bench_pettingzoo(name, n, g, s, no_cache=True)),
    (
        "pettingzoo, old tensor",
        lambda name, n, g, s: bench_pettingzoo(name, n, g, s, old_tensor=True),
    ),
    ("openspiel, no tensor", bench_openspiel_floor),
    (
        "pettingzoo, no tensor",
        lambda name, n, g, s: bench_pettingzoo(name, n, g, s, no_tensor=True),
    ),
    ("gym", bench_gym),
)


DEFAULT_PLAYERS = {"discovery": 4, "settlers": 2}


def bench_game(name: str, n: int, games: int, seed: int, quiet: bool = False) -> dict:
    """Every row for one game: printed (unless ``quiet``) and returned as {row: us/decision}."""
    say = (lambda *a: None) if quiet else print
    say(f"{name}, {n} players: random play, {games} games per row, one process")
    say(f"{'interface':>22} {'decisions/s':>12} {'us/decision':>12} {'vs engine':>10} {'cpu s':>8}")
    baseline = None
    out = {}
    for row, fn in ROWS:
        try:
            fn(name, n, 1, seed + 10_000)  # warm-up: imports, caches
        except ImportError as e:
            say(f"{row:>22} (skipped: {e})")
            continue
        start = time.process_time()
        decisions = fn(name, n, games, seed)
        seconds = time.process_time() - start
        rate = decisions / seconds
        baseline = baseline or rate
        out[row] = 1e6 / rate
        say(f"{row:>22} {rate:>12.0f} {1e6 / rate:>12.1f} {baseline / rate:>9.1f}x {seconds:>8.2f}")
    return out


def measure_commit(ref: str, argv: list[str]) -> dict:
    """This benchmark run on the code of git commit ``ref`` (a temporary worktree, its ``src``
    first on the path, in a subprocess): {game: {row: us/decision}}."""
    with worktree(ref) as src:
        assert src is not None
        done = subprocess.run(
            [sys.executable, os.path.abspath(__file__), *argv, "--json"],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONPATH": src},
        )
    return json.loads(done.stdout)


def print_comparison(ref: str, now: dict, before: dict) -> None:
    print(f"\nthis checkout against {ref} (us/decision, x engine; ratio: how much faster now)")
    for name, rows in now.items():
        old = before.get(name, {})
        for row in ("openspiel+tensor", "openspiel+observer", "pettingzoo"):
            if row in rows and row in old:
                new_x, old_x = rows[row] / rows["engine"], old[row] / old["engine"]
                print(
                    f"  {name:>9} {row:>16}: {rows[row]:6.1f} us ({new_x:4.1f}x) against "
                    f"{old[row]:6.1f} us ({old_x:4.1f}x): {old[row] / rows[row]:.2f}x faster"
                )


TARGET = 5.0  # issue #20: each wrapper at most 5x the raw engine per decision


def print_targets(results: dict) -> None:
    """Each wrapper's multiple of the engine against :data:`TARGET`, beside its floor (the same
    loop with no tensor computed; for the observer, no observation at all)."""
    print(f"\ntarget: at most {TARGET:.0f}x the engine per decision")
    for name, rows in results.items():
        for row, floor in (
            ("openspiel+tensor", "openspiel, no tensor"),
            ("openspiel+observer", "openspiel"),
            ("pettingzoo", "pettingzoo, no tensor"),
        ):
            if row in rows and floor in rows:
                x, fx = rows[row] / rows["engine"], rows[floor] / rows["engine"]
                verdict = "met" if x <= TARGET else "not met"
                print(
                    f"  {name:>9} {row:>16}: {x:5.1f}x ({verdict}); without the tensor {fx:4.1f}x"
                )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("discovery", "settlers", "both"), default="both")
    parser.add_argument("--games", type=int, default=10, help="games per row (default 10)")
    parser.add_argument("--players", type=int, help="default: 4 (Discovery), 2 (Settlers)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--compare", metavar="REF", help="also run the code of git commit REF")
    parser.add_argument("--json", action="store_true", help="print {game: {row: us}} only")
    args = parser.parse_args(argv)
    names = ("discovery", "settlers") if args.game == "both" else (args.game,)
    results = {}
    for k, name in enumerate(names):
        if k and not args.json:
            print()
        n = args.players or DEFAULT_PLAYERS[name]
        results[name] = bench_game(name, n, args.games, args.seed, quiet=args.json)
    if args.json:
        print(json.dumps(results))
        return 0
    print_targets(results)
    if args.compare:
        same = ["--game", args.game, "--games", str(args.games), "--seed", str(args.seed)]
        if args.players:
            same += ["--players", str(args.players)]
        print_comparison(args.compare, results, measure_commit(args.compare, same))
    return 0


if __name__ == "__main__":
    sys.exit(main())
