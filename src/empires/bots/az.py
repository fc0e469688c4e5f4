"""``az``: an AlphaZero-style search guided by a learned policy-and-value network
(:mod:`empires.bots.net`), for any game reached through :mod:`empires.core.adapter`.

The search is ISMCTS's (:mod:`empires.bots.ismcts`) with the heuristic replaced by the network:
each iteration searches a fresh ``state.determinize(me, rng)`` (so the bot reads nothing its
seat may not see), a tree of information sets keyed by the actions taken (every seat's
decisions are nodes, to any depth), the "subset-armed bandit" (an arm's availability count
replaces its parent's visits). At a node reached for the first time, the network reads the
observation tensor of the seat to move there (from the determinization) once: the softmax of its
logits over the legal codes is the node's prior, and its values (one per seat) are backed up
instead of a rollout's reward. Selection is PUCT::

    Q(a) + c * P(a) * sqrt(avail(a)) / (1 + N(a))

with an unvisited arm's ``Q`` the acting seat's mean over the visited arms less ``fpu``. A
forced move (one legal action) is passed through. A finished game is valued exactly, as the
search's reward (:func:`~empires.bots.ismcts.soft_reward` of the totals with scale 10, or
:func:`~empires.bots.ismcts.solo_reward` in a solo game), which is also what the network was
trained to predict. The move played is the real-legal root child with the most visits (ties:
the higher mean); the search stops early once that child cannot be overtaken (``stop``), as
ISMCTS's does.

**Batched**: ``batch=B`` (default 8) walks B paths before evaluating their leaves in one matrix
product; each path adds a visit (a "virtual loss": a visit with no reward yet) along its way, so
the next path of the batch spreads out. ``batch=1`` is the sequential search.

Without weights for the game and player count (none shipped, or trained on a tensor layout that
has changed since), the prior is uniform and a leaf is valued by the adapter's ``estimate`` (or
the current scores): the search still plays legal moves, without what the network knows
(``net_missing`` says so).

Specs (:func:`from_spec`): ``az`` (100 iterations), ``az:200`` (iterations: deterministic for the
seed), ``az:0.2s`` (seconds per decision), and ``key=value`` tokens: ``c`` (PUCT weight, 1.5),
``fpu`` (0.2), ``batch`` (8), ``stop`` (``early``, ``none`` or a factor), ``clock`` (``wall`` or
``cpu``: count the seconds in CPU time), ``noise`` (a Dirichlet noise fraction mixed into the
root's prior, 0; self-play uses it), ``mix`` (the weight of the adapter's ``estimate`` blended
into the network's value at a leaf, 0), ``plies`` (the tree's depth in choices: at that depth
a node is valued by the network again in each determinization instead of being searched
further; ``none``, the default: unlimited; ``plies=1`` is a flat bandit over the root's moves,
as ISMCTS's default), ``hprior`` (the weight of the heuristic's prior, the softmax of the
adapter's ``action_scores`` as ISMCTS's, blended into the network's at each node: 0 the
network's alone, 1, the default, the heuristic's alone: the network then values the leaves) and
``gap`` (play the heuristic's favourite without a search when it leads the runner-up by that
many points, as ISMCTS's ``gap``; 1 by default, ``none``: always search). ``az:hprior=0:gap=none``
is the AlphaZero search of the network alone, as ``empires train`` plays it. No torch is
imported here.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from empires.bots import net as netmod
from empires.bots.ismcts import (
    DEFAULT_TEMPERATURE,
    adapter_or_none,
    clear_lead,
    soft_reward,
    softmax,
    solo_reward,
    spec_number,
    spec_stop,
)
from empires.core.rng import Rng

DEFAULT_ITERATIONS = 100
DEFAULT_C = 1.5
DEFAULT_FPU = 0.2
DEFAULT_BATCH = 8
# Play's defaults: the heuristic's prior and its clear favourites (the shipped networks' policy
# imitates the heuristic only in part; their values are what the search takes from them).
# Training's self-play and gate use the network's own prior and always search (hprior=0, gap=None).
DEFAULT_HPRIOR = 1.0
DEFAULT_GAP = 1.0
PURE: dict[str, Any] = {"hprior": 0.0, "gap": None}  # AZBot(..., **PURE): the network alone
REWARD_SCALE = 10.0  # soft_reward's scale, as ISMCTS's default: what the network learns
NOISE_ALPHA = 0.3
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


class _Node:
    """An information set of the tree. ``player`` chose ``action`` at the parent; ``total`` sums
    that seat's rewards over ``visits``; ``avail`` counts the parent's visits in which the
    action was legal. ``logits`` (the network's, for the seat to move here) once evaluated;
    ``prior`` caches the softmax over the last legal codes seen (``prior_key``)."""

    __slots__ = (
        "action",
        "player",
        "children",
        "visits",
        "avail",
        "total",
        "logits",
        "prior_key",
        "prior",
    )

    def __init__(self, action: Any = None, player: int = -1) -> None:
        self.action = action
        self.player = player
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.logits: np.ndarray | None = None
        self.prior_key: tuple | None = None
        self.prior: dict[Any, float] = {}


def terminal_reward(d: Any, n: int) -> list[float]:
    """The reward per seat of a finished game (or of a position valued by its scores)."""
    totals = [float(row["total"]) for row in d.scores()]
    if n == 1:
        won = (1.0 if d.ranking() else 0.0) if d.is_terminal() else 0.5
        return [solo_reward(won, totals[0], REWARD_SCALE)]
    return soft_reward(totals, REWARD_SCALE)


def legal_codes(state: Any, adapter: Any) -> list[int]:
    """The integer codes of ``state.legal_actions()`` in the game's fixed action space."""
    get = getattr(state, "legal_action_codes", None)
    if get is not None:
        return list(get())
    n = state.num_players
    table = {adapter.decode(c, n): c for c in range(adapter.action_space_size(n))}
    return [table[a] for a in state.legal_actions()]


class AZBot:
    """PUCT over determinizations with a policy-and-value network (module docstring)."""

    name = "az"

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = DEFAULT_C,
        fpu: float = DEFAULT_FPU,
        batch: int = DEFAULT_BATCH,
        early_stop: float | None = 1.0,
        clock: str = "wall",
        noise: float = 0.0,
        mix: float = 0.0,
        plies: int | None = None,
        hprior: float = DEFAULT_HPRIOR,
        gap: float | None = DEFAULT_GAP,
        nets: dict[int, netmod.PolicyValueNet] | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ValueError(f"az: iterations must be at least 1, got {iterations}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"az: seconds must be positive, got {seconds}")
        if not (math.isfinite(c) and c >= 0):
            raise ValueError(f"az: c must be >= 0, got {c}")
        if not math.isfinite(fpu):
            raise ValueError(f"az: fpu must be a number, got {fpu}")
        if batch < 1:
            raise ValueError(f"az: batch must be at least 1, got {batch}")
        if early_stop is not None and not (math.isfinite(early_stop) and early_stop > 0):
            raise ValueError(f"az: stop factor must be positive, got {early_stop}")
        if clock not in CLOCKS:
            raise ValueError(f"az: clock must be one of {', '.join(CLOCKS)}, got {clock!r}")
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"az: noise must be in [0, 1], got {noise}")
        self.seed = seed
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.fpu = fpu
        self.batch = batch
        self.early_stop = early_stop
        self.clock = clock
        self._now = CLOCKS[clock]
        self.noise = noise
        if not 0.0 <= mix <= 1.0:
            raise ValueError(f"az: mix must be in [0, 1], got {mix}")
        self.mix = mix
        if plies is not None and plies < 1:
            raise ValueError(f"az: plies must be at least 1, got {plies}")
        self.plies = plies
        if not 0.0 <= hprior <= 1.0:
            raise ValueError(f"az: hprior must be in [0, 1], got {hprior}")
        self.hprior = hprior
        if gap is not None and not (math.isfinite(gap) and gap > 0):
            raise ValueError(f"az: gap must be positive or none, got {gap}")
        self.gap = gap
        self.nets = nets  # player count -> net; None: the shipped weights of the state's game
        self.last_iterations = 0
        self.last_root: _Node | None = None
        self.net_missing = False  # the last search had no network (uniform prior, estimate)

    def __repr__(self) -> str:
        budget = (
            f"iterations={self.iterations}" if self.seconds is None else f"seconds={self.seconds}"
        )
        return f"AZBot({budget}, c={self.c}, batch={self.batch}, rng_state={self.rng.state})"

    def net_for(self, state: Any) -> netmod.PolicyValueNet | None:
        n = state.num_players
        if self.nets is not None:
            return self.nets.get(n)
        adapter = adapter_or_none(state)
        return None if adapter is None else netmod.load_net(adapter.name, n)

    # ---- entry points ------------------------------------------------------------------------
    def choose(self, state: Any) -> Any:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("AZBot: no legal action to choose from")
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        if self.gap is not None:
            clear = self._clear_favourite(state)
            if clear is not None:
                self.last_iterations = 0
                self.last_root = None
                return clear
        root = self.search(state)
        return best_action(root, legal)

    def _clear_favourite(self, state: Any) -> Any:
        """The heuristic's favourite when it leads the runner-up by ``gap`` (scored on a
        determinization: the seat's own observation), else None."""
        adapter = adapter_or_none(state)
        if adapter is None:
            return None
        d = state.determinize(state.current_player, self.rng)
        d.narrate = False
        best = clear_lead(adapter.action_scores(d), self.gap)
        return None if best is None else d.legal_actions()[best]

    def visit_policy(self, state: Any) -> tuple[list[Any], list[float]]:
        """Search ``state`` and return its legal actions with the root's visit shares (the
        self-play policy target; uniform when no legal child was visited)."""
        legal = state.legal_actions()
        root = self.search(state) if len(legal) > 1 else _Node()
        visits = [root.children[a].visits if a in root.children else 0 for a in legal]
        total = sum(visits)
        if total == 0:
            return legal, [1.0 / len(legal)] * len(legal)
        return legal, [v / total for v in visits]

    def search(self, state: Any) -> _Node:
        """Run the search from ``state`` (the searching seat is its ``current_player``) and
        return the root of the tree."""
        if not callable(getattr(state, "determinize", None)):
            raise TypeError(f"AZBot needs a state with determinize(observer, rng); {state!r}")
        search = _Search(self, state)
        root = _Node()
        self.last_root = root
        self.net_missing = search.net is None
        real_legal = frozenset(state.legal_actions())
        deadline = None if self.seconds is None else self._now() + self.seconds
        started = self._now()
        done = 0
        while not self._finished(root, done, deadline, started, real_legal):
            k = self.batch if root.logits is not None else 1  # the root is evaluated once
            if self.iterations is not None:
                k = min(k, self.iterations - done)
            search.run_batch(state, root, k)
            done += k
        self.last_iterations = done
        if root.logits is not None:  # the prior over the real legal actions (best_action's
            search.prior(state, root, state.legal_actions())  # fallback, the coach's reading)
        return root

    def _finished(
        self, root: _Node, done: int, deadline: float | None, started: float, real: frozenset
    ) -> bool:
        """Whether the budget is spent or (``stop``) the most-visited real-legal root child
        leads the runner-up by more than the iterations still to come."""
        if self.iterations is not None and done >= self.iterations:
            return True
        now = self._now()
        if deadline is not None and done > 0 and now >= deadline:
            return True
        if self.early_stop is None or done < 2:
            return False
        visits = sorted((ch.visits for a, ch in root.children.items() if a in real), reverse=True)
        top = visits[0] if visits else 0
        second = visits[1] if len(visits) > 1 else 0
        if self.iterations is not None:
            remaining = float(self.iterations - done)
        elif deadline is not None:
            remaining = done * (deadline - now) / max(now - started, 1e-9)
        else:
            raise AssertionError("unreachable: a bot without an iteration budget has a time one")
        return top - second > self.early_stop * remaining


def best_action(root: _Node, legal: list) -> Any:
    """The real-legal root child with the most visits (ties: the higher mean, then the first in
    ``legal``); the highest prior when none was visited."""
    best = None
    best_key = None
    for a in legal:
        ch = root.children.get(a)
        if ch is None or not ch.visits:
            continue
        key = (ch.visits, ch.total / ch.visits)
        if best_key is None or key > best_key:
            best, best_key = a, key
    if best is None:
        prior = root.prior
        best = max(legal, key=lambda a: prior.get(a, 0.0)) if prior else legal[0]
    return best


class _Leaf:
    """A path waiting for its leaf's evaluation in a batch."""

    __slots__ = ("path", "state", "player")

    def __init__(self, path: list[_Node], state: Any, player: int) -> None:
        self.path = path
        self.state = state
        self.player = player


class _Search:
    """One decision's search: the bot's settings, the game's adapter and its network."""

    def __init__(self, bot: AZBot, state: Any) -> None:
        self.bot = bot
        self.me = state.current_player
        self.n = state.num_players
        adapter = adapter_or_none(state)
        if adapter is None:
            raise TypeError(f"AZBot plays the games of empires.core.adapter, not {state!r}")
        self.adapter = adapter
        self.net = bot.net_for(state)
        self.rng = bot.rng
        self.c = bot.c
        self.fpu = bot.fpu
        self.noise = bot.noise
        self.mix = bot.mix
        self.plies = bot.plies
        self.hprior = bot.hprior
        self.width = adapter.action_space_size(self.n)

    def run_batch(self, state: Any, root: _Node, k: int) -> None:
        """``k`` iterations: walk ``k`` paths (each its own determinization, visits added on the
        way), then evaluate the leaves that need the network in one batch and back up."""
        pending: list[_Leaf] = []
        for _ in range(k):
            d = state.determinize(self.me, self.rng)
            d.narrate = False
            path = self.select(d, root)
            if d.is_terminal() or d.current_player < 0 or not d.legal_actions():
                _backup(path, terminal_reward(d, self.n))
            else:  # a node not evaluated yet (select walks on through evaluated ones)
                pending.append(_Leaf(path, d, d.current_player))
        if pending:
            self.evaluate(pending, root)

    def evaluate(self, pending: list[_Leaf], root: _Node) -> None:
        """Evaluate the waiting leaves (one forward pass) and back up their values."""
        net = self.net
        if net is None:
            for leaf in pending:
                node = leaf.path[-1]
                if node.logits is None:  # a uniform prior
                    node.logits = np.zeros(self.width, np.float32)
                _backup(leaf.path, self._estimate(leaf.state))
            return
        adapter = self.adapter
        x = np.empty((len(pending), net.input_size), np.float32)
        for i, leaf in enumerate(pending):
            adapter.observation_tensor(leaf.state, leaf.player, x[i])
        logits, values = net.forward(x)
        for i, leaf in enumerate(pending):
            node = leaf.path[-1]
            if node.logits is None:
                row = logits[i].copy()
                if node is root and self.noise > 0:
                    row = self._noisy(row, leaf.state)
                node.logits = row
            value = netmod.absolute_values(values[i], leaf.player)
            if self.mix > 0:  # blended with the adapter's estimate
                est = self._estimate(leaf.state)
                value = [(1 - self.mix) * v + self.mix * e for v, e in zip(value, est, strict=True)]
            _backup(leaf.path, value)

    def _noisy(self, logits: np.ndarray, d: Any) -> np.ndarray:
        """The root's logits with Dirichlet noise mixed into its prior over the legal codes."""
        codes = legal_codes(d, self.adapter)
        p = netmod.legal_prior(logits, codes)
        gen = np.random.default_rng(self.rng.next_u64())
        eta = gen.dirichlet([NOISE_ALPHA] * len(codes))
        mixed = (1 - self.noise) * p + self.noise * eta
        out = np.full_like(logits, -1e9)
        out[np.asarray(codes, dtype=np.intp)] = np.log(np.maximum(mixed, 1e-12))
        return out

    def _estimate(self, d: Any) -> list[float]:
        """A leaf's reward without a network: the adapter's estimate of the totals."""
        totals = self.adapter.estimate(d)
        if totals is None:
            return terminal_reward(d, self.n)
        if self.n == 1:
            return [solo_reward(0.5, totals[0], REWARD_SCALE)]
        return soft_reward(list(totals), REWARD_SCALE)

    # ---- selection ---------------------------------------------------------------------------
    def select(self, d: Any, root: _Node) -> list[_Node]:
        """Walk ``d`` down the tree from ``root`` through evaluated nodes (forced moves pass
        through), adding a visit to each node on the way; the path, ending at a node not yet
        evaluated or at the end of the game."""
        node = root
        path = [root]
        root.visits += 1
        ply = 0
        while True:
            if d.current_player < 0 or d.is_terminal():
                break
            legal = d.legal_actions()
            if not legal:
                break
            player = d.current_player
            if len(legal) == 1:
                node = _child(node, legal[0], player)
            elif node.logits is None or (self.plies is not None and ply >= self.plies):
                break  # a new leaf, or the tree's depth: the network evaluates it
            else:
                ply += 1
                node = self._puct(d, node, legal, player)
            d.apply(node.action)
            node.visits += 1
            path.append(node)
        return path

    def prior(self, d: Any, node: _Node, legal: list) -> dict[Any, float]:
        """The node's prior over ``legal`` (the actions of ``d``'s seat to move)."""
        codes = legal_codes(d, self.adapter)
        key = tuple(codes)
        if node.prior_key != key:
            logits = node.logits
            if logits is None:
                raise AssertionError("unreachable: PUCT runs at evaluated nodes")
            node.prior = dict(zip(legal, self._blended(d, logits, codes), strict=True))
            node.prior_key = key
        return node.prior

    def _blended(self, d: Any, logits: np.ndarray, codes: list[int]) -> list[float]:
        """The prior over ``d``'s legal actions: the network's (``hprior=0``), the heuristic's
        as ISMCTS's (``hprior=1``: the network's is not computed), or the two blended."""
        w = self.hprior
        if w <= 0:
            return netmod.legal_prior(logits, codes).tolist()
        heuristic = softmax(self.adapter.action_scores(d), DEFAULT_TEMPERATURE)
        if w >= 1:
            return heuristic
        net = netmod.legal_prior(logits, codes).tolist()
        return [(1 - w) * p + w * q for p, q in zip(net, heuristic, strict=True)]

    def _puct(self, d: Any, node: _Node, legal: list, player: int) -> _Node:
        prior = self.prior(d, node, legal)
        children = node.children
        vsum = 0
        tsum = 0.0
        for a in legal:
            ch = children.get(a)
            if ch is None:
                ch = children[a] = _Node(a, player)
            ch.avail += 1
            if ch.visits:
                vsum += ch.visits
                tsum += ch.total
        fpu = (tsum / vsum if vsum else 0.5) - self.fpu
        c = self.c
        best = None
        best_v = -1e300
        for a in legal:
            ch = children[a]
            nv = ch.visits
            q = ch.total / nv if nv else fpu
            v = q + c * prior[a] * math.sqrt(ch.avail) / (1 + nv)
            if v > best_v:
                best, best_v = ch, v
        if best is None:
            raise AssertionError("unreachable: there is a legal action, hence a best child")
        return best


def _child(node: _Node, a: Any, player: int) -> _Node:
    child = node.children.get(a)
    if child is None:
        child = node.children[a] = _Node(a, player)
    child.avail += 1
    return child


def _backup(path: list[_Node], reward: list[float]) -> None:
    """Add the reward of the seat that chose each node's action along ``path`` (the visits were
    added on the way down)."""
    for nd in path:
        if nd.player >= 0:
            nd.total += reward[nd.player]


_SPEC_KEYS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "c": ("c", spec_number),
    "fpu": ("fpu", spec_number),
    "batch": ("batch", int),
    "stop": ("early_stop", spec_stop),
    "clock": ("clock", str),
    "noise": ("noise", spec_number),
    "mix": ("mix", spec_number),
    "plies": ("plies", lambda x: None if x == "none" else int(x)),
    "hprior": ("hprior", spec_number),
    "gap": ("gap", lambda x: None if x == "none" else spec_number(x)),
}


def from_spec(spec: str, seed: int) -> AZBot:
    """Build an :class:`AZBot` from ``az``, ``az:200``, ``az:0.2s``, ``az:0.2s:clock=cpu``,
    ``az:400:c=2:batch=1``... (see the module docstring); ValueError on anything else."""
    if not isinstance(spec, str):
        raise ValueError(f"an az spec must be a string, got {type(spec).__name__}")
    head, *tokens = [t.strip() for t in spec.strip().lower().split(":")]
    if head != "az":
        raise ValueError(f"not an az spec: {spec!r}")
    kwargs: dict[str, Any] = {}
    for tok in tokens:
        key, eq, value = tok.partition("=")
        try:
            if tok.isdigit():
                kwargs["iterations"] = int(tok)
            elif tok.endswith("s") and not eq and tok[:-1]:
                kwargs["seconds"] = spec_number(tok[:-1])
            elif eq and key in _SPEC_KEYS:
                name, parse = _SPEC_KEYS[key]
                kwargs[name] = parse(value)
            else:
                raise ValueError(
                    f"bad az spec {spec!r}: {tok!r} is not understood (iterations N, seconds "
                    "Ns, c=X, fpu=F, batch=B, stop=early|none|F, clock=wall|cpu, noise=X, mix=W, plies=N, "
                    "hprior=W, gap=G|none)"
                )
        except ValueError as exc:
            if str(exc).startswith("bad az spec"):
                raise
            raise ValueError(f"bad az spec {spec!r}: {tok!r} is not a valid number") from None
    try:
        return AZBot(seed, **kwargs)
    except ValueError as exc:
        raise ValueError(f"bad az spec {spec!r}: {exc}") from None


__all__ = ["PURE", "AZBot", "best_action", "from_spec", "legal_codes", "terminal_reward"]
