"""The table's clock, absent players and undo: actions.stand_in (the bot that played an action
for an absent human), seat_clocks (each seat's time left, deadline and whether a bot plays for
it) and undos (the actions a player took back, kept with the game).

Revision ID: 0004_table_clock
Revises: 0003_coach
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_table_clock"
down_revision = "0003_coach"
branch_labels = None
depends_on = None


def _game_id() -> sa.Column:
    return sa.Column(
        "game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )


def upgrade() -> None:
    # Plain ADD COLUMN (see 0002): never a batch copy of a table.
    op.add_column("actions", sa.Column("stand_in", sa.String(64), nullable=True))
    op.create_table(
        "seat_clocks",
        _game_id(),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("remaining", sa.Float, nullable=True),
        sa.Column("deadline", sa.Float, nullable=True),
        sa.Column("away", sa.String(16), nullable=True),
    )
    op.create_table(
        "undos",
        _game_id(),
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("index", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("actions", sa.Text, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("undos")
    op.drop_table("seat_clocks")
    op.drop_column("actions", "stand_in")
