"""Speed of the referee app against a bare Flet app, in one headless Chromium run.

    python benchmarks/bench_app.py [--taps 19] [--passes 3] [--opens 5] [--against DIR]

(i)  Tap to update: the median time from a tap on Stand (a mouse click at the button's box)
     until the semantics text of the question ("phase") has changed, in a 20-seat game with
     500 rounds of history, against the same for the bare counter app (benchmarks/bare_app.py),
     both served by companion.server (offline, CSP, uvicorn). Target ratio <= 1.5.
     The two apps are open side by side and tapped in turn (bare, app, bare, app, ...), so
     both see the same load from whatever else the machine runs; each pass taps the 19 Stands
     of one round in its own copy of the 500-round game.
(ii) Open to usable: the median time from `goto` until Stand can be tapped, for the resumed
     500-round game against a new game at the same table. Target ratio <= 1.2.

With --against DIR (another build's `companion`, e.g. from `git archive`), that build is served
beside this one, each on its own copy of the data, and (i) taps the three in turn (bare, that
build, this one, ...), so a change is measured against what it replaced under the same load.

The games are made by importing generated journals into a temporary data folder through
companion.store, the same path as the app's "Import journal". Prints the figures; not a test.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

from browser_ui import (
    TABLET,
    AppServer,
    button,
    enable_semantics,
    launch_chromium,
)
from playwright.sync_api import Browser, Page, sync_playwright

from companion.engine import (
    PIECES,
    Change,
    Deal,
    Event,
    Reply,
    Reveal,
    Stand,
    Table,
    TableState,
    parse_header,
)
from companion.engine.journal import dumps

SEATS = (
    "Ann", "Bo", "Cy", "Dag", "Eli", "Finn", "Gro", "Hege", "Ivar", "Jon",
    "Kari", "Lars", "Mia", "Nils", "Ola", "Per", "Rut", "Siv", "Tor", "Unn",
)

def semantics_text_js(identifier: str, empty_as_null: bool = False) -> str:
    """A page function: the text of the Semantics node with this identifier (its own texts
    and aria-labels, in order), or null when it is not there (or, if asked, has no text)."""
    end = "return text ? text : null;" if empty_as_null else "return text;"
    return f"""() => {{
    const el = document.querySelector('[flt-semantics-identifier="{identifier}"]');
    if (!el) return null;
    const parts = [];
    const walk = n => {{
        if (n.nodeType === 3) {{ const t = n.textContent.trim(); if (t) parts.push(t); return; }}
        if (n.nodeType !== 1) return;
        const label = n.getAttribute('aria-label');
        if (label) parts.push(label.trim());
        for (const c of n.childNodes) walk(c);
    }};
    walk(el);
    const text = parts.join(' ');
    {end}
}}"""


# The question text: what the app (and the bare app) wraps in Semantics(identifier="phase").
PHASE_TEXT_JS = semantics_text_js("phase")


def table_header(seats: tuple[str, ...] = SEATS) -> Table:
    # Strokes with a high limit: 500 rounds of one or two losers each keep every seat in.
    return parse_header({
        "ev": "table", "version": 1, "rules": "damm",
        "stakes": {"kind": "strokes", "limit": 99}, "seats": list(seats), "dealer": seats[0],
    })


def long_game(rounds: int, seed: int = 1) -> tuple[Table, list[Event]]:
    """A legal damm game of `rounds` settled rounds, then the next one dealt (Stand is up)."""
    rng = random.Random(seed)
    table = table_header()
    state = TableState(table)
    events: list[Event] = []

    def play(event: Event) -> None:
        state.apply(event)
        events.append(event)

    no_fool = [p for p in PIECES if p != "fool"]
    while state.round < rounds or state.phase != "ready":
        if state.phase == "over":
            raise RuntimeError("the generated game ended early; try another seed")
        if state.phase == "ready":
            play(Deal())
        elif state.phase == "turns":
            seat = state.names[state.turn]
            play(Change(seat) if rng.random() < 0.4 else Stand(seat))
        elif state.phase == "asking":
            source = state.asked_name or "stock"
            calls = [c for c in ("cuckoo", "dragoon", "horse", "house") if rng.random() < 0.03]
            options = [Reply(source, c) for c in calls if state.can(Reply(source, c))]
            play(options[0] if options else Reply(source, "none"))
        elif state.phase == "reveal":
            seats = [n for i, n in enumerate(state.names) if state.in_round[i]]
            bag = no_fool * 2
            rng.shuffle(bag)
            play(Reveal(tuple(zip(seats, bag))))
    play(Deal())
    return table, events


def new_game() -> tuple[Table, list[Event]]:
    return table_header(), [Deal()]


def make_data(folder: Path, rounds: int, copies: int = 1) -> tuple[list[int], int, int]:
    """`copies` copies of the long game (one per pass of taps) and a new game."""
    from companion.store import Store

    table, events = long_game(rounds)
    journal = dumps(table, events)
    store = Store(folder)
    try:
        long_ids = [store.import_journal(journal).id for _ in range(copies)]
        new_id = store.import_journal(dumps(*new_game())).id
    finally:
        store.close()
    return long_ids, new_id, len(events)


def phase_text(page: Page) -> str | None:
    value: str | None = page.evaluate(PHASE_TEXT_JS)
    return value


def watch_taps(page: Page) -> None:
    """Notes the time of each pointerdown inside the page."""
    page.evaluate(
        """() => window.addEventListener('pointerdown',
            () => { window.__tapStart = performance.now(); }, {capture: true})"""
    )


def time_tap(page: Page) -> float:
    """Milliseconds from one tap on Stand to the changed question text.

    Both ends are taken inside the page (performance.now() at the pointerdown, and at the
    first animation frame whose semantics text differs), so Playwright's own round trips do
    not blur the figure.
    """
    stand = button(page, "Stand")
    stand.wait_for(state="attached")
    page.wait_for_timeout(150)  # let the previous frame settle: measure the tap alone
    box = stand.bounding_box()
    before = phase_text(page)
    if box is None or before is None:
        raise RuntimeError("no Stand button or no question text on the page")
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    handle = page.wait_for_function(
        f"""before => (({PHASE_TEXT_JS})() !== before)
            && (performance.now() - window.__tapStart)""",
        arg=before,
        polling="raf",
        timeout=15_000,
    )
    return float(handle.json_value())


def time_taps(browser: Browser, bare_url: str, app_urls: list[str],
              taps: int, other_urls: list[str] | None = None
              ) -> tuple[list[float], list[float], list[float]]:
    """Taps the bare app and the Gnav table in turn: `taps` Stands in each game of
    `app_urls` (one pass each), as many in the bare app, and as many in the games of
    `other_urls` (another build) between them. Returns (bare, app, other) times."""
    bare_page, _ = open_tap_page(browser, bare_url)
    watch_taps(bare_page)
    bare: list[float] = []
    app: list[float] = []
    other: list[float] = []
    try:
        for k, url in enumerate(app_urls):
            page, _ = open_tap_page(browser, url)
            other_page = (open_tap_page(browser, other_urls[k])[0] if other_urls is not None
                          else None)
            try:
                watch_taps(page)
                if other_page is not None:
                    watch_taps(other_page)
                for _ in range(taps):
                    bare.append(time_tap(bare_page))
                    if other_page is not None:
                        other.append(time_tap(other_page))
                    app.append(time_tap(page))
            finally:
                page.context.close()
                if other_page is not None:
                    other_page.context.close()
    finally:
        bare_page.context.close()
    return bare, app, other


def time_open(browser: Browser, url: str) -> float:
    """Milliseconds from goto to a Stand button in the accessibility tree, in a fresh context."""
    context = browser.new_context(viewport=TABLET)
    page = context.new_page()
    try:
        start = time.perf_counter()
        page.goto(url)
        enable_semantics(page)
        button(page, "Stand").wait_for(state="attached", timeout=60_000)
        return (time.perf_counter() - start) * 1000
    finally:
        context.close()


def open_tap_page(browser: Browser, url: str) -> tuple[Page, float]:
    context = browser.new_context(viewport=TABLET)
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url)
    enable_semantics(page)
    button(page, "Stand").wait_for(state="attached", timeout=60_000)
    return page, (time.perf_counter() - start) * 1000


# `python -m companion serve ...` with another build's package first on the path (before the
# working folder and this build's editable install)
OTHER_BUILD = ("import runpy, sys; sys.path.insert(0, {path!r}); "
               "sys.argv = ['companion', *sys.argv[1:]]; "
               "runpy.run_module('companion', run_name='__main__', alter_sys=True)")


def start_bare(folder: Path) -> AppServer:
    """The bare counter app (bare_app.py), served like the table, on a free port."""
    bare = AppServer(folder)
    bare.command = [sys.executable, str(REPO / "benchmarks" / "bare_app.py"),
                    "--port", str(bare.port)]
    return bare.start()


def cpu_name() -> str:
    """The processor's model name as the kernel reports it (Linux), else what Python knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "?"


def machine() -> str:
    import flet

    return (
        f"nproc {os.cpu_count()}, CPU {cpu_name()}, Python {platform.python_version()}, "
        f"flet {flet.__version__}, load average {load()}"
    )


def load() -> str:
    """The 1, 5 and 15 minute load averages (others' jobs share this machine)."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def fmt(values: list[float]) -> str:
    return (
        f"median {statistics.median(values):.0f} ms "
        f"(min {min(values):.0f}, max {max(values):.0f}, n={len(values)})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--taps", type=int, default=19,
                        help="Stand taps per pass (at most 19: one round of 20 seats)")
    parser.add_argument("--passes", type=int, default=3,
                        help="passes of taps, each in its own copy of the long game")
    parser.add_argument("--opens", type=int, default=5, help="page opens per game")
    parser.add_argument("--against", type=Path, default=None,
                        help="a folder holding another build's companion package, tapped "
                             "in turn with this one")
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="gnav-bench-"))
    t = time.perf_counter()
    long_ids, new_id, n_events = make_data(tmp / "data", args.rounds, max(args.passes, 1))
    long_id = long_ids[0]
    print(f"data: {args.rounds} rounds, {n_events} events, imported in "
          f"{time.perf_counter() - t:.1f} s; load average at start {load()}", flush=True)

    app = AppServer(tmp / "data").start()
    bare = start_bare(tmp / "bare")
    other: AppServer | None = None
    if args.against is not None:
        # the other build on its own copy of the same games, its package first on the path
        shutil.copytree(tmp / "data", tmp / "other-data")
        other = AppServer(tmp / "other-data")
        other.command = [sys.executable, "-c", OTHER_BUILD.format(path=str(args.against.resolve())),
                         *other.command[3:]]
        other.start()
    try:
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            # Warm both servers and the browser's compile caches once, untimed.
            time_open(browser, f"{bare.url}/")
            time_open(browser, f"{app.url}/game/{new_id}")

            opens_long: list[float] = []
            opens_new: list[float] = []
            for _ in range(args.opens):
                opens_new.append(time_open(browser, f"{app.url}/game/{new_id}"))
                opens_long.append(time_open(browser, f"{app.url}/game/{long_id}"))

            taps_bare, taps_app, taps_other = time_taps(
                browser, f"{bare.url}/", [f"{app.url}/game/{i}" for i in long_ids], args.taps,
                None if other is None else [f"{other.url}/game/{i}" for i in long_ids])
            browser.close()
    finally:
        app.stop()
        bare.stop()
        if other is not None:
            other.stop()

    tap_ratio = statistics.median(taps_app) / statistics.median(taps_bare)
    open_ratio = statistics.median(opens_long) / statistics.median(opens_new)
    print(machine())
    print(f"(i)  tap Stand -> updated table, 20 seats, {args.rounds} rounds: {fmt(taps_app)}")
    print(f"     tap -> updated text, bare Flet counter app:      {fmt(taps_bare)}")
    print(f"     ratio {tap_ratio:.2f} (target <= 1.5): {'met' if tap_ratio <= 1.5 else 'MISSED'}")
    if taps_other:
        other_ratio = statistics.median(taps_other) / statistics.median(taps_bare)
        print(f"     the other build ({args.against}), tapped in turn: {fmt(taps_other)}")
        print(f"     its ratio {other_ratio:.2f}; this build against it: "
              f"{statistics.median(taps_app) / statistics.median(taps_other):.2f}")
    print(f"(ii) open -> usable table, resumed {args.rounds}-round game: {fmt(opens_long)}")
    print(f"     open -> usable table, new game:                    {fmt(opens_new)}")
    print(f"     ratio {open_ratio:.2f} (target <= 1.2): "
          f"{'met' if open_ratio <= 1.2 else 'MISSED'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
