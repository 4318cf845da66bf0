"""The referee app at scale (issue 6, point 4): a 40-seat game with 2,000 settled rounds
against a short 40-seat game, in one headless Chromium run.

    python benchmarks/bench_scale.py [--rounds 2000] [--seats 40] [--short-rounds 5]
                                     [--opens 3] [--taps 9] [--pages 9] [--scrolls 9]

Both games (`synthetic.long_game`: strokes up to 99, every seat still in, the next round
dealt so Stand is up) are imported into a temporary data folder through companion.store, and
the app is served by companion.server (offline, CSP, uvicorn) on 127.0.0.1, as in
benchmarks/bench_app.py, whose timing functions this reuses. For each game, alternating
between the two so that the machine's load hits both alike:

- open -> usable table: goto until Stand is in the accessibility tree, a fresh browser
  context each time (the first open of each game, when the server replays it from the
  games file, is reported on its own as "cold");
- tap Stand -> updated table: pointerdown to the first animation frame whose question text
  ("phase") has changed (as bench_app measures it);
- tap Undo -> updated table: the same, for Undo (each undoes one of the Stands);
- tap History -> first page shown: pointerdown to the first frame where the history list
  ("history") has its text; and back: tap "Back to the table" -> the question shown again;
- tap Earlier -> next page shown: pointerdown to the first frame where the history list's
  text has changed (the long game pages back through distinct pages; the short game has two
  pages, so it goes Earlier and Later in turn);
- scroll: a mouse-wheel step of 300 px over the list (two down, two up, ...), wheel event
  to the first frame where the accessibility tree shows the list moved (a page of 200
  lines is one scrolling column).

Before the browser, the same steps on the server's side alone, in this process: the store's
first open (replay) of each game, building the table screen, building the history screen and
turning its page. Figures are medians with min/max; the load average is printed with each.
Not a test.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench_app import PHASE_TEXT_JS, machine, semantics_text_js, time_open
from browser_ui import TABLET, AppServer, button, enable_semantics, hook, launch_chromium
from playwright.sync_api import Browser, Page, sync_playwright
from synthetic import long_game

from companion.engine.gnav.journal import dumps

HISTORY_TEXT_JS = semantics_text_js("history", empty_as_null=True)

# Where the list is scrolled to, as the accessibility tree says: Flutter moves the scrolling
# node's scrollTop and the list node's transform (its box alone can stay where it was).
HISTORY_SCROLL_JS = """() => {
    const el = document.querySelector('[flt-semantics-identifier="history"]');
    if (!el || !el.parentElement) return null;
    return el.style.transform + ' / ' + el.parentElement.scrollTop;
}"""

START_CLOCK_JS = """() => {
    if (window.__clockSet) return;
    window.__clockSet = true;
    for (const kind of ['pointerdown', 'wheel']) {
        window.addEventListener(kind, () => { window.__tapStart = performance.now(); },
                                {capture: true});
    }
}"""


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f}/{five:.1f}"


def make_data(folder: Path, seats: int, rounds: int, short_rounds: int,
              limit: int = 99) -> dict[str, int]:
    """Imports the long and the short game; returns {name: game id} and prints their sizes."""
    from companion.store import Store

    ids: dict[str, int] = {}
    with Store(folder) as store:
        for name, n in (("long", rounds), ("short", short_rounds)):
            begin = time.perf_counter()
            table, events = long_game(n, seats, limit=limit)
            made = time.perf_counter() - begin
            begin = time.perf_counter()
            ids[name] = store.import_journal(dumps(table, events)).id
            ids[f"{name}_events"] = len(events)
            print(f"{name} game: {seats} seats, {n} settled rounds + round {n + 1} dealt, "
                  f"{len(events):,} events (made in {made:.1f} s, imported in "
                  f"{time.perf_counter() - begin:.1f} s)", flush=True)
    return ids


def wait_changed(page: Page, probe_js: str, before: str | None, timeout: float = 60_000) -> float:
    """Milliseconds from the last pointerdown/wheel to the first animation frame where
    `probe_js` gives something other than `before` (and not null)."""
    handle = page.wait_for_function(
        f"""before => {{ const now = ({probe_js})();
            return now !== null && now !== before && (performance.now() - window.__tapStart); }}""",
        arg=before, polling="raf", timeout=timeout,
    )
    return float(handle.json_value())


def tap_and_time(page: Page, label: str, probe_js: str) -> float:
    """Taps the button `label` (a mouse click at its box) and times it to the changed probe."""
    page.evaluate(START_CLOCK_JS)
    target = button(page, label)
    target.wait_for(state="attached", timeout=60_000)
    page.wait_for_timeout(250)  # let the last frame settle, and Flutter's tap debounce pass
    box = target.bounding_box()
    if box is None:
        raise RuntimeError(f"{label!r} has no box on the page")
    before: str | None = page.evaluate(probe_js)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    return wait_changed(page, probe_js, before)


def open_table(browser: Browser, url: str) -> Page:
    context = browser.new_context(viewport=TABLET)
    page = context.new_page()
    page.goto(url)
    enable_semantics(page)
    button(page, "Stand").wait_for(state="attached", timeout=120_000)
    return page


def scroll_and_time(page: Page, delta: float) -> float:
    page.evaluate(START_CLOCK_JS)
    page.wait_for_timeout(250)
    before = page.evaluate(HISTORY_SCROLL_JS)
    page.mouse.wheel(0, delta)
    return wait_changed(page, HISTORY_SCROLL_JS, before)


def view_bytes(view: object) -> int:
    """The size of a whole view as Flet sends it to the browser (msgpack, Flet's encoder)."""
    import flet as ft
    import msgpack
    from flet.messaging.protocol import configure_encode_object_for_msgpack

    data: bytes = msgpack.packb(view, default=configure_encode_object_for_msgpack(ft.BaseControl))
    return len(data)


def in_process(folder: Path, ids: dict[str, int], runs: int) -> dict[tuple[str, str], list[float]]:
    """The server's side alone, in this process (no browser, no page): the store's first
    open of each game (it replays the game), building the table screen, building the
    history screen and turning its page; milliseconds, `runs` each. Also the size of each
    table view as sent whole (kB, under "table view kB")."""
    from companion.app import App, Games
    from companion.views.history import HistoryScreen

    out: dict[tuple[str, str], list[float]] = {}

    def timed(game: str, what: str, work: Callable[[], object]) -> None:
        begin = time.perf_counter()
        work()
        out.setdefault((game, what), []).append((time.perf_counter() - begin) * 1000)

    games = Games(folder)
    try:
        for g in ("short", "long"):
            timed(g, "store open", lambda g=g: games.game(ids[g]))
        app = App(games)
        for _ in range(runs):
            for g in ("short", "long"):
                timed(g, "table screen", lambda g=g: app.go(f"/game/{ids[g]}"))
                out.setdefault((g, "table view kB"), []).append(
                    view_bytes(app.screen.view) / 1000)
                timed(g, "history screen", lambda g=g: app.go(f"/game/{ids[g]}/history"))
                screen = app.screen
                assert isinstance(screen, HistoryScreen)
                timed(g, "history page", screen.show_earlier)
    finally:
        games.store.close()
    return out


def fmt(values: list[float]) -> str:
    if not values:
        return "no figure"
    return (f"median {statistics.median(values):6.0f} ms (min {min(values):.0f}, "
            f"max {max(values):.0f}, n={len(values)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--short-rounds", type=int, default=5)
    parser.add_argument("--limit", type=int, default=99,
                        help="stroke limit (the long game ends near two thirds of it)")
    parser.add_argument("--opens", type=int, default=3, help="warm page opens per game")
    parser.add_argument("--taps", type=int, default=9, help="Stand taps (then Undos) per game")
    parser.add_argument("--pages", type=int, default=9, help="history page turns per game")
    parser.add_argument("--scrolls", type=int, default=9, help="wheel steps per game")
    parser.add_argument("--histories", type=int, default=5,
                        help="History taps per game (with Back to the table between)")
    args = parser.parse_args()
    if args.taps >= args.seats:
        parser.error("--taps must be fewer than --seats (the round's Stands run out)")

    tmp = Path(tempfile.mkdtemp(prefix="gnav-bench-scale-"))
    figures: dict[tuple[str, str], list[float]] = {}
    loads: dict[str, list[str]] = {}

    def note(game: str, what: str, value: float | list[float]) -> None:
        figures.setdefault((game, what), []).extend(
            value if isinstance(value, list) else [value])
        loads.setdefault(what, []).append(load())

    try:
        ids = make_data(tmp / "data", args.seats, args.rounds, args.short_rounds, args.limit)
        inside = in_process(tmp / "data", ids, args.opens + 2)
        inside_load = load()
        app = AppServer(tmp / "data").start()
        try:
            with sync_playwright() as pw:
                browser = launch_chromium(pw)
                urls = {g: f"{app.url}/game/{ids[g]}" for g in ("short", "long")}
                # cold: the server process reads and replays each game the first time
                for g in ("short", "long"):
                    note(g, "open cold", time_open(browser, urls[g]))
                for _ in range(args.opens):
                    for g in ("short", "long"):
                        note(g, "open", time_open(browser, urls[g]))
                # both tables open at once, each step taken in one then the other
                pages = {g: open_table(browser, urls[g]) for g in ("short", "long")}
                for _ in range(args.taps):
                    for g, page in pages.items():
                        note(g, "stand", tap_and_time(page, "Stand", PHASE_TEXT_JS))
                for _ in range(args.taps):
                    for g, page in pages.items():
                        note(g, "undo", tap_and_time(page, "Undo", PHASE_TEXT_JS))
                for k in range(args.histories):
                    for g, page in pages.items():
                        if k:
                            note(g, "back", tap_and_time(page, "Back to the table",
                                                         PHASE_TEXT_JS))
                        note(g, "history", tap_and_time(page, "History", HISTORY_TEXT_JS))
                for k in range(args.pages):
                    for g, page in pages.items():
                        label = "Earlier" if g == "long" or k % 2 == 0 else "Later"
                        note(g, "page", tap_and_time(page, label, HISTORY_TEXT_JS))
                for k in range(args.scrolls):
                    for g, page in pages.items():
                        box = hook(page, "history").bounding_box()
                        if box is None:
                            raise RuntimeError("the history list has no box")
                        page.mouse.move(box["x"] + 40, min(box["y"] + box["height"] / 2, 600))
                        note(g, "scroll", scroll_and_time(page, 300 if k % 4 < 2 else -300))
                for page in pages.values():
                    page.context.close()
                browser.close()
        finally:
            app.stop()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    print(machine())
    print(f"long: {args.seats} seats x {args.rounds} rounds ({ids['long_events']:,} events); "
          f"short: {args.seats} seats x {args.short_rounds} rounds "
          f"({ids['short_events']:,} events)")
    rows = (("open cold", "open -> usable table, first open (server replays the game)"),
            ("open", "open -> usable table, warm"),
            ("stand", "tap Stand -> updated table"),
            ("undo", "tap Undo -> updated table"),
            ("history", "tap History -> first page shown"),
            ("back", "tap Back to the table (from History) -> table shown"),
            ("page", "tap Earlier/Later -> next page shown"),
            ("scroll", "wheel 300 px -> list moved"))
    print(f"in this process, no browser ({inside_load}):")
    for what in ("store open", "table screen", "history screen", "history page"):
        print(f"  {what:15} long: {fmt(inside[('long', what)])}")
        print(f"  {'':15} short: {fmt(inside[('short', what)])}")
    print(f"  table view as sent whole: long {inside[('long', 'table view kB')][0]:.0f} kB, "
          f"short {inside[('short', 'table view kB')][0]:.0f} kB")
    print("in Chromium:")
    for what, words in rows:
        long_v, short_v = figures.get(("long", what), []), figures.get(("short", what), [])
        ratio = (statistics.median(long_v) / statistics.median(short_v)
                 if long_v and short_v else float("nan"))
        print(f"{words}")
        print(f"    long:  {fmt(long_v)}")
        print(f"    short: {fmt(short_v)}")
        print(f"    ratio long/short {ratio:.2f}; {', '.join(sorted(set(loads[what])))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
