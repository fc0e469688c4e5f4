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
    # Plain ADD COLUMN, never a batch table copy: on SQLite a copy drops and recreates "games",
    # and with foreign keys on, that would delete every seat and action by cascade.
    op.add_column(
        "games", sa.Column("seeded", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("games", sa.Column("seed_salt", sa.String(32), nullable=True))
    op.add_column("games", sa.Column("touched", sa.DateTime(timezone=True), nullable=True))
    op.add_column("games", sa.Column("last_human", sa.DateTime(timezone=True), nullable=True))
    # Games stored before this revision count as touched when they were created (or finished),
    # and as acted on by a human when a human seat has an action.
    op.execute("UPDATE games SET touched = COALESCE(finished, created)")
    op.execute(
        "UPDATE games SET last_human = touched WHERE EXISTS (SELECT 1 FROM actions a "
        "JOIN seats s ON s.game_id = a.game_id AND s.seat = a.seat "
        "WHERE a.game_id = games.id AND s.kind = 'human')"
    )


def downgrade() -> None:
    for column in ("last_human", "touched", "seed_salt", "seeded"):
        op.drop_column("games", column)  # ALTER TABLE DROP COLUMN (SQLite 3.35+): no copy
