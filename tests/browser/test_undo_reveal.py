"""Undoing a reveal brings the piece picker back with every piece entered, so one piece can be
corrected and the round settled again at once (issue 12, item 5: it came back empty)."""

from __future__ import annotations

import re

from browser_ui import (
    AppServer,
    at_issue_sizes,
    button,
    pick_piece,
    reveal,
    stored_game,
    table_at_the_reveal,
    tap,
)
from playwright.sync_api import Page


@at_issue_sizes
def test_undoing_a_reveal_keeps_every_piece_entered(
        page: Page, server: AppServer, size: dict[str, int]) -> None:
    table_at_the_reveal(page, server.url, size, ["Ann", "Bo", "Cy"])
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
