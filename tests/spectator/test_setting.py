"""The app's setting "Let phones follow on the local network", live and kept for the next start.

The server starts on loopback only; the switch on the Share screen opens one more listener on
each of this machine's network addresses (here GNAV_LAN_ADDRESSES names 127.0.0.2, so no real
network is opened), shows the board's QR for that address, prints the referee link, and is
remembered in the data folder. Turned off, the listener goes. The sockets are read from the
kernel's table for the server's pid; every connection goes to 127.0.0.1. The gate's rule for
connections that came in on a network listener is checked in-process, through its ASGI call.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from browser_ui import PHONE, enable_semantics, hook_text
from playwright.sync_api import Browser, Page

from companion.board.web import Gate
from companion.engine import Stakes, Table
from companion.store import Store

from .conftest import TOKEN, TerminalServer
from .test_gate import listening

NETWORK = "127.0.0.2"  # a loopback address standing in for the machine's network address
SWITCH = "Let phones follow on the local network"


def get(port: int, path: str, headers: dict[str, str] | None = None) -> http.client.HTTPResponse:
    con = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    con.request("GET", path, headers=headers or {})
    response = con.getresponse()
    response.read()
    con.close()
    return response


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    Store(folder).create_game(Table(rules="damm", stakes=Stakes("counters", 3),
                                    seats=("Ann", "Bo", "Cy"), dealer="Ann"))
    return folder


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE)
    context.set_default_timeout(20_000)
    yield context.new_page()
    context.close()


def switch_state(page: Page) -> str | None:
    return page.get_by_role("switch", name=SWITCH).get_attribute("aria-checked")


def flip(page: Page, want: str) -> None:
    switch = page.get_by_role("switch", name=SWITCH)
    assert switch.get_attribute("aria-checked") != want
    switch.click()
    page.wait_for_function(
        "([name, want]) => [...document.querySelectorAll('flt-semantics[role=switch]')]"
        ".some(e => e.getAttribute('aria-label') === name"
        " && e.getAttribute('aria-checked') === want)", arg=[SWITCH, want])


def test_the_setting_opens_the_network_live_and_again_at_the_next_start(
    data: Path, phone: Page
) -> None:
    srv = TerminalServer(data, ["--host", "127.0.0.1"], env={"GNAV_LAN_ADDRESSES": NETWORK})
    srv.start()
    try:
        assert srv.proc is not None
        port = srv.port
        assert listening(srv.proc.pid) == [("127.0.0.1", port)]
        assert "Referee link" not in srv.terminal_text()

        phone.goto(f"{srv.url}/game/1/share")
        enable_semantics(phone)
        assert switch_state(phone) == "false"
        phone.get_by_text(re.compile("Turn the switch on")).first.wait_for(state="attached")
        printed = len(srv.terminal_text())
        flip(phone, "true")

        # live: a listener on the network address, the board's QR for it, the referee link
        board_url = hook_text(phone, "board-url")
        assert board_url == f"http://{NETWORK}:{port}/board/1"
        assert sorted(listening(srv.proc.pid)) == [("127.0.0.1", port), (NETWORK, port)]
        link = srv.wait_terminal(TOKEN, after=printed)
        assert link.group(0).startswith(f"Referee link (keep it to yourself): http://{NETWORK}:")
        token = link.group(1)
        assert len(token) >= 43
        assert json.loads((data / "sharing.json").read_text()) == {"lan": True}
        # this machine's own browser keeps the controls through its loopback listener
        assert get(port, "/").status == 200
        assert token not in srv.log_text()

        srv.stop()
        srv.start()  # the same port: the referee's phones keep their address
        assert srv.proc is not None
        srv.wait_terminal(re.compile("The setting 'Let phones follow on the local network' is on"))
        second = srv.wait_terminal(TOKEN, after=len(srv.terminal_text().rsplit(
            "Gnav Companion:", 1)[0]))
        assert second.group(1) != token  # a fresh secret at every start
        assert sorted(listening(srv.proc.pid)) == [("127.0.0.1", port), (NETWORK, port)]

        phone.goto(f"{srv.url}/game/1/share")
        enable_semantics(phone)
        assert hook_text(phone, "board-url") == f"http://{NETWORK}:{port}/board/1"
        assert switch_state(phone) == "true"
        flip(phone, "false")
        phone.get_by_text(re.compile("Turn the switch on")).first.wait_for(state="attached")
        assert listening(srv.proc.pid) == [("127.0.0.1", port)]
        assert json.loads((data / "sharing.json").read_text()) == {"lan": False}
        assert "Phones no longer reach this app" in srv.terminal_text()
        assert srv.log_text().strip() == ""  # nothing went wrong, and the log holds no token
    finally:
        srv.stop()


# --- the gate, in-process -------------------------------------------------------------------


class Recorder:
    """Stands in for the Flet app behind the gate: answers 200 and counts who got through."""

    def __init__(self) -> None:
        self.calls = 0

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        self.calls += 1
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"controls"})


def call(gate: Gate, server: tuple[str, int], path: str = "/", query: bytes = b"",
         cookie: str | None = None) -> tuple[int, dict[str, str]]:
    headers = [(b"host", f"{server[0]}:{server[1]}".encode())]
    if cookie is not None:
        headers.append((b"cookie", cookie.encode()))
    scope = {"type": "http", "method": "GET", "path": path, "query_string": query,
             "headers": headers, "server": server, "client": ("192.0.2.77", 50000)}
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    # in a thread of its own: Playwright's sync API may hold this thread's event loop
    with ThreadPoolExecutor(1) as worker:
        worker.submit(asyncio.run, gate(scope, receive, send)).result()
    start = sent[0]
    return start["status"], {k.decode(): v.decode() for k, v in start.get("headers", [])}


def test_the_gate_asks_the_token_only_of_the_network_listeners() -> None:
    flet, boards = Recorder(), Recorder()
    logged: list[str] = []
    token = "s" * 43
    gate = Gate(flet, boards, token, log=logged.append, everyone=False)
    # before the switch: no network listener, this machine is the referee
    assert call(gate, ("127.0.0.1", 8550)) == (200, {})
    gate.network = frozenset({"192.0.2.2"})
    assert call(gate, ("127.0.0.1", 8550))[0] == 200
    assert flet.calls == 2
    status, headers = call(gate, ("192.0.2.2", 8550), "/game/1")
    assert (status, headers["location"]) == (303, "/board")
    assert call(gate, ("192.0.2.2", 8550), query=b"token=" + b"x" * 43)[0] == 303
    assert call(gate, ("192.0.2.2", 8550), cookie="gnav_referee=" + "x" * 43)[0] == 303
    assert flet.calls == 2
    assert call(gate, ("192.0.2.2", 8550), cookie=f"gnav_referee={token}")[0] == 200
    status, headers = call(gate, ("192.0.2.2", 8550), query=f"token={token}".encode())
    assert status == 200 and headers["set-cookie"].startswith(f"gnav_referee={token};")
    assert call(gate, ("192.0.2.2", 8550), "/board/1")[0] == 200 and boards.calls == 1
    assert logged and all("192.0.2.77" in line and token not in line for line in logged)
    # turned off again: the network listeners are gone, and so is their rule
    gate.network = frozenset()
    assert call(gate, ("127.0.0.1", 8550))[0] == 200
    # started with --lan, everyone needs it, this machine too
    everyone = Gate(Recorder(), Recorder(), token, log=logged.append, everyone=True)
    assert call(everyone, ("127.0.0.1", 8550))[0] == 303


def test_switching_off_drops_the_connections_that_came_in_through_the_network() -> None:
    """Which connections `unlisten` drops: those accepted on a network address, not this
    machine's (the transports stand in for accepted sockets: the tests open none there)."""
    import uvicorn

    from companion.server import _listening_server_class

    class Transport:
        def __init__(self, local: str) -> None:
            self.local = local
            self.aborted = False

        def get_extra_info(self, name: str) -> object:
            return (self.local, 8550) if name == "sockname" else None

        def abort(self) -> None:
            self.aborted = True

    class Connection:
        def __init__(self, transport: Transport) -> None:
            self.transport = transport

    class Listener:
        closed = False

        def close(self) -> None:
            self.closed = True

    server = _listening_server_class()(uvicorn.Config(app=Recorder()))
    phone, referee_phone, here = Transport("192.0.2.2"), Transport("192.0.2.2"), \
        Transport("127.0.0.1")
    server.server_state.connections.update(
        {Connection(phone), Connection(referee_phone), Connection(here)})
    listener, other = Listener(), Listener()
    server.servers = [other, listener]
    server.unlisten(listener, frozenset({"192.0.2.2"}))
    assert listener.closed and not other.closed and server.servers == [other]
    assert phone.aborted and referee_phone.aborted and not here.aborted
