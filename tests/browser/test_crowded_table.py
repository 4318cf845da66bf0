"""A crowded table on a screen too short for all its seats: the seats are a grid that scrolls
itself, and the seat whose turn it is comes into view (the grid builds its rows lazily, so it
is scrolled by offset, not by the seat's key)."""

from __future__ import annotations

from pathlib import Path

from browser_ui import enable_semantics, hook, phase, tap_and_wait
from playwright.sync_api import Browser

from companion.engine import Stakes, Table
from companion.store import Store

SEATS = tuple(f"P{n:02d}" for n in range(1, 41))
SHORT_TABLET = {"width": 1280, "height": 560}


def test_the_seat_to_play_is_scrolled_into_view_on_a_crowded_table(
        browser: Browser, data_dir: Path, server: object) -> None:
    store = Store(data_dir)
    try:
        game = store.create_game(Table(rules="damm", stakes=Stakes("counters", 3),
                                       seats=SEATS, dealer="P01"))
    finally:
        store.close()
    context = browser.new_context(viewport=SHORT_TABLET)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/game/{game.id}")  # type: ignore[attr-defined]
        enable_semantics(page)
        assert tap_and_wait(page, "Deal") == "P02's turn"
        last = hook(page, "seat-P38").first
        last.wait_for(state="attached")
        question = hook(page, "phase").first.bounding_box()
        assert question is not None
        seats_end = question["y"] - 16  # the question's panel starts above its text
        box = last.bounding_box()
        assert box is not None and box["y"] + box["height"] > seats_end  # hidden behind it
        while phase(page) != "P38's turn":
            tap_and_wait(page, "Stand")
        page.wait_for_timeout(600)  # the scroll is animated (200 ms)
        box = last.bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= seats_end, (box, seats_end)
    finally:
        context.close()
