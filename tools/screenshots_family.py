"""Screenshots of Learn for each game of the family, phone and tablet, light and dark, into
docs/screenshots/ (learn-kille-phone-light.png, ...), and of the quiz of one (quiz-cuccu-...).

    python tools/screenshots_family.py [--only learn-kille ...]

Uses the Shooter of tools/screenshots.py: the app served on a temporary data folder, headless
Chromium, each screen saved once it has stopped changing.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(REPO))

from browser_ui import AppServer, button, launch_chromium, tap, tap_until
from playwright.sync_api import Page, sync_playwright
from screenshots import Shooter

from companion.engine.cuckoo import teach as family_teach


def main() -> int:
    parser = argparse.ArgumentParser(description="screenshots of Learn for each family game")
    parser.add_argument("--only", nargs="*", default=[], help="screen names to redo")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="gnav-shots-"))
    server = AppServer(tmp / "data").start()
    started = time.monotonic()
    try:
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            s = Shooter(browser, server.url, set(args.only))
            for game, title in family_teach.TITLES.items():
                def choose(page: Page, title: str = title) -> None:
                    tap_until(page, title, page.get_by_text(f"{title}: the ").first)

                s.screen(f"learn-{game}", "/learn", title, ["phone", "tablet"], then=choose)

            def quiz(page: Page) -> None:
                tap_until(page, "Cuccù", button(page, "Montorio's Stù"))
                tap(page, "Montorio's Stù")

            s.screen("quiz-cuccu", "/quiz", "Cuccù", ["phone", "tablet"], then=quiz)
            browser.close()
    finally:
        server.stop()
    print(f"{len(s.saved)} screenshots in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
