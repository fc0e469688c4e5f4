"""``empires play`` in the locale's language (or --lang's): the choices, the decision's title
and rules help, the narrated events and the plain mode's own words, in both the plain line mode
and the full-screen app."""

from __future__ import annotations

import asyncio
import io

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
