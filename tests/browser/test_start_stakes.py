"""What the referee typed in Counters each is what the game gets, with Start tapped the
moment after typing, again and again (issue 12, item 3: once in twelve tries the game was made
with the default 3)."""

from __future__ import annotations

import re

from browser_ui import (
    AppServer,
    add_players,
    at_issue_sizes,
    button,
    open_tables,
    reach,
    stored_game,
    tap,
    type_into,
)
from playwright.sync_api import Page

from companion.engine.gnav import Stakes

TRIES = 4  # a size; twelve in all


@at_issue_sizes
def test_start_tapped_right_after_typing_the_stakes_gets_them(
        page: Page, server: AppServer, size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    open_tables(page, server.url)
    for k in range(TRIES):
        amount = str(2 + k)
        tap(page, "New table")
        add_players(page, ["Ann", "Bo"])
        # below the game's choice on a phone: the finger scrolls to the field first (typing
        # into a field off the screen reaches no field at all)
        reach(page, page.get_by_role("textbox", name="Counters each"))
        type_into(page, "Counters each", amount)
        start = button(page, "Start game")
        reach(page, start)  # on a phone Start is further down: the finger scrolls to it
        box = start.bounding_box()
        assert box is not None
        # at once, by the pointer: no waiting for the field or the button
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        button(page, "Undo").wait_for(state="attached")
        page.wait_for_url(re.compile(r"/game/\d+$"))
        assert stored_game(page, server.data_dir).table.stakes == Stakes("counters", int(amount))
        tap(page, "Tables")
        button(page, "New table").wait_for(state="attached")
