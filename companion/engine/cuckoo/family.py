"""Kille, Cuccù, Slabberjan and Vogelspiel at the table: the state of one table of them, which is
the cuckoo engine (state.py) playing by the game's rule book and printing docs/journal.md, v2
section 8's replay keys, and the kind the registry hands their journals to.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, cast

from .events import FamilyEvent, FamilyReply
from .journal import FamilyTable, encode, family_event_json, parse_family_event, parse_family_header
from .rulebook import GameBook
from .rules import CuckooRules
from .settlement import Settlement
from .state import CuckooState


class FamilyState(CuckooState):
    """The state of one table of a family game, built by applying its journal's events."""

    def __init__(self, table: FamilyTable, book: GameBook) -> None:
        self.table = table
        self.book = book
        # the table's rule book with its house rules, and what it plays by
        self.rulebook = book.book(table.rules, dict(table.house))
        self.rules = self.rulebook.play()
        self._seat_table(table.seats, table.dealer, self.rules, self.rules.ledger, table.amount)
        # the last round as the replay prints it (docs/journal.md, v2 section 8.s "last_round"); the
        # round itself is the value `last_settlement`
        self.last_round: dict[str, list[str]] | None = None

    def clone(self) -> FamilyState:
        other: FamilyState = super().clone()
        return other

    def _settled(self, settlement: Settlement) -> None:
        if self.ledger.dies:
            self.last_round = {"losers": list(settlement.losers),
                               "died": list(settlement.died)}
            return
        self.last_round = {"losers": list(settlement.losers)}
        if self.rules.buy_back == "reentry":
            self.last_round["gainers"] = sorted((t.seat for t in settlement.fool_takes),
                                                key=self.names.index)

    def _reply_event(self, source: str, call: str) -> FamilyReply:
        return FamilyReply(source, call)

    def options(self) -> list[FamilyEvent]:
        """Every accepted event that needs no pieces (reveal and cut need the table's)."""
        return cast(list[FamilyEvent], self._options())

    def as_json(self) -> dict[str, Any]:
        """The state as `replay` prints it: docs/journal.md, v2 section 8."""
        in_round = self.phase in ("turns", "asking", "reveal")
        ledger = self.ledger
        rules = self.rules
        seats: list[dict[str, Any]] = []
        for i, name in enumerate(self.names):
            seats.append({"name": name, "out": self.out[i], "holds": self.holds[i],
                          **ledger.seat_json(self, i)})
        out: dict[str, Any] = {
            "version": 2, "game": rules.game, "rules": rules.name, "round": self.round,
            "phase": self.phase, "dealer": self._name(self.dealer),
            "turn": self._name(self.turn), "asked": self._name(self.asked),
            "pool": self.pool, "seats": seats,
            "exchanges": [[self.names[a], self._name(b)] for a, b, _x, _y in self.exchanges],
            "undone": [[self.names[a], self._name(b)] for a, b in self.undone],
            "stock": self.stock if in_round else None,
            "last_round": self.last_round, "winners": [self.names[i] for i in self.winners],
            "stakes": dict(self.table.stakes), "house": self.table.house_dict(),
            "cut": [self.names[i] for i in self.cut_seats], "events": self.events,
        }
        if rules.buy_back != "none":
            out["pot"] = self.pot
            out["may_rebuy"] = ([self.names[i] for i in self.may_rebuy]
                                if self.phase == "ready" else [])
        if rules.moved_lowest is not None:
            out[rules.moved_field] = list(self.moved)
        if rules.buy_back == "reentry":
            out["shelters"] = [[self.names[a], self.names[b]] for a, b in self.shelters]
        return out | ledger.table_json(self)


# --- the kind the registry names --------------------------------------------------------------


class FamilyKind:
    """A game of the family for companion.core: its header, events, state and lines."""

    def __init__(self, book: GameBook) -> None:
        self.book = book
        self.name = book.game
        self._rules: dict[Any, CuckooRules] = {}

    def rules(self, header: Any) -> CuckooRules:
        key = (header.rules, header.house)
        rules = self._rules.get(key)
        if rules is None:
            rules = self._rules[key] = self.book.rules(header.rules, dict(header.house))
        return rules

    def parse_header(self, obj: object) -> FamilyTable:
        return parse_family_header(obj, self.book)

    def parse_event(self, obj: object, header: Any) -> FamilyEvent:
        return parse_family_event(obj, self.rules(header))

    def new_state(self, header: Any) -> FamilyState:
        return FamilyState(header, self.book)

    def header_line(self, header: Any) -> str:
        return encode(header.as_json())

    def event_line(self, event: Any) -> str:
        return encode(family_event_json(event))

    def dumps(self, header: Any, events: Iterable[Any]) -> str:
        lines = [self.header_line(header)] + [self.event_line(e) for e in events]
        return "\n".join(lines) + "\n"

    def new_header(self, header: Any) -> FamilyTable:
        # through the header's JSON so that a new table is checked exactly as a stored one
        # (always version 2: a journal of this game names it)
        return parse_family_header(json.loads(self.header_line(header)), self.book)
