"""Information-Set Monte Carlo Tree Search (single observer), for any game of :mod:`empires.core`.

SO-ISMCTS after Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE
TCIAIG 2012), guided by the game's heuristic bot. The bot is written against the core
:class:`~empires.core.game.GameState` protocol; it needs ``determinize(observer, rng)`` besides
the usual methods, and reaches the game's knowledge only through its adapter
(:func:`empires.core.adapter.adapter_of`): its heuristic bot for the rollouts, its
``action_scores`` for the prior and the fallback, its ``estimate`` for cut-short rollouts. A state
of a game with no adapter registered is searched with random rollouts and no prior.

One decision:

0. **Fallback**: the heuristic scores the legal actions from the searching seat's observation
   (read from a determinization, whose observation for that seat is the real one). If its best
   action leads the second by at least ``gap`` (in the heuristic's "VP equivalents"), that
   action is played without search (``last_fallback``). A decision with a single legal action
   is returned at once.

Then each iteration:

1. **Determinize**: ``d = state.determinize(me, rng)``, a copy of the game in which everything
   the searching seat cannot see is resampled consistently with what it has seen. The bot never
   reads the live state otherwise (only ``current_player``, ``legal_actions()`` and, once, the
   game's name from ``observation(me)``), so it cannot use hidden information.
2. **Select**: from the root, at each node where a choice is to be made, over the actions legal
   in ``d`` only (the "subset-armed bandit", where an arm's *availability* count, the number of
   times it was legal when its parent was visited, replaces the parent's visit count):

   * with a prior (``prior`` > 0 and a heuristic for the game): PUCT,
     ``Q + prior * P(a) * sqrt(avail) / (1 + visits)``. ``P`` is the softmax of the heuristic's
     scores at ``temperature``, computed once per node from ``d`` for the seat to move there
     (its own observation in the determinization). An unvisited arm's ``Q`` is the seat's mean
     over the visited arms less ``fpu``, so the expansion order follows the prior (most
     preferred first) and a low-prior action is tried only once the others look poor;
   * without: UCB1, ``mean + c * sqrt(ln(avail) / visits)``, after every legal action has been
     tried once (in random order).

   Every seat's decisions are nodes of the one tree (a child stores the reward of the seat that
   chose the action leading to it). ``plies`` caps the number of choices the tree goes deep:
   with ``plies=1`` (the default) only the root's actions are nodes and everything after them
   is rolled out, a flat bandit over the root's actions (see below for why).
3. **Expand**: one new node per iteration. A node where only one action is legal (a forced
   move) is created and passed through without using up the iteration's expansion.
4. **Roll out**: the rollout policy (``"heuristic"``: every seat plays the heuristic bot, with
   probability ``epsilon`` a random move instead; or ``"random"``) plays on from ``d`` to the
   end of the game, or for at most ``rollout_depth`` actions, or (``horizon="turn"``, games with
   a turn counter) until the turn ends.
5. **Back up** the reward vector (one value per seat, in [0, 1]) along the path.

The reward of a seat, with ``soft`` > 0 (the default, 10): the product over the other seats of
``sigmoid((own total - their total) / soft)``, a smooth "probability of finishing ahead of
everyone" that tells a narrow loss from a heavy one and so has far less variance than
win/loss. Totals are ``scores()`` at the end of the game; a rollout cut short is valued by
:func:`the adapter's estimate <empires.core.adapter.GameAdapter.estimate>` (Discovery's
``discovery_estimate``) or by the current ``scores()``. A solo game (one seat) is rewarded by
:func:`solo_reward`: mostly whether the seat beat the game, a little its score. With ``soft=0``, the
reward is the placement (see :func:`reward_vector`): ``1`` for a sole first place, ``1/k`` for
a first place shared by ``k`` seats and ``0.5 * (N-1-a)/(N-1)`` for a seat with ``a`` seats
strictly ahead, blended with a score margin when ``margin_weight`` > 0::

    (1 - w) * placement + w * (1 + clamp((own - best other) / scale, -1, 1)) / 2

The move played is the root child legal in the real state with the most visits (ties: the higher
mean reward, then the first in ``legal_actions()`` order). The search stops early
(``last_early_stop``) once that child's lead in visits over the runner-up exceeds the iterations
left in the budget: no further iteration could change the move, so with an iteration budget the
choice is exactly the one the full budget gives; with a time budget, the iterations left are
estimated from the rate so far. ``stop=none`` spends the whole budget; ``stop=F`` stops once the
lead exceeds ``F`` times the iterations left (``F`` < 1 trades exactness for time). With a budget
of ``iterations`` the bot is deterministic for its seed; with ``seconds`` (wall clock,
:func:`time.perf_counter`) it is not. ``clock="cpu"`` counts ``seconds`` in the process's CPU
time (:func:`time.process_time`) instead: the iterations a free core would run in that time, even
on a busy machine (how the strength benchmark compares budgets measured under different loads).

Defaults, and why (Discovery, 2 players, measured offline on 150 positions from heuristic games
where the heuristic's top two scores are within 2 VP: each position's candidate actions valued by
32 heuristic-vs-heuristic playouts with common random numbers, "gain" = value of the bot's choice
minus value of the heuristic's, in final score margin): full heuristic rollouts (truncated ones
valued by ``discovery_estimate`` or random rollouts lost 0.2-1.5 VP per decision to the
heuristic; full heuristic rollouts gained 0.6-1.2), the prior (``prior=1``, ``temperature=1``;
without it 40 iterations are spread over ~17 placements), a flat bandit (``plies=1``: the
opponent in the rollouts is exactly the heuristic it is playing, and 40 iterations grow no useful
tree; +1.2 VP per decision against +0.8 with the tree), ``soft=10`` and ``gap=1`` (the search
never overturned a heuristic choice leading by 1 VP or more at this budget, so those are played
at once). The search stop factor (``stop=early``, i.e. 1) makes no difference to the move with an
iteration budget and saved 20% of the iterations of ``ismcts:260`` on 30 2-player positions
(``stop=0.5`` saved 29% with the same 30 moves, ``stop=0.3`` 38% with one move different).
In real games against heuristic bots, a searched decision with a one-second budget ran a mean of
286 iterations in 2-player games and 73 in 4-player games (longer rollouts), nearly all stopping
early (``benchmarks/ismcts_time.py``, on this project's 2-core machine with a second job running).

**Paired root search** (``pairs=K``, off by default): with ``plies=1`` and the heuristic's prior,
the heuristic's K favourite root actions are each played in the same determinization and rolled
out with the same random numbers (the rollout generator re-seeded, the heuristic's restored:
common random numbers), round after round; each round adds one visit and its reward to each
candidate, the best mean is played, and the exact early stop compares the totals. An iteration
is one rollout. Measured (compiled build, 0.2 CPU seconds, 4 players): one-step decision quality
on 200 close positions improved over PUCT (+1.4 to +1.6 VP against +0.75 per decision by
``benchmarks/measure_ismcts_decisions.py``), but 78 tournament games against three heuristic
bots gave 61 wins (78%), no different from PUCT on the same seeds, so it stays an option.

Specs (see :func:`from_spec`): ``ismcts`` (40 iterations, the defaults above), ``ismcts:500``,
``ismcts:1s``, ``ismcts:0.5s``, ``ismcts:1s:random``; further ``key=value`` tokens set ``c``,
``depth``, ``margin``, ``prior``, ``temp``, ``gap``, ``eps``, ``fpu``, ``soft``, ``horizon``,
``plies``, ``stop``, ``pairs`` and ``rollout``, e.g. ``ismcts:2s:plies=none:prior=2``. The classic UCB1
search with random rollouts to the end, this bot's original default, is
``ismcts:200:random:prior=0:soft=0:gap=none:plies=none``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from empires.core.adapter import adapter_of
from empires.core.rng import Rng

DEFAULT_ITERATIONS = 40
DEFAULT_ROLLOUT = "heuristic"
DEFAULT_EXPLORATION = 0.7  # Cowling et al. use 0.7 for rewards in [0, 1]
DEFAULT_MARGIN_WEIGHT = 0.1
DEFAULT_PRIOR = 1.0
DEFAULT_TEMPERATURE = 1.0
DEFAULT_FPU = 0.1
DEFAULT_SOFT = 10.0
DEFAULT_GAP = 1.0
DEFAULT_PLIES = 1
DEFAULT_PAIRS: int | None = None
ROLLOUT_POLICIES = ("random", "heuristic")
# What a time budget is counted on: wall-clock seconds, or the process's CPU seconds.
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


class _Node:
    """A node of the search tree: the information set reached by a sequence of actions.

    ``player`` is the seat that chose ``action`` (at the parent); ``total`` sums that seat's
    rewards over the ``visits`` iterations that went through this node; ``avail`` counts the
    parent's visits in which ``action`` was legal. ``priors`` (PUCT only) maps the actions of
    the seat to move here to their prior probabilities, once the node has been expanded.
    """

    __slots__ = ("action", "player", "children", "visits", "avail", "total", "priors")

    def __init__(self, action: Any = None, player: int = -1, avail: int = 1) -> None:
        self.action = action
        self.player = player
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = avail
        self.total = 0.0
        self.priors: dict[Any, float] | None = None


def reward_vector(
    ranking: list[list[int]], totals: list[float] | None, num_players: int, margin_weight: float
) -> list[float]:
    """One reward in [0, 1] per seat from a ranking (groups of seats, best first) and, when
    ``margin_weight`` > 0, the seats' score totals (see the module docstring)."""
    n = num_players
    out = [0.0] * n
    ahead = 0
    for group in ranking:
        k = len(group)
        if ahead == 0:
            value = 1.0 / k
        else:
            value = 0.5 * (n - 1 - ahead) / (n - 1)
        for p in group:
            out[p] = value
        ahead += k
    if margin_weight > 0 and totals is not None and n > 1:
        scale = max(1.0, max(abs(t) for t in totals))
        w = margin_weight
        for p in range(n):
            best_other = max(totals[q] for q in range(n) if q != p)
            x = (totals[p] - best_other) / scale
            x = -1.0 if x < -1.0 else 1.0 if x > 1.0 else x
            out[p] = (1.0 - w) * out[p] + w * 0.5 * (1.0 + x)
    return out


def soft_reward(totals: list[float], scale: float) -> list[float]:
    """A smooth reward in [0, 1] per seat from score totals: the product over the other seats of
    ``sigmoid((own - theirs) / scale)``, a rough probability of finishing ahead of every one of
    them (1/2 each way for an even 2-player game)."""
    n = len(totals)
    out = []
    exp = math.exp
    for p in range(n):
        v = 1.0
        tp = totals[p]
        for q in range(n):
            if q != p:
                x = (tp - totals[q]) / scale
                v *= 1.0 / (1.0 + exp(-x)) if x > -700 else 0.0
        out.append(v)
    return out


def _ranking_from_totals(totals: list[float]) -> list[list[int]]:
    return [
        [p for p, t in enumerate(totals) if t == level]
        for level in sorted(set(totals), reverse=True)
    ]


def softmax(scores: list[float], temperature: float) -> list[float]:
    """Probabilities proportional to ``exp(score / temperature)`` (0 for -inf or huge negative
    scores, uniform for a temperature of +inf)."""
    if not scores:
        return []
    if math.isinf(temperature):
        return [1.0 / len(scores)] * len(scores)
    top = max(scores)
    exp = math.exp
    w = [exp(x) if x > -700.0 else 0.0 for x in ((s - top) / temperature for s in scores)]
    z = sum(w)
    return [x / z for x in w]


def _check_shape(
    soft: float, horizon: str | None, plies: int | None, clock: str, fpu: float
) -> None:
    """ValueError naming the first of these settings that is not valid."""
    if not (math.isfinite(soft) and soft >= 0):
        raise ValueError(f"ismcts: soft scale must be >= 0, got {soft}")
    if horizon not in (None, "turn"):
        raise ValueError(f"ismcts: horizon must be 'turn' or None, got {horizon!r}")
    if plies is not None and plies < 1:
        raise ValueError(f"ismcts: plies must be at least 1, got {plies}")
    if clock not in CLOCKS:
        raise ValueError(f"ismcts: clock must be one of {', '.join(CLOCKS)}, got {clock!r}")
    if not math.isfinite(fpu):
        raise ValueError(f"ismcts: fpu must be a number, got {fpu}")


class ISMCTSBot:
    """Single-observer ISMCTS: UCB1 over available arms, or PUCT with the heuristic's prior."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        rollout: str = DEFAULT_ROLLOUT,
        rollout_depth: int | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        margin_weight: float = DEFAULT_MARGIN_WEIGHT,
        prior: float = DEFAULT_PRIOR,
        temperature: float = DEFAULT_TEMPERATURE,
        gap: float | None = DEFAULT_GAP,
        epsilon: float = 0.0,
        fpu: float = DEFAULT_FPU,
        soft: float = DEFAULT_SOFT,
        horizon: str | None = None,
        plies: int | None = DEFAULT_PLIES,
        early_stop: float | None = 1.0,
        clock: str = "wall",
        pairs: int | None = DEFAULT_PAIRS,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ValueError(f"ismcts: iterations must be at least 1, got {iterations}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"ismcts: seconds must be positive, got {seconds}")
        if rollout not in ROLLOUT_POLICIES:
            raise ValueError(
                f"ismcts: unknown rollout policy {rollout!r}; choose from {', '.join(ROLLOUT_POLICIES)}"
            )
        if rollout_depth is not None and rollout_depth < 0:
            raise ValueError(f"ismcts: rollout depth must be >= 0, got {rollout_depth}")
        if not 0.0 <= margin_weight <= 1.0:
            raise ValueError(f"ismcts: margin weight must be in [0, 1], got {margin_weight}")
        if not (math.isfinite(prior) and prior >= 0):
            raise ValueError(f"ismcts: prior weight must be >= 0, got {prior}")
        if not temperature > 0:
            raise ValueError(f"ismcts: prior temperature must be positive, got {temperature}")
        if gap is not None and not gap >= 0:
            raise ValueError(f"ismcts: gap must be >= 0, got {gap}")
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"ismcts: epsilon must be in [0, 1], got {epsilon}")
        _check_shape(soft, horizon, plies, clock, fpu)
        self.seed = seed
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.margin_weight = margin_weight
        self.prior = prior
        self.temperature = temperature
        self.gap = gap
        self.epsilon = epsilon
        self.fpu = fpu
        self.soft = soft
        self.horizon = horizon
        self.plies = plies
        if early_stop is not None and not (math.isfinite(early_stop) and early_stop > 0):
            raise ValueError(f"ismcts: stop factor must be positive, got {early_stop}")
        self.early_stop = early_stop
        if pairs is not None and pairs < 2:
            raise ValueError(f"ismcts: pairs must be at least 2 (or none), got {pairs}")
        self.pairs = pairs
        self.clock = clock
        self._now = CLOCKS[clock]  # the clock a time budget is counted on
        self._policy: Any = None  # the heuristic bot used in rollouts, built on first use
        self.last_iterations = 0  # iterations run by the last search (for benchmarks)
        self.last_root: _Node | None = None
        self.last_fallback = False  # the last choice was the heuristic's, without search
        self.last_early_stop = False  # the last search stopped once its choice was settled
        # With ``root_vectors`` set, each search also sums the whole reward vector (every seat's
        # reward) of the iterations through each root child, in ``last_root_vectors`` (action ->
        # sums; divide by the child's visits): read by the coach, never by the choice.
        self.root_vectors = False
        self.last_root_vectors: dict[Any, list[float]] = {}

    def __repr__(self) -> str:
        budget = (
            f"iterations={self.iterations}" if self.seconds is None else f"seconds={self.seconds}"
        )
        return (
            f"ISMCTSBot({budget}, rollout={self.rollout!r}, prior={self.prior}, "
            f"rng_state={self.rng.state})"
        )

    # ---- the heuristic: rollout policy ---------------------------------------------------------
    def _heuristic_policy(self, adapter: Any) -> Any:
        """The game's heuristic bot for the rollouts, built on first use (seeded from the bot's
        generator)."""
        if self._policy is None:
            self._policy = adapter.heuristic_bot(self.rng.next_u64())
        return self._policy

    # ---- entry point -------------------------------------------------------------------------
    def choose(self, state: Any) -> Any:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("ISMCTSBot: no legal action to choose from")
        self.last_fallback = False
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = self.search(state)
        if self.last_fallback:
            return root.action
        best = None
        best_key = None
        for a in legal:
            child = root.children.get(a)
            if child is None or not child.visits:
                continue
            key = (child.visits, child.total / child.visits)
            if best_key is None or key > best_key:
                best, best_key = a, key
        priors = root.priors
        if best is None and priors:
            best = max(legal, key=lambda a: priors.get(a, 0.0))
        return legal[0] if best is None else best

    def playouts(self, state: Any, action: Any, count: int) -> list[float]:
        """The summed reward vectors (one value per seat) of ``count`` playouts that play
        ``action`` in a determinization for the seat to move and roll out as the search does:
        how the coach values a move the search gave too few iterations."""
        search = _Search(self, state, adapter_or_none(state))
        sums = [0.0] * state.num_players
        for _ in range(count):
            d = state.determinize(search.me, self.rng)
            d.narrate = False
            d.apply(action)
            search.rollout(d)
            sums = [a + b for a, b in zip(sums, search.evaluate(d), strict=True)]
        return sums

    def search(self, state: Any) -> _Node:
        """Run the search from ``state`` (the searching seat is ``state.current_player``) and
        return the root of the tree. With a ``gap`` and the heuristic's best action ahead of the
        rest by at least that much, no search is run: the root's ``action`` is that best action
        and ``last_fallback`` is set."""
        if not callable(getattr(state, "determinize", None)):
            raise TypeError(
                f"ISMCTSBot needs a state with determinize(observer, rng); "
                f"{type(state).__name__} has none"
            )
        search = _Search(self, state, adapter_or_none(state))
        root = _Node()
        self.last_root = root
        self.last_iterations = 0
        self.last_early_stop = False
        deadline = None if self.seconds is None else self._now() + self.seconds
        if search.scorer is not None and self._root_prior(state, search, root):
            return root
        vectors: dict[Any, list[float]] | None = {} if self.root_vectors else None
        self.last_root_vectors = vectors if vectors is not None else {}
        if self.pairs is not None and self.plies == 1 and root.priors:
            self.last_iterations = self._paired(state, search, root, deadline, vectors)
            return root
        done = 0
        real_legal = frozenset(state.legal_actions()) if self.early_stop is not None else None
        started = self._now()
        while not self._finished(root, done, deadline, started, real_legal):
            done += 1
            d = state.determinize(search.me, self.rng)
            d.narrate = False
            path = search.select(d, root)
            search.rollout(d)
            reward = search.evaluate(d)
            backup(path, reward)
            if vectors is not None and len(path) > 1:
                _add_vector(vectors, path[1].action, reward)
        self.last_iterations = done
        return root

    def _paired(
        self,
        state: Any,
        search: _Search,
        root: _Node,
        deadline: float | None,
        vectors: dict[Any, list[float]] | None,
    ) -> int:
        """The root search with common random numbers (``pairs`` = k): the heuristic's k most
        preferred root actions are each played in the same determinization and rolled out with
        the same random numbers (see :meth:`_round`), round after round, until the budget is
        spent (an iteration is one rollout; a round is begun only when it should end within a
        time budget, judged from the rounds so far) or, with a stop factor, the leader cannot
        be caught by the rounds left. Each candidate's child gets one visit and its reward per
        round, so :meth:`choose` plays the best mean. Returns the rollouts run."""
        priors = root.priors or {}
        candidates = sorted(priors, key=lambda a: -priors[a])[: self.pairs]
        for a in candidates:
            root.children[a] = _Node(a, search.me, 0)
        k = len(candidates)
        rounds_max = None if self.iterations is None else max(1, self.iterations // k)
        rounds = begun = 0  # rounds played; begun: also those a candidate was not legal in
        started = self._now()
        while rounds_max is None or begun < rounds_max:
            if begun and deadline is not None:
                now = self._now()
                per_round = (now - started) / begun
                if now + per_round > deadline:
                    break
                # (rounds the clock did not see pass: as many left as the deadline allows)
                left = (deadline - now) / per_round if per_round > 0 else math.inf
            else:
                left = float((rounds_max or 0) - begun)
            if rounds >= 2 and self._paired_settled(root, candidates, left):
                self.last_early_stop = True
                break
            begun += 1
            rewards = self._round(state, search, candidates)
            if rewards is None:
                continue  # a candidate was not legal in that determinization
            rounds += 1
            for a, reward in zip(candidates, rewards, strict=True):
                child = root.children[a]
                child.visits += 1
                child.avail += 1
                child.total += reward[search.me]
                if vectors is not None:
                    _add_vector(vectors, a, reward)
        root.visits = rounds
        return rounds * k

    def _round(self, state: Any, search: _Search, candidates: list) -> list[list[float]] | None:
        """One round of :meth:`_paired`: a determinization, each candidate applied to a copy
        of it and rolled out with the same random numbers (the rollout's own generator
        re-seeded, the heuristic's restored), so that the candidates' rewards differ by what
        the actions change rather than by luck; their reward vectors, or None when a candidate
        is not legal there."""
        d = state.determinize(search.me, self.rng)
        d.narrate = False
        legal = d.legal_actions()
        if any(a not in legal for a in candidates):
            return None
        seed = self.rng.next_u64()
        policy = search.policy
        kept = policy.rng.state if policy is not None else 0
        rewards = []
        for i, a in enumerate(candidates):
            x = d if i == len(candidates) - 1 else d.clone()  # (a copy does not narrate either)
            x.apply(a)
            search.fast = random.Random(seed).random
            if policy is not None:
                policy.rng = Rng(kept)
            search.rollout(x)
            rewards.append(search.evaluate(x))
        return rewards

    def _paired_settled(self, root: _Node, candidates: list, left: float) -> bool:
        """Whether, with ``left`` rounds to come (rewards in [0, 1]), no candidate can catch
        the leader (by more than the stop factor allows): :meth:`_paired`'s early stop."""
        stop = self.early_stop
        if stop is None:
            return False
        totals = sorted((root.children[a].total for a in candidates), reverse=True)
        return totals[0] - totals[1] > stop * left

    def _root_prior(self, state: Any, search: _Search, root: _Node) -> bool:
        """Score the root's actions with the heuristic, from a determinization (its observation
        for the searching seat is the real one, so this reads nothing that seat may not see):
        True (and ``last_fallback``) when the best leads by ``gap``, else the root's priors."""
        scorer = search.scorer
        if scorer is None:  # (search asks only when there is one)
            return False
        d0 = state.determinize(search.me, self.rng)
        d0.narrate = False  # nobody reads a search copy's event log
        legal0 = d0.legal_actions()
        scores = scorer(d0)
        best = clear_lead(scores, self.gap)
        if best is not None:
            root.action = legal0[best]
            self.last_fallback = True
            return True
        if self.prior > 0:
            root.priors = dict(zip(legal0, softmax(scores, self.temperature), strict=True))
        return False

    def _finished(
        self,
        root: _Node,
        done: int,
        deadline: float | None,
        started: float,
        real_legal: frozenset | None,
    ) -> bool:
        """Whether the search stops before iteration ``done + 1``: the budget is spent, or (early
        stop) the move played, the real-legal root child with the most visits, leads the
        runner-up by more than the iterations still to come (exact with an iteration budget;
        with a time budget those are estimated from the rate so far)."""
        max_iter = self.iterations
        if max_iter is not None and done >= max_iter:
            return True
        now = 0.0
        if deadline is not None and done > 0:
            now = self._now()
            if now >= deadline:
                return True
        stop = self.early_stop
        if real_legal is None or stop is None or done < 2:  # (real_legal only with a stop factor)
            return False
        top = second = 0
        for a, child in root.children.items():
            v = child.visits
            if a in real_legal:
                if v > top:
                    top, second = v, top
                elif v > second:
                    second = v
        remaining: float
        if max_iter is not None:
            remaining = float(max_iter - done)
        elif deadline is not None:
            remaining = done * (deadline - now) / max(now - started, 1e-9)
        else:
            raise AssertionError("unreachable: a bot without an iteration budget has a time one")
        if top - second > stop * remaining:
            self.last_early_stop = True
            return True
        return False


# ---- the game's knowledge, through its adapter -------------------------------------------------
def adapter_or_none(state: Any) -> Any:
    """The adapter of the game ``state`` plays (its ``game_name``), or None for a state of a game
    that has none registered (a core-protocol game: random rollouts, no prior, no estimate)."""
    try:
        return adapter_of(state)
    except (AttributeError, ValueError):
        return None


def clear_lead(scores: list[float], gap: float | None) -> int | None:
    """The index of the best of ``scores`` when it leads the runner-up by ``gap`` or more (the
    heuristic's clear favourite, played without a search); None without a gap, with fewer than
    two scores, or when the lead is smaller."""
    if gap is None or len(scores) < 2:
        return None
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    return order[0] if scores[order[0]] - scores[order[1]] >= gap else None


def solo_reward(won: float, total: float, scale: float) -> float:
    """The reward of the only seat of a solo game, in [0, 1]: mostly whether it beat the game
    (``won``: 1, 0, or 0.5 when a rollout was cut short), and a little its score
    (``total / (total + 4 * scale)``, so a higher score is still worth going for)."""
    t = max(0.0, float(total))
    return 0.75 * won + 0.25 * t / (t + 4.0 * scale)


class _Search:
    """One decision's search: the settings and the game's knowledge it reads on every iteration.
    The four steps of an iteration are its methods :meth:`select` (with the expansion),
    :meth:`rollout`, :meth:`evaluate` and :func:`backup`."""

    def __init__(self, bot: ISMCTSBot, state: Any, adapter: Any) -> None:
        self.me = state.current_player
        self.n = state.num_players
        self.rng = bot.rng
        self.c = bot.exploration
        self.cp = bot.prior
        self.temp = bot.temperature
        self.fpu_red = bot.fpu
        self.depth_cap = bot.rollout_depth
        self.margin = bot.margin_weight
        self.soft = bot.soft
        self.by_turn = bot.horizon == "turn"
        self.plies = bot.plies
        self.eps = bot.epsilon
        self.policy = None
        if bot.rollout == "heuristic" and adapter is not None:
            self.policy = bot._heuristic_policy(adapter)
        wants_scores = adapter is not None and (bot.prior > 0 or bot.gap is not None)
        self.scorer = adapter.action_scores if wants_scores else None
        self.estimate = adapter.estimate if adapter is not None else None
        self.use_prior = self.cp > 0 and self.scorer is not None
        # Rollout choices use the C-coded Mersenne Twister seeded from the bot's generator:
        # as deterministic as Rng, and far cheaper per call on the hot path.
        self.fast = random.Random(self.rng.next_u64()).random

    # ---- selection and expansion -------------------------------------------------------------
    def select(self, d: Any, root: _Node) -> list[_Node]:
        """Walk ``d`` down the tree from ``root``, expanding one new node (forced moves pass
        through without using up the expansion); the path of nodes visited."""
        node = root
        path = [root]
        ply = 0
        while True:
            player = d.current_player
            if player < 0:
                break
            legal = d.legal_actions()
            if not legal:
                break
            if len(legal) > 1:
                if self.plies is not None and ply >= self.plies:
                    break  # the tree stops here: roll out
                ply += 1
            if len(legal) == 1:  # forced move: create / follow the node, keep expanding
                node = _forced(node, legal[0], player)
                d.apply(legal[0])
                path.append(node)
                continue
            if self.use_prior:
                child = self._puct(d, node, legal, player)
            else:
                child = self._ucb(node, legal, player)
            d.apply(child.action)
            path.append(child)
            if not child.visits:
                break  # expanded a new node: roll out from here
            node = child
        return path

    def _puct(self, d: Any, node: _Node, legal: list, player: int) -> _Node:
        """PUCT over the available arms: every legal action has a child (created with the
        node's priors); an unvisited child's value is the first-play urgency, the acting seat's
        mean over the visited ones less ``fpu``."""
        priors = node.priors
        if priors is None or any(a not in priors for a in legal):
            scorer = self.scorer
            if scorer is None:
                raise AssertionError("unreachable: PUCT runs only with the heuristic's scores")
            new = dict(zip(legal, softmax(scorer(d), self.temp), strict=True))
            if priors is None:
                node.priors = priors = new
            else:
                for a, x in new.items():
                    priors.setdefault(a, x)
        children = node.children
        vsum = 0
        tsum = 0.0
        for a in legal:
            ch = children.get(a)
            if ch is None:
                ch = children[a] = _Node(a, player, 0)
            ch.avail += 1
            if ch.visits:
                vsum += ch.visits
                tsum += ch.total
        fpu = (tsum / vsum if vsum else 0.5) - self.fpu_red
        cp = self.cp
        sqrt = math.sqrt
        best = None
        best_v = -1e300
        for a in legal:
            ch = children[a]
            nv = ch.visits
            q = ch.total / nv if nv else fpu
            v = q + cp * priors[a] * sqrt(ch.avail) / (1 + nv)
            if v > best_v:
                best, best_v = ch, v
        if best is None:
            raise AssertionError("unreachable: there is a legal action, hence a best child")
        return best

    def _ucb(self, node: _Node, legal: list, player: int) -> _Node:
        """UCB1 over the available arms, once every legal action has been tried (an untried one
        is expanded first, at random: the returned child then has no visits)."""
        children = node.children
        untried = [a for a in legal if a not in children]
        if untried:
            for a in legal:  # the tried ones were available in this visit too
                ch = children.get(a)
                if ch is not None:
                    ch.avail += 1
            rng = self.rng
            a = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
            child = children[a] = _Node(a, player)
            return child
        c = self.c
        log = math.log
        sqrt = math.sqrt
        best = None
        best_v = -1.0
        for a in legal:
            ch = children[a]
            v = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
            ch.avail += 1
            if v > best_v:
                best, best_v = ch, v
        if best is None:
            raise AssertionError("unreachable: there is a legal action, hence a best child")
        return best

    # ---- rollout -----------------------------------------------------------------------------
    def rollout(self, d: Any) -> None:
        """Play ``d`` on with the rollout policy to the end, the depth cap or (``horizon=turn``,
        games whose state has a turn counter) the end of the turn it is in."""
        depth_cap = self.depth_cap
        fast = self.fast
        ds = getattr(d, "s", None) if self.by_turn else None
        turn0 = getattr(ds, "turn", None)
        if turn0 is None:
            ds = None
        choose = self.policy.choose if self.policy is not None else None
        eps = self.eps
        steps = 0
        while depth_cap is None or steps < depth_cap:
            if d.is_terminal() or (ds is not None and ds.turn != turn0):
                break
            legal = d.legal_actions()
            k = len(legal)
            if not k:
                break
            if k == 1:
                d.apply(legal[0])
            elif choose is None or (eps and fast() < eps):
                d.apply(legal[int(fast() * k)])
            else:
                d.apply(choose(d))
            steps += 1

    # ---- evaluation --------------------------------------------------------------------------
    def evaluate(self, d: Any) -> list[float]:
        """The reward vector of the position a rollout ended in (see the module docstring)."""
        if self.n == 1:
            total = self._totals(d)[0]
            won = (1.0 if d.ranking() else 0.0) if d.is_terminal() else 0.5
            return [solo_reward(won, total, self.soft or DEFAULT_SOFT)]
        if self.soft:
            return soft_reward(self._totals(d), self.soft)
        if d.is_terminal():
            totals = [row["total"] for row in d.scores()] if self.margin > 0 else None
            return reward_vector(d.ranking(), totals, self.n, self.margin)
        totals = self._totals(d)
        return reward_vector(_ranking_from_totals(totals), totals, self.n, self.margin)

    def _totals(self, d: Any) -> list[float]:
        totals = self.estimate(d) if self.estimate is not None else None
        if totals is None:
            totals = [row["total"] for row in d.scores()]
        return totals


def _add_vector(vectors: dict[Any, list[float]], action: Any, reward: list[float]) -> None:
    """Add a whole reward vector to the sums of root action ``action`` (``root_vectors``)."""
    acc = vectors.setdefault(action, [0.0] * len(reward))
    for i, r in enumerate(reward):
        acc[i] += r


def _forced(node: _Node, a: Any, player: int) -> _Node:
    child = node.children.get(a)
    if child is None:
        child = node.children[a] = _Node(a, player)
    else:
        child.avail += 1
    return child


def backup(path: list[_Node], reward: list[float]) -> None:
    """Add one visit and the reward of the seat that chose each node's action along ``path``."""
    for nd in path:
        nd.visits += 1
        if nd.player >= 0:
            nd.total += reward[nd.player]


def spec_number(text: str) -> float:
    """A spec's number (ValueError when it is not a finite one; the az spec reads them too)."""
    x = float(text)
    if not math.isfinite(x):
        raise ValueError
    return x


def spec_stop(text: str) -> float | None:
    """A spec's ``stop=``: ``none``, ``early`` (1.0) or a factor."""
    if text == "none":
        return None
    return 1.0 if text == "early" else spec_number(text)


# spec key -> (ISMCTSBot keyword, parser of the value; ValueError when it is not valid)
_SPEC_KEYS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "c": ("exploration", spec_number),
    "depth": ("rollout_depth", lambda x: None if x == "none" else int(x)),
    "margin": ("margin_weight", spec_number),
    "prior": ("prior", spec_number),
    "temp": ("temperature", spec_number),
    "gap": ("gap", lambda x: None if x == "none" else spec_number(x)),
    "eps": ("epsilon", spec_number),
    "fpu": ("fpu", spec_number),
    "soft": ("soft", spec_number),
    "horizon": ("horizon", lambda x: None if x == "none" else x),
    "plies": ("plies", lambda x: None if x == "none" else int(x)),
    "stop": ("early_stop", spec_stop),
    "clock": ("clock", str),
    "pairs": ("pairs", lambda x: None if x == "none" else int(x)),
}


def from_spec(spec: str, seed: int) -> ISMCTSBot:
    """Build an :class:`ISMCTSBot` from a spec string.

    ``ismcts`` (defaults), then ``:``-separated tokens in any order: ``500`` (iterations),
    ``1s`` / ``0.5s`` (seconds per decision), ``random`` / ``heuristic`` or ``rollout=...``
    (rollout policy), ``c=0.7`` (UCB1 exploration constant), ``depth=40`` (rollout depth cap;
    ``none``: to the end), ``horizon=turn`` (roll out to the end of the turn; ``none``),
    ``margin=0.1`` (margin weight), ``prior=1`` (PUCT weight of the heuristic prior; 0: UCB1
    without prior), ``temp=1`` (prior temperature), ``gap=1`` (play the heuristic's choice
    without search when it leads by that much; ``none``: always search), ``eps=0.1`` (random
    moves in heuristic rollouts), ``fpu=0.1`` (first-play urgency reduction), ``soft=10``
    (smooth reward scale; 0: placement reward), ``plies=1`` (tree depth in choices; ``none``:
    unlimited), ``stop=early`` (stop once the choice cannot change; ``none``: spend the whole
    budget), ``clock=cpu`` (count the seconds in CPU time; ``wall``, the default: wall clock).
    Raises ValueError on anything else.
    """
    if not isinstance(spec, str):
        raise ValueError(f"an ismcts spec must be a string, got {type(spec).__name__}")
    head, *tokens = [t.strip() for t in spec.strip().lower().split(":")]
    if head != "ismcts":
        raise ValueError(f"not an ismcts spec: {spec!r}")
    kwargs: dict[str, Any] = {}

    def bad(token: str, why: str) -> ValueError:
        return ValueError(f"bad ismcts spec {spec!r}: {token!r} {why}")

    for tok in tokens:
        if not tok:
            raise bad(tok, "is empty")
        key, eq, value = tok.partition("=")
        try:
            if tok in ROLLOUT_POLICIES:
                kwargs["rollout"] = tok
            elif key == "rollout" and eq:
                if value not in ROLLOUT_POLICIES:
                    raise bad(tok, f"is not a rollout policy ({', '.join(ROLLOUT_POLICIES)})")
                kwargs["rollout"] = value
            elif tok.isdigit():
                kwargs["iterations"] = int(tok)
            elif tok.endswith("s") and not eq:
                kwargs["seconds"] = spec_number(tok[:-1])
            elif eq and key in _SPEC_KEYS:
                name, parse = _SPEC_KEYS[key]
                kwargs[name] = parse(value)
            else:
                raise bad(
                    tok,
                    "is not understood (iterations N, seconds Ns, random|heuristic, "
                    "c=X, depth=N, horizon=turn, margin=W, prior=X, temp=T, gap=G, "
                    "eps=E, fpu=F, soft=S, plies=N, stop=early|none, clock=wall|cpu, "
                    "pairs=K|none)",
                )
        except ValueError as exc:
            if str(exc).startswith("bad ismcts spec"):
                raise
            raise bad(tok, "is not a valid number") from None
    try:
        return ISMCTSBot(seed, **kwargs)
    except ValueError as exc:
        raise ValueError(f"bad ismcts spec {spec!r}: {exc}") from None


__all__ = [
    "ISMCTSBot",
    "backup",
    "clear_lead",
    "from_spec",
    "reward_vector",
    "soft_reward",
    "softmax",
    "solo_reward",
]
