"""Gwra pyskessa as the seam (companion.core) sees a game: its GameKind."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from companion.core.journal import encode

from .events import GAME, Event, Header, event_json, header_json, parse_event, parse_header
from .state import GoFishState


class GoFishKind:
    """Gwra pyskessa, refereed by this package (journal v2, "game": "gwra-pyskessa")."""

    name = GAME

    def parse_header(self, obj: object) -> Header:
        return parse_header(obj)

    def parse_event(self, obj: object, header: Any) -> Event:
        return parse_event(obj)

    def new_state(self, header: Any) -> GoFishState:
        return GoFishState(_header(header))

    def header_line(self, header: Any) -> str:
        return encode(header_json(_header(header)))

    def event_line(self, event: Event) -> str:
        return encode(event_json(event))

    def dumps(self, header: Any, events: Iterable[Event]) -> str:
        """The whole journal as text, one line each, ending with a newline."""
        lines = [self.header_line(header)] + [self.event_line(e) for e in events]
        return "\n".join(lines) + "\n"

    def new_header(self, header: Any) -> Header:
        # through the header's JSON so that a new table is checked exactly as a stored one
        # (always version 2: a journal of this game names it)
        return parse_header(json.loads(self.header_line(header)))


def _header(header: object) -> Header:
    if not isinstance(header, Header):
        raise TypeError("a table of gwra-pyskessa needs a header its kind parsed")
    return header


KIND = GoFishKind()
