"""The registry: a journal header's "game" to the kind that referees it."""

from __future__ import annotations

from typing import Any

from companion.core.errors import GnavError, JournalError
from companion.core.journal import Source
from companion.core.protocols import AnyKind, AnyState, Header
from companion.core.replay import replay_state as _replay_state
from companion.core.replay import replay_until_bad as _replay_until_bad
from companion.engine.cuccu.book import BOOK as CUCCU
from companion.engine.cuckoo.family import FamilyKind
from companion.engine.gnav.kind import KIND as GNAV
from companion.engine.gwra_pyskessa import KIND as GWRA_PYSKESSA
from companion.engine.kille.book import BOOK as KILLE
from companion.engine.slabberjan.book import BOOK as SLABBERJAN
from companion.engine.vogelspiel.book import BOOK as VOGELSPIEL

# The other games of the cuckoo family, each a GameBook the one family engine plays.
FAMILY_BOOKS = (KILLE, CUCCU, SLABBERJAN, VOGELSPIEL)

KINDS: dict[str, AnyKind] = {GNAV.name: GNAV, GWRA_PYSKESSA.name: GWRA_PYSKESSA}
# the rest of the cuckoo family: one engine (companion/engine/cuckoo/), each game its data
KINDS.update((book.game, FamilyKind(book)) for book in FAMILY_BOOKS)


def kind_named(name: str) -> AnyKind:
    """The kind of a header already parsed (its `game`); KeyError for none."""
    return KINDS[name]


def parse_header(obj: object) -> tuple[AnyKind, Header]:
    """The kind the header's "game" names and the header it parsed; raises GnavError.

    A header naming no kind of this build (or a v1 header, always Gnav) goes to Gnav's parser,
    whose error for a game it does not referee is the one users have always been given.
    """
    name: Any = obj.get("game") if isinstance(obj, dict) else None
    if isinstance(obj, dict) and not (obj.get("version") == 2 and type(obj["version"]) is int):
        name = None  # journal-v2.md 1: a v1 header is Gnav's, and Gnav refuses its "game"
    kind = KINDS.get(name, GNAV) if isinstance(name, str) else GNAV
    header = kind.parse_header(obj)
    if header.game != kind.name:  # pragma: no cover - a kind must parse only its own game
        raise GnavError("this journal keeps a game of {game}; this build does not referee "
                        "{game} yet, only gnav.", game=header.game)
    return kind, header


def replay_until_bad(
    data: Source, keep: bool = True
) -> tuple[Header, list[Any], AnyState, JournalError | None]:
    """companion.core.replay.replay_until_bad, each header read by the kind it names."""
    return _replay_until_bad(data, parse_header, keep)


def replay_state(data: Source) -> AnyState:
    """The state at the end of a journal of any game (`replay`); raises JournalError."""
    return _replay_state(data, parse_header)


def replay(data: Source) -> tuple[Header, list[Any], AnyState]:
    """Reads and applies a journal of any game; raises JournalError naming the first bad line."""
    header, events, state, error = replay_until_bad(data)
    if error is not None:
        raise error
    return header, events, state
