"""The rules a table of the cuckoo family plays by, as values the state interprets: each game's
rule book compiles to them (book.py; Gnav's gnav/rules.py), and the state never names a piece.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from .effects import Effect
from .ledger import Credit, Ledger
from .reveal import RevealRule

Direction = Literal["left", "right"]
GameEnd = Literal["last_standing", "first_out_loses"]
Phase = Literal["cut", "ready", "turns", "asking", "reveal", "over"]


@dataclass(frozen=True, slots=True)
class Refusals:
    """The sentences that refuse an event by naming the pack's pieces (gnav.md: the dealer's
    question about the other fool, house default 13; who may sit out after two fools), kept
    here with the rule books so that the state reads them instead of spelling the pieces."""

    query_off: str
    query_when: str
    query_not_dealer: str
    query_not_his_turn: str
    query_again: str
    sit_out_who: str


@dataclass(frozen=True, slots=True)
class CuckooRules:
    """What a table of one game plays by: its rule book with the house rules worked out (the
    book's `play()`): the pack's order and counts, the way play goes, the ledger, what each call
    does, the reveal's rules, and the few rule points one game of the family has alone."""

    game: str
    name: str
    order: tuple[tuple[str, int], ...]  # (piece, count), highest first
    direction: Direction
    ledger: Ledger
    effects: Mapping[str, Effect]  # each call from a seat (and "none")
    stock_effects: Mapping[str, Effect]  # each call the stock makes (and "none")
    reveal: tuple[RevealRule, ...]
    cut_first: tuple[str, ...] = ()  # above the whole order in a cut (Kille's harlequin)
    cut_last: tuple[str, ...] = ()  # below it (Cuccù's fool)
    moved_lowest: str | None = None  # Kille: this piece ranks by whether it was moved
    moved_field: str = "moved"  # the state's name for the list of moved pieces
    shelter_piece: str | None = None  # Cuccù: an Inn refused shelters an asker showing this
    reveal_needs: int = 1  # fewer seats showing: nobody loses (Kille's lone survivor)
    silent_pays: int | None = None  # Vogelspiel: a silent matador costs this (None: no field)
    only_if_unpaid: bool = False
    tokens_to_dealer: bool = False
    credit: Credit = "none"
    game_end: GameEnd = "last_standing"
    face_up: bool = False  # Kille: a reply may name who passed a harlequin face up
    buy_back: Literal["none", "rebuy", "reentry"] = "none"  # Kille's rebuys, Cuccù's re-entry
    all_out_return: bool = False  # Cuccù: when every seat would go out, nobody does
    lay_aside: bool = False  # Slabberjan: the asker's old piece leaves the bag
    knocks: bool = False  # Gnav: a seat of the round may knock (docs/journal.md, v1 "knock")
    # Gnav's two fools: the holders of exactly two shown `pair_piece` are noted at the reveal,
    # and with `pair_sits_out` may sit out the next round
    pair_piece: str | None = None
    pair_sits_out: bool = False
    query: bool = False  # Gnav v2: the dealer may ask whether anyone holds the other pair piece
    # the sentences that refuse a sit-out or the dealer's question naming the pieces (Gnav's)
    refusals: Refusals | None = field(default=None, compare=False, repr=False)
    # the calls whose block is told as a reversing one (Outcome "block_reverse"); None: those
    # whose effect undoes exchanges (Gnav's pack names its reversing piece, whatever it undoes)
    reverse_calls: frozenset[str] | None = None
    reversing: frozenset[str] = field(init=False, compare=False, repr=False)
    ranks: dict[str, int] = field(init=False, compare=False, repr=False)
    cut_ranks: dict[str, int] = field(init=False, compare=False, repr=False)
    counts: dict[str, int] = field(init=False, compare=False, repr=False)
    replies_say_more: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        names = [p for p, _n in self.order]
        object.__setattr__(self, "ranks", {p: i for i, p in enumerate(names)})
        cut = [*self.cut_first, *(p for p in names if p not in self.cut_first + self.cut_last),
               *self.cut_last]
        object.__setattr__(self, "cut_ranks", {p: i for i, p in enumerate(cut)})
        object.__setattr__(self, "counts", dict(self.order))
        object.__setattr__(self, "replies_say_more", self.face_up or self.silent_pays is not None
                           or self.shelter_piece is not None)
        object.__setattr__(self, "reversing", self.reverse_calls if self.reverse_calls is not None
                           else frozenset(c for c, e in self.effects.items() if e.undo != "none"))

    @property
    def size(self) -> int:
        return sum(n for _p, n in self.order)

    @property
    def calls(self) -> tuple[str, ...]:
        return tuple(self.effects)

    @property
    def step(self) -> int:
        return 1 if self.direction == "left" else -1
