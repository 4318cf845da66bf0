"""What a seat of a cuckoo-family table has, and how it pays and gains: one of four kinds of
ledger, each a type with its own rules (docs/journal.md, v2 sections 6.9 and 6.11).

A ledger is the journal's word for it ("stake", "lives", "counters", "strokes": a `str`, so a
header's stakes and the replay print it as they always did), and it is what the state asks
when a seat pays, gains, or goes out; the state keeps the seats' balances (`Accounts`), the
ledger knows what they mean, so the shared turn code never compares a ledger's name.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal, Protocol, Self

Credit = Literal["none", "everyone", "first_broke"]


class Accounts(Protocol):
    """The part of a table's state its ledger reads and writes."""

    balance: list[int]
    pool: int
    side_pot: int
    limit: int  # strokes: the limit
    each: int  # lives or counters each, at the start
    credit: Credit
    sloffen: list[bool]  # playing on credit
    anyone_broke: bool
    tokens_to_dealer: bool
    collected: list[int]  # the tokens each seat collected as a dealer
    dealer: int | None
    died: list[int]  # died in this deal, in order
    all_out_return: bool  # Cuccù: when every seat would go out, nobody does


class Ledger(str):
    """A kind of ledger: a seat's stake, lives, counters (paid into a pool) or strokes."""

    # the header's stakes: the amount's key, the optional keys, and an example in words
    amount: ClassVar[str] = "each"
    optional: ClassVar[tuple[str, ...]] = ()
    example: ClassVar[str]
    # a loser dies at the reveal (nothing to pay); a seat then shows no piece until next deal
    dies: ClassVar[bool] = False
    word: ClassVar[str]

    def __new__(cls) -> Self:
        return str.__new__(cls, cls.word)

    def start(self, each: int) -> int:
        """A seat's balance when the table sits down."""
        return each

    def pot(self, seats: int) -> int:
        """The pot when the table sits down (a stake or a life each)."""
        return seats

    def charge(self, t: Accounts, i: int, n: int, side: bool = False) -> int:
        """Seat i loses `n` as far as its balance goes (never below 0, never past the limit);
        returns what was paid."""
        if n <= 0:
            return 0
        had = t.balance[i]
        paid = min(n, had)
        t.balance[i] = had - paid
        return paid

    def gain(self, t: Accounts, i: int) -> int:
        """Seat i gains 1: returns what it got."""
        t.balance[i] += 1
        return 1

    def going_out(self, t: Accounts, before: list[int]) -> list[int]:
        """docs/journal.md, v2 section 6.11, 2: of the seats in the game `before` the reveal, those that go
        out now, in header order."""
        return [i for i in before if t.balance[i] == 0]

    def seat_json(self, t: Any, i: int) -> dict[str, Any]:
        """A seat's keys in the family's replay (docs/journal.md, v2 section 8)."""
        raise NotImplementedError

    def table_json(self, t: Any) -> dict[str, Any]:
        """The table's keys of this ledger in the family's replay, after the others."""
        return {}


class Stake(Ledger):
    """Kille's pot: a loser dies rather than pays, and the dead may buy back in."""

    amount = "rebuys"
    example = '{"kind": "stake", "rebuys": 3}'
    dies = True
    word = "stake"

    def start(self, each: int) -> int:
        return 0

    def charge(self, t: Accounts, i: int, n: int, side: bool = False) -> int:
        return 0  # nothing to pay: the seat dies instead

    def going_out(self, t: Accounts, before: list[int]) -> list[int]:
        return sorted(t.died)

    def seat_json(self, t: Any, i: int) -> dict[str, Any]:
        return {"dead": t.dead[i], "rebuys": t.rebuys[i]}


class Lives(Ledger):
    """Lives that run down to 0; each life lost may be a token for the round's dealer (Cuccù's
    Stù), and when every seat would go out at once, nobody does (Cuccù's Campli)."""

    optional = ("reentry",)
    example = '{"kind": "lives", "each": 3}'
    word = "lives"

    def charge(self, t: Accounts, i: int, n: int, side: bool = False) -> int:
        paid = super().charge(t, i, n, side)
        if t.tokens_to_dealer and t.dealer is not None:
            t.collected[t.dealer] += paid
        return paid

    def going_out(self, t: Accounts, before: list[int]) -> list[int]:
        out = super().going_out(t, before)
        if out and len(out) == len(before) and t.all_out_return:
            for i in out:
                t.balance[i] = t.each
            return []
        return out

    def seat_json(self, t: Any, i: int) -> dict[str, Any]:
        seat: dict[str, Any] = {"lives": t.balance[i]}
        if t.play.buy_back == "reentry":
            seat |= {"virgin": t.virgin[i], "reentries": t.rebuys[i], "money": t.money[i],
                     "collected": t.collected[i]}
        return seat


class Counters(Ledger):
    """Counters paid into the pool (or a side pot) and taken from it while it lasts; who pays
    his last may play on credit (Slabberjan's op sloffen)."""

    example = '{"kind": "counters", "each": 3}'
    word = "counters"

    def pot(self, seats: int) -> int:
        return 0

    def charge(self, t: Accounts, i: int, n: int, side: bool = False) -> int:
        if n <= 0:
            return 0
        had = t.balance[i]
        paid = min(n, had)
        t.balance[i] = had - paid
        if side:
            t.side_pot += paid
        else:
            t.pool += paid
        credit = t.credit
        if credit != "none":
            if had == 0 and t.sloffen[i]:
                t.sloffen[i] = False
            elif paid and had == paid and (
                    credit == "everyone" or credit == "first_broke" and not t.anyone_broke):
                t.sloffen[i] = True
            if t.sloffen[i]:
                t.anyone_broke = True
        return paid

    def gain(self, t: Accounts, i: int) -> int:
        if t.pool > 0:
            t.pool -= 1
            t.balance[i] += 1
            return 1
        return 0

    def going_out(self, t: Accounts, before: list[int]) -> list[int]:
        return [i for i in before if t.balance[i] == 0 and not t.sloffen[i]]

    def seat_json(self, t: Any, i: int) -> dict[str, Any]:
        return {"counters": t.balance[i], "sloffen": t.sloffen[i]}

    def table_json(self, t: Any) -> dict[str, Any]:
        return {"side_pot": t.side_pot}


class Strokes(Ledger):
    """Chalk strokes counted up to a limit (Gnav's other stake); a gain wipes one."""

    amount = "limit"
    example = '{"kind": "strokes", "limit": 3}'
    word = "strokes"

    def start(self, each: int) -> int:
        return 0

    def pot(self, seats: int) -> int:
        return 0

    def charge(self, t: Accounts, i: int, n: int, side: bool = False) -> int:
        if n <= 0:
            return 0
        had = t.balance[i]
        paid = min(n, t.limit - had)
        t.balance[i] = had + paid
        return paid

    def gain(self, t: Accounts, i: int) -> int:
        if t.balance[i] > 0:
            t.balance[i] -= 1
            return 1
        return 0

    def going_out(self, t: Accounts, before: list[int]) -> list[int]:
        return [i for i in before if t.balance[i] == t.limit]


STAKE, LIVES, COUNTERS, STROKES = Stake(), Lives(), Counters(), Strokes()
# Each kind by the journal's word for it
LEDGERS: dict[str, Ledger] = {ledger: ledger for ledger in (STAKE, LIVES, COUNTERS, STROKES)}
