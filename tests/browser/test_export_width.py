"""The exported journal gets the screen's width, and the journal being pasted too (issue 12,
item 11: it was shown in a 300 px column on the tablet)."""

from __future__ import annotations

from browser_ui import AppServer, at_issue_sizes, button, new_table, open_tables, tap, tap_first
from playwright.sync_api import Page


@at_issue_sizes
def test_the_exported_journal_takes_the_screens_width(
        page: Page, server: AppServer, size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    open_tables(page, server.url)
    if not button(page, "Export game 1").count():
        new_table(page, ["Ann", "Bo", "Cy"], dealer="Ann")
        tap_first(page, "Tables")
    tap_first(page, "Export game 1")
    tap(page, "Import journal")
    for label in ("Journal of game 1", "Journal text"):
        field = page.get_by_role("textbox", name=label)
        field.wait_for(state="attached")
        box = field.bounding_box()
        assert box is not None and box["width"] >= size["width"] - 2 * 16 - 2, (label, box)
