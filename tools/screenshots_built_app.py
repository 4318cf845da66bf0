"""Screenshots of the built app's Share screen with "Let phones follow" on: the board's QR and
the referee link handed on from inside the app (phone and tablet, light and dark), and the
second device that opened it, into docs/screenshots/share-built-*.png.

    python tools/screenshots_built_app.py

main.py runs as tests/browser/test_built_app.py runs it (its window served by the app's own
web client on 127.0.0.1), with GNAV_LAN_ADDRESSES=127.0.0.2 standing in for the tablet's
network address, so nothing is opened to a real network: the QR codes and the links show
that stand-in.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(REPO))

from browser_ui import (
    PHONE,
    TABLET,
    AppServer,
    button,
    enable_semantics,
    free_port,
    hook_text,
    launch_chromium,
    settle,
    tap,
)
from playwright.sync_api import sync_playwright
from screenshots_boards import mid_game

from companion.store import Store

OUT = REPO / "docs" / "screenshots"
NETWORK = "127.0.0.2"


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="gnav-shots-") as tmp:
        data = Path(tmp) / "data"
        game = mid_game(Store(data))
        app = AppServer(data, command=[sys.executable, "main.py"])
        app.env = {"FLET_APP_STORAGE_DATA": str(data), "FLET_FORCE_WEB_SERVER": "1",
                   "FLET_SERVER_IP": "127.0.0.1", "FLET_SERVER_PORT": str(app.port),
                   "GNAV_LAN_ADDRESSES": NETWORK, "GNAV_PORT": str(free_port())}
        app.start()
        try:
            with sync_playwright() as pw:
                browser = launch_chromium(pw)
                referee_url = ""
                for size, viewport in (("phone", PHONE), ("tablet", TABLET)):
                    for scheme in ("light", "dark"):
                        context = browser.new_context(viewport=viewport, device_scale_factor=1)
                        context.set_default_timeout(30_000)
                        page = context.new_page()
                        page.goto(f"{app.url}/game/{game.id}/share")
                        enable_semantics(page)
                        switch = page.get_by_role("switch")
                        switch.wait_for(state="attached")
                        if switch.get_attribute("aria-checked") != "true":
                            switch.click()
                        hook_text(page, "board-url")
                        if scheme == "dark":
                            tap(page, "Dark or light")
                        tap(page, "Show the referee QR")
                        referee_url = hook_text(page, "referee-url")
                        button(page, "Show the referee QR").scroll_into_view_if_needed()
                        page.mouse.wheel(0, 2000)
                        settle(page, 0.8)
                        page.screenshot(path=OUT / f"share-built-{size}-{scheme}.png")
                        context.close()
                # the second device, opened by the referee link on the network address
                context = browser.new_context(viewport=PHONE, device_scale_factor=1)
                context.set_default_timeout(30_000)
                page = context.new_page()
                page.goto(referee_url)
                enable_semantics(page)  # the cookie is set: now the table itself
                page.goto(referee_url.split("/?", 1)[0] + f"/game/{game.id}")
                enable_semantics(page)
                hook_text(page, "phase")
                settle(page, 0.8)
                page.screenshot(path=OUT / "share-built-second-device-phone-light.png")
                context.close()
                browser.close()
        finally:
            app.stop()
    print(f"screenshots in {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
