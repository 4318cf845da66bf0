"""Held sideways the reveal uses the phone's whole width: the pack in a phone's sizes, six
across beside the seats, under a prompt of one line (issue 23, item 7: the sideways reveal was
a 180 px porthole, two rows of four pieces, half the width unused)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser_ui import AppServer, button, enable_semantics, in_view, reach, settle
from playwright.sync_api import Page

from companion.engine.cuckoo.events import Stand
from companion.engine.cuckoo.family import FamilyKind, FamilyState
from companion.engine.cuckoo.narrate import piece_title
from companion.engine.registry import GAMES
from companion.store import Store

SEATS = ["Åse", "Bjørn", "Cy", "Dag", "Eli"]
SIDEWAYS = {"width": 844, "height": 390}
BOOKS = {"vogelspiel": ("adrian", {"kind": "lives", "each": 3}),
         "cuccu": ("campli", {"kind": "lives", "each": 3})}


@pytest.mark.parametrize("game", sorted(BOOKS))
def test_the_sideways_reveal_shows_most_of_the_pack_across_the_width(
        page: Page, server: AppServer, data_dir: Path, game: str) -> None:
    rules, stakes = BOOKS[game]
    head = {"ev": "table", "version": 2, "game": game, "rules": rules, "stakes": stakes,
            "seats": SEATS, "dealer": SEATS[0]}
    with Store(data_dir) as store:
        table = store.import_journal(json.dumps(head) + '\n{"ev": "deal"}\n')
        while table.state.phase == "turns":
            table.apply(Stand(table.state.turn_name or ""))
        state = table.state
        assert isinstance(state, FamilyState)
        pack = [piece for piece, _n in state.rules.order]
    kind = GAMES[game].kind
    assert isinstance(kind, FamilyKind)
    titles = [piece_title(kind.book, piece) for piece in pack]
    page.set_viewport_size(SIDEWAYS)
    page.goto(f"{server.url}/game/{table.id}")
    enable_semantics(page)
    button(page, "Settle").wait_for(state="attached")
    settle(page, 1.5)
    assert in_view(page, button(page, "Settle"))
    # wholly in sight: a piece scrolled partly out of the pack's view reports only the part
    # that shows
    boxes = {t: button(page, t).first.bounding_box() for t in titles}
    tallest = max(b["height"] for b in boxes.values() if b is not None)
    whole = [t for t, box in boxes.items() if box is not None and box["height"] >= tallest - 1
             and in_view(page, button(page, t).first)]
    # two rows of four were in sight; now at least two rows of six
    assert len(whole) >= 12, (len(whole), whole)
    right = max(b["x"] + b["width"] for t, b in boxes.items() if b is not None and t in whole)
    assert right >= 0.85 * SIDEWAYS["width"], right  # across the width
    for seat in SEATS:  # every seat's button in reach beside the pack
        reach(page, button(page, f"{seat}'s piece"))
