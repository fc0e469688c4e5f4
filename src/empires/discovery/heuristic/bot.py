"""The bot: :class:`HeuristicBot` and its table of scorers, one per decision kind."""

from __future__ import annotations

from typing import Any

from empires.core.rng import Rng
from empires.discovery.game import DiscoveryGame
from empires.discovery.heuristic.choices import ChoiceScorers
from empires.discovery.heuristic.fixed import _casualty, _plague_2, _skip_it, _unscored
from empires.discovery.heuristic.game_view import _GameView, _view, worker_counts
from empires.discovery.heuristic.memo import kept_key, stable_key
from empires.discovery.heuristic.view import _View


class HeuristicBot(ChoiceScorers):
    """Scores every legal action with the observation of its own seat and plays the best."""

    name = "heuristic"

    def __init__(self, seed: int = 0, remember: bool = True) -> None:
        self.rng = Rng(seed)
        # seat -> (stable key, values) of its last view read from an engine game (see .memo);
        # ``remember=False``: every decision computes afresh (a scorer shared by many games)
        self.remember = remember
        self._last: dict[int, tuple[tuple, _GameView]] = {}
        # the last key kept (any seat) and the board's worker counts for its region_workers
        self._kept: tuple | None = None
        self._counts: list[list[int]] = []

    def __repr__(self) -> str:
        return f"HeuristicBot(rng_state={self.rng.state})"

    # ---- entry point ------------------------------------------------------------------------
    def choose(self, state: Any) -> Any:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("HeuristicBot: no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        return self._pick(legal, self.action_scores(state))

    def action_scores(self, state: Any) -> list[float]:
        """The score of each action of ``state.legal_actions()`` (Discovery), in that order, from
        the observation of the seat to act; :meth:`choose` plays the best (ties at random). Every
        decision kind has its scorer in :data:`SCORERS` (ValueError for a kind that has none)."""
        legal = state.legal_actions()
        decision = state.decision or {}
        kind = decision.get("kind", "")
        scorer = SCORERS.get(kind)
        if scorer is None:
            raise ValueError(f"HeuristicBot: no scorer for the decision kind {kind!r}")
        if type(scorer) is str:
            return getattr(self, scorer)(self._view(state), decision, legal)
        return scorer(decision, legal)

    def _view(self, state: Any) -> _View:
        """The seat's view, with the values of this seat's previous view when everything they
        read is unchanged (a rollout's consecutive placements: see :mod:`.memo`)."""
        if not self.remember or type(state) is not DiscoveryGame:
            return _view(state)
        me = state.current_player
        key = stable_key(state.s, me)
        last = self._last.get(me)
        if last is not None and last[0] == key:
            return _GameView(state, last[1])
        earlier = self._kept
        kept = self._kept = kept_key(key, earlier)
        if earlier is None or kept[16] is not earlier[16]:  # the workers on the board moved
            self._counts = worker_counts(state.s)
        v = _GameView(state, counts=self._counts)
        self._last[me] = (kept, v)
        return v

    def _pick(self, legal: list, scores: list[float]) -> Any:
        best = max(scores)
        ties = [a for a, s in zip(legal, scores, strict=True) if s >= best - 1e-9]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)


# Decisions the bot scores 0 (at random among the choices); each would deserve a real scorer.
# None now: the last ones (the Builder tiles', the National Advantages', the auctions', Scouting's
# card, buying VP, the specialist trades) are scored by .choices (issue #32).
UNSCORED: tuple[str, ...] = ()

# Decisions scored by a method of HeuristicBot (``_<kind>(view, decision, legal)``).
_VIEW_SCORED = (
    "place",
    "dock",
    "trade_out",
    "trade_good",
    "buy_building",
    "cartography",
    "indian_allies",
    "plague_3_region",
    "plague_3_player",
    "migration_from",
    "migration_to",
    "migration_count",
    "spoils_specialist",
    "overpopulation",
    "stables_from",
    "stables_to",
    "expedition_target",
    "expedition_members",
    "training",
    "warfare",
    "battle_region",
    "battle_player",
    "war_player",
    # .choices
    "trade_specialist",
    "allies_trade_out",
    "smuggler_player",
    "smuggler_take",
    "smuggler_give",
    "papal_player",
    "papal_first",
    "papal_region",
    "trading_house",
    "rewrite_history",
    "scout_card",
    "advantage",
    "advantage_order",
    "advantage_good",
    "advantage_replace",
    "nation_bid",
    "nation_pick",
    "advantage_region",
    "order_bid",
    "order_specialist",
    "buy_vp",
)

# decision kind -> its scorer: a HeuristicBot method's name (scores from the seat's view), or a
# function of (decision, legal) alone. Every kind of the decision registry has one (tested).
SCORERS: dict[str, Any] = {
    **{kind: "_" + kind for kind in _VIEW_SCORED},
    "casualty": _casualty,
    "plague_2": _plague_2,
    "university_target": _skip_it,
    "university_index": _skip_it,
    **dict.fromkeys(UNSCORED, _unscored),
}
