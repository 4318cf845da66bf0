"""Every answer to a change is on the screen as the table opens, with no scroll, on a phone
upright and sideways (issue 23, item 7: upright, Vogelspiel's «Miau!», «Hott!», «Einkerth!»
and Slabberjan's «Herberg voorbij!» were below the fold; sideways two of five showed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_ui import AppServer, button, enable_semantics, settle
from playwright.sync_api import Page

from companion.store import Store

SEATS = '["Åse", "Bjørn", "Cy", "Dag", "Eli"]'
ASKED = {
    "vogelspiel": ('{"ev": "table", "version": 2, "game": "vogelspiel", "rules": "adrian", '
                   '"stakes": {"kind": "lives", "each": 3}, "seats": ' + SEATS
                   + ', "dealer": "Åse"}\n{"ev": "deal"}\n{"ev": "change", "seat": "Eli"}\n',
                   ("Swap", "«Pfeiff!»", "«Werda!»", "«Miau!»", "«Hott!»", "«Einkerth!»")),
    "slabberjan": ('{"ev": "table", "version": 2, "game": "slabberjan", "rules": "family", '
                   '"stakes": {"kind": "counters", "each": 5}, "seats": ' + SEATS
                   + ', "dealer": "Åse"}\n{"ev": "deal"}\n{"ev": "change", "seat": "Bjørn"}\n',
                   ("Swap", "«Kap af!»", "«Herberg voorbij!»")),
}
SIZES = ({"width": 390, "height": 844}, {"width": 844, "height": 390})


@pytest.mark.parametrize("size", SIZES, ids=("upright", "sideways"))
@pytest.mark.parametrize("game", sorted(ASKED))
def test_every_answer_is_in_sight_without_a_scroll(
        page: Page, server: AppServer, data_dir: Path, game: str, size: dict[str, int]
) -> None:
    journal, answers = ASKED[game]
    with Store(data_dir) as store:
        game_id = store.import_journal(journal).id
    page.set_viewport_size(size)
    page.goto(f"{server.url}/game/{game_id}")
    enable_semantics(page)
    button(page, "Undo").wait_for(state="attached")
    settle(page, 1.0)
    for answer in answers:
        found = page.locator('flt-semantics[role="button"]').filter(has_text=answer)
        if not found.count():
            found = page.locator(f'flt-semantics[role="button"][aria-label*="{answer}"]')
        box = found.first.bounding_box()
        assert box is not None, answer
        assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (answer, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], (answer, box)
