"""The events anyone may read are rendered once for the score track and every spectator's message
(LiveGame.public_events): always what state.events(None, since) answers, from any position, across
the window's trimming and a replaced state; a seat's own events are never taken from it."""

from __future__ import annotations

import orjson

from empires.core.rng import Rng
from empires.server.manager import PUBLIC_EVENTS_KEPT, LiveGame, build_game, log_entry
from empires.server.view_language import seat_namer

SEATS = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]


def play(live: LiveGame, rng: Rng, n: int) -> None:
    for _ in range(n):
        st = live.state
        if st.is_terminal():
            return
        seat, action = st.current_player, str(rng.choice(st.legal_actions()))
        entry = log_entry(st, len(live.log), seat, action)
        st.apply(action)
        live.log.append(entry)
        live.follow_scores()
        live.notify()


def test_public_events_are_the_spectators_events_from_any_position():
    new = build_game("discovery", SEATS, None, 3)
    live = LiveGame(new.row, new.state, new.log)
    rng = Rng(3)
    seen = 0
    while not live.state.is_terminal():
        play(live, rng, 5)
        total = len(live.state.events(None))
        for since in {0, seen, max(0, total - 3), total}:
            assert live.public_events(since) == live.state.events(None, since)
        seen = total
    assert seen > 2 * PUBLIC_EVENTS_KEPT  # the window was trimmed on the way
    _, start, kept = live._public
    assert start > 0 and len(kept) <= 2 * PUBLIC_EVENTS_KEPT


def test_spectator_and_seat_messages_carry_their_own_events():
    new = build_game("discovery", SEATS, None, 5)
    live = LiveGame(new.row, new.state, new.log)
    rng = Rng(5)
    play(live, rng, 40)
    total = len(live.state.events(None))
    for lang in ("en", "es"):  # seats by the table's names ("Random bot", in the language)
        names = seat_namer([s.name for s in live.seats], lang)
        assert names(1) == ("Random bot" if lang == "en" else "Bot aleatorio")
        for seat in (None, 0, 1):
            for since in (0, total - 4):
                text, _, next_events = live.message(seat, 0, since, lang)
                events = orjson.loads(text)["events"]
                assert events == live.state.events(seat, since, lang, names)
                assert next_events == total
    other = build_game("discovery", SEATS, None, 6)  # a replaced state (an undo, a reload)
    live.state = other.state
    assert live.public_events(0) == other.state.events(None, 0)
