"""What a game shows on a terminal screen: the contract between the game packages and the UIs.

A game's adapter turns one seat's *observation* (never the raw state: only what that seat may
know) into :class:`ScreenPart` values, named and worded as printed on the components, and says
what the current decision is about (:class:`DecisionHelp`). The full-screen terminal UI and the
plain line mode (``empires.cli``) lay the parts out; nothing there knows a particular game.

Both take the viewer's language (``lang``: en, es, it, pt; :mod:`empires.i18n`): a game's screen
writes its own labels through the gettext catalogues (:func:`empires.i18n.translate`) and what
the engine says (messages, :mod:`empires.core.messages`) through :func:`empires.i18n.render`.

The defaults below (used by a game that has no screen of its own) show the observation as
indented text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty

from empires.i18n import DEFAULT, translate

# One mark per seat: a letter-like symbol paired with a colour, so that no player is told apart
# by colour alone. Seats count from 1 in everything shown to people.
SEAT_SYMBOLS = ("●", "■", "▲", "◆", "★", "✚")
SEAT_COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan")


@dataclass(frozen=True)
class ScreenPart:
    """One panel of a game's screen.

    ``key`` is stable ("board", "you", "players", "hand", ...) so a UI can remember which panels
    a player collapsed; ``title`` is what the panel is called on the components ("The New
    World", "Your Empire"); ``body`` is any rich renderable that reads well at any width from 40
    columns; ``own`` marks the viewer's own area (a UI shows it without scrolling where it can);
    ``lines`` is the body's height at 80 columns, a hint for layouts that must fit 24 rows.
    """

    key: str
    title: str
    body: RenderableType
    own: bool = False
    lines: int = 0


@dataclass(frozen=True)
class DecisionHelp:
    """The rules summary of the current decision and where the rulebook has it."""

    title: str  # "Place a worker", "Choose a card to build"
    summary: str  # a few sentences in the rulebook's terms
    section: str  # e.g. "Rulebook p. 9, 'Discovery'"


def seat_mark(seat: int) -> str:
    """``"●1"``: the symbol and number of a seat (counted from 1)."""
    return f"{SEAT_SYMBOLS[seat % len(SEAT_SYMBOLS)]}{seat + 1}"


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def focus(
    parts: list[ScreenPart], obs: dict, about: Mapping[str, tuple[str, ...]]
) -> list[ScreenPart]:
    """When the viewer decides, the panels the decision is about (``about``: decision kind ->
    panel keys; the panel keyed ``decision`` always) come first, marked ``own`` so that a UI
    shows them without scrolling, with the viewer's own panels."""
    d = obs.get("decision") or {}
    if obs.get("player") is None or d.get("player") != obs["player"]:
        return parts
    keys = {"decision", *about.get(d.get("kind", ""), ())}
    first = [replace(p, own=True) for p in parts if p.key in keys]
    return first + [p for p in parts if p.key not in keys]


def default_screen(observation: dict, lang: str = DEFAULT) -> list[ScreenPart]:
    """A game without a screen of its own: its observation, pretty-printed."""
    return [ScreenPart("state", translate("Game", lang), Pretty(observation, expand_all=False))]


def default_help(observation: dict, lang: str = DEFAULT) -> DecisionHelp:
    decision: Any = observation.get("decision") if isinstance(observation, dict) else None
    kind = decision.get("kind") if isinstance(decision, dict) else None
    title = str(kind) if kind else translate("Decision", lang)
    return DecisionHelp(title, translate("Choose one of the legal actions.", lang), "")


def localize_help(found: DecisionHelp, lang: str = DEFAULT) -> DecisionHelp:
    """A game's help (its English) in ``lang``, as the rules help's catalogue words it (each part
    stays English where the catalogue lacks it)."""
    if lang == DEFAULT:
        return found
    return DecisionHelp(
        translate(found.title, lang),
        translate(found.summary, lang),
        translate(found.section, lang),
    )
