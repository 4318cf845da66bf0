"""Screenshots of what a table teaches of itself (issue 23, item 14): a family table's rules
card (its house rules in sentences, its stakes, its sources), Learn of that table (its house
rules), the quiz once answered (the right answer marked), and Learn of a Gwra pyskessa table
(every game's Learn, taught from its phrasebook), at phone, sideways and tablet sizes, light and
dark, into docs/screenshots/ (teach-rules-slabberjan-phone-light.png, ...).

    python tools/screenshots_teaching.py [--only teach-quiz ...]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from random import Random

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(REPO))

from browser_ui import AppServer, launch_chromium, tap
from playwright.sync_api import Page, sync_playwright
from screenshots import SIZES, Shooter

from companion.engine.registry import GAMES
from companion.i18n import Tr
from companion.store import Store

SLABBERJAN = {"ev": "table", "version": 2, "game": "slabberjan", "rules": "sheet",
              "stakes": {"kind": "counters", "each": 5}, "seats": ["Ann", "Bo", "Cy"],
              "dealer": "Ann", "house": {"side_pot": True, "credit": "everyone",
                                         "direction": "left"}}
GWRA = {"ev": "table", "version": 2, "game": "gwra-pyskessa", "rules": "kernewek",
        "seats": ["Ann", "Pol"], "dealer": "Ann"}
SIZES["small-sideways"] = {"width": 844, "height": 390}
ALL = ["phone", "upright", "sideways", "small-sideways", "tablet"]


def stored(data: Path, header: dict[str, object]) -> int:
    store = Store(data)
    try:
        return store.import_journal(json.dumps(header) + "\n").id
    finally:
        store.close()


def answer_wrong(page: Page) -> None:
    teaching = GAMES["kille"].teaching
    assert teaching is not None
    book = next(iter(teaching.books().values()))
    q = teaching.questions(book, Random(f"kille-{book.name}-0"), Tr("en"))[0]
    page.get_by_text(q.text).first.wait_for(state="attached")
    tap(page, next(o.text for i, o in enumerate(q.options) if i != q.answer))
    page.locator('[flt-semantics-identifier="quiz-right"]').first.wait_for(state="attached")


def main() -> int:
    parser = argparse.ArgumentParser(description="screenshots of what a table teaches")
    parser.add_argument("--only", nargs="*", default=[], help="screen names to redo")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="gnav-shots-"))
    server = AppServer(tmp / "data").start()
    started = time.monotonic()
    try:
        family, gwra = stored(server.data_dir, SLABBERJAN), stored(server.data_dir, GWRA)
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            s = Shooter(browser, server.url, set(args.only))
            s.screen("teach-rules-slabberjan", f"/game/{family}/rules", "Back to the table", ALL)
            s.screen("teach-learn-slabberjan", f"/learn/{family}", "Back to the table", ALL)
            s.screen("teach-quiz-kille", "/quiz/kille", "Tables", ALL, then=answer_wrong)
            s.screen("teach-learn-gwra", f"/learn/{gwra}", "Back to the table", ALL,
                     scrolled="teach-learn-gwra-end")
            browser.close()
    finally:
        server.stop()
    print(f"{len(s.saved)} screenshots in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
