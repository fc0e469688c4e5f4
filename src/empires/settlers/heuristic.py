"""A rule-of-thumb bot for Imperial Settlers.

It reads only what its seat may see: ``state.observation(seat)``, ``state.legal_actions()``,
``state.decision`` and the public card data. Every legal action is scored one ply deep in "VP
equivalents":

* Goods have a value each (a VP is 1; a Raze token, a card or Gold a little less...), worth less
  in the last round, when what is not spent is lost;
* building a Location is worth its VP at the end plus what it produces in the rounds left (its
  engine value, so the bot builds its engine early), its Building Bonus, and an Action Location's
  expected use; less the Location it discards (a Foundation first);
* razing an enemy Location is worth its Raze field plus what the enemy loses, against 2-4 Raze
  tokens: the bot razes when it pays;
* a Deal is worth its Good in every Production left, against 1 Food: the bot makes Deals with its
  spare Food, with the Faction cards it cannot build soon;
* Workers are turned into the Resource its hand needs most, or into cards; the bot passes when
  nothing is worth more than keeping its Goods.

Ties are broken by the bot's own seeded generator.
"""

from __future__ import annotations

from typing import Any

from empires.core.rng import Rng
from empires.settlers.actions import DECK_CHOICES, SHRINE_GOODS, TAKE_GOODS
from empires.settlers.cards import Card, load_cards

VALUE = {
    "vp": 1.0,
    "wood": 0.55,
    "stone": 0.65,
    "food": 0.55,
    "gold": 0.7,
    "worker": 0.3,
    "raze": 0.55,
    "defense": 0.1,
    "card": 0.7,
    "common_card": 0.6,
    "faction_card": 0.8,
    "samurai": 0.3,
    "deal": 0.0,
}
ROUNDS = 5

# The decision kinds :meth:`_View.score` has rules for (it scores each offered action by its
# action kind, the decision kind telling e.g. a Worker trade from a free draw): every kind of
# the decision registry is here (tested), and a decision of any other kind is refused.
SCORED_DECISIONS = frozenset(
    {
        "pick",
        "turn",
        "workers",
        "draw",
        "samurai_place",
        "choose_one",
        "keep",
        "copy_production",
        "build_discard",
        "exchange",
        "spend",
        "ability",
        "forced_discard",
        "attack_choice",
    }
)
# The parts of a card the bot has a value rule for (a test checks every card is covered; an
# effect without a rule raises rather than being silently worth 0). Feature triggers are worth a
# flat amount per trigger and an Action's special a flat bonus, whatever they are.
VALUED_EFFECTS = frozenset(
    (
        "gain",
        "gain_per_color",
        "gain_per_samurai",
        "choose_one",
        "draw_keep",
        "production_copy",
        "gain_per",
        "pay",
        "steal",
        "place_defense",
        "enemies_lose",
        "special",
    )
)
# Flat values of the effects of card files that no built-in card has (house cards).
FLAT_EFFECTS = {"place_defense": 0.3, "enemies_lose": 0.3, "special": 0.8}
VALUED_TYPES = frozenset(("production", "action", "feature"))


class SettlersHeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def __repr__(self) -> str:
        return f"SettlersHeuristicBot(rng_state={self.rng.state})"

    def choose(self, state: Any) -> Any:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("SettlersHeuristicBot: no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        scores = self.action_scores(state)
        best = max(scores)
        ties = [a for a, s in zip(legal, scores, strict=True) if s >= best - 1e-9]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    def action_scores(self, state: Any) -> list[float]:
        """The score of each of ``state.legal_actions()``, in that order, from the observation
        of the seat to act (VP equivalents); :meth:`choose` plays the best (ties at random)."""
        me = state.current_player
        decision = state.decision or {}
        if decision.get("kind", "") not in SCORED_DECISIONS:
            raise ValueError(
                f"SettlersHeuristicBot: no scorer for the decision kind {decision.get('kind')!r}"
            )
        view = _View(state.observation(me), me)
        return [view.score(decision, a) for a in state.legal_actions()]


class _View:
    """What the bot knows, with the value functions."""

    def __init__(self, obs: dict, me: int) -> None:
        self.obs = obs
        self.me = me
        self.db = load_cards(obs["options"].get("cards"))
        self.round = obs["round"]
        self.left = ROUNDS - self.round  # Production phases still to come
        p = obs["players"][me]
        self.goods = {g: p["goods"].get(g, 0) for g in VALUE}
        db = self.db
        self.hand = [db[db.by_id[c["id"]]] for c in obs["your_hand"]]
        self.mine = [db[db.by_id[x["id"]]] for x in obs["locations"] if x["owner"] == me]
        self.enemy_raze = max(
            (
                q["goods"].get("raze", 0)
                for q in obs["players"]
                if q["seat"] != me and not q["passed"]
            ),
            default=0,
        )
        # solo: beat the virtual player's Collection with Faction Locations
        self.solo = obs["num_players"] == 1
        self.virtual = (
            {db.by_id[x["id"]] for x in obs["virtual_player"]["locations"]} if self.solo else set()
        )

    # ---- values ----------------------------------------------------------------------------
    def good(self, g: str, n: float = 1.0) -> float:
        v = VALUE.get(g, 0.3)
        if self.round == ROUNDS and g not in ("vp",):
            v *= 0.5 if g in ("card", "common_card", "faction_card") else 0.35
        return v * n

    def goods_value(self, goods: dict) -> float:
        return sum(self.good(g, n) for g, n in goods.items())

    def effects_value(self, effects, card: Card | None = None) -> float:
        total = 0.0
        for e in effects:
            ((key, arg),) = e.items()
            if key == "gain":
                total += self.goods_value(arg)
            elif key == "gain_per_color":
                have = sum(1 for c in self.mine if arg["color"] in c.colors)
                if (
                    card is not None
                    and arg["color"] in card.colors
                    and card.idx not in [c.idx for c in self.mine]
                ):
                    have += 1
                total += self.good(arg["good"], min(have, arg["max"]))
            elif key == "gain_per_samurai":
                total += self.good(arg["good"], 1)
            elif key == "choose_one":
                total += max(self.effects_value(o, card) for o in arg)
            elif key == "draw_keep":
                total += self.good("card", arg["keep"]) + 0.1
            elif key == "production_copy":
                total += max(
                    (
                        self.effects_value(c.production, c)
                        for c in self.mine
                        if c.type == "production"
                        and not any("production_copy" in x for x in c.production)
                    ),
                    default=0.0,
                )
            else:
                total += self._house_effect_value(key, arg, card)
        return total

    def _house_effect_value(self, key: str, arg, card: Card | None) -> float:
        """The effects only card files use (no built-in card has them): rough values."""
        if key == "gain_per":
            return self.good(arg["good"], min(arg["max"], 1))
        if key == "pay":
            return max(
                0.0, self.effects_value(arg["effects"], card) - self.goods_value(arg["spend"])
            )
        if key == "steal":
            return self.good(arg["goods"][0], arg.get("n", 1)) * 0.9
        if key in FLAT_EFFECTS:
            return FLAT_EFFECTS[key]
        raise KeyError(f"the heuristic has no value rule for the effect {key!r}")

    def card_value(self, card: Card) -> float:
        """A Location's worth to the bot if built now."""
        if card.type not in VALUED_TYPES:
            raise KeyError(f"the heuristic has no value rule for a {card.type!r} Location")
        value = card.vp + self.effects_value(card.bonus, card)
        if card.type == "production":
            value += self.effects_value(card.production, card) * (self.left + 1) * 0.9
        elif card.action is not None:
            a = card.action
            gain = self.effects_value(a.effects, card) + (0.8 if a.special else 0.0)
            cost = self.goods_value(dict(a.spend))
            value += max(0.0, gain - cost * 0.8) * a.limit * (self.left + 0.5) * 0.6
        elif card.feature:
            value += 0.6 * (self.left + 1) * len(card.feature)
        return value

    def build_cost(self, card: Card) -> float:
        cost = (
            self.good("wood", card.cost[0])
            + self.good("stone", card.cost[1])
            + self.good("food", card.cost[2])
        )
        if card.cost_location:
            cost += self.cheapest_discard()
        return cost

    def cheapest_discard(self) -> float:
        me = self.obs["players"][self.me]
        if me["foundations"]:
            return 0.0
        return min((self.card_value(c) for c in self.mine), default=3.0)

    def affordability(self, card: Card) -> float:
        """How close the bot is to paying for ``card`` (0: now)."""
        g = self.goods
        short = sum(
            max(0, need - g[r])
            for need, r in zip(card.cost, ("wood", "stone", "food"), strict=True)
        )
        return max(0, short - g["gold"])

    # ---- scoring ---------------------------------------------------------------------------
    def score(self, d: dict, a) -> float:
        kind = d.get("kind", "")
        k = a.kind
        db = self.db
        if k == "pass":
            return 0.05 if kind == "turn" else 0.0
        if k in ("build",):
            card = db[a.a]
            solo = 2.5 if self.solo and card.is_faction else 0.0
            return self.card_value(card) - self.build_cost(card) + 0.5 + solo
        if k == "deal":
            return self._score_deal(db[a.a])
        if k == "raze":
            return self._score_raze(kind, db[a.a])
        if k == "raze-location":
            return self._score_raze_location(a.a)
        if k == "activate":
            card = db[a.a]
            act = card.ability
            gain = self.effects_value(act.effects, card) + (1.0 if act.special else 0.0)
            times = 2 if a.b == 2 else 1
            return (gain - self.goods_value(dict(act.spend)) * 0.7) * times + 0.05
        if k == "workers":
            return self.good("card") + 0.02 if self.goods["worker"] >= 2 else 0.0
        if k == "defend":
            return 0.4 if self.enemy_raze >= 2 and self.round < ROUNDS else -0.1
        if k == "samurai":
            return 0.3 if self.enemy_raze >= 2 or self._has_daimyo() else -0.1
        if k == "shrine":
            return 0.3 if self.round == ROUNDS else -0.1
        if k == "gate":
            return 0.2 if self.round == ROUNDS else -0.1
        if k == "pick":
            card = db[a.a]
            return self.card_value(card) - 0.5 * self.affordability(card)
        if k == "draw":
            return self._score_draw(kind, DECK_CHOICES[a.a])
        if k == "take":
            g = TAKE_GOODS[a.a]
            if kind == "workers":
                return self._need(g) - 2 * self.good("worker") + self.good(g) * 0.1
            return self.good(g)
        if k == "discard":
            card = db[a.a]
            if kind in ("build_discard",):
                return 10.0 if a.a not in [c.idx for c in self.mine] else -self.card_value(card)
            if kind in ("spend",) and card.deck == "attack":
                return 0.0
            return -self.card_value(card)  # keep the best, discard the worst
        if k == "target":
            return self._target(d, a.a)
        if k == "player":
            q = self.obs["players"][a.a]
            return sum(q["goods"].values()) + q["hand_size"] * 0.1
        if k == "option":
            options = d.get("options")
            if isinstance(options, list):
                return self.effects_value(options[a.a])
            return 1.0 - 0.1 * a.a
        if k == "done":
            return 0.0 if kind == "keep" else -0.05
        if k == "skip":
            return -0.5
        if k == "shrine":
            return self.good(SHRINE_GOODS[a.a])
        return 0.0

    def _score_deal(self, card: Card) -> float:
        if card.deal is None:  # (never legal: a Deal is made only with a card that has one)
            return 0.0
        gain = self.good(card.deal) * (self.left + 1)
        keep_for_build = self.card_value(card) - 2.0 * self.affordability(card)
        return gain - self.good("food") - max(0.0, keep_for_build) * 0.3

    def _score_raze(self, kind: str, card: Card) -> float:
        if kind == "turn":
            worth = self.goods_value(_count(card.raze)) - self.good("raze")
            if self.affordability(card) <= 1 and self.card_value(card) > worth:
                return -1.0
            return worth - 0.2
        return self.goods_value(_count(card.raze))

    def _score_raze_location(self, c: int) -> float:
        card = self.db[c]
        loss = card.vp + (
            self.effects_value(card.production, card) * self.left * 0.5
            if card.type == "production"
            else 0.3 * self.left
        )
        cost = 2 + (c in self._defended()) + (c in self._samurai())
        if c in self.virtual:  # one card fewer for the Collection
            loss = 2.5
        return self.goods_value(_count(card.raze)) + loss * 0.6 - self.good("raze", cost)

    def _score_draw(self, kind: str, deck: str) -> float:
        if kind == "workers":
            return self.good("card") - 2 * self.good("worker") + (0.1 if deck == "faction" else 0.0)
        faction = sum(1 for c in self.hand if c.is_faction)
        return 1.0 if (deck == "faction") == (faction < 3) else 0.5

    def _target(self, d: dict, c: int) -> float:
        card = self.db[c]
        kind, special = d.get("kind"), d.get("special")
        if kind == "attack_choice":
            return -self.card_value(card)
        if kind in ("copy_production",) or special == "production_copy":
            return self.effects_value(card.production, card)
        if special in ("raze_enemy",):
            return self.goods_value(_count(card.raze)) + card.vp
        if special in ("deal_good",):
            return self.good(card.deal or "vp")
        if special == "activate_other" and card.action is not None:
            return self.effects_value(card.action.effects, card)
        return card.vp + self.effects_value(card.production, card)

    def _need(self, g: str) -> float:
        """Value of one more ``g`` for the cards in hand the bot nearly affords."""
        best = 0.0
        i = ("wood", "stone", "food").index(g) if g in ("wood", "stone", "food") else -1
        for card in self.hand:
            if i >= 0 and card.cost[i] > self.goods[g] and self.affordability(card) <= 1:
                best = max(best, self.card_value(card) - self.build_cost(card))
        return self.good(g) + max(0.0, best) * 0.5

    def _defended(self) -> set[int]:
        return {self.db.by_id[x["id"]] for x in self.obs["locations"] if x.get("defense")}

    def _samurai(self) -> set[int]:
        return {self.db.by_id[x["id"]] for x in self.obs["locations"] if x.get("samurai")}

    def _has_daimyo(self) -> bool:
        return any(c.name == "Daimyo's Castle" for c in self.mine)


def _count(goods) -> dict[str, int]:
    out: dict[str, int] = {}
    for g in goods:
        out[g] = out.get(g, 0) + 1
    return out
