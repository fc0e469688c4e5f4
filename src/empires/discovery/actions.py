"""Actions: small immutable values with a readable string, a JSON form and an integer code.

An action is ``Action(kind, a, b)`` with integer arguments (indices into the data tables). Its
string is words (``place soldier warfare``, ``region peru``, ``skip``) and is also its JSON form.
Each player count has one fixed action space; :func:`encode` / :func:`decode` map actions to and
from ``range(action_space_size(n))``. Sub-decisions (a region, a player, a worker type...) reuse
the same generic actions; what they mean is given by the decision on top of the state's stack.
"""

from __future__ import annotations

from functools import cache

from empires.core.actions import (
    ActionCodec,
    ActionValue,
    number_arg,
    quote,
    split_words,
)
from empires.core.errors import IllegalActionError
from empires.discovery.data import (
    BOXES,
    BUILDING_INDEX,
    BUILDINGS,
    GOOD_IDS,
    NATION_IDS,
    NUM_REGIONS,
    REGION_IDS,
    WORKERS,
)

# Worker-type choices include the Militia's temporary Soldier as a casualty.
WORKER_CHOICES: tuple[str, ...] = (*WORKERS, "militia")
MILITIA = len(WORKERS)
# Targets of the University (ruling 11).
UNIVERSITY_TARGETS: tuple[str, ...] = (
    "dock",
    "trade_goods",
    "warfare",
    "initiative",
    "order",
    "buildings",
)
MAX_INDEX = 16  # ``index`` codes at the least: buying up to 15 VP at once, University places
# England's re-ordering (nations.py) picks by relative position among every worker on the
# Colonist Dock: its 2N-1 numbered spaces, X and Y, the Mayflower's 3 ships and England's 2 free
# Colonists (placement.MAYFLOWER_SHIPS, nations.FREE_COLONISTS).
DOCK_X_Y, DOCK_MAYFLOWER, ENGLAND_FREE_COLONISTS = 2, 3, 2
MAX_BID = 30
SCOUT_DECK = NUM_REGIONS  # "scout deck": look at the top Discovery card


def index_codes(num_players: int) -> int:
    """How many ``index`` actions the action space holds for ``num_players``: England's longest
    possible Dock queue (18 with 6 players) or :data:`MAX_INDEX`, whichever is more."""
    england = 2 * num_players - 1 + DOCK_X_Y + DOCK_MAYFLOWER + ENGLAND_FREE_COLONISTS
    return max(MAX_INDEX, england)


class Action(ActionValue):
    __slots__ = ()

    def __str__(self) -> str:
        k = self.kind
        if k == "place":
            return f"place {WORKERS[self.a]} {BOXES[self.b]}"
        if k == "region":
            return f"region {REGION_IDS[self.a]}"
        if k == "worker":
            return f"worker {WORKER_CHOICES[self.a]}"
        if k == "good":
            return f"good {GOOD_IDS[self.a]}"
        if k in ("building", "use"):
            return f"{k} {BUILDINGS[self.a].id}"
        if k == "target":
            return f"target {UNIVERSITY_TARGETS[self.a]}"
        if k in ("player", "index", "bid"):
            return f"{k} {self.a}"
        if k == "scout":
            return "scout deck" if self.a == SCOUT_DECK else f"scout {REGION_IDS[self.a]}"
        if k == "nation":
            return f"nation {NATION_IDS[self.a]}"
        return k


SIMPLE = ("deck", "battle", "war", "skip", "done", "top", "bottom", "advantage")
# Prebuilt values for the hot paths (Phase 1 placement, region, worker, good and building
# choices): a playout offers them every decision, and a NamedTuple is slow to make.
PLACE: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action("place", w, b) for b in range(len(BOXES))) for w in range(len(WORKERS))
)
REGION: tuple[Action, ...] = tuple(Action("region", r) for r in range(NUM_REGIONS))
WORKER: tuple[Action, ...] = tuple(Action("worker", w) for w in range(len(WORKER_CHOICES)))
GOOD: tuple[Action, ...] = tuple(Action("good", g) for g in range(len(GOOD_IDS)))
BUILDING: tuple[Action, ...] = tuple(Action("building", b) for b in range(len(BUILDINGS)))
DECK_ACTION = Action("deck")
_LOOKUP = {
    "region": REGION_IDS,
    "worker": WORKER_CHOICES,
    "good": GOOD_IDS,
    "target": UNIVERSITY_TARGETS,
    "nation": NATION_IDS,
    "scout": (*REGION_IDS, "deck"),
}


def parse(text: str) -> Action:
    """Parse an action's string form; raises IllegalActionError naming what is wrong."""
    kind, args = split_words(text)

    def one(table, what):
        if len(args) != 1:
            raise IllegalActionError(f"{kind!r} takes one {what}: {quote(text)}")
        try:
            return table.index(args[0])
        except ValueError:
            raise IllegalActionError(
                f"unknown {what} {quote(args[0])} in {quote(text)}; "
                f"expected one of: {', '.join(table)}"
            ) from None

    if kind in SIMPLE:
        if args:
            raise IllegalActionError(f"{kind!r} takes no argument: {quote(text)}")
        return Action(kind)
    if kind == "place":
        if len(args) != 2:
            raise IllegalActionError(f"'place' takes a worker and a box: {quote(text)}")
        if args[0] not in WORKERS:
            raise IllegalActionError(
                f"unknown worker {quote(args[0])}; expected one of: {', '.join(WORKERS)}"
            )
        if args[1] not in BOXES:
            raise IllegalActionError(
                f"unknown box {quote(args[1])}; expected one of: {', '.join(BOXES)}"
            )
        return Action("place", WORKERS.index(args[0]), BOXES.index(args[1]))
    if kind in _LOOKUP:
        return Action(kind, one(_LOOKUP[kind], kind))
    if kind in ("building", "use"):
        if len(args) != 1 or args[0] not in BUILDING_INDEX:
            raise IllegalActionError(f"unknown Capital Building in {quote(text)}")
        return Action(kind, BUILDING_INDEX[args[0]])
    if kind in ("player", "index", "bid"):
        return Action(kind, number_arg(kind, args, text))
    raise IllegalActionError(f"unknown action kind {quote(kind)} in {quote(text)}")


@cache
def action_table(num_players: int) -> tuple[Action, ...]:
    """All actions of the fixed action space for ``num_players``, in code order."""
    table: list[Action] = []
    table += [Action("place", w, b) for w in range(len(WORKERS)) for b in range(len(BOXES))]
    table += [Action("region", r) for r in range(NUM_REGIONS)]
    table += [Action("player", p) for p in range(num_players)]
    table += [Action("worker", w) for w in range(len(WORKER_CHOICES))]
    table += [Action("good", g) for g in range(len(GOOD_IDS))]
    table += [Action("building", b) for b in range(len(BUILDINGS))]
    table += [Action("use", b) for b in range(len(BUILDINGS))]
    table += [Action("target", t) for t in range(len(UNIVERSITY_TARGETS))]
    table += [Action("index", i) for i in range(index_codes(num_players))]
    table += [Action(k) for k in SIMPLE]
    table += [Action("scout", r) for r in range(NUM_REGIONS + 1)]
    table += [Action("nation", k) for k in range(len(NATION_IDS))]
    table += [Action("bid", b) for b in range(1, MAX_BID + 1)]
    return tuple(table)


CODEC = ActionCodec(Action, parse, action_table)
action_space_size = CODEC.action_space_size
encode = CODEC.encode
decode = CODEC.decode
coerce = CODEC.coerce
