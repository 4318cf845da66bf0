"""What a seat of a cuckoo-family table has, and how it pays and gains: lives, counters with a
pool, strokes with a limit, or a stake."""

from __future__ import annotations

from typing import Literal

LedgerKind = Literal["stake", "lives", "counters", "strokes"]


class Ledger:
    """What a seat has: lives or counters that run down to 0 (counters paid into the pool),
    strokes that count up to a limit, or a stake (the seat dies instead: nothing to pay)."""

    ledger: LedgerKind
    balance: list[int]
    pool: int
    side_pot: int
    limit: int  # strokes: the limit

    def _pay(self, i: int, n: int, side: bool = False) -> int:
        """Seat i loses `n` as far as its balance goes (never below 0, never past the limit);
        counters go into the pool (or the side pot). Returns what was paid."""
        had = self.balance[i]
        ledger = self.ledger
        if ledger == "strokes":
            paid = min(n, self.limit - had)
            self.balance[i] = had + paid
            return paid
        if ledger == "stake":
            return 0
        paid = min(n, had)
        self.balance[i] = had - paid
        if ledger == "counters":
            if side:
                self.side_pot += paid
            else:
                self.pool += paid
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
