"""Only the referee controls the game: on the network the Flet app and its websocket need the
token; the boards are GET only; refusals are logged without the token; and without --lan the
server listens on loopback only (read from the kernel's socket table, nothing probed)."""

from __future__ import annotations

import base64
import http.client
import os
import re
import socket
from pathlib import Path

import pytest
from browser_ui import AppServer

from .conftest import LanServer


def request(port: int, method: str, path: str,
            headers: dict[str, str] | None = None) -> http.client.HTTPResponse:
    con = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    con.request(method, path, headers=headers or {})
    response = con.getresponse()
    response.read()
    con.close()
    return response


def websocket_status(port: int, headers: dict[str, str | None] | None = None) -> int:
    """The HTTP status of a websocket handshake on /ws (101 when the socket was opened), from
    a page of the server's own origin unless `headers` name another Host or Origin (None
    leaves the header out)."""
    key = base64.b64encode(os.urandom(16)).decode()
    sent = {"Host": f"127.0.0.1:{port}", "Origin": f"http://127.0.0.1:{port}",
            **(headers or {})}
    lines = [
        "GET /ws HTTP/1.1", "Upgrade: websocket",
        "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13",
        *(f"{k}: {v}" for k, v in sent.items() if v is not None), "", "",
    ]
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall("\r\n".join(lines).encode("latin-1"))
        answer = s.recv(4096).decode("latin-1")
    return int(answer.split(" ", 2)[1])


def refusals(srv: LanServer) -> list[str]:
    return [line for line in srv.log_text().splitlines() if line.startswith("refused control")]


def test_without_the_token_the_controls_are_refused_and_logged(lan_server: LanServer) -> None:
    port, token = lan_server.port, lan_server.token
    assert len(token) >= 43  # 32 bytes from secrets: 256 bits
    before = len(refusals(lan_server))

    page = request(port, "GET", "/")
    assert page.status == 303 and page.getheader("location") == "/board"
    assert request(port, "GET", "/game/1").getheader("location") == "/board"
    assert request(port, "POST", "/").status == 403
    assert request(port, "PUT", "/upload").status == 403
    wrong = "x" * len(token)
    assert request(port, "GET", f"/?token={wrong}").getheader("location") == "/board"
    assert request(port, "GET", "/", {"Cookie": f"gnav_referee_{port}={wrong}"}).status == 303
    assert websocket_status(port) == 403
    assert websocket_status(port, {"Cookie": f"gnav_referee_{port}={wrong}"}) == 403
    assert websocket_status(port, {"Cookie": f"gnav_referee_{port}={token[:-1]}"}) == 403
    # the right cookie from another site's page is refused too, or from no page at all
    assert websocket_status(port, {"Cookie": f"gnav_referee_{port}={token}",
                                   "Origin": "http://evil.example"}) == 403
    assert websocket_status(port, {"Cookie": f"gnav_referee_{port}={token}", "Origin": None}) == 403

    logged = refusals(lan_server)[before:]
    assert len(logged) == 6, logged
    assert all(line.startswith("refused control from 127.0.0.1") for line in logged)
    assert sum("websocket /ws" in line for line in logged) == 3
    assert "refused 127.0.0.1: websocket /ws from 'http://evil.example', not a page of " \
        f"127.0.0.1:{port}" in lan_server.log_text()
    # the token is printed for the referee at start and never logged
    assert token not in lan_server.log_text() and wrong not in lan_server.log_text()
    after_start = lan_server.terminal_text().split("On this machine:", 1)[1].split("\n", 1)[1]
    assert token not in after_start and wrong not in after_start


def test_the_token_gives_a_cookie_and_the_controls(lan_server: LanServer) -> None:
    port, token = lan_server.port, lan_server.token
    welcome = request(port, "GET", f"/game/1?token={token}&lang=nb")
    assert welcome.status == 200
    cookie = welcome.getheader("set-cookie") or ""
    assert cookie.startswith(f"gnav_referee_{port}={token};")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert "content-security-policy" in {k.lower() for k, _ in welcome.getheaders()}
    app = request(port, "GET", "/", {"Cookie": f"gnav_referee_{port}={token}"})
    assert app.status == 200
    assert websocket_status(port, {"Cookie": f"gnav_referee_{port}={token}"}) == 101
    assert websocket_status(port, {"Cookie": f"gnav_referee_{port}={token}",
                                   "Host": f"localhost:{port}",
                                   "Origin": f"http://localhost:{port}"}) == 101


def test_the_boards_take_no_orders(lan_server: LanServer) -> None:
    port = lan_server.port
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        for path in ("/board", "/board/1", "/board/1/state.json", "/board/1/events"):
            assert request(port, method, path).status == 405, (method, path)
    listing = request(port, "GET", "/board")
    assert listing.status == 200
    policy = listing.getheader("content-security-policy") or ""
    assert policy.startswith("default-src 'none'")
    assert request(port, "GET", "/board/99999").status == 404


def listening(pid: int) -> list[tuple[str, int]]:
    """(address, port) of every listening TCP socket the process holds, from /proc."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    found = []
    for table, width in (("tcp", 8), ("tcp6", 32)):
        lines = Path(f"/proc/{pid}/net/{table}").read_text().splitlines()[1:]
        for line in lines:
            fields = line.split()
            local, state, inode = fields[1], fields[3], fields[9]
            if state != "0A" or inode not in inodes:  # 0A: LISTEN
                continue
            address, port = local.split(":")
            raw = bytes.fromhex(address)
            # the kernel prints each 32-bit word in host (little-endian) order
            words = b"".join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4))
            family = socket.AF_INET if width == 8 else socket.AF_INET6
            found.append((socket.inet_ntop(family, words), int(port, 16)))
    return found


def test_without_lan_the_server_listens_on_loopback_only(server: AppServer) -> None:
    assert server.proc is not None
    sockets = listening(server.proc.pid)
    assert sockets, "the server holds no listening socket"
    assert all(address in ("127.0.0.1", "::1") for address, _ in sockets), sockets
    assert (("127.0.0.1", server.port)) in sockets


def test_with_lan_it_listens_on_every_address(lan_server: LanServer) -> None:
    # the same check sees the difference, so the loopback test above can fail
    assert lan_server.proc is not None
    assert ("0.0.0.0", lan_server.port) in listening(lan_server.proc.pid)


# --- the board's address: this machine's own interface list, nothing sent -------------------


def kernel_local_addresses() -> set[str]:
    """This machine's IPv4 addresses as the kernel's routing table lists them ("/32 host
    LOCAL" entries of /proc/net/fib_trie), loopback left out: a second, independent reading."""
    found: set[str] = set()
    previous = ""
    for line in Path("/proc/net/fib_trie").read_text().splitlines():
        text = line.strip()
        if text.startswith("|--"):
            previous = text[3:].strip()
        elif text == "/32 host LOCAL" and previous and not previous.startswith("127."):
            found.add(previous)
    return found


def test_the_network_addresses_come_from_the_interface_list_with_nothing_sent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from companion import board

    def no_traffic(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a packet would have been sent")

    for name in ("connect", "connect_ex", "send", "sendall", "sendto", "sendmsg"):
        monkeypatch.setattr(socket.socket, name, no_traffic)
    monkeypatch.delenv("GNAV_LAN_ADDRESSES", raising=False)
    found = board.interface_addresses()
    assert board.lan_addresses() == found
    assert set(found) == kernel_local_addresses()
    monkeypatch.setenv("GNAV_LAN_ADDRESSES", "10.1.2.3, 10.1.2.4,10.1.2.3")
    assert board.lan_addresses() == ("10.1.2.3", "10.1.2.4")


def test_serve_lan_offers_the_interface_addresses(lan_server: LanServer) -> None:
    printed = re.findall(rf"On the network: http://([0-9.]+):{lan_server.port} ",
                         lan_server.terminal_text())
    assert set(printed) == kernel_local_addresses()
    if not printed:
        assert "No network address was found" in lan_server.terminal_text()
