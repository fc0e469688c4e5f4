"""Same seeds, same games: games recorded by make_golden.py (both engines, random and
heuristic bots, player counts and options) are played again by the same seeded bots and must
take the same actions, offer the same legal actions at every decision and end with the same
scores. A restructuring that changes any rule, any order of legal actions or any bot choice
fails here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.golden.make_golden import play

GAMES = json.loads(Path(__file__).with_name("histories.json").read_text())


@pytest.mark.parametrize(
    "recorded",
    GAMES,
    ids=[f"{g['game']}-{g['players']}p-{g['bot']}-{g['seed']}-{i}" for i, g in enumerate(GAMES)],
)
def test_the_same_seed_plays_the_same_game(recorded):
    again = play(
        recorded["game"],
        recorded["players"],
        recorded["options"],
        recorded["bot"],
        recorded["seed"],
    )
    assert again["actions"] == recorded["actions"]
    assert again["legal_digest"] == recorded["legal_digest"]
    assert again["scores"] == recorded["scores"]
    assert again["ranking"] == recorded["ranking"]


def test_the_recording_covers_both_games_and_bots():
    assert {g["game"] for g in GAMES} == {"discovery", "settlers"}
    assert {g["bot"] for g in GAMES} == {"random", "heuristic"}
    assert len(GAMES) >= 30
