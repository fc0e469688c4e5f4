"""Event box: Discovery. In Player Order, each player may send one expedition a turn (ruling 7):
choose an undiscovered region (or, once every region is discovered, the Discovery deck), then the
workers to send one at a time, then ``done``. Value: Captain 2, others 1. Success when the value
reaches the Resistance (minus 1 with the owner's Plague I): a free Colonist in the region (none for
a card), the Plunder plus the $/Soldier for each Soldier sent, and the counter or card kept for VP.
Failure: the counter goes back face down but is known to all; a card is shuffled back. The sent
workers return to supply either way; workers not sent stay in the box for later turns."""

from __future__ import annotations

from empires.core.decisions import DecisionTable
from empires.discovery import nations, scouting
from empires.discovery.actions import DECK_ACTION, REGION, WORKER, Action
from empires.discovery.data import (
    CAPTAIN,
    CARDS,
    COLONIST,
    COUNTERS,
    REGION_IDS,
    SOLDIER,
    WORKERS,
    building,
)
from empires.discovery.decisions import DONE, SKIP, push
from empires.discovery.mechanics import discover, undiscovered
from empires.discovery.narration import card_of, counter_of, counts, emit, region_of
from empires.discovery.state import State

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)

PLAGUE_1 = building("plague_1")
MAGELLAN = building("magellan")
DECK = -1


def targets(s: State) -> list[Action]:
    regions = undiscovered(s)
    if regions:
        return [REGION[r] for r in regions]
    return [DECK_ACTION] if s.deck else []


def step_discovery(s: State) -> None:
    while s.cursor < s.num_players:
        p = s.order[s.cursor]
        if any(s.discovery_box[p]) and targets(s):
            push(s, "expedition_target", p)
            return
        s.cursor += 1
    s.cursor = 0
    s.step = "specialists"


def expedition_value(s: State, p: int, members) -> int:
    """Captains count 2 (3 with Magellan), every other worker 1."""
    captain = 3 if MAGELLAN in s.owned[p] else 2
    return sum(n * (captain if w == CAPTAIN else 1) for w, n in enumerate(members))


def resistance_for(s: State, p: int, resistance: int) -> int:
    return resistance - 1 if PLAGUE_1 in s.owned[p] else resistance


@DECISIONS.decision("expedition_target", "Discovery: choose where to send an expedition, or skip")
def _target_legal(s: State, d: dict) -> list[Action]:
    p = d["player"]
    return [*targets(s), *nations.portugal_deck(s, p), SKIP, *scouting.offer(s, p)]


@_target_legal.choose
def _target_choose(s: State, d: dict, action: Action) -> None:
    if action.kind == "scout":
        scouting.scout(s, d["player"], action.a, then=d)
        return
    if action.kind == "skip":
        s.cursor += 1
        return
    target = DECK if action.kind == "deck" else action.a
    extra = {}
    if target == DECK and undiscovered(s):  # Portuguese Explorers: the card's Resistance is 3
        nations.mark_used(s, d["player"])
        nations.tell(s, d["player"], resistance=nations.PORTUGAL_RESISTANCE)
        extra["resistance"] = nations.PORTUGAL_RESISTANCE
    push(s, "expedition_members", d["player"], target=target, members=[0] * len(WORKERS), **extra)


@DECISIONS.decision(
    "expedition_members", "Discovery: add a worker to the expedition, or done to launch it"
)
def _members_legal(s: State, d: dict) -> list[Action]:
    box, members = s.discovery_box[d["player"]], d["members"]
    acts = [WORKER[w] for w in range(len(WORKERS)) if box[w] > members[w]]
    if any(members):
        acts.append(DONE)
    return acts


@_members_legal.choose
def _members_choose(s: State, d: dict, action: Action) -> None:
    p = d["player"]
    if action.kind == "worker":
        members = list(d["members"])
        members[action.a] += 1
        context = {k: v for k, v in d.items() if k not in ("kind", "player")}
        push(s, "expedition_members", p, **{**context, "members": members})
        return
    s.cursor += 1
    launch(s, p, d["target"], d["members"], d.get("resistance"))


def launch(s: State, p: int, target: int, members, resistance: int | None = None) -> bool:
    """Resolve an expedition; returns whether it succeeded. ``resistance`` replaces a card's
    printed Resistance (Portugal's National Advantage)."""
    for w, n in enumerate(members):
        s.discovery_box[p][w] -= n
        s.supply[p][w] += n
    value = expedition_value(s, p, members)
    soldiers = members[SOLDIER]
    if target == DECK:
        card = s.deck.pop()
        info = CARDS[card]
        printed = info.resistance if resistance is None else resistance
        if s.narrate:
            _tell(
                s,
                p,
                target,
                members,
                value,
                resistance_for(s, p, printed),
                card_of(card),
                printed=printed,
                portugal=resistance is not None,
            )
        if value >= resistance_for(s, p, printed):
            s.cards_won[p].append(card)
            s.money[p] += info.plunder + info.per_soldier * soldiers
            scouting.deck_changed(s, top_only=True)
            return True
        s.deck.append(card)
        s.rng.shuffle(s.deck)
        scouting.deck_changed(s)
        return False
    info = COUNTERS[s.counter[target]]
    if s.narrate:
        _tell(
            s,
            p,
            target,
            members,
            value,
            resistance_for(s, p, info.resistance),
            counter_of(s.counter[target]),
            printed=info.resistance,
        )
    if value >= resistance_for(s, p, info.resistance):
        discover(s, p, target, soldiers)
        return True
    fail(s, target)
    return False


def _tell(
    s: State,
    p: int,
    target: int,
    members,
    value: int,
    need: int,
    found: dict,
    printed: int,
    portugal: bool = False,
) -> None:
    """The ``expedition`` event, told before its consequences. A counter that fails under No
    Survivors leaves the game unseen by the others: only the leader reads which it was."""
    won = value >= need
    soldiers = members[SOLDIER]
    fields = {**found, "printed_resistance": printed, "resistance": need}
    money = found["plunder"] + found["per_soldier"] * soldiers if won else 0
    if target == DECK:
        where = {"target": "deck", "region": None}
        landed = None
    else:
        where = {"target": REGION_IDS[target], **region_of(target)}
        landed = "colonist" if won and s.supply[p][COLONIST] else None
    secret = None
    removed = (
        not won and target != DECK and s.options.has("no-survivors") and bool(s.unused_counters)
    )
    if removed:
        secret = {"to": [p], **fields}
        fields = dict.fromkeys(fields)
    sent = counts(members)
    emit(
        s,
        "expedition",
        secret,
        player=p,
        **where,
        members=sent,
        strength=value,
        soldiers=soldiers,
        success=won,
        landed=landed,
        returned=sent,
        removed=removed,
        shuffled_back=not won and target == DECK,
        portugal=portugal,
        money=money,
        **fields,
    )


def fail(s: State, region: int) -> None:
    """A failed expedition turns the counter face up for all; with No Survivors it leaves the
    game instead and an unused face-down counter takes its place (while any remain)."""
    if s.options.has("no-survivors") and s.unused_counters:
        s.counters_out.append(s.counter[region])
        s.counter[region] = s.unused_counters.pop(s.rng.randrange(len(s.unused_counters)))
        s.revealed[region] = False
        scouting.forget_region(s, region)
    else:
        s.revealed[region] = True
