"""CPU time of the coach (issue #32): the post-game analysis of an ~86-decision game and hints,
for both games, printed next to the targets (an 86-decision game in 120 CPU-seconds, a hint in
5 CPU-seconds on one core), and its verdicts against a deep reference.

The game: seat 0 plays the heuristic bot's move, or a random legal move with probability
``--shaky`` (a player who makes mistakes), against heuristic bots; the analysed decisions are
``--decisions`` of seat 0's decisions with a choice, spread evenly over the whole game, each
analysed as ``analyse_history`` does (seed + index, under the CPU ceiling of ``--cpu`` seconds a
decision, as ``empires analyse``; ``--cpu 0``: none). Times are CPU seconds of this process
(``time.process_time``): steady on a busy machine, unlike the wall clock. ``--seeds 2`` analyses
every decision with a second seed too and prints how many verdicts agree (twice the time).

``--reference``: positions of heuristic games with a known better move (the heuristic's worst
move trails its best by ``--gap`` VP, and every legal move valued on ``--reference-rounds``
paired rounds says it loses at least a mistake's worth); the coach's verdicts there, under two
seeds, on the bad move and on the reference's best move (see :func:`reference`).

    python benchmarks/coach_time.py
    python benchmarks/coach_time.py --games discovery:3 --iterations 100 --seeds 2
    python benchmarks/coach_time.py --reference --games discovery:2,settlers:2 --positions 10
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from empires.bots import analysis as an  # noqa: E402
from empires.bots import make_bot  # noqa: E402
from empires.bots.coach_budget import CpuBudget, decision_weights  # noqa: E402
from empires.core.adapter import get_adapter  # noqa: E402

GAME_TARGET_S = 120.0
HINT_TARGET_S = 5.0


def play(game: str, players: int, seed: int, shaky: float) -> dict:
    """A finished game's history: seat 0 heuristic or (probability ``shaky``) random."""
    state = get_adapter(game).new_game(players, seed)
    state.narrate = False
    bots = [make_bot("heuristic", game, seed + p) for p in range(players)]
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.current_player == 0 and len(legal) > 1 and rng.random() < shaky:
            state.apply(legal[rng.randrange(len(legal))])
        else:
            state.apply(bots[state.current_player].choose(state))
    return state.history


def spread(items: list[int], k: int) -> list[int]:
    if len(items) <= k:
        return items
    return [items[i * len(items) // k] for i in range(k)]


def analyse(
    game: str, history: dict, todo: set[int], iterations: int, seed: int, cpu: float | None
):
    """Each decision of ``todo`` analysed as analyse_history does, under its CPU ceiling of
    ``cpu`` seconds a decision (None: none); (analyses, CPU s, states, decisions cut)."""
    state = get_adapter(game).replay({**history, "actions": []})
    state.narrate = False
    out, states, cuts = [], [], 0
    t0 = time.process_time()
    budget = None
    if cpu:
        weights = decision_weights(todo, len(history["actions"]))
        budget = CpuBudget(cpu * len(todo), weights, an.CPU_CLOCK)
    for i, raw in enumerate(history["actions"]):
        if i in todo:
            deadline = None if budget is None else an.CPU_CLOCK() + budget.share(i)
            found, cut = an._analyse(state, raw, i, iterations, seed + i, deadline)
            out.append(found)
            cuts += cut
            states.append(state.clone())
        state.apply(raw)
    return out, time.process_time() - t0, states, cuts


def one_game(game: str, players: int, args: argparse.Namespace) -> None:
    history = play(game, players, args.game_seed, args.shaky)
    mine = an.decisions_to_analyse(game, history, [0])
    todo = set(spread(mine, args.decisions))
    found, cpu, states, cuts = analyse(game, history, todo, args.iterations, 0, args.cpu)
    counts = Counter(d.verdict for d in found)
    print(
        f"{game} {players}p: analysis of {len(found)} decisions (of {len(mine)} of seat 0) at "
        f"{args.iterations} iterations, ceiling {args.cpu or 'none'} CPU-s a decision: "
        f"{cpu:.1f} CPU-s (target {GAME_TARGET_S:.0f}), {cpu / max(1, len(found)):.2f} "
        f"s/decision, {cuts} cut short; verdicts {dict(sorted(counts.items()))}",
        flush=True,
    )
    if args.seeds > 1:
        other, cpu2, _, _ = analyse(game, history, todo, args.iterations, 1000, args.cpu)
        same = sum(a.verdict == b.verdict for a, b in zip(found, other, strict=True))
        flagged = [
            (a.verdict, b.verdict) for a, b in zip(found, other, strict=True) if "ok" != a.verdict
        ]
        print(
            f"  seed 1000: {cpu2:.1f} CPU-s; same verdict in {same} of {len(found)} decisions; "
            f"seed 0's flagged moves under seed 1000: {flagged}"
        )
    hints = []
    for state in spread(states, args.hints) if args.hints else []:
        t0 = time.process_time()
        an.hint(state, iterations=args.hint_iterations, seed=1)
        hints.append(time.process_time() - t0)
    if hints:
        print(
            f"  hints at {args.hint_iterations} iterations ({len(hints)} positions): mean "
            f"{sum(hints) / len(hints):.2f}, max {max(hints):.2f} CPU-s "
            f"(target {HINT_TARGET_S:.0f})"
        )


# ---- verdicts against a deep reference ----------------------------------------------------------
def reference_values(state, rounds: int, seed: int) -> dict:
    """Every legal move's value for the seat to move from ``rounds`` paired rounds (each round
    plays every move from the same determinization with the same rollout seeds): the deep
    reference the coach's verdicts are checked against."""
    from empires.bots.ismcts import ISMCTSBot

    me, legal = state.current_player, state.legal_actions()
    bots = [ISMCTSBot(seed, gap=None, early_stop=None) for _ in legal]
    totals = dict.fromkeys(legal, 0.0)
    for _ in range(rounds):
        for bot, a in zip(bots, legal, strict=True):
            totals[a] += bot.playouts(state, a, 1)[me]
    return {a: t / rounds for a, t in totals.items()}


def clear_positions(game: str, players: int, seeds: range, max_legal: int, gap: float):
    """Positions of heuristic games where the heuristic's worst move trails its best by ``gap``
    VP or more (at most ``max_legal`` legal moves): (state, the worst move)."""
    adapter = get_adapter(game)
    for seed in seeds:
        state = adapter.new_game(players, seed)
        state.narrate = False
        bots = [make_bot("heuristic", game, seed + p) for p in range(players)]
        while not state.is_terminal():
            legal = state.legal_actions()
            if 1 < len(legal) <= max_legal:
                scores = adapter.action_scores(state)
                if max(scores) - min(scores) >= gap:
                    yield state.clone(), legal[scores.index(min(scores))]
            state.apply(bots[state.current_player].choose(state))


def searched_positions(game: str, players: int, seeds: range, max_legal: int, per_game: int = 2):
    """Positions of heuristic games where the coach searches (the heuristic's favourite leads
    the next move by less than ``CLEAR_GAP``), at most ``per_game`` a game, spread over it:
    (state, None), the move to judge left to the reference (its worst)."""
    adapter = get_adapter(game)
    for seed in seeds:
        state = adapter.new_game(players, seed)
        state.narrate = False
        bots = [make_bot("heuristic", game, seed + p) for p in range(players)]
        found: list = []
        while not state.is_terminal():
            legal = state.legal_actions()
            if 1 < len(legal) <= max_legal:
                scores = sorted(adapter.action_scores(state), reverse=True)
                if scores[0] - scores[1] < an.CLEAR_GAP:
                    found.append(state.clone())
            state.apply(bots[state.current_player].choose(state))
        for i in range(min(per_game, len(found))):
            yield found[(2 * i + 1) * len(found) // (2 * per_game)], None


def reference(args: argparse.Namespace) -> None:
    """The coach's verdicts against the reference at positions with a known better move: for
    each game of ``--games``, positions where the heuristic's worst move trails its best by
    ``--gap`` VP or more and the reference (every move valued on ``--reference-rounds`` paired
    rounds) says it loses at least a mistake's worth. The coach analyses there, under two seeds,
    the bad move (it should be flagged, another move named best, ideally with the reference's
    verdict) and the reference's best move (it should be rated ok)."""
    for spec in args.games.split(","):
        game, _, players = spec.partition(":")
        reference_game(game, int(players or 2), args)


def reference_game(game: str, players: int, args: argparse.Namespace) -> None:
    tally = Counter()
    cpu = 0.0
    if args.searched:
        positions = searched_positions(game, players, range(1, 200), args.max_legal)
    else:
        positions = clear_positions(game, players, range(1, 60), args.max_legal, args.gap)
    for state, bad in positions:
        values = reference_values(state, args.reference_rounds, 99)
        top = max(values, key=lambda a: values[a])
        if bad is None:  # the reference's worst move
            bad = min(values, key=lambda a: values[a])
        loss = values[top] - values[bad]
        if loss < an.MISTAKE:
            continue
        t0 = time.process_time()
        runs = {
            (move, seed): an.analyse_decision(
                state, move, 0, iterations=args.iterations, seed=seed, seconds=args.cpu or None
            )
            for move in (bad, top)
            for seed in (1, 2)
        }
        cpu += time.process_time() - t0
        tally["positions"] += 1
        for seed in (1, 2):
            b, t = runs[bad, seed], runs[top, seed]
            tally["flagged"] += b.verdict != "ok" and b.best.action != str(bad)
            tally["exact"] += b.verdict == an.verdict(loss)
            tally["best ok"] += t.verdict == "ok"
        tally["same bad"] += runs[bad, 1].verdict == runs[bad, 2].verdict
        tally["same best"] += runs[top, 1].verdict == runs[top, 2].verdict
        print(
            f"  {state.describe(bad)!r}: reference loss {loss:.2f} ({an.verdict(loss)}); coach "
            f"{runs[bad, 1].verdict} ({runs[bad, 1].loss:.2f}), {runs[bad, 2].verdict} "
            f"({runs[bad, 2].loss:.2f}); the reference's best {state.describe(top)!r}: "
            f"{runs[top, 1].verdict}, {runs[top, 2].verdict}",
            flush=True,
        )
        if tally["positions"] >= args.positions:
            break
    n = tally["positions"]
    print(
        f"{game} {players}p at {args.iterations} iterations (ceiling {args.cpu or 'none'} CPU-s "
        f"an analysis): {n} positions with a known better "
        f"move (reference loss >= {an.MISTAKE}); the bad move flagged with another move best "
        f"in {tally['flagged']} of {2 * n} analyses, the reference's verdict in "
        f"{tally['exact']} of {2 * n}; the reference's best rated ok in {tally['best ok']} of "
        f"{2 * n}; same verdict from seeds 1 and 2: bad move {tally['same bad']} of {n}, best "
        f"move {tally['same best']} of {n}; {cpu / max(1, 4 * n):.2f} CPU-s per analysis",
        flush=True,
    )


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", default="discovery:2,discovery:3,settlers:2", help="game:players,...")
    p.add_argument("--iterations", type=int, default=100, help="as `empires analyse` (100)")
    p.add_argument("--hint-iterations", type=int, default=200, help="as the web app (200)")
    p.add_argument("--decisions", type=int, default=86)
    p.add_argument("--hints", type=int, default=4, help="hint positions per game")
    p.add_argument("--shaky", type=float, default=0.3)
    p.add_argument("--game-seed", type=int, default=7)
    p.add_argument("--seeds", type=int, default=1, choices=(1, 2))
    p.add_argument(
        "--cpu",
        type=float,
        default=an.CPU_PER_DECISION,
        help=f"CPU ceiling per decision, as empires analyse (default {an.CPU_PER_DECISION}; 0: none)",
    )
    p.add_argument("--reference", action="store_true", help="verdicts against a reference")
    p.add_argument("--reference-rounds", type=int, default=64)
    p.add_argument("--positions", type=int, default=12, help="reference positions per game")
    p.add_argument("--gap", type=float, default=3.0, help="reference: heuristic VP gap")
    p.add_argument(
        "--searched",
        action="store_true",
        help="reference: positions where the coach searches (no clear heuristic favourite), "
        "the reference's worst move judged",
    )
    p.add_argument("--max-legal", type=int, default=4, help="reference: most legal moves")
    args = p.parse_args(argv)
    if args.reference:
        reference(args)
        return
    for spec in args.games.split(","):
        game, _, players = spec.partition(":")
        one_game(game, int(players or 2), args)


if __name__ == "__main__":
    main()
