"""Screenshots of every screen, phone and tablet, light and dark, into docs/screenshots/.

    python tools/screenshots.py [--only NAME ...]

The games are prepared by importing journals into a temporary data folder (through
companion.store, like the app's "Import journal"), then the app is served by
`python -m companion serve` and each screen is opened in headless Chromium. The settlement
is reached through the UI (pieces picked, Settle tapped) and undone again, so the same game
serves every size and theme.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from browser_ui import (
    PHONE,
    PHONE_SIDEWAYS,
    PHONE_UPRIGHT,
    TABLET,
    TABLET_PORTRAIT,
    AppServer,
    button,
    enable_semantics,
    launch_chromium,
    remember_language,
    reveal,
    settle,
    tap,
    type_into,
    wait_text,
)
from playwright.sync_api import Browser, Page, sync_playwright

from companion.engine.gnav import (
    Change,
    Deal,
    Event,
    Query,
    Reply,
    Reveal,
    Stand,
    Table,
    TableState,
    parse_header,
)
from companion.engine.gnav.journal import dumps
from companion.i18n import Tr

OUT = REPO / "docs" / "screenshots"
SIZES: dict[str, dict[str, int]] = {"phone": PHONE, "tablet": TABLET, "portrait": TABLET_PORTRAIT,
                                    "sideways": PHONE_SIDEWAYS, "upright": PHONE_UPRIGHT,
                                    # the narrowest phone we draw for, as a longer word needs it
                                    "narrow": {"width": 360, "height": 740},
                                    "narrow-sideways": {"width": 740, "height": 360}}
NAMES = ["Åse", "Bjørn", "Cy", "Dag", "Eli", "Finn"]
MANY = [
    "Ann", "Bo", "Cy", "Dag", "Eli", "Finn", "Gro", "Hege", "Ivar", "Jon",
    "Kari", "Lars", "Mia", "Nils", "Ola", "Per", "Rut", "Siv", "Tor", "Unn",
    "Vidar", "Wenche", "Yngve", "Ørjan", "Aud", "Brit", "Carl", "Dina", "Egil", "Frøy",
    "Geir", "Hild", "Inga", "Jens", "Kjell", "Liv", "Magne", "Nora", "Odd", "Pål",
]


def header(rules: str, seats: list[str], stakes: dict[str, Any], version: int = 1) -> Table:
    game = {"game": "gnav"} if version == 2 else {}
    return parse_header({
        "ev": "table", "version": version, **game, "rules": rules, "stakes": stakes,
        "seats": seats, "dealer": seats[0],
    })


def play(table: Table, events: list[Event]) -> tuple[Table, list[Event]]:
    state = TableState(table)
    for event in events:
        state.apply(event)  # a mistake here is a bug in this script: let it raise
    return table, events


def game_in_turns() -> tuple[Table, list[Event]]:
    """damm, 6 seats, round 2: a settled round behind it, two exchanges made this round."""
    t = header("damm", NAMES, {"kind": "counters", "each": 3})
    first = [Deal(), *[Stand(n) for n in NAMES[1:]], Stand(NAMES[0]),
             Reveal(tuple(zip(NAMES, ["12", "cat", "0", "7", "pot", "house"])))]
    second = [Deal(), Change("Cy"), Reply("Dag", "none"), Stand("Dag"), Change("Eli"),
              Reply("Finn", "none")]
    return play(t, first + second)


def game_asking() -> tuple[Table, list[Event]]:
    """pagat, 5 seats: Bo asks Cy; Cy may answer with any call the rule book allows."""
    seats = NAMES[:5]
    t = header("pagat", seats, {"kind": "counters", "each": 3})
    return play(t, [Deal(), Change("Bjørn")])


def game_dealers_turn(answered: bool) -> tuple[Table, list[Event]]:
    """damm in journal v2, 4 seats: the dealer's own turn, before or after his question about
    the other fool."""
    seats = NAMES[:4]
    t = header("damm", seats, {"kind": "counters", "each": 3}, version=2)
    ev: list[Event] = [Deal(), *[Stand(n) for n in seats[1:]]]
    return play(t, ev + [Query(seats[0], "yes")] if answered else ev)


def game_reveal() -> tuple[Table, list[Event]]:
    """damm, 6 seats, the turns are over: the pieces must be shown."""
    t = header("damm", NAMES, {"kind": "counters", "each": 3})
    return play(t, [Deal(), Stand("Bjørn"), Change("Cy"), Reply("Dag", "none"), Stand("Dag"),
                    Stand("Eli"), Stand("Finn"), Stand("Åse")])


REVEAL_PIECES = {"Bjørn": "12", "Cy": "cat", "Dag": "0", "Eli": "fool", "Finn": "house",
                 "Åse": "7"}


def game_over() -> tuple[Table, list[Event]]:
    """damm, 4 seats with one counter each, played to its winner."""
    seats = NAMES[:4]
    t = header("damm", seats, {"kind": "counters", "each": 1})
    ev: list[Event] = [Deal(), *[Stand(n) for n in seats[1:]], Stand(seats[0]),
                       Reveal(tuple(zip(seats, ["12", "11", "10", "0"])))]
    # round 2: Bjørn deals; Cy, Åse, Bjørn are in
    ev += [Deal(), Stand("Cy"), Stand("Åse"), Stand("Bjørn"),
           Reveal((("Cy", "0"), ("Åse", "12"), ("Bjørn", "5")))]
    # round 3: Åse deals (Cy and Dag are out); Bjørn, then Åse
    ev += [Deal(), Stand("Bjørn"), Stand("Åse"), Reveal((("Bjørn", "0"), ("Åse", "3")))]
    return play(t, ev)


def game_big(seats: list[str], strokes: bool) -> tuple[Table, list[Event]]:
    """A full table in its turns: a few strokes or counters gone, an exchange standing."""
    stakes = {"kind": "strokes", "limit": 5} if strokes else {"kind": "counters", "each": 3}
    t = header("damm", seats, stakes)
    pieces = ["12", "11", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1", "0", "pot", "owl",
              "house", "horse", "cat", "dragoon", "cuckoo"] * 2
    first = [Deal(), *[Stand(n) for n in seats[1:]], Stand(seats[0]),
             Reveal(tuple(zip(seats, pieces[: len(seats)])))]
    return play(t, first + [Deal(), Change(seats[2]), Reply(seats[3], "none"), Stand(seats[3])])


def prepare(folder: Path) -> dict[str, int]:
    from companion.store import Store

    games = {
        "over": game_over(),
        "reveal": game_reveal(),
        "asking": game_asking(),
        "ten": game_big(MANY[:10], strokes=False),
        "twenty": game_big(MANY[:20], strokes=True),
        "forty": game_big(MANY, strokes=False),
        "turns": game_in_turns(),
        "dealer": game_dealers_turn(answered=False),
        "answered": game_dealers_turn(answered=True),
    }
    store = Store(folder)
    try:
        return {name: store.import_journal(dumps(*g)).id for name, g in games.items()}
    finally:
        store.close()


class Shooter:
    """`lang`: every screen in that language (the browser's remembered choice, as the app's
    Language button leaves it), its name given `-<lang>` after the screen's."""

    def __init__(self, browser: Browser, url: str, only: set[str], lang: str = "en") -> None:
        self.browser = browser
        self.url = url
        self.only = only
        self.lang = lang
        self.tr = Tr(lang)
        self.saved: list[Path] = []

    def open(self, route: str, size: str, dark: bool, ready: str) -> Page:
        context = self.browser.new_context(viewport=SIZES[size], device_scale_factor=1)
        context.set_default_timeout(20_000)
        if self.lang != "en":
            remember_language(context, self.lang)
        page = context.new_page()
        page.goto(self.url + route)
        enable_semantics(page)
        button(page, self.tr(ready)).first.wait_for(state="attached")
        if dark:
            tap(page, self.tr("Dark or light"))
        return page

    def shot(self, page: Page, name: str, size: str, dark: bool) -> None:
        """Save the screen once two frames half a second apart are the same: a theme switch
        or a redraw still under way would otherwise be caught half done."""
        lang = "" if self.lang == "en" else f"-{self.lang}"
        path = OUT / f"{name}{lang}-{size}-{'dark' if dark else 'light'}.png"
        page.mouse.move(1, 1)  # no hover halo on whatever was tapped last
        settle(page, 0.8)
        previous = page.screenshot()
        for _ in range(20):
            settle(page, 0.5)
            now = page.screenshot()
            if now == previous:
                break
            previous = now
        else:
            print(f"  (still changing after 10 s: {path.name})", flush=True)
        path.write_bytes(now)
        self.saved.append(path)
        print(f"  {path.relative_to(REPO)}", flush=True)

    def screen(self, name: str, route: str, ready: str, sizes: list[str],
               then: Callable[[Page], None] | None = None,
               after: Callable[[Page], None] | None = None,
               scrolled: str | None = None) -> None:
        """Every size and theme of one screen; `scrolled` also saves it scrolled to the end."""
        if self.only and name not in self.only:
            return
        for size in sizes:
            for dark in (False, True):
                page = self.open(route, size, dark, ready)
                try:
                    if then is not None:
                        then(page)
                    self.shot(page, name, size, dark)
                    if scrolled is not None:
                        view = SIZES[size]
                        page.mouse.move(view["width"] / 2, view["height"] / 2)
                        page.mouse.wheel(0, 5000)
                        self.shot(page, scrolled, size, dark)
                    if after is not None:
                        after(page)
                finally:
                    page.context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description="screenshots of every screen")
    parser.add_argument("--only", nargs="*", default=[], help="screen names to redo")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="gnav-shots-"))
    ids = prepare(tmp / "data")
    server = AppServer(tmp / "data").start()
    started = time.monotonic()
    try:
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            s = Shooter(browser, server.url, set(args.only))
            both = ["phone", "tablet"]
            table_sizes = ["phone", "tablet", "portrait", "sideways"]

            def to_tables(page: Page) -> None:
                tap(page, "Tables")
                button(page, "New table").wait_for(state="attached")

            s.screen("tables", f"/game/{ids['turns']}", "Tables", both, then=to_tables)

            def fill_new(page: Page) -> None:
                for name in NAMES[:4]:
                    type_into(page, "Player name", name)
                    tap(page, "Add player")
                    wait_text(page, f"Remove {name}")

            s.screen("new-table", "/new", "Add player", both, then=fill_new,
                     scrolled="new-table-end")
            names_sizes = ["phone", "upright", "sideways", "tablet"]

            def look_alike(page: Page) -> None:
                fill_new(page)
                type_into(page, "Player name", "\u0421y")  # a Cyrillic С for the C of Cy
                tap(page, "Add player")
                wait_text(page, "look alike")

            s.screen("new-table-look-alike", "/new", "Add player", names_sizes, then=look_alike)

            def hidden(page: Page) -> None:
                fill_new(page)
                type_into(page, "Player name", "Eli\u202e")  # U+202E pasted with the name
                wait_text(page, "holds U+202E")

            s.screen("new-table-hidden-character", "/new", "Add player", names_sizes,
                     then=hidden)
            s.screen("table-turns", f"/game/{ids['turns']}", "Stand", table_sizes)
            # ten seats round a phone's table, upright and sideways, every answer in reach
            s.screen("table-10-seats", f"/game/{ids['ten']}", "Stand", table_sizes)
            s.screen("table-20-seats", f"/game/{ids['twenty']}", "Stand", table_sizes)
            s.screen("table-40-seats", f"/game/{ids['forty']}", "Stand", table_sizes)
            s.screen("asking", f"/game/{ids['asking']}", "Swap", table_sizes)
            s.screen("reveal", f"/game/{ids['reveal']}", "Settle", table_sizes)

            def open_query(page: Page) -> None:
                tap(page, "Ask about the other fool")
                button(page, "Yes").wait_for(state="attached")

            s.screen("query-asked", f"/game/{ids['dealer']}", "Ask about the other fool",
                     table_sizes, then=open_query)
            s.screen("query-answered", f"/game/{ids['answered']}", "Stand", table_sizes)

            def settle_round(page: Page) -> None:
                reveal(page, REVEAL_PIECES)
                button(page, "Next round").wait_for(state="attached")

            def undo_settlement(page: Page) -> None:
                tap(page, "Undo")
                button(page, "Settle").wait_for(state="attached")

            s.screen("settlement", f"/game/{ids['reveal']}", "Settle", table_sizes,
                     then=settle_round, after=undo_settlement)
            s.screen("game-over", f"/game/{ids['over']}", "Rematch", table_sizes)
            s.screen("history", f"/game/{ids['turns']}/history", "Back to the table", both)
            browser.close()
    finally:
        server.stop()
    print(f"{len(s.saved)} screenshots in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
