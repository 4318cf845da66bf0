"""The pack and what each piece does when its holder is asked: data, not code.

The other games of the cuckoo family (see shared/rules/family-ahead.md) differ in their packs
(counts per piece, direction of play) and in the effects of their pictures. Both are therefore
plain data here; the state machine in `state.py` only interprets the effect vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


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
    """Pieces highest first, with how many of each, and the direction the deal moves."""

    name: str
    pieces: tuple[Piece, ...]
    direction: str = "left"

    def piece(self, name: str) -> Piece:
        return self._by_name()[name]

    def _by_name(self) -> dict[str, Piece]:
        return {p.name: p for p in self.pieces}

    @property
    def size(self) -> int:
        return sum(p.count for p in self.pieces)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.pieces)


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
)

PIECES: tuple[str, ...] = GNAV_PACK.names
"""All 21 piece names, highest first (the journal's spelling)."""

MATADORS: tuple[str, ...] = tuple(p.name for p in GNAV_PACK.pieces if p.matador)
CALLS: tuple[str, ...] = ("none",) + MATADORS
"""What an asked seat may answer: `none` (the exchange is made) or a matador's call."""

RANK: dict[str, int] = {name: i for i, name in enumerate(PIECES)}
"""0 is the highest piece (cuckoo); a larger number is a lower piece."""

EFFECT_OF_CALL: dict[str, Effect] = {"none": Effect.EXCHANGE} | {
    p.name: p.effect for p in GNAV_PACK.pieces if p.call is not None
}
FOOL = "fool"
STOCK = "stock"
