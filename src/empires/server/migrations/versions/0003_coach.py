"""The coach: games.practice, the hints asked in practice games, stored post-game analyses.

Revision ID: 0003_coach
Revises: 0002_fairness_and_expiry
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_coach"
down_revision = "0002_fairness_and_expiry"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN (see 0002): never a batch copy of "games".
    op.add_column(
        "games", sa.Column("practice", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.create_table(
        "hints",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("index", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("hint", sa.Text, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "analyses",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("iterations", sa.Integer, nullable=False),
        sa.Column("analysis", sa.Text, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("analyses")
    op.drop_table("hints")
    op.drop_column("games", "practice")
