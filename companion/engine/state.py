"""Gnav's table state: applies journal events one at a time and answers "would this be
accepted?". It is the family's engine (family.CuckooState) playing by Gnav's rule book, with
Gnav's outcomes for the banner and journal-v1's and v2's replay keys.

Every event has a check that raises GnavError without touching the state, and a mutation that
runs only after its check passed, so a refused event leaves the table exactly as it was. The
work per event depends on the number of seats, never on how long the game has run: nothing
here keeps a growing history (the journal is the history).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Literal, cast

from .events import Event, Reply, Table
from .family import CuckooState, FamilyRules, Settled
from .ledger import LedgerKind
from .pieces import STOCK
from .pieces import Effect as Kind
from .rules import Rulebook
from .settlement import Loss, PoolTake, Settlement

OutcomeKind = Literal[
    "cut_tie",  # the cut tied for highest: the tied seats draw again
    "cut_dealer",  # the cut found the first dealer
    "deal",
    "knock",
    "stand",
    "change",  # a seat asked its neighbour (or the dealer asked the stock)
    "exchange",  # the change was answered with a swap
    "end_turns",  # no swap, the turns are over
    "block",  # no swap; play goes on after the asker (or the holder)
    "block_reverse",  # no swap, and the exchanges in the effect's scope undone (`handback`)
    "pass_on",  # the asker asks the next seat beyond the holder (or the stock)
    "set_aside",  # the stock showed a piece that passes on: set aside, the stock replies again
    "lapsed",  # the change reached an empty stock: no exchange
    "reveal",
    "sit_out",
    "leave",
    "query",  # the dealer asked about the other fool (journal v2)
]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one event did, for the banner: who asked, who answered, who paid, what next."""

    kind: OutcomeKind
    seat: str | None = None  # the seat that acted (the asker, for replies)
    holder: str | None = None  # who answered a change (a seat or "stock")
    call: str | None = None
    charged: int = 0  # what the asker paid into the pool (or strokes taken) at once
    handback: tuple[tuple[str, str], ...] = ()  # a reversal: exchanges to undo, newest first
    lapsed: bool = False  # a pass ran into an empty stock
    settlement: Settlement | None = None
    tied: tuple[str, ...] = ()  # cut: the seats to draw again


@functools.cache
def _play(rules: Rulebook, ledger: LedgerKind, query: bool) -> FamilyRules:
    """Gnav's rule book as the family's engine reads it: the pack's order and direction, the
    effects and reveal rules its six journal-v1 fields translate to (rules.py), the stock's
    calls, knocking, the two fools' sit-out and the dealer's question (journal v2)."""
    pack = rules.pack
    effects = rules.effects
    return FamilyRules(
        game="gnav", name=rules.name, fields=tuple((k, v) for k, v in rules.as_json().items() if k != "name"),
        order=tuple((p.name, p.count) for p in pack.pieces), direction=pack.direction,
        ledger=ledger, effects=effects,
        stock_effects={c: e for c, e in effects.items() if c == "none" or c in rules.stock_calls},
        reveal=rules.reveal, knocks=True, pair_piece=rules.pair_piece,
        pair_sits_out=rules.two_fools_sit_out, query=query, refusals=rules.refusals,
    )


class TableState(CuckooState[Outcome]):
    """The state of one Gnav table, built by applying its journal's events in order: the
    family's engine (family.CuckooState) playing by Gnav's rule book, told in Gnav's outcomes,
    with journal-v1's and v2's replay keys."""

    def __init__(self, table: Table, rules: Rulebook | None = None) -> None:
        """`rules`: the rule book to play by, when not the header's (another pack's table)."""
        self.table = table
        self.rules: Rulebook = table.rulebook if rules is None else rules
        self.pack = self.rules.pack
        self.counters = table.stakes.kind == "counters"
        ledger: LedgerKind = "counters" if self.counters else "strokes"
        query = table.version != 1 and self.rules.fool_query
        self._seat_table(table.seats, table.dealer, _play(self.rules, ledger, query), ledger,
                         table.stakes.amount)
        self._outcomes: dict[tuple[Any, ...], Outcome] = {}  # see _said; clones may share it
        # a block by a piece the pack calls a reversing one is told as such, whatever it undoes
        self._reversing = frozenset(p.call for p in self.pack.pieces
                                    if p.effect is Kind.BLOCK_REVERSE)
        self.last_round: Settlement | None = None

    def clone(self) -> TableState:
        other: TableState = super().clone()
        return other

    # --- what happened, in Gnav's words -------------------------------------------------------

    def _said(self, kind: str, seat: str | None = None, holder: str | None = None,
              call: str | None = None, charged: int = 0) -> Outcome:
        """The Outcome of a plain event. Outcomes are frozen values and the same few recur all
        game long, so each is made once per table (making one costs more than the turn)."""
        key = (kind, seat, holder, call, charged)
        outcome = self._outcomes.get(key)
        if outcome is None:
            outcome = self._outcomes[key] = self._outcome(kind, seat, holder, call, charged)
        return outcome

    def _outcome(self, kind: str, seat: str | None, holder: str | None, call: str | None,
                 charged: int) -> Outcome:
        lapsed = kind == "lapsed"
        told: OutcomeKind
        if lapsed and call is None:
            told = "change"  # a change to an empty stock
        elif lapsed or kind == "pass":
            # the stock sets a piece that passes on aside and replies again
            told = "set_aside" if holder == STOCK else "pass_on"
        elif kind == "block":
            told = "block_reverse" if call in self._reversing else "block"
        else:
            told = cast(OutcomeKind, kind)
        return Outcome(told, seat, holder, call, charged, lapsed=lapsed)

    def _handed_back(self, seat: str, holder: str | None, call: str, charged: int) -> Outcome:
        return Outcome(self._outcome("block", seat, holder, call, charged).kind, seat=seat,
                       holder=holder, call=call, charged=charged,
                       handback=tuple(self.handback_named()))

    def _cut_said(self, tied: tuple[int, ...]) -> Outcome:
        if len(tied) > 1:
            return Outcome("cut_tie", tied=tuple(self.names[i] for i in tied))
        return Outcome("cut_dealer", seat=self.names[tied[0]])

    def _settled(self, settled: Settled) -> Outcome:
        names, shown = self.names, settled.shown
        order = sorted(shown)  # seat order
        settlement = Settlement(
            round=self.round,
            pieces=tuple((names[i], shown[i]) for i in order),
            lowest=settled.lowest,
            losses=tuple(Loss(names[i], shown[i], settled.why[i], settled.paid[i])
                         for i in sorted(settled.paid)),
            fool_takes=tuple(PoolTake(names[i], took) for i, took in settled.took),
            two_fools=tuple(names[i] for i in settled.pair),
            went_out=tuple(names[i] for i in settled.went_out),
            winners=tuple(names[i] for i in self.winners),
            pool=self.pool,
            next_dealer=None if self.phase == "over" else self._name(self.dealer),
        )
        self.last_round = settlement
        return Outcome("reveal", settlement=settlement)

    def _reply_event(self, source: str, call: str) -> Reply:
        return Reply(source, call)

    # --- reading ------------------------------------------------------------------------------

    def name(self, i: int | None) -> str | None:
        return self._name(i)

    def exchanges_named(self) -> list[tuple[str, str]]:
        return [(self.names[a], self._name(b) or STOCK) for a, b, _x, _y in self.exchanges]

    def handback_named(self) -> list[tuple[str, str]]:
        return [(self.names[a], self._name(b) or STOCK) for a, b in self.undone]

    def in_game(self) -> list[str]:
        return [name for i, name in enumerate(self.names) if not self.out[i]]

    def options(self) -> list[Event]:
        """Every accepted event that needs no pieces (reveal and cut need the table's pieces)."""
        return cast(list[Event], self._options())

    def as_json(self) -> dict[str, Any]:
        """The state as the `replay` command prints it (journal-v1, plus extra fields; for a
        v2 journal also docs/journal.md, v2 section 8's Gnav fields)."""
        key = "counters" if self.counters else "strokes"
        v2 = self.table.version != 1
        seats = []
        for i, name in enumerate(self.names):
            seat: dict[str, Any] = {
                "name": name,
                key: self.balance[i],
                "out": self.out[i],
                "sits_out": self.sitting_out[i],
                "knocked": self.knocked[i],
            }
            if v2:
                seat["sitting"] = self.sitting_out[i]
                seat["holds"] = self.holds[i]
            seats.append(seat)
        out = self._v1_json(seats)
        if v2:
            # the version and game first, as section 8 lists them
            out = {"version": self.table.version, "game": self.table.game, **out,
                   "undone": out["handback"], "query": self.query}
        return out

    def _v1_json(self, seats: list[dict[str, Any]]) -> dict[str, Any]:
        """journal-v1's state (its outputs are golden: tests/engine/test_golden_replay.py)."""
        return {
            "rules": self.rules.name,
            "round": self.round,
            "phase": self.phase,
            "dealer": self._name(self.dealer),
            "turn": self._name(self.turn),
            "asked": self._name(self.asked),
            "pool": self.pool,
            "seats": seats,
            "exchanges": [list(e) for e in self.exchanges_named()],
            "last_round": None if self.last_round is None else self.last_round.as_json(),
            "winners": [self.names[i] for i in self.winners],
            "stakes": self.table.stakes.as_json(),
            "house": self.table.house_dict(),
            "stock": self.stock if self.phase in ("turns", "asking", "reveal") else None,
            "handback": [list(e) for e in self.handback_named()],
            "cut": [self.names[i] for i in self.cut_seats],
            "events": self.events,
        }
