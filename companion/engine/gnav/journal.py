"""Gnav's journals as JSON Lines text (journals v1 and v2): written line by line, and read with
every event checked against the rules in order, each bad line named by its number.

The framing of lines is every game's (companion.core.journal); the header and events here are
Gnav's (events.py), followed by the one Follower (companion.core.replay).
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.core.errors import JournalError
from companion.core.journal import Source
from companion.core.protocols import AnyKind, Header
from companion.core.replay import replay_until_bad as follow
from companion.engine.gnav.events import Event, Table
from companion.engine.gnav.kind import KIND
from companion.engine.gnav.state import TableState


def header_line(table: Table) -> str:
    return KIND.header_line(table)


def event_line(event: Event) -> str:
    return KIND.event_line(event)


def dumps(table: Table, events: Iterable[Event]) -> str:
    """The whole journal as text, one line each, ending with a newline."""
    return KIND.dumps(table, events)


def read(data: Source) -> tuple[Table, list[Event]]:
    """The header and events of a journal, each event checked against the rules in order.

    Raises JournalError naming the first bad line. Blank lines are skipped (but counted).
    """
    table, events, _state = replay(data)
    return table, events


def replay(data: Source) -> tuple[Table, list[Event], TableState]:
    """Reads and applies a journal; raises JournalError naming the first bad line."""
    table, events, state, error = replay_until_bad(data)
    if error is not None:
        raise error
    return table, events, state


def replay_state(data: Source) -> TableState:
    """The state at the end of a journal, its events not kept (for `replay`, whose memory
    stays that of the state however long the file is); raises JournalError."""
    _table, _events, state, error = replay_until_bad(data, keep=False)
    if error is not None:
        raise error
    return state


def _gnav(obj: object) -> tuple[AnyKind, Header]:
    return KIND, KIND.parse_header(obj)


def replay_until_bad(
    data: Source, keep: bool = True
) -> tuple[Table, list[Event], TableState, JournalError | None]:
    """The header, the events before the first bad line (all of them when `keep`) and the
    state after them, and the JournalError of that line (None when every line is good).
    Reading stops at the bad line. A bad header raises its JournalError: nothing was read.
    """
    table, events, state, error = follow(data, _gnav, keep)
    if not isinstance(table, Table) or not isinstance(state, TableState):  # pragma: no cover
        raise TypeError("Gnav's kind gave another game")
    return table, events, state, error
