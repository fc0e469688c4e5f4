"""The full-screen app's dialogs: the decision's help, the event log, saving, leaving, the end;
each in the session's language (``lang``), its key bar too (:func:`localize_bindings`)."""

from __future__ import annotations

import dataclasses

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from empires.cli.tui.widgets import StoryLog
from empires.core.screen import DecisionHelp
from empires.i18n import DEFAULT, N_, translate

KEYS_HELP = N_(
    "Keys: ↑/↓ choose · Enter play it · a number then Enter · letters filter the choices\n"
    "Esc clear the filter · F1 or ? this help · Ctrl-Z undo · Ctrl-S save · Ctrl-L the log\n"
    "PgUp/PgDn scroll the board, Shift+PgUp/PgDn the story · Tab reaches the board's panels\n"
    "(Enter or a click folds one) · Ctrl-C, Ctrl-D or q quit (asking first if moves are unsaved)\n"
    "You may also type a command and Enter: help, undo, log, save FILE, quit."
)
BACK = N_("Esc: back to the game")


def localize_bindings(node: DOMNode, lang: str) -> None:
    """The descriptions of ``node``'s key bindings (what the key bar shows, marked with N_
    where they are written) in ``lang``. Textual keeps an instance's bindings in a copy of its
    class's, so one app's language never changes another's."""
    if lang == DEFAULT:
        return
    keys = node._bindings.key_to_bindings
    for key, bindings in keys.items():
        keys[key] = [
            dataclasses.replace(b, description=translate(b.description, lang))
            if b.description
            else b
            for b in bindings
        ]


class Dialog(ModalScreen):
    """A box in the middle of the screen; Escape closes it. ``lang``: the language of its
    words."""

    BINDINGS = [Binding("escape", "close", N_("Close"))]
    DEFAULT_CSS = """
    Dialog { align: center middle; }
    Dialog > Vertical {
        width: 76; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    Dialog VerticalScroll { height: auto; max-height: 18; }
    Dialog .hint { color: $text-muted; }
    """

    def __init__(self, lang: str = DEFAULT) -> None:
        super().__init__()
        self.lang = lang
        localize_bindings(self, lang)

    def tr(self, text: str) -> str:
        return translate(text, self.lang)

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(Dialog):
    def __init__(self, helped: DecisionHelp, lang: str = DEFAULT) -> None:
        super().__init__(lang)
        self.helped = helped

    def compose(self) -> ComposeResult:
        h = self.helped
        title = Text(h.title, style="bold")
        if h.section:
            title.append(f"  ({h.section})", style="italic")
        with Vertical():
            with VerticalScroll():
                keys = Text(self.tr(KEYS_HELP))
                yield Static(Group(title, Text(h.summary), Text(""), keys), id="help")
            yield Static(self.tr(BACK), classes="hint")

    def on_key(self, event) -> None:
        if event.key not in {"up", "down", "pageup", "pagedown"}:
            self.dismiss(None)


class LogScreen(Dialog):
    """The whole event log as the viewer may read it (filled by the app)."""

    BINDINGS = [Binding("escape,q", "close", N_("Close"))]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield StoryLog(min_width=1, id="full-log")
            yield Static(self.tr(BACK), classes="hint")

    DEFAULT_CSS = "LogScreen RichLog { height: 18; }"


class ConfirmQuit(Dialog):
    """ "Abandon this game?": y leaves, n / Esc goes on, s saves first."""

    BINDINGS = [
        Binding("y", "answer(True)", N_("Leave")),
        Binding("n,escape", "answer(False)", N_("Go on playing")),
        Binding("s", "save", N_("Save first")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                Text(
                    translate(
                        "This game has moves that are not saved.\nAbandon it? "
                        "y: leave without saving · s: save first · n: go on playing",
                        self.lang,
                    )
                ),
                id="confirm",
            )

    def action_answer(self, leave: bool) -> None:
        self.dismiss(leave)

    def action_save(self) -> None:
        self.dismiss("save")


class ConfirmOverwrite(Dialog):
    """ "FILE already exists. Replace it?": y replaces it, n / Esc keeps it."""

    BINDINGS = [
        Binding("y", "answer(True)", N_("Replace it")),
        Binding("n,escape", "answer(False)", N_("Keep it")),
    ]

    def __init__(self, path: str, lang: str = DEFAULT) -> None:
        super().__init__(lang)
        self.path = path

    def compose(self) -> ComposeResult:
        asked = translate(
            "{path} already exists.\nReplace it? y: replace it · n: keep it",
            self.lang,
            path=self.path,
        )
        with Vertical():
            yield Static(Text(asked), id="confirm")

    def action_answer(self, replace: bool) -> None:
        self.dismiss(replace)


class SavePrompt(Dialog):
    """The file name to save to (Enter saves, Esc cancels)."""

    def __init__(self, default: str, lang: str = DEFAULT) -> None:
        super().__init__(lang)
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(translate("Save the game (every seat is kept) to the file:", self.lang))
            yield Input(value=self.default, id="save-path")
            yield Static(translate("Enter: save · Esc: cancel", self.lang), classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)


class EndScreen(Dialog):
    """The final scores with their breakdown, who won and why."""

    BINDINGS = [
        Binding("escape", "close", N_("See the board")),
        Binding("q,ctrl+c,ctrl+d,ctrl+q", "leave", N_("Leave"), priority=True),
        Binding("ctrl+s", "save", N_("Save"), priority=True),
    ]

    def __init__(
        self,
        outcome: list[str],
        scores: RenderableType,
        places: list[str],
        lang: str = DEFAULT,
    ) -> None:
        super().__init__(lang)
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
                translate(
                    "Ctrl-S: save (for empires replay) · Esc: the board · q: leave", self.lang
                ),
                classes="hint",
            )

    def action_leave(self) -> None:
        self.dismiss("leave")

    def action_save(self) -> None:
        self.dismiss("save")
