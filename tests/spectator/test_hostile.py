"""What a hostile page, a hostile phone on the same network or a careless setting tried against
the server (issue 11), over real HTTP against `python -m companion serve`:

1. a request naming a host that is not one of the server's names (DNS rebinding), and a
   websocket from a page of another origin, get 403 and a log line;
2. GNAV_LAN_ADDRESSES accepts IP addresses only, and the token is asked of whoever came in
   through the network listener however its address was written;
3. the referee's cookie is found among any neighbours;
6. what a request writes into the log (its path, a forwarded address) reaches the terminal
   escaped, and each address gets a bounded number of lines.

Every connection goes to a loopback address.
"""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_ui import REPO, AppServer, free_port

from .conftest import TOKEN, LanServer, TerminalServer
from .test_gate import websocket_status


def request(port: int, path: str = "/", headers: dict[str, str] | None = None,
            address: str = "127.0.0.1", method: str = "GET") -> tuple[int, dict[str, str]]:
    """Status and headers (lower-case names); Host is the address and port unless given."""
    con = http.client.HTTPConnection(address, port, timeout=10)
    con.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    host = f"[{address}]" if ":" in address else address
    for name, value in {"Host": f"{host}:{port}", **(headers or {})}.items():
        con.putheader(name, value)
    con.endheaders()
    response = con.getresponse()
    response.read()
    con.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}


def raw_request(port: int, head: bytes) -> int:
    """The status of a request written byte for byte (a path no client library would send)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(head)
        answer = b""
        while b"\r\n" not in answer:
            chunk = s.recv(4096)
            if not chunk:
                break
            answer += chunk
    return int(answer.split(b" ", 2)[1])


# --- 1. only this server's names, only its own pages' websockets ----------------------------


def test_a_request_for_another_host_name_is_refused_and_logged(server: AppServer) -> None:
    """DNS rebinding: a page of rebind.evil.example, its name pointed at 127.0.0.1, reaches
    this server with its own name in Host."""
    port = server.port
    # (each refusal is a log line, and the log takes 30 a minute from one address)
    for host in (f"rebind.evil.example:{port}", "rebind.evil.example", f"127.0.0.1:{port + 1}",
                 "127.0.0.1", f"127.0.0.2:{port}", f"localhost.:{port}", ""):
        assert request(port, "/", {"Host": host})[0] == 403, host
    for path in ("/game/1", "/main.dart.js", "/board", "/board/1/state.json"):
        assert request(port, path, {"Host": f"rebind.evil.example:{port}"})[0] == 403, path
    assert websocket_status(port, {"Host": f"rebind.evil.example:{port}",
                                   "Origin": f"http://rebind.evil.example:{port}"}) == 403
    # two Host headers: which one a proxy would read is anyone's guess
    assert raw_request(port, f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nHost: "
                             f"evil.example:{port}\r\n\r\n".encode()) == 403
    # a person who typed the machine's name is told, in their language, what to type
    con = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    con.request("GET", "/", headers={"Host": f"mypc.local:{port}", "Accept-Language": "nb"})
    answer = con.getresponse()
    assert answer.status == 403
    assert answer.read().decode() == ("Denne appen svarer bare på sine egne adresser: "
                                      f"http://127.0.0.1:{port}, http://[::1]:{port}, "
                                      f"http://localhost:{port}.\n")
    con.close()
    # this machine's own names, in any case
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LocalHost:{port}",
                 f"[::1]:{port}"):
        assert request(port, "/", {"Host": host})[0] == 200, host
    assert request(port, "/board", {"Host": f"localhost:{port}"})[0] == 200
    log = server.log.read_text(errors="replace")
    assert (f"refused 127.0.0.1: GET /game/1 for host 'rebind.evil.example:{port}', "
            "not a name of this server") in log


def test_a_page_of_another_origin_cannot_open_the_websocket(server: AppServer) -> None:
    """Without --lan no token is asked on loopback: the Origin is what keeps another site's
    page (another port or loopback address of this machine included) out."""
    port = server.port
    for origin in ("http://evil.example", f"http://127.0.0.5:{port}", "http://127.0.0.1:8625",
                   f"https://127.0.0.1:{port}", f"http://localhost:{port}", "null"):
        assert websocket_status(port, {"Origin": origin}) == 403, origin
    assert websocket_status(port, {"Origin": None}) == 403
    assert websocket_status(port) == 101
    assert websocket_status(port, {"Host": f"localhost:{port}",
                                   "Origin": f"http://localhost:{port}"}) == 101
    # a plain request that names another site's page is refused too
    assert request(port, "/", {"Origin": "http://evil.example"})[0] == 403
    assert request(port, "/", {"Origin": f"http://127.0.0.1:{port}"})[0] == 200
    log = server.log.read_text(errors="replace")
    assert (f"refused 127.0.0.1: websocket /ws from 'http://evil.example', not a page of "
            f"127.0.0.1:{port}") in log


# --- 2. the network listener asks the token however its address was written -----------------


@pytest.mark.parametrize("written", ["127.0.0.02", "2130706434", "0x7f000002", "127.2",
                                     "localhost", "192.168.1.20, phone.example", "0.0.0.0"])
def test_lan_addresses_must_be_ip_addresses(tmp_path: Path, written: str) -> None:
    """The resolver reads each of these as an address, so the listener would open; but the
    phones and the gate would know it under another spelling."""
    done = subprocess.run(
        [sys.executable, "-m", "companion", "serve", "--port", str(free_port()),
         "--data", str(tmp_path / "data")],
        check=False, cwd=REPO, capture_output=True, text=True, timeout=30,
        env={**_clean_env(), "GNAV_LAN_ADDRESSES": written},
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stdout == ""
    assert done.stderr.startswith("Gnav Companion cannot start: GNAV_LAN_ADDRESSES: '")
    assert done.stderr.count("\n") == 1


def _clean_env() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items()
            if k not in ("FLET_APP_STORAGE_DATA", "GNAV_LAN_ADDRESSES")}


@pytest.fixture
def long_ipv6(tmp_path: Path) -> Iterator[TerminalServer]:
    """Loopback server with the setting on and the network address written the long way."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "sharing.json").write_text(json.dumps({"lan": True}))
    srv = TerminalServer(data, ["--host", "127.0.0.1"],
                         env={"GNAV_LAN_ADDRESSES": "0:0:0:0:0:0:0:1"})
    srv.start()
    yield srv
    srv.stop()


def test_the_network_listener_asks_the_token_however_its_address_is_written(
    long_ipv6: TerminalServer,
) -> None:
    """`0:0:0:0:0:0:0:1` is ::1 written out: a plain IP address, accepted. The listener it
    opens is the network's, so whoever comes in through it needs the token, although the
    kernel names that address `::1`."""
    srv, port = long_ipv6, long_ipv6.port
    token = srv.wait_terminal(TOKEN).group(1)
    status, headers = request(port, "/", address="::1")
    assert (status, headers.get("location")) == (303, "/board")
    assert f"On the network: http://[::1]:{port} " in srv.terminal_text()
    assert f"Referee link (keep it to yourself): http://[::1]:{port}/?token=" \
        in srv.terminal_text()
    assert request(port, "/board", address="::1")[0] == 200
    assert request(port, "/", {"Cookie": f"gnav_referee_{port}={token}"}, address="::1")[0] == 200
    # this machine's own listener stays as it was
    assert request(port, "/")[0] == 200


def test_the_token_is_asked_by_the_address_the_socket_was_bound_to(tmp_path: Path) -> None:
    """`--host ""` binds every address, as 0.0.0.0 does: written so, it was taken for
    loopback and served the controls to the network without the token."""
    srv = TerminalServer(tmp_path / "data", ["--host", ""])
    srv.start()
    try:
        srv.wait_terminal(TOKEN)
        status, headers = request(srv.port, "/")
        assert (status, headers.get("location")) == (303, "/board")
    finally:
        srv.stop()


# --- 3. the referee's cookie among its neighbours ----------------------------------------------


def test_the_referee_cookie_is_found_among_any_neighbours(lan_server: LanServer) -> None:
    port, token = lan_server.port, lan_server.token
    mine = f"gnav_referee_{port}={token}"
    for header in (f"theme=dark mode; {mine}", f'prefs={{"a": 1}}; {mine}',
                   f"name=Bjørn; {mine}", f"{mine}; name=Bjørn",
                   f"gnav_referee_{port}=an-old-one; {mine}", f"{mine}; gnav_referee_{port}=an-old-one",
                   f'gnav_referee_{port}="{token}"'):
        status, _headers = request(port, "/", {"Cookie": header})
        assert status == 200, header
        assert websocket_status(port, {"Cookie": header}) == 101, header
    # a wrong value stays wrong wherever it sits
    for header in (f"gnav_referee_{port}=nope; theme=dark mode", f"x{mine}", f"{mine}x",
                   f"other={token}"):
        assert request(port, "/", {"Cookie": header})[0] == 303, header


# --- 6. the log is the referee's terminal ---------------------------------------------------


@pytest.fixture(scope="module")
def logged_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LanServer]:
    """A --lan server of its own: the rate limit counts every line from 127.0.0.1."""
    srv = LanServer(tmp_path_factory.mktemp("gnav-log") / "data").start()
    yield srv
    srv.stop()


def test_what_a_request_writes_reaches_the_log_escaped(logged_server: LanServer) -> None:
    port = logged_server.port
    forged = (b"/%0D%0AReferee%20link%20(keep%20it%20to%20yourself):%20http://evil.example/"
              b"x%1B[2K%1B]0;owned%07%E2%80%AE")
    head = b"GET " + forged + f" HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
    assert raw_request(port, head) == 303
    assert request(port, "/x", {"Host": "evil\x1b[2J.example"})[0] in (400, 403)
    # a forwarded address is not taken from a request on this machine
    assert request(port, "/", {"X-Forwarded-For": "10.9.9.9"})[0] == 303
    log = logged_server.log_text()
    terminal = logged_server.terminal_text()
    assert "\x1b" not in log and "\x07" not in log and "\u202e" not in log
    assert "\r" not in log
    assert all(not line.startswith("Referee link") for line in log.splitlines())
    assert terminal.count("Referee link") == 1
    assert ("sent 127.0.0.1 to the boards: GET /\\r\\nReferee link (keep it to yourself): "
            "http://evil.example/x\\x1b[2K\\x1b]0;owned\\x07\\u202e without the referee "
            "token") in log
    assert "10.9.9.9" not in log


def test_the_log_takes_a_bounded_number_of_lines_per_address(
    logged_server: LanServer,
) -> None:
    port = logged_server.port
    before = len(logged_server.log_text().splitlines())
    for number in range(80):
        assert request(port, f"/game/{number}")[0] == 303
    lines = logged_server.log_text().splitlines()[before:]
    assert 20 <= len(lines) <= 31, lines
    assert lines[-1].startswith("more refusals from 127.0.0.1 in the next ")
    assert lines[-1].endswith(" s are not logged")
