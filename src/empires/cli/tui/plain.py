"""The plain line mode of ``empires play``: for pipes, screen readers and scripts.

The same names and narration as the full-screen app, one decision after another, told briefly
(issue #30): the story since your previous decision (plain lines: no colour, rules, bullets or
padding), the decision and its numbered choices in words (never an action's raw id); the board
only when asked (``board``). Commands are read from stdin: a number, some words of a choice,
``help``, ``board``, ``log``, ``list``, ``undo``, ``hint``, ``save FILE``, ``quit``. Used with
``--plain`` and whenever stdin or stdout is not a terminal.
"""

from __future__ import annotations

import unicodedata

from rich.console import Console
from rich.text import Text

from empires import i18n
from empires.cli.coach_text import NOT_PRACTICE, hint_lines
from empires.cli.common import CliError
from empires.cli.narration import Narrator, has_events, turn_word_of
from empires.cli.render import ranking_lines, scores_table
from empires.cli.tui.session import Session
from empires.core.errors import IllegalActionError
from empires.core.messages import plural
from empires.i18n import DEFAULT, N_, translate

HELP = N_(
    "Type the number of a choice to play it, or some of its words (enough to tell it apart).\n"
    "  help         the rules of this decision, and these commands\n"
    "  board        the board: every panel of the game, as your seat sees it\n"
    "  log          what happened since your previous decision, again\n"
    "  list         the choices again, one a line\n"
    "  undo         take back your last action (while the rules allow it)\n"
    "  hint         in a practice game (--practice): the bot's three best moves, from what you"
    " see\n"
    "  save FILE    save the game as JSON, every seat kept (load it with --load FILE, or\n"
    "               replay it with `empires replay FILE`); asks before replacing a file\n"
    "  quit         leave the game (Ctrl-D too); asks first when moves are not saved"
)
START = N_("Type board for the board, help for the commands and the rules of the decision.")

QUIT = object()
UNDO = object()


class Story(Narrator):
    """The plain mode's narrator: a heading line when the turn or phase changes, a player's
    actions in a row on one line ("Player 2: Explore Florida; Send a Captain; ..."), what they
    caused indented below; no rules, bullets or padded columns (a screen reader reads every
    character)."""

    def _heading(self, key: tuple) -> None:
        self.heading = key
        self.console.print(Text(self.title_of(key)))

    def print(self, events: list[dict], number: int | None = None) -> None:
        line: Text | None = None  # the actions in a row of one player, not printed yet
        for i, event in enumerate(events):
            key = (event.get("turn"), event.get("phase"))
            action = event.get("kind") == "action"
            same = (
                action and line is not None and events[i - 1].get("player") == event.get("player")
            )
            if line is not None and (key != self.heading or not same):
                self.console.print(line)
                line = None
            if key != self.heading:
                self._heading(key)
            _, text = self._line(event, None)
            if not action:
                self.console.print(Text("  ").append_text(text))
            elif line is None:
                line = text
            else:
                line.append("; " + self._words(event))
        if line is not None:
            self.console.print(line)

    def _words(self, event: dict) -> str:
        return str(event.get("text", ""))  # told in the narrator's language by the engine


def plain_console(console: Console) -> Console:
    """A console like ``console`` (same output, same width) that prints no colour; into a pipe
    or a file it does not wrap lines (a sentence stays one line, for a screen reader, a braille
    display or grep), at a terminal it wraps them at the terminal's width."""
    return Console(
        file=console.file,
        width=console.width,
        soft_wrap=not console.is_terminal,
        no_color=True,
        highlight=False,
        emoji=False,
        color_system=None,
    )


def run(session: Session, console: Console) -> int:
    out = plain_console(console)
    state = session.state
    n = state.num_players
    players = i18n.render(plural("{n} player", "{n} players", n), session.lang)
    source = _source(session)
    out.print(Text(f"{session.game.name}: {players} ({source}): " + ", ".join(session.labels)))
    for line in session.notes():  # a game may have something to say first
        out.print(Text(line))
    narrators = _narrators(session, out)
    if session.humans:
        out.print(Text(translate(START, session.lang)))
    else:  # a spectator cannot ask for the board: it is shown at the start and at the end
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
    narrators: dict[int | None, Narrator] = {
        p: Story(out, p, turn_word_of(state, p)) for p in listeners
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
        else Story(out, None, narrators[session.humans[0]].turn_word)
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


def _board(out: Console, session: Session) -> None:
    who = session.labels[session.to_act()] if not session.over() else None
    heading = translate("{who} to play", session.lang, who=who) if who else None
    show_parts(out, session, heading or translate("Game over", session.lang))


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
    """The end: the scores with their breakdown, who won and why (the final board: on
    ``board``; a spectator's game shows it)."""
    if not session.humans:
        show_parts(out, session, translate("Game over", session.lang))
    table = scores_table(session.state, session.labels, session.lang)
    table.box = None  # no box art in the plain mode
    out.print(table)
    for line in ranking_lines(session.state, session.labels, session.lang):
        out.print(Text(line))
    told = session.humans and has_events(session.state)  # the story told the engine's last words
    for line in session.outcome()[:1] if told else session.outcome():
        out.print(Text(line))


def _offer_save(out: Console, session: Session) -> None:
    """A finished game can be saved (for `empires replay`) and its board seen; anything else
    leaves."""
    while True:
        try:
            line = input(
                translate("Game over. save FILE to keep it, Enter to leave> ", session.lang)
            )
        except EOFError:
            return
        word, _, rest = line.strip().partition(" ")
        if word.lower() in {"board", "b"}:
            _board(out, session)
        elif word.lower() == "save":
            _save(out, session, rest.strip())
        else:
            return


def _save(out: Console, session: Session, path: str) -> None:
    """Save to ``path``; a file there that is not this game's own save is replaced only when
    the player says yes (Ctrl-D: no)."""
    lang = session.lang
    if not path:
        out.print(Text(translate("Usage: save FILE", lang)))
        return
    overwrite = session.would_overwrite(path)
    if overwrite and not _ask_yes(translate("{path} exists; overwrite? [y/N] ", lang, path=path)):
        out.print(Text(translate("Not saved: {path} is kept as it was.", lang, path=path)))
        return
    try:
        session.save(path, overwrite=overwrite)
    except OSError as exc:
        reason = exc.strerror or exc
        out.print(
            Text(translate("Could not save to {path}: {reason}", lang, path=path, reason=reason))
        )
    else:
        out.print(Text(translate("Saved to {path}.", lang, path=path)))


def _ask_yes(prompt: str, lang: str | None = None) -> bool:
    try:
        answer = input(prompt)
    except EOFError:
        return False
    return _is_yes(answer.strip().partition(" ")[0], lang)


def _is_yes(word: str, lang: str | None) -> bool:
    """y, yes, or the language's yes ("sí" or "si", "sì", "sim", "s")."""
    yes = _folded(translate("yes", lang or DEFAULT))
    return _folded(word) in {"y", "yes", yes, yes[:1]}


# ---- the choices --------------------------------------------------------------------------------
def merged(choices: list) -> list:
    """The choices as the player can tell them apart: of choices with the same words (two copies
    of one card), the first."""
    seen: set[str] = set()
    out = []
    for action, words in choices:
        if words not in seen:
            seen.add(words)
            out.append((action, words))
    return out


def shared_start(texts: list[str], inner: bool = False) -> str:
    """The words every text starts with ("Place a Colonist on"), leaving each some words of its
    own; "" when there are none (or a single text). ``inner``: only words that end with a
    colon ("Specialists:"), inside a run that shares a start already."""
    if len(texts) < 2:
        return ""
    split = [t.split(" ") for t in texts]
    n = 0
    while all(len(w) > n + 1 for w in split) and len({w[n] for w in split}) == 1:
        n += 1
    start = split[0][:n]
    while start and not _ends_well(start, inner):
        start.pop()
    return " ".join(start)


def _ends_well(words: list[str], inner: bool) -> bool:
    """Whether the shared words end where the rest may start: on a colon, on the first word (a
    verb: "Take"), on a small word ("on", "for"); not inside a name ("Activate New" of "New
    Forest"), on an article ("a"), a number or inside brackets."""
    text, last = " ".join(words), words[-1]
    if text.count("(") > text.count(")"):
        return False
    if last.endswith(":") or inner:
        return last.endswith(":")
    return len(words) == 1 or (last[:1].islower() and len(last) > 1)


def choices_text(choices: list) -> str:
    """The numbered choices as sentences: the words several start with said once ("Place a
    Colonist on: 1. Initiative ($1, ...); 2. Colonist Dock (space 1); ...; Specialists: 6.
    Missionary, 7. Merchant, ..."), the others listed between ("8. Pass; 9. Skip")."""
    items = [(i, words) for i, (_, words) in enumerate(choices, 1)]
    sentences: list[str] = []
    loose: list[str] = []
    for start, run in _runs(items):
        if start:
            if loose:
                sentences.append("; ".join(loose))
                loose = []
            sentences.append(f"{start}: {_spoken(run)}")
        else:
            loose.append(_spoken(run))
    if loose:
        sentences.append("; ".join(loose))
    return ". ".join(sentences)


def _runs(
    items: list[tuple[int, str]], inner: bool = False
) -> list[tuple[str, list[tuple[int, str]]]]:
    """``items`` cut into runs of neighbours that start with the same words: (those words, the
    run with its own words left); ("", [item]) for an item alone."""
    runs = []
    i = 0
    while i < len(items):
        start = shared_start([t for _, t in items[i : i + 2]], inner)
        j = i + 1
        while start and j < len(items) and items[j][1].startswith(start + " "):
            j += 1
        if j - i > 1:
            run = [(k, t[len(start) :].strip()) for k, t in items[i:j]]
            runs.append((start.rstrip(":"), run))
        else:
            runs.append(("", items[i:j]))
        i = j
    return runs


def _spoken(items: list[tuple[int, str]], inner: bool = False) -> str:
    """A run's items ("1. Initiative; 2. ..."), a run inside it once ("Specialists: 6.
    Missionary, 7. Merchant")."""
    parts = []
    for start, run in _runs(items, inner=True) if not inner else [("", items)]:
        if start and not inner:
            parts.append(f"{start}: " + _spoken(run, inner=True))
        else:
            parts.extend(f"{k}. {t}" for k, t in run)
    return (", " if inner else "; ").join(parts)


def print_actions(out: Console, session: Session, choices: list) -> None:
    """The choices one a line, in full (the `list` command)."""
    out.print(Text(translate("Legal actions:", session.lang)))
    width = len(str(len(choices)))
    for i, (_, words) in enumerate(choices, 1):
        out.print(Text(f"  {i:>{width}}. {words}"))


def _folded(text: str) -> str:
    """``text`` to compare typed words with: lower case, no accents, single spaces."""
    plain = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).split())


def matching(choices: list, typed: str) -> list[int]:
    """The indexes of the choices ``typed`` names: the one whose words it is, else those whose
    words (or their own part after the shared start) begin with it, else those whose words
    contain it (case and accents aside); else an action's id, as older scripts typed it."""
    wanted = _folded(typed)
    if not wanted:
        return []
    texts = [words for _, words in choices]
    start = len(shared_start(texts))
    full = [_folded(t) for t in texts]
    own = [_folded(t[start:]) for t in texts]
    tests = (
        lambda i: full[i] == wanted,
        lambda i: full[i].startswith(wanted) or own[i].startswith(wanted),
        lambda i: wanted in full[i],
        lambda i: str(choices[i][0]).casefold() == typed.strip().casefold(),
    )
    for test in tests:
        hits = [i for i in range(len(choices)) if test(i)]
        if hits:
            return hits
    return []


def _pick(out: Console, session: Session, choices: list, text: str):
    """The action ``text`` names by its words; None after saying why not (no choice, or
    several)."""
    hits = matching(choices, text)
    lang = session.lang
    if len(hits) == 1:
        return choices[hits[0]][0]
    if hits:
        listed = "; ".join(f"{i + 1}. {choices[i][1]}" for i in hits)
        out.print(
            Text(
                translate(
                    "{text} matches {count} choices: {listed}. Type more of its words, or its"
                    " number.",
                    lang,
                    text=repr(text),
                    count=len(hits),
                    listed=listed,
                )
            )
        )
        return None
    n = len(choices)
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


# ---- a decision ---------------------------------------------------------------------------------
def _show_decision(out: Console, session: Session, narrator: Narrator | None, choices) -> None:
    """The story since the previous decision, the decision, its choices (the board: `board`)."""
    if narrator is not None:
        narrator.flush(session.state)
    title = translate("Decision: {title}", session.lang, title=session.decision_title())
    stop = "" if title.endswith((".", ":", "?")) else "."
    out.print(Text(f"{title}{stop} {choices_text(choices)}"))


def _human_turn(out: Console, session: Session, narrator: Narrator | None):
    """Ask the human to act for an action; returns it, QUIT or UNDO."""
    choices = merged(session.choices())
    _show_decision(out, session, narrator, choices)
    n = len(choices)
    seat = session.to_act()
    while True:
        undo = ", undo" if session.undoable() else ""
        try:
            line = input(f"{_seat_word(session, seat)} [1-{n}{undo}]> ")
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
        return _undo_command(out, session)
    elif word in {"board", "b"}:
        _board(out, session)
    elif word in {"list", "l", "ls"}:
        print_actions(out, session, choices)
    elif word in {"log", "events"}:
        retell(out, narrator)
    elif word == "hint":
        show_hint(out, session, choices)
    else:
        return _pick(out, session, choices, text)
    return None


def _undo_command(out: Console, session: Session):
    if session.undoable():
        return UNDO
    out.print(
        Text(
            translate(
                "Nothing to undo: the turn passed, or something hidden or random was revealed"
                " since your last action.",
                session.lang,
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
    return word.lower() in {"quit", "q", "exit"} or _is_yes(word, session.lang)


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
