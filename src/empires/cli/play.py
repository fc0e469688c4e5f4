"""``empires play GAME``: a game in the terminal, humans and bots at the table."""

from __future__ import annotations

import argparse
import json
import secrets
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.text import Text

from empires.bots import bot_names, make_bot
from empires.cli import common
from empires.cli.common import HUMAN, CliError
from empires.cli.narration import Narrator, has_events, turn_word_of
from empires.cli.render import render_observation, render_scores
from empires.core.errors import IllegalActionError
from empires.sim.local import bot_seeds


def add_parser(sub) -> None:
    play = sub.add_parser("play", help="play a game in the terminal")
    common.add_game_parsers(play, _add_flags, cmd_play)


def _add_flags(play: argparse.ArgumentParser) -> None:
    play.add_argument("--players", type=int, help="number of players (default: from --seats, or 4)")
    play.add_argument(
        "--seats",
        help=(
            "comma-separated seat list, one per player: human or a bot "
            f"({', '.join(bot_names())}); one name fills every seat "
            "(default: human then heuristic bots)"
        ),
    )
    play.add_argument("--seed", type=int, help="game seed (default: a random one, printed)")
    play.add_argument("--load", metavar="FILE", help="continue a game saved with `save FILE`")


HELP = """\
Type the number of an action to play it (or the action itself, e.g. its exact text).
  board        draw the board again
  log          what happened since your previous decision, again
  list         list the legal actions again
  save FILE    save the game as JSON (load it with --load FILE, or `empires replay FILE`)
  help         this help
  quit         leave the game (Ctrl-D too)"""

QUIT = object()


def _print_actions(console: Console, state, actions: list) -> None:
    width = len(str(len(actions)))
    for i, action in enumerate(actions, 1):
        line = Text(f"  {i:>{width}}. ")
        line.append(common.describe(state, action))
        if str(action) not in line.plain:
            line.append(f"   [{action}]", style="dim")
        console.print(line)


def _save(console: Console, state, path: str) -> None:
    try:
        Path(path).write_text(json.dumps(state.to_json()), encoding="utf-8")
    except OSError as exc:
        console.print(Text(f"Could not save to {path}: {exc.strerror or exc}", style="red"))
    else:
        console.print(Text(f"Saved to {path}.", style="green"))


def _human_turn(
    console: Console, state, seat: int, labels: Sequence[str], narrator: Narrator | None = None
):
    """Ask the human at ``seat`` for an action; returns the action or QUIT. ``narrator`` (the
    seat's own view of the event log) tells what happened since its previous decision, between
    the board and the legal actions so that both stay in sight."""
    render_observation(console, state.observation(seat), labels, f"{labels[seat]} to play")
    if narrator is not None:
        narrator.flush(state)
    actions = state.legal_actions()
    console.print(Text("Legal actions:", style="bold"))
    _print_actions(console, state, actions)
    n = len(actions)
    while True:
        try:
            line = input(f"P{seat + 1} [1-{n}, help]> ")
        except EOFError:
            console.print()
            return QUIT
        text = line.strip()
        if not text:
            console.print(Text(f"Please type a number from 1 to {n}, or help.", style="yellow"))
            continue
        word, _, rest = text.partition(" ")
        word = word.lower()
        if text.isdigit() or (text.startswith("-") and text[1:].isdigit()):
            k = int(text)
            if 1 <= k <= n:
                return actions[k - 1]
            console.print(Text(f"{k} is not an action number; choose 1 to {n}.", style="yellow"))
        elif word in {"help", "h", "?"}:
            console.print(Text(HELP))
        elif word in {"quit", "exit", "q"}:
            return QUIT
        elif word == "save":
            if rest.strip():
                _save(console, state, rest.strip())
            else:
                console.print(Text("Usage: save FILE", style="yellow"))
        elif word in {"board", "b"}:
            render_observation(console, state.observation(seat), labels, f"{labels[seat]} to play")
        elif word in {"list", "l", "ls"}:
            _print_actions(console, state, actions)
        elif word in {"log", "events"}:
            _retell(console, narrator)
        else:
            wanted = " ".join(text.lower().split())
            match = [a for a in actions if str(a).lower() == wanted]
            if match:
                return match[0]
            console.print(
                Text(
                    f"Not understood: {text!r}. Type a number from 1 to {n}, help, save FILE or quit.",
                    style="yellow",
                )
            )


def _retell(console: Console, narrator: Narrator | None) -> None:
    if narrator is None:
        console.print(Text("This game keeps no event log.", style="yellow"))
    elif not narrator.last:
        console.print(Text("Nothing has happened since your previous decision.", style="dim"))
    else:
        narrator.heading = None  # draw the headings again
        narrator.print(narrator.last)


def cmd_play(args, console: Console) -> int:
    game, state, seats, seed = _start_play(args)
    players = state.num_players
    humans = [i for i, s in enumerate(seats) if s == HUMAN]
    viewer = humans[0] if len(humans) == 1 else None
    labels = common.labels(seats, viewer)
    bots = {
        i: make_bot(spec, game.name, s)
        for i, (spec, s) in enumerate(zip(seats, bot_seeds(seed, players), strict=True))
        if spec != HUMAN
    }
    source = f"loaded from {args.load}" if args.load else f"seed {seed}"
    console.print(
        Text(f"{game.name}: {players} players ({source}): " + ", ".join(labels), style="bold")
    )
    for line in game.startup_notes(state):  # a game may have something to say first
        console.print(Text(line, style="yellow"))
    narrators: dict[int | None, Narrator] = {}
    if has_events(state):  # each human hears the log as that seat; bots alone: as a spectator
        listeners: list[int | None] = [*humans] or [None]
        narrators = {
            p: Narrator(console, p, turn_word_of(state, p), recap=p is not None) for p in listeners
        }
        for narrator in narrators.values():
            _resume(narrator, state)
    if not humans:
        render_observation(console, state.observation(None), labels, "Start")
        if None in narrators:
            narrators[None].flush(state)
    if not _play_loop(console, state, seats, bots, labels, narrators, viewer):
        console.print(Text("Game abandoned."))
        return 0
    if humans and narrators:  # what happened after the (last) human's last decision
        last = (
            narrators[viewer]
            if viewer is not None
            else Narrator(console, None, narrators[humans[0]].turn_word)
        )
        last.since = max(n.since for n in narrators.values())
        last.flush(state)
    final_view = state.observation(viewer) if viewer is not None else state.observation(None)
    render_observation(
        console, final_view, labels, "Game over", skip=("scores", "ranking", "decision")
    )
    render_scores(console, state, labels)
    return 0


def _start_play(args):
    """``(adapter, state, seats, seed)`` for ``empires play``: a new game or a loaded one."""
    if args.load:
        game, state = common.load_saved(args.load, args.game)
        if args.players is not None and args.players != state.num_players:
            raise CliError(f"{args.load} is a {state.num_players}-player game, not {args.players}")
        players = state.num_players
        seed = args.seed if args.seed is not None else common.history_seed(state)
    else:
        game = common.adapter(args.game)
        parts = [s for s in args.seats.split(",") if s.strip()] if args.seats else []
        players = args.players or (len(parts) if len(parts) > 1 else 4)
        common.check_players(game, players)
        seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
        state = None
    seats_text = args.seats or ",".join([HUMAN] + ["heuristic"] * (players - 1))
    seats = common.seat_specs(seats_text, players, game.name, allow_human=True)
    if state is None:
        state = common.new_game(game, players, seed, common.options(game, args))
    return game, state, seats, seed


def _resume(narrator: Narrator, state) -> None:
    """A loaded game is told from the viewer's own last action (a spectator: the last action)."""
    actions = [
        e
        for e in state.events(narrator.viewer)
        if e.get("kind") == "action"
        and (narrator.viewer is None or e.get("player") == narrator.viewer)
    ]
    narrator.since = actions[-1]["seq"] if actions else 0


def _play_loop(console: Console, state, seats, bots, labels, narrators, viewer) -> bool:
    """Play until the game ends (True) or the human quits (False). With an event log, bots'
    moves are told by the narrators; without one, each action is printed as it is played."""
    spectator = narrators.get(None) if len(narrators) == 1 else None
    while not state.is_terminal():
        seat = state.current_player
        if seat in bots:
            action = _bot_choice(
                console, bots[seat], state, labels[seat], show=bool(narrators) and spectator is None
            )
        else:
            action = _human_turn(console, state, seat, labels, narrators.get(seat))
            if action is QUIT:
                return False
        text = None
        if not narrators:
            describe_for = getattr(state, "describe_for", None)  # words the viewer may read
            text = (
                common.describe(state, action)
                if describe_for is None
                else describe_for(action, viewer)
            )
        try:
            state.apply(action)
        except IllegalActionError as exc:  # only a bot or engine bug gets here
            if seat in bots:
                raise CliError(
                    f"bot {seats[seat]} at P{seat + 1} chose an illegal action: {exc}", 1
                ) from None
            console.print(Text(f"Illegal: {exc}", style="red"))
            continue
        if spectator is not None:
            spectator.flush(state)
        elif text is not None:
            console.print(Text(f"{labels[seat]}: {text}", style="" if seat in bots else "green"))
    return True


def _bot_choice(console: Console, bot, state, label: str, show: bool):
    """The bot's action; on a terminal a human waiting for it sees who is thinking."""
    if show and console.is_terminal:
        with console.status(Text(f"{label} is thinking…"), spinner="dots"):
            return bot.choose(state)
    return bot.choose(state)


# ---- simulate --------------------------------------------------------------------------------
