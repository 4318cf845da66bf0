"""What happens at a table of the cuckoo family, as frozen values: the events every game of it
journals alike (journal-v1.md and journal-v2.md section 5). Each game's codec reads and writes
them (Gnav's gnav/events.py, the family's cuckoo/family.py), and adds its own.
"""

from __future__ import annotations

from dataclasses import dataclass


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
