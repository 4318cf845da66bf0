"""Gnav: its pack and rule books (pieces.py, rules.py, book.py), its journal (events.py,
journal.py, kind.py), its state on the cuckoo family's one engine (state.py), its sentences,
lessons and quiz (narrate.py, teach.py, quiz.py), and its description (GAME), which the
registry reads. Pure Python: no Flet, no files, no clock, no randomness."""

from companion.core.errors import GnavError, JournalError, Text
from companion.core.fields import STOCK
from companion.engine.cuckoo.events import (
    Change,
    Cut,
    Deal,
    Knock,
    Leave,
    Query,
    Reply,
    Reveal,
    SitOut,
    Stand,
)
from companion.engine.cuckoo.outcome import Outcome
from companion.engine.cuckoo.settlement import Loss, PoolTake, Settlement
from companion.engine.gnav.events import (
    Event,
    Stakes,
    Table,
    event_json,
    header_json,
    journal_version_for,
    parse_event,
    parse_header,
)
from companion.engine.gnav.pieces import (
    CALLS,
    GNAV_PACK,
    MATADORS,
    PIECES,
    RANK,
    Effect,
    Pack,
    Piece,
)
from companion.engine.gnav.rules import DEFAULT_RULES, HOUSE_FIELDS, PRESETS, Rulebook, rulebook
from companion.engine.gnav.state import TableState

from .describe import GAME

__all__ = [
    "CALLS", "DEFAULT_RULES", "GAME", "GNAV_PACK", "HOUSE_FIELDS", "MATADORS", "PIECES", "PRESETS",
    "RANK", "STOCK", "Change", "Cut", "Deal", "Effect", "Event", "GnavError", "JournalError",
    "Knock", "Leave", "Loss", "Outcome", "Pack", "Piece", "PoolTake", "Query", "Reply", "Reveal",
    "Rulebook", "Settlement", "SitOut", "Stakes", "Stand", "Table", "TableState", "Text",
    "event_json", "header_json", "journal_version_for", "parse_event", "parse_header", "rulebook",
]
