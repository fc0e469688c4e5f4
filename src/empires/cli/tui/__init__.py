"""The terminal game of ``empires play``: a full-screen Textual app (:mod:`.app`) and a plain
line mode (:mod:`.plain`) over one game-agnostic :class:`~.session.Session` (seats, choices,
screen parts through the game's adapter, taking back, saves with every seat, the outcome)."""
