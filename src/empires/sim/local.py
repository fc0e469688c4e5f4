"""The pure simulation loop: one game between bots, batches of games, and their summary.

Everything here is deterministic: game ``i`` of a batch started with ``seed`` is played with game
seed ``seed + i``, and the bots' seeds are derived from the game seed by :func:`bot_seeds`. The
functions take and return plain data (game name, ints, lists, dicts) so that they can run in
worker processes of a ``ProcessPoolExecutor`` or as Ray tasks (:mod:`empires.sim.ray_backend`).
"""

from __future__ import annotations

import math
import os
import statistics
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from empires.bots import make_bot
from empires.core.adapter import GameAdapter, get_adapter
from empires.core.rng import Rng
from empires.sim.export import Recorder

# Far above the length of any real game; a game that reaches it is an engine bug.
MAX_DECISIONS = 1_000_000

# Mixed into the game seed so that the bots' generators are not the game's own stream.
_BOT_SEED_SALT = 0xB075_5EED_0DD5_CAFE


class GameFailed(RuntimeError):
    """A game raised (engine or bot bug); the message names the game seed to reproduce it."""


def resolve_game(game: Any) -> GameAdapter:
    """A game's adapter from its name (or the adapter itself)."""
    return get_adapter(game) if isinstance(game, str) else game


def game_name(game: Any) -> str:
    """The name of a game given by name or adapter (names pickle; adapters need not)."""
    return game if isinstance(game, str) else game.name


def default_options(adapter: GameAdapter) -> Any:
    return adapter.options_type()


def bot_seeds(seed: int, num_players: int) -> list[int]:
    """The seeds of the seats' bots in a game played with ``seed`` (deterministic)."""
    rng = Rng(seed ^ _BOT_SEED_SALT)
    return [rng.next_u64() for _ in range(num_players)]


def expand_seats(specs: str | Sequence[str], num_players: int, *, cycle: bool = False) -> list[str]:
    """``"random"`` or ``["random"]`` fills every seat; otherwise one name per seat. With
    ``cycle``, fewer names than seats repeat in order (``heuristic,random`` for 4 players:
    heuristic, random, heuristic, random)."""
    if isinstance(specs, str):
        specs = [s for s in (p.strip() for p in specs.split(",")) if s]
    specs = [s.strip().lower() for s in specs]
    if len(specs) == 1 or (cycle and 0 < len(specs) < num_players):
        return [specs[i % len(specs)] for i in range(num_players)]
    if len(specs) != num_players:
        raise ValueError(
            f"{len(specs)} seats given ({', '.join(specs)}) for a {num_players}-player game"
        )
    return specs


def play_game(
    game: Any,
    num_players: int,
    seed: int,
    bots: str | Sequence[str],
    options: Any = None,
    *,
    keep_history: bool = False,
    max_decisions: int = MAX_DECISIONS,
    record: str | None = None,
) -> dict:
    """Play one game between bots and return its result.

    ``game`` is a game's name (or its adapter); ``bots`` one bot name per seat (or one name
    for every seat); ``options`` the game's options (``None``: the game's default Options).

    Returns ``{"seed", "bots", "scores", "ranking", "decisions"}`` (and ``"history"`` when
    ``keep_history``; ``"record"`` for an export when ``record`` is ``"games"``, or
    ``"features"`` to add a row of features per decision: :mod:`empires.sim.export`). Raises :class:`GameFailed` naming the seed if the game or a bot raises.
    """
    adapter = resolve_game(game)
    specs = expand_seats(bots, num_players)
    if options is None:
        options = default_options(adapter)
    players = [
        make_bot(spec, adapter.name, s)
        for spec, s in zip(specs, bot_seeds(seed, num_players), strict=True)
    ]
    decisions = 0
    recorder = Recorder(adapter, record == "features") if record else None
    try:
        state = adapter.new_game(num_players, seed=seed, options=options)
        state.narrate = recorder is not None  # else the event log has no reader; same game
        while not state.is_terminal():
            if decisions >= max_decisions:
                raise RuntimeError(f"no end after {max_decisions} decisions")
            action = players[state.current_player].choose(state)
            if recorder is not None:
                recorder.decision(state, action)
            state.apply(action)
            decisions += 1
        result = {
            "seed": seed,
            "bots": specs,
            "scores": state.scores(),
            "ranking": state.ranking(),
            "decisions": decisions,
        }
        if keep_history:
            result["history"] = state.history
        if recorder is not None:
            result["record"] = recorder.finish(state)
    except Exception as exc:
        raise GameFailed(
            f"{adapter.name} game with seed {seed}, {num_players} players, "
            f"bots {','.join(specs)} failed after {decisions} decisions: "
            f"{type(exc).__name__}: {exc}"
        ) from exc
    return result


def play_games(
    game: str,
    num_players: int,
    seeds: Iterable[int],
    bots: str | Sequence[str],
    options: Any = None,
) -> list[dict]:
    """Play one game per seed, in order (the unit of work of a worker process)."""
    return [play_game(game, num_players, s, bots, options) for s in seeds]


def play_matches(
    game: str,
    num_players: int,
    matches: Iterable[tuple[int, Sequence[str]]],
    options: Any = None,
    record: str | None = None,
) -> list[dict]:
    """Play one game per ``(seed, bots)`` pair, in order (a worker's unit for :func:`run_matches`)."""
    return [play_game(game, num_players, s, bots, options, record=record) for s, bots in matches]


def batches(seed: int, games: int, size: int) -> list[list[int]]:
    """Game seeds ``seed .. seed+games-1`` cut into consecutive batches of ``size``."""
    size = max(1, size)
    return [list(range(seed + i, seed + min(i + size, games))) for i in range(0, games, size)]


def summarize(results: Sequence[dict], num_players: int) -> list[dict]:
    """Per-seat summary of results given in game order.

    A game shared by ``k`` seats in first place gives each ``1/k`` of a win. Categories are the
    keys of the score dicts, in order of first appearance.
    """
    categories: list[str] = []
    for r in results:
        for row in r["scores"]:
            for key in row:
                if key not in categories:
                    categories.append(key)
    seats = []
    n = len(results)
    for seat in range(num_players):
        wins = 0.0
        for r in results:
            first = r["ranking"][0] if r["ranking"] else []
            if seat in first:
                wins += 1.0 / len(first)
        mean: dict[str, float] = {}
        stdev: dict[str, float] = {}
        for cat in categories:
            values = [float(r["scores"][seat].get(cat, 0)) for r in results]
            mean[cat] = math.fsum(values) / n if n else 0.0
            stdev[cat] = statistics.stdev(values) if n > 1 else 0.0
        bots = {r["bots"][seat] for r in results}
        seats.append(
            {
                "seat": seat,
                "bot": bots.pop() if len(bots) == 1 else ",".join(sorted(bots)),
                "wins": wins,
                "win_rate": wins / n if n else 0.0,
                "mean": mean,
                "stdev": stdev,
            }
        )
    return seats


def batch_size(games: int, jobs: int) -> int:
    """Games per unit of work: small enough to keep a progress bar moving and the load balanced,
    large enough to make the inter-process traffic negligible."""
    return max(1, min(50, games // (max(1, jobs) * 8)))


def run_local(
    game: Any,
    num_players: int,
    bots: Sequence[str],
    games: int,
    seed: int,
    *,
    options: Any = None,
    jobs: int = 1,
    on_progress: Callable[[int], None] | None = None,
) -> list[dict]:
    """Play ``games`` games (seeds ``seed .. seed+games-1``) on ``jobs`` processes.

    Results come back in game order whatever ``jobs`` is. ``on_progress(k)`` is called as each
    batch of ``k`` games finishes.
    """
    matches = [(s, bots) for s in range(seed, seed + games)]
    return run_matches(
        game, num_players, matches, options=options, jobs=jobs, on_progress=on_progress
    )


def run_matches(
    game: Any,
    num_players: int,
    matches: Sequence[tuple[int, Sequence[str]]],
    *,
    options: Any = None,
    jobs: int = 1,
    on_progress: Callable[[int], None] | None = None,
    on_results: Callable[[list[dict]], None] | None = None,
    record: str | None = None,
) -> list[dict]:
    """Play one game per ``(seed, bots)`` pair on ``jobs`` processes; results in ``matches`` order.

    ``bots`` is one bot spec per seat (or one for every seat), so each game may seat different
    bots (tournaments). ``on_progress(k)`` is called as each batch of ``k`` games finishes, and
    ``on_results(batch)`` with that batch's results (to save them as they come: a run cut off
    keeps every finished batch).
    """
    matches = [(s, list(b) if not isinstance(b, str) else b) for s, b in matches]
    results: list[dict] = []
    if jobs <= 1 or len(matches) <= 1:
        for s, bots in matches:
            results.append(play_game(game, num_players, s, bots, options, record=record))
            if on_results:
                on_results(results[-1:])
            if on_progress:
                on_progress(1)
        return results
    from concurrent.futures import ProcessPoolExecutor

    size = batch_size(len(matches), jobs)
    work = [matches[i : i + size] for i in range(0, len(matches), size)]
    name = game_name(game)  # adapters need not pickle; names do
    futures = []
    from empires.bots import user_file

    with ProcessPoolExecutor(
        max_workers=min(jobs, len(work)),
        initializer=user_file.restore,  # bots from a user's file (--bot-file)
        initargs=(user_file.registrations(),),
    ) as pool:
        try:
            futures += [
                pool.submit(play_matches, name, num_players, b, options, record) for b in work
            ]
            for fut in futures:
                batch = fut.result()
                results.extend(batch)
                if on_results:
                    on_results(batch)
                if on_progress:
                    on_progress(len(batch))
        except BaseException:
            for fut in futures:
                fut.cancel()
            raise
    return results


BACKENDS = ("process", "ray")


def run_games(
    game: Any,
    num_players: int,
    matches: Sequence[tuple[int, Sequence[str]]],
    *,
    options: Any = None,
    jobs: int | None = 1,
    backend: str = "process",
    address: str | None = None,
    on_progress: Callable[[int], None] | None = None,
    on_results: Callable[[list[dict]], None] | None = None,
    record: str | None = None,
) -> list[dict]:
    """:func:`run_matches` on ``backend``: ``"process"`` (this machine) or ``"ray"``.

    ``address`` (a Ray cluster; ``None`` starts a local instance) is only for Ray, and so is
    ``jobs=None`` (the cluster's CPUs). The results are the same on either backend.
    """
    if backend == "ray":
        from empires.sim.ray_backend import run_ray_matches

        return run_ray_matches(
            game,
            num_players,
            matches,
            options=options,
            jobs=jobs,
            address=address,
            on_progress=on_progress,
            on_results=on_results,
            record=record,
        )
    if backend != "process":
        raise ValueError(f"unknown backend {backend!r}; choose {' or '.join(BACKENDS)}")
    if address is not None:
        raise ValueError("an address is only for the ray backend")
    return run_matches(
        game,
        num_players,
        matches,
        options=options,
        jobs=jobs or os.cpu_count() or 1,
        on_progress=on_progress,
        on_results=on_results,
        record=record,
    )
