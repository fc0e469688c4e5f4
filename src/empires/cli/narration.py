"""Telling the engine's event log in the terminal.

Engines keep an event log (empires.core.events): what every action did and how the rules
resolved it, told to each seat as that seat may know it. The terminal prints it compactly,
grouped under a turn/phase heading whenever that changes; "action" events (the imperative text
of a player's choice) are prefixed with who chose, the resolutions that follow are indented.
The words are in the narrator's ``lang`` (English by default): the engine tells its events in that
language (``state.events(viewer, since, lang=...)``: each event's message rendered there), the
headings' words are catalogue entries (:func:`empires.i18n.translate`).
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from empires import i18n

EVENT_STYLES = {"final_scoring": "bold", "game_over": "bold"}


def has_events(state) -> bool:
    """Whether the engine keeps an event log (a game without one is narrated action by action)."""
    return callable(getattr(state, "events", None))


def turn_word_of(state, viewer: int | None) -> str:
    """What the game calls a turn in headings ("Round" in a game that counts rounds), from what
    ``viewer`` sees."""
    try:
        obs = state.observation(viewer)
    except Exception:
        return "Turn"
    return "Round" if "round" in obs and "turn" not in obs else "Turn"


def _actor(event: dict, you: int | None, lang: str = i18n.DEFAULT) -> str:
    p = event.get("player")
    if not isinstance(p, int) or isinstance(p, bool):
        return ""
    who = i18n.seat_label(p, lang) if p >= 0 else i18n.translate("The virtual player", lang)
    return who + (f" ({i18n.translate('you', lang)})" if p == you else "")


def phase_words(state, phase: Any, lang: str) -> str:
    """A phase's name (an event's ``phase``: a catalogue word such as "Phase 3: Income", or a
    message) in ``lang``."""
    if isinstance(phase, dict):
        render = getattr(state, "render", None)
        return render(phase, lang) if render is not None else i18n.render(phase, lang)
    return i18n.translate(str(phase), lang)


def told(state, viewer: int | None, since: int = 0, lang: str = i18n.DEFAULT) -> list[dict]:
    """The events ``viewer`` may read from ``since`` on, each with its ``text`` in ``lang``
    (the engine renders its messages there; a game whose ``events`` takes no language is asked
    for its own words)."""
    if lang == i18n.DEFAULT:
        return state.events(viewer, since)
    return state.events(viewer, since, lang=lang)


class Narrator:
    """Prints the events one viewer (a seat, None: a spectator) may read, each once: every call of
    :meth:`flush` prints those logged since the previous one."""

    lang = i18n.DEFAULT  # the language the events are told in (set by the terminal's session)

    def __init__(
        self,
        console: Console,
        viewer: int | None,
        turn_word: str = "Turn",
        you: int | None = None,
        recap: bool = False,
    ) -> None:
        self.console = console
        self.recap = recap  # every flush starts with its heading (the board came in between)
        self.viewer = viewer
        self.turn_word = turn_word
        self.you = viewer if you is None else you
        self.since = 0  # the seq of the next event to print
        self.number_width = 1  # a replay's step numbers are this wide
        self.heading: tuple | None = None
        self.last: list[dict] = []  # what the latest flush printed
        self.state: Any = None  # the game told (for a phase given as a message)

    def pending(self, state) -> list[dict]:
        self.state = state
        return told(state, self.viewer, self.since, self.lang)

    def flush(self, state, number: int | None = None) -> list[dict]:
        """Print the new events; ``number``: show the first action event as that numbered step
        (a replay) instead of with a bullet."""
        events = self.pending(state)
        if events:
            self.since = events[-1]["seq"] + 1
            if self.recap:
                self.heading = None
            self.print(events, number)
        self.last = events
        return events

    def skip(self, state) -> None:
        """Mark every event logged so far as already told."""
        events = self.pending(state)
        if events:
            self.since = events[-1]["seq"] + 1

    def print(self, events: list[dict], number: int | None = None) -> None:
        grid = None
        for event in events:
            key = (event.get("turn"), event.get("phase"))
            if grid is None or key != self.heading:
                if grid is not None:
                    self.console.print(grid)
                if key != self.heading:
                    self._heading(key)
                grid = _event_grid(self.number_width + 1)
            marker, text = self._line(event, number)
            if event.get("kind") == "action":
                number = None  # only the first action event is the numbered step
            grid.add_row(marker, text)
        if grid is not None:
            self.console.print(grid)

    def _heading(self, key: tuple) -> None:
        self.heading = key
        self.console.rule(Text(self.title_of(key), style="bold"), align="left", style="dim")

    def title_of(self, key: tuple) -> str:
        """The heading of a (turn, phase) group of events in the narrator's language."""
        turn, phase = key
        word = i18n.translate(self.turn_word, self.lang)
        if phase:
            phase = phase_words(self.state, phase, self.lang)
        title = " · ".join(
            str(x) for x in (f"{word} {turn}" if turn is not None else None, phase) if x
        )
        return title or i18n.translate("Events", self.lang)

    def _line(self, event: dict, number: int | None) -> tuple[Text, Text]:
        text = str(event.get("text", ""))
        if event.get("kind") == "action":
            mine = event.get("player") == self.you and self.you is not None
            who = _actor(event, self.you, self.lang)
            line = Text(f"{who}: ", style="bold green" if mine else "bold")
            line.append(text, style="green" if mine else None)
            return Text(f"{number}." if number is not None else "•"), line
        return Text("›", style="dim"), Text(
            text, style=EVENT_STYLES.get(str(event.get("kind")), "")
        )


def _event_grid(marker_width: int) -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", no_wrap=True, min_width=marker_width)
    grid.add_column(overflow="fold")
    return grid
