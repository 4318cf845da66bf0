"""A name longer than a seat takes is said to be so while it is typed (issue 12, item 8: the
field stopped at 24 characters without a word)."""

from __future__ import annotations

from browser_ui import AppServer, at_issue_sizes, open_tables, tap, wait_text
from playwright.sync_api import Page

LONG = "Anne-Kristine Bergersen-Haugland"  # 32 characters


@at_issue_sizes
def test_a_name_cut_at_24_characters_is_said_so_while_typing(
        page: Page, server: AppServer, size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    open_tables(page, server.url)
    tap(page, "New table")
    page.get_by_role("textbox", name="Player name").click()
    page.wait_for_timeout(300)  # the focus in Flutter's own editing element
    page.keyboard.type(LONG, delay=20)
    wait_text(page, "A name has at most 24 characters.", timeout=5_000)
    # shorter again: the sentence goes
    for _k in range(10):
        page.keyboard.press("Backspace")
    page.get_by_text("A name has at most 24 characters.").wait_for(state="detached",
                                                                   timeout=5_000)
