"""Screenshots of Learn, Quiz, the table (a seat asked to swap: every call with its gloss) and
the reveal in each language, phone and tablet, into docs/screenshots/.

    python tools/screenshots_i18n.py [--only learn|quiz|table|reveal] [--lang nb ...] [--dark]

The app is served by `python -m companion serve` (its own server, offline, with the CSP) on a
temporary data folder; each shot opens the screen in headless Chromium, switches the language
through the app's own Language button, waits for the text and takes the picture.
The table and the reveal are the games tools/screenshots.py makes (asking, reveal).
Names: learn-nb-phone-light.png, quiz-da-tablet-light.png, table-de-phone-light.png, ...
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
sys.path.insert(0, str(REPO / "tools"))

from browser_ui import (
    PHONE,
    TABLET,
    AppServer,
    all_semantic_text,
    enable_semantics,
    launch_chromium,
    tap,
    type_into,
    wait_text,
)
from playwright.sync_api import Browser, Page, sync_playwright
from screenshots import prepare

from companion.engine.gnav import PRESETS
from companion.engine.gnav.quiz import questions
from companion.i18n import LANGUAGE_NAMES, LANGUAGES, Tr

# The game screens: the game tools/screenshots.py prepares, and the button that shows it is up.
GAMES = {"table": ("asking", "Swap"), "reveal": ("reveal", "Settle")}

OUT = REPO / "docs" / "screenshots"
SIZES = {"phone": PHONE, "tablet": TABLET}


def switch_language(page: Page, lang: str) -> None:
    """Through the app's own button; a tap during the dialog's opening can be lost, so the
    choice is tapped again until the dialog has gone."""
    if lang == "en":
        return
    time.sleep(1.5)
    tap(page, "Language")
    choice = page.get_by_role("button", name=LANGUAGE_NAMES[lang], exact=True)
    for _ in range(4):
        time.sleep(2)
        tap(page, LANGUAGE_NAMES[lang])
        deadline = time.monotonic() + 8
        while time.monotonic() < deadline:
            if choice.count() == 0:
                return
            time.sleep(0.25)
    page.screenshot(path="/tmp/switch-failed.png")
    raise AssertionError(f"the language did not switch to {lang}: "
                         f"{all_semantic_text(page)[:300]}")


def shoot(browser: Browser, url: str, screen: str, lang: str, size: str, dark: bool,
          ids: dict[str, int]) -> Path:
    context = browser.new_context(viewport=SIZES[size], color_scheme="dark" if dark else "light")
    page = context.new_page()
    tr = Tr(lang)
    try:
        game, ready = GAMES.get(screen, ("", ""))
        page.goto(f"{url}/game/{ids[game]}" if game else f"{url}/{screen}")
        enable_semantics(page)
        title = "Learn" if size == "phone" else "Learn the pieces"
        wait_text(page, ready or (title if screen == "learn" else "Quiz"), timeout=30_000)
        if screen == "quiz":
            for name in ("Åse", "Bjørn"):
                type_into(page, "Player name", name)
                tap(page, "Add player")
                wait_text(page, f"{name}: 0 of 0")
        switch_language(page, lang)
        if dark:
            tap(page, tr("Dark or light"))
        if game:
            wait_text(page, tr(ready))
        elif screen == "learn":
            wait_text(page, tr(title))
        else:
            wait_text(page, tr("Question {number} of {total}", number=1, total=10))
            # Åse answers the first question right: the shot shows the verdict and the why
            first = questions(PRESETS["damm"], tr)[0]
            tap(page, first.options[first.answer].text)
            wait_text(page, tr("Why:"))
        page.mouse.move(1, 1)  # no hover halo on the button tapped last (the theme's)
        time.sleep(1.2)  # let the pictures land before the shot
        path = OUT / f"{screen}-{lang}-{size}-{'dark' if dark else 'light'}.png"
        page.screenshot(path=str(path))
        return path
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", action="append", choices=["learn", "quiz", *GAMES])
    parser.add_argument("--lang", action="append", choices=list(LANGUAGES))
    parser.add_argument("--dark", action="store_true", help="dark theme instead of light")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        ids = prepare(Path(tmp) / "data")
        server = AppServer(Path(tmp) / "data").start()
        try:
            with sync_playwright() as pw:
                browser = launch_chromium(pw)
                for screen in args.only or ["learn", "quiz", *GAMES]:
                    for lang in args.lang or LANGUAGES:
                        for size in SIZES:
                            print(shoot(browser, server.url, screen, lang, size, args.dark, ids))
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
