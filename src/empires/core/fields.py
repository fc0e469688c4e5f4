"""State fields declared once: each game's plain-data ``State`` lists its fields in one table,
which drives ``__init__`` (defaults), ``copy_into`` (how deep each is copied) and
``data_to_json`` / ``data_from_json`` (how each is written and read).

A field is plain data copied as-is (``VALUE``: ints, strings, immutable values), a list of plain
values (``FLAT``: copied one level deep), a list of lists (``NESTED``: two levels), or has its own
``copy`` function. A field is saved unless ``save=False``; its JSON codec defaults to the value
itself. A game's state subclasses :class:`PlainState`, names its table (:func:`fields`: one
keyword per field, in save order, with its default or its :func:`field` / :func:`flat` /
:func:`nested` declaration) as ``FIELDS`` and declares the same names, in the same order, as typed
attributes of its class body (what mypyc compiles to a native class; :func:`check_declared`
refuses a class whose attributes and table differ).
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

VALUE, FLAT, NESTED = "value", "flat", "nested"


def _same(value: Any) -> Any:
    return value


class Field:
    """One field of a state: its default, how it is copied, and its JSON codec."""

    name: str
    default: Any
    depth: str
    copy: Callable[[Any], Any] | None
    save: bool
    to_json: Callable[[Any], Any]
    from_json: Callable[[Any], Any]
    optional: bool

    def __init__(
        self,
        name: str,
        default: Any,
        depth: str = VALUE,
        *,
        copy: Callable[[Any], Any] | None = None,
        save: bool = True,
        to_json: Callable[[Any], Any] = _same,
        from_json: Callable[[Any], Any] = _same,
        optional: bool = False,
    ) -> None:
        if depth not in (VALUE, FLAT, NESTED):
            raise ValueError(f"field {name!r}: unknown copy depth {depth!r}")
        self.name = name
        self.default = default  # a value, or a callable making a fresh one
        self.depth = depth
        self.copy = copy  # a function for anything deeper than NESTED
        self.save = save
        self.to_json = to_json
        self.from_json = from_json
        self.optional = optional  # may be missing from older saves (then the default)

    def fresh(self) -> Any:
        return self.default() if callable(self.default) else _copy.copy(self.default)


class Fields:
    """The table of a state's fields, in save order. Reads and writes fields by attribute, so
    that a compiled (native, ``__dict__``-less) state works as well as a Python one; a Python
    one is copied through its ``__dict__`` (quicker)."""

    fields: tuple[Field, ...]
    values: tuple[str, ...]
    flat: tuple[str, ...]
    nested: tuple[str, ...]
    custom: tuple[tuple[str, Callable[[Any], Any]], ...]

    def __init__(self, fields: Iterable[Field]) -> None:
        self.fields = tuple(fields)
        names = [f.name for f in self.fields]
        if len(names) != len(set(names)):
            raise ValueError("a state field is declared twice")
        plain = [f for f in self.fields if f.copy is None]
        self.values = tuple(f.name for f in plain if f.depth == VALUE)
        self.flat = tuple(f.name for f in plain if f.depth == FLAT)
        self.nested = tuple(f.name for f in plain if f.depth == NESTED)
        self.custom = tuple((f.name, f.copy) for f in self.fields if f.copy is not None)

    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)

    def init(self, obj: Any) -> None:
        """Set every field of ``obj`` to its default."""
        for f in self.fields:
            setattr(obj, f.name, f.fresh())

    def copy_into(self, src: Any, dst: Any) -> None:
        """Copy every field of ``src`` into ``dst``, each as deep as it is declared."""
        s = getattr(src, "__dict__", None)
        if s is not None:
            self._copy_dict(s, dst.__dict__)
        else:
            self.copy_attributes(src, dst)

    def copy_attributes(self, src: Any, dst: Any) -> None:
        """:meth:`copy_into` field by field through attributes (a compiled state's way)."""
        for name in self.values:
            setattr(dst, name, getattr(src, name))
        for name in self.flat:
            setattr(dst, name, getattr(src, name)[:])
        for name in self.nested:
            setattr(dst, name, [x[:] for x in getattr(src, name)])
        for name, copier in self.custom:
            setattr(dst, name, copier(getattr(src, name)))

    def _copy_dict(self, s: dict[str, Any], d: dict[str, Any]) -> None:
        for name in self.values:
            d[name] = s[name]
        for name in self.flat:
            d[name] = s[name][:]
        for name in self.nested:
            d[name] = [x[:] for x in s[name]]
        for name, copier in self.custom:
            d[name] = copier(s[name])

    def to_json(self, obj: Any) -> dict:
        """The saved fields of ``obj`` as JSON data that shares no list or dict with ``obj`` (a
        save keeps what it held however the game goes on; changing it changes no game)."""
        return {f.name: fresh(f.to_json(getattr(obj, f.name))) for f in self.fields if f.save}

    def from_json(self, obj: Any, data: dict) -> None:
        """Read every saved field of ``obj`` from ``data`` (KeyError naming a missing one)."""
        for f in self.fields:
            if not f.save:
                continue
            if f.name in data:
                setattr(obj, f.name, f.from_json(data[f.name]))
            elif f.optional:
                setattr(obj, f.name, f.fresh())
            else:
                raise KeyError(f.name)


_CONTAINERS = (list, dict, tuple)


def fresh(value: Any) -> Any:
    """A copy of JSON data ``value`` with new lists and dicts all the way down (a tuple becomes a
    list, as JSON has it; the scalars, which nothing can change, are shared). Quicker than
    ``copy.deepcopy`` or a JSON round trip: a scalar in a list costs no call."""
    if type(value) is list or type(value) is tuple:
        return [fresh(x) if type(x) in _CONTAINERS else x for x in value]
    if type(value) is dict:
        return {k: fresh(x) if type(x) in _CONTAINERS else x for k, x in value.items()}
    return value


def fields(**declared: Any) -> Fields:
    """A state's table, one keyword per field in save order: a plain (immutable) default, or a
    :func:`field` / :func:`flat` / :func:`nested` declaration. A mutable default is refused."""
    table = []
    for name, value in declared.items():
        if isinstance(value, Field):
            value.name = name
            table.append(value)
        elif isinstance(value, (list, dict, set)):
            raise TypeError(f"field {name!r}: a mutable default needs field()")
        else:
            table.append(Field(name, value))
    return Fields(table)


def field(default: Any = None, depth: str = VALUE, **kwargs: Any) -> Any:
    """A field's declaration in a :func:`fields` table, for when a plain default does not say it
    all: ``money=field([], FLAT)`` (see :class:`Field`)."""
    return Field("", default, depth, **kwargs)


def flat(**kwargs: Any) -> Any:
    """A list of plain values, empty by default, copied one level deep."""
    return Field("", list, FLAT, **kwargs)


def nested(**kwargs: Any) -> Any:
    """A list of lists, empty by default, copied two levels deep."""
    return Field("", list, NESTED, **kwargs)


def declared_attributes(cls: type) -> tuple[str, ...]:
    """The instance attributes ``cls``'s body declares, in order: mypyc's list for a compiled
    class (which keeps no annotations), else the annotated names that are not class constants
    (upper case) or private."""
    compiled = cls.__dict__.get("__mypyc_attrs__")
    names = compiled if compiled is not None else cls.__dict__.get("__annotations__", {})
    return tuple(n for n in names if not (n.isupper() or n.startswith("_")))


def check_declared(cls: Any) -> None:
    """TypeError unless ``cls`` declares exactly the fields of its ``FIELDS`` table, in order."""
    table, attrs = cls.FIELDS.names(), declared_attributes(cls)
    if table != attrs:
        missing = [n for n in table if n not in attrs]
        extra = [n for n in attrs if n not in table]
        raise TypeError(
            f"{cls.__name__}: its attributes and its FIELDS table differ (not declared: "
            f"{missing}; not in the table: {extra}; or not in the same order)"
        )


class PlainState:
    """Base of a game's plain-data state. Its ``FIELDS`` table (:func:`fields`) drives
    ``__init__``, :meth:`copy_into` and :meth:`data_to_json` / :meth:`data_from_json` (the save
    format: one key per saved field); its class body declares the same fields as typed
    attributes (:func:`check_declared`)."""

    FIELDS: ClassVar[Fields]

    def __init__(self) -> None:
        self.FIELDS.init(self)

    def copy_into(self, other: Any) -> None:
        self.FIELDS.copy_into(self, other)

    def data_to_json(self) -> dict:
        return self.FIELDS.to_json(self)

    def data_from_json(self, data: dict) -> None:
        self.FIELDS.from_json(self, data)
        self._check_shape()

    def _check_shape(self) -> None:
        """ValueError when data read from a save is not the shape of a game (hook)."""


def _copy_pending(pending: list[dict]) -> list[dict]:
    return [dict(x) for x in pending]


def options_field(options_type: Any) -> Any:
    """The game's frozen Options, saved as their JSON."""
    return Field("", options_type, to_json=options_type.to_json, from_json=options_type.from_json)


def rng_field() -> Any:
    """The state's own generator (:class:`~empires.core.rng.Rng`), saved as its integer state."""
    from empires.core.rng import Rng

    return Field("", lambda: Rng(0), copy=Rng.copy, to_json=_rng_state, from_json=_rng_from_json)


def actions_field(parse: Callable[[str], Any]) -> Any:
    """The actions played, saved as their strings and read back with ``parse``."""
    return Field(
        "",
        list,
        FLAT,
        to_json=lambda acts: [str(a) for a in acts],
        from_json=lambda acts: [parse(a) for a in acts],
    )


def pending_field() -> Any:
    """The decision stack (:mod:`empires.core.decisions`): dicts, each copied."""
    return Field("", list, copy=_copy_pending, from_json=_copy_pending)


def events_field() -> Any:
    """The event log (:mod:`empires.core.events`); a save from before it had one has none."""
    return Field("", list, FLAT, from_json=list, optional=True)


def _rng_state(rng: Any) -> int:
    return rng.state


def _rng_from_json(value: Any) -> Any:
    from empires.core.rng import Rng

    return Rng(int(value))
