"""What the web table reads from an observation: every card view names its colours and type, and
every face-up Location its colours, type and ability text (the card's own, with its unverified
marker), for every viewer."""

from __future__ import annotations

from tests.settlers.settlers_helpers import random_game


def test_card_views_and_locations_carry_what_the_table_draws():
    for n, seed in ((1, 5), (2, 3), (3, 9)):
        game = random_game(n, seed, stop=70)
        db = game.s.db
        by_id = {card.id: card for card in db.cards}
        for viewer in [None, *range(n)]:
            obs = game.observation(viewer)
            locations = obs["locations"] + obs.get("virtual_player", {}).get("locations", [])
            assert locations, (n, seed)
            for loc in locations:
                card = by_id[loc["id"]]
                assert loc["type"] == card.type in ("production", "feature", "action")
                assert loc["colors"] == list(card.colors)
                assert loc["text"] == card.text
                assert loc.get("unverified", False) == card.unverified
                assert loc.get("faction") == (card.deck if card.is_faction else None)
            for view in obs["your_hand"] + obs["draft"] + obs["your_choices"]:
                card = by_id[view["id"]]
                assert view["colors"] == list(card.colors) and view["type"] == card.type
            if viewer is None:
                assert obs["your_hand"] == []
