"""Screenshots of Players and records and of New table's chips, phone upright and sideways and
tablet, light and dark, into docs/screenshots/.

    python tools/screenshots_records.py [--only records|chips ...] [--size phone ...]
                                        [--lang nb]

The golden journals of tests/records/journals/ are imported into a temporary data folder, the
app is served on it by `python -m companion serve` and each screen opened in headless
Chromium. Names: records-phone-light.png, records-chart-tablet-dark.png, chips-phone-light.png,
share-take-home-phone-dark.png.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO))

from browser_ui import (
    PHONE,
    PHONE_SIDEWAYS,
    TABLET,
    AppServer,
    enable_semantics,
    launch_chromium,
    remember_language,
    tap,
    wait_text,
)
from playwright.sync_api import Browser, sync_playwright

from companion.store import Store

OUT = REPO / "docs" / "screenshots"
JOURNALS = REPO / "tests" / "records" / "journals"
SIZES = {"phone": PHONE, "sideways": {"width": 844, "height": 390}, "tablet": TABLET,
         "phone-wide": PHONE_SIDEWAYS}
SCREENS = ("records", "records-chart", "chips", "share-take-home")


def seed(folder: Path) -> None:
    with Store(folder) as store:
        for journal in sorted(JOURNALS.glob("*.jsonl")):
            store.import_journal(journal.read_bytes())


def shoot(browser: Browser, url: str, screen: str, size: str, dark: bool, lang: str) -> Path:
    context = browser.new_context(viewport=SIZES[size])
    if lang != "en":
        remember_language(context, lang)
    page = context.new_page()
    try:
        if screen == "share-take-home":  # a finished game's Share page, at its files
            page.goto(f"{url}/game/2/share")  # the Gnav table (the journals in name order)
            enable_semantics(page)
            wait_text(page, "Result to take home" if lang == "en" else "PDF", timeout=30_000)
        elif screen == "chips":
            page.goto(f"{url}/new")
            enable_semantics(page)
            wait_text(page, "Bo", timeout=30_000)
        else:
            page.goto(f"{url}/records")
            enable_semantics(page)
            wait_text(page, "Players and records" if lang == "en" else "Bo", timeout=30_000)
        if dark:
            tap(page, "Dark or light")
        time.sleep(2.5)
        if screen in ("records-chart", "share-take-home"):
            page.mouse.move(SIZES[size]["width"] / 2, SIZES[size]["height"] / 2)
            page.mouse.wheel(0, 100_000)  # the end: the table to take home and its story
            time.sleep(2)
        suffix = "" if lang == "en" else f"-{lang}"
        path = OUT / f"{screen}{suffix}-{size}-{'dark' if dark else 'light'}.png"
        page.screenshot(path=str(path))
        return path
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", nargs="*", choices=SCREENS, default=list(SCREENS))
    parser.add_argument("--size", nargs="*", choices=list(SIZES),
                        default=["phone", "sideways", "tablet"])
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        seed(data)
        server = AppServer(data).start()
        try:
            with sync_playwright() as pw:
                browser = launch_chromium(pw)
                for screen in args.only:
                    for size in args.size:
                        for dark in (False, True):
                            print(shoot(browser, server.url, screen, size, dark, args.lang))
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
