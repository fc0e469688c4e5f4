"""Messages as data: what an engine says (an event, an action's words, a prompt) as a message id
and its arguments, made into text only where a person reads it, in that person's language
(:func:`empires.i18n.render`).

A message is a small JSON-ready dict::

    {"msg": "{player} buys {building} for ${price}.", "args": {...}}
    {"msg": "{n} Merchant Ship", "plural": "{n} Merchant Ships", "args": {"n": 2}}

``msg`` is the message id: the English text with ``{name}`` placeholders, as gettext keys its
catalogues (``empires/locale/<lang>/LC_MESSAGES/*.po``). A message with ``plural`` is a plural
message (gettext's ``msgid_plural``): its form is chosen by the integer ``args["n"]`` with each
language's plural rule. ``ctx`` (optional) is gettext's ``msgctxt``.

An argument is one of:

- an ``int`` (or float): a number, written in the reader's way;
- a ``str``: a word or name as printed (a catalogue entry of its own: "Lookout", "Wood");
- ``{"seat": p}``: a seat (0-based; -1 the Imperial Settlers virtual player), named as the
  reader's table names it ("Player 2", "Jugador 2", or the player's own name on a server);
- ``{KIND: id}`` with KIND one of :data:`COMPONENTS`: a component by id ("card", "building",
  "region", ...), named by the game (its printed name) and then in the reader's language;
- ``{"list": [arg, ...], "style": "standard" | "or"}``: a list, joined as the language joins
  lists (Babel's list patterns: "A, B and C", "A, B y C");
- ``{"text": "..."}``: text shown as it is (never translated: a name a user gave a card);
- a message (a dict with ``msg``): a clause, rendered in the same language.

The engines build these with the helpers below; building one is a few small dicts, cheaper
than formatting the text, and the same data reaches every reader in every language.
"""

from __future__ import annotations

from typing import Any

Msg = dict[str, Any]

# The kinds of component an argument may name by id (see the game's component_name).
COMPONENTS = frozenset(
    {"card", "building", "region", "good", "worker", "nation", "counter", "box", "deck", "term"}
)


# (The positional-only parameters have names no argument takes: mypyc's compiled build binds a
# keyword argument of the same name as a positional-only parameter to that parameter.)
def msg(msg_id_: str, /, **args: Any) -> Msg:
    """A message: ``msg_id_`` (the English with ``{placeholders}``, the catalogue's id) and its
    arguments."""
    return {"msg": msg_id_, "args": args}


def plural(one_: str, many_: str, count_: int, /, **args: Any) -> Msg:
    """A plural message: ``one_`` or ``many_`` (in English) by ``count_``, each language
    choosing its own form; the count is also the ``{n}`` argument."""
    return {"msg": one_, "plural": many_, "args": {"n": count_, **args}}


def in_context(context_: str, msg_id_: str, /, **args: Any) -> Msg:
    """A message said of ``context`` (gettext's msgctxt: Italian "none" of Trade Goods is
    "nessuna", of buildings "nessuno")."""
    return {"msg": msg_id_, "ctx": context_, "args": args}


def seat(p: int) -> dict[str, int]:
    """A seat as an argument (0-based; -1: the virtual player)."""
    return {"seat": p}


def part(kind: str, ident: Any) -> dict[str, Any]:
    """A component by id as an argument (``kind`` in :data:`COMPONENTS`)."""
    return {kind: ident}


def items(values: list, style: str = "standard") -> dict[str, Any]:
    """A list as an argument, joined as the reader's language joins lists ("or": alternatives)."""
    return {"list": list(values), "style": style}


def verbatim(text: str) -> dict[str, str]:
    """Text shown as it is, in every language (a user's own words)."""
    return {"text": text}


# The keys of a message, as an event, a choice or a log entry carries them beside its other fields.
MESSAGE_KEYS = ("msg", "plural", "ctx", "args")


def message_in(item: dict) -> Msg:
    """The message ``item`` (an event, a choice, a log entry) carries: its message keys."""
    return {k: item[k] for k in MESSAGE_KEYS if k in item}


def is_msg(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("msg"), str)
