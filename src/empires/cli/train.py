"""``empires train GAME``: train the ``az`` bot's policy-and-value networks by self-play.

Expert iteration, AlphaZero style, one network per player count (:mod:`empires.bots.net`):

1. **Self-play data.** Generation 0 learns from a teacher: ``heuristic`` (the game's heuristic
   plays, one move in ten drawn from its prior instead; the policy target is its choice, 3/4,
   plus 1/4 of the softmax of its action scores, the prior ISMCTS uses) or ``ismcts:N`` (its
   root visit shares; where it played without searching, its choice as the heuristic's). Later generations play the ``az`` bot with the
   current network (``--iterations`` per decision, Dirichlet noise at the root, moves drawn from
   the visit shares for the first ``--explore`` decisions), the target its root visit shares.
   Each position records the deciding seat's observation tensor, the target over its legal
   codes, and the game's result seen from that seat (:func:`empires.bots.az.terminal_reward`,
   seats rotated: :func:`empires.bots.net.relative`).
2. **Fit** (PyTorch, the ``train`` extra, imported only here): masked cross-entropy on the policy,
   binary cross-entropy on the values, Adam; on a GPU when there is one (``--device``).
3. **Gate**: the new network plays ``--eval-games`` games against the previous one (``az`` with
   each, seats rotated: the new one in one seat); it replaces it when it wins at least its
   fair share (1/N of the games; solo: a mean reward, mostly wins and a little the score, at
   least the previous one's on the same seeds).
4. The weights (float16) go to ``--out``, merged with the counts already in that file.

Everything is seeded from ``--seed``: a run with the same flags writes the same file on the same
machine (torch runs on one thread by default; ``--threads``).
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.text import Text

from empires.bots import net as netmod
from empires.bots.az import PURE, AZBot, best_action, legal_codes, terminal_reward
from empires.bots.ismcts import ISMCTSBot, softmax
from empires.cli import common
from empires.cli.common import CliError
from empires.core.rng import Rng

TEACHER_SOFT = 0.25  # the share of the heuristic's softmax in a generation-0 target


def add_parser(sub) -> None:
    p = common.subcommand(
        sub,
        "train",
        "train the az bot's networks by self-play (needs the train extra: PyTorch)",
        [
            "empires train discovery --players 2 --games 200 --generations 2 --out discovery.npz",
            "empires train settlers --players 1 --games 50 --iterations 32",
        ],
    )
    common.add_game_parsers(p, _add_flags, cmd_train, game_examples)


def game_examples(game) -> list[str]:
    n = max(game.min_players, 2)
    return [
        f"empires train {game.name} --players {n} --games 100 --out {game.name}.npz",
        f"empires train {game.name} --games 20 --generations 3 --iterations 32 --seed 1",
    ]


def _add_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", help="player counts to train, comma-separated (default: all)")
    p.add_argument("--games", type=int, default=100, help="self-play games per generation")
    p.add_argument("--generations", type=int, default=1, help="generations (default 1)")
    p.add_argument("--iterations", type=int, default=32, help="az iterations per decision")
    p.add_argument("--teacher", default="heuristic", help="generation 0: heuristic | ismcts:N")
    p.add_argument("--explore", type=int, default=30, help="decisions drawn from visit shares")
    p.add_argument("--hidden", type=int, default=64, help="hidden units per layer (default 64)")
    p.add_argument("--epochs", type=int, default=4, help="passes over the data per generation")
    p.add_argument("--eval-games", type=int, default=8, help="gating games (default 8)")
    p.add_argument("--max-samples", type=int, default=60000, help="positions kept per count")
    p.add_argument("--device", default="auto", help="auto (a GPU when present) | cpu | cuda")
    p.add_argument("--threads", type=int, default=1, help="torch CPU threads (default 1)")
    p.add_argument("--seed", type=int, default=0, help="seed of everything (default 0)")
    p.add_argument("--out", help="weights file to write (default GAME.npz here)")


# ---- self-play data (numpy only) ---------------------------------------------------------------
@dataclass
class Samples:
    """Positions of one player count: tensors (float16), legal codes, policy targets over them,
    value targets relative to the deciding seat."""

    x: list[np.ndarray] = field(default_factory=list)
    codes: list[np.ndarray] = field(default_factory=list)
    policy: list[np.ndarray] = field(default_factory=list)
    value: list[np.ndarray] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.x)

    def extend(self, other: Samples) -> None:
        self.x += other.x
        self.codes += other.codes
        self.policy += other.policy
        self.value += other.value

    def last(self, k: int) -> Samples:
        return Samples(self.x[-k:], self.codes[-k:], self.policy[-k:], self.value[-k:])


def _record(out: Samples, adapter: Any, state: Any, policy: list[float]) -> int:
    """Add the position of ``state`` (its seat to move) with ``policy`` over its legal actions;
    the value is filled in when the game ends. Returns the seat."""
    p = state.current_player
    out.x.append(adapter.observation_tensor(state, p).astype(np.float16))
    out.codes.append(np.asarray(legal_codes(state, adapter), np.int32))
    pi = np.asarray(policy, np.float32)
    out.policy.append(pi / pi.sum())
    return p


def _finish(out: Samples, seats: list[int], state: Any) -> None:
    rewards = terminal_reward(state, state.num_players)
    for p in seats:
        out.value.append(np.asarray(netmod.relative(rewards, p), np.float32))


def teacher_game(adapter: Any, n: int, seed: int, teacher: str, options: Any = None) -> Samples:
    """One generation-0 game played by ``teacher`` (``heuristic`` or ``ismcts:N``) in every
    seat; its positions with the teacher's policy targets."""
    state = adapter.new_game(n, seed, options)
    state.narrate = False
    rng = np.random.default_rng(seed)
    heur = [adapter.heuristic_bot(seed * 31 + i) for i in range(n)]
    search = None
    if teacher != "heuristic":
        search = [_ismcts(teacher, seed * 31 + i) for i in range(n)]
    out = Samples()
    seats: list[int] = []
    while not state.is_terminal():
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        prior = softmax(list(adapter.action_scores(state)), 1.0)
        if search is None:
            move = heur[state.current_player].choose(state)
            policy = _sharpen(prior, legal.index(move))
            if rng.random() < 0.1:  # explore: a move drawn from the prior
                move = legal[int(rng.choice(len(legal), p=np.asarray(prior) / sum(prior)))]
        else:
            bot = search[state.current_player]
            move = bot.choose(state)
            policy = _visit_shares(bot, legal) or _sharpen(prior, legal.index(move))
        seats.append(_record(out, adapter, state, policy))
        state.apply(move)
    _finish(out, seats, state)
    return out


def _sharpen(prior: list[float], chosen: int) -> list[float]:
    """The teacher's target: its choice, with a quarter of the weight on the heuristic's
    softmax (alone, that prior is flat: its top action holds about half of it in Discovery and
    a third in Imperial Settlers)."""
    out = [TEACHER_SOFT * p for p in prior]
    out[chosen] += 1.0 - TEACHER_SOFT
    return out


def _ismcts(spec: str, seed: int) -> ISMCTSBot:
    from empires.bots.ismcts import from_spec

    try:
        return from_spec(spec, seed)
    except ValueError as exc:
        raise CliError(f"--teacher: {exc}") from None


def _visit_shares(bot: ISMCTSBot, legal: list) -> list[float] | None:
    root = bot.last_root
    if bot.last_fallback or root is None:
        return None
    visits = [root.children[a].visits if a in root.children else 0 for a in legal]
    total = sum(visits)
    return [v / total for v in visits] if total else None


def selfplay_game(
    adapter: Any,
    n: int,
    seed: int,
    nets: dict[int, netmod.PolicyValueNet] | None,
    iterations: int,
    explore: int = 30,
    options: Any = None,
) -> Samples:
    """One self-play game of the ``az`` bot with ``nets`` in every seat (root noise, the first
    ``explore`` moves drawn from the visit shares; the whole budget spent: the first iteration
    evaluates the root, the others visit its children); its positions with the visit-share
    targets."""
    state = adapter.new_game(n, seed, options)
    state.narrate = False
    rng = np.random.default_rng(seed)
    bots = [
        AZBot(seed * 31 + i, iterations=iterations, nets=nets, noise=0.25, early_stop=None, **PURE)
        for i in range(n)
    ]
    out = Samples()
    seats: list[int] = []
    moves = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        bot = bots[state.current_player]
        legal, policy = bot.visit_policy(state)
        seats.append(_record(out, adapter, state, policy))
        if moves < explore:
            move = legal[int(rng.choice(len(legal), p=np.asarray(policy) / sum(policy)))]
        else:
            move = best_action(bot.last_root, legal) if bot.last_root is not None else legal[0]
        state.apply(move)
        moves += 1
    _finish(out, seats, state)
    return out


# ---- gating --------------------------------------------------------------------------------------
def gate(
    adapter: Any,
    n: int,
    new: netmod.PolicyValueNet,
    old: netmod.PolicyValueNet | None,
    games: int,
    iterations: int,
    seed: int,
    options: Any = None,
) -> tuple[float, float, bool]:
    """Play ``games`` games of ``az`` with ``new`` (one seat, rotated) against ``az`` with
    ``old`` (the others; a solo game: each net on the same seeds): (new's score, the score it
    needs, whether it replaces ``old``). A score is the share of games won (ties shared); in a
    solo game, the mean reward (:func:`~empires.bots.az.terminal_reward`: mostly the wins, a
    little the score), which must be at least the old net's."""
    if old is None or games <= 0:
        return 1.0, 0.0, True

    def play(game_seed: int, nets_by_seat: list[netmod.PolicyValueNet]) -> Any:
        state = adapter.new_game(n, game_seed, options)
        state.narrate = False
        bots = [
            AZBot(game_seed * 7 + i, iterations=iterations, nets={n: nets_by_seat[i]}, **PURE)
            for i in range(n)
        ]
        while not state.is_terminal():
            state.apply(bots[state.current_player].choose(state))
        return state

    if n == 1:  # the mean solo reward (mostly the wins, a little the score) on the same seeds
        rewards = {"new": 0.0, "old": 0.0}
        for g in range(games):
            for name, net in (("new", new), ("old", old)):
                rewards[name] += terminal_reward(play(seed + g, [net]), 1)[0] / games
        return rewards["new"], rewards["old"], rewards["new"] >= rewards["old"]
    won = 0.0
    for g in range(games):
        seat = g % n
        state = play(seed + g, [new if i == seat else old for i in range(n)])
        top = state.ranking()[0]
        won += 1.0 / len(top) if seat in top else 0.0
    score = won / games
    return score, 1.0 / n, score >= 1.0 / n


# ---- fitting (PyTorch, imported only here) -------------------------------------------------------
def _torch() -> Any:
    try:
        import torch
    except ImportError:
        raise CliError(
            "empires train needs PyTorch: pip install 'empires[train]' (the az bot plays "
            "without it)"
        ) from None
    return torch


def _device(torch: Any, name: str) -> Any:
    if name == "auto":
        name = "cuda" if torch.cuda.is_available() else "cpu"
    if name not in ("cpu", "cuda"):
        raise CliError(f"--device must be auto, cpu or cuda, not {name!r}")
    if name == "cuda" and not torch.cuda.is_available():
        raise CliError("--device cuda: no GPU is available to PyTorch")
    return torch.device(name)


def _model(torch: Any, d: int, a: int, n: int, hidden: int, init: netmod.PolicyValueNet | None):
    nn = torch.nn
    model = nn.ModuleDict(
        {
            "l0": nn.Linear(d, hidden),
            "l1": nn.Linear(hidden, hidden),
            "lp": nn.Linear(hidden, a),
            "lv": nn.Linear(hidden, n),
        }
    )
    if init is not None and init.w0.shape == (d, hidden):
        with torch.no_grad():
            for layer, (w, b) in zip(
                ("l0", "l1", "lp", "lv"),
                (("w0", "b0"), ("w1", "b1"), ("wp", "bp"), ("wv", "bv")),
                strict=True,
            ):
                model[layer].weight.copy_(torch.from_numpy(getattr(init, w).T.copy()))
                model[layer].bias.copy_(torch.from_numpy(getattr(init, b).copy()))
    return model


def _heads(torch: Any, model: Any, x: Any) -> tuple[Any, Any]:
    h = torch.relu(model["l1"](torch.relu(model["l0"](x))))
    return model["lp"](h), model["lv"](h)


def _batch(samples: Samples, idx: np.ndarray, a: int) -> tuple[np.ndarray, ...]:
    """Dense arrays of the positions ``idx``: tensors, policy targets, legal masks, values."""
    x = np.stack([samples.x[i] for i in idx]).astype(np.float32)
    p = np.zeros((len(idx), a), np.float32)
    m = np.zeros((len(idx), a), bool)
    for row, i in enumerate(idx):
        p[row, samples.codes[i]] = samples.policy[i]
        m[row, samples.codes[i]] = True
    v = np.stack([samples.value[i] for i in idx])
    return x, p, m, v


def fit(
    samples: Samples,
    game: str,
    n: int,
    *,
    init: netmod.PolicyValueNet | None = None,
    hidden: int = 64,
    epochs: int = 4,
    seed: int = 0,
    device: str = "auto",
    threads: int = 1,
    batch_size: int = 256,
) -> tuple[netmod.PolicyValueNet, dict]:
    """Train a net on ``samples`` (starting from ``init`` when it has the same sizes); the net
    and the last epoch's mean losses."""
    torch = _torch()
    torch.manual_seed(seed)
    torch.set_num_threads(max(1, threads))
    dev = _device(torch, device)
    d = samples.x[0].shape[0]
    a = get_action_size(game, n)
    model = _model(torch, d, a, n, hidden, init).to(dev)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3, weight_decay=1e-4)
    bce = torch.nn.BCEWithLogitsLoss()
    rng = np.random.default_rng(seed)
    losses = {"policy": 0.0, "value": 0.0}
    for _ in range(epochs):
        order = rng.permutation(len(samples))
        sums = [0.0, 0.0]
        for start in range(0, len(order), batch_size):
            x, p, m, v = (
                torch.from_numpy(t).to(dev)
                for t in _batch(samples, order[start : start + batch_size], a)
            )
            logits, vlogit = _heads(torch, model, x)
            logp = torch.log_softmax(logits.masked_fill(~m, -1e9), dim=1)
            lp = -(p * logp.masked_fill(~m, 0.0)).sum(1).mean()
            lv = bce(vlogit, v)
            opt.zero_grad()
            (lp + lv).backward()
            opt.step()
            sums[0] += float(lp.detach()) * len(x)
            sums[1] += float(lv.detach()) * len(x)
        losses = {"policy": sums[0] / len(order), "value": sums[1] / len(order)}
    return _export(model, n), losses


def _export(model: Any, n: int) -> netmod.PolicyValueNet:
    arrays = {}
    for layer, w, b in (
        ("l0", "w0", "b0"),
        ("l1", "w1", "b1"),
        ("lp", "wp", "bp"),
        ("lv", "wv", "bv"),
    ):
        arrays[w] = model[layer].weight.detach().cpu().numpy().T.copy()
        arrays[b] = model[layer].bias.detach().cpu().numpy().copy()
    return netmod.PolicyValueNet(arrays, n)


def get_action_size(game: str, n: int) -> int:
    return common.adapter(game).action_space_size(n)


# ---- the command ---------------------------------------------------------------------------------
def _counts(adapter: Any, text: str | None) -> list[int]:
    if not text:
        return list(range(adapter.min_players, adapter.max_players + 1))
    try:
        counts = [int(t) for t in text.split(",") if t.strip()]
    except ValueError:
        raise CliError(f"--players: comma-separated player counts, not {text!r}") from None
    for n in counts:
        common.check_players(adapter, n)
    return counts


def _check(args: argparse.Namespace) -> None:
    for flag in ("games", "generations", "iterations", "hidden", "epochs", "max_samples"):
        if getattr(args, flag) < 1:
            raise CliError(f"--{flag.replace('_', '-')} must be at least 1")
    if args.eval_games < 0 or args.explore < 0 or args.threads < 1:
        raise CliError("--eval-games and --explore must be >= 0, --threads >= 1")
    if args.teacher != "heuristic" and not args.teacher.startswith("ismcts"):
        raise CliError(f"--teacher must be heuristic or ismcts:N, not {args.teacher!r}")


def cmd_train(args: argparse.Namespace, console: Console) -> int:
    _check(args)
    adapter = common.adapter(args.game)
    opts = common.options(adapter, args)
    counts = _counts(adapter, args.players)
    _torch()  # fail before any game is played when PyTorch is missing
    out = Path(args.out or f"{args.game}.npz")
    nets: dict[int, netmod.PolicyValueNet] = {}
    log: dict[str, list] = {}  # player count -> one entry per generation, those of the file first
    if out.is_file():
        try:
            nets = netmod.nets_from_file(out, args.game)
            log = netmod.read_weights(out)[0].get("info", {}).get("counts", {})
        except (ValueError, OSError, KeyError) as exc:
            raise CliError(f"{out}: not a weights file of {args.game}: {exc}") from None
        log = {k: v for k, v in log.items() if int(k) in nets}
    for n in counts:
        before = log.get(str(n), []) if n in nets else []
        nets[n], entries = train_count(args, adapter, n, nets.get(n), opts, console, len(before))
        log[str(n)] = before + entries
    netmod.save_weights(out, args.game, nets, {"counts": log})
    console.print(Text(f"Weights written to {out}.", style="dim"))
    return 0


def train_count(
    args: argparse.Namespace,
    adapter: Any,
    n: int,
    current: netmod.PolicyValueNet | None,
    opts: Any,
    console: Console,
    first: int = 0,
) -> tuple[netmod.PolicyValueNet, list]:
    """The generations of one player count (numbered from ``first``: those the weights file
    already went through); the network kept and one log entry per generation."""
    buffer = Samples()
    log = []
    for gen in range(args.generations):
        t0 = time.process_time()
        base = args.seed * 1_000_003 + n * 100_003 + (first + gen) * 10_007
        data = Samples()
        for g in range(args.games):
            if current is None:
                data.extend(teacher_game(adapter, n, base + g, args.teacher, opts))
            else:
                data.extend(
                    selfplay_game(
                        adapter, n, base + g, {n: current}, args.iterations, args.explore, opts
                    )
                )
        buffer.extend(data)
        buffer = buffer.last(args.max_samples)
        new, losses = fit(
            buffer,
            args.game,
            n,
            init=current,
            hidden=args.hidden,
            epochs=args.epochs,
            seed=Rng(base).next_u64() % 2**31,
            device=args.device,
            threads=args.threads,
        )
        score, need, ok = gate(
            adapter, n, new, current, args.eval_games, args.iterations, base + 5_000, opts
        )
        source = "az" if current is not None else args.teacher
        if ok:
            current = new
        entry = {
            "generation": first + gen,
            "seed": args.seed,
            "games": args.games,
            "iterations": args.iterations if source == "az" else None,
            "data": source,
            "positions": len(data),
            "buffer": len(buffer),
            "policy_loss": round(losses["policy"], 4),
            "value_loss": round(losses["value"], 4),
            "gate_score": round(score, 3),
            "gate_needed": round(need, 3),
            "accepted": ok,
            "cpu_s": round(time.process_time() - t0, 1),
        }
        log.append(entry)
        console.print(f"{args.game} {n}p gen {first + gen}: " + json.dumps(entry), soft_wrap=True)
    if current is None:
        raise AssertionError("unreachable: generation 0 is always accepted")
    return current, log
