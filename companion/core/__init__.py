"""The floor every game stands on, and that names no game.

Text and errors (errors.py), the journal's framing (journal.py), reading a line's fields
(fields.py), the seam's protocols, generic in a game's header, event and outcome types
(protocols.py), the one follower of a journal's lines with snapshots (follower.py) and replay
(replay.py). Nothing here imports a game or anything above this package: the games import it.
"""

from .errors import GnavError, JournalError, Text
from .follower import SNAPSHOT_EVERY, Follower
from .protocols import AnyKind, AnyState, GameKind, GameState, Header

__all__ = [
    "SNAPSHOT_EVERY", "AnyKind", "AnyState", "Follower", "GameKind", "GameState", "GnavError",
    "Header", "JournalError", "Text",
]
