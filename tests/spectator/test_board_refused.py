"""A board refused for the cap on live boards says so on the phone, and follows by itself once
a place is free (issue 11 item 5: "with a clear page for the refused one"). The boards' app
alone, with room for one live board, served on 127.0.0.1 in a thread; Debian's Chromium."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from browser_ui import PHONE, free_port, wait_port
from playwright.sync_api import Browser

from companion.board.web import board_app
from companion.engine import Deal, Stakes, Table
from companion.store import Store

LIVE = "document.getElementById('live').textContent"


@pytest.fixture
def one_board_server(tmp_path: Path) -> Iterator[tuple[str, int]]:
    with Store(tmp_path) as store:
        game = store.create_game(Table(rules="damm", stakes=Stakes("counters", 3),
                                       seats=("Ann", "Bo", "Cy"), dealer="Ann"))
        game.apply(Deal())
        game_id = game.id
    app, _hub = board_app(tmp_path, max_streams=1)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, lifespan="off",
                                           log_level="warning", timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    wait_port(port)
    yield f"http://127.0.0.1:{port}", game_id
    server.should_exit = True
    thread.join(15)


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
