"""The public API of the Empires: Age of Discovery engine (the :class:`GameState` protocol): the
shared engine shell (:class:`~empires.core.engine.EngineGame`) with this game's rules hooks."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from empires.core.engine import SEED_RANGE, EngineGame
from empires.core.events import check_viewer
from empires.discovery import actions, event_texts, flow, narration, observation, scoring
from empires.discovery.decision_table import TABLE
from empires.discovery.options import ORDER_AUCTION, Options
from empires.discovery.setup import new_state
from empires.discovery.state import State

NAME = "discovery"
FORMAT = 1
__all__ = ["NAME", "SEED_RANGE", "DiscoveryGame", "from_json", "new_game", "replay"]


class DiscoveryGame(EngineGame):
    """One game. Mutated in place by :meth:`apply`; copy with :meth:`clone`."""

    __slots__ = ()
    game_name = NAME
    codec = actions.CODEC
    table = TABLE
    state_type = State
    options_type = Options
    flow = staticmethod(flow.run)
    new_state = staticmethod(new_state)
    emit = staticmethod(narration.emit)
    event_texts = event_texts.TEXTS
    # an action's words may tell its actor more than the others (a counter it scouted: "Explore
    # Peru (Resistance 3; ...)"): everybody else reads the public words (describe_msg's None)
    secret_choices = True
    # face-down counters (and the unused pile), the Discovery deck, the Trade Goods pool, the
    # Capital Building stacks, and what is turned over or scouted (see EngineGame.hidden_fields)
    hidden_fields = (
        "counter",
        "unused_counters",
        "revealed",
        "peeks",
        "deck",
        "deck_peeks",
        "pool",
        "stacks",
    )

    def determinize(self, observer: int | None, rng) -> DiscoveryGame:
        """A copy in which everything ``observer`` cannot see is resampled with ``rng`` (an
        :class:`~empires.core.Rng`) consistently with their observation: face-down counters are
        reshuffled among the unrevealed regions and the unused pile, the Discovery deck, Capital
        Building stacks and Trade Goods pool are reshuffled, and the game's own generator is
        reseeded. The copy's observation for ``observer`` equals this game's."""
        if observer is not None and not (
            isinstance(observer, int) and 0 <= observer < self.s.num_players
        ):
            raise ValueError(f"no seat {observer!r} in a {self.s.num_players}-player game")
        other = self.clone()
        s = other.s
        n = s.num_players
        # What each player knows by Scouting, before anything moves.
        knew = [
            [r for r, c in enumerate(s.counter) if c >= 0 and s.peeks[q][r] == c] for q in range(n)
        ]
        knew_top = [bool(s.deck) and s.deck_peeks[q][0] == s.deck[-1] for q in range(n)]
        knew_bottom = [bool(s.deck) and s.deck_peeks[q][1] == s.deck[0] for q in range(n)]
        fixed = set(knew[observer]) if observer is not None else set()
        hidden = [
            r for r, c in enumerate(s.counter) if c >= 0 and not s.revealed[r] and r not in fixed
        ]
        # Hidden lists are sorted before shuffling, so the result depends only on what the
        # observer may see and on ``rng``, never on the hidden order it started from.
        face_down = sorted([s.counter[r] for r in hidden] + s.unused_counters)
        rng.shuffle(face_down)
        for r in hidden:
            s.counter[r] = face_down.pop()
        s.unused_counters = sorted(face_down)
        # Cards the observer scouted keep their place on top / at the bottom.
        keep_top = observer is not None and knew_top[observer]
        keep_bottom = observer is not None and knew_bottom[observer] and len(s.deck) > keep_top
        top, bottom = s.deck[-1:] if keep_top else [], s.deck[:1] if keep_bottom else []
        middle = sorted(s.deck[len(bottom) : len(s.deck) - len(top)])
        rng.shuffle(middle)
        s.deck = bottom + middle + top
        # Other players still know what is now in the places they scouted.
        for q in range(n):
            for r in knew[q]:
                s.peeks[q][r] = s.counter[r]
            if knew_top[q]:
                s.deck_peeks[q][0] = s.deck[-1]
            if knew_bottom[q]:
                s.deck_peeks[q][1] = s.deck[0]
        s.pool.sort()
        rng.shuffle(s.pool)
        for stack in s.stacks:
            stack.sort()
            rng.shuffle(stack)
        s.rng = rng.fork()
        return other

    # ---- views -----------------------------------------------------------------------------
    def observation(self, player: Any = None) -> dict:
        return observation.observe(self, player)

    def shared_observation(self) -> Any:
        return observation.public_part(self)

    def observation_from(self, shared: Any, player: Any = None) -> dict:
        return observation.observe(self, player, shared)

    def describe(self, action: Any) -> str:
        """The English words of ``action`` as the public may read them (the text of
        :meth:`describe_msg` for a spectator)."""
        return observation.describe(self, actions.coerce(action, self.s.num_players))

    def describe_for(self, action: Any, viewer: Any) -> str:
        """:meth:`describe` as ``viewer`` (a seat, or None) may read it: a Discovery counter
        that seat scouted is described with its numbers."""
        check_viewer(viewer, self.s.num_players)  # ValueError naming it, on both builds
        return observation.describe(self, actions.coerce(action, self.s.num_players), viewer)

    def describe_msg(self, act: Any, viewer: Any = -2) -> dict:
        """The words of legal action ``act`` as a message (empires.core.messages), as
        ``viewer`` may read them (-2: the decider; None: a spectator; a seat). Cheap (ids and
        ints): the engine calls it for every action it applies while its log is on."""
        if type(act) is not actions.Action:  # the engine's own calls pass an Action
            act = actions.coerce(act, self.s.num_players)
        return observation.describe_msg(self, act, viewer)

    def event_head(self) -> tuple[int, str]:
        s = self.s
        return s.turn, narration.PHASES.get(s.step, narration.BOX_PHASE)

    def private_words(self, act: Any, decision: dict) -> bool:
        # only an expedition's words may differ (a counter or card its leader scouted)
        return decision["kind"] in ("expedition_target", "expedition_members")

    def component_name(self, kind: str, ident: Any) -> Any:
        return narration.component_name(self.s, kind, ident)

    def scores(self) -> list[dict[str, int]]:
        return scoring.scores(self.s)

    def ranking(self) -> list[list[int]]:
        return scoring.ranking(self.s)

    def __repr__(self) -> str:
        s = self.s
        return f"<Discovery {s.num_players}p turn {s.turn} {s.step} seed={s.seed}>"

    # ---- loading ---------------------------------------------------------------------------
    @classmethod
    def _replay_options(cls, options: Options, actions: list) -> Options:
        if _legacy_2007_auction(options, actions):
            return replace(options, variants=(*options.variants, ORDER_AUCTION))
        return options

    def _comparable(self, data: dict) -> dict:
        """The replayed state as its save holds it (without its event log; a 2007 save from
        before the order-auction variant had a name does not name it)."""
        out = json.loads(json.dumps(self.s.data_to_json()))
        out.pop("events", None)
        named = Options.from_json(data["config"].get("options"))
        if self.s.options.has(ORDER_AUCTION) and not named.has(ORDER_AUCTION):
            out["options"] = named.to_json()
        return out


def new_game(num_players: Any, seed: Any = 0, options: Any = None) -> DiscoveryGame:
    # Any: the engine checks them (a compiled build would raise TypeError first otherwise)
    return DiscoveryGame.new(num_players, seed, options)


def check_new_game_args(num_players, seed, options) -> None:
    """ValueError naming the argument when one of :func:`new_game`'s is of the wrong type."""
    DiscoveryGame.check_new_game_args(num_players, seed, options)


def replay(history: Any) -> DiscoveryGame:
    """Rebuild a game from ``{"config", "seed", "actions"}``; SaveFileError if it does not."""
    return DiscoveryGame.replay(history)


def from_json(data: Any) -> DiscoveryGame:
    """Load a save (``to_json`` output or a bare history). The history is replayed and, when the
    save also holds a state, the two must agree: a corrupt or edited file is refused."""
    return DiscoveryGame.from_json(data)


def _legacy_2007_auction(options: Options, actions: list) -> bool:
    """Whether a 2007 history is one saved before the 2007 standard start became the random one
    (ruling 17 corrected), when every 2007 game opened with the order auction without naming it:
    its first action is a bid or a pass, which no other 2007 game can begin with."""
    if not options.rules.order_auction or options.has(ORDER_AUCTION) or not actions:
        return False
    first = actions[0].split()[:1] if isinstance(actions[0], str) else None
    return first in (["bid"], ["skip"])
