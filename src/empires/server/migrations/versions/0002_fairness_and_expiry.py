"""Seed commitments and expiry: games.seeded, seed_salt, touched, last_human.

Revision ID: 0002_fairness_and_expiry
Revises: 0001_initial
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_fairness_and_expiry"
down_revision = "0001_initial"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("seeded", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("seed_salt", sa.String(32), nullable=True))
        batch.add_column(sa.Column("touched", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("last_human", sa.DateTime(timezone=True), nullable=True))
    # Games stored before this revision count as touched when they were created (or finished),
    # and as acted on by a human when a human seat has an action.
    op.execute("UPDATE games SET touched = COALESCE(finished, created)")
    op.execute("UPDATE games SET last_human = touched WHERE EXISTS (SELECT 1 FROM actions a "
               "JOIN seats s ON s.game_id = a.game_id AND s.seat = a.seat "
               "WHERE a.game_id = games.id AND s.kind = 'human')")


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("last_human")
        batch.drop_column("touched")
        batch.drop_column("seed_salt")
        batch.drop_column("seeded")
