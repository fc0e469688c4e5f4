"""The words of the log's "action" events, made when somebody reads them.

Applying an action with the event log on writes one small "action" event: who answered which
decision, and the action's place in the game's history (``at``). Its words (what the public may
know of the action, the raw action for its actor, and the actor's own words where they tell more)
depend on the state *before* the action, so they are made here, on demand, by a narrator: a copy
of the game with its own log off, moved through the history one action at a time, kept one step
behind the reader. A game nobody reads (a random playout, a batch run with its log on) pays for one
small dict per decision and one copy of its state; a reader pays one replayed step per action it
reads, once (the words are kept).

The narrator starts from the copy of the game taken at its first narrated action (the ``base``),
or, for a game that has none (a copy, a game unpickled), from its config and seed: the engine is
deterministic, so the same start and actions give the same states. Should the narrator ever find
another decision than the one the event records (a state changed by hand between actions), the
action is shown by its canonical words rather than with wrong ones.
"""

from __future__ import annotations

from typing import Any

from empires.core.errors import IllegalActionError


class ActionWords:
    """The words of one game's "action" events (see the module's doc), kept per event."""

    __slots__ = ("game", "state", "base", "narrator", "told")

    def __init__(self, game: Any, base: Any = None, told: Any = None) -> None:
        self.game = game
        self.state = game.s  # (the state these words are of: a game given another starts anew)
        self.base = base  # a copy of the game before its first narrated action, or None
        self.narrator: Any = None  # a copy of the game before some action, its log off
        # seq -> (the event as stored, worded): shared with the game's copies (a copy's log
        # holds the same event dicts; one that differs at ``seq`` is told anew, by identity)
        self.told: dict[int, tuple[dict, dict]] = {} if told is None else told

    def worded(self, seq: int, event: dict) -> dict:
        """``event`` (the log's ``seq``-th, an "action" event with its ``at``) with its words:
        the shape an eagerly worded event had (``msg``, ``args``..., and its ``secret`` part)."""
        kept = self.told.get(seq)
        if kept is not None and kept[0] is event:
            return kept[1]
        made = self._word(event)
        self.told[seq] = (event, made)
        return made

    def _word(self, event: dict) -> dict:
        at = event["at"]
        actions = self.game.s.actions
        out = {k: v for k, v in event.items() if k != "at"}
        if type(at) is not int or not 0 <= at < len(actions):
            out.update({"msg": "{text}", "args": {"text": {"text": "?"}}})
            return out
        act = actions[at]
        secret: dict = {"to": [event["player"]], "action": str(act)}
        out["secret"] = secret
        narrator = self._before(at)
        top = None if narrator is None else narrator.decision
        if top is None or (top["player"], top["kind"]) != (event["player"], event["decision"]):
            out.update({"msg": "{text}", "args": {"text": {"text": str(act)}}})
            return out
        if not narrator.secret_choices:
            public = narrator.describe_msg(act, top["player"])
        else:
            public = narrator.describe_msg(act, None)
            if narrator.private_words(act, top):
                mine = narrator.describe_msg(act, top["player"])
                if mine != public:
                    secret.update(mine)
        out.update(public)
        out["secret"] = secret  # (after the message: the key order an event always had)
        return out

    def _before(self, at: int) -> Any:
        """The narrator moved to the state just before action ``at`` (None: it cannot be)."""
        actions = self.game.s.actions
        narrator = self.narrator
        done = None if narrator is None else narrator.s.actions
        if done is None or len(done) > at or (done and done[-1] is not actions[len(done) - 1]):
            narrator = self.narrator = self._start(at)
        try:
            for act in actions[len(narrator.s.actions) : at]:
                narrator.apply(act)
        except IllegalActionError:
            self.narrator = None
            return None
        return narrator

    def _start(self, at: int) -> Any:
        """A narrator at the latest start it can have before action ``at``."""
        base = self.base
        if base is not None and len(base.s.actions) <= at:
            narrator = base._copy()
        else:
            s = self.game.s
            narrator = type(self.game).new(s.num_players, s.seed, s.options)
        narrator.narrate = False
        return narrator
