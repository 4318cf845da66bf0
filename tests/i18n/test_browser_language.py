"""In headless Chromium, through the UI alone: switch the language mid-game and read a call
banner and a settlement sentence in it; the choice is remembered by the browser (issue 4,
Tests). Reuses the browser tests' fixtures and helpers without changing them
(tests/i18n/conftest.py imports the fixtures)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from playwright.sync_api import Page

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))

from browser_ui import (
    AppServer,
    button,
    enable_semantics,
    hook_text,
    new_table,
    open_tables,
    reveal,
    tap,
    tap_and_wait,
    wait_text,
)


def switch_language(page: Page, name: str) -> None:
    """Through the top bar's language button (its label in the language now shown); a tap in
    the dialog's opening animation can be lost, so the choice is tapped until it takes."""
    for label in ("Language", "Språk", "Sprog"):
        if button(page, label).count():
            tap(page, label)
            break
    choice = button(page, name)
    for _ in range(4):
        time.sleep(1.5)
        tap(page, name)
        deadline = time.monotonic() + 8
        while time.monotonic() < deadline:
            if choice.count() == 0:
                return
            time.sleep(0.25)
    raise AssertionError(f"the language did not switch to {name}")


def wait_hook_contains(page: Page, identifier: str, text: str, timeout: float = 15) -> str:
    deadline = time.monotonic() + timeout
    seen = ""
    while time.monotonic() < deadline:
        seen = hook_text(page, identifier)
        if text in seen:
            return seen
        time.sleep(0.2)
    raise AssertionError(f"{identifier!r} never said {text!r}; it says {seen!r}")


def test_switch_language_mid_game(page: Page, server: AppServer) -> None:
    open_tables(page, server.url)
    new_table(page, ["Ann", "Bo", "Cy", "Dag"], dealer="Ann")
    tap_and_wait(page, "Deal")
    assert tap_and_wait(page, "Change") == "Bo asks Cy to swap. Cy answers:"
    tap(page, "Dragoon «Hogg av!» “Chop off!”")
    banner = wait_hook_contains(page, "banner", "Bo pays a counter into the pool.")
    assert "Cy says «Hogg av!» (“Chop off!”): the dragoon stops the swap." in banner

    switch_language(page, "Norsk bokmål")
    banner = wait_hook_contains(page, "banner", "Bo betaler en sjetong til kassen.")
    assert "Cy sier «Hogg av!»: dragonen stanser byttet. Bo beholder brikken sin." in banner
    assert hook_text(page, "phase") == "Cy står for tur"
    button(page, "Stå").wait_for(state="attached")

    switch_language(page, "English")
    for seat in ("Cy", "Dag", "Ann"):
        wait_text(page, f"{seat}'s turn")
        tap(page, "Stand")
    reveal(page, {"Ann": "5", "Bo": "9", "Cy": "7", "Dag": "1"})
    wait_hook_contains(page, "settlement", "Dag shows the 1, the lowest piece, and pays a "
                                           "counter into the pool.")

    switch_language(page, "Dansk")
    wait_hook_contains(page, "settlement", "Dag viser brikken 1, den laveste brik, og betaler "
                                           "en jeton til puljen.")
    button(page, "Næste runde").wait_for(state="attached")

    # the browser remembers the choice: a new tab on the same table opens in Danish
    again = page.context.new_page()
    again.goto(page.url)
    enable_semantics(again)
    wait_hook_contains(again, "settlement", "og betaler en jeton til puljen.", timeout=30)
    again.close()
