"""The app as `flet build` packages it (issue 16, item 1): `main.py` run the way a desktop
build runs it without a display (Flet's own web server on FLET_SERVER_PORT, the browser as
its window, the games under FLET_APP_STORAGE_DATA), a round played, "Let phones follow"
switched on in Share, and a phone's board read from a second loopback address standing in
for the network (GNAV_LAN_ADDRESSES), where every control is refused.
"""

from __future__ import annotations

import http.client
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_ui import (
    AppServer,
    button,
    free_port,
    hook_text,
    is_loopback,
    new_table,
    open_tables,
    phase,
    reveal,
    tap,
    tap_and_wait,
)
from conftest import RequestLog
from playwright.sync_api import Page

from companion.store import DB_NAME

NETWORK = "127.0.0.2"  # a loopback address standing in for the tablet's network address
SWITCH = "Let phones follow on the local network"
PLAYERS = ["Ann", "Bo", "Cy"]


def request(port: int, method: str, path: str,
            headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
    """A phone's request to the tablet's network address."""
    con = http.client.HTTPConnection(NETWORK, port, timeout=20)
    try:
        con.request(method, path, headers=headers or {})
        response = con.getresponse()
        body = response.read().decode("utf-8", "replace")
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body
    finally:
        con.close()


@pytest.fixture
def built_app(tmp_path: Path) -> Iterator[tuple[AppServer, int]]:
    share_port = free_port()
    data = tmp_path / "app-storage"
    data.mkdir()
    app = AppServer(data, command=[sys.executable, "main.py"])
    app.env = {
        # what a built app's runner sets, and a desktop without a display: Flet's web server
        "FLET_APP_STORAGE_DATA": str(data),
        "FLET_FORCE_WEB_SERVER": "1",
        "FLET_SERVER_IP": "127.0.0.1",
        "FLET_SERVER_PORT": str(app.port),
        "GNAV_LAN_ADDRESSES": NETWORK,
        "GNAV_PORT": str(share_port),
    }
    app.start()
    try:
        yield app, share_port
    finally:
        app.stop()


def test_main_py_runs_the_app_and_lets_phones_follow_from_inside_it(
    page: Page, built_app: tuple[AppServer, int], requests_log: RequestLog
) -> None:
    app, share_port = built_app
    open_tables(page, app.url)
    new_table(page, PLAYERS, rules="damm", amount=3, dealer="Ann")
    game_id = int(page.url.rsplit("/", 1)[1])
    assert tap_and_wait(page, "Deal") == "Bo's turn"
    assert tap_and_wait(page, "Change") == "Bo asks Cy to swap. Cy answers:"
    assert tap_and_wait(page, "Swap") == "Cy's turn"
    assert tap_and_wait(page, "Stand") == "Ann's turn"
    tap_and_wait(page, "Stand")
    reveal(page, {"Ann": "12", "Bo": "11", "Cy": "0"})
    button(page, "Next round").wait_for(state="attached", timeout=30_000)
    assert phase(page).startswith("Round 1 settled")
    # the games are kept where the built app's runner said
    assert (app.data_dir / DB_NAME).is_file()
    # offline: the client's CanvasKit and fonts come from the app, not a CDN. (Flet's own web
    # server sets no policy, so flet-web's compiled client still asks a CDN for
    # rive_native.js and fails harmlessly; the APK's client is native and has no such file.)
    outside = [u for u in requests_log.urls if not is_loopback(u)]
    assert [u for u in outside if not u.endswith("/rive_native.js")] == [], outside

    # nothing listens on the network until the referee says so
    with pytest.raises(OSError):
        request(share_port, "GET", "/board")

    tap(page, "Share")
    page.get_by_text(re.compile("Turn the switch on")).first.wait_for(state="attached",
                                                                      timeout=30_000)
    page.get_by_role("switch", name=SWITCH).click()
    board_url = f"http://{NETWORK}:{share_port}/board/{game_id}"
    assert hook_text(page, "board-url", timeout=30_000) == board_url
    # the built app has no referee link to hand on: the controls stay on the tablet
    page.get_by_text(re.compile("controls stay on this device")).first.wait_for(
        state="attached")
    assert not button(page, "Show the referee QR").count()
    assert json.loads((app.data_dir / "sharing.json").read_text()) == {"lan": True}

    # a phone reads the board of this game from the network address
    status, headers, body = request(share_port, "GET", f"/board/{game_id}")
    assert status == 200, body
    assert "Ann" in body and "Bo" in body and "Cy" in body
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    status, _headers, state = request(share_port, "GET", f"/board/{game_id}/state.json")
    assert status == 200
    seen = json.loads(state)
    assert seen["game"] == game_id
    assert [seat["name"] for seat in seen["seats"]] == PLAYERS
    assert seen["settlement"]["round"] == 1  # the round the referee just played

    # and cannot control it: no token is ever given out there
    status, _headers, body = request(share_port, "POST", f"/game/{game_id}")
    assert status == 403, body
    assert "referee" in body.lower()
    status, headers, _body = request(share_port, "GET", f"/game/{game_id}")
    assert (status, headers.get("location")) == (303, "/board")
    status, _headers, _body = request(share_port, "GET", "/", {
        "Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        "Origin": f"http://{NETWORK}:{share_port}"})
    assert status != 101
    # a page of another name for this address is refused too (the gate's Host check)
    status, _headers, _body = request(share_port, "GET", f"/board/{game_id}",
                                      {"Host": f"tablet.example:{share_port}"})
    assert status == 403

    # switched off, the phones lose the board
    page.get_by_role("switch", name=SWITCH).click()
    page.get_by_text(re.compile("Turn the switch on")).first.wait_for(state="attached",
                                                                      timeout=30_000)
    with pytest.raises(OSError):
        request(share_port, "GET", "/board")
    assert json.loads((app.data_dir / "sharing.json").read_text()) == {"lan": False}
