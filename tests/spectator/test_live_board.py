"""Two browsers: the referee (who opened the referee link) taps, and a spectator's phone shows
it on the board within a second; the spectator's page has no control, and what a spectator's
browser tries (the app's page; the referee's own click frames sent again over a websocket of
its own, with and without a forged cookie; a wrong token) changes nothing and is logged.
Every request goes to 127.0.0.1."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator

import pytest
from browser_ui import (
    PHONE,
    TABLET,
    button,
    enable_semantics,
    hook_text,
    is_loopback,
    new_table,
    tap,
)
from playwright.sync_api import Browser, BrowserContext, Page

from companion import board

from .conftest import LanServer

NOW = "document.getElementById('now') && document.getElementById('now').textContent"


@pytest.fixture
def referee(browser: Browser, lan_server: LanServer) -> Iterator[Page]:
    context = browser.new_context(viewport=TABLET)
    context.set_default_timeout(20_000)
    page = context.new_page()
    # every frame the referee's app sends over its websocket, to forge them from a spectator
    frames: list[bytes | str] = []
    SENT[id(page)] = frames
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: frames.append(payload)))
    page.goto(f"{lan_server.url}/?token={lan_server.token}")
    page.wait_for_url(f"{lan_server.url}/")  # the token is dropped from the address
    enable_semantics(page)
    yield page
    SENT.pop(id(page), None)
    context.close()


SENT: dict[int, list[bytes | str]] = {}


@pytest.fixture
def spectator_context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport=PHONE)
    context.set_default_timeout(15_000)
    yield context
    context.close()


def board_now(page: Page) -> str:
    text: str = page.evaluate(NOW)
    return text


def tap_and_time_board(referee: Page, spectator: Page, name: str, expected: str) -> float:
    """Click the referee's button at its box and time until the spectator's board says
    `expected` (seconds)."""
    box = button(referee, name).bounding_box()
    assert box is not None
    before = board_now(spectator)
    start = time.monotonic()
    referee.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    spectator.wait_for_function(f"() => {NOW} === {json.dumps(expected)}", timeout=5_000,
                                polling="raf")
    elapsed = time.monotonic() - start
    assert board_now(spectator) != before
    return elapsed


def state(page: Page, url: str, game_id: int) -> dict[str, object]:
    data: dict[str, object] = page.request.get(f"{url}/board/{game_id}/state.json").json()
    return data


def test_the_board_follows_the_referee_and_takes_no_orders(
    referee: Page, spectator_context: BrowserContext, lan_server: LanServer
) -> None:
    url = lan_server.url
    button(referee, "New table").wait_for(state="attached")
    new_table(referee, ["Ann", "Bo", "Cy"], rules="damm", amount=5, dealer="Ann")
    match = re.search(r"/game/(\d+)$", referee.url)
    assert match, referee.url
    game_id = int(match.group(1))

    spectator = spectator_context.new_page()
    requests: list[tuple[str, str]] = []
    spectator.on("request", lambda r: requests.append((r.method, r.url)))
    spectator.goto(f"{url}/board/{game_id}")
    assert board_now(spectator) == "Ann deals round 1."
    spectator.wait_for_function("() => document.getElementById('live').textContent === 'live'")

    frames = SENT[id(referee)]
    times = [
        tap_and_time_board(referee, spectator, "Deal", "Bo's turn."),
        tap_and_time_board(referee, spectator, "Stand", "Cy's turn."),
    ]
    before_change = len(frames)
    times.append(tap_and_time_board(referee, spectator, "Change", "Cy now asks Ann."))
    # what the referee's app sent for that tap: the click of its Change button
    click = [f if isinstance(f, bytes) else f.encode() for f in frames[before_change:]]
    assert click, "the referee's tap sent nothing over its websocket"
    assert max(times) <= 1.0, times
    seats = spectator.locator("#seats li")
    assert seats.count() == 3
    assert "turn" in (seats.nth(2).get_attribute("class") or "")
    assert "asked" in (seats.nth(0).get_attribute("class") or "")
    assert "Cy asks Ann to swap" in spectator.locator("#last-call").inner_text()

    # the board is a page to read: nothing on it takes input, and it only ever read
    controls = spectator.locator(
        "button, input, select, textarea, form, [contenteditable], [onclick], a[href^='/game']")
    assert controls.count() == 0
    assert requests and all(method == "GET" and is_loopback(u) for method, u in requests)
    assert not any(u.split("/", 3)[3].startswith(("ws", "game")) for _, u in requests
                   if u.count("/") >= 3)

    # a spectator's forgeries: the app's page, its websocket, a cookie with a wrong token
    events_before = state(spectator, url, game_id)["events"]
    logged_before = lan_server.log_text().count("refused control from 127.0.0.1")
    sockets_before = lan_server.log_text().count(
        "refused control from 127.0.0.1: websocket /ws with no valid referee token")
    spectator.goto(f"{url}/game/{game_id}")
    assert spectator.url == f"{url}/board"
    assert spectator.locator("flt-glass-pane").count() == 0
    # the referee's own click frames, sent again from the spectator's browser
    forge = """([url, frames]) => new Promise(done => {
            const ws = new WebSocket(url);
            ws.binaryType = 'arraybuffer';
            ws.onopen = () => {
                for (const f of frames) ws.send(Uint8Array.from(f));
                done('opened');
            };
            ws.onerror = () => done('refused');
            ws.onclose = () => done('refused');
        })"""
    ws_url = f"ws://127.0.0.1:{lan_server.port}/ws"
    assert spectator.evaluate(forge, [ws_url, [list(f) for f in click]]) == "refused"
    spectator_context.add_cookies([{"name": f"gnav_referee_{lan_server.port}", "value": "not-the-token",
                                    "url": url}])
    spectator.goto(f"{url}/")
    assert spectator.url == f"{url}/board"
    assert spectator.evaluate(forge, [ws_url, [list(f) for f in click]]) == "refused"
    spectator.goto(f"{url}/?token=not-the-token")
    assert spectator.url == f"{url}/board"
    assert state(spectator, url, game_id)["events"] == events_before
    assert lan_server.log_text().count("refused control from 127.0.0.1") == logged_before + 3
    assert lan_server.log_text().count(
        "refused control from 127.0.0.1: websocket /ws with no valid referee token"
    ) == sockets_before + 2

    # the referee still has the game in hand
    tap(referee, "Swap")
    spectator.goto(f"{url}/board/{game_id}")
    spectator.wait_for_function(f"() => {NOW} === \"Ann's turn.\"")
    assert state(spectator, url, game_id)["events"] == events_before + 1  # type: ignore[operator]

    # the referee's Share screen offers the board at this machine's first network address
    tap(referee, "Share")
    addresses = board.interface_addresses()
    host = addresses[0] if addresses else "127.0.0.1"
    assert hook_text(referee, "board-url") == f"http://{host}:{lan_server.port}/board/{game_id}"
