"""``empires replay FILE``: a saved game told action by action, as a spectator or one seat saw
it, in the reader's language (``--lang``, else the locale's)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from empires import i18n
from empires.cli import common
from empires.cli.coach_text import hint_lines
from empires.cli.common import LOAD_ERRORS, CliError
from empires.cli.narration import Narrator, has_events, turn_word_of
from empires.cli.render import render_observation, render_scores
from empires.core.adapter import game_names
from empires.core.messages import plural
from empires.i18n import translate


def add_parser(sub) -> None:
    rep = common.subcommand(
        sub,
        "replay",
        "replay a saved game or history: each action and the events it caused",
        [
            "empires replay mygame.json   # a game saved with `save mygame.json`",
            "empires replay mygame.json --step   # Enter for each action, q stops",
            "empires replay mygame.json --seat 2   # as player 2 saw it, their cards included",
            "empires replay mygame.json --lang es   # told in Spanish",
        ],
    )
    rep.add_argument("file", metavar="FILE")
    rep.add_argument("--step", action="store_true", help="wait for Enter between actions")
    rep.add_argument(
        "--seat",
        type=int,
        metavar="N",
        help=(
            "tell the game as player N (counted from 1) saw it, their secrets included "
            "(default: as a spectator, who sees no hidden card)"
        ),
    )
    rep.add_argument(
        "--lang",
        metavar="LANG",
        type=common.language,
        help=f"the language of the story: {', '.join(i18n.LANGUAGES)} (default: the locale's, "
        "from LANGUAGE, LC_ALL, LC_MESSAGES or LANG)",
    )
    rep.set_defaults(func=cmd_replay)


def _words(state, action: Any, lang: str) -> str:
    """An action's words in ``lang`` (its message, where the game gives one)."""
    if lang == i18n.DEFAULT or not hasattr(state, "describe_msg"):
        return common.describe(state, action)
    try:
        return str(state.render(state.describe_msg(action, None), lang))  # as the public read it
    except Exception:  # words must never stop a replay
        return common.describe(state, action)


def _match(state, action: Any) -> Any:
    """The legal action whose string is ``action`` (so describe() sees the engine's value)."""
    for legal in state.legal_actions():
        if legal == action or str(legal) == str(action):
            return legal
    return action


def cmd_replay(args, console: Console) -> int:
    data = common.read_json(args.file)
    name = data.get("game")
    if not isinstance(name, str) or name not in game_names():
        raise CliError(f"cannot read {args.file}: unknown or missing game {name!r}")
    game = common.adapter(name)
    try:
        history = data if common.is_history(data) else game.from_json(data).history
        actions = list(history["actions"])
        final = game.replay(history)
        state = game.replay({**history, "actions": []})
    except LOAD_ERRORS as exc:
        raise CliError(f"cannot load {args.file}: {common.one_line(exc)}") from None
    viewer = _replay_viewer(args.seat, state.num_players)
    lang = args.lang or i18n.from_environment()
    you = translate("(you)", lang)
    labels = [f"P{i + 1}" + (f" {you}" if i == viewer else "") for i in range(state.num_players)]
    narrator = None
    if has_events(state):
        narrator = Narrator(console, viewer, turn_word_of(state, viewer))
        narrator.lang = lang
        narrator.number_width = len(str(len(actions)))
    console.print(Text(_heading(game.name, state, history, len(actions), viewer, lang), "bold"))
    if args.step:
        console.print(
            Text(translate("Press Enter for each action; q (or Ctrl-D) stops.", lang), "dim")
        )
    if narrator is not None:
        narrator.flush(state)  # what happened before the first action (setup)
    hints = saved_hints(data, viewer)
    told = (labels, narrator, hints, lang)
    if not _replay_actions(console, state, actions, args.step, *told):
        console.print(Text(translate("Replay stopped.", lang)))
        return 0
    observer = final.observation(viewer)
    if not final.is_terminal():
        after = plural(
            "The game is not over (after {n} action).",
            "The game is not over (after {n} actions).",
            len(actions),
        )
        over = i18n.render(after, lang)
        console.print(Text(over, style="yellow"))
        render_observation(console, observer, labels, "Current position")
        return 0
    render_scores(console, final, labels)
    return 0


def _heading(name: str, state, history: dict, count: int, viewer: int | None, lang: str) -> str:
    who = (
        translate("as a spectator", lang)
        if viewer is None
        else translate("as seen by {player}", lang, player=i18n.seat_label(viewer, lang))
    )
    return translate(
        "{game}: {players}, seed {seed}, {actions}, {who}",
        lang,
        game=name,
        players=i18n.render(plural("{n} player", "{n} players", state.num_players), lang),
        seed=history.get("seed"),
        actions=i18n.render(plural("{n} action", "{n} actions", count), lang),
        who=who,
    )


def _replay_viewer(seat: int | None, players: int) -> int | None:
    """``--seat N`` (counted from 1) as a 0-based seat; None (no --seat): a spectator."""
    if seat is None:
        return None
    if not 1 <= seat <= players:
        raise CliError(
            f"--seat must be from 1 to {players} (this is a {players}-player game), not {seat}"
        )
    return seat - 1


def saved_hints(data: dict, viewer: int | None) -> dict[int, list[str]]:
    """What to print before each action of a practice game's save that had a hint: the hint
    itself for the seat that asked (``--seat``), else only that it was asked (a hint names the
    asking player's cards)."""
    hints = data.get("hints") if data.get("practice") is True else None
    out: dict[int, list[str]] = {}
    for h in hints if isinstance(hints, list) else []:
        try:
            index, seat, hint = int(h["index"]), int(h["seat"]), h["hint"]
            lines = (
                hint_lines(hint)
                if seat == viewer
                else [f"P{seat + 1} asked for a hint here (replay --seat {seat + 1} to see it)."]
            )
        except (KeyError, TypeError, ValueError):
            continue  # a damaged hint is left out, never the replay
        out.setdefault(index, []).extend(lines)
    return out


def _replay_actions(
    console: Console, state, actions: list, step: bool, labels, narrator, hints=None, lang="en"
) -> bool:
    """Apply and print each action (with the events it caused, when the game keeps an event
    log, and the hints asked before it); False if the reader stopped a ``--step`` replay."""
    width = len(str(len(actions)))
    for i, raw in enumerate(actions, 1):
        for line in (hints or {}).get(i - 1, []):
            console.print(Text(line, style="green"))
        if step:
            try:
                answer = input("")
            except EOFError:
                answer = "q"
            if answer.strip().lower() in {"q", "quit", "exit"}:
                return False
        seat = state.current_player
        action = _match(state, raw)
        text = _words(state, action, lang) if narrator is None else None
        try:
            state.apply(action)
        except LOAD_ERRORS as exc:  # replay() accepted it, so this is an engine inconsistency
            raise CliError(
                f"action {i} ({raw}) cannot be applied: {common.one_line(exc)}", 1
            ) from None
        if narrator is not None:
            narrator.flush(state, number=i)
        else:
            who = labels[seat] if 0 <= seat < len(labels) else "?"
            console.print(Text(f"{i:>{width}}. {who}: {text}"))
    return True
