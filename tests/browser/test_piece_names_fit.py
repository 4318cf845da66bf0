"""A piece's name in the reveal picker is never broken inside a word on the page: at a German
Kille table, the pack's longest names ("Blumentopf", "Wirtshaus") picked for the seats stay
on one line beside them on a phone held sideways and on a tablet (they read "Blumento/pf"),
and the width the page gives a name is no more than the views' measure of it
(companion/views/theme.text_width, which tests/views/test_piece_names_fit.py fits every name
by), read from the rendered page on a phone upright."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser_ui import (
    PHONE_SIDEWAYS,
    PHONE_UPRIGHT,
    TABLET,
    AppServer,
    enable_semantics,
    pick_piece,
    remember_language,
    stand_round,
)
from playwright.sync_api import Page

from companion.engine.cuckoo.narrate import piece_title
from companion.i18n import Tr
from companion.store import Store
from companion.views import theme
from tests.family import BOOKS

SEATS = ["Ann", "Bo", "Cy"]
HEADER = {"ev": "table", "version": 2, "game": "kille", "rules": "byteskille",
          "stakes": {"kind": "stake", "rebuys": 3}, "seats": SEATS, "dealer": "Ann"}
GERMAN = Tr("de")
# the three longest names of Kille's pack in German
LONGEST = [piece_title(BOOKS["kille"], piece, GERMAN) for piece in ("flowerpot", "inn", "cavalier")]


def kille_at_the_reveal(data_dir: Path) -> int:
    store = Store(data_dir)
    try:
        game = store.import_journal(json.dumps(HEADER) + "\n")
        stand_round(game)
        return int(game.id)
    finally:
        store.close()


def picked_in_german(page: Page, server: AppServer, size: dict[str, int]) -> dict[str, dict[str, float]]:
    """The pack's longest names picked for the seats at a German Kille table; the box each
    name beside its seat takes on the page."""
    game_id = kille_at_the_reveal(server.data_dir)
    remember_language(page.context, "de")
    page.set_viewport_size(size)
    page.goto(f"{server.url}/game/{game_id}")
    enable_semantics(page)
    page.get_by_role("button", name=GERMAN("Settle"), exact=True).wait_for(state="attached")
    for name in LONGEST:
        pick_piece(page, name)
    page.wait_for_timeout(500)
    boxes: dict[str, dict[str, float]] = page.locator("flt-semantics").evaluate_all(
        """(els, names) => Object.fromEntries(els
            .filter(e => !e.querySelector('flt-semantics') && e.getAttribute('role') !== 'button'
                         && names.includes(e.textContent.trim()))
            .map(e => { const r = e.getBoundingClientRect();
                        return [e.textContent.trim(),
                                {x: r.x, y: r.y, width: r.width, height: r.height}]; }))""",
        LONGEST)
    assert sorted(boxes) == sorted(LONGEST), boxes
    return boxes


@pytest.mark.parametrize("size", [PHONE_SIDEWAYS, TABLET], ids=["sideways", "tablet"])
def test_a_long_name_beside_its_seat_stays_on_one_line(
        page: Page, server: AppServer, size: dict[str, int]) -> None:
    boxes = picked_in_german(page, server, size)
    # one line of 18 px text is about 21 px high; two lines (a word broken) 42
    assert {name: box["height"] for name, box in boxes.items()
            if box["height"] > 1.5 * theme.BODY} == {}


def test_the_views_measure_of_a_name_is_no_less_than_its_width_on_the_page(
        page: Page, server: AppServer) -> None:
    # upright, a phone's seats are a strip that gives each name the width it takes
    boxes = picked_in_german(page, server, PHONE_UPRIGHT)
    # the strip scrolls: the third seat shows only part of its name at its right edge
    boxes = {name: boxes[name] for name in LONGEST[:2]}
    measured = {name: round(theme.text_width(name, theme.BODY, theme.TEXT_SPACING), 1)
                for name in boxes}
    rendered = {name: round(box["width"], 1) for name, box in boxes.items()}
    assert {name: (rendered[name], measured[name]) for name in boxes
            if rendered[name] > measured[name]} == {}
    # and not a generous guess either: within a few pixels of what is drawn
    assert all(measured[name] - rendered[name] < 6 for name in boxes), (measured, rendered)
