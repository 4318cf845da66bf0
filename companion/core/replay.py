"""Replay by registry: a journal's header to its kind, its lines through the one Follower."""

from __future__ import annotations

from typing import Any

from companion.engine.errors import GnavError, JournalError
from companion.engine.journal import Source, decode_line, split_lines

from .follower import Follower
from .names import check_new_names
from .protocols import Event, GameState, Header
from .registry import parse_header


class TooManyEvents(Exception):
    """The journal goes on past the `most` events its reader takes (the store's cap): `line`
    holds the first event beyond them. Nothing past it was read."""

    def __init__(self, line: int, most: int) -> None:
        super().__init__(f"line {line}: more than {most} events")
        self.line = line
        self.most = most


def replay_until_bad(
    data: Source, keep: bool = True, most: int | None = None
) -> tuple[Header, list[Event], GameState, JournalError | None]:
    """The header, the events before the first bad line (all of them when `keep`) and the
    state after them, and the JournalError of that line (None when every line is good).
    Reading stops at the bad line. A bad header raises its JournalError: nothing was read.
    With `most`, a journal with more events than that raises TooManyEvents at the first
    event beyond them, so no more than `most` are ever held.
    """
    lines = split_lines(data)
    try:
        first = next(lines, None)
    except JournalError as err:
        if err.line == 1:
            raise
        # lines before it were blank, so line 1, where the header belongs, is the first bad one
        raise JournalError(1, "the first line must be the table header, not a blank line.") from None
    if first is None:
        raise JournalError(1, "the journal is empty; its first line must be the table header.")
    number, text = first
    try:
        obj = decode_line(text)
    except GnavError as err:
        obj = err
    if number != 1 and not _is_v2_header(obj):
        # v1: the header belongs on line 1, so that is the line at fault, not the first one
        # with text (docs/journal.md, v2 section 2, lets blank lines come before a v2 header)
        raise JournalError(1, "the first line must be the table header, not a blank line.")
    try:
        if isinstance(obj, GnavError):
            raise obj
        kind, header = parse_header(obj)
        check_new_names(header.seats)  # a journal from outside brings new names to the app
    except GnavError as err:
        raise JournalError(number, err.text) from None
    follower = Follower(kind, header, keep=keep)
    read, apply = follower.read, follower.apply
    number = 1
    left = -1 if most is None else most  # counts down to 0; -1 never gets there
    try:
        for number, text in lines:
            if left == 0:
                raise TooManyEvents(number, most or 0)
            apply(read(text))
            left -= 1
    except JournalError as err:  # a line that is not UTF-8
        return header, follower.events, follower.state, err
    except GnavError as err:
        return header, follower.events, follower.state, JournalError(number, err.text)
    return header, follower.events, follower.state, None


def replay_state(data: Source) -> GameState:
    """The state at the end of a journal of any kind, its events not kept (`replay`'s memory
    stays that of the state however long the file is); raises JournalError at a bad line."""
    _header, _events, state, error = replay_until_bad(data, keep=False)
    if error is not None:
        raise error
    return state


def _is_v2_header(obj: Any) -> bool:
    if not isinstance(obj, dict) or obj.get("ev") != "table":
        return False
    version = obj.get("version")
    return version == 2 and type(version) is int
