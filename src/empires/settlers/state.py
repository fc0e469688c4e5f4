"""The plain-data state of a game of Imperial Settlers, with copy and (de)serialisation.

Every field is an int, a bool, a string, or a list of those (cards are indices into the game's
:class:`~empires.settlers.cards.CardDB`; decks and piles keep their top at the end). The rules that
change it live in the phase modules; the public ``Game`` API lives in
:mod:`empires.settlers.game`.
"""

from __future__ import annotations

from typing import ClassVar

from empires.core.fields import (
    Fields,
    PlainState,
    actions_field,
    check_declared,
    events_field,
    field,
    fields,
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


_FIELDS = fields(
    # ---- plain values
    num_players=0,
    seed=0,
    round=1,
    step="lookout",
    first=0,
    cursor=0,
    draft_stage="",
    # ---- lists of values
    factions=flat(),
    vp=flat(),
    passed=flat(),
    common_deck=flat(),
    common_discard=flat(),
    draft=flat(),
    activations=flat(),
    defended=flat(),
    samurai=flat(),
    blocked=flat(),
    vlocs=flat(),
    collection=flat(),
    attack_deck=flat(),
    attack_line=flat(),
    attack_discard=flat(),
    # ---- lists of lists
    supply=nested(),
    hand=nested(),
    known=nested(),
    empire=nested(),
    foundations=nested(),
    deals=nested(),
    faction_deck=nested(),
    faction_discard=nested(),
    alt=nested(),
    looking=nested(),
    takeover=nested(),
    trade_deals=nested(),
    draft_queue=nested(),
    shrine=nested(),
    gate=nested(),
    # ---- what every engine's state has (empires.core.fields)
    options=options_field(Options),
    rng=rng_field(),
    actions=actions_field(parse),
    pending=pending_field(),
    events=events_field(),
    narrate=field(True, save=False),
    keep_log=field(True, save=False),
    db=field(_default_cards, save=False),
)


class State(PlainState):
    """All the data of one game: the fields of ``_FIELDS`` (each one's default, how deep it is
    copied, how it is saved; the save holds them in this order), declared with their types in
    the same order below (a compiled build makes this a native class). ``supply[p]`` counts player
    p's goods in :data:`GOODS` order."""

    FIELDS: ClassVar[Fields] = _FIELDS

    # ---- plain values
    num_players: int
    seed: int
    round: int
    step: str
    first: int  # seat holding the First player marker
    cursor: int  # position within the current step
    draft_stage: str
    # ---- lists of values
    factions: list[str]
    vp: list[int]
    passed: list[bool]
    common_deck: list[int]
    common_discard: list[int]
    draft: list[int]  # face-up cards to choose from
    activations: list[int]  # per card, this round
    defended: list[int]  # Locations with a Defense token
    samurai: list[int]  # Locations with a Samurai
    blocked: list[int]  # Action Locations that cannot be activated this round
    # solo game
    vlocs: list[int]  # the virtual player's Locations
    collection: list[int]
    attack_deck: list[int]
    attack_line: list[int]  # revealed Attack cards, first Target first
    attack_discard: list[int]
    # ---- lists of lists
    supply: list[list[int]]
    hand: list[list[int]]
    known: list[list[int]]  # cards in hand everybody saw taken (public draft)
    empire: list[list[int]]  # Locations, in building order
    foundations: list[list[int]]  # face-down cards
    deals: list[list[int]]
    faction_deck: list[list[int]]  # per seat
    faction_discard: list[list[int]]
    alt: list[list[int]]  # Alternate Lookout: each player's private cards
    looking: list[list[int]]  # cards drawn to keep some of (draw_keep)
    takeover: list[list[int]]  # [card, seat]: Temple of Ra, this round
    trade_deals: list[list[int]]  # [seat, enemy Location, marker card]
    draft_queue: list[list[int]]  # [seat, refill the draft to this size first]
    shrine: list[list[int]]  # [card, Resources on it]
    gate: list[list[int]]  # [card, cards under it...]
    # ---- what every engine's state has (empires.core.fields)
    options: Options
    rng: Rng
    actions: list[Action]
    pending: list[dict]
    events: list[dict]
    narrate: bool  # the rules write events now (core.narrator)
    keep_log: bool  # the game keeps its event log (EngineGame.narrate)
    # the card data in use: shared by every copy, read anew from the options when loading
    db: CardDB

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


check_declared(State)
