"""The terminal screen of Empires: Age of Discovery (issue #14): the panels of seeded mid-game
states render at 80 columns, name everything as printed (no raw ids), show a revealed counter's
Resistance and reward, keep a scouted counter to its scout, and every decision has help."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from empires.bots import make_bot
from empires.core.adapter import get_adapter
from empires.core.screen import ScreenPart, seat_mark
from empires.discovery.data import BUILDINGS
from empires.discovery.decision_table import PROMPTS
from empires.discovery.options import Options

ADAPTER = get_adapter("discovery")
NAMES = {b.id: b.name for b in BUILDINGS}
RAW = [
    r"\bc\d\d\b",  # counter ids
    r"plague_\d",
    r"Owner \d",
    r"Terminal:",
    r"Step:",
    r"\b[a-z]+_[a-z_]+\b",  # any snake_case id (new_spain, west_indies_co, ...)
    r"'(kind|player)'",  # a raw dict
]
OPTIONS = [
    {},
    {"builders": True, "variants": ["scouting"]},
    {"nations": "auction", "buy_vp": True},
    {"edition": "2007", "variants": ["order-auction"]},
    {"builders": True, "nations": "random", "variants": ["scouting", "no-survivors"]},
]


def play(players: int, seed: int, steps: int, options: dict | None = None, until=None):
    game = ADAPTER.new_game(players, seed, Options.from_json(options or {}))
    bots = [make_bot("random", "discovery", seed * 10 + i) for i in range(players)]
    for _ in range(steps):
        if game.is_terminal() or (until is not None and until(game)):
            break
        game.apply(bots[game.current_player].choose(game))
    return game


def render(parts: list[ScreenPart], width: int = 80) -> str:
    console = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    for part in parts:
        console.print(part.title)
        console.print(part.body)
    return console.export_text()


def height(part: ScreenPart) -> int:
    console = Console(width=80, file=open("/dev/null", "w"))  # noqa: SIM115
    return len(console.render_lines(part.body, console.options, pad=False))


CASES = [
    (players, seed, steps, OPTIONS[(players + seed) % len(OPTIONS)])
    for players in range(2, 7)
    for seed, steps in ((1, 40), (2, 150), (3, 400))
    if not (players == 6 and OPTIONS[(players + seed) % len(OPTIONS)].get("edition") == "2007")
]


@pytest.mark.parametrize(("players", "seed", "steps", "options"), CASES)
def test_mid_game_screens_render_at_80_columns_with_printed_names(players, seed, steps, options):
    game = play(players, seed, steps, options)
    for viewer in (0, players - 1, None):
        obs = game.observation(viewer)
        parts = ADAPTER.screen_parts(obs)
        keys = [p.key for p in parts]
        assert {"track", "board", "boxes", "players"} <= set(keys)
        assert len(keys) == len(set(keys))
        assert ("you" in keys) == (viewer is not None)
        text = render(parts)
        for pattern in RAW:
            assert not re.search(pattern, text), (pattern, re.search(pattern, text))
        for seat in range(players):
            assert seat_mark(seat) in text
        assert "New Spain" in text and "Colonist Dock" in text
        for part in parts:
            assert part.lines == height(part)
        assert all(len(line) <= 80 for line in text.splitlines())
        narrow = render(parts, 40)  # a side panel of a full-screen layout
        assert all(len(line) <= 40 for line in narrow.splitlines())
        if viewer is not None:  # the mat lists every building by its printed name
            mat = render([p for p in parts if p.key == "you"])
            for building in obs["players"][viewer]["buildings"]:
                assert NAMES[building] in mat


def test_own_mat_comes_first_and_is_marked_own():
    game = play(3, 5, 120)
    parts = ADAPTER.screen_parts(game.observation(1))
    assert parts[0].key == "you" and parts[0].own
    assert seat_mark(1) in parts[0].title
    assert not any(p.own for p in parts[1:])


def revealed(game, viewer):
    return [
        r
        for r in game.observation(viewer)["regions"]
        if isinstance(r["counter"], dict) and not r["counter"].get("scouted")
    ]


def test_a_revealed_counter_shows_its_resistance_and_reward_to_everyone():
    game = play(3, 4, 2000, until=lambda g: bool(revealed(g, None)))
    regions = revealed(game, None)
    assert regions, "no expedition failed in this game"
    region = regions[0]
    c = region["counter"]
    for viewer in (0, 2, None):
        text = render(ADAPTER.screen_parts(game.observation(viewer)))
        line = next(line for line in text.splitlines() if region["name"] in line)
        assert f"Resistance {c['resistance']}" in line
        assert f"${c['plunder']} + ${c['per_soldier']} per Soldier" in text
        assert f"{c['vp']} VP" in text


def scouted(game):
    for p in range(game.s.num_players):
        for r in game.observation(p)["regions"]:
            if isinstance(r["counter"], dict) and r["counter"].get("scouted"):
                return p, r
    return None


def test_a_scouted_counter_is_shown_to_its_scout_only():
    game = play(3, 6, 3000, {"variants": ["scouting"]}, until=lambda g: scouted(g) is not None)
    found = scouted(game)
    assert found is not None, "nobody scouted in this game"
    scout, region = found
    other = (scout + 1) % 3
    mine = render(ADAPTER.screen_parts(game.observation(scout)))
    theirs = render(ADAPTER.screen_parts(game.observation(other)))
    line = next(line for line in mine.splitlines() if region["name"] in line)
    assert f"Resistance {region['counter']['resistance']}" in line and "scouted" in line
    line = next(line for line in theirs.splitlines() if region["name"] in line)
    assert "face down" in line and "Resistance" not in line


def test_the_expedition_being_formed_shows_its_members_and_strength():
    def forming(g):
        d = g.decision
        return d is not None and d["kind"] == "expedition_members" and any(d["members"])

    game = play(3, 2, 3000, until=forming)
    assert forming(game)
    d = game.decision
    obs = game.observation(d["player"])
    part = next(p for p in ADAPTER.screen_parts(obs) if p.key == "expedition")
    text = render([part])
    assert seat_mark(d["player"]) in text and "strength" in text
    launch = game.describe_for("done", d["player"])
    assert launch.startswith("Launch the expedition (strength ")


def test_every_decision_kind_has_help_with_a_rulebook_section():
    for kind in PROMPTS:
        obs = {"decision": {"kind": kind, "player": 0}}
        help_ = ADAPTER.decision_help(obs)
        assert help_.title and help_.title != kind, kind
        assert help_.summary.endswith("."), kind
        assert help_.section.startswith(("Rulebook p. ", "2007 rulebook")), kind
    assert ADAPTER.decision_help({"decision": None}).section


def test_descriptions_name_what_a_choice_gains():
    game = play(3, 1, 0)
    texts = [game.describe(a) for a in game.legal_actions()]
    assert "Place a Colonist on Initiative ($1, place 1 in the Player Order)" in texts
    assert "Place a Colonist on Specialists: Training ($5 for any Specialist)" in texts
    for text in texts:
        for pattern in RAW:
            assert not re.search(pattern, text), text


def test_a_scouted_counter_is_named_in_its_scouts_choices_only():
    def scouted_target(g):
        d = g.decision
        if d is None or d["kind"] != "expedition_target":
            return False
        obs = g.observation(d["player"])
        return any(
            isinstance(r["counter"], dict) and r["counter"].get("scouted") for r in obs["regions"]
        )

    game = play(3, 8, 5000, {"variants": ["scouting"]}, until=scouted_target)
    assert scouted_target(game), "no expedition chose among scouted counters in this game"
    p = game.decision["player"]
    obs = game.observation(p)
    region = next(
        r for r in obs["regions"] if isinstance(r["counter"], dict) and r["counter"].get("scouted")
    )
    action = f"region {region['id']}"
    mine = game.describe_for(action, p)
    assert f"Resistance {region['counter']['resistance']}" in mine
    unaware = [
        q
        for q in range(3)
        if q != p
        and game.observation(q)["regions"][obs["regions"].index(region)]["counter"] == "face-down"
    ]
    for other in [None, *unaware]:
        assert game.describe_for(action, other) == f"Explore {region['name']} (counter face down)"
    assert game.describe(action) == f"Explore {region['name']} (counter face down)"


def test_the_expedition_comes_first_for_the_player_forming_it():
    game = play(
        3, 2, 3000, until=lambda g: g.decision and g.decision["kind"] == "expedition_members"
    )
    p = game.decision["player"]
    parts = ADAPTER.screen_parts(game.observation(p))
    assert parts[0].key == "expedition" and parts[0].own and parts[1].key == "you"
    other = ADAPTER.screen_parts(game.observation((p + 1) % 3))
    assert other[0].key == "you" and not next(x for x in other if x.key == "expedition").own


# ---- the screen in the viewer's language (issue #15) ----------------------------------------
# What the screen writes itself, in English: none of it may be left on a Spanish, Italian or
# Portuguese screen (names the languages share, as Total, Portugal or Mayflower, are not here).
ENGLISH_LABELS = [
    r"\bTurn \d",
    r"\bAge I",
    r"Player order",
    r"colony scoring",
    r"Discovery",
    r"unused counters",
    r"Trade Goods",
    r"Merchant Ships?\b",
    r"\bRules:",
    r"\bedition\b",
    r"Available workers",
    r"\bSupply:",
    r"Capital Buildings",
    r"National Advantage",
    r"Discovered:",
    r"\bnone\b",
    r"no colonies",
    r"no counter",
    r"face down",
    r"good taken",
    r"\boffer:",
    r"to place",
    r"\bdiscover(y|ies)\b",
    r"Final scores",
    r"Expedition",
    r"may send",
    r"\bstrength\b",
    r"\bagainst\b",
    r"Still in",
    r"\(you\)",
    r"\buses? left",
    r"\bdone\b",
    r"at game end",
    r"Immediate",
    r"One-time",
    r"Ongoing",
    r"Colonies",
    r"Economy",
    r"Bought",
    r"Starting-order",
    r"\bBoards\b",
    r"\bpassed\b",
    r"scouted",
    r"per Soldier",
    r"Resistance",
    r"\bColonists?\b",
    r"\bSoldiers?\b",
    r"\bCaptains?\b",
    r"\bMissionar(y|ies)\b",
    r"\bBuilders?\b",
    r"Event box",
    r"Player mats",
    r"Your player mat",
    r"The New World",
    r"Turn track",
    r"\((red|blue|green|yellow)\)",
]
# Labels each language must show (its rulebook's words).
LABELS = {
    "es": ["Trabajadores disponibles", "Turno ", "Edad ", "Orden de Turno", "Reserva:"],
    "it": ["Coloni disponibili", "Turno ", "Epoca ", "Ordine di turno", "Riserva:"],
    "pt": ["Colonos disponíveis", "Jogada ", "Era ", "Ordem dos jogadores", "Reserva:"],
}
LANGUAGE_GAMES = [
    (2, 1, 40, OPTIONS[1]),
    (3, 2, 150, OPTIONS[2]),
    (4, 3, 400, OPTIONS[4]),
    (5, 4, 250, OPTIONS[3]),
    (3, 5, 5000, OPTIONS[0]),  # the end: the final scores
]


def _english_left(text: str) -> list[str]:
    return [m.group(0) for p in ENGLISH_LABELS for m in [re.search(p, text)] if m]


@pytest.mark.parametrize("lang", ["es", "it", "pt"])
@pytest.mark.parametrize(("players", "seed", "steps", "options"), LANGUAGE_GAMES)
def test_every_panel_in_the_viewers_language(lang, players, seed, steps, options):
    game = play(players, seed, steps, options)
    for viewer in (0, players - 1, None):
        obs = game.observation(viewer)
        parts = ADAPTER.screen_parts(obs, lang)
        english = ADAPTER.screen_parts(obs)
        assert [p.key for p in parts] == [p.key for p in english]
        text = render(parts)
        assert not _english_left(text), (lang, _english_left(text))
        assert all(len(line) <= 80 for line in text.splitlines())
        assert all(len(line) <= 40 for line in render(parts, 40).splitlines())
        for part in parts:
            assert part.lines == height(part)
        if viewer is not None:
            for label in LABELS[lang]:
                assert label in text, (lang, label)
    assert render(ADAPTER.screen_parts(obs, "en")) == render(english)  # English: the default


@pytest.mark.parametrize("lang", ["es", "it", "pt"])
def test_the_expedition_and_the_help_in_the_viewers_language(lang):
    game = play(
        3, 2, 3000, until=lambda g: g.decision and g.decision["kind"] == "expedition_members"
    )
    obs = game.observation(game.decision["player"])
    parts = ADAPTER.screen_parts(obs, lang)
    assert parts[0].key == "expedition"
    text = render(parts)
    assert not _english_left(text), _english_left(text)
    word = {"es": "fuerza", "it": "forza", "pt": "força"}[lang]
    assert word in render(parts[:1])
    helped = ADAPTER.decision_help(obs, lang)
    english = ADAPTER.decision_help(obs)
    assert helped.title != english.title and helped.summary != english.summary


def test_no_trade_goods_and_no_buildings_agree_in_italian():
    """Italian "none" agrees with its noun: Merci (feminine) "nessuna", Edifici "nessuno"
    (gettext's msgctxt: empires.i18n.translate_in); Spanish and English as they were."""
    obs = play(2, 1, 0).observation(0)
    italian = render(ADAPTER.screen_parts(obs, "it"))
    assert "Merci: nessuna" in italian and "nessuno" in italian, italian
    assert "Merci: nessuno" not in italian
    assert "Trade Goods: none" in render(ADAPTER.screen_parts(obs))
    assert "Bienes de Comercio: ninguno" in render(ADAPTER.screen_parts(obs, "es"))
