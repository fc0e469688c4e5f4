"""``empires play`` in the locale's language (or --lang's): the choices, the decision's title
and rules help, the narrated events and the plain mode's own words, in both the plain line mode
and the full-screen app."""

from __future__ import annotations

import asyncio
import io
import re

import pytest
from rich.console import Console

from empires.cli.tui import plain
from empires.cli.tui.app import GameApp
from empires.cli.tui.session import start
from tests.cli.helpers import args, screen_text, squeeze

LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def spanish_locale(monkeypatch):
    for name in LOCALE_VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")


def test_the_session_follows_the_locale(spanish_locale):
    session = start(args("discovery", 2, "human,random", seed=3))
    assert session.lang == "es"
    texts = [text for _, text in session.choices()]
    assert texts[0] == "Colocar un Colono en Iniciativa ($1, puesto 1 en el Orden de Turno)"
    assert "Colocar un Colono en Muelle de Colonos (espacio 1)" in texts
    assert session.decision_title() == "Colocar un trabajador"
    assert session.help().summary.startswith("En el orden de los jugadores")


def test_lang_overrides_the_locale(spanish_locale):
    chosen = args("discovery", 2, "human,random", seed=3)
    chosen.lang = "it"
    session = start(chosen)
    assert session.lang == "it"
    assert (
        session.choices()[1][1]
        == "Piazzare un Colonizzatore in Banchina dei Colonizzatori (spazio 1)"
    )
    chosen.lang = "klingon"  # not offered: English
    assert start(chosen).choices()[1][1] == "Place a Colonist on Colonist Dock (space 1)"


def test_english_without_a_locale(monkeypatch):
    for name in LOCALE_VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    session = start(args("discovery", 2, "human,random", seed=3))
    assert session.lang == "en"
    assert session.choices()[1][1] == "Place a Colonist on Colonist Dock (space 1)"


def test_the_plain_mode_in_spanish(spanish_locale, monkeypatch):
    session = start(args("discovery", 2, "human,random", seed=3))
    answers = iter(["2", "3"])

    def answer(prompt=""):
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", answer)
    out = io.StringIO()
    plain.run(session, Console(file=out, width=200))
    text = out.getvalue()
    assert "Decisión: Colocar un trabajador" in text
    assert "Colocar un Colono en Bienes de Comercio (espacio 1)" in text
    assert "Fase 1: Colocación de trabajadores" in text  # the narrated events' heading
    assert "Partida abandonada." in text


def test_the_full_screen_app_in_spanish(spanish_locale):
    session = start(args("discovery", 2, "human,random", seed=2))

    async def go():
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            shown = squeeze(screen_text(app))
            assert "Colocar un Colono en Iniciativa" in shown
            assert "Colocar un trabajador" in shown

    asyncio.run(go())


def _panels(session) -> dict[str, str]:
    out = {}
    for part in session.parts():
        console = Console(file=io.StringIO(), width=120)
        console.print(part.body)
        out[part.title] = squeeze(console.file.getvalue())
    return out


def test_the_board_panels_in_spanish(spanish_locale):
    """The panels' titles and the engine's words on them (building names and texts, card names
    and texts) in the session's language; the English session keeps the engine's own."""
    panels = _panels(start(args("discovery", 2, "human,random", seed=3)))
    assert {"El Nuevo Mundo", "Casillas de eventos", "Edificios en la Capital en oferta"} <= set(
        panels
    )
    assert "Nueva Francia" in panels["El Nuevo Mundo"]
    offer = panels["Edificios en la Capital en oferta"]
    assert "cada turno" in offer and "each turn" not in offer
    settlers = _panels(start(args("settlers", 2, "human,random", seed=3)))
    hand = next(text for title, text in settlers.items() if title.startswith("Tu mano"))
    assert "Producción:" in hand or "Acción:" in hand or "Apoyo:" in hand


def test_the_board_panels_stay_english_in_english(monkeypatch):
    for name in LOCALE_VARS:
        monkeypatch.delenv(name, raising=False)
    panels = _panels(start(args("discovery", 2, "human,random", seed=3)))
    assert "The New World" in panels and "New France" in panels["The New World"]


def test_the_app_key_bar_status_and_dialogs_in_spanish(spanish_locale):
    """The key bar, the status line, the decision line, the filter line's hint, the help and
    the quit dialogs, and what is printed on leaving: all Spanish."""
    session = start(args("discovery", 2, "human,random", seed=2))

    async def go():
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            shown = squeeze(screen_text(app))
            for word in ("Salir", "Ayuda", "Deshacer", "Guardar", "Registro", "Pista"):
                assert word in shown, word
            for word in ("Quit", "Help", "Undo", "Save", "Log", "Hint", "palette"):
                assert not re.search(rf"\b{word}\b", shown), word
            status = squeeze(str(app.query_one("#status").render()))
            assert "●1 tú" in status and "juega ●1" in status and "to play" not in status
            decision = str(app.query_one("#decision").render())
            assert decision.startswith("J1 (tú): Colocar un trabajador ·")
            assert re.search(r"· \d+ opciones", decision)
            assert "escribe para filtrar" in shown
            await pilot.press("f1")
            helped = squeeze(screen_text(app))
            assert "Teclas:" in helped and "Esc: volver a la partida" in helped
            await pilot.press("escape", "1", "enter")
            await app.workers.wait_for_complete()
            await pilot.pause()
            await pilot.press("q")
            asking = squeeze(screen_text(app))
            assert "¿Abandonarla? y: salir sin guardar" in asking
            await pilot.press("y")
        assert app.result == "Partida abandonada."

    asyncio.run(go())


def test_the_app_in_italian_fits_80_columns(monkeypatch):
    """The Italian key bar's words fit an 80-column terminal (no word cut short)."""
    for name in LOCALE_VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    session = start(args("settlers", 2, "human,random", seed=7))

    async def go():
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            bar = screen_text(app).splitlines()[-1]
            for word in ("Esci", "Aiuto", "Annulla", "Salva", "Registro", "Consiglio"):
                assert re.search(rf"\b{word}\b", bar), (word, bar)

    asyncio.run(go())


def _plain_run(session, typed: list[str]) -> str:
    answers = iter(typed)

    def answer(prompt=""):
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    out = io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("builtins.input", answer)
        plain.run(session, Console(file=out, width=100))
    return out.getvalue()


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("es", ["J1 (tú)", "Acciones legales:", "Jugador 2", "No se entiende", "jugadas sin"]),
        ("it", ["G1 (tu)", "Azioni consentite:", "Giocatore 2", "Non capito", "mosse non"]),
        ("pt", ["J1 (tu)", "Ações legais:", "Jogador 2", "Não percebido", "jogadas não"]),
    ],
)
def test_the_plain_mode_speaks_the_language(lang, words):
    """The seats' labels, the prompts, the help, the errors, the narration's seat names: no
    "Player N" is left."""
    chosen = args("discovery", 2, "human,heuristic", seed=3)
    chosen.lang = lang
    session = start(chosen)
    text = _plain_run(session, ["1", "help", "list", "xyzzy", "99", "board", "quit", "no"])
    for word in words:
        assert word in text, (lang, word)
    for english in ("Player ", "Legal actions", "Not understood", "Decision:", " to play"):
        assert english not in text, (lang, english)


@pytest.mark.parametrize("lang", ["es", "it", "pt"])
def test_the_end_in_the_language(lang):
    """Who won and the final scores' words, in the session's language."""
    from empires.bots import make_bot
    from empires.cli.render import ranking_lines, scores_table

    for game, players in (("settlers", 1), ("discovery", 2)):
        chosen = args(game, players, ",".join(["human"] + ["random"] * (players - 1)), seed=4)
        chosen.lang = lang
        session = start(chosen)
        bot = make_bot("random", game, 4)
        while not session.over():
            session.apply(
                session.bot_action()
                if session.bots.get(session.to_act())
                else bot.choose(session.state)
            )
        lines = session.outcome()
        english = ("Player ", " won", " lost", "You ", "Nobody")
        assert lines and not any(w in line for w in english for line in lines), lines
        result = {
            "es": r"(Has (ganado|perdido)|J2 \(random\) ganó) con \d+ PV\.",
            "it": r"(Hai (vinto|perso)|G2 \(random\) ha vinto) con \d+ VP\.",
            "pt": r"(Ganhaste|Perdeste|J2 \(random\) ganhou) com \d+ PV\.",
        }[lang]
        assert re.fullmatch(result, lines[0]), lines[0]
        console = Console(file=io.StringIO(), width=100)
        console.print(scores_table(session.state, session.labels, lang))
        table = console.file.getvalue()
        assert "Final scores" not in table and "Place" not in table
        assert {"es": "Puntuaciones finales", "it": "Punteggi finali", "pt": "Pontuações"}[
            lang
        ] in table
        places = ranking_lines(session.state, session.labels, lang)
        assert all(not re.match(r"\d+(st|nd|rd|th)", line) for line in places)
