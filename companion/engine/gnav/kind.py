"""Gnav as the seam (companion.core) sees a game: its GameKind (journal v1, and v2 with
"game": "gnav")."""

from __future__ import annotations

from collections.abc import Iterable

from companion.core.journal import encode
from companion.core.protocols import GameKind
from companion.engine.cuckoo.outcome import Outcome
from companion.engine.gnav.events import (
    GAME,
    Event,
    Table,
    event_json,
    header_json,
    journal_version_for,
    parse_event,
)
from companion.engine.gnav.events import parse_header as parse_table
from companion.engine.gnav.state import TableState


class GnavKind:
    """Gnav, refereed by companion.engine."""

    name = GAME

    def parse_header(self, obj: object) -> Table:
        return parse_table(obj)

    def parse_event(self, obj: object, header: Table) -> Event:
        return parse_event(obj, header.version)

    def new_state(self, header: Table) -> TableState:
        return TableState(header)

    def header_line(self, header: Table) -> str:
        return encode(header_json(header))

    def event_line(self, event: Event) -> str:
        return encode(event_json(event))

    def dumps(self, header: Table, events: Iterable[Event]) -> str:
        """The whole journal as text, one line each, ending with a newline."""
        lines = [self.header_line(header)] + [self.event_line(e) for e in events]
        return "\n".join(lines) + "\n"

    def new_header(self, header: Table) -> Table:
        # through the header's JSON so that a new table is checked exactly as a stored one
        return parse_table(header_json(journal_version_for(header)))


# typed as the seam's protocol, so that mypy proves the kind is one
KIND: GameKind[Table, Event, Outcome] = GnavKind()
