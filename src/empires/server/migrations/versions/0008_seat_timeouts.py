"""Timeouts in a row per seat (seat_clocks.timeouts): a timeout has the stand-in bot play one
decision; after three in a row the seat is absent until its player returns
(empires.server.table_clock).

Revision ID: 0008_seat_timeouts
Revises: 0004_table_clock
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_seat_timeouts"
down_revision = "0004_table_clock"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN (see 0002): never a batch copy of a table.
    op.add_column("seat_clocks", sa.Column("timeouts", sa.Integer, nullable=True))


def downgrade() -> None:
    op.drop_column("seat_clocks", "timeouts")
