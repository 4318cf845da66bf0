"""Screenshots of the table screen of Kille, Cuccù, Slabberjan and Vogelspiel, phone and tablet,
upright and sideways, light and dark, into docs/screenshots/ (family-<game>-<size>-<theme>.png).

    python tools/screenshots_family_table.py

Each game is prepared by importing a journal that stops where a seat has been asked, so the
screen shows the game's calls in its own words with their translations; the app is served and
shot as tools/screenshots.py does (its Shooter).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(REPO))

from browser_ui import AppServer, launch_chromium
from playwright.sync_api import sync_playwright
from screenshots import OUT, Shooter

from companion.store import Store

SEATS = '["Åse", "Bjørn", "Cy", "Dag", "Eli"]'
# each: a header and the events up to an ask (seats as New table writes them)
JOURNALS = {
    "kille": ('{"ev": "table", "version": 2, "game": "kille", "rules": "byteskille", '
              '"stakes": {"kind": "stake", "rebuys": 3}, "seats": ' + SEATS
              + ', "dealer": "Åse"}', ['{"ev": "deal"}', '{"ev": "stand", "seat": "Bjørn"}',
                                       '{"ev": "change", "seat": "Cy"}']),
    "cuccu": ('{"ev": "table", "version": 2, "game": "cuccu", "rules": "campli", '
              '"stakes": {"kind": "lives", "each": 3}, "seats": ' + SEATS
              + ', "dealer": "Åse"}', ['{"ev": "deal"}', '{"ev": "change", "seat": "Eli"}',
                                       '{"ev": "reply", "from": "Dag", "call": "hunter"}',
                                       '{"ev": "change", "seat": "Dag"}']),
    "slabberjan": ('{"ev": "table", "version": 2, "game": "slabberjan", "rules": "family", '
                   '"stakes": {"kind": "counters", "each": 5}, "seats": ' + SEATS
                   + ', "dealer": "Åse"}', ['{"ev": "deal"}',
                                            '{"ev": "change", "seat": "Bjørn"}']),
    "vogelspiel": ('{"ev": "table", "version": 2, "game": "vogelspiel", "rules": "adrian", '
                   '"stakes": {"kind": "lives", "each": 3}, "seats": ' + SEATS
                   + ', "dealer": "Åse"}', ['{"ev": "deal"}',
                                            '{"ev": "change", "seat": "Eli"}']),
}


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="gnav-family-shots-"))
    with Store(tmp / "data") as store:
        ids = {game: store.import_journal("\n".join([head, *events]) + "\n").id
               for game, (head, events) in JOURNALS.items()}
    server = AppServer(tmp / "data").start()
    started = time.monotonic()
    try:
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            s = Shooter(browser, server.url, set())
            for game, game_id in ids.items():
                s.screen(f"family-{game}", f"/game/{game_id}", "Undo",
                         ["phone", "tablet", "portrait", "sideways"])
            browser.close()
    finally:
        server.stop()
    print(f"{len(s.saved)} screenshots in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
