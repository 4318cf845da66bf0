"""An impossible reveal is explained as it is entered: which seats still lack a piece (what
Settle waits for) and why a greyed-out piece cannot be picked (issue 12, item 10)."""

from __future__ import annotations

from browser_ui import (
    AppServer,
    at_issue_sizes,
    button,
    hook_text,
    pick_piece,
    table_at_the_reveal,
)
from playwright.sync_api import Page


@at_issue_sizes
def test_the_picker_says_which_seats_lack_a_piece_and_which_pieces_are_used_up(
        page: Page, server: AppServer, size: dict[str, int]) -> None:
    table_at_the_reveal(page, server.url, size, ["Ann", "Bo", "Cy"])
    assert hook_text(page, "picker-status") == (
        "Settle once every seat has a piece; still without one: Ann, Bo and Cy.")
    pick_piece(page, "fool")
    pick_piece(page, "fool")
    assert button(page, "fool").get_attribute("aria-disabled") == "true"
    assert hook_text(page, "picker-status") == (
        "Settle once every seat has a piece; still without one: Cy. "
        "The pack has two of each piece: fool cannot be picked again.")
