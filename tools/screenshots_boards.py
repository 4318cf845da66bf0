"""Screenshots of the spectators' board (phone held upright, light and dark as the phone's own
setting picks, and in Norwegian as a Norwegian phone asks) and of the referee's Share screen,
into docs/screenshots.

    python tools/screenshots_boards.py

The server runs on 127.0.0.1 only. For the Share screen the setting "Let phones follow on
the local network" is switched on with GNAV_LAN_ADDRESSES=127.0.0.2 standing in for the
machine's network address (so nothing is opened to a real network): the QR code and the
address under it show that stand-in.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO))

from browser_ui import PHONE, TABLET, enable_semantics, launch_chromium, settle
from playwright.sync_api import sync_playwright

from companion.engine.gnav import Change, Deal, Reply, Reveal, Stakes, Stand, Table
from companion.store import Game, Store
from tests.spectator.conftest import TerminalServer

OUT = REPO / "docs" / "screenshots"
SEATS = ("Ann", "Bo", "Cy", "Dag", "Eli", "Finn", "Gro", "Hege")


def mid_game(store: Store) -> Game:
    """Round 1 played and settled (Hege shows the 2 and pays); round 2 under way: Bo stood,
    Cy asked Dag to swap and Dag answered with a swap, so it is Dag's turn."""
    game = store.create_game(Table(rules="damm", stakes=Stakes("counters", 3), seats=SEATS,
                                   dealer="Ann"))
    game.apply(Deal())
    while game.state.phase == "turns":
        game.apply(Stand(game.state.turn_name or ""))
    pieces = ["12", "11", "10", "9", "8", "7", "6", "2"]
    order = [n for i, n in enumerate(game.state.names) if game.state.in_round[i]]
    game.apply(Reveal(tuple(zip(order, pieces, strict=True))))
    game.apply(Deal())
    game.apply(Stand(game.state.turn_name or ""))
    asker = game.state.turn_name or ""
    game.apply(Change(asker))
    game.apply(Reply(game.state.asked_name or "", "none"))
    return game


def finished(store: Store) -> Game:
    game = store.create_game(Table(rules="damm", stakes=Stakes("counters", 1),
                                   seats=("Ann", "Bo", "Cy"), dealer="Ann"))
    for event in (Deal(), Change("Bo"), Reply("Cy", "none"), Stand("Cy"), Stand("Ann")):
        game.apply(event)
    game.apply(Reveal((("Ann", "12"), ("Bo", "11"), ("Cy", "2"))))
    game.apply(Deal())
    game.apply(Stand("Ann"))
    game.apply(Stand("Bo"))
    game.apply(Reveal((("Ann", "12"), ("Bo", "3"))))
    return game


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="gnav-shots-") as tmp:
        data = Path(tmp) / "data"
        store = Store(data)
        game = mid_game(store)
        over = finished(store)
        srv = TerminalServer(data, ["--host", "127.0.0.1"],
                             env={"GNAV_LAN_ADDRESSES": "127.0.0.2"}).start()
        try:
            with sync_playwright() as pw:
                browser = launch_chromium(pw)
                for scheme in ("light", "dark"):
                    context = browser.new_context(viewport=PHONE, color_scheme=scheme,
                                                  device_scale_factor=1)
                    page = context.new_page()
                    page.goto(f"{srv.url}/board/{game.id}")
                    page.wait_for_function(
                        "() => document.getElementById('live').textContent === 'live'")
                    page.wait_for_timeout(300)
                    page.screenshot(path=OUT / f"board-phone-{scheme}.png")
                    page.screenshot(path=OUT / f"board-phone-{scheme}-full.png", full_page=True)
                    if scheme == "light":
                        page.goto(f"{srv.url}/board/{over.id}")
                        page.wait_for_timeout(300)
                        page.screenshot(path=OUT / "board-over-phone-light.png")
                        page.goto(f"{srv.url}/board")
                        page.wait_for_timeout(300)
                        page.screenshot(path=OUT / "boards-list-phone-light.png")
                    context.close()
                # a Norwegian phone: the board in the phone's own language
                context = browser.new_context(viewport=PHONE, locale="nb-NO")
                page = context.new_page()
                page.goto(f"{srv.url}/board/{game.id}")
                page.wait_for_function("() => document.getElementById('live').textContent === 'direkte'")
                page.wait_for_timeout(300)
                page.screenshot(path=OUT / "board-phone-light-nb.png")
                context.close()
                for size, viewport in (("phone", PHONE), ("tablet", TABLET)):
                    context = browser.new_context(viewport=viewport)
                    context.set_default_timeout(30_000)
                    page = context.new_page()
                    page.goto(f"{srv.url}/game/{game.id}/share")
                    enable_semantics(page)
                    switch = page.get_by_role("switch")
                    if switch.get_attribute("aria-checked") != "true":
                        switch.click()
                    page.locator('[flt-semantics-identifier="board-url"]').wait_for(
                        state="attached")
                    settle(page, 0.8)
                    page.screenshot(path=OUT / f"share-{size}-light.png")
                    page.goto(f"{srv.url}/game/{over.id}/share")
                    enable_semantics(page)
                    page.get_by_text(re.compile("Result to take home")).first.wait_for(
                        state="attached")
                    page.mouse.wheel(0, 2000)
                    settle(page, 0.8)
                    page.screenshot(path=OUT / f"share-result-{size}-light.png")
                    context.close()
                browser.close()
        finally:
            srv.stop()
    print(f"screenshots in {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
