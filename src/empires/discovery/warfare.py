"""Event box: Warfare (ruling 9). Space by space, the owner declares a Battle ($0: one region, one
opponent), a War ($10, paid on declaration: one opponent, a battle in every region where both have
workers and at least one of them a Soldier), or nothing. A Battle is legal only where both have a
worker and at least one has a Soldier there (2007, ruling 17: where both have a worker; without a
Soldier it just has no effect, unless the defender's Militia fights).

In a battle each Soldier removes one opposing worker, chosen by the Soldier's owner; losses are
simultaneous (both counts are fixed when the battle begins) and removed workers go back to their
owner's supply. Militia gives a defending owner one temporary Soldier in each battle (it may be a
casualty; it never makes a battle legal). Players not named are never affected."""

from __future__ import annotations

from empires.core.decisions import DecisionTable
from empires.discovery.actions import MILITIA, Action
from empires.discovery.colonies import remove_from_region
from empires.discovery.data import NUM_REGIONS, REGION_IDS, SOLDIER, WORKERS, building
from empires.discovery.decisions import SKIP, push
from empires.discovery.narration import counts, emit, region_of
from empires.discovery.state import State
from empires.discovery.university import offer_before

DECISIONS = DecisionTable()  # this module's decision kinds (see core.decisions)

WAR_COST = 10
MILITIA_BUILDING = building("militia")
BATTLE, WAR = Action("battle"), Action("war")


def armed_meeting(s: State, a: int, d: int, r: int) -> bool:
    """Both have a worker in the region and at least one of them a Soldier."""
    ra, rd = s.region_workers[r][a], s.region_workers[r][d]
    return any(ra) and any(rd) and (ra[SOLDIER] > 0 or rd[SOLDIER] > 0)


def battle_possible(s: State, a: int, d: int, r: int) -> bool:
    if not s.options.rules.battle_needs_soldier:  # 2007
        return any(s.region_workers[r][a]) and any(s.region_workers[r][d])
    return armed_meeting(s, a, d, r)


def battle_regions(s: State, a: int) -> list[int]:
    return [
        r
        for r in range(NUM_REGIONS)
        if any(battle_possible(s, a, d, r) for d in range(s.num_players) if d != a)
    ]


def any_battle(s: State, a: int) -> bool:
    """Whether ``battle_regions(s, a)`` is not empty (stops at the first region found)."""
    others = [d for d in range(s.num_players) if d != a]
    return any(battle_possible(s, a, d, r) for r in range(NUM_REGIONS) for d in others)


def any_war(s: State, a: int) -> bool:
    """Whether ``war_targets(s, a)`` is not empty (stops at the first armed meeting)."""
    others = [d for d in range(s.num_players) if d != a]
    return any(armed_meeting(s, a, d, r) for d in others for r in range(NUM_REGIONS))


def war_regions(s: State, a: int, d: int) -> list[int]:
    return [r for r in range(NUM_REGIONS) if armed_meeting(s, a, d, r)]


def war_targets(s: State, a: int) -> list[int]:
    return [d for d in range(s.num_players) if d != a and war_regions(s, a, d)]


def step_warfare(s: State) -> None:
    if s.uni_offered != "warfare":
        s.uni_offered = "warfare"
        if offer_before(s, "warfare"):
            return
    while True:
        if s.casualties:
            if _resolve_casualties(s):
                return
        elif s.battles:
            _begin_battle(s, *s.battles.pop(0))
        elif s.warfare:
            p, w = s.warfare[0]
            if any_battle(s, p):
                push(s, "warfare", p)
                return
            s.warfare.pop(0)
            s.supply[p][w] += 1
        else:
            s.step = "income"
            return


@DECISIONS.decision("warfare", "Warfare: declare a Battle ($0), a War ($10), or skip")
def _warfare_legal(s: State, d: dict) -> list[Action]:
    p = d["player"]
    acts = [BATTLE]
    if s.money[p] >= WAR_COST and any_war(s, p):
        acts.append(WAR)
    return [*acts, SKIP]


@_warfare_legal.choose
def _warfare_choose(s: State, d: dict, action: Action) -> None:
    p, w = s.warfare.pop(0)
    s.supply[p][w] += 1
    if action.kind == "battle":
        push(s, "battle_region", p)
    elif action.kind == "war":
        s.money[p] -= WAR_COST
        push(s, "war_player", p)


@DECISIONS.decision("battle_region", "Battle: choose the region")
def _battle_region_legal(s: State, d: dict) -> list[Action]:
    return [Action("region", r) for r in battle_regions(s, d["player"])]


@_battle_region_legal.choose
def _battle_region_choose(s: State, d: dict, action: Action) -> None:
    push(s, "battle_player", d["player"], region=action.a)


@DECISIONS.decision("battle_player", "Battle: choose the opponent")
def _battle_player_legal(s: State, d: dict) -> list[Action]:
    a, r = d["player"], d["region"]
    return [
        Action("player", x) for x in range(s.num_players) if x != a and battle_possible(s, a, x, r)
    ]


@_battle_player_legal.choose
def _battle_player_choose(s: State, d: dict, action: Action) -> None:
    s.battles.append([d["player"], action.a, d["region"]])


@DECISIONS.decision("war_player", "War: choose the opponent")
def _war_player_legal(s: State, d: dict) -> list[Action]:
    return [Action("player", x) for x in war_targets(s, d["player"])]


@_war_player_legal.choose
def _war_player_choose(s: State, d: dict, action: Action) -> None:
    a = d["player"]
    regions = war_regions(s, a, action.a)
    if s.narrate:
        emit(
            s,
            "war",
            player=a,
            defender=action.a,
            money=WAR_COST,
            regions=[REGION_IDS[r] for r in regions],
        )
    for r in regions:
        s.battles.append([a, action.a, r])


def _begin_battle(s: State, a: int, d: int, r: int) -> None:
    militia = 1 if MILITIA_BUILDING in s.owned[d] else 0
    attackers, defenders = s.region_workers[r][a], s.region_workers[r][d]
    kills_by_a = min(attackers[SOLDIER], sum(defenders) + militia)
    kills_by_d = min(defenders[SOLDIER] + militia, sum(attackers))
    if s.narrate:
        emit(
            s,
            "battle",
            player=a,
            defender=d,
            **region_of(r),
            attackers=counts(attackers),
            defenders=counts(defenders),
            militia=bool(militia),
            attacker_kills=kills_by_a,
            defender_kills=kills_by_d,
        )
    if kills_by_a:
        s.casualties.append([a, d, r, kills_by_a, militia])
    if kills_by_d:
        s.casualties.append([d, a, r, kills_by_d, 0])


def casualty_choices(s: State, task: list[int]) -> list[int]:
    _, victim, r, _, militia = task
    kinds = [w for w in range(len(WORKERS)) if s.region_workers[r][victim][w] > 0]
    return kinds + [MILITIA] if militia else kinds


def _resolve_casualties(s: State) -> bool:
    """Remove the head task's casualties where no choice is left; True if a decision waits."""
    task = s.casualties[0]
    chooser, victim, r, count, militia = task
    kinds = casualty_choices(s, task)
    pieces = sum(s.region_workers[r][victim]) + militia
    if count >= pieces or len(kinds) == 1:
        for w in kinds:
            if w == MILITIA:
                _casualties(s, chooser, victim, r, w, 1)
                count -= 1
                continue
            n = min(count, s.region_workers[r][victim][w])
            if n:
                _casualties(s, chooser, victim, r, w, n)
            remove_from_region(s, victim, r, w, n)
            count -= n
        s.casualties.pop(0)
        return False
    push(s, "casualty", chooser, victim=victim, region=r)
    return True


def _casualties(s: State, chooser: int, victim: int, r: int, w: int, n: int) -> None:
    """Tell ``n`` of ``victim``'s workers of type ``w`` removed (the temporary Militia Soldier:
    ``w`` is MILITIA); the caller removes them."""
    if s.narrate:
        emit(
            s,
            "casualties",
            player=victim,
            by=chooser,
            **region_of(r),
            count=n,
            worker="militia" if w == MILITIA else WORKERS[w],
        )


@DECISIONS.decision("casualty", "Battle: choose which opposing worker your Soldier removes")
def _casualty_legal(s: State, d: dict) -> list[Action]:
    return [Action("worker", w) for w in casualty_choices(s, s.casualties[0])]


@_casualty_legal.choose
def _casualty_choose(s: State, d: dict, action: Action) -> None:
    task = s.casualties[0]
    _casualties(s, task[0], task[1], task[2], action.a, 1)
    if action.a == MILITIA:
        task[4] = 0
    else:
        remove_from_region(s, task[1], task[2], action.a)
    task[3] -= 1
    if task[3] == 0:
        s.casualties.pop(0)
