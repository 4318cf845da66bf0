"""The one error family of the engine: every message is a sentence a referee can read."""

from __future__ import annotations


class GnavError(ValueError):
    """An event, header or journal line the rules do not accept."""


class JournalError(GnavError):
    """A journal line that cannot be read or applied; carries its 1-based line number."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason
