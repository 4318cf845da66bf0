"""Undoing a reveal brings the piece picker back with every piece entered, so one piece can be
corrected and the round settled again at once (issue 12, item 5: it came back empty)."""

from __future__ import annotations

import re

import pytest
from browser_ui import (
    ISSUE_SIZES,
    AppServer,
    button,
    new_table,
    open_tables,
    pick_piece,
    reveal,
    stored_game,
    tap,
    tap_and_wait,
)
from playwright.sync_api import Page


@pytest.mark.parametrize("size", ISSUE_SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_undoing_a_reveal_keeps_every_piece_entered(
        page: Page, server: AppServer, size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    open_tables(page, server.url)
    new_table(page, ["Ann", "Bo", "Cy"], dealer="Ann")
    tap_and_wait(page, "Deal")
    for _seat in range(3):
        tap_and_wait(page, "Stand")
    reveal(page, {"Ann": "12", "Bo": "5", "Cy": "0"})
    button(page, "Next round").wait_for(state="attached")
    tap(page, "Undo")
    settle = button(page, "Settle")
    settle.wait_for(state="attached")
    page.wait_for_timeout(500)
    assert settle.get_attribute("aria-disabled") != "true"  # every seat still has its piece
    pick_piece(page, "6", seat="Bo")  # the one correction
    tap(page, "Settle")
    button(page, "Next round").wait_for(state="attached")
    page.wait_for_url(re.compile(r"/game/\d+$"))
    shown = stored_game(page, server.data_dir).state.last_round.pieces
    assert dict(shown) == {"Ann": "12", "Bo": "6", "Cy": "0"}
