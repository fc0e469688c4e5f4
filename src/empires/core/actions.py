"""The action codec every game shares: action values, reading numbers from action strings, and
the integer codes of a game's fixed action space.

An action is a small immutable value ``Action(kind, a, b)`` with integer arguments; each game
subclasses :class:`ActionValue` to give it its words (``__str__``, also its JSON form) and writes
its ``parse``. Each player count has one fixed action space, the game's ``action_table(n)``;
:class:`ActionCodec` maps actions to and from ``range(action_space_size(n))`` and reads an action
from a client value (an action, its string, its integer code).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from empires.core.errors import IllegalActionError

MAX_DIGITS = 6  # a number in an action string: ASCII digits only, at most this many


class ActionValue(NamedTuple):
    """``(kind, a, b)``; a game's ``Action`` subclasses it with ``__slots__ = ()`` and its own
    ``__str__``."""

    kind: str
    a: int = -1
    b: int = -1

    def to_json(self) -> str:
        return str(self)


def quote(value: object, limit: int = 60) -> str:
    """``repr`` of a client value for an error message, cut short when long."""
    try:
        text = repr(value)
    except ValueError:  # an integer too long to write out
        return "a value too long to show"
    return text if len(text) <= limit else text[:limit] + "..."


def number_arg(kind: str, args: list[str], text: str) -> int:
    """The one number argument of ``kind``: ASCII digits only (not '٣' or '²'), bounded."""
    digits = args[0] if len(args) == 1 else ""
    if not (digits.isascii() and digits.isdigit() and len(digits) <= MAX_DIGITS):
        raise IllegalActionError(
            f"{kind!r} takes a number (at most {MAX_DIGITS} digits 0-9): {quote(text)}"
        )
    return int(args[0])


def split_words(text: Any) -> tuple[str, list[str]]:
    """The kind and argument words of an action string; IllegalActionError if it is none."""
    if not isinstance(text, str):
        raise IllegalActionError(f"an action must be a string, got {type(text).__name__}")
    words = text.strip().lower().split()
    if not words:
        raise IllegalActionError("empty action")
    return words[0], words[1:]


class ActionCodec:
    """Integer codes and client values of one game's actions."""

    __slots__ = ("action_type", "parse", "action_table", "_codes")

    def __init__(
        self,
        action_type: type,
        parse: Callable[[str], Any],
        action_table: Callable[[int], tuple],
    ) -> None:
        self.action_type = action_type
        self.parse = parse
        self.action_table = action_table  # player count -> every action, in code order
        self._codes: dict[int, dict[Any, int]] = {}

    def codes(self, num_players: int) -> dict[Any, int]:
        table = self._codes.get(num_players)
        if table is None:
            table = {a: i for i, a in enumerate(self.action_table(num_players))}
            self._codes[num_players] = table
        return table

    def action_space_size(self, num_players: int, options: Any = None) -> int:
        return len(self.action_table(num_players))

    def encode(self, action: Any, num_players: int) -> int:
        try:
            return self.codes(num_players)[action]
        except KeyError:
            raise IllegalActionError(f"{action} is outside the action space") from None

    def decode(self, code: Any, num_players: int) -> Any:
        table = self.action_table(num_players)
        if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < len(table):
            raise IllegalActionError(f"action code {quote(code)} is outside 0..{len(table) - 1}")
        return table[code]

    def coerce(self, action: Any, num_players: int) -> Any:
        """Accept an action value, its string, or its integer code."""
        if isinstance(action, self.action_type):
            return self._in_space(action, num_players)
        if isinstance(action, str):
            return self.parse(action)
        if isinstance(action, int) and not isinstance(action, bool):
            return self.decode(action, num_players)
        if isinstance(action, (tuple, list)) and action and isinstance(action[0], str):
            try:
                return self._in_space(self.action_type(*action), num_players)
            except TypeError:
                pass
        raise IllegalActionError(f"cannot read an action from {quote(action)}")

    def _in_space(self, action: Any, num_players: int) -> Any:
        """An action value built by hand must be one of the action space (else its string, used
        in error messages, could not even be written)."""
        try:
            known = action in self.codes(num_players)
        except TypeError:  # unhashable arguments
            known = False
        if not known:
            raise IllegalActionError(f"{quote(tuple(action))} is not an action of this game")
        return action
