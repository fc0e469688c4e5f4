"""The terminal screen of Imperial Settlers (issue #14): the panels of seeded mid-game states (1 to
4 players, options on) render at 80 columns, name every card as printed (no raw ids), never show
a hand to another seat, and every decision has help with its rulebook section."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from empires.bots import make_bot
from empires.core.adapter import get_adapter
from empires.core.screen import ScreenPart, seat_mark
from empires.settlers.decision_table import PROMPTS
from empires.settlers.options import Options

ADAPTER = get_adapter("settlers")
RAW = [
    r"\b(com|rom|bar|egy|jap|att)\d{3}\b",  # card ids
    r"Owner \d",
    r"Terminal:",
    r"Step:",
    r"\(card \d+",
    r"\b[a-z]+_[a-z_]+\b",  # snake_case ids
    r"'(kind|player)'",  # a raw dict
]
OPTIONS = [
    {},
    {"variants": ["alternate-lookout"]},
    {"variants": ["advanced-lookout", "peaceful"], "reshuffle_faction_discards": True},
]


def play(players: int, seed: int, steps: int, options: dict | None = None, until=None):
    game = ADAPTER.new_game(players, seed, Options.from_json(options or {}))
    bots = [make_bot("heuristic", "settlers", seed * 10 + i) for i in range(players)]
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
    (players, seed, steps, OPTIONS[(players + seed) % len(OPTIONS)] if players > 1 else {})
    for players in range(1, 5)
    for seed, steps in ((1, 8), (2, 60), (3, 200), (4, 5000))
]


@pytest.mark.parametrize(("players", "seed", "steps", "options"), CASES)
def test_screens_render_at_80_columns_with_printed_names(players, seed, steps, options):
    game = play(players, seed, steps, options)
    for viewer in sorted({0, players - 1, None}, key=str):
        obs = game.observation(viewer)
        parts = ADAPTER.screen_parts(obs)
        keys = [p.key for p in parts]
        assert "round" in keys
        assert len(keys) == len(set(keys))
        assert ("you" in keys and "hand" in keys) == (viewer is not None)
        assert ("virtual" in keys) == (players == 1)
        assert ("scores" in keys) == game.is_terminal()
        text = render(parts)
        for pattern in RAW:
            assert not re.search(pattern, text), (pattern, re.search(pattern, text))
        assert all(len(line) <= 80 for line in text.splitlines())
        narrow = render(parts, 40)  # a side panel of a full-screen layout
        assert all(len(line) <= 40 for line in narrow.splitlines())
        for part in parts:
            assert part.lines == height(part)
        for seat in range(players):
            assert seat_mark(seat) in text
            assert obs["players"][seat]["faction"] in text
        flat = " ".join(text.split())  # a name may wrap in its row
        for loc in obs["locations"]:
            assert loc["name"] in flat
        if viewer is not None:
            hand = render([p for p in parts if p.key == "hand"])
            for card in obs["your_hand"]:
                assert card["name"] in hand


def hand_names(game, seat: int) -> set[str]:
    return {card["name"] for card in game.observation(seat)["your_hand"]}


def test_a_hand_is_not_shown_to_another_seat():
    game = play(2, 5, 40)
    for seat, other in ((0, 1), (1, 0)):
        secret = hand_names(game, seat) - hand_names(game, other)
        # cards everybody saw the seat take, or lying face up, may be named; the rest may not
        obs = game.observation(other)
        public = set(obs["players"][seat]["hand"]) | {loc["name"] for loc in obs["locations"]}
        public |= {c["name"] for c in obs["draft"]}
        secret -= public
        assert secret, "the test needs a card only one seat holds"
        text = render(ADAPTER.screen_parts(obs))
        for name in secret:
            assert name not in text, name


def test_the_own_parts_come_first():
    game = play(3, 2, 60)
    parts = ADAPTER.screen_parts(game.observation(2))
    own = [p.key for p in parts if p.own]
    assert own == ["you", "hand"]
    keys = [p.key for p in parts if p.key != "decision"]  # the card being decided on, if any
    assert keys[:2] == own
    assert seat_mark(2) in parts[[p.key for p in parts].index("you")].title


def test_a_card_in_hand_shows_cost_raze_deal_and_ability():
    game = play(2, 3, 30)
    obs = game.observation(0)
    card = next(c for c in obs["your_hand"] if c["source"] == "printed")
    text = render([p for p in ADAPTER.screen_parts(obs) if p.key == "hand"])
    line = next(line for line in text.splitlines() if line.startswith(card["name"]))
    assert "cost " in line
    if card["raze"]:
        assert "raze " in line
    if card["deal"]:
        assert "deal " in line
    assert card["text"][:30] in text


def test_the_solo_end_says_whether_you_won_and_against_what():
    game = play(1, 4, 5000)
    assert game.is_terminal()
    obs = game.observation(0)
    text = render([p for p in ADAPTER.screen_parts(obs) if p.key == "scores"])
    row = obs["scores"][0]
    verdict = "You won: " if row["won"] else "You lost: "
    assert verdict in text and f"Collection of {row['collection']}" in " ".join(text.split())


def test_every_decision_kind_has_help_with_a_rulebook_section():
    for kind in PROMPTS:
        help_ = ADAPTER.decision_help({"decision": {"kind": kind, "player": 0}})
        assert help_.title and help_.title != kind, kind
        assert help_.summary.endswith("."), kind
        assert help_.section.startswith("Rulebook p. "), kind
    assert ADAPTER.decision_help({"decision": None}).section


def test_descriptions_name_cards_and_what_they_cost_or_gain():
    game = play(2, 7, 400, until=lambda g: any(a.kind == "build" for a in g.legal_actions()))
    builds = [game.describe(a) for a in game.legal_actions() if a.kind == "build"]
    assert builds
    assert all(
        re.fullmatch(r"Build .+ \((free|.*(Wood|Stone|Food|a Location).*)\)", b) for b in builds
    )


def test_the_lookout_offer_comes_first_for_the_player_taking_a_card():
    game = play(3, 4, 200, until=lambda g: g.decision is not None and g.decision["kind"] == "pick")
    assert game.decision["kind"] == "pick"
    p = game.decision["player"]
    parts = ADAPTER.screen_parts(game.observation(p))
    assert parts[0].key == "lookout" and parts[0].own
    offer = render([parts[0]])
    for card in game.observation(p)["draft"]:
        assert card["name"] in offer
        assert f"Take {card['name']} (" in game.describe_for(f"pick {card['id']}", p)
    other = ADAPTER.screen_parts(game.observation((p + 1) % 3))
    assert not next(part for part in other if part.key == "lookout").own


# ---- the screen in the viewer's language (issue #15) ----------------------------------------
# What the screen writes itself, in English: none of it may be left on a Spanish, Italian or
# Portuguese screen. The card data's partly known ability texts (the community's English
# words, not the screen's) are taken out of the observations first.
ENGLISH_LABELS = [
    r"\bphase\b",
    r"First player",
    r"\bpassed\b",
    r"Common deck",
    r"Common discard",
    r"Faction deck",
    r"Faction discard",
    r"\bRules:",
    r"VP now",
    r"\bhand \d",
    r"\bProduction\b",
    r"\bFeature\b",
    r"\bAction\b",
    r"\bDeals?\b",
    r"Foundations",
    r"\bWood\b",
    r"\bStone\b",
    r"\bFood\b",
    r"\bGold\b",
    r"\bWorkers?\b",
    r"\bRaze\b",
    r"\bDefense\b",
    r"\bcost\b",
    r"\braze\b",
    r"\bdeal\b",
    r"Partly known",
    r"House text",
    r"Known in hand",
    r"No cards in hand",
    r"Your hand",
    r"Your Empire",
    r"Opponents",
    r"Locations:",
    r"Collection",
    r"Attack deck",
    r"Target line",
    r"\bused\b",
    r"on it\)",
    r"under it\)",
    r"taken by",
    r"\bblocked\b",
    r"Final scores",
    r"You won",
    r"You lost",
    r"\bunknown\b",
    r"Lookout",
    r"\b(brown|red|blue|black|pink|gr[ae]y)\b",
    r"Cards you are choosing",
    r"virtual player",
    r"\bNow\b",
    r"\b(Romans|Barbarians|Egyptians|Japanese)\b",
    r"VP track",
    r"\bShrine\b",
    r"\bGate\b",
    r"Trade Route",
    r"Peaceful|Advanced|Alternate",
]
LABELS = {
    "es": ["Madera", "Acuerdos", "Mazo de facción", "PV ahora", "Producción"],
    "it": ["Legno", "Accordi", "Mazzo fazione", "VP ora", "Produzione"],
    "pt": ["Madeira", "Acordos", "Baralho de fação", "PV agora", "Produção"],
}
COST = {"es": "coste", "it": "costo", "pt": "custo"}  # a card's cost, in hand
LANGUAGE_GAMES = [
    (1, 1, 60, {}),
    (1, 4, 5000, {}),  # the solo game's end: won or lost, and why
    (2, 2, 200, OPTIONS[1]),
    (3, 3, 120, OPTIONS[2]),
    (4, 4, 5000, OPTIONS[0]),
]


def _without_known_texts(item):
    if isinstance(item, dict):
        return {k: _without_known_texts(v) for k, v in item.items() if k != "known_text"}
    if isinstance(item, list):
        return [_without_known_texts(v) for v in item]
    return item


def _english_left(text: str) -> list[str]:
    return [m.group(0) for p in ENGLISH_LABELS for m in [re.search(p, text)] if m]


@pytest.mark.parametrize("lang", ["es", "it", "pt"])
@pytest.mark.parametrize(("players", "seed", "steps", "options"), LANGUAGE_GAMES)
def test_every_panel_in_the_viewers_language(lang, players, seed, steps, options):
    game = play(players, seed, steps, options)
    for viewer in sorted({0, players - 1, None}, key=str):
        obs = _without_known_texts(game.observation(viewer))
        parts = ADAPTER.screen_parts(obs, lang)
        assert [p.key for p in parts] == [p.key for p in ADAPTER.screen_parts(obs)]
        text = render(parts)
        assert not _english_left(text), (lang, _english_left(text))
        assert all(len(line) <= 80 for line in text.splitlines())
        assert all(len(line) <= 40 for line in render(parts, 40).splitlines())
        for part in parts:
            assert part.lines == height(part)
        if viewer is not None:
            shown = " ".join(text.split())
            for label in LABELS[lang] + ([COST[lang]] if obs["your_hand"] else []):
                assert label in shown, (lang, label)
    if not game.is_terminal():  # the rules help of the decision, in the language too
        deciding = game.observation(game.current_player)
        helped, english = ADAPTER.decision_help(deciding, lang), ADAPTER.decision_help(deciding)
        assert helped.title != english.title and helped.summary != english.summary
