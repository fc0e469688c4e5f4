"""One owner process per game (issue #29): the process holding a game's lease (``owner``), the
fencing epoch every write of the owner checks (``owner_epoch``, raised at each new owner) and
when the lease lapses unless renewed (``lease_until``, the database's clock); and
``broker_keys``, the key the processes sign their notes on the broker with (made once, by the
first process to need it). See empires.server.lease and empires.server.shared_log.

Revision ID: 0010_game_lease
Revises: 0001_initial
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_game_lease"
down_revision = "0001_initial"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN (see 0002): never a batch copy of a table.
    op.add_column("games", sa.Column("owner", sa.String(16), nullable=True))
    op.add_column("games", sa.Column("owner_epoch", sa.Integer, nullable=False, server_default="0"))
    op.add_column("games", sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_games_lease_until", "games", ["lease_until"])
    op.create_table(
        "broker_keys",
        sa.Column("name", sa.String(16), primary_key=True),
        sa.Column("key", sa.String(64), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("broker_keys")
    op.drop_index("ix_games_lease_until", table_name="games")
    op.drop_column("games", "lease_until")
    op.drop_column("games", "owner_epoch")
    op.drop_column("games", "owner")
