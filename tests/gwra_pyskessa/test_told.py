"""Gwra pyskessa's history and banner tell each event once, each line a sentence (issue 23,
item 15)."""

from __future__ import annotations

from companion.engine.gwra_pyskessa import KIND
from companion.engine.gwra_pyskessa.narrate import banner_lines, history_lines

from .helpers import cut, table
from .test_rules import f4


def test_the_history_tells_each_set_once_each_line_a_sentence() -> None:
    """Issue 23, item 15: "its history tells every set twice and starts in lower case"."""
    header, events = f4(32)
    parsed = KIND.parse_header(header)
    state = KIND.new_state(parsed)
    told: list[list[str]] = []
    for n, obj in enumerate(events, 1):
        event = KIND.parse_event(obj, parsed)
        told.append(history_lines(n, event, state.apply(event)))
    sets = [lines for lines in told if "lays down the four" in lines[0]]
    assert sets and not [lines for lines in sets if any("lays down" in x for x in lines[1:])]
    assert all(lines[0].split(". ", 1)[1][:1].isupper() for lines in told), told[:3]


def test_after_a_tied_cut_the_banner_says_only_the_tied_cut_again() -> None:
    """House default 3: "a tie for highest cuts again"."""
    parsed = KIND.parse_header(table("Ann", "Bo", "Cy"))
    state = KIND.new_state(parsed)
    outcome = state.apply(KIND.parse_event(cut(Ann="KH", Bo="KS", Cy="2D"), parsed))
    lines = banner_lines(outcome, state)
    assert lines == ["Ann and Bo cut the same highest rank and cut again."], lines
