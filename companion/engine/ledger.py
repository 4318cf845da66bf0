"""What a seat of a cuckoo-family table has, and how it pays and gains: lives, counters with a
pool, strokes with a limit, or a stake."""

from __future__ import annotations

from typing import Literal

LedgerKind = Literal["stake", "lives", "counters", "strokes"]


Credit = Literal["none", "everyone", "first_broke"]


class Ledger:
    """What a seat has: lives or counters that run down to 0 (counters paid into the pool),
    strokes that count up to a limit, or a stake (the seat dies instead: nothing to pay). With
    counters, who pays his last may play on credit (Slabberjan's op sloffen, `credit`); with
    lives, each life lost may be a token for the round's dealer (Cuccù's Stù)."""

    ledger: LedgerKind
    balance: list[int]
    pool: int
    side_pot: int
    limit: int  # strokes: the limit
    credit: Credit
    sloffen: list[bool]  # playing on credit
    anyone_broke: bool
    tokens_to_dealer: bool
    collected: list[int]  # the tokens each seat collected as a dealer
    dealer: int | None

    def _charge(self, i: int, n: int, side: bool = False) -> int:
        """Seat i loses `n` as far as its balance goes (never below 0, never past the limit);
        counters go into the pool (or the side pot). docs/journal.md, v2 section 6.9; returns
        what was paid."""
        ledger = self.ledger
        if n <= 0 or ledger == "stake":
            return 0
        had = self.balance[i]
        if ledger == "strokes":
            paid = min(n, self.limit - had)
            self.balance[i] = had + paid
            return paid
        paid = min(n, had)
        self.balance[i] = had - paid
        if ledger == "counters":
            if side:
                self.side_pot += paid
            else:
                self.pool += paid
            credit = self.credit
            if credit != "none":
                if had == 0 and self.sloffen[i]:
                    self.sloffen[i] = False
                elif paid and had == paid and (
                        credit == "everyone" or credit == "first_broke" and not self.anyone_broke):
                    self.sloffen[i] = True
                if self.sloffen[i]:
                    self.anyone_broke = True
        elif self.tokens_to_dealer and self.dealer is not None:
            self.collected[self.dealer] += paid
        return paid

    def _gain(self, i: int) -> int:
        """Seat i gains 1: a life back, a counter from the pool while it lasts, a stroke wiped.
        Returns what it got."""
        ledger = self.ledger
        if ledger == "counters":
            if self.pool > 0:
                self.pool -= 1
                self.balance[i] += 1
                return 1
            return 0
        if ledger == "strokes":
            if self.balance[i] > 0:
                self.balance[i] -= 1
                return 1
            return 0
        self.balance[i] += 1
        return 1
