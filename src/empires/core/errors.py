"""Errors raised by engines and tools; each message names what was wrong."""


class IllegalActionError(ValueError):
    """An action that is malformed or not legal in the current state. The state is unchanged."""


class SaveFileError(ValueError):
    """A saved game or replay that cannot be read: corrupt, truncated, or for another game."""
