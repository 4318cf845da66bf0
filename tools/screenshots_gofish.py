"""Screenshots of Gwra pyskessa's screens, phone and tablet, upright and sideways, light and
dark, into docs/screenshots/.

    python tools/screenshots_gofish.py [--only new-table|ask|answer|over|history|learn|quiz ...]
                                        [--size phone|sideways|tablet|portrait ...]

The games are written into a temporary data folder through the store first (a game in play,
one waiting for an answer, one finished), then the app is served by `python -m companion
serve` on it and each screen is opened in headless Chromium.
Names: gofish-ask-phone-light.png, gofish-over-sideways-dark.png, ...
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
    PHONE_SIDEWAYS,
    PHONE_UPRIGHT,
    TABLET,
    TABLET_PORTRAIT,
    AppServer,
    add_players,
    choose,
    enable_semantics,
    launch_chromium,
    tap,
    wait_text,
)
from playwright.sync_api import Browser, sync_playwright

from companion.engine.gwra_pyskessa import (
    RANK_IDS,
    Ask,
    Deal,
    GoFishState,
    Header,
    LayDown,
    Reply,
    parse_header,
)
from companion.engine.gwra_pyskessa.events import header_json
from companion.store import Game, Store

OUT = REPO / "docs" / "screenshots"
SIZES = {"phone": PHONE_UPRIGHT, "sideways": PHONE_SIDEWAYS, "tablet": TABLET,
         "portrait": TABLET_PORTRAIT}
SCREENS = ("new-table", "ask", "answer", "over", "history", "learn", "quiz")


def table(store: Store, *seats: str) -> Game:
    return store.create_game(parse_header(header_json(Header(seats=seats, dealer=seats[0]))))


def play_to_the_end(game: Game) -> None:
    """Sets laid down whenever a hand holds four, asks answered "none" while the deck lasts."""
    state = game.state
    assert isinstance(state, GoFishState)
    while state.phase != "over":
        free = next(r for r in RANK_IDS if r not in state.scored)
        n = len(state.names)
        big = max(range(n), key=lambda i: state.hands[i])
        if state.hands[big] >= 4 and (state.deck == 0 or state.turn == big):
            game.apply(LayDown(state.names[big], free))
            continue
        assert state.turn is not None
        other = next(j for j in range(n) if j != state.turn and state.hands[j])
        game.apply(Ask(state.names[state.turn], state.names[other], free))
        game.apply(Reply(state.names[other], 0 if state.deck else min(3, state.hands[other])))


def seed(folder: Path) -> dict[str, int]:
    """The games the shots show, by screen."""
    with Store(folder) as store:
        playing = table(store, "Ann", "Pol", "Joe", "Kerensa")
        for event in (Deal(), Ask("Pol", "Ann", "7"), Reply("Ann", 2), LayDown("Pol", "7"),
                      Ask("Pol", "Joe", "A"), Reply("Joe", 0), Ask("Joe", "Kerensa", "Q"),
                      Reply("Kerensa", 3), LayDown("Joe", "Q")):
            playing.apply(event)
        asking = table(store, "Ann", "Pol", "Joe", "Kerensa")
        for event in (Deal(), Ask("Pol", "Ann", "7"), Reply("Ann", 1), LayDown("Pol", "K"),
                      Ask("Pol", "Joe", "7")):
            asking.apply(event)
        over = table(store, "Ann", "Pol", "Joe")
        over.apply(Deal())
        play_to_the_end(over)
        return {"ask": playing.id, "answer": asking.id, "over": over.id,
                "history": playing.id}


def shoot(browser: Browser, url: str, screen: str, games: dict[str, int], size: str,
          dark: bool) -> Path:
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    try:
        if screen == "new-table":
            page.goto(f"{url}/new")
            enable_semantics(page)
            choose(page, "Gwra pyskessa")
            add_players(page, ["Ann", "Pol", "Joe", "Kerensa"])
            page.mouse.wheel(0, -2000)  # the game's choice in sight, above the players
        elif screen in ("learn", "quiz"):
            page.goto(f"{url}/{screen}/gwra-pyskessa")
            enable_semantics(page)
            wait_text(page, "Card names" if screen == "learn" else "Question 1 of 10",
                      timeout=30_000)
        elif screen == "history":
            page.goto(f"{url}/game/{games[screen]}/history")
            enable_semantics(page)
            wait_text(page, "1. the deal.", timeout=30_000)
        else:
            page.goto(f"{url}/game/{games[screen]}")
            enable_semantics(page)
            if screen == "ask":
                wait_text(page, "Joe, whom do you ask?", timeout=30_000)
                tap(page, "Kerensa")
                wait_text(page, "Joe asks Kerensa for which rank?")
            elif screen == "answer":
                wait_text(page, "What does Joe answer?", timeout=30_000)
            else:
                wait_text(page, "All thirteen sets are down.", timeout=30_000)
        if dark:
            tap(page, "Dark or light")
        page.mouse.move(1, 1)  # no hover halo on the button tapped last
        time.sleep(1.2)  # let Flutter paint what the DOM already says
        path = OUT / f"gofish-{screen}-{size}-{'dark' if dark else 'light'}.png"
        page.screenshot(path=str(path))
        return path
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", action="append", choices=list(SCREENS))
    parser.add_argument("--size", action="append", choices=list(SIZES))
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        games = seed(data)
        server = AppServer(data).start()
        try:
            with sync_playwright() as pw:
                browser = launch_chromium(pw)
                for screen in args.only or SCREENS:
                    for size in args.size or SIZES:
                        for dark in (False, True):
                            print(shoot(browser, server.url, screen, games, size, dark))
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
