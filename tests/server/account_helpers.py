"""Helpers of the account and rating tests: a game stored near its end whose seat 0 belongs to
an account (the test-only way in: ``build_game(actions=...)`` then ``Store.create_game``)."""

from __future__ import annotations

from empires.server.db import Store, now
from empires.server.manager import build_game
from tests.server.server_helpers import near_the_end

CSRF = {"X-Empires-CSRF": "1"}


def store_game_near_the_end(
    db_url: str,
    account_id: int | None,
    game: str = "discovery",
    seed: int = 5,
    decisions_left: int = 1,
    bot: str = "random",
    seeded: bool = False,
    **extra,
) -> tuple[str, str]:
    """Store a game (human seat 0 against ``bot``) with ``decisions_left`` decisions of seat 0
    to go (0: finished), its seed the server's own unless ``seeded`` (a seed a player chose:
    the game is not rated), seat 0 given to ``account_id``. Returns (game id, seat 0's
    token)."""
    seats = [{"kind": "human", "name": "You"}, {"kind": "bot", "bot": bot}]
    new = build_game(game, seats, None, seed, near_the_end(game, seed, decisions_left), **extra)
    new.row.seeded = seeded  # False: as if the server had drawn this seed
    store = Store(db_url)
    store.migrate()
    store.create_game(new.row)
    if account_id is not None:
        from empires.server.accounts import AccountStore

        assert AccountStore(store.engine).link(new.row.id, 0, account_id, now())
    store.close()
    return new.row.id, new.tokens[0]


def store_duel_near_the_end(
    db_url: str, account_ids: list[int], game: str = "discovery", seed: int = 5
) -> tuple[str, dict]:
    """Store a game of two human seats, seat ``i`` given to ``account_ids[i]``, one decision of
    seat 0 before its end. Returns (game id, tokens by seat; the spectator's under None)."""
    seats = [{"kind": "human", "name": "One"}, {"kind": "human", "name": "Two"}]
    new = build_game(game, seats, None, seed, near_the_end(game, seed, 1))
    new.row.seeded = False
    store = Store(db_url)
    store.migrate()
    store.create_game(new.row)
    from empires.server.accounts import AccountStore

    for seat, account_id in enumerate(account_ids):
        assert AccountStore(store.engine).link(new.row.id, seat, account_id, now())
    store.close()
    return new.row.id, dict(new.tokens)
