"""One game at the terminal, whatever shows it: the seats (humans and bots), whose screen is
shown, the choices and their words, the game's screen parts and decision help (through its
adapter, :mod:`empires.core.screen`), taking back, saving with every seat, and the outcome.

Both the full-screen app (:mod:`empires.cli.tui.app`) and the plain line mode
(:mod:`empires.cli.tui.plain`) drive a :class:`Session`; nothing here knows a particular game.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from empires import i18n
from empires.bots import make_bot
from empires.cli import common
from empires.cli.coach_text import HINT_ITERATIONS, NOT_PRACTICE
from empires.cli.common import HUMAN
from empires.cli.narration import told as narration_told
from empires.core import screen as core_screen
from empires.core.screen import DecisionHelp, ScreenPart
from empires.i18n import N_, translate
from empires.sim.local import bot_seeds

SAVE_SEATS_KEY = "seats"  # a save's list of seat specs ("human", "random", "ismcts:1s"...)
SAVE_PRACTICE_KEY = "practice"  # true in a practice game's save
SAVE_HINTS_KEY = "hints"  # a practice game's hints: {"index", "seat", "hint"}, by index


class Session:
    """A game in progress with its seats. ``saved_at``: the number of actions the game had when
    it was last saved or loaded (None: never), so that quitting can ask before losing moves."""

    def __init__(self, game, state, seats: Sequence[str], seed: int, source: str = "") -> None:
        self.game = game
        self.state = state
        self.seats = list(seats)
        self.seed = seed
        self.source = source
        self.humans = [i for i, s in enumerate(self.seats) if s == HUMAN]
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self.lang = i18n.DEFAULT  # the language of the words (empires play --lang, the locale)
        self.labels = common.labels(self.seats, self.viewer)
        self.bots = {
            i: make_bot(spec, game.name, s)
            for i, (spec, s) in enumerate(zip(self.seats, bot_seeds(seed, len(seats)), strict=True))
            if spec != HUMAN
        }
        self.saved_at: int | None = self.actions_count() if source.startswith("loaded") else None
        self.saved_path: Path | None = None  # the file loaded from or last saved to
        self.last_human: int | None = self.viewer
        self.practice = False  # a practice game offers hints (empires play --practice)
        self.hint_iterations = HINT_ITERATIONS  # the search budget of a hint
        self.hints: list[dict] = []  # {"index", "seat", "hint"}: the hints given, saved with it

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` (en, es, it, pt): the screen, the choices, the seats' labels
        ("J1 (tú)")."""
        self.lang = lang
        self.labels = [
            translate(
                "P{n} ({who})",
                self.lang,
                n=i + 1,
                who=translate("you", self.lang) if i == self.viewer else spec,
            )
            for i, spec in enumerate(self.seats)
        ]

    def words(self, said: Any) -> str:
        """What the game says (a message, :mod:`empires.core.messages`; or a catalogue
        sentence) in the session's language."""
        if isinstance(said, dict):
            render = getattr(self.state, "render", None)
            return render(said, self.lang) if render is not None else i18n.render(said, self.lang)
        return translate(str(said), self.lang)

    def notes(self) -> list[str]:
        """What the game says when it starts (its adapter's startup notes), in the session's
        language (each line's indentation kept)."""
        out = []
        for line in self.game.startup_notes(self.state):
            if not isinstance(line, str):
                out.append(self.words(line))
                continue
            body = line.lstrip(" ")
            out.append(line[: len(line) - len(body)] + self.words(body))
        return out

    # ---- who plays --------------------------------------------------------------------------
    def actions_count(self) -> int:
        try:
            return len(self.state.history["actions"])
        except Exception:
            return 0

    def over(self) -> bool:
        return bool(self.state.is_terminal())

    def to_act(self) -> int:
        return int(self.state.current_player)

    def human_to_act(self) -> bool:
        return not self.over() and self.to_act() not in self.bots

    def screen_seat(self) -> int | None:
        """Whose view the screen shows: the human to act, else the last human who acted (the
        only human), None for a spectator (no human seat)."""
        if self.human_to_act():
            self.last_human = self.to_act()
        return self.last_human if self.humans else None

    def title(self) -> str:
        return str(getattr(self.game, "title", self.game.name))

    # ---- what the game shows ----------------------------------------------------------------
    def observation(self, seat: int | None = None) -> dict:
        return self.state.observation(self.screen_seat() if seat is None else seat)

    def parts(self) -> list[ScreenPart]:
        """The game's screen for the shown seat in the session's language, its own part
        first."""
        obs = self.observation()
        maker = getattr(self.game, "screen_parts", None)
        if maker is not None:
            parts = maker(obs, self.lang)
        else:
            parts = core_screen.default_screen(obs, self.lang)
        return sorted(parts, key=lambda part: not part.own)

    def help(self) -> DecisionHelp:
        """The rules help of the decision, in the session's language."""
        obs = self.observation()
        maker = getattr(self.game, "decision_help", None)
        if maker is not None:
            return maker(obs, self.lang)
        return core_screen.default_help(obs, self.lang)

    def describe(self, action: Any) -> str:
        """The words of ``action`` as the player to act may read them, in the session's
        language (the engine's message for them, rendered there)."""
        return describe_in(self.state, action, self.to_act(), self.lang)

    def choices(self) -> list[tuple[Any, str]]:
        """The legal actions of the human to act, each with its words."""
        if not self.human_to_act():
            return []
        return [(a, self.describe(a)) for a in self.state.legal_actions()]

    def decision_title(self) -> str:
        decision = getattr(self.state, "decision", None)
        if isinstance(decision, dict):
            return self.help().title
        return i18n.translate("Your decision", self.lang)

    # ---- playing ----------------------------------------------------------------------------
    def bot_action(self) -> Any:
        return self.bots[self.to_act()].choose(self.state)

    def apply(self, action: Any) -> None:
        self.state.apply(action)

    def undoable(self) -> int:
        """How many of the human's last actions may be taken back now (core.undo)."""
        if not self.human_to_act():
            return 0
        count = getattr(self.state, "undoable", None)
        return int(count()) if count is not None else 0

    def undo(self) -> str:
        """Take back the human's last action; returns its words (ValueError when not allowed)."""
        from empires.core.undo import take_back

        if self.undoable() < 1:
            raise ValueError(
                i18n.translate(
                    "nothing to take back: the turn passed, or something hidden or random was"
                    " revealed since",
                    self.lang,
                )
            )
        taken = self.state.history["actions"][-1]
        self.state = take_back(self.state, 1)
        self.hints = [h for h in self.hints if h["index"] <= self.actions_count()]
        return _describe_text(self.state, taken, self.to_act(), self.lang)

    # ---- the coach (practice games) ---------------------------------------------------------
    def hint(self, iterations: int | None = None) -> dict:
        """A hint for the human to act (:func:`empires.bots.analysis.hint`, as JSON), searched
        from that seat's observation only and recorded with the game; asked again at the same
        decision, the same hint. ValueError outside a practice game or a human's decision."""
        if not self.practice:
            raise ValueError(i18n.translate(NOT_PRACTICE, self.lang))
        if not self.human_to_act():
            raise ValueError(i18n.translate("no decision of yours to give a hint for", self.lang))
        index, seat = self.actions_count(), self.to_act()
        for given in self.hints:
            if given["index"] == index and given["seat"] == seat:
                return given["hint"]
        from empires.bots.analysis import hint

        budget = iterations or self.hint_iterations
        found = hint(self.state, iterations=budget, seed=index * 8 + seat).to_json()
        self.hints.append({"index": index, "seat": seat, "hint": found})
        return found

    # ---- saving -----------------------------------------------------------------------------
    def dirty(self) -> bool:
        """Whether quitting now would lose moves (played since the last save or load)."""
        count = self.actions_count()
        return count > 0 and count != self.saved_at

    def would_overwrite(self, path: str) -> bool:
        """Whether saving to ``path`` would replace a file other than this game's own save (the
        file it was loaded from or last saved to): the question to ask before :meth:`save`."""
        target = Path(path).expanduser()
        return target.exists() and target.resolve() != self.saved_path

    def save(self, path: str, overwrite: bool = False) -> None:
        """Save the game with every seat. FileExistsError when :meth:`would_overwrite` (unless
        ``overwrite``); OSError when the file cannot be written."""
        if not overwrite and self.would_overwrite(path):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), path)
        data = {**self.state.to_json(), SAVE_SEATS_KEY: list(self.seats)}
        if self.practice:
            data.update({SAVE_PRACTICE_KEY: True, SAVE_HINTS_KEY: self.hints})
        target = Path(path).expanduser()
        target.write_text(json.dumps(data), encoding="utf-8")
        self.saved_at = self.actions_count()
        self.saved_path = target.resolve()

    def default_save_name(self) -> str:
        return f"{self.game.name}-{self.seed}.json"

    # ---- the end ----------------------------------------------------------------------------
    def outcome(self) -> list[str]:
        """What the end screen says first: who won (a solo game: whether you won, against what
        score and why), then the game's own final words (its final scoring and game over)."""
        if not self.over():
            return []
        lines = [self._result_line()]
        if callable(getattr(self.state, "events", None)):
            told = narration_told(self.state, self.viewer, 0, self.lang)
            lines += [
                str(e.get("text"))
                for e in told
                if e.get("kind") in {"final_scoring", "game_over"} and e.get("text")
            ]
        return lines

    def _result_line(self) -> str:
        ranking = self.state.ranking()
        scores = self.state.scores()
        totals = [row.get("total", 0) for row in scores]
        if self.state.num_players == 1:
            won = bool(ranking) and 0 in ranking[0]
            if self.humans:
                text = N_("You won with {vp} VP.") if won else N_("You lost with {vp} VP.")
            else:
                text = (
                    N_("Player 1 won with {vp} VP.") if won else N_("Player 1 lost with {vp} VP.")
                )
            return translate(text, self.lang, vp=totals[0])
        first = ranking[0] if ranking else []
        names = [self.labels[s] for s in first]
        if self.viewer is not None and self.viewer in first:
            vp = totals[self.viewer]
            if len(first) == 1:
                return translate("You won with {vp} VP.", self.lang, vp=vp)
            others = self._and([n for i, n in zip(first, names, strict=True) if i != self.viewer])
            return translate(
                "You share the win with {others} with {vp} VP.", self.lang, others=others, vp=vp
            )
        if not names:
            return translate("Nobody won.", self.lang)
        text = (
            N_("{names} won with {vp} VP.")
            if len(names) == 1
            else N_("{names} won (shared) with {vp} VP.")
        )
        return translate(text, self.lang, names=self._and(names), vp=totals[first[0]])

    def _and(self, names: list[str]) -> str:
        """ "A, B and C" in the session's language (its way of joining a list)."""
        return i18n.join(names, self.lang)


def describe_in(state, action: Any, seat: int, lang: str) -> str:
    """The words of legal ``action`` as ``seat`` may read them, in ``lang``: the engine's
    message (``describe_msg``) rendered there; a game without messages: its own words."""
    describe_msg = getattr(state, "describe_msg", None)
    if describe_msg is not None:
        try:
            return str(state.render(describe_msg(action, seat), lang))
        except Exception:  # a description must never stop the game
            pass
    return common.describe(state, action)


def _describe_text(state, raw: str, seat: int, lang: str) -> str:
    for action in state.legal_actions():
        if str(action) == raw:
            return describe_in(state, action, seat, lang)
    return raw


def start(args) -> Session:
    """The session ``empires play`` asks for: a new game, or a loaded one with the seats it was
    saved with (``--seats`` overrides them; an old save without seats: a human, then
    heuristic bots)."""
    if args.load:
        game, state = common.load_saved(args.load, args.game)
        if args.players is not None and args.players != state.num_players:
            raise common.CliError(
                f"{args.load} is a {state.num_players}-player game, not {args.players}"
            )
        players = state.num_players
        seed = args.seed if args.seed is not None else common.history_seed(state)
        saved = common.read_json(args.load).get(SAVE_SEATS_KEY)
        if (
            args.seats is None
            and isinstance(saved, list)
            and all(isinstance(s, str) for s in saved)
        ):
            args.seats = ",".join(saved)
        source = f"loaded from {args.load}"
    else:
        game = common.adapter(args.game)
        parts = [s for s in args.seats.split(",") if s.strip()] if args.seats else []
        players = args.players or (len(parts) if len(parts) > 1 else 4)
        common.check_players(game, players)
        seed = args.seed if args.seed is not None else _random_seed()
        state = None
        source = f"seed {seed}"
    seats_text = args.seats or ",".join([HUMAN] + ["heuristic"] * (players - 1))
    seats = common.seat_specs(seats_text, players, game.name, allow_human=True)
    if state is None:
        state = common.new_game(game, players, seed, common.options(game, args))
    session = Session(game, state, seats, seed, source)
    if args.load:
        session.saved_path = Path(args.load).expanduser().resolve()
    session.practice = bool(getattr(args, "practice", False))
    lang = getattr(args, "lang", None)
    session.set_language(i18n.normalize(lang) if lang else i18n.from_environment())
    if args.load:
        _load_coach(session, common.read_json(args.load))
    return session


def _load_coach(session: Session, saved: dict) -> None:
    """A practice game stays one when loaded, with the hints it was given (well-formed ones
    of the game's past decisions)."""
    if saved.get(SAVE_PRACTICE_KEY) is True:
        session.practice = True
    hints = saved.get(SAVE_HINTS_KEY)
    if session.practice and isinstance(hints, list):
        count = session.actions_count()
        session.hints = [
            h
            for h in hints
            if isinstance(h, dict)
            and isinstance(h.get("index"), int)
            and 0 <= h["index"] <= count
            and isinstance(h.get("seat"), int)
            and isinstance(h.get("hint"), dict)
        ]


def _random_seed() -> int:
    import secrets

    return secrets.randbelow(1_000_000)
