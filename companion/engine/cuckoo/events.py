"""What happens at a table of the cuckoo family, as frozen values: the events every game of it
journals alike (docs/journal.md, v1 and v2 section 5). Each game's codec reads and writes
them (Gnav's gnav/events.py, the family's cuckoo/family.py), and adds its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Cut:
    pieces: tuple[tuple[str, str], ...]  # (seat, piece) in the journal's order


@dataclass(frozen=True, slots=True)
class Deal:
    pass


@dataclass(frozen=True, slots=True)
class Knock:
    seat: str


@dataclass(frozen=True, slots=True)
class Stand:
    seat: str


@dataclass(frozen=True, slots=True)
class Change:
    seat: str


@dataclass(frozen=True, slots=True)
class Reply:
    source: str  # the journal's "from": a seat name or "stock"
    call: str


@dataclass(frozen=True, slots=True)
class Reveal:
    pieces: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class SitOut:
    seat: str


@dataclass(frozen=True, slots=True)
class Leave:
    seat: str


@dataclass(frozen=True, slots=True)
class Query:
    """Journal v2: the dealer asked whether anyone holds the other fool; the table's answer."""

    seat: str
    answer: str  # "yes" or "no"


@dataclass(frozen=True, slots=True)
class FamilyReply:
    """The asked seat's (or the stock's) answer, with the fields only some games have."""

    source: str
    call: str
    face_up: tuple[str, ...] | None = None  # kille
    sold: bool | None = None  # cuccu, the inn
    price: int | None = None
    silent: bool | None = None  # vogelspiel

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ev": "reply", "from": self.source, "call": self.call}
        if self.face_up is not None:
            out["face_up"] = list(self.face_up)
        if self.sold is not None:
            out["sold"] = self.sold
        if self.price is not None:
            out["price"] = self.price
        if self.silent is not None:
            out["silent"] = self.silent
        return out


@dataclass(frozen=True, slots=True)
class Rebuy:
    seat: str


# The family's events (docs/journal.md, v2 section 5): Kille's, Cuccù's, Slabberjan's, Vogelspiel's.
FamilyEvent = Cut | Deal | Stand | Change | FamilyReply | Reveal | Leave | Rebuy
# Every event the engine takes: the family's, and Gnav's (its reply without the family's
# fields; knocking, sitting out and the dealer's question, which its rules switch on).
CuckooEvent = Cut | Deal | Knock | Stand | Change | Reply | FamilyReply | Reveal | SitOut \
    | Leave | Query | Rebuy
