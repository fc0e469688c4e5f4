"""Each rated seat's rating before and after its game (rating_changes), and why a game looked at
was not rated (rated_games.unrated): the rating change shown at a game's end
(empires.server.ratings).

Revision ID: 0009_rating_changes
Revises: 0007_accounts
Create Date: 2026-12-08
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_rating_changes"
down_revision = "0007_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN (see 0002): never a batch copy of a table.
    op.add_column("rated_games", sa.Column("unrated", sa.String(32), nullable=True))
    op.create_table(
        "rating_changes",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("player", sa.String(80), nullable=False),
        *(
            sa.Column(f"{what}_{when}", sa.Float, nullable=False)
            for when in ("before", "after")
            for what in ("mu", "sigma", "ordinal")
        ),
    )


def downgrade() -> None:
    op.drop_table("rating_changes")
    op.drop_column("rated_games", "unrated")
