"""A family table made short and wide after it opened (a split screen, 915x412) is built again
held sideways: the seats round the table beside the question, none squeezed (issue 23, item
8: the tablet layout was kept and every seat was 1 px wide)."""

from __future__ import annotations

from pathlib import Path

from browser_ui import PHONE_SIDEWAYS, AppServer, button, enable_semantics, hook, settle
from playwright.sync_api import Page

from companion.store import Store

SEATS = ("Åsa", "Märta", "Gösta", "Dag", "Eli", "Finn")
HEAD = ('{"ev": "table", "version": 2, "game": "kille", "rules": "byteskille", '
        '"stakes": {"kind": "stake", "rebuys": 3}, "seats": ["Åsa", "Märta", "Gösta", "Dag", '
        '"Eli", "Finn"], "dealer": "Åsa"}')


def test_a_table_made_short_and_wide_turns_sideways_and_keeps_its_seats(
        page: Page, server: AppServer, data_dir: Path) -> None:
    with Store(data_dir) as store:
        game_id = store.import_journal(HEAD + '\n{"ev": "deal"}\n').id
    page.goto(f"{server.url}/game/{game_id}")
    enable_semantics(page)
    button(page, "Undo").wait_for(state="attached")
    page.set_viewport_size(PHONE_SIDEWAYS)
    settle(page, 1.0)
    stand = button(page, "Stand")
    page.wait_for_function(
        """() => { const b = [...document.querySelectorAll('flt-semantics[role="button"]')]
                     .find(e => e.textContent.trim().startsWith('Stand')
                                || (e.getAttribute('aria-label') || '').startsWith('Stand'));
                   return b && b.getBoundingClientRect().left > 915 / 2 - 20; }""",
        timeout=15_000)
    answer = stand.bounding_box()
    assert answer is not None and answer["x"] > PHONE_SIDEWAYS["width"] / 2 - 20
    for name in SEATS:
        box = hook(page, f"seat-{name}").bounding_box()
        assert box is not None, name
        assert box["width"] >= 60 and box["height"] >= 40, (name, box)
        assert box["x"] + box["width"] <= answer["x"], (name, box)  # beside the question
        assert box["y"] + box["height"] <= PHONE_SIDEWAYS["height"], (name, box)
