"""A knock is shown for the round it was made in, in words that say so, and is gone once the
round has ended (issue 12, item 7: "knocked" stayed on the seat into the next round)."""

from __future__ import annotations

from browser_ui import (
    AppServer,
    at_issue_sizes,
    button,
    hook_text,
    new_table,
    open_tables,
    reveal,
    tap,
    tap_and_wait,
)
from playwright.sync_api import Page


@at_issue_sizes
def test_knocked_this_round_until_the_round_ends(
        page: Page, server: AppServer, size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    open_tables(page, server.url)
    new_table(page, ["Ann", "Bo", "Cy"], rules="pagat", dealer="Ann")
    assert tap_and_wait(page, "Deal") == "Bo's turn"
    tap(page, "Knock")
    tap(page, "Cy knocks")  # in the knock menu, which hides the seats while it is up
    button(page, "Cy knocks").wait_for(state="detached")
    deadline = 50
    while "knocked this round" not in hook_text(page, "seat-Cy") and deadline:
        page.wait_for_timeout(100)
        deadline -= 1
    assert "knocked this round" in hook_text(page, "seat-Cy")
    tap_and_wait(page, "Stand")
    tap_and_wait(page, "Stand")
    tap_and_wait(page, "Stand")
    reveal(page, {"Ann": "12", "Bo": "5", "Cy": "fool"})
    button(page, "Next round").wait_for(state="attached")
    page.wait_for_timeout(300)
    assert "knocked" not in hook_text(page, "seat-Cy")
