"""The plain-data state of a game of Imperial Settlers, with copy and (de)serialisation.

Every field is an int, a bool, a string, or a list of those (cards are indices into the game's
:class:`~empires.settlers.cards.CardDB`; decks and piles keep their top at the end). The rules that
change it live in the phase modules; the public ``Game`` API lives in
:mod:`empires.settlers.game`.
"""

from __future__ import annotations

from empires.core.fields import (
    PlainState,
    actions_field,
    events_field,
    field,
    flat,
    nested,
    options_field,
    pending_field,
    rng_field,
)
from empires.core.rng import Rng
from empires.settlers.actions import Action, parse
from empires.settlers.cards import GOODS, NUM_ATTACK, NUM_CARDS, CardDB, load_cards
from empires.settlers.options import Options

NUM_ALL = NUM_CARDS + NUM_ATTACK


def _default_cards() -> CardDB:
    return load_cards(None)


class State(PlainState):
    """All the data of one game, each field declared once below (its default, how deep it is
    copied, how it is saved; the save holds them in this order). ``supply[p]`` counts player
    p's goods in :data:`GOODS` order."""

    # ---- plain values
    num_players: int = 0
    seed: int = 0
    round: int = 1
    step: str = "lookout"
    first: int = 0  # seat holding the First player marker
    cursor: int = 0  # position within the current step
    draft_stage: str = ""
    # ---- lists of values
    factions: list[str] = flat()
    vp: list[int] = flat()
    passed: list[bool] = flat()
    common_deck: list[int] = flat()
    common_discard: list[int] = flat()
    draft: list[int] = flat()  # face-up cards to choose from
    activations: list[int] = flat()  # per card, this round
    defended: list[int] = flat()  # Locations with a Defense token
    samurai: list[int] = flat()  # Locations with a Samurai
    blocked: list[int] = flat()  # Action Locations that cannot be activated this round
    # solo game
    vlocs: list[int] = flat()  # the virtual player's Locations
    collection: list[int] = flat()
    attack_deck: list[int] = flat()
    attack_line: list[int] = flat()  # revealed Attack cards, first Target first
    attack_discard: list[int] = flat()
    # ---- lists of lists
    supply: list[list[int]] = nested()
    hand: list[list[int]] = nested()
    known: list[list[int]] = nested()  # cards in hand everybody saw taken (public draft)
    empire: list[list[int]] = nested()  # Locations, in building order
    foundations: list[list[int]] = nested()  # face-down cards
    deals: list[list[int]] = nested()
    faction_deck: list[list[int]] = nested()  # per seat
    faction_discard: list[list[int]] = nested()
    alt: list[list[int]] = nested()  # Alternate Lookout: each player's private cards
    looking: list[list[int]] = nested()  # cards drawn to keep some of (draw_keep)
    takeover: list[list[int]] = nested()  # [card, seat]: Temple of Ra, this round
    trade_deals: list[list[int]] = nested()  # [seat, enemy Location, marker card]
    draft_queue: list[list[int]] = nested()  # [seat, refill the draft to this size first]
    shrine: list[list[int]] = nested()  # [card, Resources on it]
    gate: list[list[int]] = nested()  # [card, cards under it...]
    # ---- what every engine's state has (empires.core.fields)
    options: Options = options_field(Options)
    rng: Rng = rng_field()
    actions: list[Action] = actions_field(parse)
    pending: list[dict] = pending_field()
    events: list[dict] = events_field()
    narrate: bool = field(True, save=False)
    # the card data in use: shared by every copy, read anew from the options when loading
    db: CardDB = field(_default_cards, save=False)

    @property
    def solo(self) -> bool:
        return self.num_players == 1

    # ---- loading ---------------------------------------------------------------------------
    def data_from_json(self, data: dict) -> None:
        super().data_from_json(data)
        self.db = load_cards(self.options.cards)

    def _check_shape(self) -> None:
        n = self.num_players
        if not isinstance(n, int) or not 1 <= n <= 4:
            raise ValueError(f"num_players {n!r} out of range")
        for f in ("vp", "supply", "hand", "empire", "deals", "faction_deck"):
            if len(getattr(self, f)) != n:
                raise ValueError(f"field {f!r} has {len(getattr(self, f))} entries, expected {n}")
        if any(len(s) != len(GOODS) for s in self.supply) or len(self.activations) != NUM_ALL:
            raise ValueError("supply or activations have the wrong shape")
