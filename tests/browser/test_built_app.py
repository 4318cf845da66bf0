"""The app as `flet build` packages it (issue 16, item 1): `main.py` run the way a desktop
build runs it without a display (a web server on FLET_SERVER_PORT, the browser as its
window, the games under FLET_APP_STORAGE_DATA), a round played, "Let phones follow" switched
on in Share, a phone's board read from a second loopback address standing in for the network
(GNAV_LAN_ADDRESSES), where every control is refused without the referee token, and the
referee link opened there in a second browser, which plays on the same table.

The process runs with what a built Android app cannot install made unimportable
(apk_imports/sitecustomize.py: FastAPI, uvloop, httptools, watchfiles, PyYAML, websockets,
flet-web's server half), so main.py serves its window, like the second device's, through
the app's own web client (companion/webclient), and needs none of them.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from browser_ui import (
    PHONE_UPRIGHT,
    AppServer,
    button,
    enable_semantics,
    free_port,
    hook_text,
    is_loopback,
    new_table,
    open_tables,
    phase,
    reveal,
    tap,
    tap_and_wait,
    wait_hook_change,
    wait_phase,
)
from conftest import RequestLog
from playwright.sync_api import Browser, Page

from companion.engine.gnav.journal import replay
from companion.server import ASSETS_DIR
from companion.store import DB_NAME
from companion.webclient.files import needed

NETWORK = "127.0.0.2"  # a loopback address standing in for the tablet's network address
SWITCH = "Let phones follow on the local network"
PLAYERS = ["Ann", "Bo", "Cy"]
# on PYTHONPATH, its sitecustomize makes what a built app has not got unimportable
APK_IMPORTS = Path(__file__).resolve().parent / "apk_imports"


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
        "PYTHONPATH": os.pathsep.join([str(APK_IMPORTS),
                                       *filter(None, [os.environ.get("PYTHONPATH")])]),
    }
    # the blocker is in force in that environment (or the test would prove nothing)
    tried = subprocess.run([sys.executable, "-c", "import fastapi"], env={**os.environ,
                           **app.env}, capture_output=True, text=True, timeout=60, check=False)
    assert "not in a built app" in tried.stderr, tried.stderr
    app.start()
    try:
        yield app, share_port
    finally:
        app.stop()


def test_main_py_runs_the_app_and_lets_phones_follow_from_inside_it(
    browser: Browser, page: Page, built_app: tuple[AppServer, int], requests_log: RequestLog
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
    # offline: the client's CanvasKit and fonts come from the app, not a CDN. (flet-web's
    # compiled client still asks a CDN for rive_native.js: the policy stops it in the
    # browser; the APK's client is native and has no such file.)
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
    # the referee link, to hand the controls to another device, as `serve --lan` offers it
    tap(page, "Show the referee QR")
    hook_text(page, "referee-qr", timeout=30_000)
    referee_url = hook_text(page, "referee-url")
    assert re.fullmatch(rf"http://{re.escape(NETWORK)}:{share_port}/\?token=[\w-]{{43}}",
                        referee_url), referee_url
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

    # the referee link opened on a second device, on the network address: it controls the
    # same table, and each screen redraws at the other's taps (each runs on its own server's
    # loop: the tablet's window here, the second device's in the sharing thread)
    tap(page, "Back to the table")
    wait_phase(page, "Round 1 settled")
    context = browser.new_context(viewport=PHONE_UPRIGHT)
    context.set_default_timeout(15_000)
    try:
        other = context.new_page()
        requests_log.attach(other)
        other.goto(referee_url)
        enable_semantics(other)
        assert wait_phase(other, "Round 1 settled") == phase(page)
        # the table the tablet has open, and no token left in the address
        other.wait_for_url(f"http://{NETWORK}:{share_port}/game/{game_id}")
        # Next round on one screen puts the settlement away on both
        dealer_asked = tap_and_wait(page, "Next round")
        assert wait_phase(other, dealer_asked) == dealer_asked
        assert tap_and_wait(other, "Deal") == "Cy's turn"  # Bo deals round 2
        assert wait_hook_change(page, "phase", dealer_asked) == "Cy's turn"
        assert tap_and_wait(page, "Stand") == "Ann's turn"
        assert wait_hook_change(other, "phase", "Cy's turn") == "Ann's turn"
        # and the board follows the table
        _status, _headers, state = request(share_port, "GET", f"/board/{game_id}/state.json")
        seats = json.loads(state)["seats"]
        assert [seat["name"] for seat in seats if seat["turn"]] == ["Ann"]
        # still nothing from a CDN, on either screen, but the one the policy stops
        outside = [u for u in requests_log.urls
                   if not is_loopback(u) and urlsplit(u).hostname != NETWORK]
        assert [u for u in outside if not u.endswith("/rive_native.js")] == [], outside

        # every file of the client either screen asked for is one the bundle for a built
        # app copies (python -m companion bundle-web-client), or one of the app's pictures
        asked = {urlsplit(u).path.lstrip("/") for u in requests_log.urls
                 if urlsplit(u).hostname in ("127.0.0.1", NETWORK)}
        files = {path for path in asked if "." in path.rsplit("/", 1)[-1]
                 and not path.startswith("board") and not (ASSETS_DIR / path).is_file()}
        assert "main.dart.wasm" in files
        assert [path for path in files if not needed(path)] == []

        # switched off, the phones lose the board, and the second device its controls
        tap(page, "Share")
        page.get_by_role("switch", name=SWITCH).click()
        page.get_by_text(re.compile("Turn the switch on")).first.wait_for(state="attached",
                                                                          timeout=30_000)
        with pytest.raises(OSError):
            request(share_port, "GET", "/board")
        assert json.loads((app.data_dir / "sharing.json").read_text()) == {"lan": False}
    finally:
        context.close()


def test_the_built_apps_own_web_client_saves_and_opens_files(
    page: Page, built_app: tuple[AppServer, int], tmp_path: Path
) -> None:
    """Export's "Save as a file" and Import's "Open a file" go through the app's own web client
    too (the file's bytes travel over its websocket: no upload endpoint)."""
    app, _share_port = built_app
    open_tables(page, app.url)
    new_table(page, ["Eva", "Finn"], rules="pagat", dealer="Eva")
    assert tap_and_wait(page, "Deal")
    tap(page, "Tables")
    export = page.get_by_role("button", name=re.compile(r"^Export game \d+$")).first
    export.wait_for(state="attached")
    game_id = int((export.get_attribute("aria-label") or export.inner_text()).split()[-1])
    tap(page, f"Export game {game_id}")
    with page.expect_download(timeout=30_000) as download:
        tap(page, "Save as a file")
    saved = tmp_path / "saved.jsonl"
    download.value.save_as(saved)
    table, events, _state = replay(saved.read_text(encoding="utf-8"))
    assert table.seats == ("Eva", "Finn") and len(events) == 1

    open_tables(page, app.url)
    tap(page, "Import journal")
    with page.expect_file_chooser(timeout=30_000) as chooser:
        tap(page, "Open a file")
    chooser.value.set_files(str(saved))
    # the file's bytes reached the app: it knows them for the game already here (issue 23,
    # item 18: the same game is not imported twice) and opens it
    tap(page, f"Open table {game_id}", timeout=30_000)
    page.wait_for_url(re.compile(rf"/game/{game_id}$"), timeout=30_000)
    assert phase(page) == "Finn's turn"
