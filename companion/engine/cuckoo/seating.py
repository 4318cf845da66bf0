"""What every cuckoo-family table answers the same way, whatever its game: the seats by name,
the phase in words, "would this be accepted?", and the pieces a cut or a reveal shows.

The family's engine (family.CuckooState, which Gnav's TableState and the family's FamilyState
are) builds on it: the turns ending, the next seat in the game, the turn order from the
dealer's left, the cut for the first dealer and the game's end.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from companion.core.errors import N_, Checked, GnavError, Text, quoted
from companion.core.fields import STOCK

STOCK_SEAT = -1  # the stock, where a seat index is expected


class Seating(Checked):
    """The seats of a table and its phase; a subclass sets the attributes below."""

    names: tuple[str, ...]
    out: list[bool]
    phase: str
    dealer: int | None
    turn: int | None
    asked: int | None
    first_dealer: int | None
    last_dealer: int | None
    cut_seats: tuple[int, ...]
    winners: tuple[int, ...]
    _index: dict[str, int]
    _folded: dict[str, str]
    _step: int  # +1 or -1: the pack's direction, from a seat's index to the next seat's

    def _seat(self, name: str) -> int:
        i = self._index.get(name)
        if i is None:
            if name.lower() == STOCK:
                raise GnavError("The stock is not a seat here.")
            spelled = self._folded.get(name.casefold())
            if spelled is not None:
                raise GnavError("The seat is spelled {spelled}, not {name}.", spelled=spelled,
                                name=quoted(name))
            raise GnavError("There is no seat called {name}.", name=quoted(name))
        return i

    def _name(self, i: int | None) -> str | None:
        if i is None:
            return None
        return STOCK if i == STOCK_SEAT else self.names[i]

    def _phase_words(self) -> Text:
        if self.phase == "cut":
            return Text("the first dealer is still to be found by a cut")
        if self.phase == "ready":
            return Text("the next round is still to be dealt by {seat}",
                        seat=self._name(self.dealer))
        if self.phase == "turns":
            return Text("it is {seat}'s turn", seat=self._name(self.turn))
        if self.phase == "asking":
            return Text("{seat} has asked {asked}, who must answer", seat=self._name(self.turn),
                        asked=self._name(self.asked))
        if self.phase == "reveal":
            return Text("the turns are over and the pieces must be shown")
        return Text("the game is over")

    def _check_pieces(self, pieces: tuple[tuple[str, str], ...], seats: list[int], what: str,
                      in_pack: Mapping[str, int], not_showing: str) -> None:
        """A cut or reveal (`what`) shows a piece for exactly `seats`, no piece more often than
        the pack holds it; `not_showing` says why another seat of the game shows none."""
        given: set[int] = set()
        counts: dict[str, int] = {}
        among = set(seats)
        for name, piece in pieces:
            i = self._seat(name)
            if i not in among:
                if self.out[i]:
                    raise GnavError("{seat} is out of the game and shows no piece.", seat=name)
                if what == "cut":
                    raise GnavError("{seat} is not drawing in this cut.", seat=name)
                raise GnavError(not_showing, seat=name)
            given.add(i)
            counts[piece] = counts.get(piece, 0) + 1
            if counts[piece] > in_pack[piece]:
                count = in_pack[piece]
                shown = counts[piece]
                raise GnavError(
                    Text.n("The cut shows {shown} of {piece}; the pack has only one.",
                           "The cut shows {shown} of {piece}; the pack has only {count}.",
                           count, piece=piece, shown=shown) if what == "cut"
                    else Text.n("The reveal shows {shown} of {piece}; the pack has only one.",
                                "The reveal shows {shown} of {piece}; the pack has only {count}.",
                                count, piece=piece, shown=shown)
                )
        missing = [self.names[i] for i in seats if i not in given]
        if missing:
            raise GnavError(
                N_("The cut leaves out {names}.") if what == "cut"
                else N_("The reveal leaves out {names}."),
                names=", ".join(missing),
            )

    # --- what every game of the family decides alike ----------------------------------------

    def _end_turns(self) -> None:
        self.phase, self.turn, self.asked = "reveal", None, None

    def _next_in_game(self, i: int) -> int | None:
        """The next seat after i in the pack's direction that is still in the game (i itself
        when it is the last); None when no seat is."""
        n, step = len(self.names), self._step
        j = i
        for _ in range(n):
            j = (j + step) % n
            if not self.out[j]:
                return j
        return None

    def _turn_order(self, seats: Iterable[int]) -> list[int]:
        """`seats` in turn order from the dealer's next seat (the dealer last)."""
        n, start, step = len(self.names), self.dealer or 0, self._step
        return sorted(seats, key=lambda i: ((i - start) * step - 1) % n)

    def _cut_for_dealer(self, pieces: tuple[tuple[str, str], ...],
                        ranks: Mapping[str, int]) -> tuple[int, ...]:
        """The seats that drew the highest piece (`ranks`: 0 the highest): when one, it deals
        first; when a tie, the tied seats draw again. Returns them in seat order."""
        best = min(ranks[p] for _s, p in pieces)
        tied = tuple(sorted(self._index[s] for s, p in pieces if ranks[p] == best))
        if len(tied) > 1:
            self.cut_seats = tied
        else:
            self.dealer = self.first_dealer = tied[0]
            self.cut_seats = ()
            self.phase = "ready"
        return tied

    def _game_over(self, winners: tuple[int, ...]) -> None:
        """The game ends; the dealer shown is the last one (or the first, when none dealt)."""
        self.phase = "over"
        self.winners = tuple(sorted(winners))
        self.turn = self.asked = None
        self.dealer = self.last_dealer if self.last_dealer is not None else self.first_dealer
