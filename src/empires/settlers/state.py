"""The plain-data state of a game of Imperial Settlers, with copy and (de)serialisation.

Every field is an int, a bool, a string, or a list of those (cards are indices into the game's
:class:`~empires.settlers.cards.CardDB`; decks and piles keep their top at the end). The rules that
change it live in the phase modules; the public ``Game`` API lives in
:mod:`empires.settlers.game`.
"""

from __future__ import annotations

from empires.core.rng import Rng
from empires.settlers.actions import Action, parse
from empires.settlers.cards import GOODS, NUM_ATTACK, NUM_CARDS, CardDB, load_cards
from empires.settlers.options import Options

NUM_ALL = NUM_CARDS + NUM_ATTACK

# Fields copied as-is, one level deep (lists of ints / strs), or two levels deep.
_SCALAR = ("num_players", "seed", "round", "step", "first", "cursor", "draft_stage")
_FLAT = (
    "factions",
    "vp",
    "passed",
    "common_deck",
    "common_discard",
    "draft",
    "activations",
    "defended",
    "samurai",
    "blocked",
    "vlocs",
    "collection",
    "attack_deck",
    "attack_line",
    "attack_discard",
)
_NESTED = (
    "supply",
    "hand",
    "known",
    "empire",
    "foundations",
    "deals",
    "faction_deck",
    "faction_discard",
    "alt",
    "looking",
    "takeover",
    "trade_deals",
    "draft_queue",
    "shrine",
    "gate",
)


class State:
    """All the data of one game. ``supply[p]`` counts player p's goods in :data:`GOODS` order."""

    def __init__(self) -> None:
        self.options = Options()
        self.db: CardDB = load_cards(None)
        self.num_players = 0
        self.seed = 0
        self.rng = Rng(0)
        self.actions: list[Action] = []
        # the event log (empires.core.events): what happened, never changed once written;
        # narrate=False (bot search, batch runs) records nothing and changes no rule
        self.events: list[dict] = []
        self.narrate = True
        self.pending: list[dict] = []
        # progress
        self.round = 1
        self.step = "lookout"
        self.first = 0  # seat holding the First player marker
        self.cursor = 0  # position within the current step
        self.draft_stage = ""
        self.draft: list[int] = []  # face-up cards to choose from
        self.draft_queue: list[list[int]] = []  # [seat, refill the draft to this size first]
        self.alt: list[list[int]] = []  # Alternate Lookout: each player's private cards
        # players
        self.factions: list[str] = []
        self.vp: list[int] = []
        self.supply: list[list[int]] = []
        self.passed: list[bool] = []
        self.hand: list[list[int]] = []
        self.known: list[list[int]] = []  # cards in hand everybody saw taken (public draft)
        self.looking: list[list[int]] = []  # cards drawn to keep some of (draw_keep)
        self.empire: list[list[int]] = []  # Locations, in building order
        self.foundations: list[list[int]] = []  # face-down cards
        self.deals: list[list[int]] = []
        # decks and piles
        self.common_deck: list[int] = []
        self.common_discard: list[int] = []
        self.faction_deck: list[list[int]] = []  # per seat
        self.faction_discard: list[list[int]] = []
        # markers on cards
        self.activations: list[int] = []  # per card, this round
        self.defended: list[int] = []  # Locations with a Defense token
        self.samurai: list[int] = []  # Locations with a Samurai
        self.blocked: list[int] = []  # Action Locations that cannot be activated this round
        self.takeover: list[list[int]] = []  # [card, seat]: Temple of Ra, this round
        self.trade_deals: list[list[int]] = []  # [seat, enemy Location, marker card]
        self.shrine: list[list[int]] = []  # [card, Resources on it]
        self.gate: list[list[int]] = []  # [card, cards under it...]
        # solo game
        self.vlocs: list[int] = []  # the virtual player's Locations
        self.collection: list[int] = []
        self.attack_deck: list[int] = []
        self.attack_line: list[int] = []  # revealed Attack cards, first Target first
        self.attack_discard: list[int] = []

    @property
    def solo(self) -> bool:
        return self.num_players == 1

    # ---- copying ---------------------------------------------------------------------------
    def copy_into(self, other: State) -> None:
        d = other.__dict__
        src = self.__dict__
        for f in _SCALAR:
            d[f] = src[f]
        for f in _FLAT:
            d[f] = src[f][:]
        for f in _NESTED:
            d[f] = [x[:] for x in src[f]]
        other.options = self.options
        other.db = self.db
        other.rng = self.rng.copy()
        other.actions = self.actions[:]
        other.events = self.events[:]
        other.narrate = self.narrate
        other.pending = [dict(x) for x in self.pending]

    # ---- serialisation ---------------------------------------------------------------------
    def data_to_json(self) -> dict:
        out = {f: getattr(self, f) for f in _SCALAR + _FLAT + _NESTED}
        out["options"] = self.options.to_json()
        out["rng"] = self.rng.state
        out["actions"] = [str(a) for a in self.actions]
        out["pending"] = self.pending
        out["events"] = self.events
        return out

    def data_from_json(self, data: dict) -> None:
        for f in _SCALAR + _FLAT + _NESTED:
            setattr(self, f, data[f])
        self.options = Options.from_json(data["options"])
        self.db = load_cards(self.options.cards)
        self.rng = Rng(int(data["rng"]))
        self.actions = [parse(a) for a in data["actions"]]
        self.pending = [dict(x) for x in data["pending"]]
        self.events = list(data.get("events", []))
        n = self.num_players
        if not isinstance(n, int) or not 1 <= n <= 4:
            raise ValueError(f"num_players {n!r} out of range")
        for f in ("vp", "supply", "hand", "empire", "deals", "faction_deck"):
            if len(getattr(self, f)) != n:
                raise ValueError(f"field {f!r} has {len(getattr(self, f))} entries, expected {n}")
        if any(len(s) != len(GOODS) for s in self.supply) or len(self.activations) != NUM_ALL:
            raise ValueError("supply or activations have the wrong shape")
