"""The group commit of actions (db.insert_actions) on SQLite and PostgreSQL: every action of the
batch stored with its time and stand-in, each game touched, a human's game marked acted on by a
human, a finished game marked finished; a batch with no human action changes no last_human."""

from __future__ import annotations

import re
from datetime import datetime

from sqlalchemy import select

from empires.server.db import Store, actions, games
from empires.server.manager import build_game
from tests.server.server_helpers import rows

SEATS = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]


def test_a_batch_stores_its_actions_and_touches_its_games(db_url):
    store = Store(db_url)
    store.migrate()
    ids = []
    for seed in (1, 2, 3):
        new = build_game("discovery", SEATS, None, seed)
        store.create_game(new.row)
        ids.append(new.row.id)
    a, b, c = ids
    before = dict(rows(db_url, "SELECT id, touched FROM games"))
    store.append_actions([(a, 0, 1, "skip", False, False, None), (b, 0, 0, "pass", False, False)])
    after = dict(rows(db_url, "SELECT id, touched FROM games"))
    assert after[a] != before[a] and after[b] != before[b] and after[c] == before[c]
    assert rows(db_url, "SELECT count(*) FROM games WHERE last_human IS NOT NULL") == [(0,)]
    store.append_actions(
        [
            (a, 1, 0, "x y", False, True, None),
            (b, 1, 1, "z", True, False, "heuristic"),
            (a, 2, 0, "w", False, True),
        ]
    )
    got = rows(db_url, "SELECT id, status, last_human IS NOT NULL, finished IS NOT NULL FROM games")
    assert {r[0]: tuple(r[1:]) for r in got} == {
        a: ("active", True, False),
        b: ("finished", False, True),
        c: ("active", False, False),
    }
    stored = rows(
        db_url,
        'SELECT game_id, "index", seat, action, stand_in, created IS NOT NULL FROM actions',
    )
    assert sorted(tuple(r) for r in stored) == sorted(
        [
            (a, 0, 1, "skip", None, True),
            (b, 0, 0, "pass", None, True),
            (a, 1, 0, "x y", None, True),
            (b, 1, 1, "z", "heuristic", True),
            (a, 2, 0, "w", None, True),
        ]
    )
    # The times are written as SQLAlchemy writes them (read back as datetimes by it; on SQLite
    # the same text as every other time column).
    with store.engine.connect() as conn:
        created = conn.execute(select(actions.c.created)).scalars().all()
        touched = conn.execute(select(games.c.touched, games.c.last_human).where(games.c.id == a))
        when = touched.one()
    assert all(isinstance(t, datetime) for t in [*created, *when])
    if db_url.startswith("sqlite"):
        texts = rows(db_url, "SELECT created FROM actions UNION SELECT touched FROM games")
        assert all(re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}", t[0]) for t in texts)
    loaded = store.load_game(b)
    assert loaded is not None and loaded.actions == [(0, "pass"), (1, "z")]
    assert loaded.stand_ins == {1: "heuristic"}
    store.close()
