"""Card files for owners of the game: the template of the cards to fill in, and the check of a
file (the schema, what is not filled in yet, the engine, then seeded random games played with it).

An owner completes the set without code: ``empires cards template --game settlers -o mine.json``
writes every unverified card with its known fields and an empty ability; they fill in the
abilities in the vocabulary of ``data/cards.schema.json`` and run ``empires cards validate
mine.json``, then play with ``--cards mine.json``. What they fill in is a house card (``source``
``"house"``), never presented as printed.
"""

from __future__ import annotations

import json
import os
import tempfile
from typing import Any

from empires.core.rng import Rng
from empires.settlers.actions import CARD_KINDS
from empires.settlers.cards import (
    FACTIONS,
    KNOWN_FIELDS,
    CardDB,
    CardFileError,
    builtin_data,
    filled_in,
    is_overlay,
    parse_card_file,
    schema_problems,
)
from empires.settlers.game import new_game
from empires.settlers.heuristic import SettlersHeuristicBot
from empires.settlers.options import Options

FORMAT = "empires-settlers-cards/overlay-1"
# The fields of an unverified card the template repeats (an overlay may repeat them; they must
# then match the built-in data).
TEMPLATE_FIELDS = ("id", *KNOWN_FIELDS)
ABOUT = (
    "Imperial Settlers cards to fill in: give each card its printed ability ('feature' triggers "
    "or the 'action'), and its 'text' in words, in the vocabulary of the card-file schema "
    "(src/empires/settlers/data/cards.schema.json in the empires package); an Attack card's "
    "'target'. Leave a card as it is to play it without its ability. Check the file with "
    "`empires cards validate FILE`, then play with --cards FILE. What you fill in is shown as a "
    "house rule, never as the printed card."
)


def card_template() -> dict:
    """Every unverified card with its known fields and an empty ability (a valid overlay that
    :func:`validate` reports as not filled in yet, card by card)."""
    base = builtin_data()
    cards = []
    for card in base["cards"]:
        if not card.get("unverified"):
            continue
        entry = {k: card[k] for k in TEMPLATE_FIELDS if k in card}
        if card["type"] == "feature":
            entry["feature"] = []
        else:
            entry["action"] = None
        entry["text"] = ""
        cards.append(entry)
    attacks = [
        {"id": a["id"], "name": a["name"], "target": None}
        for a in base["attack_cards"]
        if a.get("unverified")
    ]
    return {"format": FORMAT, "about": ABOUT, "cards": cards, "attack_cards": attacks}


def problem(card: str | None, field: str | None, message: str) -> dict:
    return {"card": card, "field": field, "message": message}


def _problem(exc: CardFileError) -> dict:
    """A problem from an error, its message without the card and field it names apart."""
    message = str(exc)
    prefix = f"card {exc.card!r}:"
    if exc.card and message.startswith(prefix):
        message = message[len(prefix) :].strip()
    if exc.field and message.split(" ")[0].rstrip(":") == exc.field:
        message = message[len(exc.field) :].lstrip(": ")
    return problem(exc.card, exc.field, message)


def unfilled(data: dict) -> list[dict]:
    """The cards of an overlay left without an ability, and filled-in ones without a text."""
    out = []
    kinds = {c["id"]: c["type"] for c in builtin_data()["cards"]}
    for key in ("cards", "attack_cards"):
        for entry in data.get(key, []):
            cid = entry["id"]
            kind = "attack" if key == "attack_cards" else kinds[cid]
            field = {"attack": "target", "feature": "feature"}.get(kind, "action")
            if not filled_in(entry, kind):
                out.append(problem(cid, field, "not filled in yet"))
            elif kind != "attack" and not entry.get("text"):
                out.append(
                    problem(cid, "text", "the ability in words is missing (players read it)")
                )
    return out


def validate(data: Any, games: int = 8) -> tuple[list[dict], dict]:
    """Check a card file's data: the schema, then (an overlay) the cards not filled in yet, then
    the engine (merging and loading it), then ``games`` seeded random games played with it
    (4 players, every faction; and solo games when Attack cards are filled in). Returns the
    problems (``{"card", "field", "message"}``, card by card) and a summary."""
    if not isinstance(data, dict):
        return [problem(None, None, "a card file is a JSON object with a 'cards' list")], {}
    problems = [_problem(e) for e in schema_problems(data)]
    if problems:
        return problems, {}
    if is_overlay(data):
        problems += unfilled(data)
    try:
        db = parse_card_file(data)
    except CardFileError as exc:
        return [*problems, _problem(exc)], {}
    house = [c for c in db.cards if c.source == "house"]
    summary = {
        "house": len(house),
        "unverified": sum(c.unverified for c in db.cards),
        "games": 0,
        "built": 0,
    }
    if games > 0:
        problems += _play(data, db, games, summary)
    return problems, summary


def _play(data: dict, db: CardDB, games: int, summary: dict) -> list[dict]:
    """Random games with the file (written to a temporary file: games name their card file)."""
    solo = any(c.source == "house" and c.deck == "attack" for c in db.cards)
    fd, path = tempfile.mkstemp(suffix=".json", prefix="empires-cards-")
    out: list[dict] = []
    built: set[str] = set()
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f)
        for seed in range(games):
            n = 1 if solo and seed % 2 else 4
            factions = (FACTIONS[seed % 4],) if n == 1 else FACTIONS
            err = _random_game(n, seed, Options(factions=factions, cards=path), built)
            summary["games"] += 1
            if err is not None and err not in out:
                out.append(err)
    finally:
        os.unlink(path)
    summary["built"] = len(built)
    return out


def _random_game(n: int, seed: int, options: Options, built: set[str]) -> dict | None:
    """Play one game with random legal choices (in odd games the heuristic bot plays seat 0: its
    values of the abilities are checked too); the problem it ran into (naming the house card
    being resolved), or None. ``built``: the house cards that reached an Empire."""
    game = new_game(n, seed, options)
    s = game.s
    rng = Rng(seed)
    bot = SettlersHeuristicBot(seed) if seed % 2 else None
    steps = 0
    while not game.is_terminal():
        decision = s.pending[-1] if s.pending else {}
        action = None
        try:
            if bot is not None and game.current_player == 0:
                action = bot.choose(game)
            else:
                legal = game.legal_actions()
                action = legal[rng.randrange(len(legal))]
            game.apply(action)
        except Exception as exc:  # a house ability that breaks the engine
            card = _culprit(s.db, decision, action)
            where = f"game {seed} ({n} player{'s' if n > 1 else ''}), after {steps} actions"
            return problem(card, None, f"{where}: {type(exc).__name__}: {exc}")
        steps += 1
        for locs in s.empire:
            built.update(s.db[c].id for c in locs if s.db[c].source == "house")
    return None


def _culprit(db: CardDB, decision: dict, action: Any) -> str | None:
    """The house card most likely at fault: the one whose decision was being made, else the one
    the action named."""
    named = action.a if action is not None and action.kind in CARD_KINDS else None
    for c in (decision.get("card"), named):
        if isinstance(c, int) and 0 <= c < len(db.cards) and db[c].source == "house":
            return db[c].id
    return None
