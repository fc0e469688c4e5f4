"""The full-screen app's dialogs: the decision's help, the event log, saving, leaving, the end."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, RichLog, Static

from empires.core.screen import DecisionHelp

KEYS_HELP = """\
Keys: ↑/↓ choose · Enter play it · a number then Enter · letters filter the choices
Esc clear the filter · F1 or ? this help · Ctrl-Z undo · Ctrl-S save · Ctrl-L the log
PgUp/PgDn scroll the board, Shift+PgUp/PgDn the story · Tab reaches the board's panels
(Enter or a click folds one) · Ctrl-C, Ctrl-D or q quit (asking first if moves are unsaved)
You may also type a command and Enter: help, undo, log, save FILE, quit."""


class Dialog(ModalScreen):
    """A box in the middle of the screen; Escape closes it."""

    BINDINGS = [Binding("escape", "close", "Close")]
    DEFAULT_CSS = """
    Dialog { align: center middle; }
    Dialog > Vertical {
        width: 76; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    Dialog VerticalScroll { height: auto; max-height: 18; }
    Dialog .hint { color: $text-muted; }
    """

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(Dialog):
    def __init__(self, helped: DecisionHelp) -> None:
        super().__init__()
        self.helped = helped

    def compose(self) -> ComposeResult:
        h = self.helped
        title = Text(h.title, style="bold")
        if h.section:
            title.append(f"  ({h.section})", style="italic")
        with Vertical():
            with VerticalScroll():
                yield Static(Group(title, Text(h.summary), Text(""), Text(KEYS_HELP)), id="help")
            yield Static("Esc: back to the game", classes="hint")

    def on_key(self, event) -> None:
        if event.key not in {"up", "down", "pageup", "pagedown"}:
            self.dismiss(None)


class LogScreen(Dialog):
    """The whole event log as the viewer may read it (filled by the app)."""

    BINDINGS = [Binding("escape,q", "close", "Close")]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield RichLog(wrap=True, min_width=20, id="full-log")
            yield Static("Esc: back to the game", classes="hint")

    DEFAULT_CSS = "LogScreen RichLog { height: 18; }"


class ConfirmQuit(Dialog):
    """ "Abandon this game?": y leaves, n / Esc goes on, s saves first."""

    BINDINGS = [
        Binding("y", "answer(True)", "Leave"),
        Binding("n,escape", "answer(False)", "Go on playing"),
        Binding("s", "save", "Save first"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                Text(
                    "This game has moves that are not saved.\nAbandon it? "
                    "y: leave without saving · s: save first · n: go on playing"
                ),
                id="confirm",
            )

    def action_answer(self, leave: bool) -> None:
        self.dismiss(leave)

    def action_save(self) -> None:
        self.dismiss("save")


class SavePrompt(Dialog):
    """The file name to save to (Enter saves, Esc cancels)."""

    def __init__(self, default: str) -> None:
        super().__init__()
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Save the game (every seat is kept) to the file:")
            yield Input(value=self.default, id="save-path")
            yield Static("Enter: save · Esc: cancel", classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)


class EndScreen(Dialog):
    """The final scores with their breakdown, who won and why."""

    BINDINGS = [
        Binding("escape", "close", "See the board"),
        Binding("q,ctrl+c,ctrl+d,ctrl+q", "leave", "Leave", priority=True),
        Binding("ctrl+s", "save", "Save", priority=True),
    ]

    def __init__(self, outcome: list[str], scores: RenderableType, places: list[str]) -> None:
        super().__init__()
        self.outcome = outcome
        self.scores = scores
        self.places = places

    def compose(self) -> ComposeResult:
        lines = [Text(line, style="bold" if i == 0 else "") for i, line in enumerate(self.outcome)]
        places = [Text(line) for line in self.places]
        with Vertical():
            with VerticalScroll():
                yield Static(Group(*lines, self.scores, *places), id="end")
            yield Static(
                "Ctrl-S: save (for empires replay) · Esc: the board · q: leave", classes="hint"
            )

    def action_leave(self) -> None:
        self.dismiss("leave")

    def action_save(self) -> None:
        self.dismiss("save")
