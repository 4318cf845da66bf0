"""A board refused for the cap on live boards says so on the phone, and follows by itself once
a place is free (issue 11 item 5: "with a clear page for the refused one"). The boards' app
alone, with room for one live board, served on 127.0.0.1 in a thread; Debian's Chromium."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import uvicorn
from browser_ui import PHONE, free_port, wait_port
from playwright.sync_api import Browser

from companion.board.web import board_app
from companion.engine.gnav import Deal, Stakes, Stand, Table
from companion.store import Store

LIVE = "document.getElementById('live').textContent"


@contextmanager
def boards_served(folder: Path, **options: int) -> Iterator[str]:
    """The boards' app on 127.0.0.1 in a thread; its address."""
    app, _hub = board_app(folder, **options)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, lifespan="off",
                                           log_level="warning", timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    wait_port(port)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(15)


def dealt_game(folder: Path) -> int:
    with Store(folder) as store:
        game = store.create_game(Table(rules="damm", stakes=Stakes("counters", 3),
                                       seats=("Ann", "Bo", "Cy"), dealer="Ann"))
        game.apply(Deal())
        return game.id


@pytest.fixture
def one_board_server(tmp_path: Path) -> Iterator[tuple[str, int]]:
    game_id = dealt_game(tmp_path)
    with boards_served(tmp_path, max_streams=1) as url:
        yield url, game_id


def test_a_board_refused_for_the_cap_says_so_and_follows_once_a_place_is_free(
    browser: Browser, one_board_server: tuple[str, int]
) -> None:
    url, game_id = one_board_server
    first = browser.new_context(viewport=PHONE)
    second = browser.new_context(viewport=PHONE, locale="nb-NO")
    try:
        following = first.new_page()
        following.goto(f"{url}/board/{game_id}")
        following.wait_for_function(f"{LIVE} === 'live'", timeout=15_000)
        refused = second.new_page()
        refused.goto(f"{url}/board/{game_id}")
        refused.wait_for_function(f"{LIVE}.startsWith('Akkurat nå følger for mange tavler')",
                                  timeout=15_000)
        assert "Bo" in refused.text_content("#board")  # the board as it was read stays shown
        first.close()
        # the refused board asks again after RETRY_SECONDS and is let in
        refused.wait_for_function(f"{LIVE} === 'direkte'", timeout=30_000)
    finally:
        second.close()


def test_an_open_board_says_the_file_is_being_repaired_and_follows_the_repaired_file(
    browser: Browser, tmp_path: Path
) -> None:
    """Issue 11 items 7 and 13: a board open while the file is damaged says it is being
    repaired, and after the repair (a new file in the old one's place) it follows again."""
    game_id = dealt_game(tmp_path)
    path = tmp_path / "games.sqlite3"
    context = browser.new_context(viewport=PHONE)
    try:
        with boards_served(tmp_path) as url:
            board = context.new_page()
            board.goto(f"{url}/board/{game_id}")
            board.wait_for_function(f"{LIVE} === 'live'", timeout=15_000)
            damaged = tmp_path / "damaged"
            damaged.write_bytes(bytes(100) + path.read_bytes()[100:])
            damaged.replace(path)
            board.wait_for_function(f"{LIVE}.startsWith('The games file is being repaired')",
                                    timeout=15_000)
            with Store(tmp_path) as store:  # the app's repair at its next start
                assert store.recovery_notice is not None
                store.open_game(game_id).apply(Stand("Bo"))
            board.wait_for_function(f"{LIVE} === 'live'", timeout=15_000)
            board.wait_for_function(
                "document.getElementById('now').textContent.includes('Cy')", timeout=15_000)
    finally:
        context.close()


def test_under_a_low_open_file_limit_idle_boards_cannot_stop_new_boards_or_the_referee(
    tmp_path: Path,
) -> None:
    """Issue 11 item 5: "Under the common 1,024 open-file limit, 1,100 idle /board/1/events
    connections (no token needed) stop new boards, stop a new referee websocket". Here the
    server runs with 512 files (its soft limit raised to a hard one of 512) and 300 idle
    boards: the ones past the cap are refused and closed, and a new board page, the board's
    state and the referee's page still answer."""
    import asyncio
    import subprocess
    import sys
    import urllib.request
    from concurrent.futures import ThreadPoolExecutor

    from browser_ui import REPO

    data = tmp_path / "data"
    with Store(data) as store:
        game_id = store.create_game(Table(rules="damm", stakes=Stakes("counters", 3),
                                          seats=("Ann", "Bo", "Cy"), dealer="Ann")).id
    port = free_port()

    # `python -m companion serve`, in a Python whose open-file limits are first set low
    start = ("import resource, sys\n"
             "resource.setrlimit(resource.RLIMIT_NOFILE, (256, 512))\n"
             "from companion.cli import main\n"
             "sys.exit(main(sys.argv[1:]))\n")
    proc = subprocess.Popen([sys.executable, "-c", start, "serve", "--port", str(port),
                             "--data", str(data)], cwd=REPO,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_port(port, proc=proc)

        def status_of(path: str) -> int:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as r:
                return int(r.status)

        async def idle_boards(count: int) -> list[int]:
            async def one() -> tuple[int, asyncio.StreamWriter]:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.write(f"GET /board/{game_id}/events HTTP/1.1\r\n"
                             f"Host: 127.0.0.1:{port}\r\n\r\n".encode())
                await writer.drain()
                status = int((await asyncio.wait_for(reader.readline(), 30)).split()[1])
                return status, writer

            opened = [await one() for _ in range(count)]
            statuses = [status for status, _writer in opened]
            # with them all still open: a new board, its state and the referee's page
            for path in (f"/board/{game_id}", f"/board/{game_id}/state.json", "/"):
                assert await asyncio.to_thread(status_of, path) == 200, path
            for _status, writer in opened:
                writer.close()
            return statuses

        # in a thread of its own: the browser tests' Playwright keeps a loop in this one
        with ThreadPoolExecutor(1) as pool:
            statuses = pool.submit(lambda: asyncio.run(idle_boards(300))).result()
        assert statuses.count(200) == (512 - 256) // 2
        assert statuses.count(503) == 300 - (512 - 256) // 2
    finally:
        proc.terminate()
        proc.wait(30)
