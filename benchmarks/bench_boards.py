"""How many spectators' boards one server keeps live with the referee's tap-to-board time still
at most one second (issue 5; target: at least 40 boards).

    python benchmarks/bench_boards.py [--boards 1,10,20,40,60,80,120,160,240,320,480,640] [--taps 12]

One `python -m companion serve --lan --host 127.0.0.1` (the network mode, with its token gate,
but bound to loopback: nothing is opened to the network). In one headless Chromium, the
referee's page (opened through the referee link) and one real board page on a phone-sized
screen. Beside them, N spectators' boards as plain HTTP clients of the board's live stream
(`/board/{id}/events`, Server-Sent Events, exactly what a board page keeps open), all on
127.0.0.1 in a thread of this process. (Not N pages in the one Chromium: a browser opens at
most six connections to one server and every open board holds one, so there the seventh page
does not even load; at a table every phone is a browser of its own.)

For each N: the N streams are opened and each has received the board; then the referee taps
Stand and Undo in turn (a mouse click at the button's box, about one tap every 0.6 s, as
a quick referee). Each tap is timed from the click until the real board page shows the new
board (its `data-version` changed, polled every animation frame), and until the slowest of
the N streams has received it. Printed per N: median and max of both. A step passes when the
max over its taps of the slower of the two is at most 1 s. Prints the figures; not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import re
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO))

from bench_app import cpu_name
from browser_ui import (
    PHONE,
    TABLET,
    AppServer,
    button,
    enable_semantics,
    free_port,
    launch_chromium,
    wait_port,
)
from playwright.sync_api import Page, sync_playwright

from companion.engine.gnav import Stakes, Table
from companion.store import Store

TOKEN = re.compile(rb"Referee link \(keep it to yourself\): http://\S+/\?token=([A-Za-z0-9_-]+)")
VERSION = re.compile(rb'data: \{"version": (\d+)')
SEATS = ("Ann", "Bo", "Cy", "Dag", "Eli", "Finn", "Gro", "Hege", "Ivar", "Jon")
TIMEOUT = 10.0


# --- the N plain-HTTP boards ------------------------------------------------------------------


@dataclass
class Stream:
    """One spectator's board: the versions it received, and when (time.monotonic)."""

    seen: dict[int, float] = field(default_factory=dict)
    latest: int = -1
    error: str = ""


class Streams:
    """N board streams on an event loop in a thread of their own."""

    def __init__(self, port: int, game_id: int) -> None:
        self.port = port
        self.path = f"/board/{game_id}/events"
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.streams: list[Stream] = []
        self.tasks: list[asyncio.Future[None]] = []

    async def _follow(self, stream: Stream) -> None:
        writer: asyncio.StreamWriter | None = None
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
            writer.write(f"GET {self.path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                         "Accept: text/event-stream\r\n\r\n".encode())
            await writer.drain()
            buffer = b""
            while True:
                chunk = await reader.read(65536)
                now = time.monotonic()
                if not chunk:
                    stream.error = "closed"
                    return
                buffer += chunk
                last = 0
                for match in VERSION.finditer(buffer):
                    version = int(match.group(1))
                    stream.seen.setdefault(version, now)
                    stream.latest = max(stream.latest, version)
                    last = match.end()
                buffer = buffer[last:][-4096:]
        except OSError as err:
            stream.error = str(err)
        finally:
            if writer is not None:
                writer.close()

    def open(self, count: int) -> None:
        """Opens streams until there are `count`, and waits until each holds the board."""
        while len(self.streams) < count:
            stream = Stream()
            self.streams.append(stream)
            self.tasks.append(asyncio.run_coroutine_threadsafe(self._follow(stream), self.loop))
        deadline = time.monotonic() + 60
        while any(s.latest < 0 for s in self.streams):
            failed = [s.error for s in self.streams if s.error]
            if failed:
                raise RuntimeError(f"a board stream failed: {failed[0]}")
            if time.monotonic() > deadline:
                raise TimeoutError("the boards did not all receive the board within 60 s")
            time.sleep(0.02)

    def slowest(self, version: int, start: float) -> float | None:
        """Seconds from `start` until every stream had `version` or later (None: not yet)."""
        worst = 0.0
        for s in self.streams:
            times = [t for v, t in s.seen.items() if v >= version]
            if not times:
                return None
            worst = max(worst, min(times) - start)
        return worst

    def close(self) -> None:
        async def stop_all() -> None:
            running = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in running:
                task.cancel()
            await asyncio.gather(*running, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(stop_all(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


# --- the referee and the board page -----------------------------------------------------------


def board_version(page: Page) -> int:
    value: str | None = page.locator("#board").get_attribute("data-version")
    return int(value or -1)


def tap_at(page: Page, name: str) -> float:
    box = button(page, name).bounding_box()
    assert box is not None, name
    start = time.monotonic()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    return start


def one_tap(referee: Page, board: Page, streams: Streams, name: str) -> tuple[float, float]:
    """Taps `name`; (seconds to the board page, seconds to the slowest stream)."""
    before = board_version(board)
    start = tap_at(referee, name)
    board.wait_for_function(
        f"() => Number(document.getElementById('board').getAttribute('data-version')) > {before}",
        polling="raf", timeout=TIMEOUT * 1000)
    page_time = time.monotonic() - start
    version = board_version(board)
    deadline = start + TIMEOUT
    while True:
        slowest = streams.slowest(version, start) if streams.streams else 0.0
        if slowest is not None:
            return page_time, slowest
        if time.monotonic() > deadline:
            raise TimeoutError(f"not every board stream got version {version} in {TIMEOUT} s")
        time.sleep(0.005)


def machine() -> str:
    return f"{os.cpu_count()} CPUs, {cpu_name()}; Python {platform.python_version()}"


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", default="1,10,20,40,60,80,120,160,240,320,480,640",
                        help="numbers of boards to step through (comma-separated)")
    parser.add_argument("--taps", type=int, default=12, help="taps timed at each step")
    parser.add_argument("--gap", type=float, default=0.6, help="seconds between taps")
    args = parser.parse_args()
    steps = [int(n) for n in args.boards.split(",")]

    print(f"bench_boards: {machine()}; load average at start {load()}")
    with tempfile.TemporaryDirectory(prefix="gnav-boards-") as tmp:
        data = Path(tmp) / "data"
        game = Store(data).create_game(Table(rules="damm", stakes=Stakes("counters", 9),
                                             seats=SEATS, dealer="Ann"))
        port = free_port()
        out = Path(tmp) / "server.out"
        server = AppServer(data, port, [
            sys.executable, "-m", "companion", "serve", "--lan", "--host", "127.0.0.1",
            "--port", str(port), "--data", str(data)])
        server.log = out
        server.start()
        streams: Streams | None = None
        try:
            deadline = time.monotonic() + 15
            while not (found := TOKEN.search(out.read_bytes())):
                if time.monotonic() > deadline:
                    raise RuntimeError("the server printed no referee link")
                time.sleep(0.05)
            token = found.group(1).decode()
            wait_port(port)
            url = f"http://127.0.0.1:{port}"
            with sync_playwright() as pw:
                chromium = launch_chromium(pw)
                referee = chromium.new_context(viewport=TABLET).new_page()
                referee.set_default_timeout(30_000)
                referee.goto(f"{url}/game/{game.id}?token={token}")
                referee.wait_for_url(f"{url}/game/{game.id}")
                enable_semantics(referee)
                button(referee, "Deal").click()
                button(referee, "Stand").wait_for(state="attached")
                board = chromium.new_context(viewport=PHONE).new_page()
                board.goto(f"{url}/board/{game.id}")
                board.wait_for_function(
                    "() => document.getElementById('live').textContent === 'live'")
                streams = Streams(port, game.id)
                print(f"{'boards':>6} {'page median':>11} {'page max':>9} "
                      f"{'slowest median':>14} {'slowest max':>11}  load  verdict")
                for count in steps:
                    streams.open(count)
                    time.sleep(1.0)
                    page_times: list[float] = []
                    slowest: list[float] = []
                    for i in range(args.taps):
                        name = "Stand" if i % 2 == 0 else "Undo"
                        button(referee, name).wait_for(state="attached")
                        page_time, worst = one_tap(referee, board, streams, name)
                        page_times.append(page_time)
                        slowest.append(worst)
                        time.sleep(args.gap)
                    worst_all = max(max(page_times), max(slowest))
                    verdict = "ok" if worst_all <= 1.0 else "over 1 s"
                    print(f"{count + 1:>6} {statistics.median(page_times) * 1000:>9.0f}ms "
                          f"{max(page_times) * 1000:>7.0f}ms "
                          f"{statistics.median(slowest) * 1000:>12.0f}ms "
                          f"{max(slowest) * 1000:>9.0f}ms  {os.getloadavg()[0]:.2f}  {verdict}",
                          flush=True)
                    if statistics.median(page_times) > 1.0:
                        break
                chromium.close()
        finally:
            if streams is not None:
                streams.close()
            server.stop()
    print("boards = the N plain-HTTP streams + the one board page; 'slowest' = the last of "
          "the N streams to receive the tap's board")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
