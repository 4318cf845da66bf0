"""The registry: a journal header's "game" to the kind that referees it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.engine import Table, TableState, header_json, journal, journal_version_for
from companion.engine import parse_event as gnav_event
from companion.engine import parse_header as gnav_header
from companion.engine.books import FAMILY_BOOKS
from companion.engine.errors import GnavError
from companion.engine.family import FamilyKind
from companion.games.gwra_pyskessa import KIND as GWRA_PYSKESSA

from .protocols import Event, GameKind, GameState, Header


class GnavKind:
    """Gnav, refereed by companion.engine (journal v1, and v2 with "game": "gnav")."""

    name = "gnav"

    def parse_header(self, obj: object) -> Header:
        return gnav_header(obj)

    def parse_event(self, obj: object, header: Header) -> Event:
        return gnav_event(obj, header.version)

    def new_state(self, header: Header) -> GameState:
        return TableState(_table(header))

    def header_line(self, header: Header) -> str:
        return journal.header_line(_table(header))

    def event_line(self, event: Event) -> str:
        return journal.event_line(event)

    def dumps(self, header: Header, events: Iterable[Event]) -> str:
        return journal.dumps(_table(header), events)

    def new_header(self, header: Header) -> Header:
        # through the header's JSON so that a new table is checked exactly as a stored one
        return gnav_header(header_json(journal_version_for(_table(header))))


def _table(header: Header) -> Table:
    if not isinstance(header, Table):
        raise TypeError("a Gnav table needs a header Gnav parsed")
    return header


GNAV = GnavKind()
KINDS: dict[str, GameKind] = {GNAV.name: GNAV, GWRA_PYSKESSA.name: GWRA_PYSKESSA}
# the rest of the cuckoo family: one engine (companion/engine/family.py), each game its data
KINDS.update((book.game, FamilyKind(book)) for book in FAMILY_BOOKS)


def kind_named(name: str) -> GameKind:
    """The kind of a header already parsed (its `game`); KeyError for none."""
    return KINDS[name]


def parse_header(obj: object) -> tuple[GameKind, Header]:
    """The kind the header's "game" names and the header it parsed; raises GnavError.

    A header naming no kind of this build (or a v1 header, always Gnav) goes to Gnav's parser,
    whose error for a game it does not referee is the one users have always been given.
    """
    name: Any = obj.get("game") if isinstance(obj, dict) else None
    if isinstance(obj, dict) and not (obj.get("version") == 2 and type(obj["version"]) is int):
        name = None  # docs/journal.md, v2 section 1: a v1 header is Gnav's; Gnav refuses "game"
    kind = KINDS.get(name, GNAV) if isinstance(name, str) else GNAV
    header = kind.parse_header(obj)
    if header.game != kind.name:  # pragma: no cover - a kind must parse only its own game
        raise GnavError("this journal keeps a game of {game}; this build does not referee "
                        "{game} yet, only gnav.", game=header.game)
    return kind, header
