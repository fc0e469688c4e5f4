"""The terminal speaks the reader's language by asking the engine for it (issue #30): the story
is the engine's events told in the session's language, the choices the engine's messages for
them rendered there; the terminal's own words (key bar, status, dialogs, the plain mode's
phrases, ``empires analyse``'s progress and report) come from the catalogues; an unknown
``--lang`` is refused naming the choices."""

from __future__ import annotations

import asyncio
import io
import json
import re
import subprocess
import sys

from rich.console import Console

from empires import i18n
from empires.bots import make_bot
from empires.cli import main
from empires.cli.narration import Narrator
from empires.cli.tui import screens
from empires.cli.tui.app import GameApp
from empires.cli.tui.plain import _folded
from empires.cli.tui.session import start
from tests.cli.helpers import args, screen_text, squeeze
from tests.cli.test_analyse_cli import played
from tests.cli.test_front_door import _fails, _names
from tests.cli.test_plain import PIPE_ENV, RAW_IDS

FORBIDDEN = ("translate_text", "seat_names", "untranslated", "localize_observation")


def test_the_terminal_never_translates_english_afterwards():
    """No module of the terminal puts an engine's English through the old text matcher."""
    from pathlib import Path

    import empires.cli

    root = Path(empires.cli.__file__).parent
    used = {
        (str(path.relative_to(root)), name)
        for path in root.rglob("*.py")
        for name in FORBIDDEN
        if re.search(rf"\bi18n\.{name}\b|import[^\n]*\b{name}\b", path.read_text("utf-8"))
    }
    assert not used


class _Told:
    """A game whose log holds one event of each shape: a message the engine made, and a
    transitional one (English text shown as it is); it records the language it is asked."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def events(self, player=None, since=0, lang="en", seats=None):
        self.asked.append(lang)
        made = {"msg": "{player} keeps nothing.", "args": {"player": {"seat": 1}}}
        old = {"msg": "{text}", "args": {"text": {"text": "Something English happened."}}}
        out = []
        for seq, (kind, m) in enumerate((("keep", made), ("note", old))):
            text = i18n.render(m, lang)
            out.append({"seq": seq, "kind": kind, "turn": 1, "phase": "Phase 3: Income", **m})
            out[-1]["text"] = text
        return out[since:]


def test_the_story_is_told_in_the_language_the_engine_is_asked_for():
    game = _Told()
    out = io.StringIO()
    narrator = Narrator(Console(file=out, width=100), 0)
    narrator.lang = "es"
    narrator.flush(game)
    text = squeeze(out.getvalue())
    assert game.asked == ["es"]
    assert "Turno 1 · Fase 3: Ingresos" in text, text
    assert "Jugador 2 no se queda nada." in text
    assert "Something English happened." in text  # a transitional message: shown as it is
    assert "Player 2" not in text and "Phase 3" not in text


def test_the_choices_are_the_engine_s_messages_rendered_in_the_language():
    chosen = args("discovery", 2, "human,random", seed=3)
    chosen.lang = "it"
    session = start(chosen)
    state, seat = session.state, session.to_act()
    expected = [state.render(state.describe_msg(a, seat), "it") for a in state.legal_actions()]
    assert [words for _, words in session.choices()] == expected


def test_the_plain_mode_through_a_pipe_in_spanish(tmp_path):
    """A real pipe with --lang es: the plain mode's fixed phrases in Spanish and none of
    their English; the board only on `board`; a choice by its (Spanish) words; no raw id."""
    chosen = args("discovery", 2, "human,heuristic", seed=7)
    chosen.lang = "es"
    words = start(chosen).choices()[1][1]
    typed = ["help", "xyzzy", "board", "list", _folded(words), "quit", "sí"]
    done = subprocess.run(
        [sys.executable, "-m", "empires", "play", "discovery", "--players", "2"]
        + ["--seed", "7", "--lang", "es"],
        input="\n".join(typed) + "\n",
        capture_output=True,
        text=True,
        timeout=300,
        env={**PIPE_ENV, "HOME": str(tmp_path)},
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    spanish = (
        "2 jugadores (semilla 7): J1 (tú), J2 (heuristic)",
        "Escribe board para ver el tablero",
        "Decisión: ",
        "No se entiende: 'xyzzy'",
        "Acciones legales:",
        "== juega J1 (tú) ==",
        f"Jugador 1 (tú): {words}",
        "¿Abandonar la partida?",
        "Partida abandonada.",
    )
    for phrase in spanish:
        assert phrase in out, phrase
    english = (
        "players (seed", "Type board", "Decision:", "Not understood", "Legal actions",
        " to play", "Player 1", "Abandon the game", "Game abandoned", "(you)",
    )  # fmt: skip
    assert not [phrase for phrase in english if phrase in out]
    before_board = out.partition("No se entiende")[0]
    assert "== " not in before_board and "== juega J1 (tú) ==\n-- " in out
    for pattern in RAW_IDS:
        assert not pattern.search(out), pattern.search(out)


def test_the_end_screen_and_its_keys_in_spanish():
    """A finished game in the app: the decision line, the results dialog (who won, the final
    scores) and the key bar in Spanish."""
    chosen = args("settlers", 1, "human", seed=4)
    chosen.lang = "es"
    session = start(chosen)
    bot = make_bot("random", "settlers", 4)
    while not session.over():
        session.apply(bot.choose(session.state))

    async def go():
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            board = squeeze(screen_text(app))
            decision = str(app.query_one("#decision").render())
            await pilot.press("e")
            await pilot.pause()
            assert isinstance(app.screen, screens.EndScreen)
            return board, decision, squeeze(screen_text(app))

    board, decision, end = asyncio.run(go())
    assert "Fin de la partida" in decision or "partida terminada" in board.lower(), decision
    assert re.search(r"Has (ganado|perdido) con \d+ PV\.", end), end
    assert "Puntuaciones finales" in end and "Salir" in board and "Guardar" in board
    english = ("Game over", "the results", "leave", "You won", "You lost", "Final scores", "Quit")
    assert not [w for w in english if w in board + decision + end], (board, decision, end)


def test_analyse_shows_its_progress_and_report_in_spanish(tmp_path, capsys):
    state = played("discovery", 2, 5, 20)
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**state.to_json(), "seats": ["heuristic", "human"]}))
    assert main(["analyse", str(path), "--iterations", "2", "--lang", "es"]) == 0
    out, err = capsys.readouterr()
    said = [line for line in err.splitlines() if line.strip()]
    assert said and all(re.fullmatch(r"analizadas \d+ de \d+ decisiones", s) for s in said), said
    flat = squeeze(out)
    assert re.search(r"discovery: \d+ decisi(ón analizada|ones analizadas) \(2 iteraciones", flat)
    assert "Resumen" in flat and "imprecisión 5%" in flat and "jugador" in flat
    english = ("analysed", "Summary", "search iterations", "mean loss", "Chance to win")
    assert not [w for w in english if w in out + err]


def test_an_unknown_lang_is_refused_by_analyse_too(capsys):
    line = _fails(capsys, "analyse", "game.json", "--lang", "xx")
    _names(line, "--lang", "'xx'", *i18n.LANGUAGES)
    assert line.startswith("empires analyse: error:")


def test_the_startup_notes_in_the_language():
    """What Imperial Settlers says when a game starts (the unverified cards, the Attack cards'
    default Targets, how to fill them in): messages told in the session's language."""
    chosen = args("settlers", 1, "human", seed=3)
    chosen.lang = "es"
    notes = start(chosen).notes()
    assert notes[0].startswith(tuple(f"{n} de las cartas en uso no están" for n in range(99)))
    assert notes[1].startswith("  ") and "cartas de Ataque usan un reparto de Objetivos" in notes[1]
    assert notes[2] == (
        "  Complétalas con un archivo de cartas: empires cards template, y luego --cards ARCHIVO."
    )
    english = ("of the cards", "Attack cards", "Fill them in", "Card data")
    assert not [w for w in english if w in " ".join(notes)]


def test_replay_tells_the_game_in_the_language(tmp_path, capsys):
    """``empires replay --lang es``: the heading, the story and the end in Spanish; the same
    game's English story is another text; an unknown language is refused."""
    state = played("discovery", 2, 5, 30)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state.to_json()))
    assert main(["replay", str(path), "--lang", "es"]) == 0
    spanish = squeeze(capsys.readouterr().out)
    assert "discovery: 2 jugadores, semilla 5, 30 acciones, como espectador" in spanish
    assert "La partida no ha terminado (tras 30 acciones)." in spanish
    assert main(["replay", str(path), "--lang", "en", "--seat", "2"]) == 0
    english = squeeze(capsys.readouterr().out)
    assert "discovery: 2 players, seed 5, 30 actions, as seen by Player 2" in english
    assert "The game is not over (after 30 actions)." in english
    told = [e["text"] for e in state.events(None, lang="es")]
    assert told and all(t in spanish for t in told[-3:] if len(t) < 60)
    leftovers = ("players, seed", "as a spectator", "not over", "Replay stopped")
    assert not [w for w in leftovers if w in spanish]
    line = _fails(capsys, "replay", str(path), "--lang", "xx")
    _names(line, "--lang", "'xx'", *i18n.LANGUAGES)
