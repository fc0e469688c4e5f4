"""Seat-rotated tournaments between bots, rated with OpenSkill (Plackett-Luce).

Schedule
    Game ``g`` is played with game seed ``seed + g`` (as in ``simulate``). The games come in
    *cycles* over which every bot plays every seat equally often:

    * ``n <= players`` bots (bots repeat at a table when ``n < players``): a cycle is ``n`` games;
      game ``r`` of a cycle seats ``order[(j + r) % n]`` at seat ``j``, where ``order`` is the bot
      list shuffled once per cycle from the seed. Each bot sits at each seat once per cycle.
    * ``n > players``: a cycle is ``C(n, players) * players`` games: every table (combination of
      bots, in an order shuffled from the seed) in turn, each played ``players`` times with its
      (seed-shuffled) seating rotated by one each time. Each bot plays each seat
      ``C(n-1, players-1)`` times per cycle, every table the same number of times.

    Seat balance is exact when the number of games is a multiple of the cycle (``balanced`` in the
    report); otherwise the last, partial cycle tilts it slightly.

    A *lineup* fixes the table instead: one bot per seat, bots may repeat (``ismcts:1s,heuristic,
    heuristic,heuristic`` pits one search bot against three heuristics in every game). A cycle is
    ``players`` games: the lineup in an order shuffled from the seed, rotated by one seat each game,
    so every entry of the lineup sits at every seat once per cycle. The bots rated are the
    lineup's distinct bots.

Ratings
    One OpenSkill ``PlackettLuce`` rating per bot (library defaults: mu 25, sigma 25/3), updated
    game by game in game order (so the ratings are deterministic for a seed), from the places of
    ``state.ranking()``: seats in one group share the place (ties). The interval reported is
    ``mu ± 2 sigma``; the ordinal is OpenSkill's ``mu - 3 sigma``, by which the standings are
    sorted.

    A solo game (one player) is rated as a match between the bot and the game's virtual player,
    which has a rating of its own (updated like a bot's, not listed): the bot wins when the
    game's ranking is not empty (it beat the virtual player).

    When a bot holds several seats of one game (fewer bots than players), each seat enters the
    update as its own one-player team carrying the bot's current rating; the bot's rating then
    becomes the *mean* of its seats' updated ratings (mu and sigma averaged). A game in which the
    bot's seats finish first and last therefore moves it little, and a game counts as one update
    for the bot however many seats it held.

Win rates and scores are per seat played: a game whose first place is shared by ``k`` seats gives
each ``1/k`` of a win, ``win_rate = wins / seats``, and the mean scores (per category) and mean
place are over the seats the bot held.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from math import comb
from typing import Any

from empires.core.rng import Rng
from empires.sim.local import run_games

# Mixed into the tournament seed for the seating shuffles (not the games' own streams).
_SCHEDULE_SALT = 0x7A61_E5EA_75C4_ED01
# A cycle longer than this many tables is refused (the schedule is built a cycle at a time).
MAX_TABLES = 1_000_000

RATING_MODEL = "PlackettLuce"


# ---- schedule -----------------------------------------------------------------------------------


def parse_bots(bots: str | Sequence[str]) -> list[str]:
    """The tournament's bot specs, normalised; at least two, no repeats."""
    if isinstance(bots, str):
        bots = bots.split(",")
    specs = [b.strip().lower() for b in bots if b.strip()]
    seen: set[str] = set()
    for spec in specs:
        if spec in seen:
            raise ValueError(f"bot {spec!r} is listed twice; a tournament rates each bot once")
        seen.add(spec)
    if len(specs) < 2:
        raise ValueError("a tournament needs at least two different bots")
    return specs


def parse_lineup(lineup: str | Sequence[str], num_players: int) -> list[str]:
    """A lineup's bot specs, normalised: one per seat, at least two different bots."""
    if isinstance(lineup, str):
        lineup = lineup.split(",")
    specs = [b.strip().lower() for b in lineup if b.strip()]
    if len(specs) != num_players:
        raise ValueError(
            f"a lineup names one bot per seat: {num_players} for {num_players} players, "
            f"got {len(specs)}"
        )
    if len(set(specs)) < 2:
        raise ValueError("a lineup needs at least two different bots to compare")
    return specs


def lineup_schedule(lineup: Sequence[str], games: int, seed: int) -> list[list[str]]:
    """The bot at each seat of each game for a fixed ``lineup`` (see the module doc)."""
    rng = Rng(seed ^ _SCHEDULE_SALT)
    n = len(lineup)
    out: list[list[str]] = []
    while len(out) < games:
        order = list(lineup)
        rng.fork().shuffle(order)
        out += [[order[(j + r) % n] for j in range(n)] for r in range(n)]
    return out[:games]


def distinct(specs: Sequence[str]) -> list[str]:
    """``specs`` without repeats, in first-seen order (the bots a lineup rates)."""
    return list(dict.fromkeys(specs))


def cycle_length(num_bots: int, num_players: int) -> int:
    """Games after which every bot has played every seat equally often."""
    if num_bots <= num_players:
        return num_bots
    return comb(num_bots, num_players) * num_players


def _cycle(bots: Sequence[str], num_players: int, rng: Rng) -> list[list[str]]:
    n = len(bots)
    if n <= num_players:
        order = list(bots)
        rng.shuffle(order)
        return [[order[(j + r) % n] for j in range(num_players)] for r in range(n)]
    tables = [list(t) for t in itertools.combinations(bots, num_players)]
    rng.shuffle(tables)
    seatings = []
    for table in tables:
        rng.shuffle(table)
        seatings += [
            [table[(j + r) % num_players] for j in range(num_players)] for r in range(num_players)
        ]
    return seatings


def schedule(bots: Sequence[str], num_players: int, games: int, seed: int) -> list[list[str]]:
    """The bot at each seat of each of ``games`` games (deterministic for ``seed``)."""
    bots = list(bots)
    if num_players < 1 or not bots:
        raise ValueError("a schedule needs at least one bot and one seat")
    if len(bots) > num_players and comb(len(bots), num_players) > MAX_TABLES:
        raise ValueError(
            f"{len(bots)} bots at {num_players}-player tables make {comb(len(bots), num_players)} "
            f"different tables; at most {MAX_TABLES} are supported"
        )
    rng = Rng(seed ^ _SCHEDULE_SALT)
    out: list[list[str]] = []
    while len(out) < games:
        out += _cycle(bots, num_players, rng.fork())
    return out[:games]


def matches(
    bots: Sequence[str],
    num_players: int,
    games: int,
    seed: int,
    *,
    lineup: Sequence[str] | None = None,
) -> list[tuple[int, list[str]]]:
    """``(game seed, seats)`` for each game: the work list for the simulation backends.

    With a ``lineup`` (one bot per seat, see :func:`lineup_schedule`) it seats every game and
    ``bots`` is not used.
    """
    seating = (
        lineup_schedule(lineup, games, seed)
        if lineup is not None
        else schedule(bots, num_players, games, seed)
    )
    return [(seed + g, seats) for g, seats in enumerate(seating)]


# ---- results ------------------------------------------------------------------------------------


def places(ranking: Sequence[Sequence[int]], num_players: int) -> list[int]:
    """Each seat's place (1 = first) from ``state.ranking()``; tied seats share the place (1, 1, 3)."""
    out = [0] * num_players
    place = 1
    for group in ranking:
        for seat in group:
            out[seat] = place
        place += len(group)
    # A seat the ranking forgot (never for a finished game) is counted as tied last.
    return [p or place for p in out]


def _model():
    try:
        from openskill.models import PlackettLuce
    except ImportError as exc:  # a main dependency; only a broken install gets here
        raise RuntimeError(
            f"tournament ratings need openskill (pip install openskill): {exc}"
        ) from None
    return PlackettLuce()


def rating_steps(
    results: Sequence[dict], bots: Sequence[str]
) -> Iterator[dict[str, tuple[float, float]]]:
    """``{bot: (mu, sigma)}`` before any game, then after each game of ``results`` in order (the
    ratings as the games accumulate; see the module doc). Each step is a new dict."""
    model = _model()
    start = model.rating()
    ratings = {b: (float(start.mu), float(start.sigma)) for b in bots}
    yield dict(ratings)
    virtual = (float(start.mu), float(start.sigma))
    for r in results:
        seats = r["bots"]
        for b in seats:
            ratings.setdefault(b, (float(start.mu), float(start.sigma)))
        # Fresh rating objects per seat: openskill must not see one object in two teams.
        teams = [[model.rating(mu=ratings[b][0], sigma=ratings[b][1])] for b in seats]
        if len(seats) == 1:
            # A solo game is a match against the game's virtual player (rated too, not listed):
            # a non-empty ranking means the bot won it.
            teams.append([model.rating(mu=virtual[0], sigma=virtual[1])])
            new = model.rate(teams, ranks=[1, 2] if r["ranking"] else [2, 1])
            virtual = (float(new[1][0].mu), float(new[1][0].sigma))
        else:
            new = model.rate(teams, ranks=places(r["ranking"], len(seats)))
        for b in dict.fromkeys(seats):
            mine = [new[j][0] for j, s in enumerate(seats) if s == b]
            ratings[b] = (
                math.fsum(x.mu for x in mine) / len(mine),
                math.fsum(x.sigma for x in mine) / len(mine),
            )
        yield dict(ratings)


def rate(results: Sequence[dict], bots: Sequence[str]) -> dict[str, dict[str, float]]:
    """``{bot: {"mu", "sigma", "ordinal"}}`` after rating ``results`` in order (see module doc)."""
    model = _model()
    ratings: dict[str, tuple[float, float]] = {}
    for step in rating_steps(results, bots):
        ratings = step  # the last step: after every game
    out = {}
    for b, (mu, sigma) in ratings.items():
        out[b] = {
            "mu": mu,
            "sigma": sigma,
            "ordinal": float(model.rating(mu=mu, sigma=sigma).ordinal()),
        }
    return out


def _categories(results: Sequence[dict]) -> list[str]:
    categories: list[str] = []
    for r in results:
        for row in r["scores"]:
            categories += [k for k in row if k not in categories]
    return categories


def standings(results: Sequence[dict], bots: Sequence[str], num_players: int) -> list[dict]:
    """One record per bot, best ordinal first (ties keep the order of ``bots``).

    Each has ``rank, bot, mu, sigma, low, high, ordinal`` (the rating and its ``mu ± 2 sigma``
    interval), ``games`` (games played), ``seats`` (seats held), ``seat_counts`` (seats held, per
    seat number), ``wins``, ``win_rate``, ``mean_place`` and ``mean`` (score per category).
    """
    ratings = rate(results, bots)
    categories = _categories(results)
    rows: list[dict[str, Any]] = []
    for bot in ratings:
        games = seats = 0
        wins = 0.0
        seat_counts = [0] * num_players
        place_sum = 0
        totals: dict[str, list[float]] = {c: [] for c in categories}
        for r in results:
            mine = [j for j, s in enumerate(r["bots"]) if s == bot]
            if not mine:
                continue
            games += 1
            # An empty ranking is a lost solo game: no winner, the bot behind the virtual player.
            first = r["ranking"][0] if r["ranking"] else []
            where = (
                places(r["ranking"], num_players)
                if r["ranking"]
                else [num_players + 1] * num_players
            )
            for j in mine:
                seats += 1
                seat_counts[j] += 1
                place_sum += where[j]
                if j in first:
                    wins += 1.0 / len(first)
                for c in categories:
                    totals[c].append(float(r["scores"][j].get(c, 0)))
        rating = ratings[bot]
        rows.append(
            {
                "bot": bot,
                "mu": rating["mu"],
                "sigma": rating["sigma"],
                "low": rating["mu"] - 2 * rating["sigma"],
                "high": rating["mu"] + 2 * rating["sigma"],
                "ordinal": rating["ordinal"],
                "games": games,
                "seats": seats,
                "seat_counts": seat_counts,
                "wins": wins,
                "win_rate": wins / seats if seats else None,
                "mean_place": place_sum / seats if seats else None,
                "mean": {c: math.fsum(v) / len(v) for c, v in totals.items() if v},
            }
        )
    rows.sort(key=lambda x: -x["ordinal"])  # stable: equal ordinals keep the bots' order
    for i, row in enumerate(rows, 1):
        row["rank"] = i
    return [{"rank": row.pop("rank"), **row} for row in rows]


def summarize_tournament(
    results: Sequence[dict],
    bots: Sequence[str],
    num_players: int,
    *,
    lineup: Sequence[str] | None = None,
) -> dict:
    """The JSON-ready part of a tournament report that depends only on the results.

    With a ``lineup`` (one bot per seat), ``bots`` are its distinct bots and a cycle is
    ``num_players`` games.
    """
    games = len(results)
    cycle = num_players if lineup else cycle_length(len(bots), num_players)
    return {
        "bots": list(bots),
        "lineup": list(lineup) if lineup else None,
        "games": games,
        "cycle": cycle,
        "balanced": games % cycle == 0,
        "rating": {
            "system": "openskill",
            "model": RATING_MODEL,
            "interval": "mu ± 2 sigma",
            "ordinal": "mu - 3 sigma",
            "repeated_bot": "one team per seat; the bot's rating is the mean of its seats' updates",
        },
        "standings": standings(results, bots, num_players),
        "matches": [
            {
                "seed": r["seed"],
                "bots": list(r["bots"]),
                "ranking": r["ranking"],
                "totals": [row.get("total") for row in r["scores"]],
                "decisions": r["decisions"],
            }
            for r in results
        ],
    }


def run_tournament(
    game: Any,
    num_players: int,
    bots: str | Sequence[str],
    games: int,
    seed: int,
    *,
    options: Any = None,
    jobs: int | None = 1,
    backend: str = "process",
    address: str | None = None,
    on_progress: Callable[[int], None] | None = None,
    lineup: str | Sequence[str] | None = None,
) -> dict:
    """Schedule, play (``backend`` ``"process"`` or ``"ray"``) and summarise a tournament.

    Give ``lineup`` (one bot per seat; ``bots`` is then ignored and may be ``None``) to play the
    same table every game with rotating seats.
    """
    if lineup is not None:
        lineup = parse_lineup(lineup, num_players)
        specs = distinct(lineup)
    else:
        specs = parse_bots(bots)
    work = matches(specs, num_players, games, seed, lineup=lineup)
    results = run_games(
        game,
        num_players,
        work,
        options=options,
        jobs=jobs,
        backend=backend,
        address=address,
        on_progress=on_progress,
    )
    return summarize_tournament(results, specs, num_players, lineup=lineup)
