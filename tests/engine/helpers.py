"""Small builders so that rule tests read like journals.

Every game here goes through the same path as a journal line: a decoded JSON object, then
`parse_header`/`parse_event`, then `TableState.apply`. Nothing builds a state by hand.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.engine import GnavError, TableState, parse_event, parse_header

SEATS = ("Ann", "Bo", "Cy", "Dag")

JsonObj = dict[str, Any]


def table(
    rules: str = "damm",
    seats: tuple[str, ...] | list[str] = SEATS,
    dealer: str | None = "Ann",
    each: int | None = 3,
    strokes: int | None = None,
    house: JsonObj | None = None,
) -> JsonObj:
    """A header line as decoded JSON; `strokes=N` makes it a strokes table with limit N."""
    stakes: JsonObj = (
        {"kind": "strokes", "limit": strokes} if strokes is not None
        else {"kind": "counters", "each": each}
    )
    out: JsonObj = {"ev": "table", "version": 1, "rules": rules, "stakes": stakes,
                    "seats": list(seats)}
    if dealer is not None:
        out["dealer"] = dealer
    if house is not None:
        out["house"] = house
    return out


def table_v2(rules: str = "damm", **kwargs: Any) -> JsonObj:
    """A journal-v2 Gnav header line as decoded JSON; the arguments as for `table`."""
    return {**table(rules, **kwargs), "version": 2, "game": "gnav"}


def play(header: JsonObj, *events: JsonObj) -> TableState:
    """The state after applying `events` in order to a table made from `header`."""
    state = TableState(parse_header(header))
    for event in events:
        state.apply(parse_event(event, state.table.version))
    return state


def refused(state: TableState, event: JsonObj) -> str:
    """The reason `event` is refused; fails when it is accepted or when it changed the state."""
    before = state.as_json()
    parsed = parse_event(event, state.table.version)
    reason = state.why_not(parsed)
    assert reason is not None, f"{event} was accepted"
    with pytest.raises(GnavError) as info:
        state.apply(parsed)
    assert str(info.value) == reason
    assert state.as_json() == before, "a refused event changed the state"
    return reason


def balances(state: TableState) -> dict[str, int]:
    return dict(zip(state.names, state.balance))


def out_seats(state: TableState) -> list[str]:
    return [name for name, out in zip(state.names, state.out) if out]


# --- events, spelled as in the journal -----------------------------------------------------


def cut(**pieces: str) -> JsonObj:
    return {"ev": "cut", "pieces": pieces}


def deal() -> JsonObj:
    return {"ev": "deal"}


def knock(seat: str) -> JsonObj:
    return {"ev": "knock", "seat": seat}


def stand(seat: str) -> JsonObj:
    return {"ev": "stand", "seat": seat}


def change(seat: str) -> JsonObj:
    return {"ev": "change", "seat": seat}


def reply(source: str, call: str = "none") -> JsonObj:
    return {"ev": "reply", "from": source, "call": call}


def reveal(**pieces: str) -> JsonObj:
    return {"ev": "reveal", "pieces": pieces}


def sit_out(seat: str) -> JsonObj:
    return {"ev": "sit_out", "seat": seat}


def leave(seat: str) -> JsonObj:
    return {"ev": "leave", "seat": seat}


def query(seat: str, answer: str) -> JsonObj:
    return {"ev": "query", "seat": seat, "answer": answer}


def all_stand(*seats: str) -> list[JsonObj]:
    """Each of `seats` stands, in the order given."""
    return [stand(s) for s in seats]


# --- quotes --------------------------------------------------------------------------------

# The project's own documents, and the short cited excerpts of the historical sources that the
# rule tests quote: both are in this repository, so that every quote check runs in every clone.
REPO = Path(__file__).resolve().parents[2]
RULES = REPO / "docs" / "rules"
JOURNAL_MD = REPO / "docs" / "journal.md"
EXCERPTS = REPO / "tests" / "excerpts"
GNAV_MD = RULES / "gnav.md"


def _flat(text: str) -> str:
    return " ".join(text.split())


def unquoted_docstrings(namespace: dict[str, Any], *sources: Path) -> list[str]:
    """The rule tests in `namespace` whose docstring is not a verbatim quote of a source.

    Line breaks and runs of spaces are ignored on both sides, nothing else: the docstring must
    be a passage of one of `sources` exactly as written there.
    """
    texts = [_flat(p.read_text(encoding="utf-8")) for p in sources]
    bad: list[str] = []
    for name, func in namespace.items():
        if not name.startswith("test_") or not callable(func):
            continue
        doc = getattr(func, "__doc__", None)
        if name == "test_every_rule_test_quotes_its_source":
            continue
        if not doc or not any(_flat(doc) in text for text in texts):
            bad.append(name)
    return bad
