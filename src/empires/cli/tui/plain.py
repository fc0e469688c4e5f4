"""The plain line mode of ``empires play``: for pipes, screen readers and scripts.

The same names and narration as the full-screen app, one decision after another: the game's
screen parts as plain text (no colour), the events since your previous decision, then the
numbered choices; commands are read from stdin (a number, the action's text, ``help``, ``log``,
``undo``, ``save FILE``, ``quit``). Used with ``--plain`` and whenever stdout is not a terminal.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from empires.cli.coach_text import NOT_PRACTICE, hint_lines
from empires.cli.common import CliError
from empires.cli.narration import Narrator, has_events, turn_word_of
from empires.cli.render import ranking_lines, scores_table
from empires.cli.tui.session import Session
from empires.core.errors import IllegalActionError
from empires.i18n import DEFAULT, N_, translate

HELP = N_(
    "Type the number of an action to play it (or the action itself, e.g. its exact text).\n"
    "  help         the rules of this decision, and these commands\n"
    "  board        draw the board again\n"
    "  log          what happened since your previous decision, again\n"
    "  list         list the legal actions again\n"
    "  undo         take back your last action (while the rules allow it)\n"
    "  hint         in a practice game (--practice): the bot's three best moves, from what you"
    " see\n"
    "  save FILE    save the game as JSON, every seat kept (load it with --load FILE, or\n"
    "               replay it with `empires replay FILE`)\n"
    "  quit         leave the game (Ctrl-D too); asks first when moves are not saved"
)

QUIT = object()
UNDO = object()


def plain_console(console: Console) -> Console:
    """A console like ``console`` (same output, same width) that prints no colour."""
    return Console(
        file=console.file,
        width=console.width,
        no_color=True,
        highlight=False,
        emoji=False,
        color_system=None,
    )


def run(session: Session, console: Console) -> int:
    out = plain_console(console)
    state = session.state
    n = state.num_players
    players = translate(N_("{n} player") if n == 1 else N_("{n} players"), session.lang, n=n)
    source = _source(session)
    out.print(Text(f"{session.game.name}: {players} ({source}): " + ", ".join(session.labels)))
    for line in session.notes():  # a game may have something to say first
        out.print(Text(line))
    narrators = _narrators(session, out)
    if not session.humans:
        show_parts(out, session, translate("Start", session.lang))
        if None in narrators:
            narrators[None].flush(session.state)
    if not _play_loop(out, session, narrators):
        out.print(Text(translate("Game abandoned.", session.lang)))
        return 0
    _final_news(out, session, narrators)
    show_end(out, session)
    if session.humans:
        _offer_save(out, session)
    return 0


def _narrators(session: Session, out: Console) -> dict[int | None, Narrator]:
    """Each human hears the log as that seat; bots alone: as a spectator."""
    state = session.state
    if not has_events(state):
        return {}
    listeners: list[int | None] = [*session.humans] or [None]
    narrators = {
        p: Narrator(out, p, turn_word_of(state, p), recap=p is not None) for p in listeners
    }
    for narrator in narrators.values():
        narrator.lang = session.lang  # the session's language (--lang, the locale)
        resume(narrator, state)
    return narrators


def resume(narrator: Narrator, state) -> None:
    """A loaded game is told from the viewer's own last action (a spectator: the last action)."""
    actions = [
        e
        for e in state.events(narrator.viewer)
        if e.get("kind") == "action"
        and (narrator.viewer is None or e.get("player") == narrator.viewer)
    ]
    narrator.since = actions[-1]["seq"] if actions else 0


def _final_news(out: Console, session: Session, narrators) -> None:
    """What happened after the (last) human's last decision."""
    if not (session.humans and narrators):
        return
    viewer = session.viewer
    last = (
        narrators[viewer]
        if viewer is not None
        else Narrator(out, None, narrators[session.humans[0]].turn_word)
    )
    last.lang = session.lang
    last.since = max(n.since for n in narrators.values())
    last.flush(session.state)


def show_parts(out: Console, session: Session, heading: str) -> None:
    """The game's screen parts for the shown seat, each under its title."""
    out.print(Text(f"== {heading} =="))
    for part in session.parts():
        out.print(Text(f"-- {part.title} --"))
        out.print(part.body)


def _source(session: Session) -> str:
    """Where the game comes from ("seed 5", "loaded from FILE") in the session's language."""
    word, _, rest = session.source.partition(" ")
    if word == "seed":
        return translate("seed {seed}", session.lang, seed=rest)
    if session.source.startswith("loaded from "):
        path = session.source.removeprefix("loaded from ")
        return translate("loaded from {path}", session.lang, path=path)
    return session.source


def show_end(out: Console, session: Session) -> None:
    """The end screen: the final position, the scores with their breakdown, who won and why."""
    show_parts(out, session, translate("Game over", session.lang))
    table = scores_table(session.state, session.labels, session.lang)
    table.box = None  # no box art in the plain mode
    out.print(table)
    for line in ranking_lines(session.state, session.labels, session.lang):
        out.print(Text(line))
    for line in session.outcome():
        out.print(Text(line))


def _offer_save(out: Console, session: Session) -> None:
    """A finished game can be saved (for `empires replay`); anything else leaves."""
    while True:
        try:
            line = input(
                translate("Game over. save FILE to keep it, Enter to leave> ", session.lang)
            )
        except EOFError:
            return
        word, _, rest = line.strip().partition(" ")
        if word.lower() != "save":
            return
        _save(out, session, rest.strip())


def _save(out: Console, session: Session, path: str) -> None:
    lang = session.lang
    if not path:
        out.print(Text(translate("Usage: save FILE", lang)))
        return
    try:
        session.save(path)
    except OSError as exc:
        reason = exc.strerror or exc
        out.print(
            Text(translate("Could not save to {path}: {reason}", lang, path=path, reason=reason))
        )
    else:
        out.print(Text(translate("Saved to {path}.", lang, path=path)))


def print_actions(out: Console, session: Session, choices: list) -> None:
    width = len(str(len(choices)))
    for i, (action, words) in enumerate(choices, 1):
        line = Text(f"  {i:>{width}}. {words}")
        if str(action) not in words:
            line.append(f"   [{action}]")
        out.print(line)


def _show_decision(out: Console, session: Session, narrator: Narrator | None, choices) -> None:
    seat = session.to_act()
    lang = session.lang
    show_parts(out, session, translate("{who} to play", lang, who=session.labels[seat]))
    if narrator is not None:
        narrator.flush(session.state)
    out.print(Text(translate("Decision: {title}", lang, title=session.decision_title())))
    out.print(Text(translate("Legal actions:", lang)))
    print_actions(out, session, choices)
    if session.undoable():
        out.print(Text("  " + translate("(undo: take back your last action)", lang)))


def _human_turn(out: Console, session: Session, narrator: Narrator | None):
    """Ask the human to act for an action; returns it, QUIT or UNDO."""
    choices = session.choices()
    _show_decision(out, session, narrator, choices)
    n = len(choices)
    seat = session.to_act()
    while True:
        try:
            line = input(f"{_seat_word(session, seat)} [1-{n}, help]> ")
        except EOFError:
            out.print()
            if confirm_quit(out, session):
                return QUIT
            continue
        answer = _command(out, session, narrator, choices, line)
        if answer is not None:
            return answer


def _seat_word(session: Session, seat: int) -> str:
    """A seat's short name as its label writes it ("P1", "J1")."""
    return session.labels[seat].partition(" ")[0]


def _command(out: Console, session: Session, narrator, choices, line: str):
    """What one typed line asks for: an action, QUIT, UNDO, or None (it was answered here)."""
    text = line.strip()
    n = len(choices)
    word, _, rest = text.partition(" ")
    word = word.lower()
    lang = session.lang
    if not text:
        out.print(Text(translate("Please type a number from 1 to {n}, or help.", lang, n=n)))
    elif text.isdigit() or (text.startswith("-") and text[1:].isdigit()):
        k = int(text)
        if 1 <= k <= n:
            return choices[k - 1][0]
        out.print(Text(translate("{k} is not an action number; choose 1 to {n}.", lang, k=k, n=n)))
    elif word in {"help", "h", "?"}:
        show_help(out, session)
    elif word in {"quit", "exit", "q"}:
        return QUIT if confirm_quit(out, session) else None
    elif word == "save":
        _save(out, session, rest.strip())
    elif word in {"undo", "u", "cancel"}:
        if session.undoable():
            return UNDO
        out.print(
            Text(
                translate(
                    "Nothing to undo: the turn passed, or something hidden or random was revealed"
                    " since your last action.",
                    lang,
                )
            )
        )
    elif word in {"board", "b"}:
        show_parts(
            out, session, translate("{who} to play", lang, who=session.labels[session.to_act()])
        )
    elif word in {"list", "l", "ls"}:
        print_actions(out, session, choices)
    elif word in {"log", "events"}:
        retell(out, narrator)
    elif word == "hint":
        show_hint(out, session, choices)
    else:
        wanted = " ".join(text.lower().split())
        for action, words in choices:
            if wanted in (str(action).lower(), " ".join(words.lower().split())):
                return action
        out.print(
            Text(
                translate(
                    "Not understood: {text}. Type a number from 1 to {n}, help, save FILE or quit.",
                    lang,
                    text=repr(text),
                    n=n,
                )
            )
        )
    return None


def show_hint(out: Console, session: Session, choices) -> None:
    """A practice game's hint for this decision (recorded with the game)."""
    if not session.practice:
        out.print(Text(translate(NOT_PRACTICE, session.lang)))
        return
    out.print(Text(translate("Thinking...", session.lang)))
    try:
        given = session.hint()
    except ValueError as exc:
        out.print(Text(translate("No hint: {reason}", session.lang, reason=exc)))
        return
    for line in hint_lines(given, choices, session.lang):
        out.print(Text(line))


def show_help(out: Console, session: Session) -> None:
    helped = session.help()
    out.print(Text(f"{helped.title}" + (f" ({helped.section})" if helped.section else "")))
    out.print(Text(helped.summary))
    out.print(Text(translate(HELP, session.lang)))


def confirm_quit(out: Console, session: Session) -> bool:
    """Whether to leave: at once when nothing would be lost, else after asking (Ctrl-D at the
    question leaves too)."""
    if not session.dirty():
        return True
    out.print(
        Text(
            translate(
                "This game has moves that are not saved. Type quit again (or yes) to abandon it, "
                "save FILE to save it and leave, anything else to go on playing.",
                session.lang,
            )
        )
    )
    try:
        answer = input(translate("Abandon the game? ", session.lang)).strip()
    except EOFError:
        return True
    word, _, rest = answer.partition(" ")
    if word.lower() == "save" and rest.strip():
        _save(out, session, rest.strip())
        return not session.dirty()
    yes = translate("yes", session.lang).lower()  # "sí" (or "si"): the language's yes too
    plain_yes = yes.replace("í", "i").replace("ì", "i")
    return word.lower() in {"quit", "q", "yes", "y", "exit", yes, plain_yes}


def retell(out: Console, narrator: Narrator | None) -> None:
    lang = narrator.lang if narrator is not None else DEFAULT
    if narrator is None:
        out.print(Text(translate("This game keeps no event log.", lang)))
    elif not narrator.last:
        out.print(Text(translate("Nothing has happened since your previous decision.", lang)))
    else:
        narrator.heading = None  # draw the headings again
        narrator.print(narrator.last)


def _play_loop(out: Console, session: Session, narrators) -> bool:
    """Play until the game ends (True) or the human quits (False). With an event log, bots'
    moves are told by the narrators; without one, each action is printed as it is played."""
    spectator = narrators.get(None) if len(narrators) == 1 else None
    while not session.over():
        seat = session.to_act()
        if seat in session.bots:
            action = session.bot_action()
        else:
            action = _human_turn(out, session, narrators.get(seat))
            if action is QUIT:
                return False
            if action is UNDO:
                _undo(out, session, narrators)
                continue
        text = None if narrators else session.describe(action)
        try:
            session.apply(action)
        except IllegalActionError as exc:  # only a bot or engine bug gets here
            if seat in session.bots:
                raise CliError(
                    f"bot {session.seats[seat]} at P{seat + 1} chose an illegal action: {exc}", 1
                ) from None
            out.print(Text(translate("Illegal: {reason}", session.lang, reason=exc)))
            continue
        if spectator is not None:
            spectator.flush(session.state)
        elif text is not None:
            out.print(Text(f"{session.labels[seat]}: {text}"))
    return True


def _undo(out: Console, session: Session, narrators) -> None:
    try:
        words = session.undo()
    except ValueError as exc:
        out.print(Text(translate("Cannot undo: {reason}.", session.lang, reason=exc)))
        return
    out.print(Text(translate("Taken back: {words}", session.lang, words=words)))
    told = len(session.state.events(None)) if narrators else 0
    for narrator in narrators.values():
        narrator.since = min(narrator.since, told)
        narrator.last = []
