"""The Imperial Settlers observation tensor of a seat straight from the game state: the same
numbers as ``tensor.encode(game.observation(player))`` (a property test holds them equal over
random games), without building the observation's card views first.

It reads only what the seat may know, by the observation's own rules: its own hand and secret
choices, of the other hands only the cards everybody saw taken (``known``) and their sizes, the
sizes of the decks, and the public fields. The layout is :mod:`empires.settlers.tensor`'s, and
the blocks are written the same way (into the same float32 views, in the same order), so every
sum comes out bit for bit the same.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from empires.settlers import scoring
from empires.settlers.cards import GOODS
from empires.settlers.flow import ROUNDS
from empires.settlers.options import VARIANTS
from empires.settlers.rules import taken_by
from empires.settlers.tensor import (
    _DB,
    _FACTION_NAME,
    _ID,
    _KIND,
    _NAME,
    _STEP,
    _TARGET,
    _VARIANT,
    DECISION_KINDS,
    SCORE_KEYS,
    STEPS,
    _Blocks,
    tensor_size,
)


def _names(row: np.ndarray, db, cards) -> None:
    """Add one to ``row`` for each card (indices of ``db``) by its name."""
    for c in cards:
        i = _NAME.get(db[c].name)
        if i is not None:
            row[i] += 1.0


def _ids(row: np.ndarray, db, cards) -> None:
    """Add one to ``row`` for each card by its id (the discard piles)."""
    for c in cards:
        i = _ID.get(db[c].id)
        if i is not None:
            row[i] += 1.0


def _global(game, s, player: int, b: _Blocks) -> None:
    """seat .. first_player and the decision blocks."""
    v = b.v
    v["seat"][player] = 1.0
    for variant in s.options.variants:
        i = _VARIANT.get(variant)
        if i is not None:
            v["rules"][i] = 1.0
    if s.options.reshuffle_faction_discards:
        v["rules"][len(VARIANTS)] = 1.0
    if 1 <= s.round <= ROUNDS:
        v["round"][s.round - 1] = 1.0
    v["step"][_STEP.get(s.step, len(STEPS))] = 1.0
    if game.is_terminal():
        v["terminal"][0] = 1.0
    b.seat_hot("current_player", game.current_player)
    b.seat_hot("first_player", s.first)
    d = game.decision
    if d is None:
        return
    v["decision_kind"][_KIND.get(d["kind"], len(DECISION_KINDS))] = 1.0
    card = d.get("card")
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < len(_DB.cards):
        i = _NAME.get(_DB.cards[card].name)
        if i is not None:
            v["decision_card"][i] += 1.0
    count = d.get("n")
    if isinstance(count, int) and count > 0:
        v["decision_count"][0] = count / 5.0
    b.seat_hot("decision_victim", d.get("victim"))


def _cards(s, player: int, b: _Blocks) -> None:
    """The observer's hand and secret choices, the draft, the common deck and discard."""
    v, db = b.v, s.db
    _names(v["hand"], db, s.hand[player])
    _names(v["choices"], db, s.alt[player] + s.looking[player])
    _names(v["draft"], db, s.draft)
    v["common_deck"][0] = len(s.common_deck) / 100.0
    _ids(v["common_discard"], db, s.common_discard)


def _players(s, player: int, b: _Blocks) -> None:
    """The per-player blocks: each seat's hand as the observer may know it."""
    v, db = b.v, s.db
    for p in range(s.num_players):
        q = b.rel(p)
        faction = _FACTION_NAME.get(db.factions[s.factions[p]]["name"])
        if faction is not None:
            v["faction"][q, faction] = 1.0
        v["vp"][q] = s.vp[p] / 50.0
        for g, c in enumerate(s.supply[p][: len(GOODS)]):
            if c:
                v["goods"][q, g] = c / 10.0
        v["passed"][q] = 1.0 if s.passed[p] else 0.0
        v["hand_size"][q] = len(s.hand[p]) / 10.0
        _names(v["known_hand"][q], db, s.hand[p] if p == player else s.known[p])
        _names(v["empire"][q], db, s.empire[p])
        v["foundations"][q] = len(s.foundations[p]) / 10.0
        _names(v["deals"][q], db, s.deals[p])
        _names(v["trade_route_deals"][q], db, [loc for o, loc, _ in s.trade_deals if o == p])
        v["faction_deck"][q] = len(s.faction_deck[p]) / 30.0
        _ids(v["faction_discard"][q], db, s.faction_discard[p])


def _locations(s, b: _Blocks) -> None:
    """Each seat's Locations' marks (``empire_state``), as the observation counts them."""
    db = s.db
    for p in range(s.num_players):
        row = b.v["empire_state"][b.rel(p)]
        for c in s.empire[p]:
            marks = (
                c in s.defended,
                c in s.samurai,
                taken_by(s, c) is not None,
                c in s.blocked,
            )
            for k, mark in enumerate(marks):
                if mark:
                    row[k] += 1.0
            resources = 0
            for card, n in s.shrine:
                if card == c:
                    resources = n
            under = 0
            for entry in s.gate:
                if entry[0] == c:
                    under = len(entry) - 1
            row[4] += resources / 5.0
            row[5] += under / 5.0
            used = str(s.activations[c]) if db[c].action is not None else "0"
            if used.isdigit():
                row[6] += int(used) / 10.0


def _scores_and_solo(s, b: _Blocks) -> None:
    v, db = b.v, s.db
    scores = scoring.scores(s)
    for p, row in enumerate(scores):
        q = b.rel(p)
        if q >= 0:
            for k, key in enumerate(SCORE_KEYS):
                v["scores"][q, k] = max(row.get(key, 0), 0) / 50.0
    if not s.solo:
        return
    row = scores[0] if scores else {}
    v["solo"][:] = (
        row.get("faction_locations_built", 0) / 20.0,
        row.get("collection", 0) / 20.0,
        1.0 if row.get("won") else 0.0,
        (row.get("achievement", -1) + 1) / 7.0,
    )
    _names(v["virtual_locations"], db, s.vlocs)
    v["virtual_collection"][0] = len(s.collection) / 20.0
    for c in s.attack_line:
        target = db[c].target
        i = _TARGET.get(target) if isinstance(target, str) else None
        if i is not None:
            v["target_line"][i] += 1.0
    v["attack_deck"][0] = len(s.attack_deck) / 16.0


def observation_tensor(game, player: Any, out: np.ndarray | None = None) -> np.ndarray:
    """The tensor of what ``player`` may know, equal to
    ``tensor.observation_tensor(game, player, out)``."""
    s = game.s
    n = s.num_players
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
        raise ValueError(f"no seat {player!r} in a {n}-player game")
    if out is None:
        out = np.zeros(tensor_size(n), np.float32)
    else:
        out.fill(0.0)
    b = _Blocks(out, n, player)
    _global(game, s, player, b)
    _cards(s, player, b)
    _players(s, player, b)
    _locations(s, b)
    _scores_and_solo(s, b)
    return out
