"""The parts of a game's summary that never change (its public options, when it was created, the
seed commitment) are worked out once, and again should one of their sources be replaced."""

from __future__ import annotations

from empires.server import security
from empires.server.manager import LiveGame, build_game

SEATS = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]


def test_the_fixed_parts_are_kept_and_follow_a_replaced_source(monkeypatch):
    new = build_game("discovery", SEATS, None, 11)
    live = LiveGame(new.row, new.state, new.log)
    first = live.summary()
    assert first["seed_commitment"] == security.seed_commitment(11, new.row.seed_salt)
    assert first["created"] == new.row.created.isoformat()
    calls = []
    monkeypatch.setattr(security, "seed_commitment", lambda *a: calls.append(a) or "x" * 64)
    assert live.summary()["seed_commitment"] == first["seed_commitment"] and calls == []
    live.seed_salt = security.new_salt()  # a replaced source is read again
    assert live.summary()["seed_commitment"] == "x" * 64 and len(calls) == 1
    live.seed_salt = None
    assert live.summary()["seed_commitment"] is None
    live.config = {**live.config, "options": {"variants": ["x"]}}
    assert live.summary()["options"] == {"variants": ["x"]}
