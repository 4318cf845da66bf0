"""Two browsers on one table (the referee link handed to a second device, or a second tab):
a tap in one redraws the other within seconds, through the real server and its sessions, and
Next round in one puts the settlement away in the other."""

from __future__ import annotations

import re

from browser_ui import (
    TABLET,
    AppServer,
    button,
    enable_semantics,
    new_table,
    open_tables,
    phase,
    reveal,
    tap_and_wait,
    wait_hook_change,
    wait_phase,
)
from playwright.sync_api import Browser, Page


def test_a_tap_on_one_screen_shows_on_the_other(
        browser: Browser, page: Page, server: AppServer) -> None:
    open_tables(page, server.url)
    new_table(page, ["Ann", "Bo", "Cy"], rules="damm", amount=3, dealer="Ann")
    match = re.search(r"/game/(\d+)$", page.url)
    assert match, page.url
    context = browser.new_context(viewport=TABLET)
    context.set_default_timeout(15_000)
    try:
        other = context.new_page()
        other.goto(f"{server.url}/game/{match.group(1)}")
        enable_semantics(other)
        assert wait_hook_change(other, "phase", "") == phase(page)
        before = phase(other)
        assert tap_and_wait(page, "Deal") == "Bo's turn"
        assert wait_hook_change(other, "phase", before) == "Bo's turn"
        assert tap_and_wait(other, "Stand") == "Cy's turn"  # the other device plays on
        assert wait_hook_change(page, "phase", "Bo's turn") == "Cy's turn"
        # the round settled here; Next round here puts the settlement away there too
        assert tap_and_wait(page, "Stand") == "Ann's turn"
        tap_and_wait(page, "Stand")  # the dealer stands: the piece picker
        reveal(page, {"Ann": "12", "Bo": "5", "Cy": "0"})
        settled = wait_phase(other, "Round 1 settled")
        assert settled == phase(page)
        assert button(other, "Next round").count()
        assert tap_and_wait(page, "Next round") == "Bo deals round 2"
        assert wait_phase(other, "Bo deals round 2") == "Bo deals round 2"
        assert not button(other, "Next round").count()
    finally:
        context.close()
