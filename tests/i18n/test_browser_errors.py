"""In headless Chromium, through the UI alone: a bad journal imported in Norwegian gets its
line-numbered reason in Norwegian, and nothing is stored (issue 4, item 1, with the import
of issue 3). Uses tests/browser's fixtures (tests/i18n/conftest.py)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from playwright.sync_api import Page

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))

from browser_ui import AppServer, open_tables, tap, type_into, wait_text

from .test_browser_language import switch_language

HEADER = (
    '{"ev": "table", "version": 1, "rules": "damm", "stakes": {"kind": "counters", "each": 3}, '
    '"seats": ["Ann", "Bo", "Cy"], "dealer": "Ann"}'
)


def test_a_bad_journal_is_refused_in_norwegian(page: Page, server: AppServer) -> None:
    open_tables(page, server.url)
    games = page.get_by_role("button", name=re.compile(r"^Åpne spill \d+|^Open game \d+"))
    switch_language(page, "Norsk bokmål")
    wait_text(page, "Importer journal")
    before = sorted(games.all_text_contents())
    tap(page, "Importer journal")
    type_into(page, "Journaltekst", f'{HEADER}\n{{"ev":"deal"}}\n{{"ev":"stand","seat":"Cy"}}\n')
    tap(page, "Importer")
    wait_text(page, "linje 3: Det er turen til Bo, ikke til Cy.")
    assert sorted(games.all_text_contents()) == before
