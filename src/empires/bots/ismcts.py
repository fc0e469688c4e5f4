"""Information-Set Monte Carlo Tree Search (single observer), for any game of :mod:`empires.core`.

SO-ISMCTS after Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE
TCIAIG 2012). The bot is written against the core :class:`~empires.core.game.GameState` protocol
only; it needs ``determinize(observer, rng)`` besides the usual methods.

One iteration:

1. **Determinize**: ``d = state.determinize(me, rng)``, a copy of the game in which everything
   the searching seat cannot see is resampled consistently with what it has seen. The bot never
   reads the live state otherwise (only ``current_player`` and ``legal_actions()``, both public),
   so it cannot use hidden information.
2. **Select**: from the root, while every action legal in ``d`` at the current node already has
   a child, pick a child by UCB1 *over the legal children only* (the "subset-armed bandit"): an
   arm's exploration term uses its *availability* count, the number of times it was legal when
   its parent was visited, instead of the parent's visit count::

       mean(child) + c * sqrt(ln(child.avail) / child.visits)

   then increment ``avail`` of every legal child and apply the chosen action to ``d``. Every
   seat's decisions are nodes of the one tree (opponents are modelled as choosing with the same
   bandit, from their own seat's point of view: a child stores the reward of the seat that chose
   the action leading to it).
3. **Expand**: one untried legal action (chosen at random) gets a new child. A node where only
   one action is legal (a forced move) is created and passed through without using up the
   iteration's expansion, so forced moves do not slow the growth of the tree.
4. **Roll out**: the rollout policy (``"random"``, or ``"heuristic"``: the game's
   :class:`~empires.bots.heuristic.HeuristicBot`) plays on from ``d`` to the end of the game,
   or for at most ``rollout_depth`` actions when that is set.
5. **Back up** the reward vector (one value per seat, in [0, 1]) along the path.

The reward of a seat (see :func:`reward_vector`) is its placement, ``1`` for a sole first place,
``1/k`` for a first place shared by ``k`` seats and ``0.5 * (N-1-a)/(N-1)`` for a seat with
``a`` seats strictly ahead (so 0 for the last of several and 0 for the loser of a 2-player game),
blended with a score margin when ``margin_weight`` > 0::

    (1 - w) * placement + w * (1 + clamp((own - best other) / scale, -1, 1)) / 2

with ``scale`` the largest absolute total in the game (at least 1). A rollout cut short by
``rollout_depth`` is ranked by the current ``scores()`` totals instead of ``ranking()``. The
default ``w = 0.1`` keeps the win/loss signal dominant while letting the search tell a narrow win
from a comfortable one when every line wins (or loses).

The move played is the root child legal in the real state with the most visits (ties: the higher
mean reward, then the first in ``legal_actions()`` order). With a budget of ``iterations`` the bot
is deterministic for its seed; with ``seconds`` (wall clock, :func:`time.perf_counter`) it is not.
A decision with a single legal action is returned at once, without search.

Specs (see :func:`from_spec`): ``ismcts`` (200 iterations, random rollouts), ``ismcts:500``,
``ismcts:1s``, ``ismcts:0.5s``, ``ismcts:1s:heuristic``; further ``key=value`` tokens set
``c`` (exploration), ``depth`` (rollout cap) and ``margin`` (margin weight), e.g.
``ismcts:300:c=0.5:depth=60``.
"""

from __future__ import annotations

import math
import random
import time
import warnings
from typing import Any

from empires.core.rng import Rng

DEFAULT_ITERATIONS = 200
DEFAULT_EXPLORATION = 0.7  # Cowling et al. use 0.7 for rewards in [0, 1]
DEFAULT_MARGIN_WEIGHT = 0.1
ROLLOUT_POLICIES = ("random", "heuristic")


class _Node:
    """A node of the search tree: the information set reached by a sequence of actions.

    ``player`` is the seat that chose ``action`` (at the parent); ``total`` sums that seat's
    rewards over the ``visits`` iterations that went through this node; ``avail`` counts the
    parent's visits in which ``action`` was legal.
    """

    __slots__ = ("action", "player", "children", "visits", "avail", "total")

    def __init__(self, action: Any = None, player: int = -1) -> None:
        self.action = action
        self.player = player
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


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


def _ranking_from_totals(totals: list[float]) -> list[list[int]]:
    return [
        [p for p, t in enumerate(totals) if t == level] for level in sorted(set(totals), reverse=True)
    ]


class ISMCTSBot:
    """Single-observer ISMCTS with UCB1 over available arms and random or heuristic rollouts."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        rollout: str = "random",
        rollout_depth: int | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        margin_weight: float = DEFAULT_MARGIN_WEIGHT,
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
        self.seed = seed
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout  # requested policy; "random" after a failed heuristic import
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.margin_weight = margin_weight
        self._policy: Any = None  # the heuristic bot used in rollouts, built on first use
        self.last_iterations = 0  # iterations run by the last search (for benchmarks)
        self.last_root: _Node | None = None

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.seconds is None else f"seconds={self.seconds}"
        return f"ISMCTSBot({budget}, rollout={self.rollout!r}, rng_state={self.rng.state})"

    # ---- rollout policy ----------------------------------------------------------------------
    def _heuristic_policy(self) -> Any:
        """The heuristic rollout bot, imported and built on first use; ``None`` if it cannot be
        (the bot then falls back to random rollouts with a warning)."""
        if self._policy is None and self.rollout == "heuristic":
            try:
                from empires.bots.heuristic import HeuristicBot
            except ImportError as exc:
                warnings.warn(
                    f"ismcts: heuristic rollouts requested but empires.bots.heuristic.HeuristicBot "
                    f"cannot be imported ({exc}); falling back to random rollouts",
                    RuntimeWarning,
                    stacklevel=3,
                )
                self.rollout = "random"
                return None
            self._policy = HeuristicBot(self.rng.next_u64())
        return self._policy

    # ---- entry point -------------------------------------------------------------------------
    def choose(self, state: Any) -> Any:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("ISMCTSBot: no legal action to choose from")
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = self.search(state)
        best = None
        best_key = None
        for a in legal:
            child = root.children.get(a)
            if child is None:
                continue
            key = (child.visits, child.total / child.visits)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return legal[0] if best is None else best

    def search(self, state: Any) -> _Node:
        """Run the search from ``state`` (the searching seat is ``state.current_player``) and
        return the root of the tree."""
        me = state.current_player
        n = state.num_players
        if not callable(getattr(state, "determinize", None)):
            raise TypeError(
                f"ISMCTSBot needs a state with determinize(observer, rng); "
                f"{type(state).__name__} has none"
            )
        rng = self.rng
        c = self.exploration
        depth_cap = self.rollout_depth
        margin = self.margin_weight
        policy = self._heuristic_policy() if self.rollout == "heuristic" else None
        # Rollout choices use the C-coded Mersenne Twister seeded from the bot's generator:
        # as deterministic as Rng, and far cheaper per call on the hot path.
        fast = random.Random(rng.next_u64()).random
        log = math.log
        sqrt = math.sqrt
        root = _Node()
        self.last_root = root
        max_iter = self.iterations
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            if max_iter is not None and done >= max_iter:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            done += 1
            d = state.determinize(me, rng)
            node = root
            path = [root]
            # ---- selection and expansion ---------------------------------------------------
            while True:
                player = d.current_player
                if player < 0:
                    break
                legal = d.legal_actions()
                if not legal:
                    break
                children = node.children
                if len(legal) == 1:  # forced move: create / follow the node, keep expanding
                    a = legal[0]
                    child = children.get(a)
                    if child is None:
                        child = children[a] = _Node(a, player)
                    else:
                        child.avail += 1
                    d.apply(a)
                    node = child
                    path.append(child)
                    continue
                untried = [a for a in legal if a not in children]
                if untried:
                    for a in legal:  # the tried ones were available in this visit too
                        ch = children.get(a)
                        if ch is not None:
                            ch.avail += 1
                    a = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                    child = children[a] = _Node(a, player)
                    d.apply(a)
                    path.append(child)
                    break
                best = None
                best_v = -1.0
                for a in legal:
                    ch = children[a]
                    v = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                    ch.avail += 1
                    if v > best_v:
                        best, best_v = ch, v
                d.apply(best.action)
                node = best
                path.append(best)
            # ---- rollout ---------------------------------------------------------------------
            steps = 0
            if policy is None:
                while depth_cap is None or steps < depth_cap:
                    if d.is_terminal():
                        break
                    legal = d.legal_actions()
                    k = len(legal)
                    if not k:
                        break
                    d.apply(legal[int(fast() * k)] if k > 1 else legal[0])
                    steps += 1
            else:
                choose = policy.choose
                while depth_cap is None or steps < depth_cap:
                    if d.is_terminal() or not d.legal_actions():
                        break
                    d.apply(choose(d))
                    steps += 1
            # ---- evaluation and backpropagation ---------------------------------------------
            if d.is_terminal():
                totals = [row["total"] for row in d.scores()] if margin > 0 else None
                reward = reward_vector(d.ranking(), totals, n, margin)
            else:
                totals = [row["total"] for row in d.scores()]
                reward = reward_vector(_ranking_from_totals(totals), totals, n, margin)
            for nd in path:
                nd.visits += 1
                if nd.player >= 0:
                    nd.total += reward[nd.player]
        self.last_iterations = done
        return root


def from_spec(spec: str, seed: int) -> ISMCTSBot:
    """Build an :class:`ISMCTSBot` from a spec string.

    ``ismcts`` (defaults), then ``:``-separated tokens in any order: ``500`` (iterations),
    ``1s`` / ``0.5s`` (seconds per decision), ``random`` / ``heuristic`` (rollout policy),
    ``c=0.7`` (exploration constant), ``depth=40`` (rollout depth cap), ``margin=0.1`` (margin
    weight). Raises ValueError on anything else.
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
        try:
            if tok in ROLLOUT_POLICIES:
                kwargs["rollout"] = tok
            elif tok.isdigit():
                kwargs["iterations"] = int(tok)
            elif tok.endswith("s") and "=" not in tok:
                kwargs["seconds"] = float(tok[:-1])
                if not math.isfinite(kwargs["seconds"]):
                    raise ValueError
            elif tok.startswith("c="):
                kwargs["exploration"] = float(tok[2:])
            elif tok.startswith("depth="):
                kwargs["rollout_depth"] = int(tok[6:])
            elif tok.startswith("margin="):
                kwargs["margin_weight"] = float(tok[7:])
            else:
                raise bad(tok, "is not understood (iterations N, seconds Ns, random|heuristic, "
                               "c=X, depth=N, margin=W)")
        except ValueError as exc:
            if str(exc).startswith("bad ismcts spec"):
                raise
            raise bad(tok, "is not a valid number") from None
    try:
        return ISMCTSBot(seed, **kwargs)
    except ValueError as exc:
        raise ValueError(f"bad ismcts spec {spec!r}: {exc}") from None


__all__ = ["ISMCTSBot", "from_spec", "reward_vector"]
