"""Turning the tablet: the table is built again for its new form at once (the tools get their
own row when upright, the answers are sized for a phone), and play goes on where it was."""

from __future__ import annotations

from browser_ui import (
    PHONE,
    TABLET_PORTRAIT,
    AppServer,
    button,
    hook_text,
    new_table,
    open_tables,
    phase,
    tap_and_wait,
    wait_hook_change,
)
from playwright.sync_api import Page


def test_turning_the_tablet_and_shrinking_to_a_phone_keeps_the_game(
        page: Page, server: AppServer) -> None:
    open_tables(page, server.url)
    new_table(page, ["Ann", "Bo", "Cy"], dealer="Ann")
    assert tap_and_wait(page, "Deal") == "Bo's turn"
    assert tap_and_wait(page, "Stand") == "Cy's turn"
    wide = button(page, "History").bounding_box()
    assert wide is not None and wide["y"] < 64  # in the top bar of a wide tablet

    page.set_viewport_size(TABLET_PORTRAIT)
    # upright, the tools move to a row of their own under the bar
    page.wait_for_function(
        """() => { const b = [...document.querySelectorAll('flt-semantics[role="button"]')]
                     .find(e => e.getAttribute('aria-label') === 'History'
                                || e.textContent.trim() === 'History');
                   return b && b.getBoundingClientRect().top >= 64; }""",
        timeout=15_000)
    assert phase(page) == "Cy's turn"
    assert "Bo stands." in hook_text(page, "banner")

    page.set_viewport_size(PHONE)
    page.wait_for_function(
        f"""() => {{ const b = [...document.querySelectorAll('flt-semantics[role="button"]')]
                      .find(e => e.getAttribute('aria-label') === 'Stand'
                                 || e.textContent.trim() === 'Stand');
                    return b && b.getBoundingClientRect().width
                                >= ({PHONE["width"]} - 24 - 32 - 12) / 2 - 2; }}""",
        timeout=15_000)
    assert phase(page) == "Cy's turn"
    before = phase(page)
    button(page, "Stand").click()
    assert wait_hook_change(page, "phase", before) == "Ann's turn"
