"""Screenshots of Learn, Quiz, the table (a seat asked to swap: every call with its gloss), the
reveal and the settlement in each language, phone and tablet, into docs/screenshots/.

    python tools/screenshots_i18n.py [--only learn|quiz|table|reveal|settlement] [--lang nb ...]
        [--dark] [--sizes phone tablet narrow narrow-sideways]

The app is served by `python -m companion serve` (its own server, offline, with the CSP) on a
temporary data folder; each shot opens the screen in headless Chromium, switches the language
through the app's own Language button, waits for the text and takes the picture.
The table and the reveal are the games tools/screenshots.py makes (asking, reveal); the
settlement is its reveal settled in the journal beforehand, as a screen opened on it shows it.
Names: learn-nb-phone-light.png, quiz-da-tablet-light.png, table-de-phone-light.png, ...
(narrow: a 360 px phone upright, narrow-sideways: held sideways).
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
    remember_language,
    tap,
    type_into,
    wait_text,
)
from playwright.sync_api import Browser, Page, sync_playwright
from screenshots import REVEAL_PIECES, game_reveal, prepare
from screenshots import SIZES as SHOT_SIZES

from companion.engine import PRESETS, Reveal
from companion.engine.journal import dumps
from companion.i18n import LANGUAGE_NAMES, LANGUAGES, Tr
from companion.views.quiz_data import questions

# The game screens: the game tools/screenshots.py prepares, and the button that shows it is up.
GAMES = {"table": ("asking", "Swap"), "reveal": ("reveal", "Settle"),
         "settlement": ("settled", "Next round")}

OUT = REPO / "docs" / "screenshots"
SIZES = {"phone": PHONE, "tablet": TABLET, "narrow": SHOT_SIZES["narrow"],
         "narrow-sideways": SHOT_SIZES["narrow-sideways"]}


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


def blank(png: bytes) -> bool:
    """Nearly one colour: the web client's "Working..." while a busy server answers."""
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB").reduce(4)
    colours = image.getcolors(maxcolors=1 << 16) or []
    most = max((n for n, _c in colours), default=0)
    return most > 0.97 * image.width * image.height


def shoot(browser: Browser, url: str, screen: str, lang: str, size: str, dark: bool,
          ids: dict[str, int]) -> Path:
    context = browser.new_context(viewport=SIZES[size], color_scheme="dark" if dark else "light")
    if screen != "quiz" and lang != "en":
        # opened in the language, as the Language button leaves a browser (the quiz switches
        # through the button itself, once its players are in)
        remember_language(context, lang)
    page = context.new_page()
    tr = Tr(lang)
    try:
        game, ready = GAMES.get(screen, ("", ""))
        page.goto(f"{url}/game/{ids[game]}" if game else f"{url}/{screen}")
        enable_semantics(page)
        title = "Learn" if SIZES[size]["width"] < 700 else "Learn the pieces"
        if screen == "quiz":
            wait_text(page, "Quiz", timeout=30_000)
            for name in ("Åse", "Bjørn"):
                type_into(page, "Player name", name)
                tap(page, "Add player")
                wait_text(page, f"{name}: 0 of 0")
            switch_language(page, lang)
        else:
            wait_text(page, tr(ready if game else title), timeout=30_000)
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
        # and once two frames half a second apart are the same, the screen still ready: a
        # relayout under way (a phone held sideways, the busy machine's "Working...") would
        # otherwise be caught half done
        shown = tr(ready) if game else tr(title) if screen == "learn" else tr("Why:")
        for _ in range(20):
            previous = page.screenshot()
            time.sleep(0.5)
            now = page.screenshot()
            if now == previous and shown in all_semantic_text(page) and not blank(now):
                break
        path = OUT / f"{screen}-{lang}-{size}-{'dark' if dark else 'light'}.png"
        path.write_bytes(now)
        return path
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", action="append", choices=["learn", "quiz", *GAMES])
    parser.add_argument("--lang", action="append", choices=list(LANGUAGES))
    parser.add_argument("--dark", action="store_true", help="dark theme instead of light")
    parser.add_argument("--sizes", nargs="*", choices=list(SIZES), default=["phone", "tablet"])
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        ids = prepare(Path(tmp) / "data")
        from companion.store import Store

        table, events = game_reveal()
        with Store(Path(tmp) / "data") as store:
            ids["settled"] = store.import_journal(
                dumps(table, [*events, Reveal(tuple(REVEAL_PIECES.items()))])).id
        server = AppServer(Path(tmp) / "data").start()
        try:
            with sync_playwright() as pw:
                browser = launch_chromium(pw)
                for screen in args.only or ["learn", "quiz", *GAMES]:
                    for lang in args.lang or LANGUAGES:
                        for size in args.sizes:
                            print(shoot(browser, server.url, screen, lang, size, args.dark, ids))
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
