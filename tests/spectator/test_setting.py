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

from companion.board.sharing import AddressError, Listener, listener_for, parse_addresses
from companion.board.web import LISTENER, Gate
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

        # on again: a new link, and every one handed out before opens nothing (issue 21,
        # item 2)
        printed = len(srv.terminal_text())
        flip(phone, "true")
        third = srv.wait_terminal(TOKEN, after=printed)
        assert third.group(1) != second.group(1)
        con = http.client.HTTPConnection(NETWORK, port, timeout=10)
        for old in (token, second.group(1)):
            con.request("GET", f"/?token={old}")
            refused = con.getresponse()
            refused.read()
            assert (refused.status, refused.getheader("location")) == (303, "/board")
        con.request("GET", f"/?token={third.group(1)}")
        welcome = con.getresponse()
        welcome.read()
        con.close()
        assert welcome.status == 200 and welcome.getheader("set-cookie")
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


LOOPBACK = listener_for("127.0.0.1", 8550, token=False)
PHONES = listener_for("192.0.2.2", 8550, token=True)


def call(gate: Gate, listener: Listener | None, path: str = "/", query: bytes = b"",
         cookie: str | None = None, host: str | None = None) -> tuple[int, dict[str, str]]:
    """A GET through `listener` (the socket it came in by, as the server tags it); its Host is
    the listener's own name unless given. The scope's local address says 127.0.0.1 whatever
    the listener: the gate must not go by it."""
    name = host or ("192.0.2.2:8550" if listener is PHONES else "127.0.0.1:8550")
    headers = [(b"host", name.encode())]
    if cookie is not None:
        headers.append((b"cookie", cookie.encode()))
    scope = {"type": "http", "method": "GET", "path": path, "query_string": query,
             "headers": headers, "server": ("127.0.0.1", 8550),
             "client": ("192.0.2.77", 50000)}
    if listener is not None:
        scope[LISTENER] = listener
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


def test_the_gate_asks_the_token_of_the_listeners_that_say_so() -> None:
    flet, boards = Recorder(), Recorder()
    logged: list[str] = []
    token = "s" * 43
    gate = Gate(flet, boards, token, log=logged.append)
    # this machine's loopback listener: whoever sits here is the referee
    assert call(gate, LOOPBACK) == (200, {})
    assert flet.calls == 1
    # the phones' listener, whatever address the connection's scope shows
    status, headers = call(gate, PHONES, "/game/1")
    assert (status, headers["location"]) == (303, "/board")
    assert call(gate, PHONES, query=b"token=" + b"x" * 43)[0] == 303
    assert call(gate, PHONES, cookie="gnav_referee=" + "x" * 43)[0] == 303
    assert flet.calls == 1
    assert call(gate, PHONES, cookie=f"gnav_referee={token}")[0] == 200
    status, headers = call(gate, PHONES, query=f"token={token}".encode())
    assert status == 200 and headers["set-cookie"].startswith(f"gnav_referee={token};")
    assert call(gate, PHONES, "/board/1")[0] == 200 and boards.calls == 1
    # each listener answers to its own names only; an untagged connection to none
    assert call(gate, PHONES, host="127.0.0.1:8550")[0] == 403
    assert call(gate, LOOPBACK, host="192.0.2.2:8550")[0] == 403
    assert call(gate, None)[0] == 403
    assert flet.calls == 2 and boards.calls == 1
    assert logged and all("192.0.2.77" in line and token not in line for line in logged)


def test_the_log_takes_thirty_lines_a_minute_from_one_address() -> None:
    """Issue 11, item 6: a phone sending refusals by the thousand must not flood the
    referee's terminal; another address keeps its own count, and a minute later it starts
    again."""
    logged: list[str] = []
    now = [1000.0]
    gate = Gate(Recorder(), Recorder(), "s" * 43, log=logged.append, clock=lambda: now[0])
    for _ in range(100):
        gate.note("192.0.2.7", "refused control from 192.0.2.7: GET /\n")
    assert len(logged) == 31
    assert logged[:30] == ["refused control from 192.0.2.7: GET /\\n"] * 30
    assert logged[30] == "more refusals from 192.0.2.7 in the next 60 s are not logged"
    gate.note("192.0.2.8", "refused control from 192.0.2.8: GET /")
    assert len(logged) == 32
    now[0] += 59
    gate.note("192.0.2.7", "still quiet")
    assert len(logged) == 32
    now[0] += 1
    gate.note("192.0.2.7", "heard again")
    assert logged[-1] == "heard again"


def test_lan_addresses_are_ip_addresses_in_one_spelling() -> None:
    assert parse_addresses(" 192.168.1.20,fd00::0020 ,192.168.1.20") == (
        "192.168.1.20", "fd00::20")
    assert parse_addresses("0:0:0:0:0:0:0:1") == ("::1",)
    for written in ("127.0.0.02", "2130706434", "0x7f000002", "127.2", "localhost",
                    "0.0.0.0", "::", "224.0.0.1", "fe80::1%eth0", "10.0.0.1/24"):
        with pytest.raises(AddressError):
            parse_addresses(written)


def test_each_listener_answers_to_its_own_names() -> None:
    assert listener_for("127.0.0.1", 8550, token=False) == Listener(frozenset(
        {"127.0.0.1:8550", "localhost:8550", "[::1]:8550"}), token=False)
    assert listener_for("192.0.2.2", 8550, token=True).hosts == {"192.0.2.2:8550"}
    assert listener_for("::1", 80, token=True).hosts == {
        "127.0.0.1:80", "localhost:80", "[::1]:80", "127.0.0.1", "localhost", "[::1]"}
    assert listener_for("0.0.0.0", 8550, True, ("192.0.2.2", "fd00::2")).hosts == {
        "127.0.0.1:8550", "localhost:8550", "[::1]:8550", "192.0.2.2:8550", "[fd00::2]:8550"}


def test_switching_off_drops_the_connections_that_came_in_through_the_network() -> None:
    """Which connections `unlisten` drops: those its listener accepted (they carry its config),
    not the others, whatever address they came in on (stand-ins for accepted sockets: the
    tests open none there)."""
    import uvicorn

    from companion.server import Listening, _listening_server_class

    class Transport:
        aborted = False

        def abort(self) -> None:
            self.aborted = True

    class Connection:
        def __init__(self, config: object) -> None:
            self.config = config
            self.transport = Transport()

    class Accepting:
        closed = False

        def close(self) -> None:
            self.closed = True

    server = _listening_server_class()(uvicorn.Config(app=Recorder()))
    listening = Listening(Accepting(), object())  # type: ignore[arg-type]
    other = Accepting()
    phone, referee_phone = Connection(listening.config), Connection(listening.config)
    here = Connection(server.config)
    server.server_state.connections.update({phone, referee_phone, here})
    server.servers = [other, listening.server]
    server.unlisten(listening)
    assert listening.server.closed and not other.closed and server.servers == [other]
    assert phone.transport.aborted and referee_phone.transport.aborted
    assert not here.transport.aborted
