"""Odd and long paths, and the welcome page's redirect (issue 21, item 3).

`/game/99999999999999999999` replaced the referee's screen with "Error running app"; a long or
odd path (`/%00`, a 300-byte segment, `/game/<5,000 digits>`) answered 500 with a traceback
in the built app's window, unthrottled, which any page can trigger with an <img>. Now an id no
game can have falls back as `/game/-1` does, a path the client's files cannot hold is a 404,
no traceback reaches an answer or the log, and the welcome page moves on to a path of its own
host only.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import re
import socket
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from browser_ui import AppServer, free_port
from starlette.testclient import TestClient

from companion.app import App, Games
from companion.board.sharing import listener_for
from companion.board.web import LISTENER, Gate
from companion.server import SecurityHeaders
from companion.views.learn import LearnScreen
from companion.views.tables import TablesScreen

HUGE = "9" * 5000
ODD = ["/%00", "/x.js%00", "/" + "a" * 300, "/a/" + "b" * 300 + ".js", f"/game/{HUGE}",
       "/game/%0d%0aSet-Cookie:%20x=1", "/" + "/".join(["c" * 200] * 30)]


@pytest.mark.parametrize("route", ["/game/99999999999999999999", "/game/9223372036854775808",
                                   f"/game/{HUGE}", "/game/99999999999999999999/share",
                                   "/game/\u0663"])
def test_a_game_id_no_game_can_have_falls_back_as_a_missing_one(tmp_path: Path,
                                                                 route: str) -> None:
    app = App(Games(tmp_path))
    app.go("/game/-1")
    assert (app.route, type(app.screen)) == ("/", TablesScreen)
    app.go("/new")
    app.go(route)  # no OverflowError, no ValueError: the tables, as for /game/-1
    assert (app.route, type(app.screen)) == ("/", TablesScreen)


def test_learn_of_a_game_no_game_can_have_is_learn_of_gnav(tmp_path: Path) -> None:
    app = App(Games(tmp_path))
    for route in ("/learn/99999999999999999999", f"/learn/{HUGE}"):
        app.go(route)
        assert isinstance(app.screen, LearnScreen)


def raw_get(port: int, path: str) -> tuple[int, bytes]:
    """A GET written byte for byte (no client library sends some of these paths)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
                  "\r\n".encode("latin-1"))
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    return int(answer.split(b" ", 2)[1]), answer


@pytest.fixture(scope="module")
def window(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    """The built app's window on loopback, through the app's own web client."""
    data = tmp_path_factory.mktemp("odd") / "data"
    data.mkdir()
    app = AppServer(data, command=[sys.executable, "main.py"])
    app.env = {"FLET_APP_STORAGE_DATA": str(data), "FLET_FORCE_WEB_SERVER": "1",
               "FLET_SERVER_IP": "127.0.0.1", "FLET_SERVER_PORT": str(app.port),
               "GNAV_PORT": str(free_port())}
    app.start()
    yield app
    app.stop()


@pytest.mark.parametrize("path", ODD, ids=lambda p: p[:24])
def test_a_path_the_client_files_cannot_hold_is_not_found(window: AppServer,
                                                          path: str) -> None:
    status, answer = raw_get(window.port, path)
    assert status == 404, answer[:300]
    assert b"Traceback" not in answer and b"Error" not in answer


def test_no_odd_path_writes_a_traceback_to_the_log(window: AppServer) -> None:
    for _ in range(5):
        for path in ODD:
            assert raw_get(window.port, path)[0] == 404
    log = window.log.read_text(errors="replace")
    assert "Traceback" not in log and "Exception in ASGI application" not in log
    # a route of the app is still the client's to show (the app falls back itself)
    assert raw_get(window.port, "/game/99999999999999999999")[0] == 200


def test_a_failing_request_gets_a_bare_500_and_one_line_in_the_log(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Whatever fails inside the app: the answer names no code or file, and the log takes one
    line per failure, 30 a minute at most."""
    async def broken(scope: Any, receive: Any, send: Any) -> None:
        raise ValueError("embedded null byte in /secret/path.py")

    client = TestClient(SecurityHeaders(broken))  # not entered: no lifespan to start
    for _ in range(100):
        answer = client.get("/x")
        assert (answer.status_code, answer.text) == (500, "Internal error\n")
        assert "content-security-policy" in answer.headers
    log = capsys.readouterr().err.splitlines()
    assert "GET /x from testclient failed: ValueError: embedded null byte" in log[0]
    assert len(log) == 31 and "not logged" in log[-1]
    assert not [line for line in log if "Traceback" in line or "File " in line]


# --- the welcome page ------------------------------------------------------------------------

TOKEN = "t" * 43


def welcome_target(path: str) -> str:
    """Where the welcome page sends a browser that opened the referee link at `path`."""
    gate = Gate(lambda *_: None, None, TOKEN, log=lambda _line: None)
    host = "192.0.2.2:8550"
    scope = {"type": "http", "method": "GET", "path": path,
             "query_string": f"token={TOKEN}".encode(), "headers": [(b"host", host.encode())],
             "client": ("192.0.2.77", 50000),
             LISTENER: listener_for("192.0.2.2", 8550, token=True)}
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    # in a thread of its own: Playwright's sync API may hold this thread's event loop
    with ThreadPoolExecutor(1) as worker:
        worker.submit(asyncio.run, gate(scope, receive, send)).result()
    assert sent[0]["status"] == 200
    found = re.search(r"location\.replace\((.*?)\);", sent[1]["body"].decode())
    assert found is not None
    target: str = json.loads(found.group(1))
    return target


@pytest.mark.parametrize(("path", "target"), [
    ("/", "/"),
    ("/game/3/share", "/game/3/share"),
    ("//evil.example/", "/evil.example/"),
    ("///evil.example", "/evil.example"),
    ("/\\evil.example/", "/%5Cevil.example/"),
    ("/\\/evil.example", "/%5C/evil.example"),
    ("/a?b#c", "/a%3Fb%23c"),
    ("/ø", "/%C3%B8"),
])
def test_the_welcome_page_moves_on_to_a_path_of_its_own_host_only(path: str,
                                                                  target: str) -> None:
    assert welcome_target(path) == target
    assert not target.startswith(("//", "/\\"))


def test_the_welcome_page_over_http_keeps_a_doubled_slash_on_this_host(tmp_path: Path) -> None:
    """`//evil.example/?token=...` as a browser would send it to `serve`."""
    from .conftest import LanServer

    srv = LanServer(tmp_path / "data").start()
    try:
        con = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
        con.request("GET", f"//evil.example/?token={srv.token}")
        page = con.getresponse().read().decode()
        con.close()
        assert 'location.replace("/evil.example/")' in page
    finally:
        srv.stop()
