"""A game version's views share what every viewer sees alike (the engine's
``shared_observation``, made once per version): each view's observation is still exactly the
viewer's own, a counter one seat scouted reaches no other view, and a change of the state, even
one not yet announced, is never shown with the shared part of the state before it."""

from __future__ import annotations

import random

from empires.core.rng import Rng
from empires.server.manager import LiveGame, build_game, log_entry

SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]


def _live(seed: int) -> LiveGame:
    new = build_game("discovery", SEATS, {"variants": ["scouting"]}, seed)
    return LiveGame(new.row, new.state, new.log)


def _act(live: LiveGame, rng: Rng) -> None:
    """Apply a random action as the server does: applied, logged, (then) announced."""
    st = live.state
    seat = st.current_player
    act = st.legal_actions()[rng.randrange(len(st.legal_actions()))]
    entry = log_entry(st, len(live.log), seat, str(act), act)
    st.apply(act)
    live.log.append(entry)


def test_every_view_shows_its_viewer_s_own_observation():
    live = _live(8)
    rng, order = Rng(8), random.Random(8)
    scouted = 0
    while not live.state.is_terminal():
        viewers: list = [None, 0, 1, 2]
        order.shuffle(viewers)
        for v in viewers:
            seen = live.view(v)["observation"]
            assert seen == live.state.observation(v)
            shown = [r["counter"] for r in seen["regions"] if isinstance(r["counter"], dict)]
            scouted += sum(1 for c in shown if c.get("scouted"))
            assert v is not None or not any(c.get("scouted") for c in shown)
        _act(live, rng)
        live.notify()
    assert scouted  # seats did scout in this game (seed 8), and saw what they scouted


def test_a_change_not_yet_announced_is_not_shown_with_the_old_shared_part():
    live = _live(3)
    rng = Rng(3)
    for _ in range(40):
        _act(live, rng)
    live.notify()
    before = live.view(None)["observation"]
    _act(live, rng)  # applied and logged; notify() comes later (after the table is stored)
    after = live.view(None)["observation"]
    assert after == live.state.observation(None) and after != before
