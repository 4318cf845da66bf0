"""Learn for a game of the family in the browser (issue 14, item 3): Kille chosen, its pack with
the pictures drawn for it, its calls, and "Print a deck" of Kille as a download, on a tablet
and on a phone (issue 16, item 2)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from browser_ui import (
    PHONE,
    TABLET,
    AppServer,
    all_semantic_text,
    button,
    hook_text,
    open_app,
    tap,
    tap_until,
)
from playwright.sync_api import Page

from companion.deck import deck_pdf
from companion.deck.pictures import picture_name


def shows(page: Page, text: str, timeout: float = 15.0) -> str:
    """The screen's semantic text once it holds `text` (a card's lines may be one node)."""
    deadline = time.monotonic() + timeout
    while True:
        seen = all_semantic_text(page)
        if text in seen or time.monotonic() > deadline:
            assert text in seen, seen[:2000]
            return seen
        page.wait_for_timeout(250)


@pytest.mark.parametrize(("viewport", "paper"), [(TABLET, "a4"), (PHONE, "letter")])
def test_learn_kille_and_print_its_deck(page: Page, server: AppServer,
                                        viewport: dict[str, int], paper: str) -> None:
    page.set_viewport_size(viewport)
    pictures: list[str] = []
    page.on("request", lambda r: pictures.append(r.url.rsplit("/", 1)[-1]))
    open_app(page, f"{server.url}/learn")
    button(page, "Kille").wait_for(state="attached", timeout=30_000)
    tap_until(page, "Kille", page.get_by_text("Kille: the 42 cards").first)
    assert hook_text(page, "phase").startswith("Kille: the 42 cards, highest first, under "
                                               "Byteskille")
    seen = shows(page, "1. Harlequin")
    assert "In Kille: Harlekin · in the pack: 2" in seen
    assert ("Matador. Its call: «Kuku står, ingen byta får!» (“Cuckoo stands, nobody may "
            "swap!”)") in seen
    # the first piece's own picture, drawn for Kille, is fetched from the app's assets
    assert f"{picture_name('harlequin', 'kille')}.svg" in pictures
    label = "Save for A4" if paper == "a4" else "Save for Letter"
    tap_until(page, "Print a deck", button(page, label))
    shows(page, "the 42 cards of Kille")
    with page.expect_download(timeout=60_000) as download:
        tap(page, label)
    saved = download.value
    assert saved.suggested_filename == f"kille-deck-{paper}.pdf"
    assert Path(saved.path()).read_bytes() == deck_pdf("kille", paper, "en")
    button(page, "Print a deck").wait_for(state="attached")  # the dialog closed
