"""A crowded table on a screen too short for all its seats: the seats are a grid (a list on a
phone) that scrolls itself, and the seat whose turn it is comes into view (grid and list build
their rows lazily, so they are scrolled by offset, not by the seat's key)."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_ui import PHONE, enable_semantics, hook, phase, tap_and_wait
from playwright.sync_api import Browser

from companion.engine.gnav import Stakes, Table
from companion.store import Store

SHORT_TABLET = {"width": 1280, "height": 560}


@pytest.mark.parametrize(("viewport", "seats", "target"), [
    (SHORT_TABLET, 40, "P38"),  # the grid, 9 seats a row
    (PHONE, 20, "P17"),  # the list
], ids=["tablet-grid", "phone-list"])
def test_the_seat_to_play_is_scrolled_into_view_on_a_crowded_table(
        browser: Browser, data_dir: Path, server: object, viewport: dict[str, int],
        seats: int, target: str) -> None:
    store = Store(data_dir)
    try:
        game = store.create_game(Table(rules="damm", stakes=Stakes("counters", 3),
                                       seats=tuple(f"P{n:02d}" for n in range(1, seats + 1)),
                                       dealer="P01"))
    finally:
        store.close()
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/game/{game.id}")  # type: ignore[attr-defined]
        enable_semantics(page)
        assert phase(page) == "P01 deals round 1"
        assert tap_and_wait(page, "Deal") == "P02's turn"
        last = hook(page, f"seat-{target}").first
        last.wait_for(state="attached")
        question = hook(page, "phase").first.bounding_box()
        assert question is not None
        seats_end = question["y"] - 16  # the question's panel starts above its text
        box = last.bounding_box()
        assert box is not None and box["y"] + box["height"] > seats_end  # hidden behind it
        while phase(page) != f"{target}'s turn":
            tap_and_wait(page, "Stand")
        page.wait_for_timeout(600)  # the scroll is animated (200 ms)
        box = last.bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= seats_end, (box, seats_end)
    finally:
        context.close()
