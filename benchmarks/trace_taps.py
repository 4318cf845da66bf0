"""Where a tap's time goes: Stand taps traced in headless Chromium, the table against the bare
counter app, each split into the round trip and the frame that shows it.

    python benchmarks/trace_taps.py [--taps 16] [--phone] [--rounds 500]

For each app, one page is opened and tapped `--taps` times with a Chrome trace running (the
`devtools.timeline` and `toplevel` categories only, which cost little). From the trace, per
tap: (a) pointerdown -> the websocket message with the patch arrives (the click's dispatch,
the trip to the server and back, the server's work); (b) the first main-thread animation frame
after that message: Flutter applying the patch, building, laying out, painting and updating
the accessibility tree. Printed are medians, with the tap time as bench_app.py measures it
(pointerdown -> the question's text changed). The same 20-seat, 500-round game as
bench_app.py. Prints figures; not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))
sys.path.insert(0, str(REPO / "tests" / "browser"))

from bench_app import load, machine, make_data, start_bare, time_tap, watch_taps
from browser_ui import PHONE, TABLET, AppServer, button, enable_semantics, launch_chromium
from playwright.sync_api import Browser, sync_playwright


def split(events: list[dict[str, Any]]) -> tuple[list[float], list[float]]:
    """Per tap: ms from pointerdown to the patch's arrival, and the next frame's length."""
    downs = sorted(e["ts"] for e in events if e.get("name") == "EventDispatch"
                   and e.get("args", {}).get("data", {}).get("type") == "pointerdown")
    arrivals = sorted(e["ts"] for e in events if e.get("name") == "WebSocketReceive")
    frames = sorted((e["ts"], e["dur"]) for e in events
                    if e.get("name") == "FireAnimationFrame" and e.get("ph") == "X")
    trips: list[float] = []
    updates: list[float] = []
    for down in downs:
        arrived = [t for t in arrivals if down < t < down + 100_000]
        if not arrived:
            continue
        trips.append((arrived[0] - down) / 1000)
        after = [f for f in frames if f[0] >= arrived[0]]
        if after:
            updates.append(after[0][1] / 1000)
    return trips, updates


def trace(browser: Browser, url: str, taps: int, viewport: dict[str, int]) -> str:
    context = browser.new_context(viewport=viewport)
    try:
        page = context.new_page()
        page.goto(url)
        enable_semantics(page)
        button(page, "Stand").wait_for(state="attached", timeout=60_000)
        watch_taps(page)
        time_tap(page)  # warm
        browser.start_tracing(page=page, categories=["devtools.timeline", "toplevel"])
        times = [time_tap(page) for _ in range(taps)]
        events = json.loads(browser.stop_tracing())["traceEvents"]
    finally:
        context.close()
    trips, updates = split(events)
    med = statistics.median
    return (f"tap {med(times):5.1f} ms | pointerdown -> patch arrives {med(trips):5.1f} ms | "
            f"frame that shows it {med(updates):5.1f} ms (n={len(times)}; load {load()})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=16, help="at most 18 (one round)")
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--phone", action="store_true", help="a phone's 390x844, not a tablet")
    args = parser.parse_args()
    viewport = PHONE if args.phone else TABLET

    tmp = Path(tempfile.mkdtemp(prefix="gnav-trace-"))
    # a copy of the game per pass: a round of 20 seats has 19 Stands
    long_ids, _, _ = make_data(tmp / "data", args.rounds, copies=2)
    app = AppServer(tmp / "data").start()
    bare = start_bare(tmp / "bare")
    try:
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            print(machine(), f"viewport {viewport['width']}x{viewport['height']}", flush=True)
            for game in long_ids:  # twice, in turn, so a change in the machine's load shows
                print("bare counter:   ", trace(browser, f"{bare.url}/", args.taps, viewport),
                      flush=True)
                print("Gnav Companion: ",
                      trace(browser, f"{app.url}/game/{game}", args.taps, viewport),
                      flush=True)
            browser.close()
    finally:
        app.stop()
        bare.stop()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    raise SystemExit(main())
