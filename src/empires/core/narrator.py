"""The event log, told when somebody reads it.

A game with its log on writes, while it plays, only the events of its start (those its setup
wrote). At its first action it keeps a copy of itself, the ``base``, and from then on its rules
write nothing: the engine is deterministic, so the log is a function of that start and the
actions. When somebody reads the log (:meth:`~empires.core.engine.EngineGame.events`), a
narrator, a copy of the base with its rules' events on, applies the actions not yet told, each
"action" event worded from the state just before it (what the public may know of the action, the
raw action for its actor, and the actor's own words where they tell more), and the rules writing
theirs as they resolve. A game nobody reads pays for one copy of its state; a reader pays one
narrated step per action it reads, once: a web table or a terminal that reads after every action
applies each action twice (once to play it, once to tell it), which costs about what writing the
log at once did.

A :class:`Teller` belongs to a history rather than to one game: a copy of a game
(:meth:`~empires.core.engine.EngineGame.clone`) shares its teller while their histories agree
(checked by the identity of the actions, which copies share), so what was told once is not told
again. A game whose teller went another way starts its own from the same base; a game with no
base (an unpickled one, a state given to a new game object) starts from its config and seed.

Should the narrator find an action it cannot apply (a state changed by hand between actions,
which no replay reaches), the actions from there on are told as "?" rather than with another
state's words.
"""

from __future__ import annotations

from typing import Any

from empires.core.errors import IllegalActionError


class Teller:
    """The told log of one history from ``base`` (a game before its first told action, its
    rules' events on and its own teller off): see the module's doc."""

    __slots__ = ("base", "start", "narrator", "acts", "marks", "lost")

    def __init__(self, base: Any) -> None:
        self.base = base
        self.start = len(base.s.actions)  # (the actions before the base are not told here)
        self.narrator: Any = None  # a copy of the base moved through ``acts``: its log is ours
        self.acts: list = []  # the actions told (the very objects of the history)
        self.marks: list[int] = []  # the log's length after each of them
        self.lost = False  # the narrator met an action it cannot apply

    def tell(self, actions: list, agreed: int) -> tuple[list[dict], int, int] | None:
        """The log of the history ``actions`` (whose first ``agreed`` told actions are known to
        be this teller's): ``(log, end, agreed)``, the history's log being ``log[:end]``. None
        when the history went another way than this teller (its owner then needs another)."""
        start, acts = self.start, self.acts
        n = len(actions) - start
        if n < 0:
            return None
        for i in range(agreed, min(len(acts), n)):
            if acts[i] is not actions[start + i]:
                return None
        if n > len(acts):
            self._narrate(actions[start + len(acts) : start + n])
        log = self.base.s.events if self.narrator is None else self.narrator.s.events
        end = self.marks[n - 1] if n else len(self.base.s.events)
        return log, end, n

    def _narrate(self, todo: list) -> None:
        narrator = self.narrator
        if narrator is None:
            narrator = self.narrator = self.base._copy()
        log = narrator.s.events
        for act in todo:
            if not self.lost:
                try:
                    narrator._apply(narrator.check(act))
                except IllegalActionError:
                    self.lost = True
            if self.lost:
                log.append(_untold(log))
            self.acts.append(act)
            self.marks.append(len(log))


def _untold(log: list[dict]) -> dict:
    """The event of an action the narrator could not apply: said to have happened, no more."""
    last = log[-1] if log else {}
    return {
        "kind": "action",
        "turn": last.get("turn", 0),
        "phase": last.get("phase", ""),
        "player": None,
        "decision": None,
        "action": None,
        "msg": "{text}",
        "args": {"text": {"text": "?"}},
    }
