"""Issue 13, item 2: a new table is made through the seam, its game's kind deciding the header
it is stored with, so the store names no Gnav class."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.core import kind_named, parse_header
from companion.engine import GnavError, Stakes, Table

SEATS = ("Ann", "Bo", "Cy")


def test_gnav_writes_a_new_table_in_the_journal_version_its_rule_book_needs() -> None:
    """docs/journal.md: v1 readers keep reading every table that needs nothing of v2; damm lets
    the dealer ask about the other fool (a v2 `query`), pagat does not."""
    gnav = kind_named("gnav")
    damm = gnav.new_header(Table("damm", Stakes("counters", 3), SEATS))
    pagat = gnav.new_header(Table("pagat", Stakes("counters", 3), SEATS))
    assert (damm.version, damm.game, damm.seats) == (2, "gnav", SEATS)
    assert (pagat.version, pagat.game, pagat.seats) == (1, "gnav", SEATS)


def test_a_new_table_is_checked_as_a_stored_header_is() -> None:
    with pytest.raises(GnavError):
        kind_named("gnav").new_header(Table("damm", Stakes("counters", 3), ("Ann",)))


GOLDEN = Path(__file__).resolve().parents[1] / "journals"


@pytest.mark.parametrize("journal", sorted([*GOLDEN.glob("family/ok/*.jsonl"),
                                            *GOLDEN.glob("gwra-pyskessa/ok/*.jsonl")]),
                         ids=lambda p: p.stem)
def test_every_game_makes_its_new_table_as_its_journal_stores_it(journal: Path) -> None:
    """Every kind of the registry makes a new table through the seam: the header comes back as
    the same stored line (version 2, naming its game)."""
    kind, header = parse_header(json.loads(journal.read_text(encoding="utf-8").splitlines()[0]))
    made = kind.new_header(header)
    assert (made.version, made.game) == (2, kind.name)
    assert kind.header_line(made) == kind.header_line(header)
