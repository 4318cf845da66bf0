"""The one error family of the engine: every message is a sentence a referee can read."""

from __future__ import annotations

import unicodedata


def one_line(text: str) -> str:
    """`text` with control characters and line breaks written as \\u escapes.

    A reason quotes what the journal said (an unknown seat, an unknown event name), and a
    journal line may hold any character; the message must still be one line.
    """
    if text.isprintable():
        return text
    return "".join(
        f"\\u{ord(c):04x}" if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in text
    )


class GnavError(ValueError):
    """An event, header or journal line the rules do not accept."""


class JournalError(GnavError):
    """A journal line that cannot be read or applied; carries its 1-based line number."""

    def __init__(self, line: int, reason: str) -> None:
        reason = one_line(reason)
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason
