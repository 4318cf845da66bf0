"""The same journal imported twice, in the browser (issue 23, item 18): the second time is
refused with the table it already is, and "Open table N" opens that table; nothing new is
stored. At a phone's and a tablet's size."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_ui import PHONE, TABLET, AppServer, button, open_tables, tap, type_into, wait_text
from playwright.sync_api import Page

from companion.store import Store

JOURNALS = Path(__file__).parent.parent / "records" / "journals"


@pytest.mark.parametrize("size", [PHONE, TABLET], ids=["phone", "tablet"])
def test_a_journal_already_here_is_refused_and_its_table_opened(
        page: Page, server: AppServer, size: dict[str, int], tmp_path: Path) -> None:
    text = (JOURNALS / "vogelspiel-witch.jsonl").read_text("utf-8")
    store = Store(server.data_dir)
    try:
        there = store.same_game(text) or store.import_journal(text).id  # one server, two sizes
        before = len(store.list_games())
    finally:
        store.close()
    page.set_viewport_size(size)
    open_tables(page, server.url)
    tap(page, "Import journal")
    # as a file of another name: the events decide, not the name
    copy = tmp_path / "from-the-club.jsonl"
    copy.write_text(text, encoding="utf-8")
    with page.expect_file_chooser(timeout=30_000) as chooser:
        tap(page, "Open a file")
    chooser.value.set_files(str(copy))
    wait_text(page, f"This game is already here as table {there}.")
    # pasted too
    type_into(page, "Journal text", text)
    tap(page, "Import")
    wait_text(page, f"This game is already here as table {there}.")
    tap(page, f"Open table {there}")
    page.wait_for_url(re.compile(rf"/game/{there}$"))
    button(page, "Undo").wait_for(state="attached")
    store = Store(server.data_dir)
    try:
        assert len(store.list_games()) == before
    finally:
        store.close()
