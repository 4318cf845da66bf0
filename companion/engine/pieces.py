"""The pack and what each piece does when its holder is asked: data, not code.

The other games of the cuckoo family (docs/rules/kille.md, cuccu.md, slabberjan.md and
vogelspiel.md) differ in their packs (counts per piece, direction of play) and in the effects of
their pictures. Both are therefore plain data here; the engine only interprets the effect
vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Literal

from .errors import N_

Direction = Literal["left", "right"]


class Effect(Enum):
    """What happens when the asked holder of a piece answers a change with its call."""

    EXCHANGE = "exchange"  # no call: the pieces are swapped
    END_TURNS = "end_turns"  # cuckoo: no swap, nobody swaps any more, go to the reveal
    BLOCK = "block"  # dragoon: no swap; where play goes on is the rule book's chop_continues
    BLOCK_REVERSE = "block_reverse"  # cat: no swap; exchanges undone when cat_reverses
    PASS_ON = "pass_on"  # horse, house: the asker must ask the next seat beyond the holder


@dataclass(frozen=True, slots=True)
class Piece:
    name: str
    count: int
    matador: bool
    effect: Effect  # the effect of its call when its holder is asked
    call: str | None  # the journal's call word, None for pieces that make no call


@dataclass(frozen=True, slots=True)
class Pack:
    """Pieces highest first, with how many of each, the direction the deal and the turns move
    ("left": the next seat is the next name in the header), and the piece the fool scorings
    of the rule books speak of (None for a pack without one)."""

    name: str
    pieces: tuple[Piece, ...]
    direction: Direction = "left"
    fool: str | None = None
    # Lookups made once, as plain dicts: the state reads them for every piece of a reveal.
    ranks: dict[str, int] = field(init=False, compare=False, repr=False)
    """0 for the highest piece; a larger number is a lower piece."""
    counts: dict[str, int] = field(init=False, compare=False, repr=False)
    _by_name: dict[str, Piece] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ranks", {p.name: i for i, p in enumerate(self.pieces)})
        object.__setattr__(self, "counts", {p.name: p.count for p in self.pieces})
        object.__setattr__(self, "_by_name", {p.name: p for p in self.pieces})

    def piece(self, name: str) -> Piece:
        return self._by_name[name]

    @property
    def size(self) -> int:
        return sum(p.count for p in self.pieces)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.pieces)

    @property
    def matadors(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.pieces if p.matador)

    @property
    def calls(self) -> tuple[str, ...]:
        """What an asked seat may answer: `none` (the exchange is made) or a call word."""
        return ("none",) + tuple(p.call for p in self.pieces if p.call is not None)

    @property
    def step(self) -> int:
        """+1 or -1: from a seat's index to the next seat's, in the header's order."""
        return 1 if self.direction == "left" else -1


def _numeral(n: int) -> Piece:
    return Piece(str(n), 2, False, Effect.EXCHANGE, None)


GNAV_PACK = Pack(
    name="gnav",
    pieces=(
        Piece("cuckoo", 2, True, Effect.END_TURNS, "cuckoo"),
        Piece("dragoon", 2, True, Effect.BLOCK, "dragoon"),
        Piece("cat", 2, True, Effect.BLOCK_REVERSE, "cat"),
        Piece("horse", 2, True, Effect.PASS_ON, "horse"),
        Piece("house", 2, True, Effect.PASS_ON, "house"),
        *(_numeral(n) for n in range(12, -1, -1)),
        Piece("pot", 2, False, Effect.EXCHANGE, None),
        Piece("owl", 2, False, Effect.EXCHANGE, None),
        Piece("fool", 2, False, Effect.EXCHANGE, None),
    ),
    direction="left",
    fool="fool",
)

# Gnav's pack, spelled out for the journal-v1 parser and the screens; the state reads the
# table's own pack (Rulebook.pack) instead.
PIECES: tuple[str, ...] = GNAV_PACK.names
"""All 21 piece names, highest first (the journal's spelling)."""

MATADORS: tuple[str, ...] = GNAV_PACK.matadors
CALLS: tuple[str, ...] = GNAV_PACK.calls
"""What an asked seat may answer: `none` (the exchange is made) or a matador's call."""

RANK: dict[str, int] = dict(GNAV_PACK.ranks)
"""0 is the highest piece (cuckoo); a larger number is a lower piece."""

STOCK = "stock"

# What the Gnav journal's parser says of a piece or a call its pack does not have: the pack's
# names spelled out in a sentence are rule data too (the errors catalogue translates them).
NOT_A_PIECE = N_("{value} is not a piece (the pieces are cuckoo, dragoon, cat, horse, "
                 "house, 12 to 0, pot, owl and fool).")
NOT_A_CALL = N_("{value} is not a call; a reply calls none, cuckoo, dragoon, cat, "
                "horse or house.")
