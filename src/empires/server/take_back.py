"""Moves and undos: how the web game numbers what happened when players take actions back.

A game's history (``actions``) holds only the actions that stand; each undo is kept apart
(``undos``: which seat took back which actions from which index), so replays stay exact and
still show that moves were taken back. What a client names with ``expect`` is the number of
*moves* so far: every action ever applied (those later taken back too) plus every undo. It only
grows, so an action or undo sent twice (a retry, a double click) is never applied twice, even
across an undo; without undos it is simply the number of actions.

Plain functions of the log length and the undo records ``{"seq", "index", "seat", "actions"}``;
:mod:`empires.server.table` applies undos to live games.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from empires.core.undo import final, undoable

MAX_UNDO = 20  # actions one undo request may take back


def moves(actions: int, undos: list[dict]) -> int:
    """The number of moves of a game with ``actions`` standing actions and these ``undos``."""
    if not undos:  # (most games: asked several times per action)
        return actions
    return actions + sum(len(u["actions"]) + 1 for u in undos)


def undo_step(undos: list[dict], seq: int) -> int:
    """The move number of the ``seq``-th undo (the moves made before it)."""
    before = undos[:seq]
    u = undos[seq]
    return u["index"] + len(u["actions"]) + sum(len(t["actions"]) for t in before) + seq


def action_step(index: int, undos: list[dict]) -> int:
    """The move number of the standing action at ``index``: it was applied after the last undo
    that took back from ``index`` or before (and after every undo before that one)."""
    last = -1
    for i, u in enumerate(undos):
        if u["index"] <= index:
            last = i
    return index + sum(len(u["actions"]) + 1 for u in undos[: last + 1])


def action_at_step(step: int, actions: int, undos: list[dict]) -> int | None:
    """The index of the standing action that was move ``step``, or None (it was taken back,
    or that move was an undo)."""
    if not undos:
        return step if step < actions else None
    for index in range(actions - 1, -1, -1):
        s = action_step(index, undos)
        if s == step:
            return index
        if s < step:
            return None
    return None


def undo_at_step(step: int, undos: list[dict]) -> dict | None:
    """The undo that was move ``step``, or None."""
    for seq in range(len(undos)):
        if undo_step(undos, seq) == step:
            return undos[seq]
    return None


def public_undos(undos: list[dict]) -> list[dict]:
    """The undos as anyone may read them: where, by whom, how many actions; never the actions
    (a taken-back secret choice stays secret)."""
    return [{"index": u["index"], "seat": u["seat"], "count": len(u["actions"])} for u in undos]


def cached_undos(game: Any, seat: int | None) -> int:
    """:func:`allowed_undos` for ``seat`` as worked out after the game's last change (0 when it
    is not the seat to act or nothing was worked out for this move)."""
    moves_then, n = game.table.undo_cache
    if seat is None or moves_then != game.moves or game.state.current_player != seat:
        return 0
    return n


class UndoTrail(NamedTuple):
    """What :func:`allowed_undos` kept at move ``moves`` to answer after the next action without
    replaying the history: the seat to act then, what it could take back then, and a copy of the
    state then (``table.undo_trail``; :func:`keep_trail`)."""

    moves: int
    seat: int
    allowed: int
    state: Any


def keep_trail(game: Any, seat: int | None, count: int) -> None:
    """Remember that ``seat`` (the present human seat to act, or None) may take back ``count``
    actions now, with a copy of the state, for the next :func:`allowed_undos`."""
    game.table.undo_trail = (
        None if seat is None else UndoTrail(game.moves, seat, count, game.state.clone())
    )


def trail_applies(game: Any, seat: int | None) -> bool:
    """Whether the game kept a trail one move ago for ``seat``: :func:`allowed_undos` then
    checks one action (about a millisecond), not the whole history."""
    trail = getattr(game.table, "undo_trail", None)
    return trail is not None and trail.seat == seat and trail.moves == game.moves - 1


def allowed_undos(game: Any, seat: int | None) -> int:
    """How many actions ``seat`` may take back now: 0 unless it is the present human seat to
    act; never beyond the actions its own player took (not a stand-in bot's). When the game
    kept a trail (:func:`keep_trail`) one move ago for this seat, only the last action is
    checked (:func:`empires.core.undo.final`) instead of replaying the whole history."""
    st = game.state
    if (
        seat is None
        or game.status != "active"
        or st.is_terminal()
        or st.current_player != seat
        or game.seats[seat].kind != "human"
        or game.table.away(seat)
    ):
        return 0
    own = 0
    for entry in reversed(game.log):
        if entry["seat"] != seat or entry.get("stand_in"):
            break
        own += 1
    if not own:
        return 0
    if trail_applies(game, seat):
        trail = game.table.undo_trail
        last = game.log[-1]["action"]  # the last action's words (not the whole history's)
        return 0 if final(trail.state, last, st, seat) else min(own, trail.allowed + 1)
    return min(own, undoable(st, seat))
