"""The full-screen terminal game (Textual), for any game behind an adapter.

The screen, laid out for 80x24 and redrawn in place:

* a status line: the game, every seat with its mark (a symbol and number, in its colour) and
  who is to play;
* the game's screen parts (:mod:`empires.core.screen`), the viewer's own part first, each a
  panel that folds, in a scrolling column; next to it the narration of what happened since
  your previous decision (the engine's events, as :mod:`empires.cli.narration` tells them);
* the decision: its title, the numbered choices (arrows, a number, mouse, or letters to filter
  them) and a line to type into.

Bots' moves play out one by one with the narration updating; a game with no human seat is
watched as a spectator. Dialogs (:mod:`.screens`) show the decision's help, the whole log,
saving, leaving and the end.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Iterable
from typing import Any

from rich import box
from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.theme import ThemeProvider
from textual.widgets import Collapsible, Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from empires import i18n
from empires.cli.coach_text import NOT_PRACTICE, hint_lines
from empires.cli.narration import Narrator, has_events, turn_word_of
from empires.cli.render import ranking_lines, scores_table
from empires.cli.tui import screens
from empires.cli.tui.plain import resume
from empires.cli.tui.session import Session
from empires.cli.tui.widgets import FilterInput, StoryLog
from empires.core.messages import plural
from empires.core.screen import seat_colour, seat_mark
from empires.i18n import N_, translate

COMMANDS = {"help", "undo", "log", "save", "quit", "exit", "cancel", "hint"}
TEXTUAL_WORDS = (N_("palette"),)  # the key bar's word for Textual's own command palette key


class LogConsole:
    """What :class:`Narrator` prints to, written into a :class:`RichLog` instead."""

    def __init__(self, log: RichLog) -> None:
        self.log = log

    def print(self, renderable: Any = "", *args: Any, **kwargs: Any) -> None:
        self.log.write(renderable)

    def rule(self, title: Any = "", align: str = "left", style: str = "") -> None:
        """A heading that wraps rather than being cut short in a narrow panel."""
        line = Text("── ", style="dim")
        line.append(title if isinstance(title, Text) else Text(str(title), style="bold"))
        self.log.write(line)


class MarkedNarrator(Narrator):
    """The narration with each player's mark (symbol, number, colour) before their actions."""

    def _line(self, event: dict, number: int | None) -> tuple[Text, Text]:
        marker, text = super()._line(event, number)
        p = event.get("player")
        if event.get("kind") == "action" and isinstance(p, int) and not isinstance(p, bool):
            if p >= 0:
                marker = Text(seat_mark(p), style=f"bold {seat_colour(p)}")
                mine = p == self.you
                who, _, said = text.plain.partition(": ")
                text = Text()  # (a style given to Text() would colour the whole line)
                text.append(f"{who}: ", style=f"bold {seat_colour(p)}")
                text.append(said, style="green" if mine else "")
        return marker, text


def seats_line(session: Session) -> Text:
    """``Empires: Age of Discovery · ●1 to play   ●1 you ■2 random …``, in the session's
    language. Who is to play comes before the seats: with four or more seats, or longer words,
    the line is wider than 80 columns, and it is the list of seats that is cut."""
    line = Text(session.title(), style="bold")
    if session.over():
        line.append("  · " + translate("game over", session.lang), style="bold")
    elif 0 <= session.to_act() < len(session.labels):
        to_play = translate("{mark} to play", session.lang, mark=seat_mark(session.to_act()))
        line.append(f"  · {to_play}", style="bold")
    line.append(" ")
    for i, label in enumerate(session.labels):
        who = label.partition(" ")[2].strip("()")
        line.append("  ")
        line.append(seat_mark(i), style=f"bold {seat_colour(i)}")
        line.append(f" {who}")
    return line


class GameApp(App):
    """One game of ``empires play`` on the full screen."""

    TITLE = "empires"
    CSS = """
    #status { height: 1; background: $boost; padding: 0 1; }
    #main { height: 1fr; }
    #parts { width: 56%; min-width: 32; scrollbar-size-vertical: 1; }
    #parts CollapsibleTitle { text-style: bold; color: $accent; }
    #parts Collapsible { padding: 0; margin: 0; border-top: none; }
    #parts CollapsibleTitle { padding: 0 1; }
    #parts Contents { padding: 0 0 0 1; }
    #news {
        width: 1fr; border-left: solid $primary; padding: 0 0 0 1;
        scrollbar-size-vertical: 1; scrollbar-gutter: stable;
    }
    #decision { height: 1; background: $boost; padding: 0 1; }
    #choices { height: auto; max-height: 7; border: none; padding: 0; scrollbar-size-vertical: 1; }
    #filter { height: 1; border: none; padding: 0 1; }
    """
    BINDINGS = [
        Binding("ctrl+c,ctrl+q,ctrl+d", "quit_game", N_("Quit"), priority=True),
        Binding("f1", "help", N_("Help")),
        Binding("ctrl+z", "undo", N_("Undo"), priority=True),
        Binding("ctrl+s", "save", N_("Save"), priority=True),
        Binding("ctrl+l", "log", N_("Log"), priority=True),
        Binding("f2", "hint", N_("Hint")),
        Binding("up", "cursor(-1)", show=False),
        Binding("down", "cursor(1)", show=False),
        Binding("escape", "clear_filter", show=False),
        Binding("pageup", "scroll_parts(-1)", show=False),
        Binding("pagedown", "scroll_parts(1)", show=False),
        Binding("shift+pageup", "scroll_news(-1)", show=False),
        Binding("shift+pagedown", "scroll_news(1)", show=False),
    ]

    def __init__(self, session: Session, bot_delay: float = 0.15) -> None:
        super().__init__()
        self.session = session
        screens.localize_bindings(self, session.lang)  # the key bar in the session's language
        self.bot_delay = bot_delay
        self.folded: dict[str, bool] = {}  # panel key -> folded by the player
        self.choices: list[tuple[Any, str]] = []
        self.shown: list[int] = []  # indexes of self.choices in the (filtered) list
        self.narrators: dict[int | None, Narrator] = {}  # each human's story (None: spectator)
        self.news_seat: int | None = None  # whose story the news panel tells
        self.panels: list[tuple[str, Collapsible, Static]] = []  # the parts shown, by key
        self.busy = False
        self.typed_ahead: deque[tuple[str, str | int]] = deque()  # lines and arrows typed ahead
        self.result = ""  # what to print on leaving ("Game abandoned.", "Saved to ...")

    # ---- layout -----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            yield VerticalScroll(id="parts")
            yield StoryLog(id="news", min_width=1)
        yield Static(id="decision")
        yield OptionList(id="choices")
        yield FilterInput(
            placeholder=translate(
                "type to filter · a number · help, undo, save FILE, log, quit", self.session.lang
            ),
            id="filter",
        )
        yield Footer()

    def on_mount(self) -> None:
        session = self.session
        news = self.query_one("#news", RichLog)
        state = session.state
        if has_events(state):  # each human hears the story as that seat; no human: a spectator
            listeners: list[int | None] = [*session.humans] or [None]
            for seat in listeners:
                narrator = MarkedNarrator(
                    LogConsole(news),  # type: ignore[arg-type]
                    seat,
                    turn_word_of(state, seat),
                )
                narrator.lang = session.lang  # the session's language (--lang, the locale)
                resume(narrator, state)
                self.narrators[seat] = narrator
            self.news_seat = session.screen_seat()
        for line in session.notes():
            news.write(Text(line, style="yellow"))
        self.query_one("#filter", Input).focus()
        self.refresh_screen()
        self.advance()

    @property
    def narrator(self) -> Narrator | None:
        """The story of the seat at the screen."""
        return self.narrators.get(self.session.screen_seat())

    # ---- drawing ----------------------------------------------------------------------------
    def refresh_screen(self) -> None:
        """Redraw the status line, the game's parts, the news and the decision. When another
        human sits at the screen (several humans take turns), the news panel tells their story
        since their own previous decision."""
        session = self.session
        self.query_one("#status", Static).update(seats_line(session))
        self.draw_parts()
        seat = session.screen_seat()
        if seat != self.news_seat:
            self.news_seat = seat
            self.query_one("#news", RichLog).clear()
            if self.narrator is not None:
                self.narrator.heading = None
        if self.narrator is not None:
            self.narrator.flush(session.state)
        self.draw_decision()

    def draw_parts(self) -> None:
        """The game's parts as folding panels, updated in place: a part already shown keeps
        its panel (its title and body swapped for the new ones at once), a new part's panel
        is mounted in its place and a part no longer shown is removed, so the column is never
        blank between two turns."""
        box = self.query_one("#parts", VerticalScroll)
        parts = self.session.parts()
        shown = {key: (panel, body) for key, panel, body in self.panels}
        keys = {part.key for part in parts}
        panels: list[tuple[str, Collapsible, Static]] = []
        for part in parts:
            if part.key in shown:
                panel, body = shown[part.key]
                panel.title = part.title
                body.update(part.body)
            else:
                body = Static(part.body)
                folded = self.folded.get(part.key, False)
                panel = Collapsible(body, title=part.title, collapsed=folded, name=part.key)
            panels.append((part.key, panel, body))
        for key, panel, _ in self.panels:
            if key not in keys:
                panel.remove()
        previous: Collapsible | None = None
        for key, panel, _ in panels:  # in the parts' order, after the panel before it
            if key not in shown:
                if previous is not None:
                    box.mount(panel, after=previous)
                elif box.children:
                    box.mount(panel, before=box.children[0])
                else:
                    box.mount(panel)
            elif previous is not None and box.children.index(panel) < box.children.index(previous):
                box.move_child(panel, after=previous)
            elif previous is None and box.children[0] is not panel:
                box.move_child(panel, before=box.children[0])
            previous = panel
        self.panels = panels

    def on_collapsible_collapsed(self, event: Collapsible.Collapsed) -> None:
        self.folded[event.collapsible.name or ""] = True

    def on_collapsible_expanded(self, event: Collapsible.Expanded) -> None:
        self.folded[event.collapsible.name or ""] = False

    def draw_decision(self) -> None:
        session = self.session
        lang = session.lang
        line = self.query_one("#decision", Static)
        options = self.query_one("#choices", OptionList)
        if session.over():
            self.choices = []
            over = translate("Game over · e: the results · Ctrl-S: save · q: leave", lang)
            line.update(Text(over, style="bold"))
        elif session.human_to_act():
            self.choices = session.choices()
            text = Text(f"{session.labels[session.to_act()]}: ", style="bold")
            text.append(session.decision_title(), style="bold")
            if session.undoable():
                text.append(" · " + translate("Ctrl-Z undo", lang), style="yellow")
            count = len(self.choices)
            choices = i18n.render(plural("{n} choice", "{n} choices", count), lang)
            text.append(" · " + choices, style="dim")
            line.update(text)
        else:
            self.choices = []
            seat = session.to_act()
            who = session.labels[seat] if 0 <= seat < len(session.labels) else "?"
            line.update(Text(translate("{who} is playing…", lang, who=who), style="italic"))
        options.clear_options()
        self.shown = []
        self.filter_choices(self.query_one("#filter", Input).value)

    def filter_choices(self, typed: str) -> None:
        """Show the choices whose words hold every word typed (a number: highlight it)."""
        options = self.query_one("#choices", OptionList)
        words = typed.lower().split()
        number = typed.strip().isdigit()
        width = len(str(len(self.choices)))
        shown = [
            i
            for i, (_, text) in enumerate(self.choices)
            if number or _is_command(typed) or all(w in text.lower() for w in words)
        ]
        if shown != self.shown or options.option_count != len(shown):
            self.shown = shown
            options.clear_options()
            options.add_options(
                Option(Text(f"{i + 1:>{width}}. {self.choices[i][1]}"), id=str(i)) for i in shown
            )
        if self.shown:
            k = int(typed) - 1 if number else -1
            options.highlighted = self.shown.index(k) if k in self.shown else 0

    # ---- the player's input -----------------------------------------------------------------
    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "filter":
            return
        value = event.value
        if value in {"q", "?", "e"} and not self.busy:
            shortcut = {"q": self.action_quit_game, "?": self.action_help, "e": self.show_end}
            if value != "e" or self.session.over():
                event.input.value = ""
                shortcut[value]()
                return
        self.filter_choices(value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """A line typed (the line empties itself as it submits: see :class:`FilterInput`).
        Typed while the bots play, or ahead of other lines still waiting, it waits its turn:
        lines typed ahead are played in order, each at the decision it reaches."""
        if event.input.id != "filter":
            return
        if self.typed_ahead or self.waiting():
            self.typed_ahead.append(("line", event.value.strip()))
            self.play_typed_ahead()
        else:
            self.submit(event.value.strip())

    def on_filter_input_cursor(self, event: FilterInput.Cursor) -> None:
        if self.typed_ahead or self.waiting():
            self.typed_ahead.append(("cursor", event.step))
            self.play_typed_ahead()
        else:
            self.action_cursor(event.step)

    def waiting(self) -> bool:
        """Whether what the player types now must wait: the bots (or a hint) are busy, or a
        dialog is open."""
        busy = self.busy or not (self.session.over() or self.session.human_to_act())
        return busy or len(self.screen_stack) > 1

    def play_typed_ahead(self) -> None:
        """Play the lines and arrows typed ahead, in order, while nothing makes them wait; a
        line that opens a dialog drops what was typed after it."""
        while self.typed_ahead and not self.waiting():
            kind, typed = self.typed_ahead.popleft()
            if kind == "cursor":
                self.action_cursor(int(typed))
                continue
            self.submit(str(typed), ahead=True)
            if len(self.screen_stack) > 1:
                self.typed_ahead.clear()

    def submit(self, typed: str, ahead: bool = False) -> None:
        """Play a line: a command, a choice's number, or the highlighted choice of those
        ``typed`` filters (``ahead``: typed before this decision was shown: filtered now)."""
        if _is_command(typed):
            self.command(typed)
        elif typed.isdigit():
            k = int(typed)
            if 1 <= k <= len(self.choices):
                self.play(k - 1, ahead)
            else:
                self.notify(
                    translate(
                        "{k} is not a choice: 1 to {n}", self.session.lang, k=k, n=len(self.choices)
                    ),
                    severity="warning",
                )
        else:
            options = self.query_one("#choices", OptionList)
            if ahead and typed:
                self.filter_choices(typed)
            if options.highlighted is not None and self.shown:
                self.play(self.shown[options.highlighted], ahead)
            elif typed:
                self.notify(
                    translate("No choice matches {typed}", self.session.lang, typed=repr(typed)),
                    severity="warning",
                )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.play(int(event.option.id or 0))
        self.query_one("#filter", Input).focus()

    def on_key(self, event) -> None:
        """A letter or digit typed while the board has the focus goes to the filter line."""
        typed = self.query_one("#filter", Input)
        if (
            len(self.screen_stack) == 1
            and self.focused is not typed
            and event.is_printable
            and event.character
            and not event.character.isspace()
        ):
            typed.focus()
            typed.insert_text_at_cursor(event.character)
            event.stop()

    def action_cursor(self, step: int) -> None:
        options = self.query_one("#choices", OptionList)
        if step < 0:
            options.action_cursor_up()
        else:
            options.action_cursor_down()

    def action_scroll_parts(self, step: int) -> None:
        box = self.query_one("#parts", VerticalScroll)
        box.scroll_page_up() if step < 0 else box.scroll_page_down()

    def action_scroll_news(self, step: int) -> None:
        log = self.query_one("#news", RichLog)
        log.scroll_page_up() if step < 0 else log.scroll_page_down()

    def action_clear_filter(self) -> None:
        self.query_one("#filter", Input).value = ""

    def command(self, typed: str) -> None:
        word, _, rest = typed.partition(" ")
        word = word.lower()
        if word == "help":
            self.action_help()
        elif word in {"undo", "cancel"}:
            self.action_undo()
        elif word == "log":
            self.action_log()
        elif word == "hint":
            self.action_hint()
        elif word == "save":
            self.save_to(rest.strip()) if rest.strip() else self.action_save()
        else:
            self.action_quit_game()

    # ---- playing ----------------------------------------------------------------------------
    def play(self, index: int, ahead: bool = False) -> None:
        """Play the choice ``index``. The story starts a new page, unless the choice was typed
        ahead: the page the player has not read yet (the bots' moves) stays."""
        if self.busy or not self.session.human_to_act() or not 0 <= index < len(self.choices):
            return
        action = self.choices[index][0]
        if not ahead:
            self.query_one("#news", RichLog).clear()
            if self.narrator is not None:
                self.narrator.heading = None  # the new page starts with its heading
        self.session.apply(action)
        if self.session.human_to_act():
            self.refresh_screen()
        else:  # the bots play next; the screen is drawn again when they are done
            if self.narrator is not None:
                self.narrator.flush(self.session.state)
            self.draw_decision()
        self.advance()

    def advance(self) -> None:
        """Let the bots play until a human is to act or the game ends."""
        if not self.busy:
            self.busy = True
            self.run_worker(self._bots(), exclusive=True)

    async def _bots(self) -> None:
        session = self.session
        try:
            while not session.over() and not session.human_to_act():
                who = session.labels[session.to_act()]
                thinking = translate("{who} is thinking…", session.lang, who=who)
                self.query_one("#decision", Static).update(Text(thinking, "italic"))
                action = await asyncio.to_thread(session.bot_action)
                session.apply(action)
                if self.narrator is not None:
                    self.narrator.flush(session.state)
                if not session.humans:  # a spectator watches the board move
                    self.draw_parts()
                self.query_one("#status", Static).update(seats_line(session))
                await asyncio.sleep(self.bot_delay)
        finally:
            self.busy = False
        self.refresh_screen()
        if session.over():
            self.typed_ahead.clear()
            self.show_end()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """The bots (or a hint) done: what was typed meanwhile is played (from here, not from
        the worker, whose own move would start the next one while it is still running)."""
        if event.state in {WorkerState.SUCCESS, WorkerState.ERROR, WorkerState.CANCELLED}:
            self.play_typed_ahead()

    def action_undo(self) -> None:
        if self.busy:
            return
        try:
            words = self.session.undo()
        except ValueError as exc:
            self.notify(
                translate("Cannot undo: {reason}.", self.session.lang, reason=exc),
                severity="warning",
            )
            return
        told = len(self.session.state.events(None)) if self.narrators else 0
        for narrator in self.narrators.values():
            narrator.since = min(narrator.since, told)
        taken = translate("Taken back: {words}", self.session.lang, words=words)
        self.query_one("#news", RichLog).write(Text(taken, style="yellow"))
        self.refresh_screen()

    def action_hint(self) -> None:
        """A practice game's hint for the human to act, searched in a thread; written to the
        news panel (and recorded with the game)."""
        if not self.session.practice:
            self.notify(translate(NOT_PRACTICE, self.session.lang), severity="warning")
        elif not self.busy and self.session.human_to_act():
            self.busy = True
            self.run_worker(self._hint(), exclusive=True)

    async def _hint(self) -> None:
        news = self.query_one("#news", RichLog)
        lang = self.session.lang
        self.query_one("#decision", Static).update(
            Text(translate("Looking for a hint…", lang), "italic")
        )
        try:
            given = await asyncio.to_thread(self.session.hint)
        except ValueError as exc:
            self.notify(translate("No hint: {reason}", lang, reason=exc), severity="warning")
        else:
            for i, line in enumerate(hint_lines(given, self.choices, lang)):
                news.write(Text(line, style="bold green" if i == 0 else ""))
        finally:
            self.busy = False
        self.draw_decision()

    # ---- dialogs ----------------------------------------------------------------------------
    def action_help(self) -> None:
        self.push_screen(screens.HelpScreen(self.session.help(), self.session.lang))

    def action_log(self) -> None:
        dialog = screens.LogScreen(self.session.lang)

        def fill() -> None:
            log = dialog.query_one(RichLog)
            if self.narrator is None:
                log.write(translate("This game keeps no event log.", self.session.lang))
                return
            everything = MarkedNarrator(
                LogConsole(log),  # type: ignore[arg-type]
                self.narrator.viewer,
                self.narrator.turn_word,
            )
            everything.lang = self.session.lang
            everything.flush(self.session.state)

        self.push_screen(dialog)
        self.call_after_refresh(fill)

    def action_save(self, then_leave: bool = False) -> None:
        def chosen(path: str | None) -> None:
            if path:
                self.save_to(path, then_leave)

        prompt = screens.SavePrompt(self.session.default_save_name(), self.session.lang)
        self.push_screen(prompt, chosen)

    def save_to(self, path: str, then_leave: bool = False, overwrite: bool = False) -> None:
        """Save to ``path`` (and leave after, if asked). Where that would replace another file
        than this game's own save (the session refuses it: FileExistsError), a dialog asks
        first, and "n" keeps the file."""
        lang = self.session.lang

        def answered(replace: Any) -> None:
            if replace is True:
                self.save_to(path, then_leave, overwrite=True)

        try:
            if overwrite:
                self.session.save(path, overwrite=True)
            else:
                self.session.save(path)
        except FileExistsError:
            self.push_screen(screens.ConfirmOverwrite(path, lang), answered)
            return
        except OSError as exc:
            reason = exc.strerror or exc
            failed = translate("Could not save to {path}: {reason}", lang, path=path, reason=reason)
            self.notify(failed, severity="error")
            return
        self.notify(translate("Saved to {path}", lang, path=path))
        self.result = translate("Saved to {path}.", lang, path=path)
        if then_leave:
            self.exit(0)

    # ---- the command palette (Ctrl-P) --------------------------------------------------------
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The palette's commands in the session's language: the theme, leaving (asking first,
        as q does), maximizing the focused panel, and a picture of the screen. (Textual's
        "Keys" panel lists its widgets' own keys in English: F1's help tells the game's.)"""
        lang = self.session.lang
        yield SystemCommand(
            translate("Theme", lang), translate("Change the colours", lang), self.search_themes
        )
        yield SystemCommand(
            translate("Quit", lang),
            translate("Leave the game (asking first when moves are not saved)", lang),
            self.action_quit_game,
        )
        if screen.maximized is not None:
            yield SystemCommand(
                translate("Minimize", lang),
                translate("Give the panel its own size again", lang),
                screen.action_minimize,
            )
        elif screen.focused is not None and screen.focused.allow_maximize:
            yield SystemCommand(
                translate("Maximize", lang),
                translate("The focused panel on the whole screen", lang),
                screen.action_maximize,
            )
        yield SystemCommand(
            translate("Screenshot", lang),
            translate("Save a picture of the screen (SVG) in this folder", lang),
            self.screenshot,
        )

    def action_command_palette(self) -> None:
        if self.use_command_palette and not CommandPalette.is_open(self):
            placeholder = translate("Search for commands…", self.session.lang)
            self.push_screen(CommandPalette(id="--command-palette", placeholder=placeholder))

    def search_themes(self) -> None:
        placeholder = translate("Search for themes…", self.session.lang)
        self.push_screen(CommandPalette(providers=[ThemeProvider], placeholder=placeholder))

    def screenshot(self) -> None:
        lang = self.session.lang
        try:
            path = self.save_screenshot()
        except OSError as exc:
            failed = translate("Could not save to {path}: {reason}", lang, path=".", reason=exc)
            self.notify(failed, severity="error")
        else:
            self.notify(translate("Saved to {path}", lang, path=path))

    def action_quit_game(self) -> None:
        session = self.session
        if session.over() or not session.dirty():
            self.exit(0)
            return

        def answered(answer: Any) -> None:
            if answer == "save":
                self.action_save(then_leave=True)
            elif answer is True:
                self.result = translate("Game abandoned.", session.lang)
                self.exit(0)

        self.push_screen(screens.ConfirmQuit(session.lang), answered)

    def show_end(self) -> None:
        session = self.session
        table = scores_table(session.state, session.labels, session.lang)
        table.box = box.SIMPLE_HEAD  # a compact table: the end screen must fit 24 rows
        places = ranking_lines(session.state, session.labels, session.lang)

        def answered(answer: Any) -> None:
            if answer == "leave":
                self.exit(0)
            elif answer == "save":
                self.action_save()

        end = screens.EndScreen(session.outcome(), table, places, session.lang)
        self.push_screen(end, answered)


def _is_command(typed: str) -> bool:
    word = typed.strip().partition(" ")[0].lower()
    return word in COMMANDS


def run_app(session: Session, console: Console) -> int:
    app = GameApp(session)
    app.run()
    if session.over():
        for line in session.outcome():
            console.print(Text(line))
    if app.result:
        console.print(Text(app.result))
    return 0
