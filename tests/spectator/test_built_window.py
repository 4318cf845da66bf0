"""The built app's window on an address other than loopback (issue 21, item 1).

main.py, run as a desktop build runs it with no display, serves its window on
FLET_SERVER_IP:FLET_SERVER_PORT through the app's own web client. With FLET_SERVER_IP=0.0.0.0
(a small box at the table, reached from a tablet) another address got the app (200) and its
websocket (101) and played the game. As with `serve`, the listening socket decides: this one is
not loopback, so the controls need the referee link it prints, and without it a browser gets a
refusal, never the app. Here GNAV_LAN_ADDRESSES names 127.0.0.2, a loopback address standing
in for the network, and every request goes to 127.0.0.0/8.
"""

from __future__ import annotations

import http.client
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_ui import REPO, AppServer, free_port

from .test_gate import websocket_status

NETWORK = "127.0.0.2"
LINK = re.compile(r"Referee link \(keep it to yourself\): (http://\S+/\?token=([\w-]+))")


def request(address: str, port: int, path: str,
            headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
    con = http.client.HTTPConnection(address, port, timeout=20)
    try:
        con.request("GET", path, headers=headers or {})
        response = con.getresponse()
        body = response.read().decode("utf-8", "replace")
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body
    finally:
        con.close()


def window_env(data: Path, port: int, ip: str) -> dict[str, str]:
    return {"FLET_APP_STORAGE_DATA": str(data), "FLET_FORCE_WEB_SERVER": "1",
            "FLET_SERVER_IP": ip, "FLET_SERVER_PORT": str(port),
            "GNAV_LAN_ADDRESSES": NETWORK, "GNAV_PORT": str(free_port())}


@pytest.fixture
def window(tmp_path: Path) -> Iterator[AppServer]:
    data = tmp_path / "app-storage"
    data.mkdir()
    app = AppServer(data, command=[sys.executable, "main.py"])
    app.env = window_env(data, app.port, "0.0.0.0")
    app.start()
    try:
        yield app
    finally:
        app.stop()


def printed_link(app: AppServer) -> re.Match[str]:
    deadline = time.monotonic() + 15
    while True:
        found = LINK.search(app.log.read_text(errors="replace"))
        if found or time.monotonic() > deadline:
            assert found, app.log.read_text(errors="replace")
            return found
        time.sleep(0.1)


def test_a_window_open_to_the_network_needs_the_referee_link(window: AppServer) -> None:
    port = window.port
    link = printed_link(window)
    assert link.group(1) == f"http://{NETWORK}:{port}/?token={link.group(2)}"
    assert f"On this machine: http://127.0.0.1:{port}/?token={link.group(2)}" in (
        window.log.read_text())
    token = link.group(2)

    # a phone on the network: no app, no websocket, whatever it asks
    for path in ("/", "/game/1", "/index.html", "/main.dart.js", f"/?token={'x' * 43}"):
        status, _headers, body = request(NETWORK, port, path)
        assert status == 403, (path, status)
        assert "flet" not in body.lower()
        assert body == "Only the referee controls the game.\n"
    host = f"{NETWORK}:{port}"
    assert websocket_status(port, {"Host": host, "Origin": f"http://{host}"}) == 403
    # nor this machine's own browser without the link, as with serve --lan
    assert request("127.0.0.1", port, "/")[0] == 403
    assert websocket_status(port) == 403

    # the referee link: the cookie, then the app and its websocket
    status, headers, _body = request(NETWORK, port, f"/?token={token}")
    assert status == 200
    cookie = headers["set-cookie"].split(";", 1)[0]
    status, _headers, body = request(NETWORK, port, "/game/1", {"Cookie": cookie})
    assert status == 200 and 'flet.webSocketEndpoint="/ws";' in body
    assert websocket_status(port, {"Host": host, "Origin": f"http://{host}",
                                   "Cookie": cookie}) == 101
    refusals = [line for line in window.log.read_text().splitlines() if "refused" in line]
    assert refusals and not [line for line in refusals if token in line]


def test_a_window_on_loopback_asks_no_token(tmp_path: Path) -> None:
    """FLET_SERVER_IP=127.0.0.1 (the default): the window is this machine's."""
    app = AppServer(tmp_path / "data", command=[sys.executable, "main.py"])
    (tmp_path / "data").mkdir()
    app.env = window_env(tmp_path / "data", app.port, "127.0.0.1")
    app.start()
    try:
        status, _headers, body = request("127.0.0.1", app.port, "/")
        assert status == 200 and 'flet.webSocketEndpoint="/ws";' in body
        assert websocket_status(app.port) == 101
        assert "Referee link" not in app.log.read_text()
    finally:
        app.stop()


WITHOUT_CLIENT = """
import runpy, sys
from pathlib import Path
sys.modules["flet_web"] = None  # not installed, as in a built app
import companion.webclient.files as client_files
client_files.BUNDLE_DIR = Path(sys.argv[1])  # and nothing bundled
sys.argv = ["main.py"]
runpy.run_path("main.py", run_name="__main__")
"""


def test_without_its_web_client_a_window_for_the_network_is_refused_at_start(
        tmp_path: Path) -> None:
    """Flet's own server would serve the window there with no token: the start is refused,
    with a sentence, and nothing listens."""
    data = tmp_path / "data"
    data.mkdir()
    port = free_port()
    env = {**os.environ, **window_env(data, port, "0.0.0.0")}
    done = subprocess.run([sys.executable, "-c", WITHOUT_CLIENT, str(tmp_path / "none")],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.strip().splitlines()[-1] == (
        "Gnav Companion cannot start: FLET_SERVER_IP=0.0.0.0 would open the window to the "
        "network, and only the app's own web client asks there for the referee link; this "
        "copy of the app has none (python -m companion bundle-web-client puts it beside "
        "main.py).")
