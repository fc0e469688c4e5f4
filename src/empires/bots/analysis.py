"""The coach: hints during a practice game and the analysis of a finished one, for any game.

Both run the ISMCTS search (:mod:`empires.bots.ismcts`) from the deciding seat, which reads the
position only through ``determinize(seat, rng)``, ``current_player`` and ``legal_actions()``: every
iteration plays on a copy in which everything that seat cannot see is dealt again. The engines'
``determinize`` puts hidden cards into a canonical order before dealing them again, so a hint (and
the analysis of a decision) is the same for every true state consistent with what the deciding
seat sees, given the search seed: it cannot use hidden information.

A hint's search spends its whole iteration budget (no early stop, no heuristic short cut; at
most :data:`HINT_MAX` iterations), the analysis's stops once its best move is settled (below);
both follow the game heuristic's prior only loosely (:data:`PRIOR_TEMPERATURE`), so that the
moves it considers get a value, and the budget makes it reproducible. A move's **value** is the
mean reward of the deciding seat over the playouts that began with it: the search's smooth "chance
of finishing ahead of every other player" (the product over the other seats of
``sigmoid(score difference / 10)``, see :func:`empires.bots.ismcts.soft_reward`; in a solo game,
mostly whether the seat beats the game). It is read as an estimated win probability.

A decision of the analysis is judged by the value lost against the best move found
(``best.value - chosen.value``), as lichess judges moves by lost winning chances:

* ``inaccuracy`` from :data:`INACCURACY` (0.05), ``mistake`` from :data:`MISTAKE` (0.10),
  ``blunder`` from :data:`BLUNDER` (0.20); ``ok`` below.

The best move is chosen before the move played is valued again: the best mean of the paired
root search over the heuristic's :data:`ANALYSIS_PAIRS` favourites (each round plays them all
from one determinization with the same rollout seeds; the search stops as soon as its leader
cannot be caught), or the heuristic's favourite without a search when it leads the next move by
:data:`CLEAR_GAP` VP. When the move played is another, the
two are valued on the same paired rounds (each round plays both from one determinization with
the same rollout seeds) until the verdict is settled (:func:`_settled`), so the loss compares
equal samples and a verdict drawn from too few does not stand; the move played is named best
only when it did better in that comparison. Values are still noisy at these budgets (a round's
difference has a standard deviation of about 0.3): a flagged move says where to look. Only
decisions with more than one legal action are analysed. The module reaches games only through
the core protocol and the adapter (:func:`empires.core.adapter.get_adapter`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from empires import i18n
from empires.bots.coach_budget import CpuBudget, decision_weights
from empires.bots.coach_search import paired_search
from empires.bots.ismcts import ISMCTSBot, adapter_or_none
from empires.core.adapter import get_adapter
from empires.core.messages import COMPONENTS
from empires.core.rng import Rng
from empires.i18n import N_

INACCURACY = 0.05
MISTAKE = 0.10
BLUNDER = 0.20
VERDICTS = ("ok", "inaccuracy", "mistake", "blunder")
TOP_MOVES = 3
# The heuristic prior is flattened (the bot plays with temperature 1): the coach must value the
# alternatives too, and at temperature 1 the search often spends its whole budget on the
# heuristic's favourite (measured on Discovery openings: 200 of 200 iterations on one move).
PRIOR_TEMPERATURE = 4.0
# The budget (issue #32: an 86-decision game analysed in 2 CPU-minutes, a hint in 5 CPU-seconds).
# The search of a decision gets half of ``iterations`` and stops as soon as its favourite cannot
# be caught (the same best move as the whole half); when the move played is another, the two are
# compared on at most ``iterations // 2`` paired rounds (two playouts each, from the same
# determinization and the same rollout seeds), stopping as soon as the verdict is settled
# (:func:`_settled`). A round's difference has a standard deviation of about 0.3 (measured on
# Discovery), so a verdict needs tens of rounds: they are spent only where the move played is
# not the best one.
ANALYSIS_ITERATIONS = 48
HINT_ITERATIONS = 48  # a hint's search budget (a hint never runs more than :data:`HINT_MAX`)
HINT_MAX = 64
# When the heuristic's favourite leads the next move by this many VP, it is the best move without
# a search (the bot's own ``gap``: its search never overturned such a lead, see ismcts).
CLEAR_GAP = 1.0
COMPARE_SHARE = 0.5  # the comparison's most paired rounds, a share of ``iterations``
MIN_ROUNDS = 10  # paired rounds before the verdict may be judged settled
ROUND_BATCH = 5  # paired rounds between two checks
SETTLE_Z = 2.0  # settled: the loss +- SETTLE_Z standard errors lies in one verdict's band
# the least variance of a round's difference assumed (a few equal rounds do not settle a verdict)
VAR_FLOOR = 0.02
# The analysis's search values the heuristic's favourites on the same paired rounds (common
# random numbers: empires.bots.coach_search), not by PUCT: where the coach searches, PUCT's most
# visited move was often one the heuristic's prior favoured while another had a clearly higher
# value on fewer visits (benchmarks/coach_time.py --reference --searched).
ANALYSIS_PAIRS = 4
RIVAL_VISITS = 3  # the visits a move needs to be compared with the search's favourite (_rival)
FEW_PLAYOUTS = 6  # the playouts that value a move when nothing else did (the chance-to-win line)
# The CPU budget of a whole analysis, per decision analysed (issue #32: 86 decisions in 120
# CPU-seconds, 1.40 s each; a seventh kept in hand: where the ceiling binds, a decision still
# runs one search round and MIN_ROUNDS comparison rounds, 10-13% over a ceiling of 0.3 s). :func:`analyse_history` given it shares
# ``CPU_PER_DECISION * decisions`` seconds of the thread's CPU time (:func:`time.thread_time`)
# among the decisions (:class:`CpuBudget`): the iterations stay the budget, the seconds only a
# ceiling that a search or a comparison stops at. Below the ceiling the analysis is the same
# for the same seed; ``GameAnalysis.budget_cut`` counts the decisions it cut short.
CPU_PER_DECISION = 1.2
CPU_CLOCK = time.thread_time  # the clock of a CPU deadline: this thread's CPU seconds


@dataclass(frozen=True)
class MoveValue:
    action: str  # the engine's canonical action string (str(action))
    description: str  # describe_for(action, player): never names what the player can't know
    value: float  # estimated win probability of the deciding player after this move, 0..1
    visits: int
    # the same words as a message (empires.core.messages: describe_msg(action, player), its
    # components named), told in a reader's language by analysis_in / hint_in; None in an
    # analysis stored before messages
    message: dict | None = None


@dataclass(frozen=True)
class Hint:
    player: int
    moves: list[MoveValue]  # top 3 (or fewer), best first
    reason: str  # one sentence why the best move is best (English)
    iterations: int
    # the same sentence as clauses to translate: [{"text": msgid, "vars": {...}}] (reason_text)
    reason_parts: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class DecisionAnalysis:
    index: int  # index of the decision's action in the game's action history
    player: int
    chosen: MoveValue
    best: MoveValue
    loss: float  # best.value - chosen.value (>= 0)
    verdict: str  # "ok" | "inaccuracy" | "mistake" | "blunder"
    win: list[float]  # estimated win probability of every seat at this decision


@dataclass(frozen=True)
class GameAnalysis:
    game: str
    num_players: int
    decisions: list[DecisionAnalysis]
    summary: list[dict]  # per seat: analysed, inaccuracies, mistakes, blunders, mean_loss
    iterations: int
    seed: int
    # the decisions whose search or comparison the CPU budget stopped before their iterations
    # were spent (analyse_history's cpu_per_decision); 0 without a budget
    budget_cut: int = 0

    def to_json(self) -> dict:
        return asdict(self)

    @staticmethod
    def from_json(data: dict) -> GameAnalysis:
        """The analysis :meth:`to_json` wrote (KeyError / TypeError when it is not one)."""
        decisions = [
            DecisionAnalysis(
                **{
                    **d,
                    "chosen": MoveValue(**d["chosen"]),
                    "best": MoveValue(**d["best"]),
                }
            )
            for d in data["decisions"]
        ]
        return GameAnalysis(
            game=data["game"],
            num_players=data["num_players"],
            decisions=decisions,
            summary=list(data["summary"]),
            iterations=data["iterations"],
            seed=data["seed"],
            budget_cut=int(data.get("budget_cut", 0)),
        )


def verdict(loss: float) -> str:
    """The verdict of a decision that lost ``loss`` win probability against the best move."""
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return "ok"


# ---- one decision's search ----------------------------------------------------------------------
@dataclass
class _Searched:
    """What one search found: each searched action's visits, the deciding seat's mean value
    and every seat's mean reward through it."""

    player: int
    legal: list
    visits: dict[Any, int]
    value: dict[Any, float]
    vectors: dict[Any, list[float]]
    iterations: int
    bot: ISMCTSBot
    clear: Any = None  # the heuristic's clear favourite when no search ran (``gap``)
    cut: bool = False  # the search stopped at its CPU deadline, its iterations not all spent


def _search(
    state: Any,
    iterations: int,
    seed: int,
    *,
    gap: float | None = None,
    early_stop: float | None = None,
    deadline: float | None = None,
) -> _Searched:
    """Search ``state`` from its seat to move; with ``early_stop`` (1.0: exact) the search stops
    once its favourite cannot be caught, with ``gap`` it does not search when the heuristic's
    favourite leads by that much (``clear``), with ``deadline`` (the thread's CPU time,
    :data:`CPU_CLOCK`) at that time, after one iteration at least (a hint's search: ISMCTS's
    PUCT over the root's moves; the analysis's is :func:`_paired`)."""
    if iterations < 1:
        raise ValueError(f"iterations must be at least 1, got {iterations}")
    me = state.current_player
    legal = state.legal_actions()
    if me < 0 or not legal:
        raise ValueError("the game is over: there is no decision to analyse")
    seconds = None if deadline is None else max(1e-6, deadline - CPU_CLOCK())
    bot = ISMCTSBot(
        seed,
        iterations=iterations,
        seconds=seconds,
        gap=gap,
        early_stop=early_stop,
        temperature=PRIOR_TEMPERATURE,
    )
    bot._now = CPU_CLOCK  # its seconds on the coach's clock (ismcts's "cpu" is the process's)
    bot.root_vectors = True
    visits: dict[Any, int] = {}
    value: dict[Any, float] = {}
    vectors: dict[Any, list[float]] = {}
    clear = None
    if len(legal) > 1:
        root = bot.search(state)
        if bot.last_fallback:
            clear = _legal(legal, root.action)
        for a in legal:
            child = root.children.get(a)
            if child is not None and child.visits:
                visits[a] = child.visits
                value[a] = child.total / child.visits
                vec = bot.last_root_vectors.get(a)
                if vec is not None:
                    vectors[a] = [x / child.visits for x in vec]
    done = bot.last_iterations
    cut = (
        len(legal) > 1
        and clear is None
        and not bot.last_early_stop
        and deadline is not None
        and CPU_CLOCK() >= deadline
    )  # (about: a search that ended its iterations just past its deadline counts too)
    return _Searched(me, legal, visits, value, vectors, done, bot, clear, cut)


def _paired(
    state: Any,
    iterations: int,
    seed: int,
    *,
    pairs: int = ANALYSIS_PAIRS,
    gap: float | None = CLEAR_GAP,
    deadline: float | None = None,
) -> _Searched:
    """The analysis's search: no search when the heuristic's favourite leads the next move by
    ``gap`` (``clear``), else the heuristic's ``pairs`` favourites valued on the same paired
    rounds (:func:`empires.bots.coach_search.paired_search`, at most ``iterations`` playouts,
    the exact early stop, ``deadline`` on :data:`CPU_CLOCK`). A game without a heuristic gets
    :func:`_search`."""
    me, legal = state.current_player, state.legal_actions()
    scores = _heuristic_scores(state, me, seed) if me >= 0 and len(legal) > 1 else {}
    if not scores:
        return _search(state, iterations, seed, gap=gap, early_stop=1.0, deadline=deadline)
    bot = ISMCTSBot(seed, gap=None, early_stop=None, temperature=PRIOR_TEMPERATURE)
    low = min(scores.values()) - 1.0
    order = sorted(legal, key=lambda a: -scores.get(a, low))  # (ties: the engine's order)
    if gap is not None and scores.get(order[0], low) - scores.get(order[1], low) >= gap:
        return _Searched(me, legal, {}, {}, {}, 0, bot, clear=order[0])
    candidates = order[: max(2, pairs)]
    rounds = max(1, iterations // len(candidates))
    found = paired_search(bot, state, candidates, rounds, deadline=deadline, clock=CPU_CLOCK)
    visits = {a: v for a, v in found.visits.items() if v}
    value = {a: found.totals[a] / v for a, v in visits.items()}
    vectors = {a: [x / v for x in found.vectors[a]] for a, v in visits.items()}
    return _Searched(me, legal, visits, value, vectors, found.playouts, bot, None, found.cut)


def _playouts(found: _Searched, state: Any, action: Any, count: int) -> None:
    """Value ``action`` by ``count`` more playouts (added to those the search gave it), from
    determinizations for the deciding seat, as the search values its moves."""
    sums = found.bot.playouts(state, action, count)
    total = sums[found.player]
    had = found.visits.get(action, 0)  # merged with the playouts the search gave it
    n = had + count
    found.value[action] = (found.value.get(action, 0.0) * had + total) / n
    old = found.vectors.get(action, [0.0] * len(sums))
    found.vectors[action] = [(o * had + x) / n for o, x in zip(old, sums, strict=True)]
    found.visits[action] = n


def _fill(found: _Searched, state: Any, seed: int, count: int) -> None:
    """When the search tried fewer than three moves, value the heuristic's next preferred ones
    with ``count`` playouts each, so a hint shows up to three moves."""
    missing = min(TOP_MOVES, len(found.legal)) - len(found.visits)
    if missing <= 0:
        return
    scores = _heuristic_scores(state, found.player, seed)
    order = sorted(
        (a for a in found.legal if a not in found.visits), key=lambda a: -scores.get(a, 0.0)
    )
    for a in order[:missing]:
        _playouts(found, state, a, count)


def _ranked(found: _Searched) -> list[Any]:
    """The searched actions, best first: most visits (the move the bot plays), then the higher
    value, then the engine's order."""
    order = {a: i for i, a in enumerate(found.legal)}
    return sorted(found.visits, key=lambda a: (-found.visits[a], -found.value[a], order[a]))


def _move(state: Any, found: _Searched, action: Any) -> MoveValue:
    message = move_message(state, action, found.player)
    return MoveValue(
        action=str(action),
        description=_describe(state, action, found.player, message),
        value=round(found.value.get(action, 0.0), 4),
        visits=found.visits.get(action, 0),
        message=message,
    )


def move_message(state: Any, action: Any, player: int) -> dict | None:
    """The words of ``action`` as ``player`` may read them, as a message that needs no game to
    be told (its components replaced by their printed names); None for a game without
    ``describe_msg``."""
    describe_msg = getattr(state, "describe_msg", None)
    if not callable(describe_msg):
        return None
    names = getattr(state, "component_name", None)
    return _named(describe_msg(action, player), names)


def _named(value: Any, names: Any) -> Any:
    """``value`` (a message or an argument of one) with every component by id (``{"card":
    id}``) replaced by the name ``names(kind, id)`` gives (kept when it gives none)."""
    if isinstance(value, list):
        return [_named(v, names) for v in value]
    if not isinstance(value, dict):
        return value
    if "msg" in value:
        return {
            **value,
            "args": {k: _named(v, names) for k, v in (value.get("args") or {}).items()},
        }
    if "list" in value:
        return {**value, "list": _named(value["list"], names)}
    if len(value) == 1 and callable(names):
        kind, ident = next(iter(value.items()))
        if kind in COMPONENTS:
            name = names(kind, ident)
            return value if name is None else _named(name, names)
    return value


def _describe(state: Any, action: Any, player: int, message: dict | None = None) -> str:
    """The English words of ``action`` as ``player`` may read them (the message's)."""
    if message is not None:
        return i18n.render(message)
    describe_for = getattr(state, "describe_for", None)
    if callable(describe_for):
        return str(describe_for(action, player))
    return str(state.describe(action))


# The sentence of a hint, as clauses (``reason_parts``: {"text": one of these, "vars": values})
# joined by "; " and ended by ".". A clause's values: ``chance``/``next_chance`` an estimated win
# probability (0..1), ``move`` a move's words (a message: move_message; English words in a
# hint stored before messages), ``margin`` VP, the rest
# counts; :func:`reason_text` writes them in a language (the English is ``Hint.reason``).
ONLY_LEGAL = N_("It is the only legal move")
ONLY_HERE = N_("It is the only move here ({chance} estimated chance to win)")
ALL_ON_IT = N_(
    "The search spent all {n} simulated continuations on it ({chance} chance to win): "
    "no other move looked close"
)
TRIED_MOST_AHEAD = N_(
    "The search tried it most ({n} of {total} simulated continuations), with a {chance} chance "
    "to win against {next_chance} for the next best"
)
TRIED_MOST = N_(
    "The search tried it most ({n} of {total} simulated continuations), with a {chance} chance "
    "to win"
)
SCORED_ON_FEWER = N_(
    "{move} scored {next_chance} on fewer continuations ({n}), so the search trusts it less"
)
HEURISTIC_AGREES = N_("the rules heuristic also rates it best (+{margin} VP over the next)")
HEURISTIC_PREFERS = N_(
    "the rules heuristic prefers {move} by {margin} VP, but the playouts favour this move"
)
_PERCENTS = frozenset({"chance", "next_chance"})


def _part(text: str, **values: Any) -> dict:
    return {"text": text, "vars": values}


def percent(value: float, lang: str = i18n.DEFAULT) -> str:
    """A win probability as a percentage written the way ``lang`` writes it ("53%", "53 %")."""
    if lang == i18n.DEFAULT or lang not in i18n.LANGUAGES:
        return f"{value:.0%}"
    from babel.numbers import format_percent

    return format_percent(value, locale=lang)


def _vp(value: float, lang: str) -> str:
    if lang == i18n.DEFAULT or lang not in i18n.LANGUAGES:
        return f"{value:.1f}"
    from babel.numbers import format_decimal

    return format_decimal(value, format="0.0", locale=lang)


def reason_text(parts: list[dict], lang: str = i18n.DEFAULT) -> str:
    """The sentence of ``reason_parts`` in ``lang``: each clause from the catalogue, its
    percentages and numbers as the language writes them, moves in their printed words."""
    clauses = []
    for part in parts:
        msgid, values = str(part["text"]), {}
        for name, value in part["vars"].items():
            if name in _PERCENTS:
                values[name] = percent(float(value), lang)
            elif name == "margin":
                values[name] = _vp(float(value), lang)
            elif name == "move" and isinstance(value, dict):
                values[name] = i18n.render(value, lang)
            else:
                values[name] = value
        clauses.append(i18n.translate(msgid, lang, **values))
    return "; ".join(clauses) + "." if clauses else ""


def hint_in(hint: dict, lang: str) -> dict:
    """A hint (:meth:`Hint.to_json`) for a reader of ``lang``: a copy with its ``reason`` and
    its moves' words in that language, told from their messages (a hint stored before
    ``reason_parts`` keeps its English reason, one before messages its moves' English words);
    the same hint for English."""
    if lang == i18n.DEFAULT or lang not in i18n.LANGUAGES:
        return hint
    out = {**hint, "moves": [_move_in(m, lang) for m in hint.get("moves") or []]}
    parts = hint.get("reason_parts")
    if parts:
        out["reason"] = reason_text(parts, lang)
    return out


def analysis_in(analysis: dict, lang: str) -> dict:
    """A game analysis (:meth:`GameAnalysis.to_json`) with every move's words in ``lang``."""
    if lang == i18n.DEFAULT or lang not in i18n.LANGUAGES:
        return analysis
    decisions = [
        {**d, "chosen": _move_in(d["chosen"], lang), "best": _move_in(d["best"], lang)}
        for d in analysis.get("decisions") or []
    ]
    return {**analysis, "decisions": decisions}


def _move_in(move: Any, lang: str) -> Any:
    if isinstance(move, dict) and isinstance(move.get("message"), dict):
        return {**move, "description": i18n.render(move["message"], lang)}
    return move


def _reason(state: Any, found: _Searched, ranked: list[Any], seed: int) -> list[dict]:
    """The clauses of one sentence: how the best move did in the search against the runner-up,
    and whether the game's rules heuristic (from the deciding seat's observation) agrees."""
    best = ranked[0]
    v = found.value[best]
    if len(found.legal) == 1:
        return [_part(ONLY_HERE, chance=v)]
    if len(ranked) == 1:
        return [_part(ALL_ON_IT, n=found.iterations, chance=v)]
    second = ranked[1]
    v2, n2 = found.value[second], found.visits[second]
    tried = {"n": found.visits[best], "total": found.iterations, "chance": v}
    if v >= v2:
        parts = [_part(TRIED_MOST_AHEAD, **tried, next_chance=v2)]
    else:
        move = move_message(state, second, found.player) or _describe(state, second, found.player)
        parts = [
            _part(TRIED_MOST, **tried),
            _part(SCORED_ON_FEWER, move=move, next_chance=v2, n=n2),
        ]
    scores = _heuristic_scores(state, found.player, seed)
    if scores:
        top = max(scores, key=lambda a: scores[a])
        margin = scores[best] - max(s for a, s in scores.items() if a != best)
        if top == best:
            parts.append(_part(HEURISTIC_AGREES, margin=margin))
        else:
            move = move_message(state, top, found.player) or _describe(state, top, found.player)
            parts.append(_part(HEURISTIC_PREFERS, move=move, margin=-margin))
    return parts


def _heuristic_scores(state: Any, player: int, seed: int) -> dict[Any, float]:
    """The game heuristic's score of each legal action, read from a determinization for
    ``player`` (whose observation for that seat is the real one); {} without a heuristic."""
    adapter = adapter_or_none(state)
    if adapter is None:
        return {}
    d = state.determinize(player, Rng(seed))
    d.narrate = False
    return dict(zip(d.legal_actions(), adapter.action_scores(d), strict=True))


# ---- the public functions -----------------------------------------------------------------------
def hint(state: Any, *, iterations: int = HINT_ITERATIONS, seed: int = 0) -> Hint:
    """For state.current_player, from that player's observation only (search over
    determinizations from that seat; the result is identical for any state consistent with
    that seat's observation, given the seed). The search runs at most :data:`HINT_MAX`
    iterations, whatever ``iterations`` asks (a hint in a few CPU-seconds)."""
    iterations = min(iterations, HINT_MAX)
    found = _search(state, iterations, seed)
    if not found.visits:  # a single legal action: no search
        only = found.legal[0]
        _playouts(found, state, only, max(2, iterations // 10))
        moves = [_move(state, found, only)]
        parts = [_part(ONLY_LEGAL)]
        return Hint(found.player, moves, reason_text(parts), found.visits[only], parts)
    _fill(found, state, seed, max(2, iterations // 10))
    ranked = _ranked(found)
    moves = [_move(state, found, a) for a in ranked[:TOP_MOVES]]
    parts = _reason(state, found, ranked, seed)
    return Hint(found.player, moves, reason_text(parts), found.iterations, parts)


def analyse_decision(
    state: Any,
    chosen: Any,
    index: int,
    *,
    iterations: int = ANALYSIS_ITERATIONS,
    seed: int = 0,
    seconds: float | None = None,
) -> DecisionAnalysis:
    """The analysis of ``chosen`` (a legal action of ``state``, or its string) by the seat to
    move, from that seat's observation only; ``index`` is the action's place in the history.

    The best move is the search's (or the heuristic's clear favourite), chosen before the move
    played is valued again; when they differ, both are valued on the same paired rounds
    (:func:`_compare`), so the loss compares equal samples with common random numbers, never a
    topped-up move against a barely tried one. At most ``iterations // 2`` playouts of search
    and ``iterations // 2`` paired rounds; with ``seconds``, a ceiling of about that much of the
    thread's CPU time (:data:`CPU_CLOCK`): the search stops at half of it, the comparison at
    the whole once it has :data:`MIN_ROUNDS` rounds."""
    deadline = None if seconds is None else CPU_CLOCK() + max(0.0, seconds)
    return _analyse(state, chosen, index, iterations, seed, deadline)[0]


def _analyse(
    state: Any, chosen: Any, index: int, iterations: int, seed: int, deadline: float | None
) -> tuple[DecisionAnalysis, bool]:
    """:func:`analyse_decision` until ``deadline`` (:data:`CPU_CLOCK`), and whether that
    deadline cut its search or its comparison short."""
    half = None if deadline is None else (CPU_CLOCK() + deadline) / 2
    found = _paired(state, max(1, iterations // 2), seed, deadline=half)
    action = _legal(found.legal, chosen)
    best = _best(found)
    cut = found.cut
    if best == action:  # a move the search valued clearly higher on fewer visits is compared too
        best = _rival(found, action)
    if best != action:
        rounds = max(MIN_ROUNDS, int(iterations * COMPARE_SHARE))
        cut = _compare(found, state, best, action, rounds, seed, deadline) or cut
        if found.value[best] < found.value[action]:  # the move played did better, fairly valued
            best = action
    elif found.visits.get(action, 0) < FEW_PLAYOUTS:  # (for the chance to win of every seat)
        _playouts(found, state, action, FEW_PLAYOUTS - found.visits.get(action, 0))
    chosen_move, best_move = _move(state, found, action), _move(state, found, best)
    loss = max(0.0, round(best_move.value - chosen_move.value, 4))
    analysed = DecisionAnalysis(
        index=index,
        player=found.player,
        chosen=chosen_move,
        best=best_move,
        loss=loss,
        verdict=verdict(loss),
        win=[round(x, 4) for x in found.vectors.get(best, [])],
    )
    return analysed, cut


def _best(found: _Searched) -> Any:
    """The best move of a search, before anything else is valued: the only legal move, the
    heuristic's clear favourite (no search ran), or the search's most visited move."""
    if len(found.legal) == 1:
        return found.legal[0]
    if found.clear is not None:
        return found.clear
    return _ranked(found)[0]


def _rival(found: _Searched, action: Any) -> Any:
    """The move the search valued highest after ``action`` (its favourite) when its value leads
    by :data:`INACCURACY` or more on at least :data:`RIVAL_VISITS` visits, else ``action``: so
    that the favourite is rated ok only when no other move looked clearly better."""
    others = [a for a in _ranked(found) if a != action and found.visits[a] >= RIVAL_VISITS]
    if not others:
        return action
    rival = max(others, key=lambda a: found.value[a])
    return rival if found.value[rival] - found.value[action] >= INACCURACY else action


def _compare(
    found: _Searched,
    state: Any,
    best: Any,
    action: Any,
    rounds_max: int,
    seed: int,
    deadline: float | None = None,
) -> bool:
    """Value ``best`` and ``action`` again on the same paired rounds, replacing what the search
    found for them: a round plays each from the same determinization with the same rollout
    seeds (two bots of one seed, whose generators stay in step), so the difference of their
    values is mostly what the moves change. Stops once the verdict is settled (at least
    :data:`MIN_ROUNDS` rounds, at most ``rounds_max``) or, after :data:`MIN_ROUNDS` rounds, at
    ``deadline`` (:data:`CPU_CLOCK`); whether the deadline stopped it, unsettled."""
    me, n = found.player, state.num_players
    bots = [ISMCTSBot(seed ^ 0x5EED, gap=None, early_stop=None) for _ in range(2)]
    sums = [[0.0] * n, [0.0] * n]
    diffs: list[float] = []
    cut = False
    while len(diffs) < rounds_max:
        rewards = [bot.playouts(state, a, 1) for bot, a in zip(bots, (best, action), strict=True)]
        for acc, r in zip(sums, rewards, strict=True):
            for i in range(n):
                acc[i] += r[i]
        diffs.append(rewards[0][me] - rewards[1][me])
        done = len(diffs)
        if done >= MIN_ROUNDS and (done - MIN_ROUNDS) % ROUND_BATCH == 0 and _settled(diffs):
            break
        if deadline is not None and done >= MIN_ROUNDS and done < rounds_max:
            if CPU_CLOCK() >= deadline:
                cut = True
                break
    done = len(diffs)
    for a, total in zip((best, action), sums, strict=True):
        found.visits[a] = done
        found.value[a] = total[me] / done
        found.vectors[a] = [x / done for x in total]
    return cut


def _settled(diffs: list[float]) -> bool:
    """Whether the loss (the mean of ``diffs``) give or take :data:`SETTLE_Z` standard errors
    falls in one verdict's band: more rounds would not change the verdict."""
    k = len(diffs)
    mean = sum(diffs) / k
    var = max(VAR_FLOOR, sum((d - mean) ** 2 for d in diffs) / (k - 1) if k > 1 else 1.0)
    half = SETTLE_Z * math.sqrt(var / k)
    return verdict(max(0.0, mean - half)) == verdict(max(0.0, mean + half))


def _legal(legal: list, chosen: Any) -> Any:
    for a in legal:
        if a == chosen or str(a) == str(chosen):
            return a
    raise ValueError(f"{chosen!r} is not a legal action here")


def decisions_to_analyse(game: str, history: dict, seats: Iterable[int] | None = None) -> list[int]:
    """The indices (in ``history["actions"]``) of the decisions :func:`analyse_history` analyses:
    those of the given seats (default: all) with more than one legal action."""
    adapter = get_adapter(game)
    state = adapter.replay({**history, "actions": []})
    wanted = set(range(state.num_players)) if seats is None else set(seats)
    bad = sorted(p for p in wanted if not (isinstance(p, int) and 0 <= p < state.num_players))
    if bad:
        raise ValueError(f"no seat {bad[0]!r} in a {state.num_players}-player game")
    out = []
    for i, raw in enumerate(history["actions"]):
        if state.current_player in wanted and len(state.legal_actions()) > 1:
            out.append(i)
        state.apply(raw)
    return out


def analyse_history(
    game: str,
    history: dict,
    *,
    seats: Iterable[int] | None = None,
    iterations: int = ANALYSIS_ITERATIONS,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    cpu_per_decision: float | None = None,
) -> GameAnalysis:
    """Replays `history` (the engine's history dict as saves and the server store it) and
    analyses each decision of the given seats (default: all) with the search from what the
    deciding seat could see then. With ``cpu_per_decision`` (seconds; see
    :data:`CPU_PER_DECISION`) the whole analysis has a ceiling of that many seconds of the
    thread's CPU time per decision, shared among them by :class:`CpuBudget`."""
    adapter = get_adapter(game)
    todo = set(decisions_to_analyse(game, history, seats))
    state = adapter.replay({**history, "actions": []})
    state.narrate = False
    budget = None
    if cpu_per_decision is not None and todo:
        weights = decision_weights(todo, len(history["actions"]))
        budget = CpuBudget(cpu_per_decision * len(todo), weights, CPU_CLOCK)
    out: list[DecisionAnalysis] = []
    cuts = 0
    if progress is not None:
        progress(0, len(todo))
    for i, raw in enumerate(history["actions"]):
        if i in todo:
            if should_stop is not None and should_stop():
                break
            deadline = None if budget is None else CPU_CLOCK() + budget.share(i)
            analysed, cut = _analyse(state, raw, i, iterations, seed + i, deadline)
            out.append(analysed)
            cuts += cut
            if progress is not None:
                progress(len(out), len(todo))
        state.apply(raw)
    return GameAnalysis(
        game=game,
        num_players=state.num_players,
        decisions=out,
        summary=summarise(out, state.num_players),
        iterations=iterations,
        seed=seed,
        budget_cut=cuts,
    )


def summarise(decisions: list[DecisionAnalysis], num_players: int) -> list[dict]:
    """Per seat: decisions analysed, inaccuracies, mistakes, blunders and the mean loss."""
    out = []
    for p in range(num_players):
        mine = [d for d in decisions if d.player == p]
        out.append(
            {
                "player": p,
                "analysed": len(mine),
                "inaccuracies": sum(d.verdict == "inaccuracy" for d in mine),
                "mistakes": sum(d.verdict == "mistake" for d in mine),
                "blunders": sum(d.verdict == "blunder" for d in mine),
                "mean_loss": round(sum(d.loss for d in mine) / len(mine), 4) if mine else 0.0,
            }
        )
    return out


__all__ = [
    "BLUNDER",
    "CPU_PER_DECISION",
    "INACCURACY",
    "MISTAKE",
    "DecisionAnalysis",
    "GameAnalysis",
    "Hint",
    "MoveValue",
    "analyse_decision",
    "analyse_history",
    "analysis_in",
    "decisions_to_analyse",
    "hint",
    "hint_in",
    "move_message",
    "percent",
    "reason_text",
    "summarise",
    "verdict",
]
