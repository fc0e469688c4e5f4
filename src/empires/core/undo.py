"""Taking back one's own last actions, as Board Game Arena allows it.

A player may take back their own actions until the turn passes to another player or something
hidden or random comes to light: a draw from the game's generator (its state moved), a card or
counter seen (an event with a private part beyond the actor's own choice, or the actor's
observation after the action differing from what it would be had the hidden parts been
different). An action that ends a phase or a turn (the events it caused reach another one) is
final too. A game may refine the rule with its
:meth:`~empires.core.engine.EngineGame.undo_barrier` hook (an action that may never be taken
back although nothing was revealed). The resampled comparison (the actor's observation in games
whose hidden parts were dealt again) costs two determinizations per action; a game that names
its ``hidden_fields`` is spared it for an action that leaves them all as they were.

Because the engine is deterministic, taking back is exact: :func:`take_back` replays the game's
history without its last actions. Both work on any :class:`~empires.core.engine.EngineGame`
through its public surface (``history``, ``replay``, ``apply``, ``determinize``), so the terminal
and the web app (issue #16) share them.
"""

from __future__ import annotations

from typing import Any

from empires.core.rng import Rng

# Actions the private part of an "action" event may hold without revealing anything: the raw
# action and the actor's own wording of their choice.
_OWN_CHOICE_KEYS = frozenset({"to", "action", "text", "msg", "args", "plural", "ctx"})
# Determinizations compared per action (seeded: the answer is deterministic).
_SAMPLES = (1, 2)


def undoable(state: Any, seat: int | None = None) -> int:
    """How many of the last actions of ``state`` ``seat`` (default: the player to act) may take
    back: the trailing actions all taken by that seat, which must be the player to act now,
    stopping at the first one that drew from the generator, revealed something hidden or that
    the game declares final. 0 for a finished game."""
    if state.is_terminal():
        return 0
    me = state.current_player if seat is None else seat
    if me != state.current_player:
        return 0  # the turn has passed to another player
    actions = list(state.history["actions"])
    actors = _actors(state, actions)
    start = len(actions)
    while start > 0 and actors[start - 1] == me:
        start -= 1
    if start == len(actions):
        return 0
    game = _replayed(state, actions[:start])
    allowed = 0
    for i in range(start, len(actions)):
        before = game.clone()
        game.apply(actions[i])
        if _barrier(before, actions[i], game, me):
            allowed = 0
        else:
            allowed += 1
    return allowed


def final(before: Any, action: Any, after: Any, me: int) -> bool:
    """Whether ``action``, taken by ``me`` from ``before`` to ``after``, may never be taken
    back (the check :func:`undoable` makes for each of the trailing actions): with ``before``
    kept, the count after one more action of ``me`` is 0 if this is true, else the count before
    plus one, without replaying the history."""
    return _barrier(before, action, after, me)


def take_back(state: Any, n: Any = 1) -> Any:  # n: Any, checked below (on both builds)
    """A new game: ``state`` without its last ``n`` actions (replayed from its history).
    ValueError, changing nothing, when ``n`` is more than :func:`undoable` allows."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"take back 1 or more actions, not {n!r}")
    allowed = undoable(state)
    if n > allowed:
        raise ValueError(
            f"only {allowed} action{'s' if allowed != 1 else ''} can be taken back now, not {n}"
            " (the turn passed, or something hidden or random was revealed)"
        )
    actions = list(state.history["actions"])
    return _replayed(state, actions[: len(actions) - n])


def _replayed(state: Any, actions: list) -> Any:
    return type(state).replay({**state.history, "actions": actions})


def _actors(state: Any, actions: list) -> list[int]:
    """Who took each action of the history (from the event log, or by replaying it)."""
    told = [e.get("player") for e in _log(state) or () if e.get("kind") == "action"]
    if len(told) == len(actions):
        return told
    game = _replayed(state, [])
    out = []
    for action in actions:
        out.append(game.current_player)
        game.apply(action)
    return out


def _rng_state(game: Any) -> Any:
    rng = getattr(getattr(game, "s", None), "rng", None)
    return getattr(rng, "state", None)


def _barrier(before: Any, action: Any, after: Any, me: int) -> bool:
    """Whether ``action`` (taken by ``me`` from ``before`` to ``after``) may not be taken back."""
    if _rng_state(before) != _rng_state(after):
        return True  # a random draw
    hook = getattr(after, "undo_barrier", None)
    if hook is not None and hook(before, action):
        return True
    if _closing_news(before, after):
        return True
    if _hidden_untouched(before, after):
        return False  # nothing hidden moved or turned over: nothing can have come to light
    return _revealed(before, action, after, me)


def _hidden_untouched(before: Any, after: Any) -> bool:
    """Whether every state field the game names in ``hidden_fields`` (see
    :attr:`~empires.core.engine.EngineGame.hidden_fields`) is as it was before the action.
    False for a game that names none."""
    names = getattr(after, "hidden_fields", ())
    if not names:
        return False
    b, a = before.s, after.s
    for name in names:
        if getattr(b, name) != getattr(a, name):
            return False
    return True


def _closing_news(before: Any, after: Any) -> bool:
    """Whether the action logged an event with a private part beyond the actor's own choice (a
    card drawn, a counter scouted), or ended a phase or turn (its events reach another one)."""
    log_before, log_after = _log(before), _log(after)
    if log_before is None or log_after is None:
        return False
    new = log_after[len(log_before) :]
    if new and any(
        (e.get("turn"), e.get("phase")) != (new[0].get("turn"), new[0].get("phase")) for e in new
    ):
        return True
    for event in new:
        secret = event.get("secret")
        if isinstance(secret, dict) and set(secret) - _OWN_CHOICE_KEYS:
            return True
    return False


def _log(game: Any) -> list | None:
    """The event log of ``game`` as stored, secret parts and all (told now if need be: see
    :mod:`empires.core.narrator`); None for a game without one."""
    told = getattr(game, "event_log", None)
    log = told() if callable(told) else getattr(getattr(game, "s", None), "events", None)
    return log if isinstance(log, list) else None


def _revealed(before: Any, action: Any, after: Any, me: int) -> bool:
    """Whether what ``me`` sees after ``action`` depends on something ``me`` could not see
    before it: the same action in games resampled from ``me``'s view must look the same."""
    determinize = getattr(before, "determinize", None)
    if determinize is None:
        return False
    seen = after.observation(me)
    for seed in _SAMPLES:
        other = determinize(me, Rng(seed))
        other.apply(action)
        if other.observation(me) != seen:
            return True
    return False
