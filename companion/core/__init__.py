"""The game-agnostic seam: what the store, the boards, salvage and the cli know of a game.

They see a game through its kind (parse a header and events, make a new state) and its state
(check, why_not, apply, options, clone, as_json), found by the header's "game" in the
registry, and follow a journal with the one Follower. Nothing here names a game's classes.
"""

from .follower import SNAPSHOT_EVERY, Follower
from .protocols import Event, GameKind, GameState, Header
from .registry import KINDS, kind_named, parse_header

__all__ = [
    "KINDS", "SNAPSHOT_EVERY", "Event", "Follower", "GameKind", "GameState", "Header",
    "kind_named", "parse_header",
]
