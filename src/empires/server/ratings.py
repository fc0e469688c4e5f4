"""OpenSkill ratings per account and game, updated once when a rated game finishes, and the
leaderboard.

The model is the tournaments' (:data:`empires.sim.tournament.RATING_MODEL`, Plackett-Luce with
the library's defaults: mu 25, sigma 25/3); the leaderboard orders by the ordinal
``mu - 3 sigma``. A game is rated when it finished normally with two seats or more, at least one
of them held by an account, and it was neither a practice game (hints) nor one whose seed a
player chose (who knows the seed can know the hidden cards), and at least one human seat was
still present at its end: a game the bots finished after every player left, or timed out three
times in a row (:mod:`empires.server.table_clock`), is not rated. Every seat is a team of one, ranked
by the game's ranking (ties share a place):

- an account's seat plays with the account's rating for that game;
- a bot seat plays as the pseudo-player ``bot:<spec>`` (``bot:heuristic``, ``bot:ismcts:200``),
  rated like anyone and listed on the leaderboard, so beating a weak bot again and again is
  worth less and less; two seats of one bot in a game average their updates, as tournaments do;
- a human seat without an account plays as a new player (mu 25, sigma 25/3) whose rating is not
  kept.

Rating a game is one transaction that first records the game in ``rated_games`` (its id is the
key): a game is rated once, even when two servers finish it or a restarted server looks again.
Each sweep (and so each start-up) rates the finished games that hold accounts' seats but were
not rated yet (a server stopped between the last move and the rating).

The same transaction records each rated seat's rating before and after the game
(``rating_changes``: mu, sigma and the ordinal, the leaderboard's number); a game with an
account's seat that is not rated keeps why (``rated_games.unrated``, an :data:`UNRATED` code).
Once known, the game's pages are told (``result.rating`` of the state message:
``{"rated": true, "seats": [{"seat", "player", "before", "after", "delta"}]}`` in ordinals, or
``{"rated": false, "reason": code}``), and ``GET /api/games/{id}/ratings`` reads it from the
store. A game without an account's seat has no rating news: nothing is said.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import exists, func, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from empires.core.adapter import game_names
from empires.server.accounts import Accounts
from empires.server.db import (
    account_seats,
    accounts,
    games,
    now,
    rated_games,
    rating_changes,
    ratings,
)
from empires.server.errors import ApiError
from empires.server.game_port import GamePort
from empires.server.live_game import LiveGame

log = logging.getLogger("empires.server")

PAGE_MAX = 100  # leaderboard rows a page at most
PENDING_BATCH = 50  # unrated finished games looked at per sweep


def model() -> Any:
    """The tournaments' OpenSkill model."""
    import openskill.models

    from empires.sim.tournament import RATING_MODEL

    return getattr(openskill.models, RATING_MODEL)()


# Why a game is not rated: the code stored in rated_games.unrated and sent to its pages (which
# say it in their language), and its words in English.
UNRATED = {
    "solo": "solo games are not rated",
    "practice": "practice games are not rated",
    "seeded": "games with a chosen seed are not rated",
    "no_account": "no seat belongs to an account",
    "unfinished": "it did not finish",
    "bots_finished": "no player was at the table at the end (bots finished it)",
    "missing": "the game could not be read",
}


def unrated_code(game: LiveGame, holders: dict[int, int]) -> str | None:
    """Why ``game`` (finished) is not rated (an :data:`UNRATED` code), or None when it is.
    ``holders``: {seat: account}."""
    if len(game.seats) < 2:
        return "solo"
    if game.practice:
        return "practice"
    if game.seeded:
        return "seeded"
    if not holders:
        return "no_account"
    if game.status != "finished" or not game.state.is_terminal():
        return "unfinished"
    humans = [i for i, s in enumerate(game.seats) if s.kind == "human"]
    if humans and all(game.table.absent(i) for i in humans):
        return "bots_finished"
    return None


def unrated_reason(game: LiveGame, holders: dict[int, int]) -> str | None:
    """Why ``game`` (finished) is not rated, in English, or None when it is."""
    code = unrated_code(game, holders)
    return None if code is None else UNRATED[code]


def outcome_words(outcome: dict | None) -> dict | None:
    """A game's rating outcome (:func:`empires.server.db.rating_outcome`) with the English
    words of an unrated game's reason (``text``)."""
    if outcome is None or outcome["rated"]:
        return outcome
    return {**outcome, "text": UNRATED.get(outcome["reason"], outcome["reason"])}


def players_of(game: LiveGame, holders: dict[int, int]) -> list[str | None]:
    """Each seat's player: ``account:<id>``, ``bot:<spec>``, or None (a guest)."""
    out: list[str | None] = []
    for seat in game.seats:
        if seat.seat in holders:
            out.append(f"account:{holders[seat.seat]}")
        elif seat.kind == "bot" and seat.bot:
            out.append(f"bot:{seat.bot}")
        else:
            out.append(None)
    return out


def places(ranking: Sequence[Sequence[int]], n: int) -> list[int]:
    from empires.sim.tournament import places as tournament_places

    return tournament_places(ranking, n)


def rate_seats(
    prior: dict[str, tuple[float, float]],
    players: list[str | None],
    ranking: Sequence[Sequence[int]],
) -> dict[str, tuple[float, float]]:
    """The named players' (mu, sigma) after one game; ``prior`` holds those known before (the
    others start at the model's defaults)."""
    m = model()
    start = m.rating()
    teams = []
    for p in players:
        mu, sigma = prior.get(p, (start.mu, start.sigma)) if p else (start.mu, start.sigma)
        teams.append([m.rating(mu=mu, sigma=sigma)])
    new = m.rate(teams, ranks=places(ranking, len(players)))
    out: dict[str, tuple[float, float]] = {}
    for p in dict.fromkeys(p for p in players if p):
        mine = [new[j][0] for j, q in enumerate(players) if q == p]
        out[p] = (
            math.fsum(float(x.mu) for x in mine) / len(mine),
            math.fsum(float(x.sigma) for x in mine) / len(mine),
        )
    return out


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


class RatingStore:
    """The ratings' tables; every method is one transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def rate(
        self, game_id: str, game: str, players: list[str | None], ranking: list, stamp: datetime
    ) -> dict[str, dict] | None:
        """Rate the game once: {player: {mu, sigma, ordinal, games}} after it, or None when it
        was rated already (here or by another server)."""
        for _attempt in range(3):  # a new player's row inserted by another game at once
            try:
                return self._rate_once(game_id, game, players, ranking, stamp)
            except IntegrityError:
                continue
        return None

    def _rate_once(
        self, game_id: str, game: str, players: list[str | None], ranking: list, stamp: datetime
    ) -> dict[str, dict] | None:
        named = sorted({p for p in players if p})
        with self.engine.begin() as conn:
            done = conn.execute(
                select(rated_games.c.game_id).where(rated_games.c.game_id == game_id)
            ).first()
            if done is not None:
                return None
            conn.execute(insert(rated_games).values(game_id=game_id, rated=stamp))
            rows = conn.execute(
                select(ratings.c.player, ratings.c.mu, ratings.c.sigma, ratings.c.games)
                .where((ratings.c.game == game) & ratings.c.player.in_(named))
                .with_for_update()
            ).all()
            known = {r[0]: (float(r[1]), float(r[2]), int(r[3])) for r in rows}
            after = rate_seats({p: v[:2] for p, v in known.items()}, players, ranking)
            record_changes(conn, game_id, players, known, after)
            out = {}
            for p, (mu, sigma) in after.items():
                values = {
                    "mu": mu,
                    "sigma": sigma,
                    "ordinal": ordinal(mu, sigma),
                    "games": known[p][2] + 1 if p in known else 1,
                    "updated": stamp,
                }
                if p in known:
                    conn.execute(
                        update(ratings)
                        .where((ratings.c.game == game) & (ratings.c.player == p))
                        .values(**values)
                    )
                else:
                    account = int(p.split(":", 1)[1]) if p.startswith("account:") else None
                    conn.execute(
                        insert(ratings).values(game=game, player=p, account_id=account, **values)
                    )
                out[p] = {k: v for k, v in values.items() if k != "updated"}
            return out

    def pending(self, limit: int) -> list[str]:
        """Finished games holding an account's seat that were not rated (nor looked at)."""
        query = (
            select(games.c.id)
            .where(
                (games.c.status == "finished")
                & exists().where(account_seats.c.game_id == games.c.id)
                & ~exists().where(rated_games.c.game_id == games.c.id)
            )
            .order_by(games.c.finished)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(query)]

    def mark_unrated(self, game_id: str, stamp: datetime, reason: str | None = None) -> None:
        """Record that ``game_id`` is not rated (so it is not looked at again), and why (an
        :data:`UNRATED` code; None: the game could not be read)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(rated_games).values(
                        game_id=game_id, rated=stamp, unrated=reason or "missing"
                    )
                )
        except IntegrityError:
            pass

    def leaderboard(self, game: str, limit: int, offset: int) -> tuple[list[dict], int]:
        mine = ratings.c.game == game
        with self.engine.connect() as conn:
            total = conn.execute(select(func.count()).select_from(ratings).where(mine)).scalar()
            rows = conn.execute(
                select(
                    ratings.c.player,
                    accounts.c.name,
                    ratings.c.mu,
                    ratings.c.sigma,
                    ratings.c.ordinal,
                    ratings.c.games,
                )
                .select_from(ratings.outerjoin(accounts, ratings.c.account_id == accounts.c.id))
                .where(mine)
                .order_by(ratings.c.ordinal.desc(), ratings.c.games.desc(), ratings.c.player)
                .limit(limit)
                .offset(offset)
            ).all()
        out = []
        for i, (player, name, mu, sigma, value, played) in enumerate(rows):
            bot = player.startswith("bot:")
            out.append(
                {
                    "rank": offset + i + 1,
                    "name": player if bot else name,
                    "kind": "bot" if bot else "account",
                    "mu": round(float(mu), 3),
                    "sigma": round(float(sigma), 3),
                    "ordinal": round(float(value), 3),
                    "games": int(played),
                }
            )
        return out, int(total or 0)

    def of_account(self, account_id: int) -> dict[str, dict]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(
                    ratings.c.game,
                    ratings.c.mu,
                    ratings.c.sigma,
                    ratings.c.ordinal,
                    ratings.c.games,
                ).where(ratings.c.account_id == account_id)
            ).all()
        return {
            r[0]: {
                "mu": round(float(r[1]), 3),
                "sigma": round(float(r[2]), 3),
                "ordinal": round(float(r[3]), 3),
                "games": int(r[4]),
            }
            for r in rows
        }


def record_changes(
    conn,
    game_id: str,
    players: list[str | None],
    known: dict[str, tuple[float, float, int]],
    after: dict[str, tuple[float, float]],
) -> None:
    """Store each rated seat's rating before (``known``, else the model's start) and after
    the game, within the rating's transaction on ``conn``."""
    start = model().rating()
    out = []
    for seat, p in enumerate(players):
        if not p:
            continue
        mu0, sigma0 = known[p][:2] if p in known else (float(start.mu), float(start.sigma))
        mu1, sigma1 = after[p]
        out.append(
            {
                "game_id": game_id,
                "seat": seat,
                "player": p,
                "mu_before": mu0,
                "sigma_before": sigma0,
                "ordinal_before": ordinal(mu0, sigma0),
                "mu_after": mu1,
                "sigma_after": sigma1,
                "ordinal_after": ordinal(mu1, sigma1),
            }
        )
    if out:
        conn.execute(insert(rating_changes), out)


class Ratings:
    """The server's ratings (``manager.ratings``)."""

    def __init__(self, manager: GamePort, accounts: Accounts) -> None:
        self.manager = manager
        self.accounts = accounts  # who held the seats of a finished game
        manager.on_game_finished(self.game_finished)
        self.store = RatingStore(manager.store.engine)
        self._tasks: set[asyncio.Task] = set()

    def game_finished(self, game: LiveGame) -> None:
        """``game`` just finished: rate it in the background (a failure is logged, and the next
        sweep tries again)."""
        task = asyncio.get_running_loop().create_task(self._rate_logged(game))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _rate_logged(self, game: LiveGame) -> None:
        try:
            await self.rate(game)
        except Exception:
            log.exception("cannot rate game %s", game.id)

    async def rate(self, game: LiveGame) -> dict[str, dict] | None:
        """Rate ``game`` if it is rated and was not yet; the new ratings, else None. Its pages
        are then told what it brought (``result.rating`` of the state message)."""
        m = self.manager
        holders = await m.run_db(self.accounts.store.game_accounts, game.id)
        why = unrated_code(game, holders)
        if why is not None:
            if holders and game.status == "finished":
                await m.run_db(self.store.mark_unrated, game.id, now(), why)
                await self.tell(game)
            return None
        ranking = [list(group) for group in game.state.ranking()]
        new = await m.run_db(
            self.store.rate, game.id, game.game, players_of(game, holders), ranking, now()
        )
        await self.tell(game)
        return new

    async def tell(self, game: LiveGame) -> None:
        """Read what rating ``game`` brought and push it to its pages when it is new."""
        outcome = await self.manager.run_db(self.manager.store.rating_outcome, game.id)
        if outcome != game.rating:
            game.rating = outcome
            game.notify()

    async def outcome(self, game: LiveGame) -> dict | None:
        """What rating ``game`` brought as the store has it (another server may have rated it),
        with an unrated game's reason in English words; None: nothing (yet)."""
        if game.status != "finished":
            return None
        return outcome_words(await self.manager.run_db(self.manager.store.rating_outcome, game.id))

    async def sweep(self) -> int:
        """End expired sessions and rate the finished games left unrated (see the module doc);
        how many were rated. A failure is logged and tried again at the next sweep."""
        try:
            await self.accounts.sweep()
            return await self._rate_pending()
        except Exception:
            log.exception("rating finished games failed")
            return 0

    async def _rate_pending(self) -> int:
        m = self.manager
        rated = 0
        for game_id in await m.run_db(self.store.pending, PENDING_BATCH):
            try:
                game = await m.get(game_id)
            except ApiError:
                game = None
            if game is None:
                await m.run_db(self.store.mark_unrated, game_id, now())
                continue
            if await self.rate(game):
                rated += 1
        return rated

    async def leaderboard(self, game: str, page: int, per_page: int) -> dict:
        if game not in game_names():
            raise ApiError(
                404, "unknown_game", f"no game {game!r}; known: {', '.join(game_names())}"
            )
        per_page = max(1, min(per_page, PAGE_MAX))
        rows, total = await self.manager.run_db(
            self.store.leaderboard, game, per_page, (page - 1) * per_page
        )
        return {"game": game, "page": page, "per_page": per_page, "total": total, "players": rows}

    async def stop(self) -> None:
        for task in list(self._tasks):
            await asyncio.wait([task], timeout=10)
