"""Learn's "Print a deck" in the browser: the PDF arrives as a download, on a tablet and on a
phone (issue 16, item 2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_ui import PHONE, TABLET, AppServer, button, open_app, tap, tap_until
from playwright.sync_api import Page

from companion.deck import deck_pdf


@pytest.mark.parametrize(("viewport", "paper"), [(TABLET, "a4"), (PHONE, "letter")])
def test_print_a_deck_downloads_the_pdf(page: Page, server: AppServer, viewport: dict[str, int],
                                        paper: str) -> None:
    page.set_viewport_size(viewport)
    open_app(page, f"{server.url}/learn")
    button(page, "Print a deck").wait_for(state="attached", timeout=30_000)
    label = "Save for A4" if paper == "a4" else "Save for Letter"
    tap_until(page, "Print a deck", button(page, label))
    with page.expect_download(timeout=60_000) as download:
        tap(page, label)
    saved = download.value
    assert saved.suggested_filename == f"gnav-deck-{paper}.pdf"
    assert Path(saved.path()).read_bytes() == deck_pdf("gnav", paper, "en")
    button(page, "Print a deck").wait_for(state="attached")  # the dialog closed
