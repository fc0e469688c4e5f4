"""Open games: seats waiting for a player (seats.open), games listed in the lobby
(games.listed) and rematches (games.rematch_of: the finished game a rematch follows, unique, so
that two clicks, even on two servers, make one rematch).

Revision ID: 0005_open_games
Revises: 0003_coach
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_open_games"
down_revision = "0003_coach"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN (see 0002): never a batch copy of "games".
    op.add_column(
        "games", sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.add_column("games", sa.Column("rematch_of", sa.String(32), nullable=True))
    op.create_index("ix_games_rematch_of", "games", ["rematch_of"], unique=True)
    op.create_index("ix_games_listed_status", "games", ["listed", "status"])
    op.add_column("seats", sa.Column("open", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    op.drop_column("seats", "open")
    op.drop_index("ix_games_listed_status", "games")
    op.drop_index("ix_games_rematch_of", "games")
    op.drop_column("games", "rematch_of")
    op.drop_column("games", "listed")
