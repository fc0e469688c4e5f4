"""The undo count kept from one move to the next (take_back.UndoTrail) gives the same answer as
working it out from the whole history, in random games of both games."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from empires.core.adapter import get_adapter
from empires.core.rng import Rng
from empires.server import take_back


class FakeTable:
    def __init__(self) -> None:
        self.undo_trail = None
        self.away_seats: set[int] = set()

    def away(self, seat: int) -> str | None:
        return "left" if seat in self.away_seats else None


class FakeGame:
    """What allowed_undos reads of a LiveGame: state, log, seats, status, table, moves."""

    def __init__(self, state, seats: int) -> None:
        self.state = state
        self.log: list[dict] = []
        self.seats = [SimpleNamespace(kind="human") for _ in range(seats)]
        self.status = "active"
        self.table = FakeTable()

    @property
    def moves(self) -> int:
        return len(self.log)


def full_count(game: FakeGame, seat: int) -> int:
    trail, game.table.undo_trail = game.table.undo_trail, None
    try:
        return take_back.allowed_undos(game, seat)
    finally:
        game.table.undo_trail = trail


@pytest.mark.parametrize(
    "name,players,seed", [("discovery", 2, 1), ("discovery", 3, 7), ("settlers", 2, 3)]
)
def test_trail_count_equals_the_count_from_the_history(name, players, seed):
    game = FakeGame(get_adapter(name).new_game(players, seed), players)
    rng = Rng(seed)
    kept = positive = 0
    for _ in range(70):
        st = game.state
        if st.is_terminal():
            break
        seat = st.current_player
        trail = game.table.undo_trail
        count = take_back.allowed_undos(game, seat)
        assert count == full_count(game, seat)
        if trail is not None and trail.moves == game.moves - 1 and trail.seat == seat:
            kept += 1
        positive += count > 0
        take_back.keep_trail(game, seat, count)
        stand_in = rng.randrange(10) == 0  # now and then a stand-in bot's action
        action = rng.choice(st.legal_actions())
        st.apply(action)
        entry = {"seat": seat, "action": str(action)}  # the log holds the action's words
        if stand_in:
            entry["stand_in"] = "random"
        game.log.append(entry)
    assert kept > 5  # the trail answered, not only the history
    assert positive > 0  # some counts were not 0


def test_a_trail_of_another_move_or_seat_is_not_used():
    game = FakeGame(get_adapter("discovery").new_game(2, 5), 2)
    rng = Rng(5)
    while True:  # until the seat to act has just acted and may take it back
        seat = game.state.current_player
        take_back.keep_trail(game, seat, 0)
        action = rng.choice(game.state.legal_actions())
        game.state.apply(action)
        game.log.append({"seat": seat, "action": str(action)})
        if game.state.current_player == seat and full_count(game, seat) > 0:
            break
    seat = game.state.current_player
    real = full_count(game, seat)
    good = game.table.undo_trail
    # A trail that claims a wrong count would show through if it were used.
    game.table.undo_trail = good._replace(allowed=real + 5, moves=good.moves - 1)
    assert take_back.allowed_undos(game, seat) == real
    game.table.undo_trail = good._replace(allowed=real + 5, seat=1 - seat)
    assert take_back.allowed_undos(game, seat) == real
    game.table.undo_trail = good._replace(allowed=real + 5)
    own = 0
    while own < len(game.log) and game.log[-1 - own]["seat"] == seat:
        own += 1
    assert take_back.allowed_undos(game, seat) == min(real + 6, own)  # this one is used
    game.table.away_seats.add(seat)
    assert take_back.allowed_undos(game, seat) == 0
    take_back.keep_trail(game, None, 0)
    assert game.table.undo_trail is None
