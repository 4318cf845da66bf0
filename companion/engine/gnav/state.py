"""Gnav's table state: applies journal events one at a time and answers "would this be
accepted?". It is the cuckoo family's one engine (cuckoo/state.py) playing by Gnav's rule book, with
journal-v1's and v2's replay keys.

Every event has a check that raises GnavError without touching the state, and a mutation that
runs only after its check passed, so a refused event leaves the table exactly as it was. The
work per event depends on the number of seats, never on how long the game has run: nothing
here keeps a growing history (the journal is the history).
"""

from __future__ import annotations

import functools
from dataclasses import replace
from typing import Any, cast

from companion.core.fields import STOCK
from companion.engine.cuckoo.events import Reply
from companion.engine.cuckoo.ledger import COUNTERS, STROKES, Ledger
from companion.engine.cuckoo.rules import CuckooRules
from companion.engine.cuckoo.settlement import Settlement
from companion.engine.cuckoo.state import CuckooState
from companion.engine.gnav.events import Event, Table
from companion.engine.gnav.rules import Rulebook


@functools.cache
def _play(rules: Rulebook, ledger: Ledger, query: bool) -> CuckooRules:
    """What a table plays by: its rule book's rules (rules.py) with the table's ledger
    (counters or strokes, its stakes) and the dealer's question (journal v2 only)."""
    return replace(rules.play(), ledger=ledger, query=query)


class TableState(CuckooState):
    """The state of one Gnav table, built by applying its journal's events in order: the
    family's engine (family.CuckooState) playing by Gnav's rule book, told in Gnav's outcomes,
    with journal-v1's and v2's replay keys."""

    def __init__(self, table: Table, rules: Rulebook | None = None) -> None:
        """`rules`: the rule book to play by, when not the header's (another pack's table)."""
        self.table = table
        self.rules: Rulebook = table.rulebook if rules is None else rules
        self.pack = self.rules.pack
        self.counters = table.stakes.kind == "counters"
        ledger = COUNTERS if self.counters else STROKES
        query = table.version != 1 and self.rules.fool_query
        self._seat_table(table.seats, table.dealer, _play(self.rules, ledger, query), ledger,
                         table.stakes.amount)
        self.last_round: Settlement | None = None

    def clone(self) -> TableState:
        other: TableState = super().clone()
        return other

    # --- what happened, in Gnav's words -------------------------------------------------------

    def _settled(self, settlement: Settlement) -> None:
        self.last_round = settlement  # journal-v1's replay prints it whole

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
        v2 journal also docs/journal.md, v2 section 8.s Gnav fields)."""
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
