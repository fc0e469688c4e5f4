"""Actions: small immutable values with a readable string, a JSON form and an integer code.

An action is ``Action(kind, a, b)``. Card actions name the card by its id (``build com008``,
``raze-location jap004``, ``activate com046 twice``); the others are words (``pass``, ``draw
common``, ``take wood``, ``player 1``, ``option 2``). The string is also the JSON form. Each player
count has one fixed action space; :func:`encode` / :func:`decode` map actions to and from
``range(action_space_size(n))``. What a generic action (``target``, ``discard``, ``take``...)
means is given by the decision on top of the state's stack.
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
from empires.settlers.cards import default_cards

SIMPLE = ("pass", "workers", "done", "skip")
DECK_CHOICES = ("common", "faction")
TAKE_GOODS = ("wood", "stone", "food", "gold", "worker", "raze", "defense", "vp", "card")
SHRINE_GOODS = ("wood", "stone", "food")
CARD_KINDS = (
    "build",
    "deal",
    "raze",
    "raze-location",
    "activate",
    "defend",
    "samurai",
    "gate",
    "pick",
    "discard",
    "target",
)
MAX_OPTION = 4
MAX_PLAYERS = 4


@cache
def _ids() -> tuple[str, ...]:
    return tuple(c.id for c in default_cards().cards)


@cache
def _index() -> dict[str, int]:
    return {cid: i for i, cid in enumerate(_ids())}


class Action(ActionValue):
    __slots__ = ()

    def __str__(self) -> str:
        k = self.kind
        if k in CARD_KINDS:
            text = f"{k} {_ids()[self.a]}"
            return text + " twice" if k == "activate" and self.b == 2 else text
        if k == "draw":
            return f"draw {DECK_CHOICES[self.a]}"
        if k == "take":
            return f"take {TAKE_GOODS[self.a]}"
        if k == "shrine":
            return f"shrine {SHRINE_GOODS[self.a]}"
        if k in ("player", "option"):
            return f"{k} {self.a}"
        return k


@cache
def card_actions(kind: str) -> tuple[Action, ...]:
    """``Action(kind, c)`` for every card ``c`` (prebuilt for the hot paths)."""
    return tuple(Action(kind, c) for c in range(len(_ids())))


PASS = Action("pass")
DONE = Action("done")
SKIP = Action("skip")
WORKERS = Action("workers")
DRAW = (Action("draw", 0), Action("draw", 1))
TAKE = {g: Action("take", i) for i, g in enumerate(TAKE_GOODS)}
_WORD_TABLES = {"draw": DECK_CHOICES, "take": TAKE_GOODS, "shrine": SHRINE_GOODS}


def card_action(kind: str, card: int, times: int = 1) -> Action:
    return Action(kind, card, 2 if times == 2 else -1)


def parse(text: str) -> Action:
    """Parse an action's string form; raises IllegalActionError naming what is wrong."""
    kind, args = split_words(text)
    if kind in SIMPLE:
        if args:
            raise IllegalActionError(f"{kind!r} takes no argument: {quote(text)}")
        return Action(kind)
    if kind in _WORD_TABLES:
        table = _WORD_TABLES[kind]
        if len(args) != 1 or args[0] not in table:
            raise IllegalActionError(f"{kind!r} takes one of {', '.join(table)}: {quote(text)}")
        return Action(kind, table.index(args[0]))
    if kind in ("player", "option"):
        return Action(kind, number_arg(kind, args, text))
    if kind in CARD_KINDS:
        twice = kind == "activate" and len(args) == 2 and args[1] == "twice"
        if len(args) != 1 + twice:
            raise IllegalActionError(f"{kind!r} takes a card id: {quote(text)}")
        idx = _index().get(args[0])
        if idx is None:
            raise IllegalActionError(f"unknown card {quote(args[0])} in {quote(text)}")
        return Action(kind, idx, 2 if twice else -1)
    raise IllegalActionError(f"unknown action kind {quote(kind)} in {quote(text)}")


@cache
def action_table(num_players: int) -> tuple[Action, ...]:
    """All actions of the fixed action space for ``num_players``, in code order."""
    n_cards = len(_ids())
    table: list[Action] = [Action(k) for k in SIMPLE]
    table += list(DRAW)
    table += [Action("take", i) for i in range(len(TAKE_GOODS))]
    table += [Action("shrine", i) for i in range(len(SHRINE_GOODS))]
    table += [Action("player", p) for p in range(max(num_players, 1))]
    table += [Action("option", i) for i in range(MAX_OPTION)]
    for kind in CARD_KINDS:
        table += [Action(kind, c) for c in range(n_cards)]
    table += [Action("activate", c, 2) for c in range(n_cards)]
    return tuple(table)


CODEC = ActionCodec(Action, parse, action_table)
action_space_size = CODEC.action_space_size
encode = CODEC.encode
decode = CODEC.decode
coerce = CODEC.coerce
